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

/// Two devices syncing through a real Radicale: what a person with a laptop and a desktop (and a phone app) sees.
@Suite("Sync through a real CalDAV server (Radicale)", .serialized)
struct SyncTests {
  @Test("a capture on one device arrives on the other with its steps, energy and due; a step done there is done here")
  func captureArrives() throws {
    let server = try Radicale()
    let (a, b) = (try SyncDevice(), try SyncDevice())
    try a.capture("write report by friday ~2h !high: outline, draft, send")
    #expect(try a.setUp(server).report?.sent == 1)
    #expect(try b.setUp(server).report?.received == 1)
    let report = try b.task("write report")
    let original = try a.task("write report")
    #expect(report.subtasks.map(\.title) == ["outline", "draft", "send"])
    #expect(report.energy == .high)
    #expect(report.estimateMinutes == 120)
    #expect(report.due == original.due)
    #expect(report.rawInput == original.rawInput)
    // Each step is a child VTODO on the server, the way Tasks.org and Thunderbird show subtasks.
    #expect(try server.hrefs().count == 4)

    b.advance(60)
    _ = try b.call(Wire.SubtaskComplete.self, .init(id: report.id, index: 2))
    #expect(try b.sync().sent == 1)
    #expect(try a.sync().received == 1)
    #expect(try a.task("write report").subtasks.map(\.done) == [false, true, false])
    // Nothing moves when nothing changed.
    #expect(try a.sync() == SyncReport())
    #expect(try b.sync() == SyncReport())
  }

  @Test("edits on both devices merge field by field; the same field keeps the later change, the other in the history")
  func concurrentEdits() throws {
    let server = try Radicale()
    let (a, b) = (try SyncDevice(), try SyncDevice())
    let task = try a.capture("call the bank")
    _ = try a.setUp(server)
    _ = try b.setUp(server)
    let onB = try b.task("call the bank")

    a.advance(60)
    _ = try a.call(Wire.TaskUpdate.self, .init(id: task.id, title: "call the bank about the card"))
    b.advance(120)
    _ = try b.call(Wire.TaskUpdate.self, .init(id: onB.id, title: "ring the bank", energy: .low))
    _ = try b.call(Wire.TaskUpdate.self, .init(id: onB.id, tags: ["money"]))
    try a.sync()
    let report = try b.sync()
    #expect(report.conflicts == 1)
    #expect(report.conflictTasks == [onB.id])
    try a.sync()
    for device in [a, b] {
      let merged = try device.task("ring the bank")
      #expect(merged.energy == .low)
      #expect(merged.tags == ["money"])
    }
    // The lost title is kept: said in show, and one undo brings it back.
    let shown = try b.call(Wire.TaskGet.self, .init(id: onB.id))
    #expect(shown.syncConflicts?.first?.lost == "call the bank about the card")
    #expect(shown.syncConflicts?.first?.kept == "ring the bank")

    // The other way round: the server's change is later, so it wins here.
    a.advance(600)
    _ = try a.call(Wire.TaskUpdate.self, .init(id: task.id, title: "bank: new card"))
    _ = try b.call(Wire.TaskUpdate.self, .init(id: onB.id, title: "bank call"))
    try a.sync()
    #expect(try b.sync().conflicts == 1)
    #expect(try b.call(Wire.TaskGet.self, .init(id: onB.id)).task.title == "bank: new card")
    let undone = try b.call(Wire.HistoryUndo.self, .init(sync: true))
    #expect(undone.undone.action == .syncReceive)
    #expect(try b.call(Wire.TaskGet.self, .init(id: onB.id)).task.title == "bank call")
  }

  @Test("a delete on one device deletes on the other, and undo there brings the task back to both")
  func deletes() throws {
    let server = try Radicale()
    let (a, b) = (try SyncDevice(), try SyncDevice())
    let task = try a.capture("sort the post: open, file")
    try a.capture("water the plants")
    _ = try a.setUp(server)
    _ = try b.setUp(server)
    #expect(try server.hrefs().count == 4)

    _ = try a.call(Wire.TaskDelete.self, .init(id: task.id))
    #expect(try a.sync().deletedThere == 1)
    #expect(try server.hrefs().count == 1)
    #expect(try b.sync().deletedHere == 1)
    #expect(try b.tasks.map(\.title) == ["water the plants"])

    _ = try b.call(Wire.HistoryUndo.self, .init(sync: true))
    #expect(try b.tasks.map(\.title).sorted() == ["sort the post", "water the plants"])
    try b.sync()
    try a.sync()
    let back = try a.task("sort the post")
    #expect(back.subtasks.map(\.title) == ["open", "file"])
  }

  @Test("with the server down every change waits, survives a restart, and all converges when it is back")
  func offline() throws {
    let server = try Radicale()
    let (a, b) = (try SyncDevice(), try SyncDevice())
    let bills = try a.capture("pay the bills")
    _ = try a.setUp(server)
    _ = try b.setUp(server)
    let billsOnB = try b.task("pay the bills")

    server.stop()
    try a.capture("book the train ~15m")
    a.advance(60)
    _ = try a.call(Wire.TaskComplete.self, .init(id: bills.id))
    _ = try b.call(Wire.TaskDefer.self, .init(id: billsOnB.id, reason: .noEnergy))
    try b.capture("renew passport !high")
    let failure = #expect(throws: StrideError.self) { try a.sync() }
    #expect(failure?.code == .syncFailed)
    #expect(failure?.message.contains("could not be reached") == true)
    let status = try a.call(SyncStatus.self, NoParams())
    #expect(status.pending == 2)
    #expect(status.lastError?.contains("could not be reached") == true)
    #expect(status.lastSuccess != nil)

    // The queue is the database itself: a restart (or kill -9) keeps it.
    try a.restart()
    #expect(try a.call(SyncStatus.self, NoParams()).pending == 2)

    try server.start()
    try a.sync()
    try b.sync()
    try a.sync()
    for device in [a, b] {
      #expect(try device.tasks.map(\.title).sorted() == ["book the train", "pay the bills", "renew passport"])
      #expect(try device.task("pay the bills").status == .completed)
      #expect(try device.task("book the train").estimateMinutes == 15)
      #expect(try device.task("renew passport").energy == .high)
      #expect(try device.call(SyncStatus.self, NoParams()).pending == 0)
    }
  }

  @Test("a task written by another app arrives, and what Stride does not know survives Stride's edit line for line")
  func otherApps() throws {
    let server = try Radicale()
    let device = try SyncDevice()
    _ = try device.setUp(server)
    // As Tasks.org (through DAVx⁵) writes a task with a subtask: its own properties, an alarm, a date-only due.
    let unknown = [
      "X-APPLE-SORT-ORDER:1234", "X-MOZ-GENERATION:3", "CLASS:PRIVATE", "GEO:52.5;13.4",
      "X-TASKS-ORG-NOTE;LANGUAGE=de:Hinweis\\, lang",
    ]
    try server.put(
      "tasks-org-1.ics",
      ([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-130804//EN", "BEGIN:VTODO",
        "UID:tasks-org-1", "DTSTAMP:20261120T100000Z", "LAST-MODIFIED:20261120T100000Z", "SUMMARY:renew library card",
        "DUE;VALUE=DATE:20261130", "PRIORITY:5", "STATUS:NEEDS-ACTION", "CATEGORIES:errands",
      ] + unknown + [
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM", "END:VTODO",
        "END:VCALENDAR",
      ]).joined(separator: "\r\n") + "\r\n")
    try server.put(
      "tasks-org-2.ics",
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-130804//EN", "BEGIN:VTODO",
        "UID:tasks-org-2", "DTSTAMP:20261120T100000Z", "SUMMARY:find the old card", "STATUS:COMPLETED",
        "COMPLETED:20261120T110000Z", "RELATED-TO;RELTYPE=PARENT:tasks-org-1", "END:VTODO", "END:VCALENDAR",
      ].joined(separator: "\r\n") + "\r\n")
    #expect(try device.sync().received == 1)
    let task = try device.task("renew library card")
    #expect(task.tags == ["errands"])
    #expect(
      task.subtasks == [
        Subtask(title: "find the old card", done: true, completedAt: Fixtures.at("2026-11-20T11:00:00Z"))
      ])
    #expect(task.due == Fixtures.at("2026-11-30T23:59:59Z"))

    device.advance(60)
    _ = try device.call(Wire.TaskUpdate.self, .init(id: task.id, energy: .low))
    #expect(try device.sync().sent == 1)
    let text = try server.get(try #require(try server.hrefs().first { $0.hasSuffix("tasks-org-1.ics") }))
    let lines = ICalendarReader.unfold(text)
    for line in unknown + ["PRIORITY:5", "DUE;VALUE=DATE:20261130", "BEGIN:VALARM", "TRIGGER:-PT15M"] {
      #expect(lines.contains(line), "\(line) was lost")
    }
    #expect(lines.contains("X-STRIDE-ENERGY:low"))
    #expect(lines.count { $0 == "BEGIN:VTODO" } == 1)
    #expect(lines.count { $0.hasPrefix("PRIORITY") } == 1)
  }

  @Test("set-up finds the task list from the server's address, and bad servers and passwords give sentences")
  func setUpAndFailures() throws {
    let server = try Radicale()
    let device = try SyncDevice()
    // From the server's root: principal, calendar home, the list that takes VTODO.
    let found = try device.setUp(server, url: server.root)
    #expect(found.account.url == server.collection)
    #expect(found.account.name == "Tasks")

    let wrong = try SyncDevice(password: "not-it")
    let refused = #expect(throws: StrideError.self) { try wrong.setUp(server) }
    #expect(refused?.message.contains("refused the password") == true)

    let insecure = #expect(throws: StrideError.self) {
      try device.call(SyncSetup.self, .init(url: "http://dav.example.com/", user: "alice"))
    }
    #expect(insecure?.message.contains("unencrypted") == true)

    // A calendar of events is not a task list.
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
      <c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set>\
      </d:prop></d:set></c:mkcalendar>
      """
    _ = try server.dav.send(
      "MKCALENDAR", URL(string: server.root + "alice/events/")!, body: Data(body.utf8), accept: [201])
    let events = #expect(throws: StrideError.self) { try device.setUp(server, url: server.root + "alice/events/") }
    #expect(events?.message.contains("calendar of events") == true)

    // A password refused in a pass is not tried again soon (to a server that locks accounts out, the same password
    // again and again looks like guessing); a server that cannot be reached is.
    let stale = #expect(throws: StrideError.self) { try device.call(SyncRun.self, .init(password: "not-it")) }
    #expect(stale?.message.contains("refused the password") == true)
    #expect(try device.call(SyncStatus.self, NoParams()).failedPasses == nil)

    // No server at all.
    server.stop()
    let dead = #expect(throws: StrideError.self) { try device.sync() }
    #expect(dead?.message.contains("could not be reached") == true)
    let status = try device.call(SyncStatus.self, NoParams())
    #expect(status.lastError == dead?.message)
    #expect(status.failedPasses == 1)
  }

  @Test("a task list removed on the server is a sentence that says to set sync up again, and nothing here is lost")
  func listRemoved() throws {
    let server = try Radicale()
    let device = try SyncDevice()
    try device.capture("keep me")
    _ = try device.setUp(server)
    _ = try server.dav.send("DELETE", URL(string: server.collection)!, accept: [200, 204])
    device.advance(60)
    try device.capture("and me")
    let gone = #expect(throws: StrideError.self) { try device.sync() }
    #expect(gone?.message.contains("HTTP 404") == true)
    #expect(gone?.message.contains("stride sync setup") == true)
    #expect(try device.tasks.map(\.title).sorted() == ["and me", "keep me"])
  }

  @Test("a server without a task list gets one made on request")
  func makesTaskList() throws {
    let server = try Radicale()
    _ = try server.dav.send("DELETE", URL(string: server.collection)!, accept: [200, 204])
    let device = try SyncDevice()
    try device.capture("the first task")
    let missing = #expect(throws: StrideError.self) { try device.setUp(server, url: server.root) }
    #expect(missing?.code == .syncNotSetUp)
    #expect(missing?.message.contains("--create") == true)
    let made = try device.call(SyncSetup.self, .init(url: server.root, user: Radicale.user, create: true))
    #expect(made.account.url == server.root + "alice/stride/")
    #expect(made.report?.sent == 1)
  }
}
