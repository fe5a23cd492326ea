import Foundation
import StrideBase

/// Work over a long list of tasks, cut in one part per processor and done side by side.
package enum SideBySide {
  /// From this many tasks a pass is shared among the processors: below it, waking the other threads costs about
  /// what they save. (The daemon's lists are mostly far shorter, and there the pass stays on the asking thread.)
  package static let from = 32_768

  /// `body` over consecutive ranges that together make `0..<count`, side by side when `count` is large; the
  /// results in the ranges' order, so joined they are what one pass over all of it gives.
  package static func parts<Part: Sendable>(of count: Int, _ body: @Sendable (Range<Int>) -> Part) -> [Part] {
    let parts = count < from ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 8)
    guard parts > 1 else { return [body(0..<count)] }
    let bounds = (0...parts).map { count * $0 / parts }
    let results = Locked([Part?](repeating: nil, count: parts))
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let result = body(bounds[part]..<bounds[part + 1])
      results.withLock { $0[part] = result }
    }
    return results.withLock { $0.map { $0! } }
  }
}
