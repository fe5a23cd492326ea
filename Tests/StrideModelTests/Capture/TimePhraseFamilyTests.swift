import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// The long tail of how people write a time, family by family (issue 12). Reference: Saturday 2026-11-21 09:00 UTC.
@Suite("Time phrases: the long tail")
struct TimePhraseFamilyTests {
  let parser = TimeParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)

  func day(_ text: String) -> TimeParser.Value { Fixtures.day(text) }
  func at(_ text: String) -> TimeParser.Value { Fixtures.instant(text) }

  @Test(
    "ordinals in words and digits, before and after the month",
    arguments: [
      ("february the 15th", "2027-02-15"), ("the 15th of feb", "2027-02-15"), ("february the fifteenth", "2027-02-15"),
      ("the fifteenth of february", "2027-02-15"), ("march third 2015", "2015-03-03"),
      ("third day of october", "2027-10-03"), ("on the first", "2026-12-01"), ("the twenty-second", "2026-11-22"),
      ("twenty first of june", "2027-06-21"), ("Thirtieth of November", "2026-11-30"), ("dec the 2nd", "2026-12-02"),
      ("Sunday, March, 6th 2016", "2016-03-06"), ("may the fourth", "2027-05-04"),
    ])
  func ordinals(_ text: String, _ expected: String) {
    #expect(parser.parse(text)?.value == day(expected), "\(text)")
  }

  @Test(
    "nth weekdays and last days of a month; a month without a year is the next one still ahead",
    arguments: [
      ("first tuesday in october", "2027-10-05"), ("last friday of the month", "2026-11-27"),
      ("the first Monday of this month", "2026-11-02"), ("last day of october", "2027-10-31"),
      ("last day of february 2028", "2028-02-29"), ("2nd wednesday of next month", "2026-12-09"),
      ("the third thursday of november", "2027-11-18"), ("the fourth thursday of november", "2026-11-26"),
      ("first day of next month", "2026-12-01"), ("last monday in may 2027", "2027-05-31"),
      ("the 3rd of next month", "2026-12-03"), ("first of next month", "2026-12-01"),
      ("the end of august", "2027-08-31"),
    ])
  func nthDays(_ text: String, _ expected: String) {
    let value = parser.parse(text)?.value
    let found = value.map { parser.day(of: $0) }
    #expect(found.map { TimeParser.Value.day($0) } == day(expected), "\(text)")
  }

  @Test(
    "counted weekdays and weeks",
    arguments: [
      ("3 fridays from now", "2026-12-11"), ("in 2 mondays", "2026-11-30"), ("in a fortnight", "2026-12-05"),
      ("two weeks from tomorrow", "2026-12-06"), ("a week from monday", "2026-11-30"),
      ("2 tuesdays ago", "2026-11-10"), ("3 days from friday", "2026-11-30"),
    ])
  func countedWeekdays(_ text: String, _ expected: String) {
    #expect(parser.parse(text)?.value == day(expected), "\(text)")
  }

  @Test(
    "clock forms people say and write",
    arguments: [
      ("a quarter past 1pm", "2026-11-21T13:15:00Z"), ("half past 9", "2026-11-21T09:30:00Z"),
      ("quarter to noon", "2026-11-21T11:45:00Z"), ("a quarter to noon", "2026-11-21T11:45:00Z"),
      ("twenty to 6", "2026-11-21T17:40:00Z"), ("ten past three", "2026-11-21T15:10:00Z"),
      ("quarter to midnight", "2026-11-21T23:45:00Z"), ("10 minutes to 1pm", "2026-11-21T12:50:00Z"),
      ("330 p.m.", "2026-11-21T15:30:00Z"), ("1130am", "2026-11-21T11:30:00Z"), ("16h", "2026-11-21T16:00:00Z"),
      ("16h30", "2026-11-21T16:30:00Z"), ("at 16h00", "2026-11-21T16:00:00Z"), ("3 in the AM", "2026-11-22T03:00:00Z"),
      ("3:20 in the afternoon", "2026-11-21T15:20:00Z"), ("3:20 in afternoon", "2026-11-21T15:20:00Z"),
      ("10 at night", "2026-11-21T22:00:00Z"), ("7 in the morning", "2026-11-22T07:00:00Z"),
      ("noonish", "2026-11-21T12:00:00Z"), ("5ish", "2026-11-21T17:00:00Z"), ("by 16h", "2026-11-21T16:00:00Z"),
      ("noon-ish", "2026-11-21T12:00:00Z"), ("3.30pm", "2026-11-21T15:30:00Z"), ("3.30 p.m.", "2026-11-21T15:30:00Z"),
      ("six in the morning", "2026-11-22T06:00:00Z"), ("at seven", "2026-11-22T07:00:00Z"),
      ("four pm", "2026-11-21T16:00:00Z"), ("twenty past four pm", "2026-11-21T16:20:00Z"),
      ("half 5", "2026-11-21T17:30:00Z"), ("at half nine", "2026-11-21T09:30:00Z"),
    ])
  func clocks(_ text: String, _ expected: String) {
    #expect(parser.parse(text)?.value == at(expected), "\(text)")
  }

  @Test(
    "a day part then an hour: the hour is read on the day part's side of noon",
    arguments: [
      ("tomorrow afternoon at 5", "2026-11-22T17:00:00Z"), ("this evening at 7", "2026-11-21T19:00:00Z"),
      ("tomorrow morning at 7:30", "2026-11-22T07:30:00Z"), ("friday evening at 8:15", "2026-11-27T20:15:00Z"),
      ("tomorrow afternoon at 2:30", "2026-11-22T14:30:00Z"), ("this morning at 11", "2026-11-21T11:00:00Z"),
      ("tomorrow before 4pm", "2026-11-22T16:00:00Z"), ("sunday night at 10", "2026-11-22T22:00:00Z"),
    ])
  func dayPartAndHour(_ text: String, _ expected: String) {
    #expect(parser.parse(text)?.value == at(expected), "\(text)")
  }

  @Test(
    "fractional and compound durations",
    arguments: [
      ("in 1/2h", "2026-11-21T09:30:00Z"), ("in 1/2 hour", "2026-11-21T09:30:00Z"),
      ("in 2 and a half hours", "2026-11-21T11:30:00Z"), ("in 2 and an half hours", "2026-11-21T11:30:00Z"),
      ("in an hour and a half", "2026-11-21T10:30:00Z"), ("in 15'", "2026-11-21T09:15:00Z"),
      ("in 1½ hours", "2026-11-21T10:30:00Z"), ("in ¾ hour", "2026-11-21T09:45:00Z"),
      ("in 1 hour and 20 minutes", "2026-11-21T10:20:00Z"), ("in 2h30", "2026-11-21T11:30:00Z"),
    ])
  func durations(_ text: String, _ expected: String) {
    #expect(parser.parse(text)?.value == at(expected), "\(text)")
  }

  @Test(
    "time zones: read in the zone named, kept as the instant",
    arguments: [
      ("thursday 8:00 GMT", "2026-11-26T08:00:00Z", "GMT"), ("9am BST", "2026-11-22T08:00:00Z", "BST"),
      ("Thursday 9 am (BST)", "2026-11-26T08:00:00Z", "BST"), ("friday 17:00 EST", "2026-11-27T22:00:00Z", "EST"),
      ("tomorrow 9am +02:00", "2026-11-22T07:00:00Z", "UTC+02:00"),
      ("tomorrow 9am Europe/Berlin", "2026-11-22T08:00:00Z", "Europe/Berlin"),
      ("tomorrow 9:00 UTC+5:30", "2026-11-22T03:30:00Z", "UTC+05:30"),
      ("tomorrow 9am PT", "2026-11-22T17:00:00Z", "PT"), ("dec 3 10:00 JST", "2026-12-03T01:00:00Z", "JST"),
      ("tomorrow 11 am GMT -08:45", "2026-11-22T19:45:00Z", "UTC-08:45"),
    ])
  func zones(_ text: String, _ expected: String, _ zone: String) throws {
    let match = try #require(parser.parse(text), "\(text)")
    #expect(match.value == at(expected), "\(text)")
    #expect(match.zone?.name == zone, "\(text)")
  }

  @Test(
    "two-digit years, with the POSIX pivot (69–99 are the 1900s)",
    arguments: [
      ("3 Aug 96", "1996-08-03"), ("3rd Feb 82", "1982-02-03"), ("Aug 9, 96", "1996-08-09"),
      ("14 mar 24", "2024-03-14"),
      ("10-aug-68", "2068-08-10"), ("1 jan 69", "1969-01-01"), ("Jan 1 3000, 9:30", "3000-01-01"),
    ])
  func twoDigitYears(_ text: String, _ expected: String) {
    let value = parser.parse(text)?.value
    #expect(value.map { TimeParser.Value.day(parser.day(of: $0)) } == day(expected), "\(text)")
  }

  @Test(
    "day ranges read as a start and an end",
    arguments: [
      ("22-23 feb at 7pm", "2027-02-22T19:00:00Z", "2027-02-23T19:00:00Z"),
      ("10 to 22 august", "2027-08-10T00:00:00Z", "2027-08-22T00:00:00Z"),
      ("feb 22-23", "2027-02-22T00:00:00Z", "2027-02-23T00:00:00Z"),
      ("aug 10 - nov 12, 2011", "2011-08-10T00:00:00Z", "2011-11-12T00:00:00Z"),
      ("3:30-4:30pm", "2026-11-21T15:30:00Z", "2026-11-21T16:30:00Z"),
      ("eighth to eleventh may 2010", "2010-05-08T00:00:00Z", "2010-05-11T00:00:00Z"),
      ("from december to may", "2026-12-01T00:00:00Z", "2027-05-01T00:00:00Z"),
      ("friday to monday", "2026-11-27T00:00:00Z", "2026-11-30T00:00:00Z"),
      ("mon-fri", "2026-11-23T00:00:00Z", "2026-11-27T00:00:00Z"),
      ("2-4pm", "2026-11-21T14:00:00Z", "2026-11-21T16:00:00Z"),
      ("friday 9-11am", "2026-11-27T09:00:00Z", "2026-11-27T11:00:00Z"),
      ("11-1pm", "2026-11-21T11:00:00Z", "2026-11-21T13:00:00Z"),
    ])
  func dayRanges(_ text: String, _ start: String, _ end: String) throws {
    let match = try #require(parser.parse(text), "\(text)")
    #expect(parser.instant(match.value, dateOnly: .startOfDay) == Fixtures.at(start), "\(text)")
    #expect(match.end.map { parser.instant($0, dateOnly: .startOfDay) } == Fixtures.at(end), "\(text)")
  }

  @Test("deadline words before a time set the due time; their opposites the start")
  func deadlineWords() {
    let cases: [(String, TimeParser.Role)] = [
      ("send it no later than friday", .due), ("reply not later than noon", .due), ("pay on or before the 3rd", .due),
      ("book it by noon", .due), ("call not after 6pm", .due), ("start no earlier than monday", .start),
      ("open on or after dec 1", .start), ("finish before 4pm", .due),
    ]
    for (text, role) in cases {
      let matches = parser.find(in: text)
      #expect(matches.count == 1, "\(text): \(matches.map(\.text))")
      #expect(matches.first?.role == role, "\(text)")
    }
  }
}

/// A capture keeps reading carefully with the new phrases: titles trimmed, tokens next to punctuation, no false
/// dates in ordinary lines.
@Suite("Capture: the long tail inside a line")
struct CaptureFamilyTests {
  let parser = CaptureParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)

  @Test("a token before the step colon, a comma or a bracket is still a token")
  func tokensBeforePunctuation() {
    let parsed = parser.parse("post the parcel tomorrow 5pm ~20m !low: buy tape, print label")
    #expect(parsed.title == "post the parcel")
    #expect(parsed.energy == .low)
    #expect(parsed.estimateMinutes == 20)
    #expect(parsed.steps == ["buy tape", "print label"])
    #expect(parsed.due == Fixtures.at("2026-11-22T17:00:00Z"))
    #expect(parser.parse("water the plants (~5m) !high, then rest").energy == .high)
    #expect(parser.parse("water the plants (~5m) !high, then rest").estimateMinutes == 5)
  }

  @Test("a sentence that states a date gets it, and a title without the words that only led to it")
  func sentences() {
    let deadline = parser.parse("The deadline is Sun, 10 January")
    #expect(deadline.title == "The deadline")
    #expect(deadline.due == Fixtures.at("2027-01-10T23:59:59Z"))
    #expect(parser.parse("The deadline is Sun, 10 January ~5m #work").title == "The deadline")
    let party = parser.parse("Ana's party is on the first of december at 6")
    #expect(party.title == "Ana's party")
    #expect(party.due == Fixtures.at("2026-12-01T18:00:00Z"))
    let rent = parser.parse("pay rent on the first")
    #expect(rent.title == "pay rent")
    #expect(rent.due == Fixtures.at("2026-12-01T23:59:59Z"))
    let film = parser.parse("film night 7:30 tomorrow")
    #expect(film.title == "film night")
    // "night" in the line: an hour without am or pm is the evening's (Docs/capture.md, "An hour without am or pm").
    #expect(film.due == Fixtures.at("2026-11-22T19:30:00Z"))
    let meet = parser.parse("meet Sam at 5 with the keys")
    #expect(meet.title == "meet Sam with the keys")
    #expect(meet.due == Fixtures.at("2026-11-21T17:00:00Z"))
  }

  @Test("a day range in a capture is when the task may start and when it is due")
  func rangesInCaptures() {
    let parsed = parser.parse("conference 22-23 feb")
    #expect(parsed.title == "conference")
    #expect(parsed.start == Fixtures.at("2027-02-22T09:00:00Z"))
    #expect(parsed.due == Fixtures.at("2027-02-23T23:59:59Z"))
    let week = parser.parse("repaint the shed monday to friday")
    #expect(week.title == "repaint the shed")
    #expect(week.start == Fixtures.at("2026-11-23T09:00:00Z"))
    #expect(week.due == Fixtures.at("2026-11-27T23:59:59Z"))
  }

  @Test("a zone in a capture gives the instant it names")
  func zonesInCaptures() {
    let parsed = parser.parse("call Ana thursday 8:00 GMT ~15m")
    #expect(parsed.title == "call Ana")
    #expect(parsed.due == Fixtures.at("2026-11-26T08:00:00Z"))
    let berlin = CaptureParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "Europe/Berlin")!)
    #expect(berlin.parse("stand-up tomorrow 9:30 EST").due == Fixtures.at("2026-11-22T14:30:00Z"))
  }

  @Test("a capture whose weekday contradicts its date is refused with a sentence naming both")
  func contradictionRefused() {
    #expect {
      try Capture.draft(
        from: "renew the passport by tue, 10 january", at: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)
    } throws: { error in
      let message = (error as? StrideError)?.message ?? ""
      return message.contains("Tuesday") && message.contains("Sunday 10 January 2027")
    }
  }

  @Test("at least 200 ordinary task lines get no date (Capture/Fixtures/no-date-lines.txt)")
  func ordinaryLines() throws {
    let text = try String(
      contentsOfFile: Repository.root + "/Tests/StrideModelTests/Capture/Fixtures/no-date-lines.txt", encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("# ") && !$0.isEmpty }
    #expect(lines.count >= 200)
    let dated = lines.filter { line in
      let parsed = parser.parse(line)
      return parsed.due != nil || parsed.start != nil
    }
    #expect(dated.isEmpty, "read a date in: \(dated)")
  }
}

/// Random lines made of the words times are made of: whatever the mix, the parser answers (no trap), finds phrases
/// inside the text in order, and every value it gives is a day Stride can store.
@Suite("Time phrases: random mixes")
struct TimePhraseMixTests {
  static let vocabulary = [
    "in", "on", "at", "the", "of", "by", "to", "-", "from", "now", "ago", "and", "a", "an", "half", "quarter", "past",
    "first", "second", "twenty", "third", "last", "next", "this", "day", "week", "fortnight", "month", "year",
    "fridays", "friday", "tue,", "sun", "may", "march", "feb", "august", "december", "morning", "afternoon",
    "evening", "night", "tonight", "tomorrow", "noon", "midnight", "noonish", "5ish", "5", "12", "31st", "22-23",
    "3:30-4:30pm", "330pm", "16h", "16h30", "9am", "9:30", "96", "2026", "9999", "3000,", "1/2h", "1½", "15'",
    "99999999999999999999", "1e300", "days", "hours", "GMT", "BST", "+02:00", "UTC+5:30", "Europe/Berlin", "PT",
    "(BST)", "no", "later", "than", "on", "or", "before", "after", "until", "through", "\"", "'", ",", ":", "~10m",
    "!low", "#home", "2x4", "3-2-1", "4/5", "12/7/2014", "2026-12-01", "2026-12-01T19:00+01:00", "eom", "sonw",
  ]

  @Test("5,000 random lines: no trap, phrases in order inside the text, every day storable")
  func randomLines() {
    var state: UInt64 = 0x5EED_1234
    func next(_ bound: Int) -> Int {
      // SplitMix64: the same lines on every run.
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    let utc = TimeZone(identifier: "UTC")!
    let times = TimeParser(reference: Fixtures.now, timeZone: utc)
    let captures = CaptureParser(reference: Fixtures.now, timeZone: utc)
    var problems: [String] = []
    for _ in 0..<5_000 {
      let line = (0..<(1 + next(8))).map { _ in Self.vocabulary[next(Self.vocabulary.count)] }.joined(separator: " ")
      var lastEnd = 0
      for match in times.find(in: line) {
        let year = times.day(of: match.value).year
        if match.range.lowerBound < lastEnd || match.range.upperBound > line.count || !(1...9999).contains(year) {
          problems.append(line)
        }
        lastEnd = match.range.upperBound
      }
      if let match = times.parse(line), !(1...9999).contains(times.day(of: match.value).year) { problems.append(line) }
      _ = captures.parse(line)
    }
    #expect(problems.isEmpty, "\(problems.prefix(5))")
  }
}
