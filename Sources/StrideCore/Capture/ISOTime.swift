import Foundation

/// Dates and times written the ISO 8601 way, as `--until`, `--due` and `--at` take them.
///
/// Accepted: a full RFC 3339 time (`2026-12-01T19:00:00Z`, `…+01:00`), a local date-time (`2026-12-01T19:00`,
/// `2026-12-01 19:00`, seconds optional) and a date alone (`2026-12-01`), which means the start or the end of
/// that day as the caller says.
public enum ISOTime {
  /// What a date without a time stands for.
  public enum DateOnly: Sendable {
    /// 00:00 that day: "defer until Tuesday" means it is back when Tuesday starts.
    case startOfDay
    /// 23:59:59 that day: "due Tuesday" means by the end of Tuesday.
    case endOfDay
  }

  /// The instant `text` names in `timeZone`, or nil if it is not one of the accepted forms.
  public static func parse(_ text: String, dateOnly: DateOnly, timeZone: TimeZone = .current) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let instant = Timestamp.parse(trimmed) { return instant }
    var reader = DigitReader(bytes: Array(trimmed.utf8))
    guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
      let day = reader.number(2)
    else { return nil }
    var (hour, minute, second) = dateOnly == .startOfDay ? (0, 0, 0) : (23, 59, 59)
    if !reader.atEnd {
      guard reader.skip(["T", "t", " "]), let h = reader.number(2), reader.skip(":"), let m = reader.number(2) else {
        return nil
      }
      (hour, minute, second) = (h, m, 0)
      if reader.skip(":") {
        guard let s = reader.number(2) else { return nil }
        second = s
      }
      guard reader.atEnd else { return nil }
    }
    guard let civil = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    else { return nil }
    let utc = TimeInterval(civil.secondsSinceEpochAsUTC)
    // The zone's offset at that wall-clock time; checked once more in case the guess crosses a DST change.
    var offset = TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: utc)))
    offset = TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: utc - offset)))
    return Date(timeIntervalSince1970: utc - offset)
  }

  /// The one-line hint shown when a time cannot be read.
  public static let example = "a date like 2026-12-01 or a date and time like 2026-12-01T19:00"
}

/// A task or one of its steps, as a person writes it: `12` or `12.2`.
public struct TaskAddress: Equatable, Sendable {
  public var id: TaskID
  /// The 1-based step number, when the address names a step.
  public var step: Int?

  public init(id: TaskID, step: Int? = nil) {
    self.id = id
    self.step = step
  }

  /// Reads `12` or `12.2`; nil for anything else (`12.x`, `0`, `-3`, `12.`).
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let id = Int64(parts[0]), id > 0, parts[0].allSatisfy(\.isASCII) else {
      return nil
    }
    self.id = TaskID(id)
    if parts.count == 2 {
      guard let step = Int(parts[1]), step > 0, parts[1].allSatisfy(\.isNumber) else { return nil }
      self.step = step
    }
  }
}

/// Estimates written the short way: `15m`, `90min`, `1h30m`, `2h`, `1.5h`, or a bare number of minutes.
public enum Minutes {
  /// The whole number of minutes `text` names, or nil.
  public static func parse(_ text: String) -> Int? {
    let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
    if let bare = Int(lower) { return bare > 0 ? bare : nil }
    var total = 0.0
    var rest = Substring(lower)
    var sawUnit = false
    while !rest.isEmpty {
      let number = rest.prefix { $0.isNumber || $0 == "." }
      guard !number.isEmpty, let value = Double(number) else { return nil }
      rest = rest.dropFirst(number.count)
      let unit = rest.prefix { $0.isLetter }
      rest = rest.dropFirst(unit.count)
      switch unit {
      case "h", "hr", "hrs", "hour", "hours": total += value * 60
      case "m", "min", "mins", "minute", "minutes": total += value
      default: return nil
      }
      sawUnit = true
    }
    let minutes = Int(total.rounded())
    return sawUnit && minutes > 0 ? minutes : nil
  }

  /// "10 min", "1 hr", "1 hr 30 min": words a screen reader says correctly.
  public static func format(_ minutes: Int) -> String {
    let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
    switch (hours, rest) {
    case (0, _): return "\(rest) min"
    case (_, 0): return "\(hours) hr"
    default: return "\(hours) hr \(rest) min"
    }
  }
}
