import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideStore
@testable import StrideWire

/// Calendars through the daemon: a file added, `now` fitted to the time before the next event and saying so, the
/// person's own time winning, a calendar that goes bad keeping its last copy, and titles kept from an assistant.
@Suite("Calendars through the daemon")
struct CalendarDaemonTests {
  static func call(_ dispatcher: Dispatcher, _ method: String, _ params: String = "{}") -> JSONValue? {
    TestDispatcher.call(dispatcher, method, params)
  }

  static func result(_ dispatcher: Dispatcher, _ method: String, _ params: String = "{}") -> JSONValue? {
    TestDispatcher.call(dispatcher, method, params)?["result"]
  }

  /// A VEVENT from `start` to `end` (UTC, `20261121T094000Z`), with more lines as given.
  static func event(_ uid: String, _ start: String, _ end: String, _ title: String, _ more: [String] = []) -> String {
    (["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20261101T000000Z", "DTSTART:\(start)", "DTEND:\(end)", "SUMMARY:\(title)"]
      + more + ["END:VEVENT"]).joined(separator: "\r\n")
  }

  static func calendar(_ events: [String]) -> String {
    (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + events + ["END:VCALENDAR", ""]).joined(
      separator: "\r\n")
  }

  /// The clock's Saturday: a dentist at 09:40–10:10, a review at 10:30–11:00, an all-day birthday not marked busy,
  /// a cancelled call and a free gym slot.
  static let day = calendar([
    event("d", "20261121T094000Z", "20261121T101000Z", "dentist"),
    event("r", "20261121T103000Z", "20261121T110000Z", "review"),
    event("b", "20261121", "20261122", "Alex's birthday").replacingOccurrences(
      of: "DTSTART:", with: "DTSTART;VALUE=DATE:"
    )
    .replacingOccurrences(of: "DTEND:", with: "DTEND;VALUE=DATE:"),
    event("c", "20261121T091000Z", "20261121T092000Z", "call", ["STATUS:CANCELLED"]),
    event("g", "20261121T091500Z", "20261121T093000Z", "gym", ["TRANSP:TRANSPARENT"]),
  ])

  /// A daemon at 09:00 UTC on Saturday 21 November with a long and a short task, and the day's calendar in a file.
  static func daemon() throws -> (Dispatcher, TestClock, String) {
    let clock = TestClock(Fixtures.now)
    let dispatcher = TestDispatcher.make(store: try Fixtures.store().0, clock: { clock.now })
    for text in ["write the grant proposal ~90m", "reply to the landlord ~10m"] {
      _ = result(dispatcher, "task.capture", #"{"text":"\#(text)"}"#)
    }
    let path = Fixtures.temporaryDirectory() + "/day.ics"
    try day.write(toFile: path, atomically: true, encoding: .utf8)
    return (dispatcher, clock, path)
  }

  static func titles(_ result: JSONValue?) -> [String] {
    guard case .array(let suggestions)? = result?["suggestions"] else { return [] }
    return suggestions.compactMap { if case .string(let title)? = $0["task"]?["title"] { title } else { nil } }
  }

  @Test("with no time asked, now fits the time before the next event, says so, and why names the event")
  func fitsTheFreeTime() throws {
    let (dispatcher, _, path) = try Self.daemon()
    let before = Self.result(dispatcher, "now.list")
    #expect(before?["calendar"] == nil, "no calendar yet, nothing said")
    let added = Self.result(dispatcher, "calendars.add", #"{"location":"\#(path)"}"#)
    #expect(added?["name"] == .string("day") && added?["counts"] == .bool(true))
    #expect(added?["events"] == .integer(2), "dentist and review; the birthday, the cancelled and the free do not")
    let now = Self.result(dispatcher, "now.list")
    #expect(now?["calendar"]?["minutes"] == .integer(40))
    #expect(now?["calendar"]?["fitted"] == .bool(true))
    #expect(now?["calendar"]?["sentence"] == .string("You have 40 minutes before 'dentist' at 09:40."))
    // Ninety minutes do not fit in forty: offered as its first fifteen, or left out, never as a whole.
    if case .array(let suggestions)? = now?["suggestions"] {
      for suggestion in suggestions where suggestion["task"]?["title"] == .string("write the grant proposal") {
        #expect(suggestion["kind"] != .string("task"), "\(suggestion)")
      }
    }
    let explained = Self.result(dispatcher, "task.explain", #"{"id":1}"#)
    #expect(
      explained?["hidden"]?["detail"]
        == .string("it takes about 1 hr 30 min, more than the 40 min before 'dentist' at 09:40"))
  }

  @Test("an obligation due within hours stays when the calendar leaves too little time; a chore does not")
  func dueSoonStays() throws {
    let (dispatcher, _, path) = try Self.daemon()
    _ = Self.result(dispatcher, "calendars.add", #"{"location":"\#(path)"}"#)
    let made = Self.result(dispatcher, "task.capture", #"{"text":"submit the expense claim by 10:30 ~60m"}"#)
    #expect(made?["task"]?["type"] == .string("obligation"), "\(String(describing: made))")
    let tight = Self.result(dispatcher, "now.list", #"{"at":"2026-11-21T09:30:00Z"}"#)
    #expect(tight?["calendar"]?["minutes"] == .integer(10))
    #expect(Self.titles(tight).contains("submit the expense claim"), "due before the next free time")
    #expect(!Self.titles(tight).contains("write the grant proposal"), "a long chore waits for a longer gap")
  }

  @Test("during an event now says until when, and the list is for the free time after the run of events")
  func duringAnEvent() throws {
    let (dispatcher, _, path) = try Self.daemon()
    _ = Self.result(dispatcher, "calendars.add", #"{"location":"\#(path)"}"#)
    let during = Self.result(dispatcher, "now.list", #"{"at":"2026-11-21T09:50:00Z"}"#)
    #expect(during?["calendar"]?["during"]?["title"] == .string("dentist"))
    #expect(during?["calendar"]?["minutes"] == .integer(20), "from 10:10 to the review at 10:30")
    #expect(
      during?["calendar"]?["sentence"]
        == .string("You are in 'dentist' until 10:10, then 20 minutes before 'review' at 10:30."))
    // An event starting within the minute has begun; the birthday, all day and not marked busy, takes no time.
    let starting = Self.result(dispatcher, "now.list", #"{"at":"2026-11-21T09:39:30Z"}"#)
    #expect(starting?["calendar"]?["during"]?["title"] == .string("dentist"))
    let evening = Self.result(dispatcher, "now.list", #"{"at":"2026-11-21T18:00:00Z"}"#)
    #expect(evening?["calendar"] == nil)
  }

  @Test("the person's own time wins over the calendar's, and the line still says what comes")
  func ownTimeWins() throws {
    let (dispatcher, _, path) = try Self.daemon()
    _ = Self.result(dispatcher, "calendars.add", #"{"location":"\#(path)"}"#)
    let asked = Self.result(dispatcher, "now.list", #"{"minutes":120}"#)
    #expect(asked?["calendar"]?["fitted"] == .bool(false))
    #expect(
      asked?["calendar"]?["sentence"]
        == .string(
          "You have 40 minutes before 'dentist' at 09:40, less than the 2 hours you said you have; what is below is "
            + "for those."))
    #expect(Self.titles(asked).contains("write the grant proposal"))
  }

  @Test("a calendar that goes bad keeps its last good copy and says why; one that is no calendar is not added")
  func badCalendars() throws {
    let (dispatcher, _, path) = try Self.daemon()
    _ = Self.result(dispatcher, "calendars.add", #"{"location":"\#(path)"}"#)
    try String(Self.day.prefix(200)).write(toFile: path, atomically: true, encoding: .utf8)
    let refreshed = Self.result(dispatcher, "calendars.refresh")
    guard case .array(let calendars)? = refreshed?["calendars"], let day = calendars.first else {
      Issue.record("no calendars: \(String(describing: refreshed))")
      return
    }
    guard case .string(let problem)? = day["problem"] else {
      Issue.record("no problem said: \(day)")
      return
    }
    #expect(problem.contains("cut short") && problem.contains("copy it read last"), "\(problem)")
    #expect(day["events"] == .integer(2))
    #expect(Self.result(dispatcher, "now.list")?["calendar"]?["minutes"] == .integer(40), "now unharmed")

    let html = Fixtures.temporaryDirectory() + "/page.ics"
    try "<html><body>Sign in</body></html>".write(toFile: html, atomically: true, encoding: .utf8)
    let refused = Self.call(dispatcher, "calendars.add", #"{"location":"\#(html)"}"#)
    #expect("\(String(describing: refused))".contains("not an iCalendar file"))
    let missing = Self.call(dispatcher, "calendars.add", #"{"location":"relative/day.ics"}"#)
    #expect(missing?["error"]?["code"] == .integer(-32602))
    #expect(Self.result(dispatcher, "calendars.list")?["calendars"].map { "\($0)" }?.contains("page") == false)
  }

  @Test("ignored, a calendar's events take no time; removed, it is gone; a restart keeps the events it read")
  func countRemoveRestart() throws {
    let directory = Fixtures.temporaryDirectory()
    let database = directory + "/stride.db"
    let clock = TestClock(Fixtures.now)
    let path = directory + "/day.ics"
    try Self.day.write(toFile: path, atomically: true, encoding: .utf8)
    do {
      let dispatcher = TestDispatcher.make(store: try TaskStore(path: database), clock: { clock.now })
      _ = Self.result(dispatcher, "calendars.add", #"{"location":"\#(path)","name":"Work"}"#)
      dispatcher.close()
    }
    try FileManager.default.removeItem(atPath: path)
    let dispatcher = TestDispatcher.make(store: try TaskStore(path: database), clock: { clock.now })
    defer { dispatcher.close() }
    #expect(Self.result(dispatcher, "now.list")?["calendar"]?["minutes"] == .integer(40), "read from the store")
    _ = Self.result(dispatcher, "calendars.count", #"{"name":"work","counts":false}"#)
    #expect(Self.result(dispatcher, "now.list")?["calendar"] == nil)
    #expect(Self.result(dispatcher, "calendars.remove", #"{"name":"Work"}"#)?["name"] == .string("Work"))
    let again = Self.call(dispatcher, "calendars.remove", #"{"name":"Work"}"#)
    #expect("\(String(describing: again))".contains("stride calendars add"))
  }

  @Test("an unchanged file is not read again, unless the clock went back; a BOM is no matter; a title is one line")
  func readingAgain() throws {
    let (dispatcher, clock, path) = try Self.daemon()
    try ("\u{FEFF}" + Self.day).write(toFile: path, atomically: true, encoding: .utf8)
    _ = Self.result(dispatcher, "calendars.add", #"{"location":"\#(path)"}"#)
    let calendar = try #require(try dispatcher.calendars.stored().first)
    #expect(calendar.events == 2 && calendar.problem == nil, "read with its byte order mark")
    let revision = dispatcher.tasks.revision
    clock.advance(600)
    #expect(dispatcher.calendars.read(calendar, force: false).expanded == nil, "nothing changed: nothing expanded")
    #expect(dispatcher.tasks.revision == revision, "the kept now-list still holds")
    clock.advance(-3 * 86_400)
    #expect(dispatcher.calendars.read(calendar, force: false).expanded != nil, "the clock went back: expanded")

    let odd = Self.calendar([
      Self.event("x", "20261118T094000Z", "20261118T101000Z", "line one\\nline two \u{1B}[31mred")
    ])
    try odd.write(toFile: path, atomically: true, encoding: .utf8)
    _ = Self.result(dispatcher, "calendars.refresh")
    let sentence = Self.result(dispatcher, "now.list")?["calendar"]?["sentence"]
    guard case .string(let text)? = sentence else {
      Issue.record("no line: \(String(describing: sentence))")
      return
    }
    #expect(!text.contains("\n") && !text.contains("\u{1B}") && text.contains("'line one line two"), "\(text)")
  }

  @Test("an assistant's now names no event, and no title reaches the history")
  func titlesStayHere() throws {
    let (dispatcher, _, path) = try Self.daemon()
    _ = Self.result(dispatcher, "calendars.add", #"{"location":"\#(path)"}"#)
    let untitled = Self.result(dispatcher, "now.list", #"{"eventTitles":false}"#)
    #expect(untitled?["calendar"]?["sentence"] == .string("You have 40 minutes before an event at 09:40."))
    #expect(!"\(String(describing: untitled))".contains("dentist"))
    _ = Self.result(dispatcher, "task.complete", #"{"id":2}"#)
    let log = Self.result(dispatcher, "history.log", #"{"limit":100}"#)
    #expect(!"\(String(describing: log))".contains("dentist"))
  }
}
