import Foundation

/// Simulated instants are whole seconds since 1970, in UTC (the workspace runs the daemon with TZ=UTC).
typealias Instant = Int

/// A calendar day in UTC, and the words the why-lines use for times, written here from Docs/context-engine.md so the
/// claims are checked against an independent reading of the promise, not against the engine's own code.
struct CivilDay: Equatable {
  let year: Int
  let month: Int
  let day: Int
  /// Days since 1970-01-01.
  let number: Int

  init(_ instant: Instant) {
    number = Int((Double(instant) / 86_400).rounded(.down))
    // Howard Hinnant's civil_from_days.
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * shifted + 2) / 5 + 1
    month = shifted < 10 ? shifted + 3 : shifted - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// 0 Sunday … 6 Saturday (1970-01-01 was a Thursday).
  var weekday: Int { ((number % 7) + 7 + 4) % 7 }

  static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
  static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  var weekdayName: String { Self.weekdays[weekday] }
  var monthName: String { Self.months[month - 1] }
}

enum TimeWords {
  static func startOfDay(_ instant: Instant) -> Instant { CivilDay(instant).number * 86_400 }

  static func secondsOfDay(_ instant: Instant) -> Int { instant - startOfDay(instant) }

  /// "09:00".
  static func clock(_ instant: Instant) -> String {
    let seconds = secondsOfDay(instant)
    return String(format: "%02d:%02d", seconds / 3600, seconds % 3600 / 60)
  }

  /// "Mon 2 Nov 07:00", for logs and examples.
  static func stamp(_ instant: Instant) -> String {
    let day = CivilDay(instant)
    return "\(day.weekdayName.prefix(3)) \(day.day) \(day.monthName.prefix(3)) \(clock(instant))"
  }

  /// "today", "tomorrow", "yesterday", "Friday" (2 to 6 days on), else "Tue 1 Dec" (with the year when not this one).
  static func day(_ instant: Instant, now: Instant) -> String {
    let day = CivilDay(instant)
    let today = CivilDay(now)
    switch day.number - today.number {
    case 0: return "today"
    case 1: return "tomorrow"
    case -1: return "yesterday"
    case 2...6: return day.weekdayName
    default:
      let year = day.year == today.year ? "" : " \(day.year)"
      return "\(day.weekdayName.prefix(3)) \(day.day) \(day.monthName.prefix(3))\(year)"
    }
  }

  /// "today at 17:00", "Friday, end of day" (a due date without a time is the day's last second).
  static func describe(_ instant: Instant, now: Instant) -> String {
    secondsOfDay(instant) == 86_399
      ? "\(day(instant, now: now)), end of day" : "\(day(instant, now: now)) at \(clock(instant))"
  }

  /// "was due 3 hours ago", "was due yesterday", "overdue since Monday", "overdue since 23 October".
  static func overdue(since due: Instant, now: Instant) -> String {
    let day = CivilDay(due)
    let today = CivilDay(now)
    switch today.number - day.number {
    case ...0:
      let hours = (now - due) / 3600
      return hours <= 0 ? "was due just now" : "was due \(plural(hours, "hour")) ago"
    case 1: return "was due yesterday"
    case 2...6: return "overdue since \(day.weekdayName)"
    default:
      let year = day.year == today.year ? "" : " \(day.year)"
      return "overdue since \(day.day) \(day.monthName)\(year)"
    }
  }

  /// The deadline phrase of a task due at `due`, seen at `now`.
  static func deadline(_ due: Instant, now: Instant) -> String {
    due <= now ? overdue(since: due, now: now) : "due \(describe(due, now: now))"
  }

  /// "added today", "added yesterday", "added 3 days ago".
  static func added(_ created: Instant, now: Instant) -> String {
    let days = CivilDay(now).number - CivilDay(created).number
    switch days {
    case ...0: return "added today"
    case 1: return "added yesterday"
    default: return "added \(days) days ago"
    }
  }

  /// "10 min", "1 hr", "1 hr 30 min".
  static func minutes(_ minutes: Int) -> String {
    let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
    switch (hours, rest) {
    case (0, _): return "\(rest) min"
    case (_, 0): return "\(hours) hr"
    default: return "\(hours) hr \(rest) min"
    }
  }

  static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

  /// The start of the person's day (09:00) on the day a pause of `length` begun at `at` runs out, or the next day's
  /// when that is not after `at`: when Stride picks a time itself (Docs/context-engine.md).
  static func dayStart(after length: Int, from at: Instant) -> Instant {
    let back = startOfDay(at + length) + 9 * 3600
    return back > at ? back : back + 86_400
  }

  /// Stride's check-in after `blocked` without a time: two days on at the start of the day; when the task is due
  /// before then, the last start of a day before its due time that is still ahead.
  static func checkIn(from at: Instant, due: Instant?) -> Instant {
    let checkIn = dayStart(after: 2 * 86_400, from: at)
    guard let due, due < checkIn else { return checkIn }
    var before = startOfDay(due) + 9 * 3600
    if before >= due { before -= 86_400 }
    return before > at ? before : checkIn
  }
}
