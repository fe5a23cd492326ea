import Foundation
import StrideBase

/// ISO 8601 dates and times as Taskwarrior and RFC 3339 write them.
///
/// Dates: `2026-12-01`, `2026-335` (ordinal), `2026-W49-2` (week), `2026-12` (a month), and, when `basic` is allowed,
/// `20261201`, `2026335`, `2026W492`, `202612`. A time may follow after `T` (or a space in the extended form):
/// `19:00`, `19:00:30`, `1900`, `190030`, then an optional zone: `Z`, `+01`, `+0100`, `+01:00`.
public struct ISO8601Value: Equatable, Sendable {
  public var date: CivilDate
  public var time: ClockTime?
  /// Seconds east of UTC when the text names a zone; nil means local time.
  public var utcOffset: Int?

  /// The instant, in `calendar`'s zone when no offset was written; a date alone is the start of that day.
  public func resolve(in calendar: LocalCalendar, dateOnly: ClockTime = .startOfDay) -> Date {
    let clock = time ?? dateOnly
    guard let utcOffset else { return calendar.date(date, clock) }
    return Date(timeIntervalSince1970: TimeInterval(LocalCalendar.wallSeconds(date, clock) - utcOffset))
  }

  /// Reads the whole of `text`; nil if any of it is not part of one ISO 8601 value.
  public static func parse(_ text: String, basic: Bool = true) -> ISO8601Value? {
    var reader = ISOReader(Array(text.utf8))
    guard let value = reader.value(basic: basic), reader.atEnd else { return nil }
    return value
  }

  /// The longest ISO 8601 value at the start of `bytes`, with the number of bytes it used.
  static func prefix(of bytes: [UInt8], basic: Bool) -> (ISO8601Value, Int)? {
    var reader = ISOReader(bytes)
    guard let value = reader.value(basic: basic) else { return nil }
    return (value, reader.position)
  }
}

private struct ISOReader {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { position == bytes.count }

  func peek(_ offset: Int = 0) -> UInt8? {
    position + offset < bytes.count ? bytes[position + offset] : nil
  }

  package func isDigit(_ offset: Int) -> Bool {
    guard let byte = peek(offset) else { return false }
    return byte >= 0x30 && byte <= 0x39
  }

  /// How many digits follow.
  func digitRun() -> Int {
    var count = 0
    while isDigit(count) { count += 1 }
    return count
  }

  mutating func number(_ width: Int) -> Int? {
    guard (0..<width).allSatisfy({ isDigit($0) }) else { return nil }
    var value = 0
    for _ in 0..<width {
      value = value * 10 + Int(bytes[position] - 0x30)
      position += 1
    }
    return value
  }

  mutating func skip(_ character: Character) -> Bool {
    guard let byte = peek(), byte == character.asciiValue else { return false }
    position += 1
    return true
  }

  mutating func value(basic: Bool) -> ISO8601Value? {
    let start = position
    guard digitRun() >= 4, let year = number(4), year >= 1 else { return nil }
    var date: CivilDate?
    var extended = false
    if skip("-") {
      extended = true
      date = extendedDate(year: year)
    } else if basic {
      date = basicDate(year: year)
    }
    guard let date else {
      position = start
      return nil
    }
    var value = ISO8601Value(date: date)
    let beforeTime = position
    if skip("T") || (extended && peek() == 0x20 && isDigit(1) && skip(" ")) {
      guard let time = time(extended: extended) else {
        position = beforeTime
        return value
      }
      value.time = time
      let beforeZone = position
      if let offset = zone() {
        value.utcOffset = offset
      } else {
        position = beforeZone
      }
    }
    return value
  }

  /// After `YYYY-`: `MM-DD`, `MM`, `DDD` or `Www-D`.
  mutating func extendedDate(year: Int) -> CivilDate? {
    if skip("W") {
      guard let week = number(2), skip("-"), let weekday = number(1), digitRun() == 0 else { return nil }
      return weekDate(year: year, week: week, weekday: weekday)
    }
    switch digitRun() {
    case 3:
      guard let ordinal = number(3) else { return nil }
      return ordinalDate(year: year, ordinal: ordinal)
    case 2:
      guard let month = number(2) else { return nil }
      if skip("-") {
        guard digitRun() == 2, let day = number(2) else { return nil }
        return CivilDate(year: year, month: month, day: day)
      }
      return CivilDate(year: year, month: month, day: 1)
    default: return nil
    }
  }

  /// After `YYYY`: `MMDD`, `DDD`, `WwwD` or `MM`.
  mutating func basicDate(year: Int) -> CivilDate? {
    if skip("W") {
      guard digitRun() == 3, let week = number(2), let weekday = number(1) else { return nil }
      return weekDate(year: year, week: week, weekday: weekday)
    }
    switch digitRun() {
    case 4:
      guard let month = number(2), let day = number(2) else { return nil }
      return CivilDate(year: year, month: month, day: day)
    case 3:
      guard let ordinal = number(3) else { return nil }
      return ordinalDate(year: year, ordinal: ordinal)
    case 2:
      guard let month = number(2) else { return nil }
      return CivilDate(year: year, month: month, day: 1)
    default: return nil
    }
  }

  func ordinalDate(year: Int, ordinal: Int) -> CivilDate? {
    let length = CivilTime.daysIn(month: 2, year: year) == 29 ? 366 : 365
    guard (1...length).contains(ordinal) else { return nil }
    return CivilDate(year: year, month: 1, day: 1)!.adding(days: ordinal - 1)
  }

  func weekDate(year: Int, week: Int, weekday: Int) -> CivilDate? {
    guard (1...7).contains(weekday), week >= 1 else { return nil }
    // Week 1 is the week with January 4th in it.
    let mondayOfWeekOne = CivilDate(year: year, month: 1, day: 4)!.startOfWeek
    let nextYearsWeekOne = CivilDate(year: year + 1, month: 1, day: 4)!.startOfWeek
    let weeksInYear = (nextYearsWeekOne.dayNumber - mondayOfWeekOne.dayNumber) / 7
    guard week <= weeksInYear else { return nil }
    return mondayOfWeekOne.adding(days: (week - 1) * 7 + weekday - 1)
  }

  /// `HH:MM[:SS]` (extended) or `HHMM[SS]` (basic).
  mutating func time(extended: Bool) -> ClockTime? {
    guard let hour = number(2) else { return nil }
    let separated = skip(":")
    guard separated || !extended || isDigit(0), let minute = number(2) else { return nil }
    var second = 0
    if separated ? skip(":") : isDigit(0) {
      guard let value = number(2) else { return nil }
      second = value
    }
    if isDigit(0) { return nil }
    return ClockTime(hour: hour, minute: minute, second: second)
  }

  /// `Z`, `±HH`, `±HHMM` or `±HH:MM`, as seconds east of UTC.
  mutating func zone() -> Int? {
    if skip("Z") || skip("z") { return 0 }
    guard let sign = peek(), sign == 0x2B || sign == 0x2D else { return nil }
    position += 1
    guard let hours = number(2) else { return nil }
    var minutes = 0
    if skip(":") {
      guard digitRun() == 2, let value = number(2) else { return nil }
      minutes = value
    } else if digitRun() == 2 {
      minutes = number(2)!
    }
    guard digitRun() == 0, hours <= 14, minutes < 60 else { return nil }
    return UTCOffset.seconds(negative: sign == 0x2D, hours: hours, minutes: minutes)
  }
}
