import Foundation
import StrideTestSupport
import Testing

@testable import StrideCalDAV
@testable import StrideCalendar
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideWire

/// Routines done on a phone, in each way phones write it, through a real Radicale: the occurrence is done, the
/// routine goes on.
@Suite("Routines done on another device (Radicale)", .serialized)
struct SyncRoutineTests {
  private func lines(_ server: Radicale, _ suffix: String) throws -> [String] {
    ICalendarReader.unfold(try server.get(try #require(try server.hrefs().first { $0.hasSuffix(suffix) })))
  }

  @Test("a routine marked COMPLETED on a phone is done for that time and comes back at its next, on every device")
  func phoneCompletes() throws {
    let server = try Radicale()
    let (a, b) = (try SyncDevice(), try SyncDevice())
    let plants = try a.capture("water the plants every tuesday and friday")
    _ = try a.setUp(server)
    _ = try b.setUp(server)
    let href = try #require(try server.hrefs().first)
    let name = String(href.split(separator: "/").last!)
    #expect(plants.due == Fixtures.at("2026-11-24T23:59:59Z"))

    // The phone ticks it off, keeping the rule, as python-caldav does by default.
    try SyncTrustTests.edit(server, name) { lines in
      lines.filter { !$0.hasPrefix("STATUS") && !$0.hasPrefix("LAST-MODIFIED") }.flatMap {
        $0 == "END:VTODO"
          ? ["STATUS:COMPLETED", "COMPLETED:20261124T180000Z", "LAST-MODIFIED:20261124T180000Z", "END:VTODO"] : [$0]
      }
    }
    a.advance(2 * 86_400)
    #expect(try a.sync().received == 1)
    let back = try a.task("water the plants")
    #expect(back.status == .active)
    #expect(back.due == Fixtures.at("2026-11-27T23:59:59Z"))
    #expect(back.recurrence?.words == "every Tuesday and Friday")
    let history = try a.call(Wire.HistoryUndo.self, .init(sync: true))
    #expect(
      history.undone.summary.contains("an occurrence of task \(plants.id) (water the plants), done on another device"))
    // Undone by name, and then let through again: the pass after brings the same occurrence back done.
    a.advance(60)
    _ = try a.call(Wire.TaskComplete.self, .init(id: plants.id))
    try a.sync()
    let onServer = try lines(server, name)
    #expect(onServer.contains("STATUS:NEEDS-ACTION"))
    #expect(onServer.contains("DUE;VALUE=DATE:20261127"))
    #expect(onServer.contains("RRULE:FREQ=WEEKLY;BYDAY=TU,FR"))
    try b.sync()
    let onB = try b.task("water the plants")
    #expect(onB.status == .active)
    #expect(onB.due == back.due)
    #expect(try a.sync() == SyncReport())
    #expect(try b.sync() == SyncReport())
  }

  @Test("a routine completed the todoman way (the old copy done, the next as a new UID) stays one routine")
  func newUID() throws {
    let server = try Radicale()
    let device = try SyncDevice()
    let bins = try device.capture("take out the bins every thursday")
    _ = try device.setUp(server)
    let href = try #require(try server.hrefs().first)
    let name = String(href.split(separator: "/").last!)
    // The old copy is completed without its rule; a copy with the rule and the next due is a new resource.
    try SyncTrustTests.edit(server, name) { lines in
      lines.filter { !$0.hasPrefix("STATUS") && !$0.hasPrefix("RRULE") && !$0.hasPrefix("LAST-MODIFIED") }.flatMap {
        $0 == "END:VTODO"
          ? ["STATUS:COMPLETED", "COMPLETED:20261126T190000Z", "LAST-MODIFIED:20261126T190000Z", "END:VTODO"] : [$0]
      }
    }
    try server.put(
      "todoman-next.ics",
      SyncTrustTests.phoneTask([
        "UID:todoman-next", "DTSTAMP:20261126T190000Z", "LAST-MODIFIED:20261126T190000Z",
        "SUMMARY:take out the bins", "DUE;VALUE=DATE:20261203", "RRULE:FREQ=WEEKLY;BYDAY=TH", "STATUS:NEEDS-ACTION",
      ]))
    device.advance(5 * 86_400)
    try device.sync()
    let tasks = try device.tasks
    #expect(tasks.map(\.title) == ["take out the bins"], "one routine, not a copy")
    let routine = try device.task("take out the bins")
    #expect(routine.id == bins.id)
    #expect(routine.status == .active)
    #expect(routine.due == Fixtures.at("2026-12-03T23:59:59Z"))
    #expect(routine.recurrence?.rrule == "FREQ=WEEKLY;BYDAY=TH")
    // From now on it lives in the new resource: an edit here goes there, and the done copy is left as it is.
    device.advance(60)
    _ = try device.call(Wire.TaskUpdate.self, .init(id: routine.id, energy: .low))
    try device.sync()
    #expect(try lines(server, "todoman-next.ics").contains("X-STRIDE-ENERGY:low"))
    #expect(try lines(server, name).contains("STATUS:COMPLETED"))
    #expect(try device.sync() == SyncReport())
  }

  @Test("a phone's routine with an end (COUNT) goes on when done here, counting down, and ends on its last time")
  func countedSeries() throws {
    let server = try Radicale()
    let device = try SyncDevice()
    _ = try device.setUp(server)
    try server.put(
      "phone-course.ics",
      SyncTrustTests.phoneTask([
        "UID:phone-course", "DTSTAMP:20261120T100000Z", "LAST-MODIFIED:20261120T100000Z", "SUMMARY:take the pills",
        "DUE:20261121T200000Z", "RRULE:FREQ=DAILY;COUNT=3", "STATUS:NEEDS-ACTION",
      ]))
    try device.sync()
    let pills = try device.task("take the pills")
    #expect(pills.recurrence?.count == 3)
    #expect(pills.recurrence?.words == "every day, 3 times counting this one")
    for left in [2, 1] {
      device.advance(3600)
      let done = try StrideTask(try device.call(Wire.TaskComplete.self, .init(id: pills.id)).task)
      #expect(done.status == .active)
      #expect(done.recurrence?.count == left)
      try device.sync()
      #expect(try lines(server, "phone-course.ics").contains("RRULE:FREQ=DAILY;COUNT=\(left)"))
    }
    device.advance(3600)
    let last = try device.call(Wire.TaskComplete.self, .init(id: pills.id)).task
    #expect(last.status == .completed)
    try device.sync()
    #expect(try lines(server, "phone-course.ics").contains("STATUS:COMPLETED"))
  }

  @Test("a phone's rule Stride cannot follow is named by task.get, so show can say the task repeats elsewhere")
  func foreignRule() throws {
    let server = try Radicale()
    let device = try SyncDevice()
    _ = try device.setUp(server)
    try server.put(
      "phone-hourly.ics",
      SyncTrustTests.phoneTask([
        "UID:phone-hourly", "DTSTAMP:20261120T100000Z", "SUMMARY:drink water", "DUE:20261121T100000Z",
        "RRULE:FREQ=MINUTELY;INTERVAL=30", "STATUS:NEEDS-ACTION",
      ]))
    try device.sync()
    let water = try device.task("drink water")
    #expect(water.recurrence == nil)
    #expect(try device.call(Wire.TaskGet.self, .init(id: water.id)).repeatsElsewhere == "FREQ=MINUTELY;INTERVAL=30")
    let other = try device.capture("buy stamps")
    #expect(try device.call(Wire.TaskGet.self, .init(id: other.id)).repeatsElsewhere == nil)
  }

  @Test("a phone's routine every few hours until a time is followed here: done, it comes back a step on, then ends")
  func hourlyUntil() throws {
    let server = try Radicale()
    let device = try SyncDevice()
    _ = try device.setUp(server)
    try server.put(
      "phone-drops.ics",
      SyncTrustTests.phoneTask([
        "UID:phone-drops", "DTSTAMP:20261120T100000Z", "SUMMARY:eye drops", "DUE:20261121T100000Z",
        "RRULE:FREQ=HOURLY;INTERVAL=6;UNTIL=20261121T160000Z", "STATUS:NEEDS-ACTION",
      ]))
    try device.sync()
    let drops = try device.task("eye drops")
    #expect(drops.recurrence?.rrule == "FREQ=HOURLY;INTERVAL=6;UNTIL=20261121T160000Z")
    device.advance(3600)
    let next = try StrideTask(try device.call(Wire.TaskComplete.self, .init(id: drops.id)).task)
    #expect(next.status == .active)
    #expect(next.due == Fixtures.at("2026-11-21T16:00:00Z"))
    try device.sync()
    #expect(try lines(server, "phone-drops.ics").contains("DUE:20261121T160000Z"))
    device.advance(3600)
    #expect(try device.call(Wire.TaskComplete.self, .init(id: drops.id)).task.status == .completed)
  }
}
