import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// Focus sessions: a start, a stop, a pause, more time, and what runs now.
extension Tasks {
  /// Starts a session on a task or one of its steps. A task with no steps may be given its very first action: it
  /// becomes step 1, and the task itself step 2 (finishing the first action does not finish the task), in the same
  /// commit as the start. Another session running is named, and ended only when `switch` asks.
  func startFocus(_ params: Wire.FocusStart.Params, _ caller: Caller) throws(StrideError) -> Wire.FocusResult {
    let box = try Self.boxSeconds(params.minutes)
    let first = try params.firstStep.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap {
      text throws(StrideError) in text.isEmpty ? nil : try StrideTask.checkedTitle(text)
    }
    return try locked(caller) { store throws(StrideError) in
      try store.batch { () throws(StrideError) in
        // A first action is for a task with no steps: one with some is started on its next.
        if first != nil, case let task = try store.task(params.id, at: caller.now), !task.subtasks.isEmpty {
          let next =
            task.nextStep.map { "its next one: stride start \(task.id).\($0.index)" } ?? "it: stride start \(task.id)"
          throw StrideError.invalid("task \(task.id) has steps already, so it needs no first action; start \(next)")
        }
        let running = store.runningFocus(at: caller.now)
        var task = try store.apply(
          .focus(params.id, .start(step: params.step, boxSeconds: box, switching: params.switch == true)),
          at: caller.now)
        if let first {
          try store.apply(.addStep(task.id, title: first), at: caller.now)
          task = try store.apply(.addStep(task.id, title: task.title), at: caller.now)
        }
        let switched = try running.flatMap { running throws(StrideError) -> Wire.Focus? in
          let after = running.task.id == task.id ? task : try store.task(running.task.id, at: caller.now)
          guard let ended = after.focusSessions.dropLast(after.id == task.id ? 1 : 0).last else { return nil }
          return Wire.Focus(RunningFocus(task: after, session: ended, at: caller.now), saying: caller.speaker)
        }
        return try focusResult(task, caller, switchedFrom: switched, addedStep: first == nil ? nil : 1)
      }
    }
  }

  /// Ends the running session; with `finish`, what it is on is done first (its step, or the task when it has no
  /// open step).
  func stopFocus(_ params: Wire.FocusStop.Params, _ caller: Caller) throws(StrideError) -> Wire.FocusResult {
    let ending = params.finish == true ? .finished : params.ending ?? .stopped
    guard ending == .stopped || ending == .finished else {
      throw StrideError(
        .invalidParams, "'ending' must be stopped or finished, not \(ending.rawValue)", param: "ending")
    }
    // One commit: the step done and the session ended, or neither.
    return try locked(caller) { store throws(StrideError) in
      try store.batch { () throws(StrideError) in
        let running = try Self.running(store, at: caller.now)
        var task = running.task
        var finished: SuggestionStep?
        if params.finish == true {
          if let step = task.focusStep(of: running.session) {
            finished = SuggestionStep(index: step.index, title: step.subtask.title)
            task = try store.apply(.completeStep(task.id, index: step.index), at: caller.now)
          } else {
            task = try store.apply(.complete(task.id), at: caller.now)
          }
        }
        // Finishing what it was on may have ended it already (its step, or the task).
        if task.runningFocus != nil {
          task = try store.apply(.focus(task.id, .end(ending)), at: caller.now)
        }
        return try focusResult(task, caller, finishedStep: finished)
      }
    }
  }

  /// The running session on hold (`true`), or going on.
  func pauseFocus(_ paused: Bool, _ caller: Caller) throws(StrideError) -> Wire.FocusResult {
    try changeFocus(caller) { _ throws(StrideError) in .pause(paused) }
  }

  /// More time for the running session: `minutes`, else one more box of its own length.
  func extendFocus(_ params: Wire.FocusExtend.Params, _ caller: Caller) throws(StrideError) -> Wire.FocusResult {
    let seconds = try params.minutes.map { minutes throws(StrideError) in try Self.boxSeconds(minutes) }
    return try changeFocus(caller) { _ throws(StrideError) in .extend(seconds: seconds) }
  }

  /// The running session, with its task; neither when none runs.
  func focus(_ caller: Caller) throws(StrideError) -> Wire.FocusGet.Result {
    let running = try locked { store throws(StrideError) in store.runningFocus(at: caller.now) }
    return Wire.FocusGet.Result(
      focus: running.map { Wire.Focus($0, saying: caller.speaker) }, task: running.map { caller.wire($0.task) })
  }

  private func changeFocus(_ caller: Caller, _ change: (RunningFocus) throws(StrideError) -> FocusChange)
    throws(StrideError) -> Wire.FocusResult
  {
    try locked(caller) { store throws(StrideError) in
      let running = try Self.running(store, at: caller.now)
      let task = try store.apply(.focus(running.task.id, try change(running)), at: caller.now)
      return try focusResult(task, caller)
    }
  }

  /// The reply about `task`'s latest session, as it stands after a change.
  private func focusResult(
    _ task: StrideTask, _ caller: Caller, switchedFrom: Wire.Focus? = nil, addedStep: Int? = nil,
    finishedStep: SuggestionStep? = nil
  ) throws(StrideError) -> Wire.FocusResult {
    guard let session = task.focusSessions.last else {
      throw StrideError(.internalError, "task \(task.id) has no focus session after a change to one")
    }
    return Wire.FocusResult(
      focus: Wire.Focus(RunningFocus(task: task, session: session, at: caller.now), saying: caller.speaker),
      task: caller.wire(task), switchedFrom: switchedFrom, addedStep: addedStep, finishedStep: finishedStep)
  }

  /// The session that runs, or the sentence for when none does.
  private static func running(_ store: TaskStore, at now: Date) throws(StrideError) -> RunningFocus {
    guard let running = store.runningFocus(at: now) else {
      throw StrideError(
        .invalidTransition, "no focus session is running; start one with: stride start, or stride start ID")
    }
    return running
  }

  /// A timebox of `minutes` in seconds (the default box when nil), or the sentence that says what is valid.
  static func boxSeconds(_ minutes: Int?) throws(StrideError) -> Int {
    let minutes = minutes ?? FocusLimits.defaultBoxMinutes
    guard (1...FocusLimits.maximumBoxMinutes).contains(minutes) else {
      throw StrideError(
        .invalidParams,
        "'minutes' must be between 1 and \(FocusLimits.maximumBoxMinutes) (12 hours), not \(minutes)",
        param: "minutes")
    }
    return minutes * Seconds.perMinute
  }
}

/// What the daemon's focus timer asks of the tasks.
extension Tasks {
  /// The running session as it stands at `now`.
  func runningFocus(at now: Date) -> RunningFocus? {
    store.locked { $0.runningFocus(at: now) }
  }

  /// Time inside task `id`'s running session that is not counted (negative: counted after all), and the moment it
  /// was known to run.
  func uncount(_ seconds: Int, on id: TaskID, seenAt now: Date) throws(StrideError) {
    try locked { store throws(StrideError) in
      try store.uncount(seconds, on: id)
      try store.noteFocusSeen(now)
    }
  }

  /// The timebox whose end was last announced (kept across restarts), and keeping a new one.
  func focusTold() -> String? { (try? locked { store throws(StrideError) in try store.focusTold() }) ?? nil }

  func noteFocusTold(_ told: String, at now: Date) {
    try? locked { store throws(StrideError) in try store.noteFocusTold(told, at: now) }
  }

  /// The last moment a session was known to run, and the session that runs now: read at start-up.
  func focusAtStart(_ now: Date) throws(StrideError) -> (running: RunningFocus, seen: Date)? {
    try locked { store throws(StrideError) in
      guard let running = store.runningFocus(at: now) else { return nil }
      let session = running.session
      // Its own moments count too: a session started (or paused, or let go on) after the last note.
      let moments = [session.startedAt] + session.pauses.flatMap { [$0.from, $0.to].compactMap { $0 } }
      return (running, ([try store.focusSeen()].compactMap { $0 } + moments).max() ?? session.startedAt)
    }
  }

  /// Ends the running session at `seen`, the last moment it was known to run: the daemon was not running after it.
  func endInterrupted(_ id: TaskID, at seen: Date) throws(StrideError) {
    _ = try apply(.focus(id, .end(.interrupted)), Caller(now: seen))
  }
}
