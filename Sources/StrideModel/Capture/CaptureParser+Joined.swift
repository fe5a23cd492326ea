import Foundation

/// A day and a time of day written apart in one line: "tues: dentist 3pm", "call at 3pm, friday".
extension CaptureParser {
  /// The due time a day alone and a time of day alone make together, in either order; nil for any other pair (two
  /// days, two times, a range, a start, or a time in a zone of its own), which stays a second time, named.
  func joinedDue(_ first: TimeParser.Match?, _ second: TimeParser.Match) -> Date? {
    guard let first, first.end == nil, second.end == nil, first.zone == nil, second.zone == nil,
      first.role != .start, second.role != .start
    else { return nil }
    let calendar = times.calendar
    switch (first.value, second.value) {
    case (.day(let day), .instant(let time)) where second.timeOfDayOnly:
      return calendar.date(day, calendar.clock(of: time))
    case (.instant(let time), .day(let day)) where first.timeOfDayOnly:
      return calendar.date(day, calendar.clock(of: time))
    default:
      return nil
    }
  }
}
