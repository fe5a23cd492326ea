import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCalendar
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideWire

/// Months of syncing through a real Radicale: what a phone writes is read as the phone meant it, and devices that
/// agree send nothing.
@Suite("Sync keeps faith over months (Radicale)", .serialized)
struct SyncTrustTests {
  /// A resource as another app writes it, with `lines` inside its VTODO.
  static func phoneTask(_ lines: [String]) -> String {
    (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTODO"] + lines + ["END:VTODO", "END:VCALENDAR"])
      .joined(separator: "\r\n") + "\r\n"
  }

  /// Edits a resource on the server the way another app does: its lines, changed by `edit`, written back.
  static func edit(_ server: Radicale, _ name: String, _ edit: ([String]) -> [String]) throws {
    let href = try #require(try server.hrefs().first { $0.hasSuffix(name) })
    let lines = ICalendarReader.unfold(try server.get(href))
    try server.put(name, edit(lines).joined(separator: "\r\n") + "\r\n")
  }

  /// Moves a task's DTSTART on the server the way a phone does, with its LAST-MODIFIED.
  static func moveStart(_ server: Radicale, _ href: String, to start: String) throws {
    try edit(server, String(href.split(separator: "/").last!)) { lines in
      lines.map {
        $0.hasPrefix("DTSTART")
          ? "DTSTART:\(start)" : $0.hasPrefix("LAST-MODIFIED") ? "LAST-MODIFIED:20261121T100000Z" : $0
      }
    }
  }

  @Test("a phone's PRIORITY decides whether a task is an obligation, both ways, and the server never holds both")
  func phonePriority() throws {
    let server = try Radicale()
    let device = try SyncDevice()
    _ = try device.setUp(server)
    for (name, priority) in [("high", 1), ("medium", 3), ("low", 7), ("none", 0)] {
      try server.put(
        "phone-\(name).ics",
        Self.phoneTask([
          "UID:phone-\(name)", "DTSTAMP:20261120T100000Z", "LAST-MODIFIED:20261120T100000Z",
          "SUMMARY:call about the \(name) thing", "PRIORITY:\(priority)", "STATUS:NEEDS-ACTION",
        ]))
    }
    #expect(try device.sync().received == 4)
    for (name, type) in [("high", TaskType.obligation), ("medium", .obligation), ("low", .chore), ("none", .chore)] {
      #expect(try device.task("call about the \(name) thing").type == type, "PRIORITY of \(name)")
    }

    // A change here goes back with the phone's own priority, and no contradicting type.
    device.advance(60)
    for name in ["medium", "low"] {
      let task = try device.task("call about the \(name) thing")
      _ = try device.call(Wire.TaskUpdate.self, .init(id: task.id, energy: .low))
    }
    #expect(try device.sync().sent == 2)
    let medium = ICalendarReader.unfold(
      try server.get(try #require(try server.hrefs().first { $0.hasSuffix("phone-medium.ics") })))
    #expect(medium.filter { $0.hasPrefix("PRIORITY") } == ["PRIORITY:3"])
    #expect(!medium.contains("X-STRIDE-TYPE:chore"))

    // The phone lowers one and raises the other: both are read as the phone now says.
    try Self.edit(server, "phone-medium.ics") { lines in
      lines.map {
        $0.hasPrefix("PRIORITY") ? "PRIORITY:9" : $0.hasPrefix("LAST-MODIFIED") ? "LAST-MODIFIED:20261121T100000Z" : $0
      }
    }
    try Self.edit(server, "phone-low.ics") { lines in
      lines.map {
        $0.hasPrefix("PRIORITY") ? "PRIORITY:2" : $0.hasPrefix("LAST-MODIFIED") ? "LAST-MODIFIED:20261121T100000Z" : $0
      }
    }
    device.advance(60)
    #expect(try device.sync().received == 2)
    #expect(try device.task("call about the medium thing").type == .chore)
    #expect(try device.task("call about the low thing").type == .obligation)

    // Made an obligation here: the phone sees a high priority; made a chore again, the phone sees none.
    let none = try device.task("call about the none thing")
    device.advance(60)
    _ = try device.call(Wire.TaskUpdate.self, .init(id: none.id, type: .obligation))
    try device.sync()
    let href = try #require(try server.hrefs().first { $0.hasSuffix("phone-none.ics") })
    #expect(ICalendarReader.unfold(try server.get(href)).filter { $0.hasPrefix("PRIORITY") } == ["PRIORITY:1"])
    device.advance(60)
    _ = try device.call(Wire.TaskUpdate.self, .init(id: none.id, type: .goal))
    try device.sync()
    let after = ICalendarReader.unfold(try server.get(href))
    #expect(after.filter { $0.hasPrefix("PRIORITY") }.isEmpty)
    #expect(after.contains("X-STRIDE-TYPE:goal"))
    #expect(try device.sync() == SyncReport())
  }

  @Test(
    "two devices that agree send nothing: deferrals of every kind, waits, steps, routines and pins settle in one pass")
  func noChurn() throws {
    let server = try Radicale()
    let (a, b) = (try SyncDevice(), try SyncDevice())
    _ = try a.setUp(server)
    _ = try b.setUp(server)
    let lines = [
      "pay the electricity bill friday !low", "write the report ~2h !high: outline; draft; send", "call mum",
      "water the plants every tuesday and friday 8am", "rent on the 31st every month", "book the dentist",
      "read the lease ~30m #home", "fix the bike tomorrow 6pm", "plan the party: guests; food", "sort the post",
    ]
    var ids: [TaskID] = []
    for line in lines { ids.append(try a.capture(line).id) }
    a.advance(60)
    _ = try a.call(Wire.TaskDefer.self, .init(id: ids[2], reason: .blocked, on: ids[5]))
    _ = try a.call(Wire.TaskDefer.self, .init(id: ids[1], reason: .noEnergy))
    _ = try a.call(
      Wire.TaskDefer.self, .init(id: ids[6], reason: .wrongTime, until: Timestamp(a.now.addingTimeInterval(86_400))))
    _ = try a.call(Wire.TaskDefer.self, .init(id: ids[8], reason: .unsure))
    _ = try a.call(Wire.TaskDefer.self, .init(id: ids[9], reason: .notImportant))
    _ = try a.call(
      Wire.TaskWait.self,
      .init(id: ids[7], note: "the parts to arrive", followUp: Timestamp(a.now.addingTimeInterval(7200)))
    )
    _ = try a.call(Wire.SubtaskComplete.self, .init(id: ids[1], index: 1))
    _ = try a.call(Wire.TaskPin.self, .init(id: ids[0], pinned: true))
    _ = try a.call(Wire.TaskComplete.self, .init(id: ids[3]))
    a.advance(60)
    _ = try a.call(Wire.TaskResume.self, .init(id: ids[9]))
    _ = try a.call(Wire.TaskDefer.self, .init(id: ids[9], reason: .blocked))
    try a.sync()
    try b.sync()
    // The other way: b defers, and a learns it.
    b.advance(120)
    let onB = try b.task("sort the post")
    _ = try b.call(Wire.TaskResume.self, .init(id: onB.id))
    _ = try b.call(Wire.TaskDefer.self, .init(id: onB.id, reason: .noEnergy))
    try b.sync()
    try a.sync()
    for pass in 1...3 {
      #expect(try a.sync() == SyncReport(), "device a, pass \(pass) after settling")
      #expect(try b.sync() == SyncReport(), "device b, pass \(pass) after settling")
    }
    for title in try a.tasks.map(\.title) {
      let (mine, theirs) = (try a.task(title), try b.task(title))
      #expect(mine.deferrals.map(\.reason) == theirs.deferrals.map(\.reason), "\(title): deferrals")
      #expect(mine.status == theirs.status, "\(title): status")
      #expect(mine.due == theirs.due, "\(title): due")
      #expect(mine.recurrence == theirs.recurrence, "\(title): routine")
      #expect(mine.waitingFor == theirs.waitingFor && mine.followUp == theirs.followUp, "\(title): wait")
      #expect(mine.blockedBy.count == theirs.blockedBy.count, "\(title): dependencies")
    }
    #expect(try b.task("sort the post").deferrals.map(\.reason) == [.notImportant, .blocked, .noEnergy])
  }

  @Test("a due without a time of day is a whole day on the server, read as the same day in another zone")
  func wholeDayDues() throws {
    let server = try Radicale()
    let here = try SyncDevice()
    let newYork = try SyncDevice(timeZone: TimeZone(identifier: "America/New_York")!)
    _ = try here.setUp(server)
    _ = try newYork.setUp(server)
    let task = try here.capture("renew the passport friday")
    let timed = try here.capture("call the plumber friday 3pm")
    try here.sync()
    let lines = try server.hrefs().flatMap { ICalendarReader.unfold(try server.get($0)) }
    #expect(lines.contains("DUE;VALUE=DATE:20261127"))
    #expect(lines.contains("DUE:20261127T150000Z"))
    try newYork.sync()
    let there = try newYork.task("renew the passport")
    let zone = LocalCalendar(timeZone: TimeZone(identifier: "America/New_York")!)
    #expect(zone.day(of: try #require(there.due)) == CivilDate(year: 2026, month: 11, day: 27))
    #expect(zone.clock(of: try #require(there.due)) == .endOfDay)
    #expect(try newYork.task("call the plumber").due == timed.due)
    // A routine with a whole-day due stays one as it moves on.
    let chore = try here.capture("bins every thursday")
    try here.sync()
    // Done on its Thursday, so it moves on a week (done on Saturday it would count for the Thursday before).
    here.advance(5 * 86_400 + 3600)
    _ = try here.call(Wire.TaskComplete.self, .init(id: chore.id))
    try here.sync()
    let bins = try server.hrefs().flatMap { ICalendarReader.unfold(try server.get($0)) }.filter { $0.hasPrefix("DUE") }
    #expect(bins.contains("DUE;VALUE=DATE:20261203"))
    #expect(try newYork.sync().received == 1)
    #expect(try here.sync() == SyncReport())
    #expect(try newYork.sync() == SyncReport())
    _ = task
  }

  @Test(
    "a deferral shows on a phone as the task's start, a phone that moves it moves the deferral, and resuming clears it")
  func deferralOnPhone() throws {
    let server = try Radicale()
    let device = try SyncDevice()
    _ = try device.setUp(server)
    let task = try device.capture("clean the gutters")
    let saturday = Fixtures.at("2026-11-28T10:00:00Z")
    _ = try device.call(Wire.TaskDefer.self, .init(id: task.id, reason: .wrongTime, until: Timestamp(saturday)))
    try device.sync()
    let href = try #require(try server.hrefs().first)
    #expect(ICalendarReader.unfold(try server.get(href)).contains("DTSTART:20261128T100000Z"))

    // The phone moves the start to Sunday: Stride's deferral now ends then, still for the reason given.
    try Self.moveStart(server, href, to: "20261129T100000Z")
    device.advance(3600)
    #expect(try device.sync().received == 1)
    let moved = try device.task("clean the gutters")
    #expect(moved.status == .deferred)
    #expect(moved.deferral?.until == Fixtures.at("2026-11-29T10:00:00Z"))
    #expect(moved.deferral?.reason == .wrongTime)
    #expect(moved.start == nil)

    device.advance(60)
    _ = try device.call(Wire.TaskResume.self, .init(id: task.id))
    try device.sync()
    #expect(!ICalendarReader.unfold(try server.get(href)).contains { $0.hasPrefix("DTSTART") })
    #expect(try device.sync() == SyncReport())
  }

  @Test(
    "a wait with a follow-up shows on a phone as the start then, the task's own start kept beside it; a phone that moves it moves the follow-up"
  )
  func waitOnPhone() throws {
    let server = try Radicale()
    let (device, other) = (try SyncDevice(), try SyncDevice())
    _ = try device.setUp(server)
    _ = try other.setUp(server)
    let task = try device.capture("hear back about the flat from tuesday by friday 17:00")
    let ownStart = try #require(task.start)
    let wednesday = Fixtures.at("2026-11-25T09:00:00Z")
    _ = try device.call(Wire.TaskWait.self, .init(id: task.id, note: "the landlord", followUp: Timestamp(wednesday)))
    try device.sync()
    let href = try #require(try server.hrefs().first)
    let lines = ICalendarReader.unfold(try server.get(href))
    #expect(lines.contains("DTSTART:20261125T090000Z"))
    #expect(lines.contains("X-STRIDE-START:\(ICalendar.date(ownStart))"))

    // Another device reads the same wait and the same own start.
    #expect(try other.sync().received == 1)
    let arrived = try other.task(task.title)
    #expect(arrived.status == .waiting && arrived.followUp == wednesday && arrived.start == ownStart)

    // The phone moves the start to Thursday: the follow-up is then.
    try Self.moveStart(server, href, to: "20261126T090000Z")
    device.advance(3600)
    #expect(try device.sync().received == 1)
    let moved = try device.task(task.title)
    #expect(moved.followUp == Fixtures.at("2026-11-26T09:00:00Z"))
    #expect(moved.waitingFor == "the landlord" && moved.start == ownStart)

    device.advance(60)
    _ = try device.call(Wire.TaskResume.self, .init(id: task.id))
    try device.sync()
    #expect(ICalendarReader.unfold(try server.get(href)).contains("DTSTART:\(ICalendar.date(ownStart))"))
    #expect(try device.sync() == SyncReport())
  }
}
