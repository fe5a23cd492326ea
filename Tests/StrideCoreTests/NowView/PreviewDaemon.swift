import Foundation

@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideNowView
@testable import StrideProtocol
@testable import StrideWire

/// The daemon's side of the Now view's previews, for tests: a dispatcher (Saturday 2026-11-21 09:00) answering on
/// a connection that asked for words in `timeZone`, as `stride` does.
struct PreviewDaemon {
  let dispatcher: Dispatcher
  let session = ConnectionSession()

  init(timeZone: String = "UTC") throws {
    dispatcher = try TestDispatcher.make()
    let context = ClientContext.Params(timeZone: timeZone, said: true)
    _ = dispatcher.respond(
      to: try ClientContext.requestLine(id: .number(0), params: context), session: session)
  }

  /// Types `text` into the view, then answers the reading it wants, as the command does once a frame.
  func type(_ text: String, into view: inout NowView) throws {
    for character in text { _ = view.handle(.character(character)) }
    try answer(&view)
  }

  /// Gives the view the reading it wants, or the daemon's refusal as one.
  func answer(_ view: inout NowView) throws {
    guard let asked = view.readingWanted else { return }
    switch asked {
    case .readTime(let words):
      let params = TimeParse.Params(text: words, reading: .moment, dayAlone: .dayStart)
      view.read(asked, as: try reading(TimeParse.self, params) { .time($0.said.at ?? "") })
    case .readCapture(let text):
      view.read(asked, as: try reading(Wire.TaskCapture.self, .init(text: text, dryRun: true)) { .draft($0.draft!) })
    }
  }

  /// One call through the dispatcher, as a reading: the daemon's refusal is its sentence.
  private func reading<M: WireMethod>(
    _: M.Type, _ params: M.Params, _ read: (M.Result) -> NowView.Reading
  ) throws -> NowView.Reading {
    let line = try M.requestLine(id: .number(1), params: params)
    let reply = try JSONDecoder().decode(JSONValue.self, from: dispatcher.respond(to: Array(line), session: session))
    if case .string(let message)? = reply["error"]?["message"] { return .refused(message.sentenceStart + ".") }
    return read(try JSONDecoder().decode(M.Result.self, from: JSONEncoder().encode(reply["result"])))
  }
}
