import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Routines with a start, an end and an hourly rhythm (issue 55): the rule keeps them, the store's text reads back,
/// and a routine stops at its end however it gets there. Reference: Saturday 2026-11-21 09:00 UTC.
@Suite("Routines: start, end and hours")
struct RoutineSeriesTests {
  let utc = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)

  func routine(_ rule: String, due: String) -> StrideTask {
    var task = StrideTask(id: TaskID(1), title: "meds", rawInput: "meds", createdAt: Fixtures.now)
    task.due = Fixtures.at(due)
    task.recurrence = Recurrence(rrule: rule)
    return task
  }

  @Test("an hourly rule reads, writes and says itself; one on certain days is not kept")
  func hourlyRule() throws {
    let rule = try #require(Recurrence(rrule: "FREQ=HOURLY;INTERVAL=3;COUNT=4"))
    #expect(rule.frequency == .hourly && rule.interval == 3 && rule.count == 4)
    #expect(rule.rrule == "FREQ=HOURLY;INTERVAL=3;COUNT=4")
    #expect(rule.words == "every 3 hours, 4 times counting this one")
    #expect(Recurrence(.hourly).routineName == "your hourly routine")
    #expect(Recurrence(rrule: "FREQ=HOURLY;BYHOUR=9") == nil)
  }

  @Test("a series' start is kept in the stored text, said back, and never part of the RRULE")
  func storedStart() throws {
    var rule = Recurrence(.weekly, weekdays: [1])
    rule.start = "20261207"
    rule.until = "20270301"
    #expect(rule.rrule == "FREQ=WEEKLY;BYDAY=MO;UNTIL=20270301")
    #expect(rule.stored == "FREQ=WEEKLY;BYDAY=MO;UNTIL=20270301;DTSTART=20261207")
    #expect(Recurrence(rrule: rule.stored) == rule)
    #expect(rule.words == "every Monday from 7 December 2026 until 1 March 2027")
  }

  @Test("hourly occurrences step in elapsed time; missed, the routine is one task at the latest time that has come")
  func hourlyOccurrences() {
    let rule = Recurrence(.hourly, interval: 4)
    let due = Fixtures.at("2026-11-21T07:00:00Z")
    #expect(rule.next(after: Fixtures.now, anchor: due, in: utc) == Fixtures.at("2026-11-21T11:00:00Z"))
    #expect(rule.previous(before: due, in: utc) == Fixtures.at("2026-11-21T03:00:00Z"))
    let current = rule.current(from: due, at: Fixtures.at("2026-11-21T20:00:00Z"), in: utc)
    #expect(current?.due == Fixtures.at("2026-11-21T19:00:00Z"))
    #expect(current?.missed == 3)
    #expect(rule.missed(since: due, until: Fixtures.at("2026-11-21T20:00:00Z"), in: utc) == 3)
    // Before its next time has come, nothing moves.
    #expect(rule.current(from: due, at: Fixtures.at("2026-11-21T10:59:00Z"), in: utc) == nil)
  }

  @Test("an hourly routine done comes back one step after its time; after done, one step after it was done")
  func hourlyDone() throws {
    var task = routine("FREQ=HOURLY;INTERVAL=8", due: "2026-11-21T09:00:00Z")
    try task.complete(at: Fixtures.at("2026-11-21T08:55:00Z"), calendar: utc)
    #expect(task.due == Fixtures.at("2026-11-21T17:00:00Z"))
    task.recurrence?.afterDone = true
    try task.complete(at: Fixtures.at("2026-11-21T18:30:00Z"), calendar: utc)
    #expect(task.due == Fixtures.at("2026-11-22T02:30:00Z"))
  }

  @Test("a counted series from a phone stops after its last time, the missed ones counted")
  func countStops() throws {
    var task = routine("FREQ=DAILY;COUNT=3", due: "2026-11-18T09:00:00Z")
    // Missed the 18th and the 19th: the 20th is its last time, and the 21st is past the series.
    let woken = task.woken(at: Fixtures.now)
    #expect(woken.due == Fixtures.at("2026-11-20T09:00:00Z"))
    #expect(woken.recurrence?.count == 1)
    task = woken
    try task.complete(at: Fixtures.now, calendar: utc)
    #expect(task.status == .completed)
  }

  @Test("an end as an instant (UNTIL in UTC) ends an hourly series at that time")
  func untilInstant() throws {
    var task = routine("FREQ=HOURLY;INTERVAL=4;UNTIL=20261121T170000Z", due: "2026-11-21T09:00:00Z")
    try task.complete(at: Fixtures.now, calendar: utc)
    #expect(task.due == Fixtures.at("2026-11-21T13:00:00Z"))
    try task.complete(at: Fixtures.at("2026-11-21T13:00:00Z"), calendar: utc)
    #expect(task.due == Fixtures.at("2026-11-21T17:00:00Z"))
    try task.complete(at: Fixtures.at("2026-11-21T17:00:00Z"), calendar: utc)
    #expect(task.status == .completed)
  }

  @Test("an hourly routine wakes at its next time, and woken after a day away is one task at the latest time")
  func hourlyWakes() {
    var task = routine("FREQ=HOURLY;INTERVAL=6", due: "2026-11-21T10:00:00Z")
    task.updatedAt = Fixtures.now
    #expect(task.wakeUps.contains { $0.kind == .routine && $0.at == Fixtures.at("2026-11-21T16:00:00Z") })
    let woken = task.woken(at: Fixtures.at("2026-11-22T11:00:00Z"))
    #expect(woken.due == Fixtures.at("2026-11-22T10:00:00Z"))
    #expect(woken.missed == 4)
  }
}
