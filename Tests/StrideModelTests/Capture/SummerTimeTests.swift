import Foundation
import StrideTestSupport
import Testing

@testable import StrideModel

/// Words that mean a clock time on another day, or on the other side of noon, read on the clock and not as 24 or
/// 12 hours of time passing: Paris leaves summer time on Sunday 25 October 2026 (03:00 becomes 02:00), so that day
/// has 25 hours, and the same clock time a day later is 25 hours later.
@Suite("Times across the end of summer time")
struct SummerTimeTests {
  let paris = TimeZone(identifier: "Europe/Paris")!

  @Test("the calendar moves a clock time by days and by hours on the clock")
  func calendarOnTheClock() {
    let calendar = LocalCalendar(timeZone: paris)
    // Saturday 24 October at 22:00 (summer time, UTC+2).
    let saturday = Fixtures.at("2026-10-24T20:00:00Z")
    #expect(calendar.adding(days: 1, to: saturday) == Fixtures.at("2026-10-25T21:00:00Z"), "Sunday at 22:00")
    #expect(calendar.adding(days: -1, to: Fixtures.at("2026-10-25T21:00:00Z")) == saturday)
    #expect(calendar.adding(clockHours: 12, to: saturday) == Fixtures.at("2026-10-25T09:00:00Z"), "Sunday at 10:00")
    #expect(calendar.adding(clockHours: -23, to: saturday) == Fixtures.at("2026-10-23T21:00:00Z"), "Friday at 23:00")
    let fraction = saturday.addingTimeInterval(0.25)
    #expect(calendar.adding(days: 1, to: fraction) == Fixtures.at("2026-10-25T21:00:00Z").addingTimeInterval(0.25))
  }

  @Test(
    "a range's end on the next day, and its start on the other side of noon, are the clock times written",
    arguments: [
      // (now, words, start, end): Saturday 20:00 and 08:00 in Paris.
      ("2026-10-24T18:00:00Z", "10pm to 5am", "2026-10-24T20:00:00Z", "2026-10-25T04:00:00Z"),
      ("2026-10-24T18:00:00Z", "at 8:30 until 9:30pm", "2026-10-24T18:30:00Z", "2026-10-24T19:30:00Z"),
      ("2026-10-24T18:00:00Z", "11 to 1am", "2026-10-24T21:00:00Z", "2026-10-24T23:00:00Z"),
      ("2026-10-24T06:00:00Z", "11 to 1am", "2026-10-24T21:00:00Z", "2026-10-24T23:00:00Z"),
    ])
  func rangeOnTheClock(_ now: String, _ text: String, _ start: String, _ end: String) throws {
    let parser = TimeParser(reference: Fixtures.at(now), timeZone: paris)
    let match = try #require(parser.parse(text), "\(text)")
    #expect(parser.instant(match.value, dateOnly: .startOfDay) == Fixtures.at(start), "\(text) at \(now)")
    let last = try #require(match.end, "\(text)")
    #expect(parser.instant(last, dateOnly: .startOfDay) == Fixtures.at(end), "\(text) at \(now)")
  }

}
