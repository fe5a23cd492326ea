import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Captures and times that were misread, family by family (issue 29). Reference: Saturday 2026-11-21 09:00 UTC.
@Suite("Capture: misread families")
struct MisreadFamilyTests {
  let utc = TimeZone(identifier: "UTC")!
  var parser: TimeParser { TimeParser(reference: Fixtures.now, timeZone: utc) }

  func capture(_ text: String) -> ParsedCapture {
    CaptureParser(reference: Fixtures.now, timeZone: utc).parse(text)
  }

  @Test(
    "a vague time in a coming week, month, quarter or year is the whole of it: from its first day, due by its end",
    arguments: [
      ("sort the garage sometime next week", "2026-11-23T09:00:00Z", "2026-11-29T23:59:59Z"),
      ("plan the trip sometime next month", "2026-12-01T09:00:00Z", "2026-12-31T23:59:59Z"),
      ("call the bank during next week", "2026-11-23T09:00:00Z", "2026-11-29T23:59:59Z"),
      ("visit gran anytime next week", "2026-11-23T09:00:00Z", "2026-11-29T23:59:59Z"),
      ("review pensions sometime next year", "2027-01-01T09:00:00Z", "2027-12-31T23:59:59Z"),
      ("plan the offsite sometime next quarter", "2027-01-01T09:00:00Z", "2027-03-31T23:59:59Z"),
      ("tidy up sometime this week", nil, "2026-11-22T23:59:59Z"),
      ("sort the garage next week", "2026-11-23T09:00:00Z", "2026-11-29T23:59:59Z"),
    ] as [(String, String?, String)])
  func vaguePeriods(_ text: String, _ start: String?, _ due: String) {
    let parsed = capture(text)
    #expect(parsed.start == start.map(Fixtures.at), "\(text)")
    #expect(parsed.due == Fixtures.at(due), "\(text)")
    #expect(!parsed.title.contains("next") && !parsed.title.contains("week"), "\(text): \(parsed.title)")
  }

  @Test(
    "Taskwarrior's start-of names that are also words stay words in a capture, unless a marker says a time follows",
    arguments: [
      ("buy milk: oat, soy", nil, ["oat", "soy"]),
      ("sow the beans", nil, []),
      ("lay the sod by the shed", nil, []),
      ("file the plan by som", "2026-11-01T00:00:00Z", []),
      ("close the books due:soy", "2026-01-01T00:00:00Z", []),
      ("send the report eod", "2026-11-21T23:59:59Z", []),
    ] as [(String, String?, [String])])
  func taskwarriorWords(_ text: String, _ due: String?, _ steps: [String]) {
    let parsed = capture(text)
    #expect(parsed.due == due.map(Fixtures.at), "\(text)")
    #expect(parsed.steps == steps, "\(text)")
  }

  @Test("--until sometime next week is its first day, at the start of the person's day")
  func vagueUntil() throws {
    let match = try #require(parser.parse("sometime next week"))
    #expect(parser.startInstant(match.value) == Fixtures.at("2026-11-23T09:00:00Z"))
    #expect(match.end.map { parser.instant($0, dateOnly: .endOfDay) } == Fixtures.at("2026-11-29T23:59:59Z"))
  }

  @Test(
    "the end of the day beside a day is that day's end, and leaves the title",
    arguments: [
      ("send the report by thurs eod", "2026-11-26T23:59:59Z"),
      ("send the report eod friday", "2026-11-27T23:59:59Z"),
      ("send the report friday end of day", "2026-11-27T23:59:59Z"),
      ("send the report by monday end of the day", "2026-11-23T23:59:59Z"),
      ("send the report tuesday eob", "2026-11-24T23:59:59Z"),
      ("send the report by eod", "2026-11-21T23:59:59Z"),
    ])
  func endOfDay(_ text: String, _ due: String) {
    let parsed = capture(text)
    #expect(parsed.title == "send the report", "\(text)")
    #expect(parsed.due == Fixtures.at(due), "\(text)")
  }

  @Test(
    "deadline words, bis (German) and til among them, go with the time",
    arguments: [
      ("send the report bis friday", "2026-11-27T23:59:59Z"), ("send the report til dec 3", "2026-12-03T23:59:59Z"),
    ]
  )
  func deadlineWords(_ text: String, _ due: String) {
    let parsed = capture(text)
    #expect(parsed.title == "send the report", "\(text)")
    #expect(parsed.due == Fixtures.at(due), "\(text)")
  }

  @Test(
    "a weekday that names an occasion in the middle of a title stays in it, without a date",
    arguments: [
      "book for monday meeting", "buy present for monday's party", "prep the friday standup",
      "finish slides for tuesday demo", "friday meeting prep", "Monday's meeting notes", "gift for our friday party",
    ])
  func weekdayDescribesOccasion(_ text: String) {
    let parsed = capture(text)
    #expect(parsed.title == text, "\(text)")
    #expect(parsed.due == nil, "\(text)")
  }

  @Test(
    "a weekday that is what the task is about stays in the title, and a time beside it is the due",
    arguments: [
      ("email sara about friday tomorrow 10am", "email sara about friday", "2026-11-22T10:00:00Z"),
      ("ask tom regarding monday by thursday", "ask tom regarding monday", "2026-11-26T23:59:59Z"),
      ("call mum re sunday", "call mum re sunday", nil),
    ])
  func weekdayIsTheTopic(_ text: String, _ title: String, _ due: String?) {
    let parsed = capture(text)
    #expect(parsed.title == title, "\(text)")
    #expect(parsed.due == due.map(Fixtures.at), "\(text)")
  }

  @Test(
    "a weekday that says when is read, in the middle of a title too",
    arguments: [
      ("book the table for monday", "book the table", "2026-11-23T23:59:59Z"),
      ("call bob friday about the invoice", "call bob about the invoice", "2026-11-27T23:59:59Z"),
      ("prep friday meeting by thursday", "prep friday meeting", "2026-11-26T23:59:59Z"),
      ("book for monday, then call", "book, then call", "2026-11-23T23:59:59Z"),
      ("call friday 9am meeting", "call meeting", "2026-11-27T09:00:00Z"),
    ])
  func weekdaySaysWhen(_ text: String, _ title: String, _ due: String) {
    let parsed = capture(text)
    #expect(parsed.title == title, "\(text)")
    #expect(parsed.due == Fixtures.at(due), "\(text)")
  }

  @Test(
    "numeric dates with their year, dashed or slashed, month first where the numbers say so",
    arguments: [
      ("05-25-2027", "2027-05-25"), ("25-05-2027", "2027-05-25"), ("2026/12/10", "2026-12-10"),
      ("12/31/2026", "2026-12-31"),
    ])
  func numericDates(_ text: String, _ day: String) {
    #expect(parser.parse(text)?.value == Fixtures.day(day), "\(text)")
    #expect(capture("dentist \(text)").due == Fixtures.at("\(day)T23:59:59Z"), "\(text)")
  }

  @Test("a dashed date that reads both ways is refused in the C locale, naming both readings")
  func dashedAmbiguous() {
    #expect(parser.ambiguousNumericDate(in: "dentist 03-04-2027", inTitle: true)?.contains("3 April 2027") == true)
    // The way out it offers is a date no reader can take the other way.
    #expect(parser.ambiguousNumericDate(in: "dentist 03-04-2027", inTitle: true)?.contains("or as 2027-04-03,") == true)
    #expect(parser.ambiguousNumericDate(in: "covid-19 test") == nil)
  }

  @Test(
    "next and this with a year or a quarter (a period, from its first day); a month written mon after a number",
    arguments: [
      ("next year", "2027-01-01"), ("this year", "2026-01-01"), ("next quarter", "2027-01-01"),
      ("next qtr", "2027-01-01"), ("this quarter", "2026-10-01"), ("in 1 mon", "2026-12-21"),
      ("in 2 mons", "2027-01-21"), ("in 1 month", "2026-12-21"),
    ])
  func periods(_ text: String, _ day: String) {
    #expect(parser.parse(text)?.value == Fixtures.day(day), "\(text)")
  }

  @Test(
    "four digits before an hour mark are a time of day, never hours from now",
    arguments: [
      ("1745h", "2026-11-21T17:45:00Z"), ("0900h", "2026-11-22T09:00:00Z"), ("friday 1745h", "2026-11-27T17:45:00Z"),
    ])
  func militaryTimes(_ text: String, _ instant: String) {
    #expect(parser.parse(text)?.value == Fixtures.instant(instant), "\(text)")
  }

  @Test(
    "words that only look like these stay words",
    arguments: [
      "corn on the cob", "score 3-2-1", "covid-19 test", "16h flight", "buy monitor", "check github",
      "may the force be with you", "the monday.com board", "2400h marathon",
    ])
  func ordinaryWords(_ text: String) {
    let parsed = capture(text)
    #expect(parsed.title == text, "\(text)")
    #expect(parsed.due == nil && parsed.start == nil && parsed.recurrence == nil, "\(text)")
  }

  @Test(
    "the type comes from the title's words, never a step's",
    arguments: [
      ("clean desk: file invoice, tidy cables", TaskType.chore),
      ("tidy up; then pay the bill", TaskType.obligation),
      ("pay the gas bill: find the meter, read it", TaskType.obligation),
    ])
  func typeFromTitle(_ text: String, _ type: TaskType) throws {
    let draft = try Capture.draft(from: text, at: Fixtures.now, timeZone: utc)
    #expect(draft.type == type, "\(text)")
  }

}
