import Foundation
import StridePlatform

/// A background queue: work done one piece after another on a thread of its own at a lower priority (`niceness`),
/// such as the engine's runs after a change. On two processors such a run (a few milliseconds at 10,000 tasks) used to hold one while the
/// change's own connection held the other, so the client that had just been answered waited up to 1.7 ms for a
/// processor to read its reply (`perf sched`); at a lower priority it is set aside for the client at once. It only
/// yields: with nothing else to run it runs as fast as before, and under a full load it still gets its share. (The
/// engine's parts side by side, from 32,768 tasks, run on the system's shared threads at the usual priority.)
///
/// Linux gives each thread its own nice value, and a thread may lower its priority but not raise it again: hence a
/// thread of its own, started at the first piece of work and ended when the queue is let go of, not a shared pool's.
final class BackgroundQueue: Sendable {
  private let queue: Queue
  private let niceness: Int32

  init(niceness: Int32 = 10) {
    self.queue = Queue()
    self.niceness = niceness
  }

  deinit {
    queue.close()
  }

  /// Queues `work`; it runs after everything queued before it.
  func async(_ work: @escaping @Sendable () -> Void) {
    if queue.add(work) {
      let (queue, niceness) = (queue, niceness)
      System.startThread {
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        while let next = queue.next() {
          next()
          queue.finished()
        }
      }
    }
  }

  /// Returns once everything queued before the call has run, or, given `within`, once that long has passed:
  /// whether it all ran. Not to be called from the queue's own work.
  @discardableResult
  func waitForQueued(within seconds: TimeInterval? = nil) -> Bool {
    queue.waitForQueued(until: seconds.map { Date(timeIntervalSinceNow: $0) })
  }

  /// The pieces of work and how far the thread has got; shared with the thread, which ends once the queue is gone
  /// and nothing is left to run.
  private final class Queue: @unchecked Sendable {
    // Sendable because every field is touched only with `condition` locked.
    private let condition = NSCondition()
    private var pending: [@Sendable () -> Void] = []
    private var (queued, done) = (0, 0)
    private var started = false
    private var closed = false

    /// Adds `work`; true when the thread is yet to be started.
    func add(_ work: @escaping @Sendable () -> Void) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      pending.append(work)
      queued += 1
      condition.broadcast()
      let start = !started
      started = true
      return start
    }

    /// The next piece of work, waiting for one; nil once the queue is closed and nothing is left.
    func next() -> (@Sendable () -> Void)? {
      condition.lock()
      defer { condition.unlock() }
      while pending.isEmpty && !closed { condition.wait() }
      return pending.isEmpty ? nil : pending.removeFirst()
    }

    func finished() {
      condition.lock()
      done += 1
      condition.broadcast()
      condition.unlock()
    }

    func waitForQueued(until deadline: Date?) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      let target = queued
      while done < target {
        if let deadline {
          guard condition.wait(until: deadline) else { return done >= target }
        } else {
          condition.wait()
        }
      }
      return true
    }

    func close() {
      condition.lock()
      closed = true
      condition.broadcast()
      condition.unlock()
    }
  }
}
