import Foundation
import StrideBase

/// How an event repeats, as its RRULE says (RFC 5545 §3.3.10). Stride's routines have a smaller rule of their own
/// (`Recurrence`); this one reads everything calendars write.
struct EventRule {
  /// FREQ: the length of one period, in seconds for the ones below a day.
  enum Frequency: Int, Comparable {
    case secondly, minutely, hourly, daily, weekly, monthly, yearly

    static func < (a: Frequency, b: Frequency) -> Bool { a.rawValue < b.rawValue }

    /// Seconds in one period of the frequencies below a day.
    var seconds: Int {
      switch self {
      case .secondly: 1
      case .minutely: Seconds.perMinute
      default: Seconds.perHour
      }
    }
  }

  /// A BYDAY entry: a weekday (1 = Monday … 7 = Sunday) and, for a month or a year, which one of them (1 the first,
  /// -1 the last; 0 every one).
  struct Weekday: Equatable {
    var ordinal: Int
    var weekday: Int
  }

  var frequency: Frequency
  var interval = 1
  var count: Int?
  /// UNTIL as written: a DATE, a UTC DATE-TIME, or (against the RFC, but written) one on the event's own clock.
  var until: (wall: Int, isDay: Bool, utc: Bool)?
  var bySecond: [Int] = []
  var byMinute: [Int] = []
  var byHour: [Int] = []
  var byDay: [Weekday] = []
  var byMonthDay: [Int] = []
  var byYearDay: [Int] = []
  var byWeekNumber: [Int] = []
  var byMonth: [Int] = []
  var bySetPosition: [Int] = []
  /// WKST: the day weeks start on, Monday unless it says otherwise.
  var weekStart = 1

  private static let weekdays = ["MO": 1, "TU": 2, "WE": 3, "TH": 4, "FR": 5, "SA": 6, "SU": 7]
  private static let frequencies: [String: Frequency] = [
    "SECONDLY": .secondly, "MINUTELY": .minutely, "HOURLY": .hourly, "DAILY": .daily, "WEEKLY": .weekly,
    "MONTHLY": .monthly, "YEARLY": .yearly,
  ]

  /// The rule an RRULE value states; nil when it has no FREQ, or a part's value is not one the RFC allows.
  static func read(_ value: String) -> EventRule? {
    var parts: [String: String] = [:]
    for part in value.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { continue }
      parts[ICalendarReader.trimmed(pair[0]).uppercased()] = ICalendarReader.trimmed(pair[1]).uppercased()
    }
    guard let frequency = parts["FREQ"].flatMap({ frequencies[$0] }) else { return nil }
    var rule = EventRule(frequency: frequency)
    guard rule.readLimits(parts), rule.readLists(parts) else { return nil }
    return rule
  }

  private mutating func readLimits(_ parts: [String: String]) -> Bool {
    if let text = parts["INTERVAL"] {
      // Beyond a million periods apart no two times of a rule fall within the years a calendar can name.
      guard let value = Int(text), (1...1_000_000).contains(value) else { return false }
      interval = value
    }
    if let text = parts["COUNT"] {
      guard let value = Int(text), value >= 0 else { return false }
      count = value
    }
    if let text = parts["UNTIL"] {
      guard let value = EventClock.reading(text[...]) else { return false }
      until = value
    }
    if let text = parts["WKST"] {
      guard let value = Self.weekdays[text] else { return false }
      weekStart = value
    }
    return true
  }

  private mutating func readLists(_ parts: [String: String]) -> Bool {
    func numbers(_ name: String, _ range: ClosedRange<Int>, negative: Bool = false) -> [Int]? {
      guard let text = parts[name] else { return [] }
      let values = text.split(separator: ",").map { Int(ICalendarReader.trimmed($0)) }
      guard values.allSatisfy({ $0.map { range.contains(abs($0)) && ($0 >= 0 || negative) } ?? false }) else {
        return nil
      }
      return Array(Set(values.compactMap { $0 })).sorted()
    }
    guard let seconds = numbers("BYSECOND", 0...60), let minutes = numbers("BYMINUTE", 0...59),
      let hours = numbers("BYHOUR", 0...23), let monthDays = numbers("BYMONTHDAY", 1...31, negative: true),
      let yearDays = numbers("BYYEARDAY", 1...366, negative: true),
      let weeks = numbers("BYWEEKNO", 1...53, negative: true), let months = numbers("BYMONTH", 1...12),
      let positions = numbers("BYSETPOS", 1...366, negative: true)
    else { return false }
    // A leap second (60) is read as the second before it, as in a DATE-TIME.
    (bySecond, byMinute, byHour) = (seconds.map { min($0, 59) }, minutes, hours)
    (byMonthDay, byYearDay, byWeekNumber, byMonth, bySetPosition) = (monthDays, yearDays, weeks, months, positions)
    guard let text = parts["BYDAY"] else { return true }
    for entry in text.split(separator: ",") {
      let entry = ICalendarReader.trimmed(entry)
      guard entry.count >= 2, let weekday = Self.weekdays[String(entry.suffix(2))] else { return false }
      let prefix = entry.dropLast(2)
      guard let ordinal = prefix.isEmpty ? 0 : Int(prefix), abs(ordinal) <= 53 else { return false }
      byDay.append(Weekday(ordinal: ordinal, weekday: weekday))
    }
    return true
  }
}
