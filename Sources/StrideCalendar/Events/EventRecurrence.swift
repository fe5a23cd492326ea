import Foundation
import StrideBase
import StrideModel

/// The times an RRULE gives after its DTSTART, worked out on the wall clock as RFC 5545 §3.3.10 says: the rule's
/// periods (a year, a month, a week, a day, an hour…) one after the other, each period's days and times the BYxxx
/// parts expand and limit, BYSETPOS picking among them, and COUNT and UNTIL ending it. A day a part names that a
/// period lacks (BYMONTHDAY=31 in April) is no time, as the RFC says.
struct EventRecurrence {
  /// Why a walk stopped before its end.
  enum Stop {
    /// It found as many times as it was allowed to.
    case limit
    /// It ran out of work: the rule asks for too many steps to follow.
    case work
  }

  private var rule: EventRule
  /// DTSTART's wall reading: the first time, which the walk never gives again.
  private let start: Int
  private let untilWall: Int?
  /// The times of day of each day the rule keeps (for the frequencies of a day or longer), in seconds, in order.
  private let dayTimes: [Int]
  private let startDay: Int

  /// `untilWall` is UNTIL on the rule's clock (the caller turns a UTC UNTIL into it); times after it are not given.
  init(rule: EventRule, start: Int, untilWall: Int?) {
    var rule = rule
    let startDay = EventClock.day(ofWall: start)
    let civil = EventClock.civil(day: startDay)
    // What the RFC leaves to DTSTART when the rule does not say: the day of the month, of the week, the month.
    if rule.byWeekNumber.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty {
      switch rule.frequency {
      case .yearly:
        if rule.byMonth.isEmpty { rule.byMonth = [civil.month] }
        rule.byMonthDay = [civil.day]
      case .monthly: rule.byMonthDay = [civil.day]
      case .weekly: rule.byDay = [EventRule.Weekday(ordinal: 0, weekday: EventClock.weekday(day: startDay))]
      default: break
      }
    }
    let second = EventClock.secondOfDay(ofWall: start)
    let hours = rule.byHour.isEmpty ? [second / Seconds.perHour] : rule.byHour
    let minutes = rule.byMinute.isEmpty ? [second % Seconds.perHour / Seconds.perMinute] : rule.byMinute
    let seconds = rule.bySecond.isEmpty ? [second % Seconds.perMinute] : rule.bySecond
    dayTimes =
      rule.frequency >= .daily
      ? hours.flatMap { hour in
        minutes.flatMap { minute in seconds.map { hour * Seconds.perHour + minute * Seconds.perMinute + $0 } }
      } : []
    (self.rule, self.start, self.untilWall, self.startDay) = (rule, start, untilWall, startDay)
  }

  /// The rule's times after DTSTART that fall from `low` through `high` (wall readings), in order, at most `limit`
  /// of them. Each day or time looked at costs a unit of `budget`; the walk stops when it is spent. COUNT is
  /// counted from DTSTART, whatever `low` is.
  func walls(from low: Int, through high: Int, budget: inout Int, limit: Int = .max) -> (walls: [Int], stopped: Stop?) {
    var found: [Int] = []
    var counted = 1
    let end = min(high, untilWall ?? .max)
    if let count = rule.count, count <= 1 { return ([], nil) }
    budget -= dayTimes.count
    var period = rule.count == nil ? firstPeriod(near: low) : 0
    while budget > 0 {
      guard let (periodStart, candidates, next) = self.period(period, budget: &budget), periodStart <= end else {
        return (found, nil)
      }
      for wall in candidates where wall > start {
        guard wall <= end else { return (found, nil) }
        counted += 1
        if let count = rule.count, counted > count { return (found, nil) }
        guard wall >= low else { continue }
        found.append(wall)
        if found.count >= limit { return (found, .limit) }
      }
      period = max(next, period + 1)
    }
    return (found, .work)
  }

  /// The first period whose times can reach `low`: the walk skips those before it when no COUNT needs counting.
  private func firstPeriod(near low: Int) -> Int {
    let lowDay = EventClock.day(ofWall: low)
    let periods: Int
    switch rule.frequency {
    case .secondly, .minutely, .hourly:
      periods = EventClock.floorDivide(low - subDailyBase, rule.interval * rule.frequency.seconds)
    case .daily: periods = EventClock.floorDivide(lowDay - startDay, rule.interval)
    case .weekly: periods = EventClock.floorDivide(lowDay - firstWeek, 7 * rule.interval)
    case .monthly: periods = EventClock.floorDivide(Self.monthIndex(lowDay) - Self.monthIndex(startDay), rule.interval)
    case .yearly:
      let years = EventClock.civil(day: lowDay).year - EventClock.civil(day: startDay).year
      periods = EventClock.floorDivide(years, rule.interval)
    }
    return max(0, periods - 1)
  }

  /// The start of the hour, minute or second DTSTART falls in, from which the short periods are counted.
  private var subDailyBase: Int {
    let unit = rule.frequency.seconds
    return EventClock.floorDivide(start, unit) * unit
  }

  /// The first day of the week DTSTART falls in, weeks starting on WKST.
  private var firstWeek: Int { startDay - (EventClock.weekday(day: startDay) - rule.weekStart + 7) % 7 }

  private static func monthIndex(_ day: Int) -> Int {
    let civil = EventClock.civil(day: day)
    return civil.year * 12 + civil.month - 1
  }

  /// Period `index`: when it starts, its times in order (BYSETPOS applied), and the index of the next period worth
  /// looking at. nil past the year 9999.
  private func period(_ index: Int, budget: inout Int) -> (start: Int, times: [Int], next: Int)? {
    if rule.frequency < .daily { return shortPeriod(index, budget: &budget) }
    guard let (first, days) = self.days(ofPeriod: index) else { return nil }
    var times: [Int] = []
    for range in days {
      for day in range {
        budget -= 1
        guard budget > 0 else { return (first * Seconds.perDay, selected(times), index + 1) }
        guard matches(day) else { continue }
        budget -= dayTimes.count
        times += dayTimes.map { day * Seconds.perDay + $0 }
      }
    }
    return (first * Seconds.perDay, selected(times), index + 1)
  }

  /// The days of a period of a day or longer, as ranges of day numbers, and its first day; nil past the year 9999.
  private func days(ofPeriod index: Int) -> (first: Int, days: [Range<Int>])? {
    switch rule.frequency {
    case .yearly:
      let year = EventClock.civil(day: startDay).year + index * rule.interval
      guard let january = CivilDate(year: year, month: 1, day: 1) else { return nil }
      let months = rule.byMonth.isEmpty ? Array(1...12) : rule.byMonth
      let ranges = months.map { month in
        let first = CivilDate(year: year, month: month, day: 1)!.dayNumber
        return first..<(first + CivilTime.daysIn(month: month, year: year))
      }
      return (january.dayNumber, ranges)
    case .monthly:
      let month = Self.monthIndex(startDay) + index * rule.interval
      let (year, number) = (month / 12, month % 12 + 1)
      guard let first = CivilDate(year: year, month: number, day: 1) else { return nil }
      return (first.dayNumber, [first.dayNumber..<(first.dayNumber + CivilTime.daysIn(month: number, year: year))])
    case .weekly:
      let first = firstWeek + index * 7 * rule.interval
      return EventClock.civil(day: first).year <= 9999 ? (first, [first..<(first + 7)]) : nil
    default:
      let day = startDay + index * rule.interval
      return EventClock.civil(day: day).year <= 9999 ? (day, [day..<(day + 1)]) : nil
    }
  }

  /// Period `index` of an hourly, minutely or secondly rule: its times, or none, and the next period that can hold
  /// any (a day, hour or minute the rule leaves out is stepped over at once).
  private func shortPeriod(_ index: Int, budget: inout Int) -> (start: Int, times: [Int], next: Int)? {
    budget -= 1
    let step = rule.interval * rule.frequency.seconds
    let slot = subDailyBase + index * step
    let day = EventClock.day(ofWall: slot)
    guard EventClock.civil(day: day).year <= 9999 else { return nil }
    let second = EventClock.secondOfDay(ofWall: slot)
    let (hour, minute) = (second / Seconds.perHour, second % Seconds.perHour / Seconds.perMinute)
    func skip(to wall: Int) -> (start: Int, times: [Int], next: Int) {
      (slot, [], index + max(1, (wall - slot + step - 1) / step))
    }
    guard matches(day) else { return skip(to: (day + 1) * Seconds.perDay) }
    guard rule.byHour.isEmpty || rule.byHour.contains(hour) else {
      return skip(to: slot - second % Seconds.perHour + Seconds.perHour)
    }
    let startSecond = EventClock.secondOfDay(ofWall: start)
    let seconds = rule.bySecond.isEmpty ? [startSecond % Seconds.perMinute] : rule.bySecond
    switch rule.frequency {
    case .hourly:
      let minutes = rule.byMinute.isEmpty ? [startSecond % Seconds.perHour / Seconds.perMinute] : rule.byMinute
      budget -= minutes.count * seconds.count
      let times = minutes.flatMap { minute in seconds.map { slot + minute * Seconds.perMinute + $0 } }
      return (slot, selected(times), index + 1)
    case .minutely:
      guard rule.byMinute.isEmpty || rule.byMinute.contains(minute) else {
        return skip(to: slot - second % Seconds.perMinute + Seconds.perMinute)
      }
      budget -= seconds.count
      return (slot, selected(seconds.map { slot + $0 }), index + 1)
    default:
      guard rule.byMinute.isEmpty || rule.byMinute.contains(minute) else {
        return skip(to: slot - second % Seconds.perMinute + Seconds.perMinute)
      }
      let kept = rule.bySecond.isEmpty || rule.bySecond.contains(second % Seconds.perMinute)
      return (slot, kept ? selected([slot]) : [], index + 1)
    }
  }

  /// A period's times as BYSETPOS picks them (1 the first, -1 the last), in order; all of them without it.
  private func selected(_ times: [Int]) -> [Int] {
    guard !rule.bySetPosition.isEmpty, !times.isEmpty else { return times }
    let picked = rule.bySetPosition.compactMap { position -> Int? in
      let index = position > 0 ? position - 1 : times.count + position
      return times.indices.contains(index) ? times[index] : nil
    }
    return Array(Set(picked)).sorted()
  }
}

extension EventRecurrence {
  /// Whether a day is one the rule's day parts keep: in a BYMONTH month, a BYWEEKNO week, on a BYYEARDAY or
  /// BYMONTHDAY (negatives counted from the end) and on a BYDAY weekday, the nth of its month or year when it says so.
  fileprivate func matches(_ day: Int) -> Bool {
    let civil = EventClock.civil(day: day)
    // A week at either end of the calendar reaches into the years before 1 and after 9999, which have no times.
    guard (1...9999).contains(civil.year) else { return false }
    if !rule.byMonth.isEmpty && !rule.byMonth.contains(civil.month) { return false }
    let monthLength = CivilTime.daysIn(month: civil.month, year: civil.year)
    if !rule.byMonthDay.isEmpty && !rule.byMonthDay.contains(civil.day)
      && !rule.byMonthDay.contains(civil.day - monthLength - 1)
    {
      return false
    }
    let yearStart = CivilDate(year: civil.year, month: 1, day: 1)!.dayNumber
    let (yearDay, yearLength) = (day - yearStart + 1, CivilTime.daysIn(month: 2, year: civil.year) + 337)
    if !rule.byYearDay.isEmpty && !rule.byYearDay.contains(yearDay)
      && !rule.byYearDay.contains(yearDay - yearLength - 1)
    {
      return false
    }
    if !rule.byWeekNumber.isEmpty && rule.frequency == .yearly && !inWeek(day, year: civil.year) { return false }
    guard !rule.byDay.isEmpty else { return true }
    let weekday = EventClock.weekday(day: day)
    // An ordinal counts within the month for a monthly rule or a yearly one with BYMONTH, within the year for
    // another yearly rule; other rules ignore it.
    let position: (place: Int, length: Int)? =
      switch rule.frequency {
      case .monthly: (civil.day, monthLength)
      case .yearly: rule.byMonth.isEmpty ? (yearDay, yearLength) : (civil.day, monthLength)
      default: nil
      }
    return rule.byDay.contains { entry in
      guard entry.weekday == weekday else { return false }
      guard entry.ordinal != 0, let position else { return true }
      return entry.ordinal == (position.place - 1) / 7 + 1
        || entry.ordinal == -((position.length - position.place) / 7 + 1)
    }
  }

  /// Whether a day is in one of BYWEEKNO's weeks: weeks start on WKST, and the first week of a year is the first
  /// with at least four of its days (negatives count from the last week).
  private func inWeek(_ day: Int, year: Int) -> Bool {
    func firstWeek(_ year: Int) -> Int {
      let january = CivilDate(year: year, month: 1, day: 1)?.dayNumber ?? 0
      let offset = (EventClock.weekday(day: january) - rule.weekStart + 7) % 7
      return offset <= 3 ? january - offset : january + 7 - offset
    }
    var (weekYear, first) = (year, firstWeek(year))
    if day < first {
      (weekYear, first) = (year - 1, firstWeek(year - 1))
    } else if day >= firstWeek(year + 1) {
      (weekYear, first) = (year + 1, firstWeek(year + 1))
    }
    let number = (day - first) / 7 + 1
    let weeks = (firstWeek(weekYear + 1) - first) / 7
    return rule.byWeekNumber.contains(number) || rule.byWeekNumber.contains(number - weeks - 1)
  }
}
