import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Reference: Saturday 2026-11-21 09:00 UTC.
@Suite("Capture grammar")
struct CaptureParserTests {
  let parser = CaptureParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)

  @Test("tokens set their fields and leave the title; each field remembers the words it came from")
  func tokens() throws {
    let text = "call the dentist about the crown tomorrow 9am ~10m !low #health"
    let parsed = parser.parse(text)
    #expect(parsed.title == "call the dentist about the crown")
    #expect(parsed.estimateMinutes == 10)
    #expect(parsed.energy == .low)
    #expect(parsed.tags == ["health"])
    #expect(parsed.due == Fixtures.at("2026-11-22T09:00:00Z"))
    #expect(parsed.spans.map(\.field) == [.due, .estimate, .energy, .tags])
    let due = try #require(parsed.spans.first)
    #expect(due.text == "tomorrow 9am")
    #expect(String(Array(text)[due.start..<due.end]) == "tomorrow 9am")
  }

  @Test("key:value tokens, as Taskwarrior users write them")
  func keyValues() {
    let parsed = parser.parse(
      "renew passport due:fri start:monday energy:high est:1h30m type:obligation tag:travel,admin")
    #expect(parsed.title == "renew passport")
    #expect(parsed.due == Fixtures.at("2026-11-27T23:59:59Z"))
    #expect(parsed.start == Fixtures.at("2026-11-23T09:00:00Z"))
    #expect(parsed.energy == .high)
    #expect(parsed.estimateMinutes == 90)
    #expect(parsed.type == .obligation)
    #expect(parsed.tags == ["travel", "admin"])
  }

  @Test("a key:value time may run over a few words")
  func multiWordValue() {
    let parsed = parser.parse("call the landlord due:tomorrow 5pm ~10m")
    #expect(parsed.title == "call the landlord")
    #expect(parsed.due == Fixtures.at("2026-11-22T17:00:00Z"))
    #expect(parsed.spans.first?.text == "due:tomorrow 5pm")
  }

  @Test("tokens that do not read stay in the title, and quoted text is never read")
  func notTokens() {
    #expect(parser.parse("fix !huge bug note:later").title == "fix !huge bug note:later")
    #expect(parser.parse("watch \"Tomorrow Never Dies\" #films").title == "watch \"Tomorrow Never Dies\"")
    #expect(parser.parse("watch \"Tomorrow Never Dies\"").due == nil)
    #expect(parser.parse("meet at 10:30 on the dot").title == "meet on the dot")
    #expect(parser.parse("read https://example.com/2026-12-01 ~5m").title == "read https://example.com/2026-12-01")
  }

  @Test("by and due set the due time; after and from set the start; a bare phrase is due")
  func dueAndStart() {
    let rent = parser.parse("pay rent by friday")
    #expect(rent.title == "pay rent")
    #expect(rent.due == Fixtures.at("2026-11-27T23:59:59Z"))
    let gym = parser.parse("gym after 6pm")
    #expect(gym.title == "gym")
    #expect(gym.start == Fixtures.at("2026-11-21T18:00:00Z"))
    #expect(gym.due == nil)
    let invoice = parser.parse("send invoice from monday due fri")
    #expect(invoice.title == "send invoice")
    #expect(invoice.start == Fixtures.at("2026-11-23T09:00:00Z"))
    #expect(invoice.due == Fixtures.at("2026-11-27T23:59:59Z"))
    let twice = parser.parse("move the call from monday to friday")
    #expect(twice.start == Fixtures.at("2026-11-23T09:00:00Z"))
  }

  @Test(
    "steps: a colon list, semicolons, then, lines, and what must come first",
    arguments: [
      ("clean the kitchen: dishes, counters, floor", "clean the kitchen", ["dishes", "counters", "floor"]),
      ("call the bank; pay the bill", "call the bank; pay the bill", ["call the bank", "pay the bill"]),
      ("call the bank then pay the bill", "call the bank then pay the bill", ["call the bank", "pay the bill"]),
      ("file taxes, need to find the receipts first", "file taxes", ["find the receipts", "file taxes"]),
      ("paint the fence. before that, buy paint", "paint the fence", ["buy paint", "paint the fence"]),
      ("pack for the trip\n- passport\n* charger\n3. snacks", "pack for the trip", ["passport", "charger", "snacks"]),
      ("- wash\n- dry\n- fold", "wash", ["wash", "dry", "fold"]),
      ("Note: buy milk", "Note: buy milk", []),
      ("plan the party: guests, food by friday", "plan the party", ["guests", "food"]),
    ])
  func steps(_ text: String, _ title: String, _ steps: [String]) {
    let parsed = parser.parse(text)
    #expect(parsed.title == title, "\(text)")
    #expect(parsed.steps == steps, "\(text)")
  }

  @Test("a capture of ordinary words keeps every word")
  func ordinaryWords() {
    for text in ["march on", "monitor blood pressure", "I may be late", "enjoy the sun", "13th floor - remark"] {
      let parsed = parser.parse(text)
      #expect(parsed.title == text)
      #expect(parsed.due == nil && parsed.start == nil, "\(text)")
    }
  }

  @Test("the draft for the daemon refuses a line that is only tokens")
  func onlyTokens() {
    #expect(throws: StrideError.self) {
      try Capture.draft(from: "~10m !low #home", at: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)
    }
  }

  @Test("a token alone in brackets takes its brackets with it; brackets with words in them stay")
  func bracketedTokens() {
    let parser = CaptureParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)
    #expect(parser.parse("pay rent (~20m), then call").title == "pay rent, then call")
    #expect(parser.parse("tidy the shed [#home]").title == "tidy the shed")
    // A number after # is an issue's or a ticket's, not a tag.
    #expect(parser.parse("fix bug #1024 #work").title == "fix bug #1024")
    #expect(parser.parse("fix bug #1024 #work").tags == ["work"])
    #expect(parser.parse("call Sam (the plumber) ~10m").title == "call Sam (the plumber)")
    // Brackets the person typed empty are theirs.
    #expect(parser.parse("notes on () in swift").title == "notes on () in swift")
  }

}

/// The long tail of how people write a capture (issue: captures that say what they read). Reference: Saturday
/// 2026-11-21 09:00 UTC.
@Suite("Capture: what people write")
struct CaptureLongTailTests {
  let parser = CaptureParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)

  func fields(_ text: String) -> ParsedCapture { parser.parse(text) }

  @Test("a time that opens the line with a colon leaves no colon in the title")
  func leadingTime() {
    for (text, title) in [
      ("Tomorrow: call the vet", "call the vet"), ("friday: post the parcel", "post the parcel"),
      ("Mon 9am: stand-up notes, agenda", "stand-up notes, agenda"),
    ] {
      let parsed = fields(text)
      #expect(parsed.title == title, "\(text)")
      #expect(parsed.due != nil, "\(text)")
      #expect(parsed.steps.isEmpty, "\(text)")
    }
  }

  @Test("reminder openings are not the task, and what follows is not split into steps")
  func preambles() {
    let bday = fields("don't forget: it's mum's bday on dec 3, get card & flowers")
    #expect(bday.title == "it's mum's bday, get card & flowers")
    #expect(bday.steps.isEmpty)
    #expect(bday.due == Fixtures.at("2026-12-03T23:59:59Z"))
    #expect(fields("Remember to water the ferns").title == "water the ferns")
    #expect(fields("reminder: book the MOT by friday").title == "book the MOT")
    #expect(fields("note to self: back up the laptop").title == "back up the laptop")
    #expect(fields("remind me to call dad at 6").title == "call dad")
    // A line pasted from a list: its mark is not the task.
    #expect(fields("- [ ] write report tmrw").title == "write report")
    #expect(fields("* buy stamps").title == "buy stamps")
    #expect(fields("- call the bank").title == "call the bank")
    #expect(fields("1. call mom").title == "call mom")
    #expect(fields("buy 2 - 3 lemons").title == "buy 2 - 3 lemons")
    // Only at the start, and only with something after it.
    #expect(fields("write the remember-to list").title == "write the remember-to list")
    #expect(fields("don't forget").title == "don't forget")
  }

  @Test("day parts with after and before: a start after lunch, a due before noon")
  func afterLunch() {
    let gran = fields("call gran tomorrow after lunch")
    #expect(gran.title == "call gran")
    #expect(gran.start == Fixtures.at("2026-11-22T13:00:00Z"))
    #expect(gran.due == nil)
    let team = fields("email the team friday before noon")
    #expect(team.title == "email the team")
    #expect(team.due == Fixtures.at("2026-11-27T12:00:00Z"))
    #expect(fields("pack lunch").due == nil, "lunch alone is no time")
    #expect(fields("lunch with Ana").title == "lunch with Ana")
    let pack = fields("pack lunch tomorrow")
    #expect(pack.title == "pack lunch", "a meal next to a day is still a thing to do")
    #expect(pack.due == Fixtures.at("2026-11-22T23:59:59Z"))
    #expect(fields("cook dinner tonight").title == "cook dinner")
    #expect(fields("wash up after dinner").start == Fixtures.at("2026-11-21T20:00:00Z"))
    #expect(fields("order the cake by lunchtime").due == Fixtures.at("2026-11-21T12:00:00Z"))
  }

  @Test("filler and shorthand around a date: sometime, b4, tmrw, eod")
  func shorthand() {
    let garage = fields("sometime next week sort the garage")
    #expect(garage.title == "sort the garage")
    // "sometime next week" leaves the day open: the whole week, due by its end, not on its Monday.
    #expect(garage.due == Fixtures.at("2026-11-29T23:59:59Z"))
    #expect(garage.start == Fixtures.at("2026-11-23T09:00:00Z"))
    let rent = fields("pay rent b4 dec 1")
    #expect(rent.title == "pay rent")
    // "b4 dec 1" leaves 1 December out: due by the end of 30 November.
    #expect(rent.due == Fixtures.at("2026-11-30T23:59:59Z"))
    #expect(fields("buy milk tmrw").due == Fixtures.at("2026-11-22T23:59:59Z"))
    #expect(fields("send report eod").title == "send report")
    #expect(fields("fix the b4 model").due == nil, "b4 alone is no date")
    let chapter = fields("read chapter 4 tonight")
    #expect(chapter.title == "read chapter 4", "a number before tonight is a count unless 'at' says otherwise")
    #expect(chapter.due == Fixtures.at("2026-11-21T20:00:00Z"))
    #expect(fields("call Jo at 11 tonight").due == Fixtures.at("2026-11-21T23:00:00Z"))
  }

  @Test("estimates with a space before the unit, energy abbreviations, urgency")
  func tokensWithSpaces() {
    let plants = fields("water plants ~10 min")
    #expect(plants.title == "water plants")
    #expect(plants.estimateMinutes == 10)
    let walk = fields("walk ~1.5 hours")
    #expect(walk.estimateMinutes == 90)
    #expect(walk.title == "walk")
    #expect(fields("stretch !lo").energy == .low)
    #expect(fields("move the sofa !hi").energy == .high)
    #expect(fields("sort mail !mid").energy == .medium)
    let bank = fields("call the bank !urgent")
    #expect(bank.title == "call the bank")
    #expect(bank.type == .obligation)
    #expect(bank.spans.contains { $0.field == .type && $0.text == "!urgent" })
    #expect(fields("~10 apples to buy").estimateMinutes == nil, "a number without a unit is no estimate")
  }

  @Test("an unknown !word or ~estimate stays in the title and is named, never silently dropped")
  func unknownBang() {
    let parsed = fields("buy milk !foo")
    #expect(parsed.title == "buy milk !foo")
    #expect(parsed.spans.contains { $0.field == .unread && $0.text == "!foo" })
    #expect(fields("wow!!!").spans.isEmpty)
    // An estimate Stride cannot read is named the same way; a path or a bare number is no estimate at all.
    for text in ["~abc", "~0m", "~5x"] {
      let estimate = fields("sort photos \(text)")
      #expect(estimate.title == "sort photos \(text)" && estimate.estimateMinutes == nil)
      #expect(estimate.spans.contains { $0.field == .unread && $0.text == text }, "\(text)")
    }
    for text in ["clean up ~/Downloads", "~10 apples to buy", "sort photos ~20m"] {
      #expect(!fields(text).spans.contains { $0.field == .unread }, "\(text)")
    }
  }

  /// `text` read with `kept` left in its title and named as unread, with `reason`.
  @discardableResult
  func expectKept(_ text: String, _ kept: String, _ reason: String) -> ParsedCapture {
    let parsed = fields(text)
    #expect(parsed.title.contains(kept), "\(text): \(parsed.title)")
    #expect(
      parsed.spans.contains { $0.field == .unread && $0.text == kept && $0.reason == reason },
      "\(text): \(parsed.spans)")
    return parsed
  }

  @Test("a time that cannot be one stays in the title and is named with why; numbers that are no time are left be")
  func nearMisses() {
    for (text, miss, reason) in [
      ("pay rent 31 feb", "31 feb", "February has no 31st"),
      ("review on april the 31st", "april the 31st", "April has no 31st"),
      ("review on 31st april", "31st april", "April has no 31st"),
      ("file it by the 31st of June", "31st of June", "June has no 31st"),
      ("invoice 2026-02-30", "2026-02-30", "February 2026 has no 30th"),
      ("book the car service 31/11", "31/11", "November has no 31st"),
      ("call the garage 2/30", "2/30", "February has no 30th"),
      ("party on feb 29", "feb 29", "February has a 29th only in a leap year; the next is 2028"),
      ("call at 25:00", "25:00", "a day's clock runs from 00:00 to 23:59"),
      ("dinner at 9:75", "9:75", "an hour has minutes 00 to 59"),
      ("meet Ana 13pm", "13pm", "with am or pm, the hour is 1 to 12"),
      ("meet Ana 0 am", "0 am", "with am or pm, the hour is 1 to 12"),
      ("yoga every blursday", "every blursday", "blursday is not a day of the week; perhaps you meant Thursday"),
      ("gym every Thursdy", "every Thursdy", "thursdy is not a day of the week; perhaps you meant Thursday"),
    ] {
      let parsed = expectKept(text, miss, reason)
      // Nor is a piece of it read alone: "the 31st" beside April is no 31 December.
      #expect(parsed.due == nil && parsed.recurrence == nil, "\(text): \(String(describing: parsed.due))")
    }
    // A clock beside a day that does not exist is that day's: not read for tomorrow instead.
    let impossible = expectKept("dentist appt feb 30 at 10am", "feb 30", "February has no 30th")
    #expect(impossible.due == nil && impossible.title == "dentist appt feb 30 at 10am", "\(impossible)")
    // An hour past the day's end on the quarter is a clock meant, marked or not.
    expectKept("call mum 25:00", "25:00", "a day's clock runs from 00:00 to 23:59")
    // A day read before it marks a clock as well: "tmrw" is read, "25:00" kept and named.
    expectKept("meet sam tmrw 25:00", "25:00", "a day's clock runs from 00:00 to 23:59")
    for text in [
      "25 people for the party", "won 31:28 against the reds", "buy a card every birthday", "plan it for 31 may",
      "call at 12:30", "read chapter 12", "every monday water the plants", "tuesdays and thursdays gym",
      "build the 1:72 scale kit", "we won 25:23", "read luke 1:80", "the shop is open until 24:00",
      "walk every sunny day", "check every sundry item", "pills every midday", "clean every fridge",
      "bake 1/2 a cake", "the shop is open 24/7", "odds are 50/50",
    ] {
      #expect(!fields(text).spans.contains { $0.field == .unread }, "\(text): \(fields(text).spans)")
    }
  }

  @Test("a second time for a field already read stays in the title and is named with the one that was read")
  func secondTime() {
    for (text, kept, reason) in [
      ("dinner tomorrow 7pm tonight", "tonight", "the line already gives a due time (\"tomorrow 7pm\")"),
      ("meeting monday 3pm tuesday", "tuesday", "the line already gives a due time (\"monday 3pm\")"),
      ("water plants after 6pm after 8pm", "after 8pm", "the line already gives a start time (\"after 6pm\")"),
    ] {
      expectKept(text, kept, reason)
    }
    // A day that says which occasion is no second time ("book for monday meeting").
    #expect(!fields("book the room for the monday meeting on friday").spans.contains { $0.field == .unread })
  }

  @Test("type and energy come from a word, which is shown; no word, no inference")
  func inference() {
    for (text, word) in [
      ("pay the gas bill", "pay"), ("submit the expenses", "submit"), ("renew passport", "renew"),
      ("grant deadline", "deadline"), ("fix the boiler ASAP", "ASAP"), ("send Sam the draft by friday", "Sam"),
      ("send the quote to the client by monday", "client"), ("email Ana the slides by thursday", "Ana"),
      ("return the drill to Tom before saturday", "Tom"),
    ] {
      let parsed = fields(text)
      #expect(parsed.type == .obligation, "\(text)")
      #expect(parsed.spans.first { $0.field == .type }?.text == word, "\(text)")
    }
    for text in [
      "water the plants", "send Sam a postcard", "read about taxonomy", "plan the payday party",
      "read Harry Potter by sunday", "watch Star Wars by friday", "visit Paris before june",
    ] {
      #expect(fields(text).type == nil, "\(text)")
    }
    #expect(fields("quick call to the vet").energy == .low)
    #expect(fields("hard talk with the landlord").energy == .high)
    #expect(fields("quick call !high").energy == .high, "a token wins over a word")
    #expect(fields("pay the rent type:chore").type == .chore, "a token wins over a word")
  }

  @Test("a capture with no title is refused with a sentence")
  func noTitle() {
    for text in ["#", "!!!", "#home ~10m", "- ;", "..."] {
      #expect(throws: StrideError.self, "\(text)") {
        try Capture.draft(from: text, at: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)
      }
    }
  }

  @Test("someday is no date in a capture; it stays in the title")
  func someday() {
    let parsed = fields("learn the banjo by someday")
    #expect(parsed.due == nil)
  }
}

/// Numeric dates in the user's locale (LC_ALL, LC_TIME, LANG). Reference: Saturday 2026-11-21 09:00 UTC.
@Suite("Capture: numeric dates by locale")
struct NumericDateTests {
  let utc = TimeZone(identifier: "UTC")!

  func due(_ text: String, _ order: NumericDateOrder) throws -> Date? {
    try Capture.draft(from: text, at: Fixtures.now, timeZone: utc, dateOrder: order).due
  }

  @Test("the locale decides the order")
  func locales() {
    #expect(NumericDateOrder.forLocale("de_DE.UTF-8") == .dayFirst)
    #expect(NumericDateOrder.forLocale("en_GB.UTF-8") == .dayFirst)
    #expect(NumericDateOrder.forLocale("fr_FR") == .dayFirst)
    #expect(NumericDateOrder.forLocale("en_US.UTF-8") == .monthFirst)
    #expect(NumericDateOrder.forLocale("ja_JP.UTF-8") == .monthFirst)
    #expect(NumericDateOrder.forLocale("C.UTF-8") == .unknown)
    #expect(NumericDateOrder.forLocale("POSIX") == .unknown)
    #expect(NumericDateOrder.fromEnvironment(["LANG": "en_US.UTF-8", "LC_TIME": "en_GB.UTF-8"]) == .dayFirst)
    #expect(NumericDateOrder.fromEnvironment(["LC_ALL": "de_DE", "LC_TIME": "en_US"]) == .dayFirst)
    #expect(NumericDateOrder.fromEnvironment([:]) == .unknown)
  }

  @Test("a date that reads both ways follows the locale")
  func bothWays() throws {
    #expect(try due("return library books 3/12/2026", .dayFirst) == Fixtures.at("2026-12-03T23:59:59Z"))
    #expect(try due("return library books 3/12/2026", .monthFirst) == Fixtures.at("2026-03-12T23:59:59Z"))
    #expect(try due("pay by 4/1/2027", .dayFirst) == Fixtures.at("2027-01-04T23:59:59Z"))
    #expect(try due("pay by 4/1/2027", .monthFirst) == Fixtures.at("2027-04-01T23:59:59Z"))
  }

  @Test("a date that reads one way is read in any locale; dotted dates are day first")
  func oneWay() throws {
    for order in [NumericDateOrder.dayFirst, .monthFirst, .unknown] {
      #expect(try due("renew lease 31/12/2026", order) == Fixtures.at("2026-12-31T23:59:59Z"), "\(order)")
      #expect(try due("renew lease 12/31/2026", order) == Fixtures.at("2026-12-31T23:59:59Z"), "\(order)")
      #expect(try due("renew lease 31.12.2026", order) == Fixtures.at("2026-12-31T23:59:59Z"), "\(order)")
      #expect(try due("renew lease 5/5/2027", order) == Fixtures.at("2027-05-05T23:59:59Z"), "\(order)")
    }
  }

  @Test("numbers that are not dates stay in the title")
  func notDates() throws {
    for text in ["rate it 4/5 stars", "version 1.2.3", "buy 2x4 timber", "costs 12.50", "3-2-1 launch", "cut 1/2 inch"]
    {
      #expect(try due(text, .dayFirst) == nil, "\(text)")
      #expect(try due(text, .unknown) == nil, "\(text)")
    }
  }
}
