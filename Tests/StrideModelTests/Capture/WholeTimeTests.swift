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
