import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An instant on the wire: RFC 3339, written in UTC to the second (`2026-11-21T09:00:00Z`).
///
/// Reading accepts any RFC 3339 offset (`+01:00`, `z`) and ignores fractional seconds, so every stored instant is a
/// whole second, which is also how the store keeps it.
public struct Timestamp: Codable, Sendable, Equatable {
  public var date: Date

  public init(_ date: Date) { self.date = date }

  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = Timestamp.parse(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not an RFC 3339 time such as 2026-12-01T19:00:00Z")
    }
    self.date = date
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Timestamp.format(date))
  }

  /// Formats an instant as RFC 3339 in UTC, to the second.
  public static func format(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
  }

  /// Formats an instant in the basic form iCalendar and Taskwarrior write, in UTC: `20261121T090000Z`.
  public static func basic(_ date: Date) -> String {
    format(date).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
  }

  /// Reads the basic form (`20261121T090000Z`), and RFC 3339 as `parse` does; nil if it is neither.
  public static func parseBasic(_ text: String) -> Date? {
    let digits = Array(text.utf8)
    guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z") else {
      return parse(text)
    }
    func number(_ range: Range<Int>) -> String { String(decoding: digits[range], as: UTF8.self) }
    return parse(
      "\(number(0..<4))-\(number(4..<6))-\(number(6..<8))T\(number(9..<11)):\(number(11..<13)):\(number(13..<15))Z")
  }

  /// Parses a full RFC 3339 date-time (`YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`); nil if it is anything else.
  public static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    var reader = DigitReader(bytes: bytes)
    guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
      let day = reader.number(2), reader.skip(["T", "t", " "]), let hour = reader.number(2), reader.skip(":"),
      let minute = reader.number(2), reader.skip(":"), let second = reader.number(2)
    else { return nil }
    if reader.skip(".") {
      guard reader.number(1) != nil else { return nil }
      while reader.number(1) != nil {}
    }
    var offsetSeconds = 0
    if reader.skip(["Z", "z"]) {
      offsetSeconds = 0
    } else if let sign = reader.take(["+", "-"]) {
      guard let offsetHours = reader.number(2), reader.skip(":"), let offsetMinutes = reader.number(2),
        offsetHours < 24, offsetMinutes < 60
      else { return nil }
      offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
    } else {
      return nil
    }
    guard reader.atEnd else { return nil }
    guard let local = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC - offsetSeconds))
  }
}

/// A calendar date and wall-clock time without a zone, validated field by field.
public struct CivilTime: Equatable, Sendable {
  public var year, month, day, hour, minute, second: Int

  public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    guard (1...9999).contains(year), (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
      (0...60).contains(second), day >= 1, day <= CivilTime.daysIn(month: month, year: year)
    else { return nil }
    (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The wall-clock time as C's `tm`.
  private var parts: tm {
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(hour)
    parts.tm_min = Int32(minute)
    parts.tm_sec = Int32(second)
    return parts
  }

  /// Seconds since 1970 if this wall-clock time were UTC.
  public var secondsSinceEpochAsUTC: Int {
    var parts = parts
    return Int(timegm(&parts))
  }

  /// The instant this wall-clock time names in the system's local time zone.
  public var localDate: Date {
    var parts = parts
    parts.tm_isdst = -1
    return Date(timeIntervalSince1970: TimeInterval(mktime(&parts)))
  }
}

/// Reads fixed-width ASCII digits and single separators from a byte string.
struct DigitReader {
  let bytes: [UInt8]
  var position = 0

  var atEnd: Bool { position == bytes.count }

  mutating func number(_ width: Int) -> Int? {
    guard position + width <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[position..<position + width] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    position += width
    return value
  }

  mutating func take(_ choices: [Unicode.Scalar]) -> UInt8? {
    guard position < bytes.count, choices.contains(where: { UInt8(ascii: $0) == bytes[position] }) else {
      return nil
    }
    position += 1
    return bytes[position - 1]
  }

  mutating func skip(_ choices: [Unicode.Scalar]) -> Bool { take(choices) != nil }
  mutating func skip(_ choice: Unicode.Scalar) -> Bool { take([choice]) != nil }
}
