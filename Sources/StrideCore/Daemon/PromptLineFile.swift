import Foundation
import StrideBase
import StrideJSON
import StrideModel
import StridePlatform
import StrideProtocol
import StrideWire
import Synchronization

/// The prompt line kept in a file beside the socket, which `stride prompt` reads (`PromptFile`) instead of asking.
/// It is written and removed only under the store's lock: written when the plain now-list has been worked out and the
/// tasks are still as it read them, removed the moment the store's revision moves (before that change's reply), so it
/// never tells of tasks as they no longer are. It says the moment it was worked out for and the daemon's pid, so a
/// reader leaves it alone once the clock has left its span or the daemon has died.
final class PromptLineFile: Sendable {
  let path: String
  /// Where the line is written, after the answer it comes from is kept: whoever waits for that answer (a Now view after
  /// its change) does not wait for the file too.
  let queue = DispatchQueue(label: "strided.prompt-line")
  /// Whether a file may be there to remove: a burst of changes costs one unlink, not one each.
  private let written = Atomic(false)
  /// Set when the daemon closes: an answer still being worked out then writes no file to outlive it.
  private let closed = Atomic(false)

  /// Removes one a daemon that was killed may have left.
  init(path: String) {
    self.path = path
    unlink(path)
  }

  /// Keeps `line`, worked out for the moment `from` from the tasks at `revision`, on `queue`: only if the store is
  /// still at that revision when its turn comes (a change since has removed the file, and must win).
  func keep(_ line: NowPrompt.Result, from: Date, revision: Int, tasks: Tasks) {
    queue.async { [self] in
      tasks.ifStill(at: revision) { write(line, from: from) }
    }
  }

  /// Keeps `line`, worked out for the moment `from`. Not flushed to the disk: it need not outlive the daemon. A
  /// failure leaves no file (the prompt then asks the daemon). Called under the store's lock.
  func write(_ line: NowPrompt.Result, from: Date) {
    guard !closed.load(ordering: .sequentiallyConsistent) else { return }
    written.store(true, ordering: .sequentiallyConsistent)
    guard case .object(var fields)? = try? JSONValueEncoder.encode(line) else { return withdraw() }
    fields["from"] = .string(Timestamp(from).rfc3339)
    fields["pid"] = .integer(Int64(getpid()))
    let bytes = JSONWriter.write(.object(fields)) + [0x0A]
    guard (try? System.replaceFile(path, with: bytes, mode: 0o600, durable: false)) != nil else { return withdraw() }
  }

  /// Removes the line: it no longer holds.
  func withdraw() {
    if written.exchange(false, ordering: .sequentiallyConsistent) { unlink(path) }
  }

  /// Removes the line for good: the daemon is closing.
  func close() {
    closed.store(true, ordering: .sequentiallyConsistent)
    withdraw()
  }
}
