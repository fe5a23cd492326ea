import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// "Tonight" late at night, and "tomorrow" as the start of the person's day (issue 29, part 8).
@Suite("Times: tonight late at night, and the start of the person's day")
struct DayStartTests {
  let utc = TimeZone(identifier: "UTC")!

  func parser(at clock: String, dayStart: ClockTime = TimeParser.defaultDayStart) -> TimeParser {
    TimeParser(reference: Fixtures.at("2026-11-21T\(clock):00Z"), timeZone: utc, dayStart: dayStart)
  }

  @Test(
    "tonight is this evening, and late at night the night that is now; never minutes away, nor a day away",
    arguments: [
      ("09:00", "2026-11-21T20:00:00Z"), ("19:59", "2026-11-21T20:00:00Z"), ("20:30", "2026-11-21T23:00:00Z"),
      ("21:59", "2026-11-21T23:00:00Z"), ("22:00", "2026-11-21T23:00:00Z"), ("23:33", "2026-11-22T01:00:00Z"),
      ("23:59", "2026-11-22T01:00:00Z"), ("00:30", "2026-11-21T02:00:00Z"), ("04:00", "2026-11-21T20:00:00Z"),
    ])
  func tonight(_ clock: String, _ expected: String) throws {
    let parser = parser(at: clock)
    let match = try #require(parser.parse("tonight"))
    #expect(parser.startInstant(match.value) == Fixtures.at(expected), "tonight at \(clock)")
  }

  @Test(
    "an hour with tonight late at night is the next time it comes round in the evening or the night",
    arguments: [("tonight at 11", "2026-11-22T23:00:00Z"), ("tonight 9pm", "2026-11-22T21:00:00Z")])
  func tonightWithHour(_ text: String, _ expected: String) throws {
    let parser = parser(at: "23:33")
    let match = try #require(parser.parse(text))
    #expect(parser.startInstant(match.value) == Fixtures.at(expected), "\(text)")
  }

  @Test(
    "a day alone as a start or an until-time is the start of the person's day, as a due its end",
    arguments: [
      ("tomorrow", "2026-11-22T09:00:00Z", "2026-11-22T23:59:59Z"),
      ("monday", "2026-11-23T09:00:00Z", "2026-11-23T23:59:59Z"),
      ("next week", "2026-11-23T09:00:00Z", "2026-11-23T23:59:59Z"),
      ("dec 3", "2026-12-03T09:00:00Z", "2026-12-03T23:59:59Z"),
      ("tomorrow 7am", "2026-11-22T07:00:00Z", "2026-11-22T07:00:00Z"),
      ("tomorrow 9am", "2026-11-22T09:00:00Z", "2026-11-22T09:00:00Z"),
    ])
  func dayAlone(_ text: String, _ start: String, _ due: String) throws {
    let parser = parser(at: "23:33")
    let match = try #require(parser.parse(text))
    #expect(parser.startInstant(match.value) == Fixtures.at(start), "\(text) as a start")
    #expect(parser.instant(match.value, dateOnly: .endOfDay) == Fixtures.at(due), "\(text) as a due")
  }

  @Test(
    "the day start is a setting: tomorrow follows it, tomorrow 9am does not",
    arguments: [("tomorrow", "2026-11-22T07:30:00Z"), ("tomorrow 9am", "2026-11-22T09:00:00Z")])
  func dayStartSetting(_ text: String, _ expected: String) throws {
    let parser = parser(at: "12:00", dayStart: ClockTime(hour: 7, minute: 30)!)
    let match = try #require(parser.parse(text))
    #expect(parser.startInstant(match.value) == Fixtures.at(expected), "\(text)")
  }

  @Test(
    "a capture's start from a day alone is the start of the day; its due the end",
    arguments: [
      ("send invoice from monday", "2026-11-23T09:00:00Z", nil),
      ("plan the trip after tomorrow", "2026-11-22T09:00:00Z", nil),
      ("call mum tomorrow", nil, "2026-11-22T23:59:59Z"),
    ] as [(String, String?, String?)])
  func captureStart(_ text: String, _ start: String?, _ due: String?) {
    let parsed = CaptureParser(reference: Fixtures.now, timeZone: utc).parse(text)
    #expect(parsed.start == start.map(Fixtures.at), "\(text)")
    #expect(parsed.due == due.map(Fixtures.at), "\(text)")
  }

  @Test(
    "the wrong-time sentence says the time it comes back and the daily window from it, none in the small hours",
    arguments: [
      ("23:33", "tonight", "it comes back tomorrow at 01:00"),
      ("23:33", "tomorrow", "it comes back tomorrow at 09:00, and then shows for a few hours from 09:00 each day"),
      ("10:00", "tonight", "it comes back today at 20:00, and then shows for a few hours from 20:00 each day"),
    ])
  func deferSentence(_ clock: String, _ words: String, _ expected: String) throws {
    let parser = parser(at: clock)
    let until = parser.startInstant(try #require(parser.parse(words)).value)
    let deferral = Deferral(reason: .wrongTime, at: parser.reference, until: until)
    let task = Fixtures.task(1, "water the plants")
    let time = HumanTime(now: parser.reference, timeZone: utc)
    #expect(deferral.effect(for: task, time: time, settings: EngineSettings()) == expected)
  }
}
