import Foundation
import StrideModel
import StridePlatform
import StrideProtocol
import Synchronization

/// The prompt line kept in a file beside the socket, which `stride prompt` reads (`PromptFile`) instead of asking.
/// It is written and removed only under the store's lock: written when the plain now-list has been worked out and the
/// tasks are still as it read them, removed the moment the store's revision moves (before that change's reply), so it
/// never tells of tasks as they no longer are. Its `until` ends it when time alone may change it.
final class PromptLineFile: Sendable {
  let path: String
  /// Whether a file may be there to remove: a burst of changes costs one unlink, not one each.
  private let written = Atomic(false)

  /// Removes one a daemon that was killed may have left.
  init(path: String) {
    self.path = path
    unlink(path)
  }

  /// Keeps `line`. Not flushed to the disk: it need not outlive the daemon. A failure leaves no file (the prompt then
  /// asks the daemon).
  func write(_ line: NowPrompt.Result) {
    written.store(true, ordering: .sequentiallyConsistent)
    guard let bytes = try? JSONValueEncoder.bytes(line),
      (try? System.replaceFile(path, with: bytes + [0x0A], mode: 0o600, durable: false)) != nil
    else { return withdraw() }
  }

  /// Removes the line: it no longer holds.
  func withdraw() {
    if written.exchange(false, ordering: .sequentiallyConsistent) { unlink(path) }
  }
}

extension NowPrompt.Result {
  /// The prompt line of a now-list that holds until `until`.
  init(_ now: NowList.Result, until: Date) {
    let first = now.suggestions.first
    self.init(
      task: first?.task.id,
      title: first.map { first in first.step.map { "\(first.task.title): \($0.title)" } ?? first.task.title },
      more: max(now.suggestions.count - 1, 0), until: Timestamp(until))
  }
}
