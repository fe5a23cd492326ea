import Foundation
import StrideBase
import StrideProtocol
import StrideWire

/// The methods of a family, each one use case: the dispatcher's switch hands a family's methods here whole.
extension Dispatcher {
  /// The `focus.*` methods: each one use case of `tasks`.
  func focus(_ method: Method, _ reply: Reply, _ caller: Tasks.Caller) throws -> Data {
    switch method {
    case .focusStart: try reply(Wire.FocusStart.self) { try tasks.startFocus($0, caller) }
    case .focusStop: try reply(Wire.FocusStop.self) { try tasks.stopFocus($0, caller) }
    case .focusPause: try reply(Wire.FocusPause.self) { _ in try tasks.pauseFocus(true, caller) }
    case .focusResume: try reply(Wire.FocusResume.self) { _ in try tasks.pauseFocus(false, caller) }
    case .focusExtend: try reply(Wire.FocusExtend.self) { try tasks.extendFocus($0, caller) }
    case .focusGet: try reply(Wire.FocusGet.self) { _ in try tasks.focus(caller) }
    default: throw StrideError(.internalError, "\(method.rawValue) is not a focus method")
    }
  }
}
