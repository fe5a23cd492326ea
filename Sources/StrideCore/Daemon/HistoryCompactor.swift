import Foundation
import StrideBase
import StrideStore

/// Compacts the history older than `undo` reaches (`history.undoDays`) and gives the space back, in small steps
/// between requests: each step (500 rows cut down, or 512 KB given back) holds the store's lock for a few
/// milliseconds, then lets go, so a request waits at most one step. It looks every hour, and after a step that
/// left work to do, again a moment later. A store made before schema 16 is rewritten once (one `VACUUM`, which
/// turns on the incremental vacuum) when compaction has left more than half of it free.
final class HistoryCompactor: Sendable {
  /// How long between looks when nothing is left to do.
  static let restSeconds = 3600.0
  /// How long between steps while work is left: long enough that requests get the lock in between.
  static let stepSeconds = 0.02
  /// The first look after start-up: start-up is not slowed.
  static let firstSeconds = 30.0

  let tasks: Tasks
  let undoDays: Double
  let clock: @Sendable () -> Date
  private let queue = DispatchQueue(label: "stride.history")
  private let stopped = Locked(false)

  init(tasks: Tasks, undoDays: Double, clock: @escaping @Sendable () -> Date) {
    (self.tasks, self.undoDays, self.clock) = (tasks, undoDays, clock)
  }

  func start() { schedule(after: Self.firstSeconds) }

  func stop() {
    stopped.withLock { $0 = true }
    queue.sync {}
  }

  private func schedule(after seconds: Double) {
    queue.asyncAfter(deadline: .now() + seconds) { [weak self] in
      guard let self, !stopped.withLock({ $0 }) else { return }
      let more = (try? step()) ?? false
      schedule(after: more ? Self.stepSeconds : Self.restSeconds)
    }
  }

  /// One step: rows cut down, or free pages given back, or the one VACUUM of an older store. Whether work is left.
  @discardableResult
  func step() throws(StrideError) -> Bool {
    let (undoDays, now) = (undoDays, clock())
    return try tasks.locked { store throws(StrideError) -> Bool in
      if try store.compactHistory(undoDays: undoDays, at: now) == TaskStore.compactionBatch { return true }
      guard try store.incrementalVacuum else {
        if try !store.historyToCompact(undoDays: undoDays, at: now), try store.freePages() * 2 > store.pages() {
          try store.vacuumWhole()
        }
        return false
      }
      return try store.vacuumStep() > 0
    }
  }
}
