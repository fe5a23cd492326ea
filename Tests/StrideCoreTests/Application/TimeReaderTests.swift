import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel

/// `TimeReader`, the daemon's reading of a time option's words (`stride when`, `--since`, `--due`) in the asker's
/// zone, said back as a sentence: the parser's phrases as the daemon takes them.
@Suite("Time options read by the daemon")
struct TimeReaderTests {
  let utc = TimeZone(identifier: "UTC")!
  let paris = TimeZone(identifier: "Europe/Paris")!
  let parser = TimeParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)

  func day(_ text: String) -> TimeParser.Value { Fixtures.day(text) }

  @Test("with no locale, a date that reads both ways is refused, naming both readings")
  func ambiguous() {
    do throws(StrideError) {
      _ = try Capture.draft(from: "return library books 3/12/2026", at: Fixtures.now, timeZone: utc)
      Issue.record("an ambiguous date was accepted")
    } catch {
      #expect(error.message.contains("Thursday 3 December 2026"))
      #expect(error.message.contains("Thursday 12 March 2026"))
      #expect(error.message.contains("LC_TIME"))
    }
    #expect(throws: StrideError.self) {
      try TimeReader(zone: utc).read(.init(text: "3/4/2027"), now: Fixtures.now)
    }
  }

  @Test("--since 9am on the morning after is yesterday's 9am, not a week back")
  func sinceYesterdayMorning() throws {
    // Sunday 25 October at 08:30, winter time: 9am today is still to come, so it is Saturday's.
    let result = try TimeReader(zone: paris).read(
      .init(text: "9am", reading: .since), now: Fixtures.at("2026-10-25T07:30:00Z"))
    #expect(result.at.date == Fixtures.at("2026-10-24T07:00:00Z"))
  }

  @Test("a zone is said back in the user's zone by stride when")
  func zoneSaidBack() throws {
    let result = try TimeReader(zone: TimeZone(identifier: "Europe/Berlin")!).read(
      .init(text: "thursday 8:00 GMT"), now: Fixtures.now)
    #expect(result.namedZone == "GMT")
    #expect(
      HumanTime(now: Fixtures.now, timeZone: TimeZone(identifier: "Europe/Berlin")!).clock(result.start.date) == "09:00"
    )
  }

  @Test("a weekday that contradicts its date is pointed out, never silently dropped")
  func contradictions() throws {
    let wrong = try #require(parser.parse("tue, 10 january"))
    #expect(wrong.contradiction?.contains("Tuesday") == true)
    #expect(wrong.contradiction?.contains("Sunday 10 January 2027") == true)
    #expect(parser.parse("Sunday, 10 January")?.contradiction == nil)
    #expect(parser.parse("Sunday, 10 January")?.value == day("2027-01-10"))
    #expect(parser.parse("10 january 2027, sunday")?.contradiction == nil)
    #expect(parser.parse("10 january 2027, monday")?.contradiction != nil)
    // With no locale known, a weekday settles which reading of a numeric date is meant.
    #expect(parser.parse("Sunday 12/7/2014")?.value == day("2014-12-07"))
    #expect(parser.parse("Saturday 12/7/2014")?.value == day("2014-07-12"))
    #expect(parser.parse("monday 3/12/2026") == nil)
    #expect(throws: StrideError.self) {
      try TimeReader(zone: TimeZone(identifier: "UTC")!).read(.init(text: "monday 1 jan 2027"), now: Fixtures.now)
    }
  }

  @Test("stride when and --due read before a day as a capture does")
  func beforeADayAlone() throws {
    let match = try #require(parser.parse("before 1 dec"))
    #expect(parser.instant(match.value, dateOnly: .endOfDay) == Fixtures.at("2026-11-30T23:59:59Z"))
    let result = try TimeReader(zone: utc).read(.init(text: "before 1 dec"), now: Fixtures.now)
    #expect(result.said.sentence == "\"before 1 dec\" is Monday 30 November 2026 at 23:59.")
  }

  @Test(
    "stride when says the convention a vague phrase was read by",
    arguments: [
      (
        "early next week",
        "\"early next week\" is from Monday 23 November 2026 to the end of Tuesday 24 November 2026 (early, mid and "
          + "late are the first, middle and last third of a week: Monday and Tuesday, Wednesday and Thursday, Friday "
          + "to Sunday)."
      ),
      (
        "tue in 2 weeks",
        "\"tue in 2 weeks\" is the whole of Tuesday 1 December 2026 (the Tuesday of the week 2 weeks after this "
          + "one; weeks run Monday to Sunday)."
      ),
      (
        "tom 5pm",
        "\"tom 5pm\" is Sunday 22 November 2026 at 17:00 (\"tom\" read as tomorrow; in a title it may be a name)."
      ),
      (
        "beginning of next month",
        "\"beginning of next month\" is the whole of Tuesday 1 December 2026 (the beginning of a period is its first day)."
      ),
    ])
  func conventionSaid(_ text: String, _ sentence: String) throws {
    let result = try TimeReader(zone: utc).read(.init(text: text), now: Fixtures.now)
    #expect(result.said.sentence == sentence)
  }

  @Test(
    "stride when says the weekend is two days",
    arguments: [
      (
        "2026-11-25T10:00:00Z", "this weekend",
        "\"this weekend\" is from Saturday 28 November 2026 to the end of Sunday 29 November 2026."
      ),
      (
        "2026-11-21T10:00:00Z", "this weekend",
        "\"this weekend\" is from Saturday 21 November 2026 to the end of Sunday 22 November 2026."
      ),
      ("2026-11-22T10:00:00Z", "this weekend", "\"this weekend\" is the whole of Sunday 22 November 2026."),
    ])
  func weekendSaid(_ now: String, _ text: String, _ sentence: String) throws {
    let result = try TimeReader(zone: utc).read(.init(text: text), now: Fixtures.at(now))
    #expect(result.said.sentence == sentence)
  }

  @Test(
    "stride when, --since and --due read a period one way",
    arguments: [
      (
        "this month", "\"this month\" is from Sunday 1 November 2026 to the end of Monday 30 November 2026.",
        "2026-11-01T00:00:00Z", "2026-11-30T23:59:59Z"
      ),
      (
        "this week", "\"this week\" is from Monday 16 November 2026 to the end of Sunday 22 November 2026.",
        "2026-11-16T00:00:00Z", "2026-11-22T23:59:59Z"
      ),
      (
        "this year", "\"this year\" is from Thursday 1 January 2026 to the end of Thursday 31 December 2026.",
        "2026-01-01T00:00:00Z", "2026-12-31T23:59:59Z"
      ),
      (
        "last month", "\"last month\" is from Thursday 1 October 2026 to the end of Saturday 31 October 2026.",
        "2026-10-01T00:00:00Z", "2026-10-31T23:59:59Z"
      ),
    ])
  func periodsRead(_ text: String, _ sentence: String, _ since: String, _ due: String) throws {
    let reader = TimeReader(zone: utc)
    #expect(try reader.read(.init(text: text), now: Fixtures.now).said.sentence == sentence)
    #expect(try reader.read(.init(text: text, reading: .since), now: Fixtures.now).at.date == Fixtures.at(since))
    let moment = try reader.read(.init(text: text, reading: .moment, dayAlone: .endOfDay), now: Fixtures.now)
    #expect(moment.at.date == Fixtures.at(due), "\(text) as --due")
  }

  @Test("stride when says next month is the whole month")
  func nextMonthSaid() throws {
    let result = try TimeReader(zone: utc).read(.init(text: "next month"), now: Fixtures.now)
    #expect(
      result.said.sentence == "\"next month\" is from Tuesday 1 December 2026 to the end of Thursday 31 December 2026.")
  }

  @Test("a routine no rule keeps is named with what to write instead; one written day first is a repeat")
  func routinesNamed() {
    let cases = [
      ("every easter", "'every easter' is no time Stride keeps: easter falls on a different date each year"),
      ("every 2nd and 4th tuesday", "a routine keeps one weekday of the month; add one for each"),
      ("every weekend except christmas", "'except christmas' is no time Stride keeps"),
      ("first monday of every month", "is a repeat (every month on the first Monday)"),
      // A yearly rule's date, as a capture reads it: its first day.
      ("every fourth of july", "is a repeat (every year from 4 July 2027)"),
      ("every january 1st at 9am", "is a repeat (every year from 1 January 2027)"),
    ]
    for (text, said) in cases {
      do throws(StrideError) {
        _ = try TimeReader(zone: utc).read(.init(text: text), now: Fixtures.now)
        Issue.record("'\(text)' was read as one time")
      } catch {
        #expect(error.message.contains(said), "\(text): \(error.message)")
      }
    }
  }
}
