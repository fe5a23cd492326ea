import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// A routine's start, end and hours as a capture reads them and the reply says them (issue 55). The family files
/// routine-start-end.txt, routine-hourly.txt and routine-words.txt hold the phrases; these pin what is said.
/// Reference: Saturday 2026-11-21 09:00 UTC.
@Suite("Routines: start, end and hours in a capture")
struct RoutineSeriesCaptureTests {
  let utc = TimeZone(identifier: "UTC")!

  func draft(_ text: String) throws -> TaskDraft {
    try Capture.draft(from: text, at: Fixtures.now, timeZone: utc)
  }

  func readAs(_ text: String) throws -> String? {
    DraftSaid(try draft(text), Speaker(now: Fixtures.now, timeZone: utc, settings: EngineSettings())).readAs
  }

  @Test("the reply says the first time, the start and the end")
  func replySaysAllThree() throws {
    let said = try #require(try readAs("water plants every monday starting dec 7 until 1 feb"))
    #expect(said.contains("due Mon 7 Dec"), "\(said)")
    #expect(said.contains("repeats every Monday from 7 December 2026 until 1 February 2027"), "\(said)")
    let counted = try #require(try readAs("piano practice daily 10 times"))
    #expect(counted.contains("repeats every day, 10 times counting this one"), "\(counted)")
    let hourly = try #require(try readAs("meds every 12 hours starting at 7pm"))
    #expect(hourly.contains("repeats every 12 hours"), "\(hourly)")
  }

  @Test("a routine's start is its series' start, never the task's start field")
  func startIsTheSeries() throws {
    for text in [
      "bins every tuesday starting dec 8", "bins every tuesday start:dec 8", "bins every tuesday after dec 8",
    ] {
      let routine = try draft(text)
      #expect(routine.start == nil, "\(text)")
      #expect(routine.recurrence?.start == "20261208", "\(text)")
      #expect(routine.due == Fixtures.at("2026-12-08T23:59:59Z"), "\(text)")
    }
  }

  @Test(
    "words that are no routine's start, end or rhythm are kept in the title and named with why",
    arguments: [
      ("stretch every 30 minutes", "every 30 minutes", "every hour at the most often"),
      ("standup every weekday until the exams", "until the exams", "no day Stride reads"),
      ("bins every tuesday until dec 1 till dec 8", "till dec 8", "already says when the routine ends"),
    ])
  func named(_ text: String, _ kept: String, _ why: String) throws {
    let result = try draft(text)
    let span = try #require(result.spans.first { $0.field == .unread && $0.text == kept }, "\(text)")
    #expect(span.reason?.contains(why) == true, "\(text): \(span.reason ?? "")")
    #expect(result.title.contains(kept), "\(text): \(result.title)")
  }

  @Test(
    "an hourly rule said at an odd minute is first due one step on, at the nearest whole hour",
    arguments: [
      ("take pills every 8 hours", "2026-11-21T20:00:00Z"), ("ping the server hourly", "2026-11-21T13:00:00Z"),
      ("stretch every 2 hours", "2026-11-21T14:00:00Z"),
    ])
  func hourlyAtAnOddMinute(_ text: String, _ due: String) throws {
    let odd = Fixtures.at("2026-11-21T11:42:00Z")
    #expect(try Capture.draft(from: text, at: odd, timeZone: utc).due == Fixtures.at(due), "\(text)")
  }

  @Test("a span runs from the first occurrence, its last day included")
  func spanFromFirst() throws {
    let course = try draft("vitamins every morning for 30 days")
    #expect(course.due == Fixtures.at("2026-11-22T09:00:00Z"))
    #expect(course.recurrence?.until == "20261221")
    let weeks = try draft("pilates every thursday for 2 weeks")
    #expect(weeks.recurrence?.until == "20261209")
  }

  @Test("stride edit --repeat reads a start and an end as a capture does, and still refuses a day beside the rule")
  func editRepeat() throws {
    let times = TimeParser(reference: Fixtures.now, timeZone: utc)
    let until = try #require(RecurrenceReader.parse("every monday until dec 14", times: times))
    #expect(until.rule.rrule == "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261214")
    let span = try #require(RecurrenceReader.parse("every morning for 30 days", times: times))
    #expect(span.rule.rrule == "FREQ=DAILY;UNTIL=20261221")
    #expect(span.clock == ClockTime(hour: 9))
    let started = try #require(RecurrenceReader.parse("every 2 weeks 7am starting dec 3", times: times))
    #expect(started.rule.start == "20261203")
    #expect(started.clock == ClockTime(hour: 7))
    #expect(RecurrenceReader.parse("every monday next week", times: times) == nil)
    #expect(RecurrenceReader.parse("every monday until the exams", times: times) == nil)
  }
}
