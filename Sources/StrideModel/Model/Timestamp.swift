import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A `Timestamp` and Foundation's `Date` are the same count of seconds.
extension Timestamp {
  public init(_ date: Date) { self.init(sinceReferenceDate: date.timeIntervalSinceReferenceDate) }

  public var date: Date {
    get { Date(timeIntervalSinceReferenceDate: sinceReferenceDate) }
    set { sinceReferenceDate = newValue.timeIntervalSinceReferenceDate }
  }

  /// Formats an instant as RFC 3339 in UTC, to the second.
  public static func format(_ date: Date) -> String { rfc3339(secondsSince1970: date.timeIntervalSince1970) }

  /// Formats an instant in the basic form iCalendar and Taskwarrior write, in UTC: `20261121T090000Z`.
  public static func basic(_ date: Date) -> String {
    format(date).replacing("-", with: "").replacing(":", with: "")
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
    secondsSince1970(text).map { Date(timeIntervalSince1970: TimeInterval($0)) }
  }
}

extension CivilTime {
  /// The instant this wall-clock time names in the system's local time zone.
  public var localDate: Date {
    var parts = parts
    parts.tm_isdst = -1
    return Date(timeIntervalSince1970: TimeInterval(mktime(&parts)))
  }
}
