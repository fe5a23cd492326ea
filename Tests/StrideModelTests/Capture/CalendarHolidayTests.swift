import Foundation
import StrideTestSupport
import Testing

@testable import StrideModel

/// Holidays of the Hebrew, Islamic, Chinese and Orthodox calendars: computed for any year, the day chosen where
/// calendars differ said back, and the holidays of calendars Stride does not compute named instead of guessed.
/// Reference: Saturday 2026-11-21 09:00 UTC.
@Suite("Capture: holidays of other calendars")
struct CalendarHolidayTests {
  let parser = TimeParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)

  @Test(
    "each is the day its calendar gives, in years far apart (observed dates)",
    arguments: [
      ("orthodox easter 2025", "2025-04-20"), ("orthodox easter 2024", "2024-05-05"),
      ("orthodox easter 2021", "2021-05-02"), ("lazarus saturday 2024", "2024-04-27"),
      ("eid al-fitr 2024", "2024-04-10"), ("eid al-adha 2025", "2025-06-06"), ("ramadan 2025", "2025-03-01"),
      ("chinese new year 2025", "2025-01-29"), ("lunar new year 2024", "2024-02-10"),
      ("mid-autumn festival 2025", "2025-10-06"), ("rosh hashanah 2025", "2025-09-22"),
      ("hanukkah 2025", "2025-12-14"), ("passover 2025", "2025-04-12"),
      // 9 Av 5778 was a Sabbath: the fast was kept on Sunday 22 July, from the evening before.
      ("tisha b'av 2018", "2018-07-21"),
    ])
  func days(_ text: String, _ expected: String) {
    #expect(parser.parse(text)?.value == Fixtures.day(expected), "\(text)")
  }

  @Test("an Islamic holiday that falls twice in a Gregorian year: the year names the first, 'next' the one to come")
  func twiceInAYear() throws {
    let both = CalendarHoliday.islamic(month: 10, day: 1).days(in: 2000)
    #expect(both.count == 2)
    let june = TimeParser(
      reference: Date(timeIntervalSince1970: 959_846_400), timeZone: TimeZone(identifier: "UTC")!)  // 2000-06-01
    #expect(june.parse("eid al-fitr")?.value == .day(both[1]))
    #expect(june.parse("eid al-fitr 2000")?.value == .day(both[0]))
  }

  @Test("stride when says the day chosen where calendars differ, and nothing where none do")
  func conventions() throws {
    let jewish = try #require(parser.parse("rosh hashanah")?.convention)
    #expect(jewish.contains("the day on whose evening it begins"))
    let eid = try #require(parser.parse("eid")?.convention)
    #expect(eid.contains("whichever Eid comes first") && eid.contains("Umm al-Qura"))
    #expect(parser.parse("chinese new year")?.convention == nil)
    // "midnight" is no "mid" of a period.
    #expect(parser.parse("at midnight on 12th august")?.convention == nil)
  }

  @Test("a holiday of a calendar Stride does not compute is named, with its calendar, and never read")
  func uncomputed() {
    #expect(parser.parse("diwali") == nil)
    let misses = parser.nearMisses(in: "order sweets for Diwali, and rakhi for raksha bandhan")
    #expect(misses.map(\.text) == ["diwali", "raksha bandhan"])
    #expect(misses.allSatisfy { $0.isDay && $0.reason.contains("Hindu calendar") })
    #expect(parser.nearMisses(in: "buy milk on the way home").isEmpty)
  }
}
