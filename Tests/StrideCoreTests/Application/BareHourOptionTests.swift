import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel

/// An hour without am or pm means one time wherever it is typed: a capture's line, `stride when`, and the options
/// that take a time (`--until`, `--at`, `--due`, `--start`), all read by `TimeReader`. Only `--since` and log's
/// `--until` look back.
/// The clock is fixed: Saturday 21 November 2026, at the time each case was typed (UTC).
@Suite("An hour without am or pm, read the same by add, when and the options")
struct BareHourOptionTests {
  let utc = TimeZone(identifier: "UTC")!

  /// Saturday 21 November 2026 at `clock` (UTC).
  func typed(_ clock: String) -> Date { Fixtures.at("2026-11-21T\(clock):00Z") }

  @Test(
    "stride when, --until, --at and --due agree with stride add",
    arguments: [
      ("10:54", "at 7", "2026-11-21T19:00:00Z"),
      ("10:54", "at 10", "2026-11-21T22:00:00Z"),
      ("10:54", "at half past 7", "2026-11-21T19:30:00Z"),
      ("10:54", "at 9:30", "2026-11-22T09:30:00Z"),
      ("20:30", "at 7", "2026-11-22T07:00:00Z"),
      ("20:30", "at 8:45", "2026-11-21T20:45:00Z"),
      ("14:00", "at 7:30", "2026-11-21T19:30:00Z"),
      ("08:00", "at 9:30", "2026-11-21T09:30:00Z"),
      ("09:00", "at 3", "2026-11-21T15:00:00Z"),
      ("10:54", "tomorrow at 7", "2026-11-22T07:00:00Z"),
      ("10:54", "at 7am", "2026-11-22T07:00:00Z"),
      ("10:54", "this evening at 7", "2026-11-21T19:00:00Z"),
    ])
  func agree(_ clock: String, _ words: String, _ expected: String) throws {
    let now = typed(clock)
    let wanted = Fixtures.at(expected)
    let reader = TimeReader(zone: utc)
    #expect(try reader.read(.init(text: words), now: now).start.date == wanted, "stride when \(words)")
    let until = try reader.read(.init(text: words, reading: .moment, dayAlone: .dayStart), now: now)
    #expect(until.at.date == wanted, "--until \(words)")
    let due = try reader.read(.init(text: words, reading: .moment, dayAlone: .endOfDay), now: now)
    #expect(due.at.date == wanted, "--due \(words)")
    let draft = try Capture.draft(from: "call the garage \(words)", at: now, timeZone: utc)
    #expect(draft.due == wanted, "stride add \"call the garage \(words)\"")
  }

  @Test("--since looks back: the hour as said, the last time it came")
  func since() throws {
    let reader = TimeReader(zone: utc)
    let now = typed("10:54")
    #expect(try reader.read(.init(text: "at 7", reading: .since), now: now).at.date == typed("07:00"))
    #expect(try reader.read(.init(text: "9:30", reading: .since), now: now).at.date == typed("09:30"))
  }

  @Test("log's --until looks back too: the hour as said, today's, never tonight's or tomorrow's")
  func logUntil() throws {
    let reader = TimeReader(zone: utc)
    let now = typed("14:00")
    let read = { (words: String) throws in
      try reader.read(.init(text: words, reading: .pastMoment, dayAlone: .startOfDay), now: now).at.date
    }
    #expect(try read("at 10") == typed("10:00"))
    #expect(try read("at 9:30") == typed("09:30"))
    #expect(try read("yesterday") == Fixtures.at("2026-11-20T00:00:00Z"))
  }

  @Test("stride when says which reading a passed hour took")
  func said() throws {
    let reader = TimeReader(zone: utc)
    let evening = try reader.read(.init(text: "at 7"), now: typed("10:54"))
    #expect(
      evening.said.sentence
        == "\"at 7\" is Saturday 21 November 2026 at 19:00 (without am or pm, a morning hour that has passed today is "
        + "this evening's; write am or pm to choose).")
    let missed = try reader.read(.init(text: "at 9:30"), now: typed("10:54"))
    #expect(
      missed.said.sentence
        == "\"at 9:30\" is Sunday 22 November 2026 at 09:30 (a time to the minute that passed less than six hours ago "
        + "is tomorrow's; for this evening, write pm).")
    let ahead = try reader.read(.init(text: "at 9:30"), now: typed("08:00"))
    #expect(ahead.said.sentence == "\"at 9:30\" is Saturday 21 November 2026 at 09:30.")
  }
}
