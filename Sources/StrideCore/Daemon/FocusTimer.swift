import Foundation
import StrideBase
import StrideModel

/// Keeps the running focus session honest and announced. Every half minute while one runs (and at the end of its
/// timebox) it compares how far the wall clock moved with how far a clock that stops in a suspend did
/// (CLOCK_MONOTONIC): what the wall clock ran ahead is time the machine slept, or a clock set forward, and is not
/// counted (set back, the time awake the clock lost is counted). It notes the moment in the store, the last one known
/// should the daemon be killed, and it announces the end of each timebox once.
final class FocusTimer: Sendable {
  /// How often a running session is looked at when nothing else is due.
  static let interval: TimeInterval = 30
  /// Less than this between the two clocks is the time a look took, not a sleep.
  static let slack = 5
  /// After a restart, a session whose last known moment is longer ago than this ends there; a shorter gap (a crash
  /// and a start on demand) is counted, and it runs on.
  static let restartGrace: TimeInterval = 120

  private struct Reading {
    var task: TaskID
    var wall: Date
    var awake: Double
    /// When the moment was last noted in the store.
    var noted: Date
  }

  private struct State {
    var reading: Reading?
    /// The timebox whose end was announced: its task, start and length (`FocusTimer.told`), kept in the store too.
    var announced: String?
  }

  private let timer = WakeTimer(longestSleep: FocusTimer.interval)
  private let state = Locked(State())
  private let tasks: Tasks
  private let clock: @Sendable () -> Date
  private let awake: @Sendable () -> Double
  private let timeUp: @Sendable (RunningFocus) -> Void

  /// - Parameters:
  ///   - clock: the daemon's wall clock; `awake`: seconds on a clock that stops while the machine sleeps.
  ///   - timeUp: announces the end of a timebox (an event, a reminder).
  init(
    tasks: Tasks, clock: @escaping @Sendable () -> Date, awake: @escaping @Sendable () -> Double,
    timeUp: @escaping @Sendable (RunningFocus) -> Void
  ) {
    self.tasks = tasks
    self.clock = clock
    self.awake = awake
    self.timeUp = timeUp
  }

  /// Settles a session the daemon was not running for, then starts the timer's thread. Returns what happened to a
  /// session that was running, as a sentence for the log (nil: none was).
  @discardableResult
  func start() -> String? {
    let told = tasks.focusTold()
    state.withLock { $0.announced = told }
    let said = try? settleAfterRestart(at: clock())
    timer.start(clock: clock) { [weak self] now in self?.look(at: now) }
    return said ?? nil
  }

  /// Makes the timer look again at once (a session started, paused, went on or was given more time).
  func poke() { timer.poke() }

  /// Notes the last moment, then stops the thread.
  func stop() {
    timer.stop()
    if let running = tasks.runningFocus(at: clock()) {
      try? tasks.uncount(0, on: running.task.id, seenAt: running.at)
    }
  }

  /// A timebox as the store keeps the last one announced: "12 1795251600 600" (task, start, length).
  static func told(_ id: TaskID, _ session: FocusSession) -> String {
    "\(id) \(Int64(session.startedAt.timeIntervalSince1970)) \(session.timeboxSeconds)"
  }

  /// A session that ran when the daemon stopped runs on when the daemon was back within `restartGrace` of its last
  /// known moment (that time counted, as a person kept working through a crash); else it ends at that moment, and
  /// the time after it, which nobody can vouch for, is not counted. A paused one stays paused.
  func settleAfterRestart(at now: Date) throws(StrideError) -> String? {
    guard let (running, seen) = try tasks.focusAtStart(now) else { return nil }
    let name = "the focus session on task \(running.task.id)"
    // Paused, nothing counts whatever happened meanwhile: it waits as it was.
    if running.session.isPaused { return "\(name) is paused, as it was when strided stopped" }
    let gap = Int(now.timeIntervalSince(seen))
    guard now.timeIntervalSince(seen) > Self.restartGrace else {
      return "\(name) runs on: strided was not running for \(plural(max(gap, 0), "second"))"
    }
    try tasks.endInterrupted(running.task.id, at: seen)
    return
      "\(name) ended at \(Timestamp(seen).rfc3339), the last moment it was known to run: strided was not running for "
      + "\(Minutes.spoken(gap / Seconds.perMinute)) after it"
  }

  /// One look at the running session at `now`: the time it slept, the moment noted, the end of its timebox
  /// announced once. Returns when to look next.
  func look(at now: Date) -> Date? {
    let awakeNow = awake()
    guard var running = tasks.runningFocus(at: now) else {
      state.withLock { $0.reading = nil }
      return nil
    }
    let id = running.task.id
    let paused = running.session.isPaused
    // What the wall clock ran ahead since the last look (only a running session's time is counted), and whether
    // to note the moment: every half minute, not at each look. A start, a pause or more time is a moment the
    // session keeps itself, and a write to the disk at each would wait on the next change's.
    let (uncounted, noting) = state.withLock { state -> (Int, Bool) in
      guard let last = state.reading, last.task == id else {
        state.reading = Reading(task: id, wall: now, awake: awakeNow, noted: now)
        return (0, false)
      }
      let gap = Int((now.timeIntervalSince(last.wall) - (awakeNow - last.awake)).rounded())
      let uncounted = abs(gap) < Self.slack || paused ? 0 : gap
      let noting = uncounted != 0 || now.timeIntervalSince(last.noted) >= Self.interval - 1
      state.reading = Reading(task: id, wall: now, awake: awakeNow, noted: noting ? now : last.noted)
      return (uncounted, noting)
    }
    if noting { try? tasks.uncount(uncounted, on: id, seenAt: now) }
    if uncounted != 0, let again = tasks.runningFocus(at: now) { running = again }
    let session = running.session
    if session.leftSeconds(at: now) == 0, !session.isPaused {
      let box = Self.told(id, session)
      let first = state.withLock { state -> Bool in
        defer { state.announced = box }
        return state.announced != box
      }
      if first {
        tasks.noteFocusTold(box, at: now)
        timeUp(running)
      }
    }
    return session.timeboxEnd(at: now).flatMap { $0 > now ? $0 : nil }
  }
}
