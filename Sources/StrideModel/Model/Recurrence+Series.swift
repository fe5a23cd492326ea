import Foundation
import StrideBase

/// A series with an end: RRULE's COUNT (how many are left) or UNTIL (the last day). A routine stops at its end
/// however it gets there — done, skipped, or moved on while missed — as a phone's calendar stops it.
extension Recurrence {
  /// Whether the series goes on to an occurrence at `next`, or has ended (its last occurrence was done).
  public func continues(to next: Date, in calendar: LocalCalendar) -> Bool {
    reaches(next, steps: 1, in: calendar)
  }

  /// Whether the occurrence at `occurrence`, `steps` after the current one, is still in the series.
  func reaches(_ occurrence: Date, steps: Int, in calendar: LocalCalendar) -> Bool {
    if let count, count <= steps { return false }
    guard let until, let day = Self.untilDay(until) else { return true }
    if let instant = Self.untilInstant(until) {
      // An instant written in UTC ("20261205T170000Z") is the last moment an occurrence may have.
      return occurrence <= instant
    }
    return calendar.day(of: occurrence) <= day
  }

  /// The rule after one occurrence was done or skipped: one fewer left in a counted series.
  var afterOne: Recurrence { passing(1) }

  /// The rule after `steps` occurrences were done, skipped or passed over: that many fewer left in a counted series.
  public func passing(_ steps: Int) -> Recurrence {
    var rule = self
    rule.count = count.map { max(1, $0 - steps) }
    return rule
  }

  /// An UNTIL written as a UTC instant, `20261205T170000Z`.
  static func untilInstant(_ value: String) -> Date? {
    value.count == 16 ? Timestamp.parseBasic(value) : nil
  }
}
