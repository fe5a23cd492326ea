import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Words read whole as one time, as `stride when` and the time options read them: ways of saying a time that a
/// title leaves alone ("right now", "around 3pm", "9 tomorrow"), read where the whole text is known to be a time.
/// Reference: Saturday 2026-11-21 09:00 UTC.
@Suite("Times read whole")
struct WholeTimeTests {
  let parser = TimeParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)

  @Test(
    "now said other ways, about a time, and an hour before its day",
    arguments: [
      ("right now", "2026-11-21T09:00:00Z"), ("just now", "2026-11-21T09:00:00Z"),
      ("at the moment", "2026-11-21T09:00:00Z"), ("around 3pm", "2026-11-21T15:00:00Z"),
      ("at about 3pm", "2026-11-21T15:00:00Z"), ("3pm approximately", "2026-11-21T15:00:00Z"),
      ("roughly noon", "2026-11-21T12:00:00Z"), ("9 tomorrow", "2026-11-22T09:00:00Z"),
      ("8 this evening", "2026-11-21T20:00:00Z"), ("9 tomorrow evening", "2026-11-22T21:00:00Z"),
      ("7 friday morning", "2026-11-27T07:00:00Z"), ("9h30", "2026-11-21T09:30:00Z"),
      ("thursday 8h00 GMT", "2026-11-26T08:00:00Z"), ("end of 2027", "2027-12-31T23:59:59Z"),
    ])
  func read(_ text: String, _ expected: String) throws {
    let match = try #require(parser.parse(text, ahead: true), "\(text)")
    #expect(parser.instant(match.value, dateOnly: .startOfDay) == Fixtures.at(expected), "\(text)")
  }

  @Test(
    "read whole: a holiday moved by months or years, a time that lasts, four figures, a year, counts back, more days",
    arguments: [
      ("easter in 2 years", "2028-04-16T00:00:00Z", nil), ("halloween 2 years ago", "2024-10-31T00:00:00Z", nil),
      ("christmas in 13 months", "2027-12-25T00:00:00Z", nil),
      ("thanksgiving 6 months from now", "2027-11-25T00:00:00Z", nil),
      ("2pm for 45 minutes", "2026-11-21T14:00:00Z", "2026-11-21T14:45:00Z"),
      ("monday for 3 days", "2026-11-23T00:00:00Z", "2026-11-25T00:00:00Z"),
      ("dec 1 for 2 weeks", "2026-12-01T00:00:00Z", "2026-12-14T00:00:00Z"),
      ("from 10am for an hour and a half", "2026-11-21T10:00:00Z", "2026-11-21T11:30:00Z"),
      ("at 1745", "2026-11-21T17:45:00Z", nil), ("around 2215", "2026-11-21T22:15:00Z", nil),
      ("june next year", "2027-06-01T00:00:00Z", nil), ("april in 2 years", "2028-04-01T00:00:00Z", nil),
      ("january of last year", "2025-01-01T00:00:00Z", nil),
      ("in 2028", "2028-01-01T00:00:00Z", "2028-12-31T00:00:00Z"),
      ("5 days back", "2026-11-16T00:00:00Z", nil), ("2 fridays back", "2026-11-13T00:00:00Z", nil),
      ("a week from right now", "2026-11-28T00:00:00Z", nil),
      ("lent 2027", "2027-02-10T00:00:00Z", nil), ("trinity sunday 2027", "2027-05-23T00:00:00Z", nil),
      ("clean monday 2027", "2027-03-15T00:00:00Z", nil), ("bosses day", "2027-10-15T00:00:00Z", nil),
      ("civil rights day", "2027-01-18T00:00:00Z", nil),
    ] as [(String, String, String?)])
  func readWhole(_ text: String, _ start: String, _ end: String?) throws {
    let match = try #require(parser.parse(text, ahead: true), "\(text)")
    #expect(parser.instant(match.value, dateOnly: .startOfDay) == Fixtures.at(start), "\(text)")
    #expect(match.end.map { parser.instant($0, dateOnly: .startOfDay) } == end.map(Fixtures.at), "\(text)")
  }

  @Test(
    "inside a title these stay: a price after at, a count back, and holidays whose names are a title's words",
    arguments: [
      "sell the bike at 1500", "move it 2 weeks back", "return the lent book", "bosses day lunch",
      "pray for trinity sunday school", "buy christmas presents in 2 months",
    ])
  func keptInTitles(_ text: String) {
    let words = ["1500", "back", "lent", "bosses", "trinity", "christmas"]
    #expect(parser.find(in: text).allSatisfy { found in !words.contains { found.text.contains($0) } }, "\(text)")
  }

  @Test("the beginning of a year is its first day")
  func beginningOfYear() {
    #expect(parser.parse("beginning of 2028")?.value == Fixtures.day("2028-01-01"))
    #expect(parser.parse("at the start of 2028")?.value == Fixtures.day("2028-01-01"))
  }

  @Test(
    "still no time: a number alone, and these words inside a title",
    arguments: ["7", "around", "right", "just", "moment", "around the corner"])
  func notRead(_ text: String) {
    #expect(parser.parse(text, ahead: true) == nil, "\(text)")
  }

  @Test("inside a title these words stay", arguments: ["busy at the moment", "do it right now", "read 9 tomorrow"])
  func titles(_ text: String) {
    #expect(parser.find(in: text).allSatisfy { !$0.text.contains("moment") && !$0.text.contains("now") })
  }
}
