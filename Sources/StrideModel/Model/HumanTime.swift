import Foundation
import StrideBase

/// Instants in the words a person uses, relative to now: "today at 17:00", "tomorrow at 09:00", "Friday at 09:00",
/// "Tue 1 Dec at 09:00". Pure: the instant and the time zone are given.
public struct HumanTime: Sendable {
  public let now: Date
  /// Days and clock times by arithmetic on the zone's offset: a task list says thousands of times, and Foundation's
  /// `Calendar` costs microseconds a question.
  public let calendar: LocalCalendar
  private let today: CivilDate

  public init(now: Date, timeZone: TimeZone = .current) {
    self.now = now
    calendar = LocalCalendar(timeZone: timeZone)
    today = calendar.day(of: now)
  }

  private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
  private static let shortWeekdays = weekdays.map { String($0.prefix(3)) }
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  private static func weekday(_ day: CivilDate) -> String { weekdays[day.isoWeekday % 7] }

  /// " 2027" when `day` is not in this year, else "".
  private func year(_ day: CivilDate) -> String { day.year == today.year ? "" : " \(day.year)" }

  /// The last second of a day: a due date given without a time.
  private func isEndOfDay(_ date: Date) -> Bool { calendar.clock(of: date) == .endOfDay }

  /// "today at 17:00", "yesterday at 09:00", "Friday at 09:00" within the coming week, else "Tue 1 Dec at 09:00"
  /// (with the year when it is not this year's).
  /// The last second of a day (a due date given without a time) reads "Friday, end of day".
  public func describe(_ date: Date) -> String {
    // The zone's offset asked once: a listing says two or three times a task.
    let (day, clock) = calendar.dayAndClock(of: date)
    return clock == .endOfDay ? "\(said(day)), end of day" : "\(said(day)) at \(clock.written)"
  }

  /// `describe`'s words for a time whose day's words (`day(_:)`) are known already: a long list of times on few days
  /// says each day once.
  public func describe(_ date: Date, day: String) -> String {
    let clock = calendar.clock(of: date)
    return clock == .endOfDay ? "\(day), end of day" : "\(day) at \(clock.written)"
  }

  /// The day alone: "today", "tomorrow", "yesterday", "Friday", "Tue 1 Dec", "Tue 1 Dec 2027".
  public func day(_ date: Date) -> String { said(calendar.day(of: date)) }

  private func said(_ day: CivilDate) -> String {
    switch day.dayNumber - today.dayNumber {
    case 0: return "today"
    case 1: return "tomorrow"
    case -1: return "yesterday"
    case 2...6: return Self.weekday(day)
    default: return Self.shortWeekdays[day.isoWeekday % 7] + " \(day.day) " + Self.months[day.month - 1] + year(day)
    }
  }

  /// A passed due time, stated calmly and once, the same however long ago: "was due 3 hours ago", "was due
  /// yesterday", "overdue since Monday", "overdue since 23 October" (with the year when it is not this year's).
  public func overdue(since due: Date) -> String {
    let day = calendar.day(of: due)
    switch today.dayNumber - day.dayNumber {
    case ...0:
      let hours = Int(Seconds.inHours(now.timeIntervalSince(due)))
      return hours <= 0 ? "was due just now" : "was due \(plural(hours, "hour")) ago"
    case 1: return "was due yesterday"
    case 2...6: return "overdue since \(Self.weekday(day))"
    default: return "overdue since \(day.day) \(Self.monthNames[day.month - 1])\(year(day))"
    }
  }

  /// "Monday 30 November" (with the year when it is not this year's), and " at 09:30" unless it is the end of
  /// the day: when a routine comes back.
  public func longDay(_ date: Date) -> String {
    calendarDay(date) + (isEndOfDay(date) ? "" : " at \(clock(date))")
  }

  /// "Tuesday 17 November" (with the year when it is not this year's), or with `short` "Tue 17 Nov": a day of a
  /// chart or a log.
  public func calendarDay(_ date: Date, short: Bool = false) -> String {
    let day = calendar.day(of: date)
    let weekday = Self.weekday(day)
    let month = Self.monthNames[day.month - 1]
    return short
      ? "\(weekday.prefix(3)) \(day.day) \(month.prefix(3))\(year(day))"
      : "\(weekday) \(day.day) \(month)\(year(day))"
  }

  /// "Friday 27 November 2026": a day named in full, without reference to today.
  public func fullDay(_ date: Date) -> String {
    let day = calendar.day(of: date)
    return "\(Self.weekday(day)) \(day.day) \(Self.monthNames[day.month - 1]) \(day.year)"
  }

  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// "2026-11-27T09:00:00+01:00": RFC 3339 in this time zone.
  public func rfc3339(_ date: Date) -> String {
    let offset = calendar.timeZone.secondsFromGMT(for: date)
    return Timestamp.format(date.addingTimeInterval(TimeInterval(offset))).dropLast() + UTCOffset.written(offset)
  }

  /// "09:00", 24-hour.
  public func clock(_ date: Date) -> String { calendar.clock(of: date).written }

  /// A time of a result said as `describe` says it: a field of the result's `said`.
  public func words(_ time: Timestamp) -> String { describe(time.date) }

  /// A time that may be absent, said when present.
  public func words(_ time: Timestamp?) -> String? { time.map(words) }

  /// Calendar days from now to `date`: 0 today, 1 tomorrow, -1 yesterday.
  public func dayDistance(to date: Date) -> Int {
    calendar.day(of: date).dayNumber - today.dayNumber
  }
}
