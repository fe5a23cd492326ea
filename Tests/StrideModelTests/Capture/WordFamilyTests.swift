import Foundation
import StrideTestSupport
import Testing

@testable import StrideModel

/// Capture words that were misread, each as the family it belongs to. Reference: Saturday 2026-11-21 09:00 UTC
/// unless a test names its own instant.
@Suite("Capture: word families")
struct WordFamilyTests {
  let utc = TimeZone(identifier: "UTC")!
  var parser: TimeParser { TimeParser(reference: Fixtures.now, timeZone: utc) }

  func capture(_ text: String, at reference: Date = Fixtures.now) -> ParsedCapture {
    CaptureParser(reference: reference, timeZone: utc).parse(text)
  }

  @Test(
    "before a day is due at the end of the day before it; before a clock time, or on or before a day, is not moved",
    arguments: [
      ("renew passport before march", "renew passport", "2027-02-28T23:59:59Z"),
      ("renew passport before march 2028", "renew passport", "2028-02-29T23:59:59Z"),
      ("pay the deposit before 1 dec", "pay the deposit", "2026-11-30T23:59:59Z"),
      ("submit form before friday", "submit form", "2026-11-26T23:59:59Z"),
      ("send the deck b4 monday", "send the deck", "2026-11-22T23:59:59Z"),
      ("book flights due before the 3rd", "book flights", "2026-12-02T23:59:59Z"),
      ("sort the garage before next weekend", "sort the garage", "2026-11-27T23:59:59Z"),
      ("clear the desk before next week", "clear the desk", "2026-11-22T23:59:59Z"),
      ("call before 5pm", "call", "2026-11-21T17:00:00Z"),
      ("call the bank before friday 5pm", "call the bank", "2026-11-27T17:00:00Z"),
      ("file it on or before the 3rd", "file it", "2026-12-03T23:59:59Z"),
      ("pay rent by friday", "pay rent", "2026-11-27T23:59:59Z"),
    ])
  func beforeADay(_ text: String, _ title: String, _ due: String) {
    let parsed = capture(text)
    #expect(parsed.title == title, "\(text)")
    #expect(parsed.due == Fixtures.at(due), "\(text)")
  }

  @Test(
    "a day word and a bare hour after it are that day at that hour, with the hour read as 'at 3' is",
    arguments: [
      ("call mum tmrw 9", "call mum", "2026-11-22T09:00:00Z"),
      ("dentist tomorrow 9", "dentist", "2026-11-22T09:00:00Z"),
      ("standup mon 10", "standup", "2026-11-23T10:00:00Z"),
      ("pick up the kids fri 4", "pick up the kids", "2026-11-27T16:00:00Z"),
      ("gym tomorrow 18", "gym", "2026-11-22T18:00:00Z"),
      ("call bob next tuesday 11", "call bob", "2026-11-24T11:00:00Z"),
      ("tmrw 9 call mum", "call mum", "2026-11-22T09:00:00Z"),
      ("fri 4 pick up the kids", "pick up the kids", "2026-11-27T16:00:00Z"),
      ("tomorrow 9 dentist", "dentist", "2026-11-22T09:00:00Z"),
    ])
  func dayAndBareHour(_ text: String, _ title: String, _ due: String) {
    let parsed = capture(text)
    #expect(parsed.title == title, "\(text)")
    #expect(parsed.due == Fixtures.at(due), "\(text)")
  }

  @Test(
    "a number that is no hour, or not right after a day word, stays in the title",
    arguments: [
      ("buy 9 eggs", "buy 9 eggs", nil),
      ("room 101", "room 101", nil),
      ("tomorrow 25 chairs", "25 chairs", "2026-11-22T23:59:59Z"),
      ("order tomorrow 9 eggs", "order 9 eggs", "2026-11-22T23:59:59Z"),
      ("invite monday 3 people", "invite 3 people", "2026-11-23T23:59:59Z"),
      ("read chapter 4 tonight", "read chapter 4", "2026-11-21T20:00:00Z"),
      ("dec 3 10 copies", "10 copies", "2026-12-03T23:59:59Z"),
      ("call bob tomorrow 5 to 6", "call bob 5 to 6", "2026-11-22T23:59:59Z"),
      ("tomorrow 2 pizzas for the party", "2 pizzas for the party", "2026-11-22T23:59:59Z"),
      ("mon 1 on 1 with sam", "1 on 1 with sam", "2026-11-23T23:59:59Z"),
    ] as [(String, String, String?)])
  func numbersThatAreNoHour(_ text: String, _ title: String, _ due: String?) {
    let parsed = capture(text)
    #expect(parsed.title == title, "\(text)")
    #expect(parsed.due == due.map(Fixtures.at), "\(text)")
  }

  @Test("stride when reads a day word and a bare hour too")
  func dayAndBareHourAlone() throws {
    #expect(parser.parse("tmrw 9")?.value == Fixtures.instant("2026-11-22T09:00:00Z"))
    #expect(parser.parse("fri 4")?.value == Fixtures.instant("2026-11-27T16:00:00Z"))
  }

  @Test(
    "a bare length of time after a routine's rule or at the end of the line is the estimate",
    arguments: [
      ("spanish practice daily 20m", "spanish practice", 20),
      ("stretch daily 10 min", "stretch", 10),
      ("stretch every morning 15m", "stretch", 15), ("stretch daily 7:30am 10m", "stretch", 10),
      ("meditate daily 20m before bed", "meditate before bed", 20),
      ("read 30 min", "read", 30),
      ("call mum 1h", "call mum", 60),
      ("deep clean the oven 1h30m", "deep clean the oven", 90),
      ("watch the film tomorrow 90 min", "watch the film", 90),
      ("tidy up for 20 minutes", "tidy up", 20),
    ])
  func bareEstimate(_ text: String, _ title: String, _ minutes: Int) {
    let parsed = capture(text)
    #expect(parsed.title == title, "\(text)")
    #expect(parsed.estimateMinutes == minutes, "\(text)")
    #expect(parsed.spans.contains { $0.field == .estimate }, "\(text)")
  }

  @Test(
    "a length inside a title, one too long to be an estimate, or beside a ~ estimate, stays",
    arguments: [
      ("order 20m cable", "order 20m cable", nil),
      ("plan 2 weeks holiday", "plan 2 weeks holiday", nil),
      ("book 3 days off", "book 3 days off", nil),
      ("run 5000m", "run 5000m", nil),
      ("swim 400m", "swim 400m", nil),
      ("run 400m daily", "run 400m", nil),
      ("meditate daily 20m ~15m", "meditate 20m", 15),
      ("read chapter 4", "read chapter 4", nil),
    ] as [(String, String, Int?)])
  func notAnEstimate(_ text: String, _ title: String, _ minutes: Int?) {
    let parsed = capture(text)
    #expect(parsed.title == title, "\(text)")
    #expect(parsed.estimateMinutes == minutes, "\(text)")
  }

  @Test(
    "ASAP in any case leaves the title and makes the task an obligation, as !urgent does",
    arguments: [
      ("fix the bug ASAP", "fix the bug"), ("fix the bug asap!", "fix the bug"),
      ("call the bank Asap.", "call the bank"),
      ("ASAP: call the bank", "call the bank"), ("reply to Sam asap about the lease", "reply to Sam about the lease"),
    ])
  func asap(_ text: String, _ title: String) {
    let parsed = capture(text)
    #expect(parsed.title == title, "\(text)")
    #expect(parsed.type == .obligation, "\(text)")
    #expect(parsed.spans.contains { $0.field == .type && $0.text.lowercased().hasPrefix("asap") }, "\(text)")
  }

  @Test(
    "then splits steps in any case, after a comma or an and; the whole line stays the title",
    arguments: [
      ("pack then drive then unpack", "pack then drive then unpack", ["pack", "drive", "unpack"]),
      ("pack and then drive and then unpack", "pack and then drive and then unpack", ["pack", "drive", "unpack"]),
      ("Pack Then drive Then unpack", "Pack Then drive Then unpack", ["Pack", "drive", "unpack"]),
      ("pack, then drive, then unpack", "pack, then drive, then unpack", ["pack", "drive", "unpack"]),
      ("the then president", "the then president", []),
      ("write the report then", "write the report then", []),
    ])
  func thenSteps(_ text: String, _ title: String, _ steps: [String]) {
    let parsed = capture(text)
    #expect(parsed.title == title, "\(text)")
    #expect(parsed.steps == steps, "\(text)")
  }

  @Test(
    "the weekend is Saturday and Sunday: a capture may start on Saturday and is due by the end of Sunday",
    arguments: [
      ("2026-11-25T10:00:00Z", "clean the garage this weekend", "2026-11-28T09:00:00Z", "2026-11-29T23:59:59Z"),
      ("2026-11-25T10:00:00Z", "clean the garage at the weekend", "2026-11-28T09:00:00Z", "2026-11-29T23:59:59Z"),
      ("2026-11-25T10:00:00Z", "visit gran next weekend", "2026-12-05T09:00:00Z", "2026-12-06T23:59:59Z"),
      // Said on the weekend, this weekend is the one under way: due by the end of this Sunday, from now.
      ("2026-11-21T10:00:00Z", "clean the garage this weekend", nil, "2026-11-22T23:59:59Z"),
      ("2026-11-22T10:00:00Z", "clean the garage this weekend", nil, "2026-11-22T23:59:59Z"),
    ] as [(String, String, String?, String)])
  func weekend(_ now: String, _ text: String, _ start: String?, _ due: String) {
    let parsed = capture(text, at: Fixtures.at(now))
    #expect(!parsed.title.contains("weekend"), "\(text): \(parsed.title)")
    #expect(parsed.start == start.map(Fixtures.at), "\(text) at \(now)")
    #expect(parsed.due == Fixtures.at(due), "\(text) at \(now)")
  }

  @Test(
    "tonight late at night is the night that is now: the coming hours, never the next evening",
    arguments: [
      ("2026-11-21T21:00:00Z", "2026-11-21T23:00:00Z"), ("2026-11-21T22:00:00Z", "2026-11-21T23:00:00Z"),
      ("2026-11-21T23:30:00Z", "2026-11-22T01:00:00Z"), ("2026-11-22T00:30:00Z", "2026-11-22T02:00:00Z"),
      ("2026-11-22T03:10:00Z", "2026-11-22T05:00:00Z"), ("2026-11-22T04:00:00Z", "2026-11-22T20:00:00Z"),
    ])
  func tonightLate(_ now: String, _ expected: String) {
    let parsed = capture("call mum tonight", at: Fixtures.at(now))
    #expect(parsed.title == "call mum")
    #expect(parsed.due == Fixtures.at(expected), "tonight at \(now)")
  }

  @Test(
    "an hour with tonight late at night is the next time it comes round in the evening or the night",
    arguments: [
      ("2026-11-21T23:30:00Z", "tonight at 11", "2026-11-22T23:00:00Z"),
      ("2026-11-21T23:30:00Z", "tonight 9pm", "2026-11-22T21:00:00Z"),
      ("2026-11-22T00:30:00Z", "tonight at 2", "2026-11-22T02:00:00Z"),
      ("2026-11-22T00:30:00Z", "tonight at 11", "2026-11-22T23:00:00Z"),
    ])
  func tonightLateWithHour(_ now: String, _ text: String, _ expected: String) throws {
    let parser = TimeParser(reference: Fixtures.at(now), timeZone: utc)
    let match = try #require(parser.parse(text))
    #expect(parser.startInstant(match.value) == Fixtures.at(expected), "\(text) at \(now)")
  }

  @Test(
    "this and next week, month, quarter and year are periods: a capture is due at the end, from the start if ahead",
    arguments: [
      ("review the budget this month", nil, "2026-11-30T23:59:59Z"),
      ("tidy up this week", nil, "2026-11-22T23:59:59Z"),
      ("file the taxes this year", nil, "2026-12-31T23:59:59Z"),
      ("plan the trip next month", "2026-12-01T09:00:00Z", "2026-12-31T23:59:59Z"),
      ("sort the garage next week", "2026-11-23T09:00:00Z", "2026-11-29T23:59:59Z"),
      ("pay the deposit by next week", nil, "2026-11-23T23:59:59Z"),
      ("send invoice from next month", "2026-12-01T09:00:00Z", nil),
      ("submit the report due next month", "2026-12-01T09:00:00Z", "2026-12-31T23:59:59Z"),
    ] as [(String, String?, String?)])
  func periodsInCaptures(_ text: String, _ start: String?, _ due: String?) {
    let parsed = capture(text)
    #expect(parsed.start == start.map(Fixtures.at), "\(text)")
    #expect(parsed.due == due.map(Fixtures.at), "\(text)")
  }

  @Test("a routine's due names the rule's words as where it came from, with the clock the line gave")
  func routineDueSource() throws {
    let draft = try Capture.draft(from: "standup every weekday 10am", at: Fixtures.now, timeZone: utc)
    #expect(draft.dueSources == ["\"every weekday\"", "\"10am\""])
    let plain = try Capture.draft(from: "water the plants every monday", at: Fixtures.now, timeZone: utc)
    #expect(plain.dueSources == ["\"every monday\""])
    let oneOff = try Capture.draft(from: "call mum tomorrow 9am", at: Fixtures.now, timeZone: utc)
    #expect(oneOff.dueSources == ["\"tomorrow 9am\""])
  }
}
