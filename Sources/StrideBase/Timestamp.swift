#if canImport(Glibc)
  import Glibc
#endif

/// An instant on the wire: RFC 3339, written in UTC to the second (`2026-11-21T09:00:00Z`).
///
/// Reading accepts any RFC 3339 offset (`+01:00`, `z`) and ignores fractional seconds, so every stored instant is a
/// whole second, which is also how the store keeps it. It counts seconds as Foundation's `Date` does (from the start
/// of 2001), so the model converts between the two exactly; this type needs no Foundation, so the client has it too.
public struct Timestamp: Codable, Sendable, Hashable, Comparable {
  /// Seconds since 2001-01-01T00:00:00Z.
  public var sinceReferenceDate: Double

  /// Seconds between 1970 and 2001, as Foundation counts them.
  public static let referenceDateSince1970: Double = 978_307_200

  public init(sinceReferenceDate: Double) { self.sinceReferenceDate = sinceReferenceDate }

  public init(secondsSince1970: Double) { sinceReferenceDate = secondsSince1970 - Self.referenceDateSince1970 }

  /// Reads a full RFC 3339 date-time (`YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`); nil if it is anything else.
  public init?(rfc3339 text: String) {
    guard let seconds = Self.secondsSince1970(text) else { return nil }
    self.init(secondsSince1970: Double(seconds))
  }

  public var secondsSince1970: Double { sinceReferenceDate + Self.referenceDateSince1970 }

  public static func < (a: Timestamp, b: Timestamp) -> Bool { a.sinceReferenceDate < b.sinceReferenceDate }

  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let instant = Timestamp(rfc3339: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not an RFC 3339 time such as 2026-12-01T19:00:00Z")
    }
    self = instant
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rfc3339)
  }

  /// The instant as RFC 3339 in UTC, to the second.
  public var rfc3339: String { Self.rfc3339(secondsSince1970: secondsSince1970) }

  /// An instant (seconds since 1970) as RFC 3339 in UTC, to the second.
  public static func rfc3339(secondsSince1970: Double) -> String {
    var seconds = time_t(secondsSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    let year = Int(parts.tm_year) + 1900
    // Four places for the year, sign included (as `padded(4, with: "0")` writes it), more when it takes more.
    var yearDigits = 1
    var rest = year.magnitude / 10
    while rest > 0 {
      yearDigits += 1
      rest /= 10
    }
    let yearWidth = max(year < 0 ? 3 : 4, yearDigits)
    let sign = year < 0 ? 1 : 0
    // Written in place (twenty ASCII bytes for years 0–9999): this is in every task a reply or a history row holds,
    // several times.
    return String(unsafeUninitializedCapacity: sign + yearWidth + 16) { text in
      var end = 0
      func put(_ value: UInt, _ width: Int, then separator: Unicode.Scalar) {
        var value = value
        for place in stride(from: end + width - 1, through: end, by: -1) {
          text[place] = UInt8(ascii: "0") + UInt8(value % 10)
          value /= 10
        }
        text[end + width] = UInt8(ascii: separator)
        end += width + 1
      }
      if sign == 1 {
        text[0] = UInt8(ascii: "-")
        end = 1
      }
      put(year.magnitude, yearWidth, then: "-")
      put(UInt(parts.tm_mon + 1), 2, then: "-")
      put(UInt(parts.tm_mday), 2, then: "T")
      put(UInt(parts.tm_hour), 2, then: ":")
      put(UInt(parts.tm_min), 2, then: ":")
      put(UInt(parts.tm_sec), 2, then: "Z")
      return end
    }
  }

  /// Seconds since 1970 of a full RFC 3339 date-time; nil if the text is anything else.
  public static func secondsSince1970(_ text: String) -> Int? {
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
      offsetSeconds = UTCOffset.seconds(negative: sign == UInt8(ascii: "-"), hours: offsetHours, minutes: offsetMinutes)
    } else {
      return nil
    }
    guard reader.atEnd else { return nil }
    guard let local = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    else { return nil }
    return local.secondsSinceEpochAsUTC - offsetSeconds
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

  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The wall-clock time as C's `tm`.
  package var parts: tm {
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
}

/// Reads fixed-width ASCII digits and single separators from a byte string.
package struct DigitReader {
  package init(bytes: [UInt8]) { self.bytes = bytes }

  package let bytes: [UInt8]
  package var position = 0

  package var atEnd: Bool { position == bytes.count }

  package mutating func number(_ width: Int) -> Int? {
    guard position + width <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[position..<position + width] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    position += width
    return value
  }

  package mutating func take(_ choices: [Unicode.Scalar]) -> UInt8? {
    guard position < bytes.count, choices.contains(where: { UInt8(ascii: $0) == bytes[position] }) else {
      return nil
    }
    position += 1
    return bytes[position - 1]
  }

  package mutating func skip(_ choices: [Unicode.Scalar]) -> Bool { take(choices) != nil }
  package mutating func skip(_ choice: Unicode.Scalar) -> Bool { take([choice]) != nil }
}
