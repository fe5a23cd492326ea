import Foundation

/// The hours of each day in which desktop reminders wait, written "22:00-08:00": from the first time up to (not
/// including) the second, across midnight when the second is the earlier one. What comes meanwhile is said in one
/// reminder when they end.
public struct QuietHours: Equatable, Sendable {
  public var start: ClockTime
  public var end: ClockTime

  /// Nil when both are the same time: that would be a day with no quiet, or all quiet, and neither is meant.
  public init?(start: ClockTime, end: ClockTime) {
    guard start != end else { return nil }
    self.start = start
    self.end = end
  }

  /// Reads "22:00-08:00" (also "22-8", "22:00 - 8:00"); nil when it is not two times of day, different, with a dash.
  public init?(written text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let start = ClockTime(written: String(parts[0])),
      let end = ClockTime(written: String(parts[1]))
    else { return nil }
    self.init(start: start, end: end)
  }

  /// "22:00-08:00", as the settings write it.
  public var written: String { start.written + "-" + end.written }

  /// Whether `instant` falls in the quiet hours, on the clock of `calendar`'s zone.
  public func contains(_ instant: Date, in calendar: LocalCalendar) -> Bool {
    let clock = calendar.clock(of: instant)
    return start < end ? start <= clock && clock < end : clock >= start || clock < end
  }

  /// When the quiet hours that hold `instant` began; nil when `instant` is not in them.
  public func began(before instant: Date, in calendar: LocalCalendar) -> Date? {
    guard contains(instant, in: calendar) else { return nil }
    let day = calendar.day(of: instant)
    let today = calendar.date(day, start)
    return today <= instant ? today : calendar.date(day.adding(days: -1), start)
  }

  /// When the quiet hours that hold `instant` end; nil when `instant` is not in them.
  public func end(after instant: Date, in calendar: LocalCalendar) -> Date? {
    guard contains(instant, in: calendar) else { return nil }
    let day = calendar.day(of: instant)
    let today = calendar.date(day, end)
    return today > instant ? today : calendar.date(day.adding(days: 1), end)
  }
}

extension ClockTime {
  /// Reads a time of day on the 24-hour clock as settings write it: "08:30", "8:30", "9".
  public init?(written text: String) {
    let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isDigit) }),
      let hour = Int(parts[0])
    else { return nil }
    self.init(hour: hour, minute: parts.count == 2 ? Int(parts[1]) ?? 60 : 0)
  }

  /// "08:30": two digits each (a listing writes two or three times a task).
  public var written: String {
    guard (0..<100).contains(hour), (0..<100).contains(minute) else {
      return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
    return String(unsafeUninitializedCapacity: 5) { text in
      for (index, byte) in [hour / 10, hour % 10, -1, minute / 10, minute % 10].enumerated() {
        text[index] = byte < 0 ? UInt8(ascii: ":") : UInt8(ascii: "0") + UInt8(byte)
      }
      return 5
    }
  }
}
