import Foundation

/// A routine's occurrences in a zone: the next one after a time, the one before, the one a completion is for, and
/// the ones missed. Each keeps its local clock time across daylight-saving changes.
extension Recurrence {
  /// The first occurrence strictly after `instant`, counted from the schedule that starts on `anchor` (the current
  /// due time: its day and its clock time), or, after done, from `instant` itself on the anchor's clock time.
  public func next(after instant: Date, anchor: Date, in calendar: LocalCalendar) -> Date {
    if frequency == .hourly { return nextHour(after: instant, anchor: anchor) }
    let clock = calendar.clock(of: anchor)
    if afterDone {
      let done = calendar.day(of: instant)
      let day: CivilDate =
        switch frequency {
        case .hourly, .daily: done.adding(days: interval)
        case .weekly: done.adding(days: 7 * interval)
        case .monthly: done.adding(months: interval)
        case .yearly: done.adding(months: 12 * interval)
        }
      return calendar.date(day, clock)
    }
    let start = calendar.day(of: anchor)
    // Nothing before the anchor, and nothing before the day of the instant can be after it.
    var day = max(start, calendar.day(of: instant).adding(days: -1))
    for _ in 0..<(366 * 8 * interval + 400) {
      if matches(day, start: start), calendar.date(day, clock) > instant { return calendar.date(day, clock) }
      day = day.adding(days: 1)
    }
    return calendar.date(day, clock)
  }

  /// The occurrence of the schedule through `due` that comes just before it (the schedule runs back from `due` as
  /// it runs on, in the same step), at `due`'s clock time; nil for a rule counted from when it was done.
  public func previous(before due: Date, in calendar: LocalCalendar) -> Date? {
    guard !afterDone else { return nil }
    if frequency == .hourly { return due.addingTimeInterval(-hourStep) }
    let dueDay = calendar.day(of: due)
    // One whole period back keeps the schedule's step: every other Monday stays on its Mondays.
    let start: CivilDate =
      switch frequency {
      case .hourly, .daily: dueDay.adding(days: -interval)
      case .weekly: dueDay.adding(days: -7 * interval)
      case .monthly: dueDay.adding(months: -interval)
      case .yearly: dueDay.adding(months: -12 * interval)
      }
    var day = dueDay.adding(days: -1)
    while day >= start {
      if matches(day, start: start) { return calendar.date(day, calendar.clock(of: due)) }
      day = day.adding(days: -1)
    }
    return nil
  }

  /// The occurrence a routine done at `instant` was done for, when it is not the current one (`due`): done before
  /// the current one's day, it was done for the one before if that is nearer in days (or as near), so a routine
  /// done on Wednesday for last Monday's stays due next Monday instead of skipping it. Nil when it counts for `due`.
  public func doneFor(_ instant: Date, due: Date, in calendar: LocalCalendar) -> Date? {
    // Every so many hours, a routine done before its time was done for that time.
    guard frequency != .hourly else { return nil }
    let today = calendar.day(of: instant).dayNumber
    let dueDay = calendar.day(of: due).dayNumber
    guard today < dueDay, let previous = previous(before: due, in: calendar) else { return nil }
    let previousDay = calendar.day(of: previous).dayNumber
    // One still ahead (the current one was skipped to) was not done: this is the current one, done early.
    guard previousDay <= today else { return nil }
    return today - previousDay <= dueDay - today ? previous : nil
  }

  /// A missed routine moved on: the latest occurrence whose day has come by `instant` — today's, even before its
  /// clock time, since that is the one to do today (an hourly one's: whose time has come) — and how many
  /// occurrences were passed over to reach it. Never past the series' end: a routine missed past its last time
  /// stays due at that last time. Nil while `due` is the latest, and for a rule counted from when it was done (it
  /// has no schedule to move along).
  public func current(from due: Date, at instant: Date, in calendar: LocalCalendar) -> (due: Date, missed: Int)? {
    guard !afterDone else { return nil }
    var latest = due
    var missed = 0
    var following = next(after: due, anchor: due, in: calendar)
    let today = calendar.day(of: instant)
    while come(following, by: instant, today: today, in: calendar) && missed < 10_000
      && reaches(following, steps: missed + 1, in: calendar)
    {
      latest = following
      missed += 1
      following = next(after: following, anchor: due, in: calendar)
    }
    return missed == 0 ? nil : (latest, missed)
  }

  /// How many occurrences after `due` have had their day by `instant`: the times a routine was passed over besides
  /// its due (as `current` counts them).
  public func missed(since due: Date, until instant: Date, in calendar: LocalCalendar) -> Int {
    guard !afterDone, due < instant else { return 0 }
    var count = 0
    var occurrence = next(after: due, anchor: due, in: calendar)
    let today = calendar.day(of: instant)
    while come(occurrence, by: instant, today: today, in: calendar) && count < 10_000 {
      count += 1
      occurrence = next(after: occurrence, anchor: due, in: calendar)
    }
    return count
  }

  /// The rule, keeping the day of the month of `due` when it is one some months lack (the 29th to the 31st) and the
  /// rule is monthly without a day of its own: moved from one due to the next, "rent on the 31st every month" would
  /// otherwise fall on 28 February and stay on the 28th. Kept, it is "every month on the 31st", which falls on the
  /// last day of a shorter month and comes back to the 31st after it.
  public func keepingDay(of due: Date, in calendar: LocalCalendar) -> Recurrence {
    let day = calendar.day(of: due).day
    guard frequency == .monthly, monthDays.isEmpty, ordinal == nil, !afterDone, day > 28 else { return self }
    var kept = self
    kept.monthDays = [day]
    return kept
  }

  /// Whether an occurrence has come by `instant`: its day has (`today` is the instant's), or for an hourly rule,
  /// its time.
  private func come(_ occurrence: Date, by instant: Date, today: CivilDate, in calendar: LocalCalendar) -> Bool {
    frequency == .hourly ? occurrence <= instant : calendar.day(of: occurrence) <= today
  }

  /// Whether a day is an occurrence of the schedule that starts on `start`.
  func matches(_ day: CivilDate, start: CivilDate) -> Bool {
    guard day >= start else { return false }
    switch frequency {
    case .hourly:
      return true
    case .daily:
      return (day.dayNumber - start.dayNumber) % interval == 0
    case .weekly:
      let weeks = (day.startOfWeek.dayNumber - start.startOfWeek.dayNumber) / 7
      let days = weekdays.isEmpty ? [start.isoWeekday] : weekdays
      return weeks % interval == 0 && days.contains(day.isoWeekday)
    case .monthly:
      let months = (day.year - start.year) * 12 + (day.month - start.month)
      guard months % interval == 0 else { return false }
      if let setPosition {
        let days = (0..<day.endOfMonth.day).map { day.startOfMonth.adding(days: $0) }.filter {
          weekdays.contains($0.isoWeekday)
        }
        let index = setPosition == -1 ? days.count - 1 : setPosition - 1
        return days.indices.contains(index) && days[index] == day
      }
      if let ordinal { return Self.isOrdinal(day, ordinal) }
      let last = day.endOfMonth.day
      return (monthDays.isEmpty ? [start.day] : monthDays).contains { wanted in
        day.day == (wanted == -1 ? last : min(wanted, last))
      }
    case .yearly:
      guard (day.year - start.year) % interval == 0, day.month == start.month else { return false }
      return day.day == min(start.day, day.endOfMonth.day)
    }
  }

  /// The nth (or last) such weekday of its month.
  static func isOrdinal(_ day: CivilDate, _ ordinal: Ordinal) -> Bool {
    guard day.isoWeekday == ordinal.weekday else { return false }
    if ordinal.number == -1 { return day.adding(days: 7).month != day.month }
    return (day.day - 1) / 7 + 1 == ordinal.number
  }
}

/// Every so many hours: occurrences in elapsed time from the anchor, so a daylight-saving change neither doubles nor
/// drops one.
extension Recurrence {
  /// The length of one step of an hourly rule.
  var hourStep: TimeInterval { TimeInterval(3600 * interval) }

  /// The first hourly occurrence strictly after `instant`: the anchor's, stepped on; after done, one step after it.
  func nextHour(after instant: Date, anchor: Date) -> Date {
    if afterDone { return instant.addingTimeInterval(hourStep) }
    guard instant >= anchor else { return anchor }
    let steps = (instant.timeIntervalSince(anchor) / hourStep).rounded(.down) + 1
    return anchor.addingTimeInterval(steps * hourStep)
  }
}
