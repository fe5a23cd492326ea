import Foundation
import StrideBase

/// What is owed to the person at this moment, and whose turn it is: an obligation due soon, an unsure task promised
/// at once, a task back at the time chosen, the stuck task whose turn it is, and how long each task has been out of
/// view.
extension Evaluator {
  /// An obligation not yet due that is due by the end of today or within `pressingHours`: asked for, ahead of what is
  /// late already (which keeps its deadline pressure in the score).
  func isDueSoon(_ task: borrowing StrideTask) -> Bool {
    guard task.type == .obligation, let due = task.due, due > context.instant else { return false }
    return due <= endOfToday || due.timeIntervalSince(context.instant) <= Seconds.hours(settings.pressingHours)
  }

  /// Due within `dueSoonHours`: the next hours, which come before anything else asked for.
  func isDueWithinHours(_ task: borrowing StrideTask) -> Bool {
    isDueSoon(task) && task.due!.timeIntervalSince(context.instant) <= Seconds.hours(settings.dueSoonHours)
  }

  /// Deferred as unsure within the last day: `defer` promised it at once (as "break it into steps", or its next
  /// step), and that holds even for a task put off for the third time.
  func askedAtOnce(_ task: borrowing StrideTask, status: TaskStatus) -> Bool {
    guard status == .deferred, let deferral = task.deferral, deferral.reason.whileDeferred == .offeredAtOnce else {
      return false
    }
    return context.instant.timeIntervalSince(deferral.at) < Seconds.hours(settings.pressingHours)
  }

  /// In the stuck rota: put off `stuckAfterDeferrals` times, not pinned, not promised today (unsure, or back at the
  /// time chosen), and not an obligation due within a day or overdue (never held back: offered by its score, as
  /// "make it smaller?"). The one of these out of view longest that fits has its turn; the others wait for theirs.
  func inStuckRota(_ task: borrowing StrideTask, _ kind: Suggestion.Kind, resurfaced: DeferReason?) -> Bool {
    (kind == .stuck || kind == .nextStep) && !task.pinned && task.deferrals.count >= settings.stuckAfterDeferrals
      && resurfaced == nil && !askedAtOnce(task, status: status(task))
      && !(task.type == .obligation && isPressing(task))
  }

  /// Since when the task has been out of the person's view: its last sighting among the suggestions before today, or
  /// when it was last put off, or added, whichever is latest (now, without sightings to go by).
  func outOfViewSince(_ task: borrowing StrideTask) -> Date {
    // Without a memory of sightings, nothing is known to have waited. (Read in place: no copy of them per task.)
    if context.sightings == nil { return context.instant }
    let seen = context.sightings?.last(task.id, beforeMinute: startOfTodayMinute) ?? task.createdAt
    guard let deferred = task.deferrals.last?.at, deferred > seen else { return seen }
    return deferred
  }

  /// Put off as `no-energy` without a time, and the person's energy is now higher than it was then (than low, when it
  /// was not known): back because the energy rose.
  func energyRose(_ task: borrowing StrideTask) -> Bool {
    guard task.status == .deferred, let deferral = task.deferral, deferral.endsWithEnergy, let energy = context.energy,
      !context.energyIsLearned
    else { return false }
    return energy > (deferral.energy ?? .low)
  }

  /// When a task back from its last deferral came back: the until-time, or for a no-energy deferral without one,
  /// the moment its energy was higher (now, while it is) or the fallback's end. Nil when it is not back.
  func backAt(_ task: borrowing StrideTask) -> Date? {
    guard let last = task.deferrals.last, last.reason.resurfaces else { return nil }
    if let until = last.until { return until <= context.instant ? until : nil }
    if energyRose(task) { return context.instant }
    // Long past any fallback: no need to work it out (it reads the zone's offsets).
    let latest = Seconds.hours(settings.noEnergyFallbackHours + 48 + settings.pressingHours)
    guard context.instant.timeIntervalSince(last.at) < latest else { return nil }
    let fallback = last.fallbackEnd(needing: task.energy, calendar, settings)
    return fallback <= context.instant ? fallback : nil
  }

  /// Out of view for `waitedDays` or more, by the daemon's sightings, and not seen today either (never without them).
  func outOfViewLong(_ task: borrowing StrideTask, since: Date) -> Bool {
    guard context.sightings?.seen(task.id, sinceMinute: startOfTodayMinute) == false else { return false }
    return context.instant.timeIntervalSince(since) >= Seconds.days(settings.waitedDays)
  }
}
