import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

@Suite("Times on the wire")
struct TimestampTests {
  @Test("RFC 3339 is written in UTC to the second and read with any offset")
  func formatAndParse() {
    #expect(Timestamp.format(Fixtures.now) == "2026-11-21T09:00:00Z")
    #expect(Timestamp.parse("2026-11-21T09:00:00Z") == Fixtures.now)
    #expect(Timestamp.parse("2026-11-21T10:30:00+01:30") == Fixtures.now)
    #expect(Timestamp.parse("2026-11-21T09:00:00.250Z") == Fixtures.now)
  }

  @Test("any instant from year 1 to 9999 reads back as written; from 1583 on, it is what Foundation's formatter writes")
  func formatAcrossTheYears() {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    var random = SeededRandom(28)
    let first = -62_135_596_800.0  // 0001-01-01T00:00:00Z
    let last = 253_402_300_799.0  // 9999-12-31T23:59:59Z
    let instants =
      [first, last, 0, -1, 951_782_400, 1_795_600_000.75, 4_107_542_399]
      + (0..<2000).map { _ in first + Double(random.next() % UInt64(last - first)) }
    for seconds in instants {
      let date = Date(timeIntervalSince1970: seconds.rounded(.down))
      let written = Timestamp(date).rfc3339
      // Before the Gregorian reform Foundation counts Julian days; RFC 3339 stays Gregorian throughout.
      if seconds >= -12_212_553_600 { #expect(written == formatter.string(from: date), "\(seconds)") }
      #expect(written.count == 20)
      #expect(Timestamp(rfc3339: written)?.secondsSince1970 == seconds.rounded(.down))
    }
  }

  @Test("a UTC offset is written one way, in a local time and in a zone's name, and read back the same")
  func offsets() throws {
    #expect(UTCOffset.written(3600) == "+01:00" && UTCOffset.written(-19_800) == "-05:30")
    #expect(UTCOffset.written(0) == "+00:00" && UTCOffset.written(49_500) == "+13:45")
    let kolkata = HumanTime(now: Fixtures.now, timeZone: TimeZone(identifier: "Asia/Kolkata")!)
    #expect(kolkata.rfc3339(Fixtures.now) == "2026-11-21T14:30:00+05:30")
    let newYork = HumanTime(now: Fixtures.now, timeZone: TimeZone(identifier: "America/New_York")!)
    #expect(newYork.rfc3339(Fixtures.now) == "2026-11-21T04:00:00-05:00")
    #expect(Timestamp.parse(newYork.rfc3339(Fixtures.now)) == Fixtures.now)
    let parser = TimeParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)
    #expect(try #require(parser.parse("9am -05:00")).zone?.name == "UTC-05:00")
  }

  @Test(
    "anything that is not a whole RFC 3339 time is refused",
    arguments: [
      "", "2026-11-21", "2026-11-21T09:00", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-11-21T09:00:00",
      "2026-11-21T09:00:00Zjunk", "tomorrow",
    ])
  func refused(_ text: String) {
    #expect(Timestamp.parse(text) == nil)
  }
}

@Suite("What a person types")
struct TypedInputTests {
  let utc = TimeZone(identifier: "UTC")!

  @Test("local times are read in the user's time zone, across a daylight-saving change")
  func localTimes() {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let parser = TimeParser(reference: Fixtures.now, timeZone: berlin)
    #expect(
      parser.parse("2026-07-01T12:00").map { parser.instant($0.value, dateOnly: .startOfDay) }
        == Fixtures.at("2026-07-01T10:00:00Z"))
    #expect(
      parser.parse("2027-01-05 12:00").map { parser.instant($0.value, dateOnly: .startOfDay) }
        == Fixtures.at("2027-01-05T11:00:00Z"))
    // 2027-03-28 02:30 does not exist in Berlin: the clock moves forward.
    let gap = parser.parse("2027-03-28T02:30").map { parser.instant($0.value, dateOnly: .startOfDay) }
    #expect(gap == Fixtures.at("2027-03-28T01:30:00Z"))
  }

  @Test(
    "task and step addresses",
    arguments: [
      ("12", TaskAddress(id: TaskID(12))), ("12.2", TaskAddress(id: TaskID(12), step: 2)), ("12.x", nil), ("0", nil),
      ("-3", nil), ("12.", nil), ("12.0", nil), ("1.2.3", nil), ("", nil), ("١٢", nil),
    ] as [(String, TaskAddress?)])
  func addresses(_ text: String, _ expected: TaskAddress?) {
    #expect(TaskAddress(text) == expected)
  }

  @Test(
    "durations in minutes",
    arguments: [
      ("15m", 15), ("90min", 90), ("1h30m", 90), ("2h", 120), ("1.5h", 90), ("PT1H", 60), ("45", nil), ("0m", nil),
      ("soon", nil),
      ("3x", nil), ("", nil),
    ] as [(String, Int?)])
  func minutes(_ text: String, _ expected: Int?) {
    #expect(Durations.minutes(text) == expected)
  }

  @Test("minutes are written in words a screen reader says well")
  func minutesFormat() {
    #expect(Minutes.format(10) == "10 min")
    #expect(Minutes.format(60) == "1 hr")
    #expect(Minutes.format(90) == "1 hr 30 min")
  }
}
