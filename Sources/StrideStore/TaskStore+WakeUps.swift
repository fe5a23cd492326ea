import Foundation
import StrideBase
import StrideModel

/// Wake-ups: the moments a task's standing changes by the clock alone (a deferral ends, a follow-up or a start time
/// comes, a due time arrives, a routine moves on), announced as changes.
extension TaskStore {
  /// Announces every wake-up due by `now` (deferrals that end, follow-ups, start and due times that arrive, routines
  /// that move on) as one change per task, recorded in the history but not undoable, and returns them.
  @discardableResult
  public func wake(at now: Date) throws(StrideError) -> [WakeUp] {
    try wake(lookingAhead: now).due
  }

  /// `wake(at:)`, and the earliest wake-up still to come after it: the wake timer's one question, answered with one
  /// look at each open task when nothing is due (the timer asks after every change that moves a wake-up).
  public func wakeAndFindNext(at now: Date) throws(StrideError) -> WakeUp? {
    try wake(lookingAhead: now).next
  }

  /// The earliest wake-up still to come, if any.
  public var nextWakeUp: WakeUp? {
    openByID.wakeUps(by: .distantPast, fallback: energyFallback).next
  }

  /// How a wake-up's row of the history says what happened: "came back: its deferral ended", "came due".
  static func phrase(_ wakeUps: [WakeUp]) -> String {
    WakeUp.onlyDue(wakeUps) ? "came due" : "came back: " + WakeUp.reasons(wakeUps)
  }
}

extension TaskStore {
  /// The end of a no-energy pause without a time, by this store's day and settings, and the rhythm once learned.
  var energyFallback: EnergyFallback {
    var settings = EngineSettings()
    settings.noEnergyFallbackHours = noEnergyFallbackHours
    settings.dayStart = dayStart
    settings.energyRhythm = energyRhythm
    return EnergyFallback(calendar: calendar, settings: settings)
  }
}
