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

  /// Whether an until-time means anything for this reason. An unsure task is offered at once, so a time for it
  /// would be a promise Stride does not keep.
  public var takesUntil: Bool { self != .unsure }

  /// Why an until-time is refused for `unsure`, with what to write instead.
  public static let unsureUntilRefusal =
    "unsure takes no until-time: a task you are unsure about is offered at once, as \"break it into steps\"; "
    + "to put it off to a time, defer it as wrong-time"
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
