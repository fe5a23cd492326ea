import Foundation
import Testing

@testable import StrideCalendar

private typealias F = CalendarFixtures

/// Repeat rules as RFC 5545 states them, one part at a time, read through the event reader in UTC unless a test
/// says otherwise.
@Suite("Calendar repeat rules")
struct CalendarRecurrenceTests {
  /// The starts, as RFC 3339, of one event of the given lines within a window.
  private func starts(
    _ lines: String, from start: String, to end: String, zone: String = "UTC"
  ) throws -> [String] {
    let reading = try F.read(F.calendar(F.event("SUMMARY:Event\n" + lines)), from: start, to: end, zone: zone)
    let formatter = ISO8601DateFormatter()
    return reading.events.map { formatter.string(from: $0.start) }
  }

  @Test("COUNT counts from DTSTART, not from the window's start")
  func countFromStart() throws {
    let found = try starts(
      "DTSTART:20260101T090000Z\nRRULE:FREQ=WEEKLY;COUNT=5", from: "2026-01-20T00:00:00Z", to: "2026-06-01T00:00:00Z")
    #expect(found == ["2026-01-22T09:00:00Z", "2026-01-29T09:00:00Z"])
  }

  @Test("UNTIL as a DATE keeps that whole day; as a UTC time, up to it")
  func until() throws {
    let byDay = try starts(
      "DTSTART:20260302T180000Z\nRRULE:FREQ=DAILY;UNTIL=20260304", from: "2026-03-01T00:00:00Z",
      to: "2026-04-01T00:00:00Z")
    #expect(byDay == ["2026-03-02T18:00:00Z", "2026-03-03T18:00:00Z", "2026-03-04T18:00:00Z"])
    let byTime = try starts(
      "DTSTART;TZID=Europe/Berlin:20260302T100000\nRRULE:FREQ=DAILY;UNTIL=20260304T090000Z",
      from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z")
    #expect(byTime == ["2026-03-02T09:00:00Z", "2026-03-03T09:00:00Z", "2026-03-04T09:00:00Z"])
  }

  @Test("Every other week on Monday and Wednesday, weeks starting on Sunday")
  func weeklyInterval() throws {
    let found = try starts(
      "DTSTART:20260302T120000Z\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=SU",
      from: "2026-03-01T00:00:00Z", to: "2026-03-31T00:00:00Z")
    #expect(
      found == [
        "2026-03-02T12:00:00Z", "2026-03-04T12:00:00Z", "2026-03-16T12:00:00Z", "2026-03-18T12:00:00Z",
        "2026-03-30T12:00:00Z",
      ])
  }

  @Test("The last weekday of each month (BYSETPOS=-1), and the second-to-last day (BYMONTHDAY=-2)")
  func setPositionAndNegativeDays() throws {
    let lastWeekday = try starts(
      "DTSTART:20260130T150000Z\nRRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
      from: "2026-01-01T00:00:00Z", to: "2026-06-01T00:00:00Z")
    #expect(
      lastWeekday == [
        "2026-01-30T15:00:00Z", "2026-02-27T15:00:00Z", "2026-03-31T15:00:00Z", "2026-04-30T15:00:00Z",
        "2026-05-29T15:00:00Z",
      ])
    let secondToLast = try starts(
      "DTSTART:20260130T080000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-2", from: "2026-01-01T00:00:00Z",
      to: "2026-04-01T00:00:00Z")
    #expect(secondToLast == ["2026-01-30T08:00:00Z", "2026-02-27T08:00:00Z", "2026-03-30T08:00:00Z"])
  }

  @Test("Yearly: the fourth Thursday of November, the 100th day, Monday of week 20, the 29th of February")
  func yearly() throws {
    let thanksgiving = try starts(
      "DTSTART;VALUE=DATE:20251127\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", from: "2026-01-01T00:00:00Z",
      to: "2028-01-01T00:00:00Z")
    #expect(thanksgiving == ["2026-11-26T00:00:00Z", "2027-11-25T00:00:00Z"])
    let hundredth = try starts(
      "DTSTART:20250410T090000Z\nRRULE:FREQ=YEARLY;BYYEARDAY=100", from: "2026-01-01T00:00:00Z",
      to: "2027-01-01T00:00:00Z")
    #expect(hundredth == ["2026-04-10T09:00:00Z"])
    let weekTwenty = try starts(
      "DTSTART:20250512T090000Z\nRRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", from: "2026-01-01T00:00:00Z",
      to: "2028-01-01T00:00:00Z")
    #expect(weekTwenty == ["2026-05-11T09:00:00Z", "2027-05-17T09:00:00Z"])
    let leapDay = try starts(
      "DTSTART;VALUE=DATE:20240229\nRRULE:FREQ=YEARLY", from: "2025-01-01T00:00:00Z", to: "2029-01-01T00:00:00Z")
    #expect(leapDay == ["2028-02-29T00:00:00Z"])
  }

  @Test("A 09:00 Berlin meeting stays at 09:00 local after the clocks change, daily and every 8 hours")
  func wallClockAcrossDaylightSaving() throws {
    let daily = try starts(
      "DTSTART;TZID=Europe/Berlin:20261023T090000\nRRULE:FREQ=DAILY", from: "2026-10-24T00:00:00Z",
      to: "2026-10-27T00:00:00Z")
    #expect(daily == ["2026-10-24T07:00:00Z", "2026-10-25T08:00:00Z", "2026-10-26T08:00:00Z"])
    let hourly = try starts(
      "DTSTART:20260310T000000Z\nRRULE:FREQ=HOURLY;INTERVAL=8;COUNT=4", from: "2026-03-01T00:00:00Z",
      to: "2026-04-01T00:00:00Z")
    #expect(hourly == ["2026-03-10T00:00:00Z", "2026-03-10T08:00:00Z", "2026-03-10T16:00:00Z", "2026-03-11T00:00:00Z"])
  }

  @Test("RDATE adds times (a PERIOD with its own end); EXDATE on several lines and as lists removes them")
  func extraAndExcludedDates() throws {
    let lines = """
      DTSTART:20260302T100000Z
      DTEND:20260302T110000Z
      RRULE:FREQ=DAILY;COUNT=6
      RDATE:20260310T100000Z,20260312T150000Z/20260312T170000Z
      EXDATE:20260303T100000Z,20260304T100000Z
      EXDATE:20260306T100000Z
      """
    let reading = try F.read(F.calendar(F.event(lines)), from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z")
    let formatter = ISO8601DateFormatter()
    #expect(
      reading.events.map { formatter.string(from: $0.start) } == [
        "2026-03-02T10:00:00Z", "2026-03-05T10:00:00Z", "2026-03-07T10:00:00Z", "2026-03-10T10:00:00Z",
        "2026-03-12T15:00:00Z",
      ])
    #expect(reading.events.last?.end == F.utc("2026-03-12T17:00:00Z"))
  }

  @Test("A rule that never ends is followed only through the window; one that began years ago costs little")
  func longRunningRules() throws {
    let found = try starts(
      "DTSTART:19900101T060000Z\nRRULE:FREQ=MINUTELY;INTERVAL=30;BYHOUR=6;BYMINUTE=0",
      from: "2026-03-01T00:00:00Z", to: "2026-03-04T00:00:00Z")
    #expect(found == ["2026-03-01T06:00:00Z", "2026-03-02T06:00:00Z", "2026-03-03T06:00:00Z"])
  }

  @Test("A FREQ=SECONDLY rule stops at the cap and says so")
  func secondlyStopsAtTheCap() throws {
    let text = F.calendar(F.event("SUMMARY:Tick\nDTSTART:20260301T000000Z\nRRULE:FREQ=SECONDLY"))
    let reading = try F.read(text, from: "2026-03-01T00:00:00Z", to: "2026-05-01T00:00:00Z")
    #expect(reading.events.count == EventSeries.occurrenceLimit)
    #expect(reading.problems.contains { $0.contains("\"Tick\"") && $0.contains("2,000") }, "\(reading.problems)")
  }

  @Test("A calendar whose window holds more busy times than one reading keeps gives the earliest and says so")
  func totalCap() throws {
    let events = (0..<26).map { F.event("SUMMARY:Tick \($0)\nDTSTART:20260301T00\(10 + $0)00Z\nRRULE:FREQ=SECONDLY") }
    let reading = try F.read(
      F.calendar(events.joined(separator: "\n")), from: "2026-03-01T00:00:00Z", to: "2026-05-01T00:00:00Z")
    #expect(reading.events.count == EventReader.totalLimit)
    #expect(reading.events.first?.start == F.utc("2026-03-01T00:10:00Z"))
    #expect(
      reading.problems.contains { $0.hasPrefix("The calendar has more than 50,000 busy times") }, "\(reading.problems)")
  }

  @Test("A rule whose parts expand to millions of times per year stops on its work and says so")
  func expandingRuleStops() throws {
    let hours = (0...23).map(String.init).joined(separator: ",")
    let minutes = (0...59).map(String.init).joined(separator: ",")
    let text = F.calendar(
      F.event(
        "SUMMARY:Storm\nDTSTART:20200101T000000Z\nRRULE:FREQ=YEARLY;COUNT=100000000;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;"
          + "BYHOUR=\(hours);BYMINUTE=\(minutes);BYSECOND=\(minutes)"))
    let reading = try F.read(text, from: "2026-03-01T00:00:00Z", to: "2026-05-01T00:00:00Z")
    #expect(reading.events.count < EventSeries.occurrenceLimit)
    #expect(reading.problems.contains { $0.contains("\"Storm\"") && $0.contains("too long") }, "\(reading.problems)")
  }
}
