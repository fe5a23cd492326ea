import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Reference: Saturday 2026-11-21 09:00 UTC.
@Suite("Time parser")
struct TimeParserTests {
  let parser = TimeParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)

  func day(_ text: String) -> TimeParser.Value { Fixtures.day(text) }
  func at(_ text: String) -> TimeParser.Value { Fixtures.instant(text) }

  @Test(
    "named days and times of day",
    arguments: [
      ("today", "2026-11-21"), ("tomorrow", "2026-11-22"), ("tmr", "2026-11-22"), ("tmrw", "2026-11-22"),
      ("yesterday", "2026-11-20"), ("the day after tomorrow", "2026-11-23"), ("weekend", "2026-11-21"),
      ("the weekend", "2026-11-21"), ("next weekend", "2026-11-28"), ("this weekend", "2026-11-21"),
    ])
  func namedDays(_ text: String, _ expected: String) {
    #expect(parser.parse(text)?.value == day(expected), "\(text)")
  }

  @Test(
    "weekdays lean to the future: bare is the next one, 'next' is in the following week",
    arguments: [
      ("friday", "2026-11-27"), ("fri", "2026-11-27"), ("Sat", "2026-11-28"), ("saturday", "2026-11-28"),
      ("this saturday", "2026-11-21"), ("this monday", "2026-11-23"), ("next monday", "2026-11-23"),
      ("next friday", "2026-11-27"), ("next saturday", "2026-11-28"), ("last friday", "2026-11-20"),
      ("tuesday of next week", "2026-11-24"), ("monday next week", "2026-11-23"),
    ])
  func weekdays(_ text: String, _ expected: String) {
    #expect(parser.parse(text)?.value == day(expected), "\(text)")
  }

  @Test(
    "weeks, months, month-days and ISO dates",
    arguments: [
      ("next week", "2026-11-23"), ("this week", "2026-11-16"), ("next month", "2026-12-01"),
      ("this month", "2026-11-01"), ("next year", "2027-01-01"), ("dec 3", "2026-12-03"), ("3 december", "2026-12-03"),
      ("December 3rd", "2026-12-03"), ("3rd of dec", "2026-12-03"), ("december 3, 2027", "2027-12-03"),
      ("jan 5", "2027-01-05"), ("nov 21", "2026-11-21"), ("2026-12-01", "2026-12-01"), ("12/24/2026", "2026-12-24"),
      ("2 weeks", "2026-12-05"), ("the 19th", "2026-12-19"), ("in 3 days", "2026-11-24"), ("+2d", "2026-11-23"),
      ("2 weeks from now", "2026-12-05"), ("in a week", "2026-11-28"), ("in 2 months", "2027-01-21"),
      ("3 days ago", "2026-11-18"), ("december", "2026-12-01"), ("2026-W49-2", "2026-12-01"),
      ("2026-335", "2026-12-01"),
    ])
  func days(_ text: String, _ expected: String) {
    #expect(parser.parse(text)?.value == day(expected), "\(text)")
  }

  @Test(
    "times, and days with times",
    arguments: [
      ("now", "2026-11-21T09:00:00Z"), ("tonight", "2026-11-21T20:00:00Z"), ("this morning", "2026-11-21T09:00:00Z"),
      ("this afternoon", "2026-11-21T15:00:00Z"), ("this evening", "2026-11-21T19:00:00Z"),
      ("in 20 minutes", "2026-11-21T09:20:00Z"), ("in 2 hours", "2026-11-21T11:00:00Z"),
      ("in an hour", "2026-11-21T10:00:00Z"), ("in half an hour", "2026-11-21T09:30:00Z"),
      ("in 1.5 hours", "2026-11-21T10:30:00Z"), ("+90min", "2026-11-21T10:30:00Z"),
      ("5pm", "2026-11-21T17:00:00Z"), ("5:30pm", "2026-11-21T17:30:00Z"), ("5:30 p.m.", "2026-11-21T17:30:00Z"),
      ("17:00", "2026-11-21T17:00:00Z"), ("noon", "2026-11-21T12:00:00Z"), ("midnight", "2026-11-22T00:00:00Z"),
      ("at 5", "2026-11-21T17:00:00Z"), ("8am", "2026-11-22T08:00:00Z"), ("5 o'clock", "2026-11-21T17:00:00Z"),
      ("fri 9am", "2026-11-27T09:00:00Z"), ("tomorrow at noon", "2026-11-22T12:00:00Z"),
      ("next monday 14:30", "2026-11-23T14:30:00Z"), ("9am tomorrow", "2026-11-22T09:00:00Z"),
      ("at 5pm on friday", "2026-11-27T17:00:00Z"), ("tomorrow morning", "2026-11-22T09:00:00Z"),
      ("friday evening", "2026-11-27T19:00:00Z"), ("tonight at 11", "2026-11-21T23:00:00Z"),
      ("in 2 days at 9am", "2026-11-23T09:00:00Z"), ("2026-12-01T19:00", "2026-12-01T19:00:00Z"),
      ("2026-12-01T19:00:00+01:00", "2026-12-01T18:00:00Z"), ("20261201T190000Z", "2026-12-01T19:00:00Z"),
      ("dec 3 at 10am", "2026-12-03T10:00:00Z"),
      // An hour with minutes and no am or pm is read as the hour alone is: 1 to 6 in the afternoon.
      ("at 3:30", "2026-11-21T15:30:00Z"), ("next tues 3:30", "2026-11-24T15:30:00Z"),
      ("tomorrow 6:45", "2026-11-22T18:45:00Z"), ("tomorrow 9:30", "2026-11-22T09:30:00Z"),
      ("tomorrow morning 5:30", "2026-11-22T05:30:00Z"), ("tomorrow 03:30", "2026-11-22T03:30:00Z"),
    ])
  func instants(_ text: String, _ expected: String) {
    #expect(parser.parse(text)?.value == at(expected), "\(text)")
  }

  @Test(
    "Taskwarrior's named dates",
    arguments: [
      ("sod", "2026-11-21T00:00:00Z"), ("eod", "2026-11-21T23:59:59Z"), ("sow", "2026-11-16T00:00:00Z"),
      ("eow", "2026-11-22T23:59:59Z"), ("sonw", "2026-11-23T00:00:00Z"), ("som", "2026-11-01T00:00:00Z"),
      ("eom", "2026-11-30T23:59:59Z"), ("soy", "2026-01-01T00:00:00Z"), ("eoy", "2026-12-31T23:59:59Z"),
      ("eoq", "2026-12-31T23:59:59Z"), ("end of month", "2026-11-30T23:59:59Z"),
      ("end of the week", "2026-11-22T23:59:59Z"),
    ])
  func taskwarriorNames(_ text: String, _ expected: String) {
    #expect(parser.parse(text)?.value == at(expected), "\(text)")
  }

  @Test("the start or beginning of a period in words is its first day, where sonw is its first second")
  func startOfPeriod() {
    #expect(parser.parse("start of next week")?.value == day("2026-11-23"))
    #expect(parser.parse("beginning of next month")?.value == day("2026-12-01"))
    #expect(parser.parse("sonw")?.value == at("2026-11-23T00:00:00Z"))
  }

  @Test("later and someday are the far future, as in Taskwarrior")
  func someday() {
    #expect(parser.parse("someday")?.value == day("9999-12-30"))
    #expect(parser.parse("later")?.value == day("9999-12-30"))
  }

  @Test(
    "ranges give an end",
    arguments: [
      ("9am to 5pm", "2026-11-22T09:00:00Z", "2026-11-22T17:00:00Z"),
      ("friday 9am - 11am", "2026-11-27T09:00:00Z", "2026-11-27T11:00:00Z"),
    ])
  func ranges(_ text: String, _ start: String, _ end: String) throws {
    let match = try #require(parser.parse(text))
    #expect(match.value == at(start))
    let endValue = try #require(match.end)
    let endDate = parser.instant(endValue, dateOnly: .startOfDay)
    #expect(endDate == Fixtures.at(end) || Timestamp.format(endDate) == end)
  }

  @Test(
    "what is not a time is refused whole",
    arguments: [
      "", "foo", "march on", "25:00", "12:60", "2026-13-01", "2026-02-30", "tomorrov", "nowadays", "friday foo",
      "13pm", "in", "next", "3/12/2026", "at 101", "1.10.30", "6.5 kilograms", "2014-W54-1",
    ])
  func refused(_ text: String) {
    #expect(parser.parse(text) == nil, "\(text)")
  }

  @Test("inside a title: dates are found with their marker words, and their role")
  func findInTitles() throws {
    let cases: [(String, String, TimeParser.Role?)] = [
      ("call the dentist tomorrow 9am", "tomorrow 9am", nil),
      ("pay rent by friday", "by friday", .due),
      ("gym after 6pm", "after 6pm", .start),
      ("call bob on sun", "on sun", nil),
      ("Lorem Ipsum 31st", "31st", nil),
      ("review the 2026-12-01 plan", "2026-12-01", nil),
      ("renew passport due dec 3", "due dec 3", .due),
      ("water plants in 2 days", "in 2 days", nil),
      ("send invoice not before monday", "not before monday", .start),
      ("plan the party this weekend", "this weekend", nil),
    ]
    for (text, found, role) in cases {
      let matches = parser.find(in: text)
      #expect(matches.map(\.text) == [found], "\(text)")
      #expect(matches.first?.role == role, "\(text)")
    }
  }

  @Test(
    "ordinary words, numbers, links and quotes in a title are never dates",
    arguments: [
      "march on", "monitor blood pressure", "Lorem Ipsum github", "I may be late", "enjoy the sun", "sat on the bench",
      "fix version 1.10.30", "read https://example.com/2026-12-01", "\"meet tomorrow\" is the film to watch",
      "The 9/11 Report", "The 01/02 Report", "13th floor - remark", "Renovation - 2nd Floor Bath", "buy almonds",
      "take photo of saturn", "tell them later", "do it now", "evening walk", "morning pages", "plan 2 weeks holiday",
      "mail bob@example.com", "I'm at 101 points!", "knowledge", "nowhere", "mondayipsum", "ipsumMonday dolor",
    ])
  func ordinaryWords(_ text: String) {
    #expect(parser.find(in: text).isEmpty, "\(text): \(parser.find(in: text).map(\.text))")
  }
}
