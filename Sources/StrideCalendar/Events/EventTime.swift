import Foundation
import StrideBase
import StrideModel

/// A clock reading as an event writes it, counted as "wall seconds": the seconds since 1970-01-01 00:00 on that
/// clock, as if it were UTC's. Recurrence is worked out on the wall clock (a 09:00 meeting stays at 09:00 when summer
/// time begins), and a zone turns the reading into an instant only at the end.
struct EventTime {
  /// The clock reading.
  var wall: Int
  /// The zone the reading is in: the one a TZID names, UTC for a time written with `Z`, else the person's.
  var zone: EventZone
  /// A DATE value (an all-day event's day): `wall` is that day's midnight, read in the person's zone.
  var isDay: Bool

  /// The instant this reading names, in seconds since 1970.
  var instant: Int { zone.instant(ofWall: wall) }

  /// The day this reading falls on, as days since 1970-01-01.
  var day: Int { EventClock.day(ofWall: wall) }
}

/// Day and clock arithmetic on wall seconds and the RFC 5545 values that are written in them.
enum EventClock {
  private static let epoch = CivilDate(year: 1970, month: 1, day: 1)!

  /// The day a wall reading falls on, as days since 1970-01-01 (negative before it).
  static func day(ofWall wall: Int) -> Int { floorDivide(wall, Seconds.perDay) }

  /// The seconds since that day's midnight.
  static func secondOfDay(ofWall wall: Int) -> Int { wall - day(ofWall: wall) * Seconds.perDay }

  /// The calendar day of a day number.
  static func civil(day: Int) -> CivilDate { epoch.adding(days: day) }

  /// 1 = Monday … 7 = Sunday, as RFC 5545's MO … SU.
  static func weekday(day: Int) -> Int { ((day % 7 + 7) % 7 + 3) % 7 + 1 }

  /// Division that rounds toward minus infinity, for days and periods before 1970.
  static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    let quotient = value / divisor
    return value % divisor != 0 && (value < 0) != (divisor < 0) ? quotient - 1 : quotient
  }

  /// A DATE (`20260314`) or DATE-TIME (`20260314T090000`, `…Z`) value: the wall seconds, whether it is a DATE, and
  /// whether it is UTC. nil when it is neither, or names a day or time that does not exist.
  static func reading(_ value: Substring) -> (wall: Int, isDay: Bool, utc: Bool)? {
    let bytes = Array(value.utf8.prefix(17))
    guard bytes.count >= 8, let year = number(bytes, 0..<4), let month = number(bytes, 4..<6),
      let day = number(bytes, 6..<8), let civil = CivilDate(year: year, month: month, day: day)
    else { return nil }
    let dayWall = civil.dayNumber * Seconds.perDay
    if bytes.count == 8 { return (dayWall, true, false) }
    guard bytes.count >= 15, bytes[8] == UInt8(ascii: "T") || bytes[8] == UInt8(ascii: "t"),
      let hour = number(bytes, 9..<11), let minute = number(bytes, 11..<13), let second = number(bytes, 13..<15),
      hour < 24, minute < 60, second <= 60
    else { return nil }
    let utc = bytes.count > 15 && (bytes[15] == UInt8(ascii: "Z") || bytes[15] == UInt8(ascii: "z"))
    guard bytes.count == 15 || (bytes.count == 16 && utc) else { return nil }
    // A leap second (:60) is read as the second before it: a calendar never means the difference.
    return (dayWall + hour * Seconds.perHour + minute * Seconds.perMinute + min(second, 59), false, utc)
  }

  private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
    var value = 0
    for index in range {
      let digit = Int(bytes[index]) - 48
      guard (0...9).contains(digit) else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  /// An RFC 5545 duration (`P1D`, `PT1H30M`, `P1W`, `-PT15M`): whole days, which keep the clock time across a
  /// change to or from summer time, and seconds, which are time passing. nil when it is not one.
  static func duration(_ value: Substring) -> EventLength? {
    var text = ICalendarReader.trimmed(value).uppercased()[...]
    var sign = 1
    if text.first == "-" || text.first == "+" {
      sign = text.first == "-" ? -1 : 1
      text = text.dropFirst()
    }
    guard text.first == "P", text.count > 1 else { return nil }
    var (days, seconds, digits, inTime, sawUnit) = (0, 0, 0, false, false)
    var pending: Int?
    for character in text.dropFirst() {
      if let digit = character.wholeNumberValue, character.isASCII {
        guard digits < 9 else { return nil }
        pending = (pending ?? 0) * 10 + digit
        digits += 1
        continue
      }
      if character == "T" && pending == nil && !inTime {
        inTime = true
        continue
      }
      guard let amount = pending else { return nil }
      switch (character, inTime) {
      case ("W", false): days += amount * 7
      case ("D", false): days += amount
      case ("H", true): seconds += amount * Seconds.perHour
      case ("M", true): seconds += amount * Seconds.perMinute
      case ("S", true): seconds += amount
      default: return nil
      }
      (pending, digits, sawUnit) = (nil, 0, true)
    }
    guard pending == nil, sawUnit else { return nil }
    return EventLength(days: sign * days, seconds: sign * seconds)
  }
}

/// How long an event lasts: whole days on the clock (an all-day event's, or a DURATION's `P1D`) and seconds of time
/// passing, so that a two-day event keeps its clock times across a change to summer time.
struct EventLength: Equatable {
  var days = 0
  var seconds = 0

  /// No length: an event that marks a moment.
  static let none = EventLength()

  /// The end of an occurrence that starts at `wall` in `zone`, as an instant.
  func end(startWall wall: Int, zone: EventZone) -> Int {
    zone.instant(ofWall: wall + days * Seconds.perDay) + seconds
  }

  /// At least how long this is, in seconds, for bounding how far back an occurrence can start and still reach a
  /// window (a day of the clock can be 25 hours).
  var longest: Int { max(0, days * (Seconds.perDay + Seconds.perHour) + seconds) }
}
