import StrideBase
import StrideClientKit
import StrideConnection
import StrideNowView
import StridePlatform
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// Focus sessions: `start`, `stop`, `pause`, `resume` (with no id), `extend`, and `done` with no id.
extension Session {
  /// `stride start [ID | ID.N]`: a session on a task or one of its steps (no id: the first of `now`), for five
  /// minutes or `--for`. A task with no steps is asked for its very first action on a terminal (Enter skips). When
  /// one runs elsewhere, it is named; on a terminal the person is asked whether to switch, else `--switch` does.
  func start(_ args: CommandArguments<StartOptions>) throws {
    try args.noMorePositionals(than: 1, "start")
    let options = args.options
    let address = try args.positionals.isEmpty ? firstOfNow() : args.address("start", example: "stride start 12")
    var params = Wire.FocusStart.Params(
      id: address.id, step: address.step, minutes: options.minutes, switch: options.switching ? true : nil,
      firstStep: options.first)
    let asking = isatty(STDIN_FILENO) == 1 && !output.json
    // On a terminal, a session running elsewhere is asked about first, before anything else is asked or changed.
    if asking, params.switch == nil, let running = try ask(Wire.FocusGet.self, NoParams()).focus,
      running.task != address.id || running.onStep != (address.step != nil)
        || (address.step.map { $0 != running.step?.index } ?? false)
    {
      guard askToSwitch(from: running.sentence()) else { return output.say("Nothing changed; that session runs on.") }
      params.switch = true
    }
    if asking, params.firstStep == nil, address.step == nil {
      params.firstStep = try firstAction(of: address.id)
    }
    guard let result = try startSession(params, asking: asking) else {
      return output.say("Nothing changed; that session runs on.")
    }
    guard !output.json else { return output.emit(result) }
    if let switched = result.switchedFrom { output.say(Self.ended(switched, .switched)) }
    let focus = result.focus
    output.say("\(focus.sentence()) Just start.")
    output.say("When it is done: stride done. To stop here: stride stop. More time: stride extend.")
  }

  /// Says the session that runs and asks whether to switch from it; true for yes.
  private func askToSwitch(from running: String) -> Bool {
    output.say("A focus session is running already: \(running)")
    Terminal.write("Switch to this one? [y/N] ")
    return readLine()?.lowercased().hasPrefix("y") == true
  }

  /// For a task with no steps that can be started, asks for the very first physical action (Enter skips: nil).
  private func firstAction(of id: TaskID) throws -> String? {
    let task = try ask(Wire.TaskGet.self, .init(id: id)).task
    guard task.subtasks.isEmpty, task.status == .active || task.status == .deferred, task.blockedBy.isEmpty else {
      return nil
    }
    Terminal.write("What is the very first thing you will physically do? (Enter to skip) ")
    return readLine()?.trimmingWhitespace
  }

  /// Starts the session; when another runs and the person is at a terminal, asks whether to switch (nil: no).
  private func startSession(_ params: Wire.FocusStart.Params, asking: Bool) throws -> Answer<Wire.FocusResult>? {
    do {
      return try call(Wire.FocusStart.self, params)
    } catch let error {
      // One started elsewhere since the question above (or on the same task): asked about as it is named.
      guard asking, params.switch == nil, let running = Self.running(error), askToSwitch(from: running + ".") else {
        if asking, params.switch == nil, Self.running(error) != nil { return nil }
        throw error
      }
      var params = params
      params.switch = true
      return try call(Wire.FocusStart.self, params)
    }
  }

  /// What the daemon said of the session running elsewhere, when that is why a start was refused.
  private static func running(_ error: ClientError) -> String? {
    guard case .failed(let failure) = error, failure.code == .focusRunning else { return nil }
    return failure.message
  }

  /// `focus.stop` with `finish`; with no session running, the usage mistake of a `done` with no id.
  private func finishSession(example: String) throws -> Answer<Wire.FocusResult> {
    do {
      return try call(Wire.FocusStop.self, .init(finish: true))
    } catch let error {
      guard Self.noSession(error) else { throw error }
      throw UsageError("done needs a task id when no focus session is running, like: \(example)")
    }
  }

  private static func noSession(_ error: ClientError) -> Bool {
    guard case .failed(let failure) = error else { return false }
    return failure.code == .invalidTransition && failure.message.hasPrefix("no focus session")
  }

  /// The task (or its next step) `now` puts first, for `start` with no id.
  private func firstOfNow() throws -> TaskAddress {
    // The same question `stride now` asks, so the first is the one it shows first.
    let now = try ask(Wire.NowList.self, .init(terms: false))
    guard let first = now.suggestions.first else {
      throw ClientError.failed(
        StrideError(
          .invalidTransition,
          "nothing is ready to start right now; see why with: stride now --all, or start a task by its id: "
            + "stride start 12"))
    }
    return TaskAddress(id: first.task.id, step: nil)
  }

  /// `stride stop`: the session ends, and what it counted is said. Stopping is a fine answer.
  func stop(_ args: CommandArguments<NoOptions>) throws {
    try args.noMorePositionals(than: 0, "stop")
    let result = try call(Wire.FocusStop.self, .init())
    output.report(Self.ended(result.focus, .stopped), json: result)
  }

  /// `stride pause`: the session on hold; nothing counts until `stride resume`.
  func pause(_ args: CommandArguments<NoOptions>) throws {
    try args.noMorePositionals(than: 0, "pause")
    let result = try call(Wire.FocusPause.self, NoParams())
    output.report(
      "Paused the focus session on \(result.focus.what), with \(result.focus.left(sayingPaused: false)). Go on with: "
        + "stride resume", json: result)
  }

  /// `stride resume` with no id: a paused session goes on.
  func resumeFocus() throws {
    let result = try call(Wire.FocusResume.self, NoParams())
    output.report(result.focus.sentence(), json: result)
  }

  /// `stride extend [--for 10m]`: more time, one more box unless `--for` says how much.
  func extend(_ args: CommandArguments<ExtendOptions>) throws {
    try args.noMorePositionals(than: 0, "extend")
    let result = try call(Wire.FocusExtend.self, .init(minutes: args.options.minutes))
    output.report("Keep going: \(result.focus.left()) on \(result.focus.what).", json: result)
  }

  /// `stride done` with no id during a session: what it is on is done, and it ends.
  func doneFocus(example: String) throws {
    let result = try finishSession(example: example)
    guard !output.json else { return output.emit(result) }
    let task = result.task
    if let step = result.finishedStep {
      output.say("Done: step \(task.id).\(step.index), \"\(step.title)\".")
      if task.status == .completed { output.say("That was the last step, so \(Output.name(task)), is done too.") }
    } else {
      output.say("Done: \(Output.name(task)).")
    }
    output.say(Self.ended(result.focus, .finished))
    if task.status != .completed, let next = task.nextStep {
      output.say("Next step \(task.id).\(next.index): \(next.title). To go on with it: stride start \(task.id)")
    }
  }

  /// A session on the task that goes on after one of its steps was finished (one it was not started on); nil when
  /// none runs on it.
  static func goesOn(_ task: Wire.Task) -> String? {
    guard task.focusSessions.last.map({ $0.endedAt == nil }) == true, task.status != .completed else { return nil }
    return "The focus session on task \(task.id) goes on; to stop here: stride stop."
  }

  /// A session that ended, in a sentence: "Stopped focusing on task 12: write the speech, after 7 minutes."
  static func ended(_ focus: Wire.Focus, _ ending: FocusEnding) -> String {
    let sentence = ended(focus.what, spentSeconds: focus.spentSeconds, focus.ending ?? ending)
    // The time the computer slept through it is said, so the time spent is believed.
    guard let asleep = focus.uncountedSeconds, asleep >= Seconds.perMinute else { return sentence }
    return sentence + " Not counted: \(Minutes.spoken(asleep / Seconds.perMinute)) while the computer slept."
  }

  /// The same, for a session `task` keeps, when the change that made `task` ended it (finishing what it was on).
  static func endedNow(in task: Wire.Task) -> String? {
    guard let last = task.focusSessions.last, let ending = last.ending, last.endedAt == task.updatedAt else {
      return nil
    }
    return ended("task \(task.id): \(task.title)", spentSeconds: last.spentSeconds, ending)
  }

  private static func ended(_ what: String, spentSeconds: Int, _ ending: FocusEnding) -> String {
    let after = "after \(Minutes.spoken(seconds: spentSeconds))"
    return switch ending {
    case .finished: "Finished focusing on \(what), \(after)."
    case .switched: "Switched away from \(what), \(after)."
    case .interrupted: "The focus session on \(what) ended at the last moment Stride knew it was running, \(after)."
    case .stopped: "Stopped focusing on \(what), \(after)."
    }
  }
}
