import Foundation
import StridePlatform

/// The threads connections are served on. A thread whose connection ended waits a while for the next one instead of
/// ending, so a command (one short connection) does not pay for a thread's start and end: creating one and its
/// stack, then tearing it all down again on a processor the next command wants.
///
/// At most `keptIdle` threads wait at a time, each for at most `idleFor` seconds; a connection that finds none
/// waiting gets a new thread. `stop()` ends the waiting ones at once.
final class ConnectionThreads<Work: Sendable>: @unchecked Sendable {
  // Sendable because the fields below are touched only with `condition` locked.
  private let condition = NSCondition()
  private var handed: [Work] = []
  private var waiting = 0
  private var stopping = false
  private let keptIdle: Int
  private let idleFor: TimeInterval
  private let group: DispatchGroup

  /// `group` is entered for each thread while it lives.
  init(keptIdle: Int = 4, idleFor: TimeInterval = 30, group: DispatchGroup) {
    self.keptIdle = keptIdle
    self.idleFor = idleFor
    self.group = group
  }

  /// Serves `work` on a waiting thread, or with `serve` on a new one when none waits (a thread keeps the `serve` it
  /// was started with, and holds what it holds until it ends).
  func run(_ work: Work, serve: @escaping @Sendable (Work) -> Void) {
    condition.lock()
    if waiting > handed.count {
      handed.append(work)
      condition.signal()
      condition.unlock()
      return
    }
    condition.unlock()
    group.enter()
    System.startThread { [self] in
      defer { group.leave() }
      var next: Work? = work
      while let current = next {
        serve(current)
        next = nextWork()
      }
    }
  }

  /// How many threads wait for a connection now.
  var idle: Int {
    condition.lock()
    defer { condition.unlock() }
    return waiting
  }

  /// Ends the threads waiting for work; work already handed to one is still served.
  func stop() {
    condition.lock()
    stopping = true
    condition.broadcast()
    condition.unlock()
  }

  /// The next connection for a thread whose connection ended: nil when enough threads wait already, when none comes
  /// in time, or once stopping.
  private func nextWork() -> Work? {
    condition.lock()
    defer { condition.unlock() }
    guard waiting < keptIdle else { return nil }
    waiting += 1
    defer { waiting -= 1 }
    let deadline = Date(timeIntervalSinceNow: idleFor)
    while handed.isEmpty && !stopping && condition.wait(until: deadline) {}
    return handed.isEmpty ? nil : handed.removeFirst()
  }
}
