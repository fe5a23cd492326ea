import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// What the reply says where a phrase could have been misread silently (issue 55): the country a holiday's day is
/// taken from, a holiday that opens a line, and ASAP. The family files (holiday-countries.txt, leading-holidays.txt,
/// marked-hours.txt, mixed-clock-ranges.txt, asap.txt) hold the phrases; these pin the words a person reads.
/// Reference: Saturday 2026-11-21 09:00 UTC.
@Suite("Capture: no silent misreads")
struct SilentReadTests {
  let utc = TimeZone(identifier: "UTC")!

  func readAs(_ text: String) throws -> String? {
    let draft = try Capture.draft(from: text, at: Fixtures.now, timeZone: utc)
    return DraftSaid(draft, Speaker(now: Fixtures.now, timeZone: utc, settings: EngineSettings())).readAs
  }

  @Test("a holiday whose day differs by country is said with the country taken, in the reply and in stride when")
  func countryNamed() throws {
    let said = try #require(try readAs("buy a card for mother's day"))
    #expect(
      said.hasPrefix("Read as: due Sun 9 May 2027, end of day (Mother's Day as in the US, the second Sunday of May;"),
      "\(said)")
    let parser = TimeParser(reference: Fixtures.now, timeZone: utc)
    #expect(parser.parse("fathers day")?.convention?.contains("the third Sunday of June") == true)
    #expect(parser.parse("thanksgiving")?.convention?.contains("Canada's, the second Monday of October") == true)
    // A holiday every country keeps on one day says nothing more.
    #expect(parser.parse("christmas")?.convention == nil)
    #expect(try readAs("wrap presents by christmas") == "Read as: due Fri 25 Dec, end of day.")
  }

  @Test("a holiday that opens a line is named with how to write its day, and a clock beside it is not read")
  func leadingHoliday() throws {
    let parsed = CaptureParser(reference: Fixtures.now, timeZone: utc).parse("easter brunch at 11")
    #expect(parsed.due == nil && parsed.title == "easter brunch at 11")
    let kept = try #require(parsed.spans.first { $0.field == .unread })
    #expect(kept.text == "easter")
    #expect(kept.reason?.hasSuffix("to be due that day, write on easter or by easter") == true, "\(kept)")
  }

  @Test("ASAP leaves the title and the reply says the task became an obligation")
  func asap() throws {
    #expect(try readAs("call the bank a.s.a.p.") == "Read as: an obligation (from \"a.s.a.p.\").")
    #expect(
      try readAs("send the invoice as soon as possible") == "Read as: an obligation (from \"as soon as possible\").")
  }
}
