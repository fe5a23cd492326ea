import Foundation

/// The defer policy: what each reason does to a task, decided here once, so that a new reason is one case and the
/// compiler names every rule that must decide about it. The model, the engine, the CLI and the Now view ask these.
extension DeferReason {
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
  /// into steps\"". A no-energy deferral without a time ends on its own after `settings.noEnergyFallbackHours`. A
  /// task that comes back only after its due time says that too: "; it is due before then (Friday, end of day)".
  public func effect(for task: StrideTask, time: HumanTime, settings: EngineSettings) -> String {
    let clause = comingBack(task, time: time, settings: settings)
    // Back only after it is due: said, so a deadline is never put out of sight unawares.
    guard let back = endsOnItsOwn(settings: settings), let due = task.due, due < back else { return clause }
    return clause + "; it is due before then (\(time.describe(due)))"
  }

  /// When the deferral ends by the clock alone, if it does: its time, or a no-energy one's fallback.
  private func endsOnItsOwn(settings: EngineSettings) -> Date? {
    switch reason {
    case .noEnergy: until ?? fallbackEnd(settings)
    case .wrongTime, .notImportant: until
    case .blocked, .unsure: nil
    }
  }

  /// When a no-energy deferral without a time ends on its own.
  private func fallbackEnd(_ settings: EngineSettings) -> Date {
    at.addingTimeInterval(settings.noEnergyFallbackHours * 3600)
  }

  private func comingBack(_ task: StrideTask, time: HumanTime, settings: EngineSettings) -> String {
    switch reason {
    case .blocked:
      return "it waits"
        + (task.followUp.map { ", and Stride asks you to check on it \(time.describe($0))" } ?? "")
    case .noEnergy:
      guard let until else {
        let higher = energy.map { "when your energy is higher than \($0.rawValue)" } ?? "when you set a higher energy"
        return "it comes back \(higher), or on its own \(time.describe(fallbackEnd(settings)))"
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
