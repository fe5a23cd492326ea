import Foundation
import StrideBase

/// The defer policy: what each reason does to a task, decided here once, so that a new reason is one case and the
/// compiler names every rule that must decide about it. The model, the engine, the CLI and the Now view ask these.
extension DeferReason {
  /// How many calendar days the deferral lasts when no until-time is given (it ends at the start of the person's
  /// day on the last of them); nil when something else ends it (energy, a resume, the follow-up of a blocked task,
  /// or at once).
  public var pauseDays: Int? {
    switch self {
    case .notImportant: 7
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

  /// Whether a daily window starts at `clock`, the until-time's time of day: not at midnight (a day named alone), and
  /// not in the small hours, when nobody wants a task each day ('tonight' said at 23:30 is 01:00).
  public static func dailyWindow(startsAt clock: ClockTime) -> Bool {
    clock != .startOfDay && clock.hour >= 6
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
  /// A `no-energy` deferral without a time: it ends when the energy is higher, or on its own at its fallback.
  public var endsWithEnergy: Bool { reason.whileDeferred == .backWithEnergy && until == nil }

  /// When a pause of `length` begun at `at` ends when nobody chose its time: at the start of the person's day
  /// (`dayStart`) on the day it runs out, or the next day's when that is not after `at` — never a copy of the
  /// minute it began, never in the night. For a no-energy deferral's fallback hours.
  public static func dayStart(
    after length: TimeInterval, from at: Date, calendar: LocalCalendar, dayStart: ClockTime
  ) -> Date {
    Self.dayStart(
      on: calendar.day(of: at.addingTimeInterval(length)), after: at, calendar: calendar, dayStart: dayStart)
  }

  /// The start of the person's day `days` calendar days after the one `at` falls on: a week from Wednesday 23:55
  /// is the next Wednesday at 09:00, whether or not summer time begins or ends between them.
  public static func dayStart(days: Int, from at: Date, calendar: LocalCalendar, dayStart: ClockTime) -> Date {
    Self.dayStart(on: calendar.day(of: at).adding(days: days), after: at, calendar: calendar, dayStart: dayStart)
  }

  /// The start of the person's day on `day`, or on the next day when that is not after `at`.
  private static func dayStart(on day: CivilDate, after at: Date, calendar: LocalCalendar, dayStart: ClockTime)
    -> Date
  {
    let back = calendar.date(day, dayStart)
    return back > at ? back : calendar.date(day.adding(days: 1), dayStart)
  }

  /// Stride's own check-in on a task put off as `blocked` without a time: two days on at the start of the day, or,
  /// when the task is due before then, the last start of a day before its due time that is still ahead. When even
  /// that has passed (due within the day), it stays two days on, and the reply says the task is due before then.
  public static func checkIn(for task: StrideTask, at now: Date, calendar: LocalCalendar, dayStart: ClockTime)
    -> Date
  {
    let checkIn = Self.dayStart(
      days: StrideTask.blockedFollowUpDays, from: now, calendar: calendar, dayStart: dayStart)
    guard let due = task.due, due < checkIn else { return checkIn }
    var day = calendar.day(of: due)
    if calendar.date(day, dayStart) >= due { day = day.adding(days: -1) }
    let before = calendar.date(day, dayStart)
    return before > now ? before : checkIn
  }

  /// Whether a waiting task's follow-up is Stride's own check-in after a `blocked` deferral without a time, not
  /// one the person asked for (`--until`, `stride wait --follow-up`): the latest `blocked` deferral before the
  /// follow-up had no time, and the follow-up falls within the span its check-in can take (at most three days on).
  public static func isStridesCheckIn(_ task: StrideTask) -> Bool {
    guard task.status == .waiting, let followUp = task.followUp else { return false }
    // The deferral that set the follow-up is the latest `blocked` one before it; a later `blocked --on ID` (a
    // dependency) sets none.
    guard let setter = task.deferrals.last(where: { $0.reason == .blocked && $0.at < followUp }) else { return false }
    return setter.until == nil
      && followUp.timeIntervalSince(setter.at) <= Seconds.days(Double(StrideTask.blockedFollowUpDays + 1))
  }

  /// What happens next to a task under this deferral, as a clause: "it comes back when your energy is higher than
  /// low, or on its own Tuesday at 09:00", "it comes back tomorrow at 19:00", "it is offered at once as \"break it
  /// into steps\"". A no-energy deferral without a time ends on its own after `settings.noEnergyFallbackHours`. A
  /// task that comes back only after its due time says that too: "; it is due before then (Friday, end of day)".
  public func effect(for task: StrideTask, time: HumanTime, settings: EngineSettings) -> String {
    let clause = comingBack(task, time: time, settings: settings)
    guard let back = endsOnItsOwn(task, calendar: time.calendar, settings: settings) else { return clause }
    return clause + Self.dueBefore(back, task, time: time)
  }

  /// "; it is due before then (Friday, end of day)" when a task comes back, or is to be checked on, only after its
  /// due time, else "": said, so a deadline is never put out of sight unawares.
  public static func dueBefore(_ back: Date, _ task: StrideTask, time: HumanTime) -> String {
    guard let due = task.due, due < back else { return "" }
    return "; it is due before then (\(time.describe(due)))"
  }

  /// When the deferral ends by the clock alone, if it does: its time, a no-energy one's fallback, or a blocked
  /// one's check-in.
  private func endsOnItsOwn(_ task: StrideTask, calendar: LocalCalendar, settings: EngineSettings) -> Date? {
    switch reason {
    case .noEnergy: until ?? fallbackEnd(needing: task.energy, calendar, settings)
    case .wrongTime, .notImportant: until
    case .blocked: task.followUp
    case .unsure: nil
    }
  }

  /// When a no-energy deferral without a time ends on its own, for a task that needs `needed`: at the next stretch
  /// of hours the person usually has that energy or more, once learned (`learnedEnd`); else at the start of the day
  /// on which `noEnergyFallbackHours` run out.
  public func fallbackEnd(needing needed: EnergyLevel, _ calendar: LocalCalendar, _ settings: EngineSettings) -> Date {
    learnedEnd(needing: needed, calendar, settings)
      ?? Self.dayStart(
        after: Seconds.hours(settings.noEnergyFallbackHours), from: at, calendar: calendar,
        dayStart: settings.dayStart)
  }

  /// The start of the next stretch of hours after the deferral at which the person usually has `needed` energy or
  /// more (`EnergyRhythm.comeBack`); nil when nothing is learned, or no such hour comes within a week.
  public func learnedEnd(needing needed: EnergyLevel, _ calendar: LocalCalendar, _ settings: EngineSettings) -> Date? {
    settings.energyRhythm?.comeBack(needing: needed, after: at, in: calendar)
  }

  private func comingBack(_ task: StrideTask, time: HumanTime, settings: EngineSettings) -> String {
    switch reason {
    case .blocked:
      return "it waits"
        + (task.followUp.map { ", and Stride asks you to check on it \(time.describe($0))" } ?? "")
    case .noEnergy:
      guard let until else {
        let learned = learnedEnd(needing: task.energy, time.calendar, settings) != nil
        let fallback =
          time.describe(fallbackEnd(needing: task.energy, time.calendar, settings))
          + (learned ? ", when you usually have the energy for it" : "")
        // Put off at high energy, there is no higher energy to wait for: only the day's start brings it back.
        if energy == .high { return "it comes back on its own \(fallback), since your energy is already high" }
        let higher = energy.map { "when your energy is higher than \($0.rawValue)" } ?? "when you set a higher energy"
        return "it comes back \(higher), or on its own \(fallback)"
      }
      return "it comes back \(time.describe(until))"
    case .wrongTime:
      guard let until else { return "it comes back when you resume it" }
      let window =
        DeferReason.dailyWindow(startsAt: time.calendar.clock(of: until))
        ? ", and then shows for a few hours from \(time.clock(until)) each day" : ""
      return "it comes back \(time.describe(until))\(window)"
    case .unsure:
      return task.subtasks.contains(where: { !$0.done })
        ? "its next step is offered at once" : "it is offered at once as \"break it into steps\""
    case .notImportant:
      return "it comes back \(until.map(time.describe) ?? "when you resume it"), valued lower"
    }
  }
}
