import Foundation
import StrideBase
import StrideStore

/// Compacts the history older than `undo` reaches (`history.undoDays`) and gives the space back, in small steps
/// between requests: each step (500 rows cut down, or 128 pages given back) holds the store's lock for a few
/// milliseconds, then lets go, so a request waits at most one step. It looks every hour, and after a step that
/// left work to do, again a moment later.
///
/// The one exception: a store made before schema 16 is rewritten once (one `VACUUM`, which turns on the incremental
/// vacuum) when compaction has left more than half of it free. That copies the whole file under the lock (seconds
/// on a year's store), so it waits until no request has come for ten minutes and the disk has room for the copy; a
/// request that comes while it runs waits for it. One that fails is logged and tried again a day later.
final class HistoryCompactor: Sendable {
  /// How long between looks when nothing is left to do.
  static let restSeconds = 3600.0
  /// How long between steps while work is left: long enough that requests get the lock in between.
  static let stepSeconds = 0.02
  /// The first look after start-up: start-up is not slowed.
  static let firstSeconds = 30.0
  /// How long without a request before the one whole rewrite of an older store.
  static let idleSeconds = 600.0
  /// How long after a failed rewrite before it is tried again.
  static let retrySeconds = 86_400.0

  let tasks: Tasks
  let undoDays: Double
  let clock: @Sendable () -> Date
  let log: Log
  private let queue = DispatchQueue(label: "stride.history")
  private let stopped = Locked(false)
  /// When the last request came, and when the whole rewrite last failed (the daemon's uptime, in seconds).
  private let lastRequest = Locked(0.0)
  private let rewriteFailed = Locked<Double?>(nil)

  init(tasks: Tasks, undoDays: Double, clock: @escaping @Sendable () -> Date, log: Log) {
    (self.tasks, self.undoDays, self.clock, self.log) = (tasks, undoDays, clock, log)
  }

  /// A request came: the whole rewrite waits for a quiet spell.
  func heard() {
    let now = Self.uptime()
    lastRequest.withLock { $0 = now }
  }

  private static func uptime() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  func start() { schedule(after: Self.firstSeconds) }

  func stop() {
    stopped.withLock { $0 = true }
    queue.sync {}
  }

  private func schedule(after seconds: Double) {
    queue.asyncAfter(deadline: .now() + seconds) { [weak self] in
      guard let self, !stopped.withLock({ $0 }) else { return }
      var more = false
      do throws(StrideError) { more = try step() } catch {
        log.info("compacting the history stopped for now: \(error.message)")
      }
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
        if try !store.historyToCompact(undoDays: undoDays, at: now), try store.freePages() * 2 > store.pages(),
          quietEnough(), Self.roomForCopy(of: store.path)
        {
          do throws(StrideError) { try store.vacuumWhole() } catch {
            rewriteFailed.withLock { $0 = Self.uptime() }
            throw error
          }
        }
        return false
      }
      return try store.vacuumStep() > 0
    }
  }

  /// No request for `idleSeconds`, and no failed rewrite in the last `retrySeconds`.
  private func quietEnough() -> Bool {
    let now = Self.uptime()
    let failed = rewriteFailed.withLock { $0 }
    return now - lastRequest.withLock({ $0 }) >= Self.idleSeconds
      && failed.map { now - $0 >= Self.retrySeconds } ?? true
  }

  /// Whether the disk holding the store has room for a copy of it (a VACUUM writes the whole file again, and its
  /// journal as much).
  private static func roomForCopy(of path: String) -> Bool {
    var disk = statvfs()
    guard statvfs(path, &disk) == 0,
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue
    else { return false }
    return Double(disk.f_bavail) * Double(disk.f_frsize) > size * 2
  }
}
