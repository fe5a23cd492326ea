import Foundation
import StrideBase

/// A calendar day, without a time or a zone.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int

  /// nil when the day does not exist (February 30th).
  public init?(year: Int, month: Int, day: Int) {
    guard CivilTime(year: year, month: month, day: day) != nil else { return nil }
    (self.year, self.month, self.day) = (year, month, day)
  }

  public static func < (a: CivilDate, b: CivilDate) -> Bool {
    (a.year, a.month, a.day) < (b.year, b.month, b.day)
  }

  public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

  /// Days since 1970-01-01 (negative before it), for day arithmetic without a time zone: the proleptic Gregorian
  /// calendar by arithmetic alone (March-based years, 400-year eras), so it holds for any year.
  public var dayNumber: Int {
    let marchYear = month <= 2 ? year - 1 : year
    let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
    let yearOfEra = marchYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  init(dayNumber: Int) {
    let shifted = dayNumber + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// A day whose parts are already known to fit together.
  private init(checked year: Int, _ month: Int, _ day: Int) {
    (self.year, self.month, self.day) = (year, month, day)
  }

  /// This day moved by a number of days.
  public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

  /// This day moved by whole months; the day is clamped to the target month's length (Jan 31 + 1 month = Feb 28).
  public func adding(months: Int) -> CivilDate {
    let index = year * 12 + (month - 1) + months
    let (newYear, newMonth) = (index / 12, index % 12 + 1)
    let lastDay = CivilTime.daysIn(month: newMonth, year: newYear)
    return CivilDate(checked: newYear, newMonth, min(day, lastDay))
  }

  /// 1 = Monday … 7 = Sunday (ISO 8601).
  public var isoWeekday: Int {
    // 1970-01-01 was a Thursday (4).
    let offset = (dayNumber % 7 + 7) % 7
    return (offset + 3) % 7 + 1
  }

  /// The Monday of this day's ISO week.
  public var startOfWeek: CivilDate { adding(days: 1 - isoWeekday) }

  /// The first day of this day's month.
  public var startOfMonth: CivilDate { CivilDate(checked: year, month, 1) }

  /// The last day of this day's month.
  public var endOfMonth: CivilDate { CivilDate(checked: year, month, CivilTime.daysIn(month: month, year: year)) }
}

/// A time of day on a 24-hour clock.
public struct ClockTime: Hashable, Comparable, Sendable {
  public var hour: Int
  public var minute: Int
  public var second: Int

  public init?(hour: Int, minute: Int = 0, second: Int = 0) {
    guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
    (self.hour, self.minute, self.second) = (hour, minute, second)
  }

  public static func < (a: ClockTime, b: ClockTime) -> Bool {
    (a.hour, a.minute, a.second) < (b.hour, b.minute, b.second)
  }

  public static let startOfDay = ClockTime(hour: 0)!
  public static let endOfDay = ClockTime(hour: 23, minute: 59, second: 59)!
}

/// Converts between instants and calendar days and clock times in one time zone.
public struct LocalCalendar: Sendable {
  public let timeZone: TimeZone

  public init(timeZone: TimeZone) { self.timeZone = timeZone }

  /// The calendar day `date` falls on in this zone.
  public func day(of date: Date) -> CivilDate { Self.day(wallSeconds(at: date)) }

  /// The clock time `date` shows in this zone.
  public func clock(of date: Date) -> ClockTime { Self.clock(wallSeconds(at: date)) }

  /// The day and the clock time `date` shows in this zone, the zone's offset found once.
  public func dayAndClock(of date: Date) -> (day: CivilDate, clock: ClockTime) {
    let wall = wallSeconds(at: date)
    return (Self.day(wall), Self.clock(wall))
  }

  private static func day(_ wall: Int) -> CivilDate {
    CivilDate(dayNumber: Int((Double(wall) / Double(Seconds.perDay)).rounded(.down)))
  }

  private static func clock(_ wall: Int) -> ClockTime {
    let seconds = (wall % Seconds.perDay + Seconds.perDay) % Seconds.perDay
    return ClockTime(
      hour: seconds / Seconds.perHour, minute: seconds % Seconds.perHour / Seconds.perMinute,
      second: seconds % Seconds.perMinute)!
  }

  /// What this zone's clock shows at `date`, as the seconds since 1970 at which UTC's clock shows the same.
  private func wallSeconds(at date: Date) -> Int {
    Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
  }

  /// The seconds since 1970 at which UTC's clock shows `time` on `day`: a zone's instant for them is this less the
  /// zone's offset.
  static func wallSeconds(_ day: CivilDate, _ time: ClockTime) -> Int {
    day.dayNumber * Seconds.perDay + time.hour * Seconds.perHour + time.minute * Seconds.perMinute + time.second
  }

  /// The instant a day and a clock time name in this zone. In a daylight-saving gap the clock moves forward.
  public func date(_ day: CivilDate, _ time: ClockTime) -> Date {
    let wall = TimeInterval(Self.wallSeconds(day, time))
    var offset = TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
    offset = TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - offset)))
    return Date(timeIntervalSince1970: wall - offset)
  }

  /// The same clock time `days` calendar days on (back, when negative): across a change to or from summer time
  /// that is 23 or 25 hours, not 24.
  public func adding(days: Int, to date: Date) -> Date { adding(clockHours: 24 * days, to: date) }

  /// What the clock shows `hours` hours on from `date` (back, when negative), read on the clock rather than counted
  /// in time passing: 11:00 less 12 hours is 23:00 the evening before, even when summer time ended that night. A
  /// clock time the change skips moves forward, as in `date(_:_:)`.
  public func adding(clockHours hours: Int, to date: Date) -> Date {
    let clock = clock(of: date)
    let hour = clock.hour + hours
    let days = (hour >= 0 ? hour : hour - 23) / 24
    let moved = ClockTime(hour: hour - days * 24, minute: clock.minute, second: clock.second)!
    let seconds = date.timeIntervalSince1970
    return self.date(day(of: date).adding(days: days), moved).addingTimeInterval(seconds - seconds.rounded(.down))
  }
}
