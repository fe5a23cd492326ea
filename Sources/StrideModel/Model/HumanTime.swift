import Foundation

/// Instants in the words a person uses, relative to now: "today at 17:00", "tomorrow at 09:00", "Friday at 09:00",
/// "Tue 1 Dec at 09:00". Pure: the instant and the time zone are given.
public struct HumanTime: Sendable {
  public let now: Date
  private let calendar: Calendar

  public init(now: Date, timeZone: TimeZone = .current) {
    self.now = now
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.calendar = calendar
  }

  private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// "today at 17:00", "yesterday at 09:00", "Friday at 09:00" within the coming week, else "Tue 1 Dec at 09:00"
  /// (with the year when it is not this year's).
  /// The last second of a day (a due date given without a time) reads "Friday, end of day".
  public func describe(_ date: Date) -> String {
    let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
    if parts.hour == 23, parts.minute == 59, parts.second == 59 { return "\(day(date)), end of day" }
    return "\(day(date)) at \(clock(date))"
  }

  /// The day alone: "today", "tomorrow", "yesterday", "Friday", "Tue 1 Dec", "Tue 1 Dec 2027".
  public func day(_ date: Date) -> String {
    let days = dayDistance(to: date)
    switch days {
    case 0: return "today"
    case 1: return "tomorrow"
    case -1: return "yesterday"
    case 2...6: return Self.weekdays[calendar.component(.weekday, from: date) - 1]
    default:
      let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
      let weekday = Self.weekdays[(parts.weekday ?? 1) - 1].prefix(3)
      let year = parts.year == calendar.component(.year, from: now) ? "" : " \(parts.year ?? 0)"
      return "\(weekday) \(parts.day ?? 1) \(Self.months[(parts.month ?? 1) - 1])\(year)"
    }
  }

  /// A passed due time, stated calmly and once, the same however long ago: "was due 3 hours ago", "was due
  /// yesterday", "overdue since Monday", "overdue since 23 October" (with the year when it is not this year's).
  public func overdue(since due: Date) -> String {
    switch -dayDistance(to: due) {
    case ...0:
      let hours = Int(now.timeIntervalSince(due) / 3600)
      return hours <= 0 ? "was due just now" : "was due \(plural(hours, "hour")) ago"
    case 1: return "was due yesterday"
    case 2...6: return "overdue since \(Self.weekdays[calendar.component(.weekday, from: due) - 1])"
    default:
      let parts = calendar.dateComponents([.year, .month, .day], from: due)
      let year = parts.year == calendar.component(.year, from: now) ? "" : " \(parts.year ?? 0)"
      return "overdue since \(parts.day ?? 1) \(Self.monthNames[(parts.month ?? 1) - 1])\(year)"
    }
  }

  /// "Monday 30 November" (with the year when it is not this year's), and " at 09:30" unless it is the end of
  /// the day: when a routine comes back.
  public func longDay(_ date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute, .second], from: date)
    let year = parts.year == calendar.component(.year, from: now) ? "" : " \(parts.year ?? 0)"
    let day = "\(Self.weekdays[(parts.weekday ?? 1) - 1]) \(parts.day ?? 1) \(Self.monthNames[(parts.month ?? 1) - 1])"
    let endOfDay = parts.hour == 23 && parts.minute == 59 && parts.second == 59
    return day + year + (endOfDay ? "" : " at \(clock(date))")
  }

  /// "Tuesday 17 November" (with the year when it is not this year's), or with `short` "Tue 17 Nov": a day of a
  /// chart or a log.
  public func calendarDay(_ date: Date, short: Bool = false) -> String {
    let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
    let year = parts.year == calendar.component(.year, from: now) ? "" : " \(parts.year ?? 0)"
    let weekday = Self.weekdays[(parts.weekday ?? 1) - 1]
    let month = Self.monthNames[(parts.month ?? 1) - 1]
    return short
      ? "\(weekday.prefix(3)) \(parts.day ?? 1) \(month.prefix(3))\(year)"
      : "\(weekday) \(parts.day ?? 1) \(month)\(year)"
  }

  /// "Friday 27 November 2026": a day named in full, without reference to today.
  public func fullDay(_ date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
    let month = Self.monthNames[(parts.month ?? 1) - 1]
    return "\(Self.weekdays[(parts.weekday ?? 1) - 1]) \(parts.day ?? 1) \(month) \(parts.year ?? 0)"
  }

  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// "2026-11-27T09:00:00+01:00": RFC 3339 in this time zone.
  public func rfc3339(_ date: Date) -> String {
    let offset = calendar.timeZone.secondsFromGMT(for: date)
    let local = Timestamp.format(date.addingTimeInterval(TimeInterval(offset))).dropLast()
    let sign = offset < 0 ? "-" : "+"
    return local + String(format: "%@%02d:%02d", sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
  }

  /// "09:00", 24-hour.
  public func clock(_ date: Date) -> String {
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
  }

  /// Calendar days from now to `date`: 0 today, 1 tomorrow, -1 yesterday.
  public func dayDistance(to date: Date) -> Int {
    calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date)).day ?? 0
  }
}
