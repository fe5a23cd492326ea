import StrideBase
import StrideJSON

// Focus sessions on the wire: a session as a task keeps it (`Wire.FocusSession`, in `Wire.Task.focusSessions`),
// the running one as it stands at the moment of a reply (`Wire.Focus`), and the `focus.*` methods.

extension Wire {
  /// One focus session of a task, as the task keeps it: in every reply, history row and Stride export that holds
  /// the task.
  public struct FocusSession: Sendable, Equatable {
    /// The step it is on (from 1) when it was started on one; absent: the whole task.
    public var step: Int?
    public var startedAt: Timestamp
    /// One box in seconds (what "keep going" adds), and the whole timebox with every box added.
    public var boxSeconds: Int
    public var timeboxSeconds: Int
    public var pauses: [Pause]
    /// Time inside the session not counted: the machine asleep, or its clock set forward (negative: set back).
    public var uncountedSeconds: Int
    /// The time it counted: at its end, or while it runs as of the task's last change (`Wire.Focus` has it now).
    public var spentSeconds: Int
    public var endedAt: Timestamp?
    public var ending: FocusEnding?

    public init(
      step: Int?, startedAt: Timestamp, boxSeconds: Int, timeboxSeconds: Int, pauses: [Pause], uncountedSeconds: Int,
      spentSeconds: Int, endedAt: Timestamp?, ending: FocusEnding?
    ) {
      self.step = step
      self.startedAt = startedAt
      self.boxSeconds = boxSeconds
      self.timeboxSeconds = timeboxSeconds
      self.pauses = pauses
      self.uncountedSeconds = uncountedSeconds
      self.spentSeconds = spentSeconds
      self.endedAt = endedAt
      self.ending = ending
    }

    /// A stretch on hold; `to` is absent while it lasts.
    public struct Pause: Sendable, Equatable {
      public var from: Timestamp
      public var to: Timestamp?

      public init(from: Timestamp, to: Timestamp?) {
        self.from = from
        self.to = to
      }
    }
  }

  /// The session that runs, as it stands at the moment of the reply: what it is on, the time spent and left.
  public struct Focus: Sendable, Equatable {
    public var task: TaskID
    public var title: String
    /// The step to do now (the one it was started on, else the task's next open step); absent when the task has
    /// no open step, and once it ended unless it was started on one step.
    public var step: SuggestionStep?
    /// Whether it was started on that one step (else on the whole task, whose next step follows when one is done).
    public var onStep: Bool
    public var startedAt: Timestamp
    public var boxSeconds: Int
    public var timeboxSeconds: Int
    public var spentSeconds: Int
    public var leftSeconds: Int
    public var paused: Bool
    /// When the timebox runs out at this pace; absent while paused.
    public var endsAt: Timestamp?
    /// Time not counted because the machine was asleep or its clock jumped; absent when none.
    public var uncountedSeconds: Int?
    /// Once it ended (in `focus.stop`'s reply and `focus.changed`): when, and how.
    public var endedAt: Timestamp?
    public var ending: FocusEnding?
    public var said: Said?

    public init(
      task: TaskID, title: String, step: SuggestionStep?, onStep: Bool, startedAt: Timestamp, boxSeconds: Int,
      timeboxSeconds: Int, spentSeconds: Int, leftSeconds: Int, paused: Bool, endsAt: Timestamp?,
      uncountedSeconds: Int?, endedAt: Timestamp?, ending: FocusEnding?, said: Said?
    ) {
      self.task = task
      self.title = title
      self.step = step
      self.onStep = onStep
      self.startedAt = startedAt
      self.boxSeconds = boxSeconds
      self.timeboxSeconds = timeboxSeconds
      self.spentSeconds = spentSeconds
      self.leftSeconds = leftSeconds
      self.paused = paused
      self.endsAt = endsAt
      self.uncountedSeconds = uncountedSeconds
      self.endedAt = endedAt
      self.ending = ending
      self.said = said
    }

    /// Its times in words, for a connection that asked for them.
    public struct Said: Codable, Sendable, Equatable {
      public var startedAt: String
      public var endsAt: String?
      public var endedAt: String?

      public init(startedAt: String, endsAt: String?, endedAt: String?) {
        self.startedAt = startedAt
        self.endsAt = endsAt
        self.endedAt = endedAt
      }
    }
  }

  /// What a `focus.*` change answers: the session after it, and its task.
  public struct FocusResult: Codable, Sendable, Equatable {
    public var focus: Focus
    public var task: Task
    /// `focus.start` with `switch`: the session that ended in its place.
    public var switchedFrom: Focus?
    /// `focus.start` with `firstStep`: the step it added, which the session is on.
    public var addedStep: Int?
    /// `focus.stop` with `finish`: the step it finished (absent when it finished the task itself).
    public var finishedStep: SuggestionStep?

    public init(
      focus: Focus, task: Task, switchedFrom: Focus? = nil, addedStep: Int? = nil, finishedStep: SuggestionStep? = nil
    ) {
      self.focus = focus
      self.task = task
      self.switchedFrom = switchedFrom
      self.addedStep = addedStep
      self.finishedStep = finishedStep
    }
  }

  /// `focus.start`: a session on a task, or one of its steps.
  public enum FocusStart: WireMethod {
    public static let method = Method.focusStart

    public struct Params: Codable, Sendable, Equatable {
      public var id: TaskID
      /// A step of the task (from 1); absent: the whole task.
      public var step: Int?
      /// The timebox in minutes (1 to 720); absent: five.
      public var minutes: Int?
      /// End a session running on another task (or step) and start this one; without it, that one is named and
      /// nothing changes.
      public var `switch`: Bool?
      /// The very first physical action, for a task with no steps: added as its step 1 (the task itself as step 2),
      /// the step the session is on.
      public var firstStep: String?

      public init(id: TaskID, step: Int? = nil, minutes: Int? = nil, switch: Bool? = nil, firstStep: String? = nil) {
        self.id = id
        self.step = step
        self.minutes = minutes
        self.switch = `switch`
        self.firstStep = firstStep
      }
    }
    public typealias Result = FocusResult
  }

  /// `focus.stop`: the running session ends (as `ending` says, else stopped); with `finish`, what it is on (its
  /// step, or the task when no step is open) is done as well, and it ends as finished.
  public enum FocusStop: WireMethod {
    public static let method = Method.focusStop

    public struct Params: Codable, Sendable, Equatable {
      public var finish: Bool?
      /// How it ended, when not `stopped`: `finished` when what it was on was done already (a step finished by
      /// `subtask.complete`). `finish` implies it.
      public var ending: FocusEnding?

      public init(finish: Bool? = nil, ending: FocusEnding? = nil) {
        self.finish = finish
        self.ending = ending
      }
    }
    public typealias Result = FocusResult
  }

  /// `focus.pause`: the running session on hold; nothing counts until `focus.resume`.
  public enum FocusPause: WireMethod {
    public static let method = Method.focusPause
    public typealias Params = NoParams
    public typealias Result = FocusResult
  }

  /// `focus.resume`: a paused session goes on.
  public enum FocusResume: WireMethod {
    public static let method = Method.focusResume
    public typealias Params = NoParams
    public typealias Result = FocusResult
  }

  /// `focus.extend`: more time in the running session's timebox ("keep going").
  public enum FocusExtend: WireMethod {
    public static let method = Method.focusExtend

    public struct Params: Codable, Sendable, Equatable {
      /// Minutes to add (1 to 720); absent: one more box of the session's own length.
      public var minutes: Int?

      public init(minutes: Int? = nil) { self.minutes = minutes }
    }
    public typealias Result = FocusResult
  }

  /// `focus.get`: the running session, if any, with its task.
  public enum FocusGet: WireMethod {
    public static let method = Method.focusGet
    public typealias Params = NoParams

    public struct Result: Codable, Sendable, Equatable {
      public var focus: Focus?
      public var task: Task?

      public init(focus: Focus?, task: Task?) {
        self.focus = focus
        self.task = task
      }
    }
  }
}

extension Wire.FocusSession: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a focus session")
    self.init(
      step: try field.optional("step"), startedAt: try field("startedAt"), boxSeconds: try field("boxSeconds"),
      timeboxSeconds: try field("timeboxSeconds"), pauses: try field.optional("pauses") ?? [],
      uncountedSeconds: try field.optional("uncountedSeconds") ?? 0,
      spentSeconds: try field.optional("spentSeconds") ?? 0, endedAt: try field.optional("endedAt"),
      ending: try field.optional("ending"))
  }

  public var json: JSONValue {
    .fields([
      "step": step.map { .integer(Int64($0)) }, "startedAt": startedAt.json,
      "boxSeconds": .integer(Int64(boxSeconds)), "timeboxSeconds": .integer(Int64(timeboxSeconds)),
      "pauses": .array(pauses.map(\.json)), "uncountedSeconds": .integer(Int64(uncountedSeconds)),
      "spentSeconds": .integer(Int64(spentSeconds)), "endedAt": endedAt?.json,
      "ending": ending.map { .string($0.rawValue) },
    ])
  }
}

extension Wire.FocusSession.Pause: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a pause of a focus session")
    self.init(from: try field("from"), to: try field.optional("to"))
  }

  public var json: JSONValue { .fields(["from": from.json, "to": to?.json]) }
}

extension Wire.Focus: JSONReadable, JSONWritable, JSONEncodableByHand, Codable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a focus session")
    self.init(
      task: try field("task"), title: try field("title"), step: try field.optional("step"),
      onStep: try field.optional("onStep") ?? false, startedAt: try field("startedAt"),
      boxSeconds: try field("boxSeconds"), timeboxSeconds: try field("timeboxSeconds"),
      spentSeconds: try field("spentSeconds"), leftSeconds: try field("leftSeconds"),
      paused: try field.optional("paused") ?? false, endsAt: try field.optional("endsAt"),
      uncountedSeconds: try field.optional("uncountedSeconds"), endedAt: try field.optional("endedAt"),
      ending: try field.optional("ending"), said: try field.optional("said"))
  }

  public var json: JSONValue {
    .fields([
      "task": task.json, "title": .string(title), "step": step?.json, "onStep": .bool(onStep),
      "startedAt": startedAt.json, "boxSeconds": .integer(Int64(boxSeconds)),
      "timeboxSeconds": .integer(Int64(timeboxSeconds)), "spentSeconds": .integer(Int64(spentSeconds)),
      "leftSeconds": .integer(Int64(leftSeconds)), "paused": .bool(paused), "endsAt": endsAt?.json,
      "uncountedSeconds": uncountedSeconds.map { .integer(Int64($0)) }, "endedAt": endedAt?.json,
      "ending": ending.map { .string($0.rawValue) },
      "said": said?.json,
    ])
  }
}

extension Wire.Focus.Said: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a focus session's times in words")
    self.init(
      startedAt: try field("startedAt"), endsAt: try field.optional("endsAt"), endedAt: try field.optional("endedAt"))
  }

  public var json: JSONValue {
    .fields([
      "startedAt": .string(startedAt), "endsAt": endsAt.map(JSONValue.string), "endedAt": endedAt.map(JSONValue.string),
    ])
  }
}

extension Wire.Focus {
  /// What it is on: "task 12, step 2: find the lease", or "task 12: write the speech".
  public var what: String {
    if let step { return "task \(task), step \(step.index): \(step.title)" }
    return "task \(task): \(title)"
  }

  /// The time left `elapsed` seconds after the reply: "3 minutes left", "less than a minute left", "no time left",
  /// and "paused" before it while paused (unless `sayingPaused` is false: a sentence that says so itself).
  public func left(after elapsed: Int = 0, sayingPaused: Bool = true) -> String {
    let seconds = paused ? leftSeconds : max(0, leftSeconds - elapsed)
    let minutes = Seconds.minutesRoundedUp(seconds)
    let left =
      switch (seconds, minutes) {
      case (0, _): "no time left"
      case (1..<Seconds.perMinute, _): "less than a minute left"
      default: "\(Minutes.spoken(minutes)) left"
      }
    return paused && sayingPaused ? "paused, \(left)" : left
  }

  /// The session in one sentence: "Focus on task 12, step 2: find the lease. 3 minutes left."
  public func sentence(after elapsed: Int = 0) -> String {
    let left = left(after: elapsed)
    return "Focus on \(what). \(left.prefix(1).uppercased() + left.dropFirst())."
  }

  /// The calm question when the timebox runs out: "Your 5 minutes are up on 'write the speech'. Keep going,
  /// finish, or stop here?"
  public var timeUpMessage: String {
    let box = Minutes.spoken(max(1, timeboxSeconds / Seconds.perMinute))
    let verb = box.hasPrefix("1 ") && !box.contains(text: " and ") ? "is" : "are"
    return "Your \(box) \(verb) up on '\(step?.title ?? title)'. Keep going, finish, or stop here?"
  }
}
