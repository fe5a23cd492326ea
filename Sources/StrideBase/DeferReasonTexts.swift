// What each defer reason means, in the words every command and the Now view say it, and which reasons take an
// until-time: plain text and rules a client needs without the model.

/// What each defer reason means and what Stride does next: the one source of the sentences `defer`, `show`,
/// `now --all`, `why` and `help defer` print, so they never disagree. Docs/context-engine.md has the same table.
extension DeferReason {
  /// What the reason says about the task, for lists of reasons: "you do not have the energy for it now".
  public var meaning: String {
    switch self {
    case .blocked: "something else has to happen first"
    case .noEnergy: "you do not have the energy for it now"
    case .wrongTime: "now is not the moment"
    case .unsure: "you are not sure how to start"
    case .notImportant: "it matters less than it seemed"
    }
  }

  /// What happens next, as the rule (for help): "it comes back when your energy is higher, or after a day".
  public var rule: String { rule(until: "--until", on: "--on ID") }

  /// The rule with the until-time's option named as the caller names it ("--until" on the command line, "until" for
  /// an assistant's tool), and the way to wait on another task, if the caller has one.
  public func rule(until: String, on: String?) -> String {
    switch self {
    case .blocked:
      "it waits, and Stride asks you to check on it two days on, at the start of your day (or at \(until))"
        + (on.map { "; with \($0) it waits on that task" } ?? "")
    case .noEnergy:
      "it comes back when your energy is higher than now, or at the start of your day once a day has passed (or at "
        + "\(until))"
    case .wrongTime: "it comes back at \(until), which it needs, and then shows for a few hours at that time each day"
    case .unsure: "it is offered at once as \"break it into steps\"; it takes no \(until)"
    case .notImportant: "it comes back a week on, at the start of your day (or at \(until)), valued lower"
    }
  }

  /// What happens next, as the Now view's "Remind me" sheet says it: in the product's words, no command-line
  /// options.
  public var promise: String {
    switch self {
    case .blocked:
      "it waits, and Stride asks you to check on it at the time you choose (or in two days); or it waits on a task"
    case .noEnergy: "it comes back at the time you choose, or sooner when your energy is higher"
    case .wrongTime: "it comes back at the time you choose, and then shows for a few hours at that time each day"
    case .unsure: "it is offered at once as \"break it into steps\""
    case .notImportant: "it comes back at the time you choose, valued lower"
    }
  }

  /// Its title in the Now view's "Why are you deferring?" sheet, which numbers the reasons in `allCases` order.
  public var title: String {
    switch self {
    case .blocked: "Blocked"
    case .noEnergy: "No energy"
    case .wrongTime: "Wrong time"
    case .unsure: "Unsure"
    case .notImportant: "Not important"
    }
  }
}

/// Which reasons take an until-time: the one check, for the daemon and for a client before it sends.
extension DeferReason {
  /// What an until-time means for a reason.
  public enum UntilTime: Sendable {
    /// The reason means nothing without one (wrong-time: when is the right time?).
    case needed
    /// The task is offered at once, so a time would be a promise Stride does not keep (unsure).
    case refused
    /// A time ends the deferral early or late; without one the reason's own rule decides.
    case optional
  }

  public var untilTime: UntilTime {
    switch self {
    case .wrongTime: .needed
    case .unsure: .refused
    case .blocked, .noEnergy, .notImportant: .optional
    }
  }

  /// Whether an until-time means anything for this reason.
  public var takesUntil: Bool { untilTime != .refused }

  /// Why an until-time (or its absence) does not suit this reason, with what to write instead; nil when it does.
  /// The one check, for the daemon and for the CLI before it sends.
  public func untilRefusal(given: Bool) -> String? {
    switch (untilTime, given) {
    case (.needed, false):
      "\(rawValue) needs --until: when is the right time? For example: --until tonight"
    case (.refused, true):
      "\(rawValue) takes no until-time: a task you are unsure about is offered at once, as \"break it into steps\"; "
        + "to put it off to a time, defer it as wrong-time"
    case (.needed, true), (.refused, false), (.optional, _): nil
    }
  }

  /// Why waiting on another task (`--on ID`, the param `on`) does not suit this reason; nil when it does (blocked).
  /// The one check, for the daemon and for the CLI before it sends.
  public func onRefusal(given: Bool) -> String? {
    guard given, self != .blocked else { return nil }
    return "--on goes with the reason blocked (the task this one waits on), like: stride defer 12 blocked --on 7"
  }
}
