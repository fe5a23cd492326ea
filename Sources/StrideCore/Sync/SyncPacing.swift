import Foundation
import StrideBase

/// How writes go to one collection: how many a pass keeps in flight, learned from the server's answers and kept for
/// the daemon's life, and how a write the server was too busy for waits and is tried again within the pass.
///
/// A server that takes one write at a time per collection (Xandikos commits each PUT or DELETE to git under one lock)
/// answers writes that meet with 423 Locked or 500. Such an answer while other writes were in flight halves how many
/// go at once, down to one at a time; a run of writes without one lets one more go, up to `most`.
final class SyncPacing: Sendable {
  /// The most writes in flight at once: a server that handles requests side by side is never kept waiting on
  /// Stride, and one that takes them in turn (Radicale's storage lock) simply queues a few.
  static let most = 4
  /// How many times one write is tried before the pass gives up on it (its change waits for the next pass).
  static let tries = 4
  /// The first wait before a write is tried again; each next wait is twice as long.
  static let firstWait = 0.25
  /// The longest a pass waits for a server that asked to be left alone (`Retry-After`); one that asks for longer is
  /// tried again at a later pass, no sooner than it asked.
  static let longestWait = 10.0
  /// How many writes in a row without a busy answer let one more go at once.
  static let calmRun = 100

  private struct State {
    var limit = SyncPacing.most
    var inFlight = 0
    var calm = 0
    /// The server asked to be left alone until then (a `Retry-After` longer than a pass waits).
    var resume: Date?
  }

  private let state = Locked(State())
  /// Where a write waits for its turn when as many as the limit are in flight.
  private let turns = NSCondition()
  /// Waits this many seconds (the tests' waits pass at once).
  let pause: @Sendable (Double) -> Void

  init(pause: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }) {
    self.pause = pause
  }

  /// How many writes may be in flight at once now.
  var limit: Int { state.withLock { $0.limit } }

  /// When the server asked to be tried again, if that is later than a pass waits.
  var resume: Date? { state.withLock { $0.resume } }

  /// Makes one write, trying it again after a short wait while the server answers that it is busy. The last busy
  /// answer, when every try met one (or the server asked for a longer wait), is thrown with how many tries it had.
  func write(
    now: @Sendable () -> Date, stopping: @Sendable () -> Bool, _ make: () throws(StrideError) -> SyncWrite
  ) throws(StrideError) -> SyncWrite {
    var attempt = 1
    while true {
      let entered = enter()
      let outcome: Result<SyncWrite, StrideError>
      do throws(StrideError) { outcome = .success(try make()) } catch { outcome = .failure(error) }
      // The writes it met: those in flight when it went, or when its answer came.
      let together = max(entered, leave())
      guard case .success(.busy(let words, let retryAfter)) = outcome else {
        if case .success = outcome { calm() }
        return try outcome.get()
      }
      busy(together: together)
      let wait = max(retryAfter ?? 0, Self.firstWait * Double(1 << (attempt - 1)))
      if wait > Self.longestWait { state.withLock { $0.resume = now().addingTimeInterval(min(wait, 3600)) } }
      guard attempt < Self.tries, wait <= Self.longestWait, !stopping() else {
        throw StrideError(.syncFailed, attempt == 1 ? words : Self.insert(" \(attempt) times in a row", into: words))
      }
      pause(wait)
      attempt += 1
    }
  }

  /// Waits until fewer writes than the limit are in flight, and counts this one in: a write tried again waits its
  /// turn too, so a lowered limit holds at once (writes tried again side by side would only meet again). Returns how
  /// many are in flight with it.
  private func enter() -> Int {
    turns.lock()
    defer { turns.unlock() }
    while true {
      let together = state.withLock { state -> Int? in
        guard state.inFlight < state.limit else { return nil }
        state.inFlight += 1
        return state.inFlight
      }
      if let together { return together }
      turns.wait()
    }
  }

  /// A write's answer came: the next waiting one may go. Returns how many were in flight with it, itself included.
  private func leave() -> Int {
    let together = state.withLock { state -> Int in
      state.inFlight -= 1
      return state.inFlight + 1
    }
    turns.lock()
    turns.broadcast()
    turns.unlock()
    return together
  }

  /// A busy answer: when other writes were in flight with this one, half as many go at once from now on.
  private func busy(together: Int) {
    state.withLock { state in
      state.calm = 0
      if together > 1 { state.limit = max(1, min(state.limit, together) / 2) }
    }
  }

  /// A write the server took: a long enough run of them lets one more go at once.
  private func calm() {
    state.withLock { state in
      state.resume = nil
      state.calm += 1
      if state.calm >= Self.calmRun, state.limit < Self.most {
        state.limit += 1
        state.calm = 0
      }
    }
  }

  /// The busy answer's words with how many tries met it, before what happens next (after the first ';').
  private static func insert(_ tries: String, into words: String) -> String {
    guard let split = words.firstIndex(of: ";") else { return words + tries }
    return words[..<split] + tries + words[split...]
  }
}

/// How the daemon's sync waits: between the tries of a write the server was busy for, and before a pass that could
/// not finish is tried again. The tests pass a wait that returns at once.
public struct SyncTiming: Sendable {
  /// Waits this many seconds.
  public var pause: @Sendable (Double) -> Void
  /// How long after a pass that could not finish the next one starts; each further failure doubles it, up to the
  /// interval between passes.
  public var firstRetry: Double

  public init(
    pause: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }, firstRetry: Double = 15
  ) {
    self.pause = pause
    self.firstRetry = firstRetry
  }

  /// The wait before the next pass after `failures` in a row could not finish.
  func delay(after failures: Int, interval: Double) -> Double {
    min(interval, firstRetry * Double(1 << min(max(failures - 1, 0), 20)))
  }
}
