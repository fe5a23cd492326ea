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

/// The scenarios a person meets, run against every server implementation installed here (Radicale, sabre/dav,
/// Xandikos): set-up from any address, steps, done, rename and delete both ways, a second device, a phone's edits,
/// nothing doubled and nothing sent once both sides agree. Each test starts its own server.
@Suite("Sync with every server")
struct SyncServersTests {
  @Test(
    "set-up from the root, the principal, the home and the list finds the one list; nothing doubles",
    arguments: ServerKind.here)
  func setUpFromAnyAddress(_ kind: ServerKind) throws {
    let server = try kind.start()
    let a = try SyncDevice()
    try a.capture("water the plants")
    let found = try a.setUp(fromAnyAddress: server.root, server)
    #expect(found.account.url == server.collection)
    #expect(found.account.name == "Tasks")
    #expect(found.report?.sent == 1)
    let principal = try #require(
      try server.dav.propfind(URL(string: server.root)!, depth: 0, properties: "<d:current-user-principal/>")
        .first?.href("current-user-principal"))
    let home = try #require(
      try server.dav.propfind(
        DAVPath.url(principal, on: URL(string: server.root)!), depth: 0, properties: "<c:calendar-home-set/>"
      ).first?.href("calendar-home-set"))
    for address in [principal, home].map({ DAVPath.url($0, on: URL(string: server.root)!).absoluteString }) {
      let device = try SyncDevice()
      let setUp = try device.setUp(fromAnyAddress: address, server)
      #expect(setUp.account.url == server.collection, "from \(address)")
      #expect(setUp.report?.received == 1, "from \(address)")
    }
    let b = try SyncDevice()
    #expect(try b.setUp(server).report?.received == 1)
    #expect(try server.hrefs().count == 1)
    #expect(try a.sync() == SyncReport())
    #expect(try b.sync() == SyncReport())
  }

  @Test(
    "steps arrive as child tasks; a step done on the second device is done on the first", arguments: ServerKind.here)
  func steps(_ kind: ServerKind) throws {
    let server = try kind.start()
    let (a, b) = (try SyncDevice(), try SyncDevice())
    try a.capture("write report by friday ~2h !high: outline, draft, send")
    #expect(try a.setUp(server).report?.sent == 1)
    #expect(try b.setUp(server).report?.received == 1)
    let report = try b.task("write report")
    #expect(report.subtasks.map(\.title) == ["outline", "draft", "send"])
    #expect(report.due == (try a.task("write report")).due)
    #expect(try server.hrefs().count == 4)
    b.advance(60)
    _ = try b.call(Wire.SubtaskComplete.self, .init(id: report.id, index: 2))
    #expect(try b.sync().sent == 1)
    #expect(try a.sync().received == 1)
    #expect(try a.task("write report").subtasks.map(\.done) == [false, true, false])
    #expect(try a.sync() == SyncReport())
    #expect(try b.sync() == SyncReport())
  }

  @Test("done, rename and delete go both ways, and a pass once both agree sends nothing", arguments: ServerKind.here)
  func doneRenameDelete(_ kind: ServerKind) throws {
    let server = try kind.start()
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 1)
    let (a, b) = (try SyncDevice(), try SyncDevice())
    for title in ["pay the bills", "book the train", "renew passport", "call mum"] { try a.capture(title) }
    _ = try a.setUp(server, url: proxy.url(for: server.collection))
    _ = try b.setUp(server)
    a.advance(60)
    b.advance(60)
    _ = try a.call(Wire.TaskComplete.self, .init(id: try a.task("pay the bills").id))
    _ = try b.call(Wire.TaskComplete.self, .init(id: try b.task("book the train").id))
    _ = try a.call(Wire.TaskUpdate.self, .init(id: try a.task("renew passport").id, title: "renew the passport"))
    _ = try b.call(Wire.TaskUpdate.self, .init(id: try b.task("call mum").id, title: "call mum on sunday"))
    try a.sync()
    try b.sync()
    try a.sync()
    for device in [a, b] {
      #expect(try device.task("pay the bills").status == .completed)
      #expect(try device.task("book the train").status == .completed)
      #expect(
        try device.tasks.map(\.title).sorted() == [
          "book the train", "call mum on sunday", "pay the bills", "renew the passport",
        ])
    }
    // A task made on the second device and deleted on the first, once it arrived there, is deleted on both: a
    // server that reports changes as the difference of two states (Xandikos) leaves it out of the changes since the
    // token the second device read before sending it.
    try b.capture("call the plumber")
    try b.sync()
    try a.sync()
    _ = try a.call(Wire.TaskDelete.self, .init(id: try a.task("pay the bills").id))
    _ = try a.call(Wire.TaskDelete.self, .init(id: try a.task("call the plumber").id))
    _ = try b.call(Wire.TaskDelete.self, .init(id: try b.task("call mum on sunday").id))
    #expect(try a.sync().deletedThere == 2)
    let there = try b.sync()
    #expect(there.deletedThere == 1)
    #expect(there.deletedHere == 2)
    #expect(try a.sync().deletedHere == 1)
    for device in [a, b] {
      #expect(try device.tasks.map(\.title).sorted() == ["book the train", "renew the passport"])
    }
    #expect(try server.hrefs().count == 2)
    let writes = proxy.requests("PUT") + proxy.requests("DELETE")
    #expect(try a.sync() == SyncReport())
    #expect(try b.sync() == SyncReport())
    #expect(proxy.requests("PUT") + proxy.requests("DELETE") == writes)
  }

  @Test(
    "a phone's new task, edit and delete arrive; what it wrote that Stride does not know stays",
    arguments: ServerKind.here)
  func phoneEdits(_ kind: ServerKind) throws {
    let server = try kind.start()
    let device = try SyncDevice()
    try device.capture("buy milk")
    _ = try device.setUp(server)
    let phone = Phone(server: server)
    try phone.write("phone-1", ["SUMMARY:renew library card", "DUE;VALUE=DATE:20261130", "X-APPLE-SORT-ORDER:77"])
    #expect(try device.sync().received == 1)
    #expect(try device.task("renew library card").due == Fixtures.at("2026-11-30T23:59:59Z"))

    // The phone renames Stride's task, adding its own sort order, as iOS Reminders does.
    let milk = try #require(try server.hrefs().first { !$0.hasSuffix("phone-1.ics") })
    try phone.edit(milk) {
      $0.replacingOccurrences(of: "SUMMARY:buy milk", with: "SUMMARY:buy oat milk\r\nX-APPLE-SORT-ORDER:5")
    }
    #expect(try device.sync().received == 1)
    let oat = try device.task("buy oat milk")
    device.advance(60)
    _ = try device.call(Wire.TaskUpdate.self, .init(id: oat.id, energy: .low))
    #expect(try device.sync().sent == 1)
    let lines = ICalendarReader.unfold(try server.get(milk))
    #expect(lines.contains("X-APPLE-SORT-ORDER:5"))
    #expect(lines.contains("X-STRIDE-ENERGY:low"))

    try server.delete(try #require(try server.hrefs().first { $0.hasSuffix("phone-1.ics") }))
    #expect(try device.sync().deletedHere == 1)
    #expect(try device.tasks.map(\.title) == ["buy oat milk"])
    #expect(try device.sync() == SyncReport())
    #expect(try server.hrefs().count == 1)
  }
}

extension SyncDevice {
  /// Sets sync up from any address on `server`. Where the server has more than one task list for the account (the
  /// calendar of events and tasks Xandikos makes beside the task list), the person is asked which, and chooses Tasks.
  func setUp(fromAnyAddress address: String, _ server: some CalDAVServer) throws -> SyncSetup.Result {
    do {
      return try setUp(server, url: address)
    } catch let error as StrideError where error.message.contains("task lists for this account") {
      return try call(SyncSetup.self, .init(url: address, user: server.user, lists: ["Tasks"]))
    }
  }
}

/// A phone's task app, as DAVx⁵ with Tasks.org or iOS Reminders write: whole resources of its own, and edits of
/// Stride's that keep what they do not know.
struct Phone {
  let server: any CalDAVServer
  /// The list it writes to (the one the tests sync through, unless another is named).
  var list: String? = nil

  /// Writes a new task with `uid` and `properties` (besides UID and DTSTAMP).
  func write(_ uid: String, _ properties: [String]) throws {
    let lines =
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-130804//EN", "BEGIN:VTODO", "UID:\(uid)",
        "DTSTAMP:20261120T100000Z",
      ] + properties + ["END:VTODO", "END:VCALENDAR"]
    try server.put(uid + ".ics", lines.joined(separator: "\r\n") + "\r\n", in: list)
  }

  /// Reads a resource, changes its text and writes it back.
  func edit(_ href: String, _ change: (String) -> String) throws {
    let text = change(try server.get(href))
    _ = try server.dav.send(
      "PUT", DAVPath.url(href, on: URL(string: server.root)!), headers: ["Content-Type": "text/calendar"],
      body: Data(text.utf8), accept: [201, 204])
  }
}
