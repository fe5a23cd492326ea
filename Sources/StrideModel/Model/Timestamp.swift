import Foundation
import StrideBase

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
    var reader = DigitReader(bytes: Array(text.utf8))
    guard let year = reader.number(4), let month = reader.number(2), let day = reader.number(2), reader.skip("T"),
      let hour = reader.number(2), let minute = reader.number(2), let second = reader.number(2), reader.skip("Z"),
      reader.atEnd
    else { return parse(text) }
    let time = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return time.map { Date(timeIntervalSince1970: TimeInterval($0.secondsSinceEpochAsUTC)) }
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
