import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideInterop
@testable import StrideModel
@testable import StrideStore

/// A routine's start, end and hours travel through iCalendar and in from Taskwarrior (issue 55).
@Suite("Interop: routines with an end and hourly ones")
struct RoutineSeriesInteropTests {
  static let utc = TimeZone(identifier: "UTC")!

  @Test("an RRULE with COUNT, UNTIL or every few hours is written and read back as it was")
  func icalSeries() throws {
    let (store, _) = try Fixtures.store()
    let lines = ["antibiotics every 8 hours 6 times", "stretch every day for 3 weeks", "water plants every monday"]
    let tasks = try lines.map { line in
      try store.capture(Capture.draft(from: line, at: Fixtures.now, timeZone: Self.utc), at: Fixtures.now)
    }
    let text = String(
      decoding: try Exporter.data(tasks, format: .ical, now: Fixtures.now, timeZone: Self.utc), as: UTF8.self)
    #expect(text.contains("RRULE:FREQ=HOURLY;INTERVAL=8;COUNT=6\r\n"))
    #expect(text.contains("RRULE:FREQ=DAILY;UNTIL=20261211\r\n"))
    let back = try ImportPlan.read(Data(text.utf8), format: .ical, now: Fixtures.now, timeZone: Self.utc)
    #expect(back.tasks.map(\.recurrence?.rrule) == tasks.map(\.recurrence?.rrule))
  }

  @Test("the store keeps a routine's start with its rule")
  func storedStart() throws {
    let (store, _) = try Fixtures.store()
    let draft = try Capture.draft(
      from: "water plants every monday starting dec 7 until 1 feb", at: Fixtures.now, timeZone: Self.utc)
    let task = try store.capture(draft, at: Fixtures.now)
    let read = try store.task(task.id, at: Fixtures.now)
    #expect(read.recurrence?.start == "20261207")
    #expect(read.recurrence?.until == "20270201")
    #expect(read.start == nil)
    #expect(read.due == Fixtures.at("2026-12-07T23:59:59Z"))
    // iCalendar carries the start beside the RRULE, and reads it back.
    let text = String(
      decoding: try Exporter.data([read], format: .ical, now: Fixtures.now, timeZone: Self.utc), as: UTF8.self)
    #expect(text.contains("RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20270201\r\n"))
    #expect(text.contains("X-STRIDE-REPEAT-START:20261207\r\n"))
    let back = try ImportPlan.read(Data(text.utf8), format: .ical, now: Fixtures.now, timeZone: Self.utc)
    #expect(back.tasks.first?.recurrence?.start == "20261207")
  }

  @Test("a Taskwarrior template's until ends the routine; a rule of hours is read")
  func taskwarriorUntil() throws {
    let export = """
      [
      {"id":0,"description":"stretch","entry":"20261101T100000Z","status":"recurring","recur":"daily","due":"20261120T090000Z","until":"20261205T000000Z","uuid":"a1111111-1111-4111-8111-111111111111"},
      {"id":0,"description":"check the logs","entry":"20261101T100000Z","status":"recurring","recur":"4h","due":"20261121T120000Z","uuid":"b2222222-2222-4222-8222-222222222222"}
      ]
      """
    let plan = try ImportPlan.read(Data(export.utf8), format: .taskwarrior, now: Fixtures.now, timeZone: Self.utc)
    let byTitle = Dictionary(uniqueKeysWithValues: plan.tasks.map { ($0.title, $0) })
    #expect(byTitle["stretch"]?.recurrence?.rrule == "FREQ=DAILY;UNTIL=20261205")
    #expect(byTitle["check the logs"]?.recurrence?.rrule == "FREQ=HOURLY;INTERVAL=4")
  }
}
