import Foundation
import Testing

@testable import StrideBase
@testable import StrideCalendar

private typealias F = CalendarFixtures

/// What the reader does with zones it must find, events it cannot read, text that is not a calendar, and a
/// calendar of tens of thousands of events.
@Suite("Calendar events: zones, bad input and size")
struct CalendarReaderTests {
  @Test("An unknown TZID is read in the given zone and named in a problem")
  func unknownZone() throws {
    let text = F.calendar(
      F.event("SUMMARY:Landing\nDTSTART;TZID=Mars/Olympus:20260310T090000\nDTEND;TZID=Mars/Olympus:20260310T100000"))
    let reading = try F.read(text, from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z", zone: "Europe/Paris")
    #expect(reading.events.map(\.start) == [F.utc("2026-03-10T08:00:00Z")])
    #expect(
      reading.problems == [
        "1 event names a time zone Stride does not know (Mars/Olympus); it is read in Europe/Paris."
      ])
  }

  @Test("Windows names, prefixed names and a VTIMEZONE that replaces a name the system does not know")
  func zoneNames() throws {
    let events = [
      ("Tokyo", "Tokyo Standard Time", "2026-03-10T00:00:00Z"),
      ("Delhi", "India Standard Time", "2026-03-10T03:30:00Z"),
      ("Sydney", "AUS Eastern Standard Time", "2026-03-09T22:00:00Z"),
      ("London", "GMT Standard Time", "2026-03-10T09:00:00Z"),
      ("Citadel", "/citadel.org/20190914_1/Europe/Berlin", "2026-03-10T08:00:00Z"),
    ]
    let body = events.map { F.event("SUMMARY:\($0.0)\nDTSTART;TZID=\"\($0.1)\":20260310T090000") }
    let reading = try F.read(
      F.calendar(body.joined(separator: "\n")), from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z")
    for (title, _, start) in events {
      #expect(F.starts(reading, title) == [F.utc(start)], "\(title)")
    }
    #expect(reading.problems.isEmpty)
  }

  @Test("A zone defined by the calendar with fixed onsets (RDATE) and an offset of half an hour")
  func definedZoneWithDates() throws {
    let zone = """
      BEGIN:VTIMEZONE
      TZID:Island Time
      BEGIN:STANDARD
      DTSTART:20000101T000000
      TZOFFSETFROM:+0530
      TZOFFSETTO:+0530
      END:STANDARD
      BEGIN:DAYLIGHT
      DTSTART:20260301T020000
      RDATE:20260301T020000
      TZOFFSETFROM:+0530
      TZOFFSETTO:+0630
      END:DAYLIGHT
      BEGIN:STANDARD
      DTSTART:20260401T020000
      TZOFFSETFROM:+0630
      TZOFFSETTO:+0530
      END:STANDARD
      END:VTIMEZONE
      """
    let body = [
      F.event("SUMMARY:Before\nDTSTART;TZID=Island Time:20260220T090000"),
      F.event("SUMMARY:During\nDTSTART;TZID=Island Time:20260310T090000"),
      F.event("SUMMARY:After\nDTSTART;TZID=Island Time:20260410T090000"),
    ]
    let reading = try F.read(
      F.calendar(zone + "\n" + body.joined(separator: "\n")), from: "2026-02-01T00:00:00Z", to: "2026-05-01T00:00:00Z")
    #expect(F.starts(reading, "Before") == [F.utc("2026-02-20T03:30:00Z")])
    #expect(F.starts(reading, "During") == [F.utc("2026-03-10T02:30:00Z")])
    #expect(F.starts(reading, "After") == [F.utc("2026-04-10T03:30:00Z")])
  }

  @Test(
    "Lengths: DURATION in weeks and hours, no end for a time, a day for a date; multi-day events overlap the window")
  func lengths() throws {
    let body = [
      F.event("SUMMARY:Sprint\nDTSTART:20260302T080000Z\nDURATION:P2W"),
      F.event("SUMMARY:Reminder\nDTSTART:20260315T080000Z"),
      F.event("SUMMARY:Holiday\nDTSTART;VALUE=DATE:20260316"),
      F.event("SUMMARY:Workshop\nDTSTART:20260316T080000Z\nDURATION:PT1H30M"),
    ]
    let reading = try F.read(
      F.calendar(body.joined(separator: "\n")), from: "2026-03-10T00:00:00Z", to: "2026-03-17T00:00:00Z", zone: "UTC")
    let byTitle = Dictionary(uniqueKeysWithValues: reading.events.map { ($0.title, $0) })
    #expect(byTitle["Sprint"]?.end == F.utc("2026-03-16T08:00:00Z"))
    #expect(byTitle["Reminder"].map { $0.start == $0.end } == true)
    #expect(byTitle["Holiday"]?.end == F.utc("2026-03-17T00:00:00Z") && byTitle["Holiday"]?.allDay == true)
    #expect(byTitle["Workshop"]?.end == F.utc("2026-03-16T09:30:00Z"))
  }

  @Test("An override whose master is absent stands alone; one that repeats its master's rule is read once")
  func overridesAlone() throws {
    let rule = "UID:weekly@test\nRRULE:FREQ=WEEKLY;COUNT=3"
    let body = [
      "BEGIN:VEVENT\nSUMMARY:Orphan\nUID:orphan@test\nDTSTART:20260310T100000Z\nRECURRENCE-ID:20260309T100000Z\nEND:VEVENT",
      F.event("SUMMARY:Called off\nDTSTART:20260311T100000Z\nRRULE:FREQ=DAILY\nSTATUS:CANCELLED"),
      "BEGIN:VEVENT\nSUMMARY:Weekly\n\(rule)\nDTSTART:20260302T100000Z\nEND:VEVENT",
      "BEGIN:VEVENT\nSUMMARY:Later\n\(rule)\nRECURRENCE-ID:20260309T100000Z\nDTSTART:20260309T160000Z\nEND:VEVENT",
    ]
    let reading = try F.read(
      F.calendar(body.joined(separator: "\n")), from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z")
    #expect(reading.events.map(\.title) == ["Weekly", "Later", "Orphan", "Weekly"])
    #expect(F.starts(reading, "Later") == [F.utc("2026-03-09T16:00:00Z")])
  }

  @Test("An all-day event's extra date written as a time (a fuzz finding) falls on that day and never ends early")
  func allDayExtraTime() throws {
    let lines =
      "SUMMARY:Fair\nDTSTART;VALUE=DATE:20260325\nRDATE;VALUE=PERIOD:20260330T100000Z/PT1H\nRDATE:20260402T100000Z"
    let reading = try F.read(
      F.calendar(F.event(lines)), from: "2026-03-01T00:00:00Z", to: "2026-05-01T00:00:00Z", zone: "America/New_York")
    #expect(
      reading.events.map(\.start)
        == ["2026-03-25T04:00:00Z", "2026-03-30T04:00:00Z", "2026-04-02T04:00:00Z"].map(F.utc))
    #expect(reading.events.allSatisfy { $0.end > $0.start })
  }

  @Test("Broken events are left out and counted; the others are read")
  func brokenEvents() throws {
    let body = [
      // A title of two lines (an escaped line break) is named on one.
      F.event(#"SUMMARY:Two\nlines"# + "\nDURATION:PT1H"),
      F.event("SUMMARY:No start\nDTEND:20260310T100000Z"),
      F.event("SUMMARY:Bad rule\nDTSTART:20260310T100000Z\nRRULE:FREQ=FORTNIGHTLY"),
      F.event("SUMMARY:Bad date\nDTSTART:20261310T100000Z"),
      F.event("SUMMARY:Fine\nDTSTART:20260310T100000Z"),
    ]
    let reading = try F.read(
      F.calendar(body.joined(separator: "\n")), from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z")
    #expect(reading.events.map(\.title) == ["Fine"])
    #expect(reading.components == 5)
    #expect(reading.problems.allSatisfy { !$0.contains("\n") })
    let sentence = try #require(reading.problems.first)
    #expect(
      sentence.hasPrefix(
        "4 events could not be read and are left out: \"Two lines\" has no start; \"No start\" has no start;"))
    #expect(sentence.hasSuffix("; and 1 more."))
    #expect(sentence.contains("\"Bad rule\" has a repeat rule Stride cannot read (FREQ=FORTNIGHTLY)"))
  }

  @Test("A byte order mark before BEGIN:VCALENDAR, as some servers send, is no part of the calendar")
  func byteOrderMark() throws {
    let text = "\u{FEFF}" + F.calendar(F.event("SUMMARY:Fine\nDTSTART:20260310T100000Z"))
    let reading = try F.read(text, from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z")
    #expect(reading.events.map(\.title) == ["Fine"])
  }

  @Test("Text that is not a calendar, is cut short, or has a line without ':' is refused with a sentence")
  func malformed() {
    let whole = F.calendar(F.event("SUMMARY:Fine\nDTSTART:20260310T100000Z"))
    let cut = String(whole.prefix(whole.count - 30))
    for text in [cut, "Hello, this is a letter.\n", "BEGIN:VCALENDAR\nthis line has no colon\nEND:VCALENDAR\n", ""] {
      #expect(throws: StrideError.self) {
        try F.read(text, from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z")
      }
    }
  }

  @Test("50,000 events are read, the recurring ones expanded")
  func fiftyThousandEvents() throws {
    let text = Self.largeCalendar(events: 50_000)
    let reading = try F.read(text, from: "2026-03-01T00:00:00Z", to: "2026-05-01T00:00:00Z")
    #expect(reading.components == 50_000)
    // One in 100 repeats weekly from 2024: 500 events, 9 Mondays in the window. Of the single ones, those of
    // March and April 2026 are the numbers 26,000 to 27,999 less the 20 weekly ones among them.
    let weekly = reading.events.filter { $0.title.hasPrefix("Weekly") }
    #expect(weekly.count == 500 * 9)
    #expect(reading.events.count - weekly.count == 1_980)
    #expect(reading.problems.isEmpty)
  }

  /// A calendar of `events` events of Google's shape, about 200 bytes each: single meetings spread over years,
  /// every hundredth a weekly one with a zone.
  static func largeCalendar(events: Int) -> String {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Stride tests//EN\r\n"
    text.reserveCapacity(events * 260)
    for index in 0..<events {
      let day = String(format: "%04d%02d%02d", 2024 + index / 12_000 % 4, index / 1000 % 12 + 1, index % 28 + 1)
      text += "BEGIN:VEVENT\r\nUID:event-\(index)@example.com\r\nDTSTAMP:20260101T000000Z\r\n"
      if index % 100 == 0 {
        text +=
          "SUMMARY:Weekly \(index)\r\nDTSTART;TZID=Europe/Berlin:20240101T\(String(format: "%02d", 8 + index % 9))0000"
        text += "\r\nDURATION:PT30M\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\n"
      } else {
        text += "SUMMARY:Meeting \(index)\r\nDTSTART:\(day)T100000Z\r\nDTEND:\(day)T110000Z\r\n"
      }
      text +=
        "DESCRIPTION:Agenda for meeting \(index)\\, notes in the shared folder.\r\nTRANSP:OPAQUE\r\nEND:VEVENT\r\n"
    }
    return text + "END:VCALENDAR\r\n"
  }
}
