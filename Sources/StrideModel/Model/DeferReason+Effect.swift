import Foundation

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
  public var rule: String {
    switch self {
    case .blocked:
      "it waits, and Stride asks you to check on it in two days (or at --until); with --on ID it waits on that task"
    case .noEnergy: "it comes back when your energy is higher than now, or after a day (or at --until)"
    case .wrongTime: "it comes back at --until, which it needs, and then shows for a few hours at that time each day"
    case .unsure: "it is offered at once as \"break it into steps\"; it takes no --until"
    case .notImportant: "it comes back in a week (or at --until), valued lower"
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

/// The defer policy: what each reason does to a task, decided here once, so that a new reason is one case and the
/// compiler names every rule that must decide about it. The model, the engine, the CLI and the Now view ask these.
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

  /// How long the deferral lasts when no until-time is given; nil when something else ends it (energy, a resume,
  /// the follow-up of a blocked task, or at once).
  public var pause: TimeInterval? {
    switch self {
    case .notImportant: 7 * 86_400
    case .blocked, .noEnergy, .wrongTime, .unsure: nil
    }
  }

  /// While deferred, the task is hidden from now, except: an unsure task is offered at once, and a no-energy one
  /// without a time comes back when the energy is higher (or after the fallback). A blocked task is not deferred
  /// at all: it waits, with a follow-up.
  public enum WhileDeferred: Sendable {
    case hidden
    case offeredAtOnce
    case backWithEnergy
    case waits
  }

  public var whileDeferred: WhileDeferred {
    switch self {
    case .blocked: .waits
    case .unsure: .offeredAtOnce
    case .noEnergy: .backWithEnergy
    case .wrongTime, .notImportant: .hidden
    }
  }

  /// Whether a task back from this deferral, at the time the person chose, is boosted once as "back".
  public var resurfaces: Bool {
    switch self {
    case .noEnergy, .wrongTime: true
    case .blocked, .unsure, .notImportant: false
    }
  }

  /// Whether, once back, the task keeps to a few hours from the until-time's time of day, each day.
  public var keepsDailyWindow: Bool {
    switch self {
    case .wrongTime: true
    case .blocked, .noEnergy, .unsure, .notImportant: false
    }
  }

  /// Whether each such deferral lowers the task's value (and two of them ask whether it should stay).
  public var lowersValue: Bool {
    switch self {
    case .notImportant: true
    case .blocked, .noEnergy, .wrongTime, .unsure: false
    }
  }
}

extension Deferral {
  /// What happens next to a task under this deferral, as a clause: "it comes back when your energy is higher than
  /// low, or on its own Tuesday at 09:00", "it comes back tomorrow at 19:00", "it is offered at once as \"break it
  /// into steps\"". A no-energy deferral without a time ends on its own after `settings.noEnergyFallbackHours`.
  public func effect(for task: StrideTask, time: HumanTime, settings: EngineSettings) -> String {
    switch reason {
    case .blocked:
      return "it waits"
        + (task.followUp.map { ", and Stride asks you to check on it \(time.describe($0))" } ?? "")
    case .noEnergy:
      guard let until else {
        let fallback = at.addingTimeInterval(settings.noEnergyFallbackHours * 3600)
        let higher = energy.map { "when your energy is higher than \($0.rawValue)" } ?? "when you set a higher energy"
        return "it comes back \(higher), or on its own \(time.describe(fallback))"
      }
      return "it comes back \(time.describe(until))"
    case .wrongTime:
      guard let until else { return "it comes back when you resume it" }
      let clock = time.clock(until)
      let window = clock == "00:00" ? "" : ", and then shows for a few hours from \(clock) each day"
      return "it comes back \(time.describe(until))\(window)"
    case .unsure:
      return task.subtasks.contains(where: { !$0.done })
        ? "its next step is offered at once" : "it is offered at once as \"break it into steps\""
    case .notImportant:
      return "it comes back \(until.map(time.describe) ?? "when you resume it"), valued lower"
    }
  }
}
