import Foundation
import StrideBase

/// A focus session: a person working on a task, or on one of its steps, for a timebox they can see passing.
///
/// A task keeps its sessions, oldest first; at most one session of all a person's tasks runs at a time (the rule is
/// `TaskRules`'s). The time a session counts is the time it ran, less its pauses and less the time the machine was
/// asleep or its clock jumped (`uncountedSeconds`, which the daemon measures against a clock that does not run in a
/// suspend). None of this reads a clock: every instant is given.
public struct FocusSession: Equatable, Sendable {
  /// A stretch of a session on hold; `to` is nil while it lasts.
  public struct Pause: Equatable, Sendable {
    public var from: Date
    public var to: Date?

    public init(from: Date, to: Date? = nil) {
      self.from = from
      self.to = to
    }
  }

  /// The step it is on (from 1), when started on one step; nil: the whole task, whose next open step is the one
  /// to do at each moment.
  public var step: Int?
  public var startedAt: Date
  /// One box, in seconds: what "keep going" adds.
  public var boxSeconds: Int
  /// The whole timebox in seconds: the first box and every one added since.
  public var timeboxSeconds: Int
  public var pauses: [Pause]
  /// Time inside the session that is not counted: the machine asleep, or the clock set forward (negative when it
  /// was set back: the time awake the clock lost).
  public var uncountedSeconds: Int
  public var endedAt: Date?
  public var ending: FocusEnding?

  public init(
    step: Int? = nil, startedAt: Date, boxSeconds: Int, timeboxSeconds: Int? = nil, pauses: [Pause] = [],
    uncountedSeconds: Int = 0, endedAt: Date? = nil, ending: FocusEnding? = nil
  ) {
    self.step = step
    self.startedAt = startedAt
    self.boxSeconds = boxSeconds
    self.timeboxSeconds = timeboxSeconds ?? boxSeconds
    self.pauses = pauses
    self.uncountedSeconds = uncountedSeconds
    self.endedAt = endedAt
    self.ending = ending
  }

  /// The same session with no time measured as not counted: what a person changed of it.
  public var ignoringUncounted: FocusSession {
    var session = self
    session.uncountedSeconds = 0
    return session
  }

  /// Whether it still runs (paused or not).
  public var isRunning: Bool { endedAt == nil }

  /// Whether it is on hold.
  public var isPaused: Bool { pauses.last.map { $0.to == nil } ?? false }

  /// The seconds spent paused up to `instant`.
  public func pausedSeconds(at instant: Date) -> Int {
    pauses.reduce(0) { total, pause in
      let end = min(pause.to ?? instant, instant)
      return total + max(0, Int(end.timeIntervalSince(pause.from).rounded()))
    }
  }

  /// The time it counts, in seconds, at `instant` (its end once it has ended): never less than none.
  public func spentSeconds(at instant: Date) -> Int {
    let end = endedAt.map { min($0, instant) } ?? instant
    let span = Int(end.timeIntervalSince(startedAt).rounded())
    return max(0, span - pausedSeconds(at: end) - uncountedSeconds)
  }

  /// The seconds left of the timebox at `instant`; none once it is used up.
  public func leftSeconds(at instant: Date) -> Int {
    max(0, timeboxSeconds - spentSeconds(at: instant))
  }

  /// When the timebox runs out at the pace of `instant`: nil while paused or once ended.
  public func timeboxEnd(at instant: Date) -> Date? {
    guard isRunning, !isPaused else { return nil }
    return instant.addingTimeInterval(TimeInterval(timeboxSeconds - spentSeconds(at: instant)))
  }
}

/// A session as it stands at one moment, with its task: what a reply about the running session is made of.
public struct RunningFocus: Equatable, Sendable {
  public var task: StrideTask
  public var session: FocusSession
  public var at: Date

  public init(task: StrideTask, session: FocusSession, at: Date) {
    self.task = task
    self.session = session
    self.at = at
  }

  /// When what it says next changes: the next whole minute of the time left, or the end of the timebox.
  public var nextChange: Date? {
    guard session.isRunning, !session.isPaused else { return nil }
    let left = session.leftSeconds(at: at)
    guard left > 0 else { return nil }
    let toNextMinute = left % Seconds.perMinute == 0 ? Seconds.perMinute : left % Seconds.perMinute
    return at.addingTimeInterval(TimeInterval(toNextMinute))
  }
}

extension StrideTask {
  /// The session that runs on this task, if one does.
  public var runningFocus: FocusSession? {
    guard let last = focusSessions.last, last.isRunning else { return nil }
    return last
  }

  /// The step a session is on at this moment: the step it was started on, else the task's next open step (nil:
  /// the task itself, which has no open step).
  public func focusStep(of session: FocusSession) -> (index: Int, subtask: Subtask)? {
    if let step = session.step, subtasks.indices.contains(step - 1) { return (step, subtasks[step - 1]) }
    return nextStep
  }

  /// Starts a session of `boxSeconds` on the task, or on its step `step`; a task put off is taken up again. A
  /// finished, waiting or blocked task, or a finished step, is refused with what to do instead.
  public mutating func startFocus(step: Int?, boxSeconds: Int, at now: Date) throws(StrideError) {
    if let running = runningFocus {
      let on = running.step.map { "step \($0) of task \(id)" } ?? "task \(id)"
      throw StrideError(.invalidTransition, "a focus session on \(on) is running already; stop it with: stride stop")
    }
    try checkFocusable(step: step)
    if status == .deferred { try resume(at: now) }
    focusSessions.append(FocusSession(step: step, startedAt: now, boxSeconds: boxSeconds))
    updatedAt = now
  }

  /// Why the task (or its step) cannot have a session now, said with what to do; nothing when it can. The step
  /// suggested instead of a finished one is the next open step.
  public func checkFocusable(step: Int?) throws(StrideError) {
    switch status {
    case .completed:
      throw StrideError(.invalidTransition, "task \(id) is done; reopen it first with: stride reopen \(id)")
    case .waiting:
      throw StrideError(
        .invalidTransition,
        "task \(id) is waiting\(waitingFor.map { " for \($0)" } ?? ""); when it can go on: stride resume \(id)")
    // Put off, it is taken up again by starting on it: the person chose it now.
    case .active, .deferred: break
    }
    if let blocker = blockedBy.first {
      throw StrideError(
        .invalidTransition,
        "task \(id) waits on task \(blocker), which is not done yet; start that one: stride start \(blocker)")
    }
    guard let step else { return }
    guard subtasks.indices.contains(step - 1) else {
      throw StrideError(.subtaskNotFound, "task \(id) has no step \(step); see its steps with: stride show \(id)")
    }
    guard !subtasks[step - 1].done else {
      let next = nextStep.map { "its next step: stride start \(id).\($0.index)" } ?? "the task: stride start \(id)"
      throw StrideError(.invalidTransition, "step \(step) of task \(id) is done already; start \(next)")
    }
  }

  /// Changes the running session with `body`, or says there is none.
  mutating func changeFocus(at now: Date, _ body: (inout FocusSession) throws(StrideError) -> Void)
    throws(StrideError)
  {
    guard var session = runningFocus else {
      throw StrideError(
        .invalidTransition, "no focus session is running on task \(id); start one with: stride start \(id)")
    }
    try body(&session)
    focusSessions[focusSessions.count - 1] = session
    updatedAt = now
  }

  /// Ends the running session (`ending` says how), adding the time it counted to the time spent on the task.
  public mutating func endFocus(_ ending: FocusEnding, at now: Date) throws(StrideError) {
    try changeFocus(at: now) { session throws(StrideError) in
      if let pause = session.pauses.last, pause.to == nil { session.pauses[session.pauses.count - 1].to = now }
      session.endedAt = max(now, session.startedAt)
      session.ending = ending
    }
    spentSeconds += focusSessions[focusSessions.count - 1].spentSeconds(at: now)
  }

  /// Ends the running session of a task that a change from elsewhere (another device) finished, or put aside: the
  /// session cannot run on what is done, put off, parked or waiting on another task.
  public mutating func settleFocus(occurrenceDone: Bool, at now: Date) {
    guard runningFocus != nil else { return }
    if status == .completed || occurrenceDone {
      try? endFocus(.finished, at: now)
    } else if status != .active || !blockedBy.isEmpty {
      try? endFocus(.stopped, at: now)
    }
  }

  /// Puts the running session on hold (`true`) or takes it off hold.
  public mutating func pauseFocus(_ paused: Bool, at now: Date) throws(StrideError) {
    let id = id
    try changeFocus(at: now) { session throws(StrideError) in
      guard session.isPaused != paused else {
        throw StrideError(
          .invalidTransition,
          paused
            ? "the focus session on task \(id) is paused already; go on with: stride resume"
            : "the focus session on task \(id) is not paused; pause it with: stride pause")
      }
      if paused {
        session.pauses.append(FocusSession.Pause(from: now))
      } else {
        session.pauses[session.pauses.count - 1].to = now
      }
    }
  }

  /// Adds `seconds` to the running session's timebox (nil: one more box of the same length).
  public mutating func extendFocus(by seconds: Int?, at now: Date) throws(StrideError) {
    try changeFocus(at: now) { session throws(StrideError) in
      // Added to what is spent when the box has run out: "keep going" means that much more from now.
      session.timeboxSeconds =
        max(session.timeboxSeconds, session.spentSeconds(at: now)) + (seconds ?? session.boxSeconds)
    }
  }
}
