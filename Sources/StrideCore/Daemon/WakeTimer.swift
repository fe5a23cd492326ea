import Foundation
import StrideModel
import StrideProtocol

/// Sleeps until the next wake-up on a thread of its own, then has it announced.
///
/// Deadlines are wall-clock instants, and every sleep ends at an absolute wall-clock time (`NSCondition` waits on
/// `CLOCK_REALTIME`, which the kernel re-checks when the clock is set and on resume from suspend). Sleeps are also
/// capped at `longestSleep`, so even a missed re-check costs at most that much. A change that adds or moves a
/// wake-up pokes the timer, which then looks again.
public final class WakeTimer: @unchecked Sendable {
  // Sendable because `poked` and `stopped` are only touched with `condition` locked.
  private let condition = NSCondition()
  private var poked = false
  private var stopped = false
  private let finished = DispatchGroup()
  let longestSleep: TimeInterval

  public init(longestSleep: TimeInterval = 60) {
    self.longestSleep = longestSleep
  }

  /// Starts the thread. `fire` announces what is due at the instant it is given and returns the next deadline.
  func start(clock: @escaping @Sendable () -> Date, fire: @escaping @Sendable (Date) -> Date?) {
    finished.enter()
    Thread.detachNewThread { [self] in
      defer { finished.leave() }
      while true {
        let now = clock()
        let next = fire(now)
        condition.lock()
        defer { condition.unlock() }
        // The deadline on the system's clock, which the daemon's may run ahead of by whole seconds
        // (STRIDE_CLOCK_SHIFT); what is left is the daemon's clock rounding down, and the time `fire` took.
        let shift = Date().timeIntervalSince(now).rounded(.down)
        let limit = Date().addingTimeInterval(longestSleep)
        let deadline = next.map { min($0.addingTimeInterval(shift), limit) } ?? limit
        while !poked && !stopped && Date() < deadline {
          _ = condition.wait(until: deadline)
        }
        poked = false
        if stopped { return }
      }
    }
  }

  /// Makes the timer look for the next wake-up again (a change may have added an earlier one).
  func poke() {
    condition.lock()
    poked = true
    condition.signal()
    condition.unlock()
  }

  /// Stops the thread and waits for it to end.
  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
    _ = finished.wait(timeout: .now() + 5)
  }
}
