import Foundation
import StrideBase

/// How a routine repeats: a subset of iCalendar's RRULE (RFC 5545) — a frequency and an interval, weekdays for a
/// weekly rule, a day of the month or an nth weekday for a monthly one — whether the next one is counted from when
/// it was done ("every 3 days after done", Todoist's `every!`) rather than from the schedule, and the series' start
/// and end (DTSTART's day; UNTIL or COUNT).
///
/// Occurrences keep their local clock time across daylight-saving changes. A day of the month that a month lacks
/// ("every month on the 31st") falls on that month's last day; 29 February falls on 28 February in other years.
public struct Recurrence: Equatable, Sendable, Codable {
  public enum Frequency: String, Sendable, Codable {
    /// Every so many hours, counted in elapsed time from the first occurrence ("every 3 hours").
    case hourly = "HOURLY"
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case monthly = "MONTHLY"
    case yearly = "YEARLY"
  }

  public var frequency: Frequency
  /// Every `interval` days, weeks, months or years (1 or more).
  public var interval: Int
  /// ISO weekdays (1 Monday … 7 Sunday) of a weekly rule; empty: the weekday of its first occurrence.
  public var weekdays: [Int]
  /// The days of the month of a monthly rule (1…31, or -1 for the last day); empty: the first occurrence's day.
  public var monthDays: [Int]
  /// The nth weekday of the month of a monthly rule: (1…5 or -1 for the last, ISO weekday).
  public var ordinal: Ordinal?
  /// A monthly rule on the nth (1…5, or -1 for the last) of the month's days that fall on `weekdays` (RRULE's
  /// BYSETPOS): "every month on the last weekday" is weekdays Monday to Friday, position -1.
  public var setPosition: Int?
  /// The next occurrence counts from when it was done, not from the schedule.
  public var afterDone: Bool
  /// A series with an end (RRULE's COUNT): how many occurrences are left, the current one included. Each one done
  /// or skipped takes one off, as Tasks.org does; the last one done ends the routine.
  public var count: Int?
  /// A series with an end (RRULE's UNTIL, as written: a day or an instant): no occurrence after it.
  public var until: String?
  /// The day the series starts (DTSTART's day, `20261207`), when the line named one ("every monday starting dec 7"):
  /// its first occurrence is on or after it. Kept with the rule so the reply and `show` can say it.
  public var start: String?

  public struct Ordinal: Equatable, Sendable, Codable {
    public var number: Int
    public var weekday: Int
  }

  public init(
    _ frequency: Frequency, interval: Int = 1, weekdays: [Int] = [], monthDays: [Int] = [], ordinal: Ordinal? = nil,
    setPosition: Int? = nil, afterDone: Bool = false
  ) {
    self.setPosition = setPosition
    self.frequency = frequency
    self.interval = max(1, interval)
    self.weekdays = weekdays.sorted()
    self.monthDays = monthDays.sorted { ($0 == -1 ? 32 : $0) < ($1 == -1 ? 32 : $1) }
    self.ordinal = ordinal
    self.afterDone = afterDone
  }

  static let dayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
  static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

  // MARK: RRULE

  /// `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH`, `FREQ=MONTHLY;BYDAY=-1FR`, `FREQ=MONTHLY;BYMONTHDAY=1`.
  public var rrule: String {
    var parts = ["FREQ=\(frequency.rawValue)"]
    if interval > 1 { parts.append("INTERVAL=\(interval)") }
    if !weekdays.isEmpty { parts.append("BYDAY=" + weekdays.map { Self.dayCodes[$0 - 1] }.joined(separator: ",")) }
    if let ordinal { parts.append("BYDAY=\(ordinal.number)\(Self.dayCodes[ordinal.weekday - 1])") }
    if !monthDays.isEmpty { parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ",")) }
    if let setPosition { parts.append("BYSETPOS=\(setPosition)") }
    if let count { parts.append("COUNT=\(count)") }
    if let until { parts.append("UNTIL=\(until)") }
    return parts.joined(separator: ";")
  }

  /// The rule as the store keeps it: the RRULE, and the series' start as a `DTSTART=20261207` part when it has one
  /// (RRULE itself has no place for it; `init(rrule:)` reads it back).
  public var stored: String {
    rrule + (start.map { ";DTSTART=\($0)" } ?? "")
  }

  /// Reads the RRULE subset Stride keeps (and the `DTSTART=` part of `stored`); nil for a rule it would not keep
  /// faithfully (minutely rules, hourly ones on certain days, several monthly weekdays…), so an import can say so
  /// instead of changing it.
  public init?(rrule: String, afterDone: Bool = false) {
    var fields: [String: String] = [:]
    for part in rrule.uppercased().split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { return nil }
      fields[String(pair[0])] = String(pair[1])
    }
    guard let frequency = fields.removeValue(forKey: "FREQ").flatMap(Frequency.init(rawValue:)) else { return nil }
    let interval = fields.removeValue(forKey: "INTERVAL").map { Int($0) } ?? 1
    guard let interval, interval >= 1, interval <= 999 else { return nil }
    fields.removeValue(forKey: "WKST")
    let count = fields.removeValue(forKey: "COUNT").map { Int($0) }
    guard count.map({ $0.map { (1...9999).contains($0) } ?? false }) != false else { return nil }
    let until = fields.removeValue(forKey: "UNTIL")
    guard until.map(Self.untilDay) != .some(nil), count == nil || until == nil else { return nil }
    let start = fields.removeValue(forKey: "DTSTART")
    guard start.map(Self.untilDay) != .some(nil) else { return nil }
    // An hourly rule is every so many hours and nothing else: "every hour on Mondays" is not kept.
    guard frequency != .hourly || fields.isEmpty else { return nil }
    guard let (weekdays, ordinal) = Self.byDay(fields.removeValue(forKey: "BYDAY") ?? "", frequency) else { return nil }
    let setPosition = fields.removeValue(forKey: "BYSETPOS").map { Int($0) }
    if let setPosition {
      // Only "the nth of these weekdays in the month": every last weekday, every first business day.
      guard frequency == .monthly, !weekdays.isEmpty, ordinal == nil, let position = setPosition,
        (1...23).contains(position) || position == -1
      else { return nil }
    } else {
      guard frequency == .weekly || (frequency == .daily && weekdays.count == 5) || weekdays.isEmpty else {
        return nil
      }
    }
    var monthDays: [Int] = []
    if let text = fields.removeValue(forKey: "BYMONTHDAY") {
      for part in text.split(separator: ",") {
        guard frequency == .monthly, let day = Int(part), (1...31).contains(day) || day == -1 else { return nil }
        if !monthDays.contains(day) { monthDays.append(day) }
      }
    }
    guard fields.isEmpty, ordinal == nil || monthDays.isEmpty, setPosition == nil || monthDays.isEmpty else {
      return nil
    }
    if frequency == .daily, !weekdays.isEmpty {
      // FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR is how some apps write "every weekday".
      self.init(.weekly, interval: interval, weekdays: weekdays, afterDone: afterDone)
    } else {
      self.init(
        frequency, interval: interval, weekdays: weekdays, monthDays: monthDays, ordinal: ordinal, afterDone: afterDone)
    }
    (self.count, self.until, self.setPosition) = (count ?? nil, until, setPosition ?? nil)
    self.start = start.flatMap(Self.untilDay).map(Self.dayText)
  }

  /// A BYDAY value read: the weekdays (1 is Monday), or one "nth weekday of the month" (`2TU`, `-1FR`, monthly
  /// only); nil for a value Stride would not keep faithfully.
  private static func byDay(_ text: String, _ frequency: Frequency) -> (weekdays: [Int], ordinal: Ordinal?)? {
    var weekdays: [Int] = []
    var ordinal: Ordinal?
    for code in text.split(separator: ",") {
      guard let weekday = dayCodes.firstIndex(of: String(code.suffix(2))).map({ $0 + 1 }) else { return nil }
      let number = code.dropLast(2)
      if number.isEmpty {
        weekdays.append(weekday)
      } else {
        guard frequency == .monthly, ordinal == nil, let n = Int(number), (1...5).contains(n) || n == -1 else {
          return nil
        }
        ordinal = Ordinal(number: n, weekday: weekday)
      }
    }
    return (weekdays, ordinal)
  }

  /// The day of an UNTIL value (`20261205` or `20261205T235959Z`), nil when it is not one.
  package static func untilDay(_ value: String) -> CivilDate? {
    let digits = value.prefix(8)
    guard digits.count == 8, digits.allSatisfy(\.isNumber), value.count == 8 || value.dropFirst(8).first == "T",
      let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)), let day = Int(digits.suffix(2))
    else { return nil }
    return CivilDate(year: year, month: month, day: day)
  }

  /// A day as RRULE writes it: `20261207`.
  public static func dayText(_ day: CivilDate) -> String {
    String(format: "%04d%02d%02d", day.year, day.month, day.day)
  }

  // MARK: Words

  /// The rule as a person says it: "every Monday", "every weekday", "every 2 weeks", "every day", "every month on
  /// the 31st", "every month on the last Friday", "every 3 days after done".
  public var words: String {
    let unit: String =
      switch frequency {
      case .hourly: "hour"
      case .daily: "day"
      case .weekly: "week"
      case .monthly: "month"
      case .yearly: "year"
      }
    var text: String
    if frequency == .weekly, weekdays == [1, 2, 3, 4, 5], interval == 1 {
      text = "every weekday"
    } else if frequency == .weekly, !weekdays.isEmpty {
      let names = weekdays.map { Self.weekdayNames[$0 - 1] }
      let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
      text = interval == 1 ? "every \(list)" : "every \(interval) weeks on \(list)"
    } else if let setPosition {
      let which =
        setPosition == -1 ? "last" : setPosition > 5 ? Self.ordinalNumber(setPosition) : Self.ordinalWord(setPosition)
      let days = weekdays == [1, 2, 3, 4, 5] ? "weekday" : listed(weekdays.map { Self.weekdayNames[$0 - 1] })
      text = (interval == 1 ? "every month" : "every \(interval) months") + " on the \(which) \(days)"
    } else if let ordinal {
      let which = ordinal.number == -1 ? "last" : Self.ordinalWord(ordinal.number)
      let day = Self.weekdayNames[ordinal.weekday - 1]
      // "every second Tuesday" reads as every other Tuesday: the month is named.
      text = interval == 1 ? "every month on the \(which) \(day)" : "every \(interval) months on the \(which) \(day)"
    } else {
      text = interval == 1 ? "every \(unit)" : "every \(interval) \(unit)s"
      if !monthDays.isEmpty {
        let days = monthDays.map { $0 == -1 ? "last day" : Self.ordinalNumber($0) }
        let list = days.count == 1 ? days[0] : days.dropLast().joined(separator: ", ") + " and " + days.last!
        text += " on the \(list)"
      }
    }
    if afterDone { text += " after done" }
    if let day = start.flatMap(Self.untilDay) { text += " from \(Self.dayWords(day))" }
    if let count { text += count == 1 ? ", this time the last" : ", \(count) times counting this one" }
    if let until, let day = Self.untilDay(until) {
      // An hourly rule's end is an instant, kept in UTC: said as the day and the hour on the clock where the words
      // are read (the daemon's zone, the person's), never as UTC's.
      if frequency == .hourly, let instant = Self.untilInstant(until) {
        let local = LocalCalendar(timeZone: .current)
        let clock = local.clock(of: instant)
        text +=
          " until \(Self.dayWords(local.day(of: instant))) at " + String(format: "%02d:%02d", clock.hour, clock.minute)
      } else {
        text += " until \(Self.dayWords(day))"
      }
    }
    return text
  }

  /// "7 December 2026".
  static func dayWords(_ day: CivilDate) -> String {
    "\(day.day) \(monthNames[day.month - 1]) \(day.year)"
  }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// A routine as a why-line names it, so two routines on different days never read alike: "your daily
  /// routine", "your weekday routine", "your Tuesday and Friday routine", "your routine on the 1st of the month",
  /// "your routine every 2 weeks on Monday".
  public var routineName: String {
    let plain = interval == 1 && count == nil && until == nil && !afterDone
    switch frequency {
    case .hourly where plain: return "your hourly routine"
    case .daily where plain: return "your daily routine"
    case .weekly where plain && weekdays == [1, 2, 3, 4, 5]: return "your weekday routine"
    case .weekly where plain && weekdays == [6, 7]: return "your weekend routine"
    case .weekly where plain && !weekdays.isEmpty:
      return "your \(listed(weekdays.map { Self.weekdayNames[$0 - 1] })) routine"
    case .monthly where plain && ordinal == nil && !monthDays.isEmpty:
      let days = monthDays.map { $0 == -1 ? "last day" : Self.ordinalNumber($0) }
      return "your routine on the \(listed(days)) of the month"
    case .yearly where plain: return "your yearly routine"
    default:
      // The rule's own words say when: "every 2 weeks on Monday", "every month on the second Tuesday".
      return "your routine \(words)"
    }
  }

  static func ordinalWord(_ number: Int) -> String {
    ["first", "second", "third", "fourth", "fifth"][max(0, min(4, number - 1))]
  }

  static func ordinalNumber(_ number: Int) -> String {
    let suffix =
      switch (number % 10, number % 100) {
      case (_, 11...13): "th"
      case (1, _): "st"
      case (2, _): "nd"
      case (3, _): "rd"
      default: "th"
      }
    return "\(number)\(suffix)"
  }
}
