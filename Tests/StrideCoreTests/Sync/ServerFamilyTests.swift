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

/// What sets one server implementation apart from another, by family, each played by FaultProxy in front of every
/// real server here (or shown by the real servers themselves): no `sync-collection`, a server that rewrites what it
/// stores, PROPFIND without `getetag`, a home named only at the principal, strict validation, and collections that
/// hold events beside tasks (Docs/sync.md, "Servers").
@Suite("Sync with each family of server")
struct ServerFamilyTests {
  @Test("without sync-collection the ETags are compared, and everything converges", arguments: ServerKind.here)
  func noSyncCollection(_ kind: ServerKind) throws {
    let server = try kind.start()
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 11)
    defer { proxy.stop() }
    proxy.schedule.hideSyncCollection = true
    try converges(server, proxy)
    #expect(proxy.tally.hidden > 0)
  }

  @Test("a server that rewrites what it stores is not answered with the same task again", arguments: ServerKind.here)
  func rewritesWhatItStores(_ kind: ServerKind) throws {
    let server = try kind.start()
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 12)
    defer { proxy.stop() }
    proxy.schedule.rewriteStored = true
    try converges(server, proxy)
    // What the server added stays through Stride's edits of the rewritten tasks.
    for href in try server.hrefs() {
      #expect(ICalendarReader.unfold(try server.get(href)).contains("X-SERVER-STORED:rewritten"), "\(href)")
    }
  }

  @Test("a PROPFIND without getetag still finds what changed, and nothing is sent twice", arguments: ServerKind.here)
  func noETags(_ kind: ServerKind) throws {
    let server = try kind.start()
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 13)
    defer { proxy.stop() }
    proxy.schedule.hideSyncCollection = true
    proxy.schedule.hideETags = true
    try converges(server, proxy)
  }

  @Test("set-up from the root follows current-user-principal to calendar-home-set", arguments: ServerKind.here)
  func principalOnly(_ kind: ServerKind) throws {
    let server = try kind.start()
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 14)
    defer { proxy.stop() }
    proxy.schedule.principalOnly = true
    let device = try SyncDevice()
    let found = try device.setUp(fromAnyAddress: proxy.url(for: server.root), server)
    #expect(found.account.url == proxy.url(for: server.collection))
    #expect(found.account.name == "Tasks")
  }

  @Test(
    "a strict server's 415 or 403 with a body is that task's problem, in the server's words",
    arguments: ServerKind.here, [415, 403])
  func strict(_ kind: ServerKind, status: Int) throws {
    let server = try kind.start()
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 15)
    defer { proxy.stop() }
    let words = "the calendar data is not valid"
    proxy.schedule.strict = (
      marker: "odd glyph", status: status,
      body: #"<d:error xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><c:valid-calendar-data/>"#
        + "<s:message xmlns:s=\"http://sabredav.org/ns\">\(words)</s:message></d:error>"
    )
    let device = try SyncDevice()
    _ = try device.setUp(server, url: proxy.url(for: server.collection))
    let odd = try device.capture("buy the odd glyph stamp")
    try device.capture("call the bank")
    let report = try device.sync()
    #expect(report.sent == 1)
    #expect(
      report.notes.contains {
        $0.contains("task \(odd.id) (buy the odd glyph stamp)") && $0.contains("HTTP \(status)")
      },
      "\(report.notes)")
    #expect(try server.hrefs().count == 1)
    proxy.schedule.strict = nil
    #expect(try device.sync().sent == 1)
    #expect(try device.sync() == SyncReport())
  }

  @Test(
    "in a calendar of events and tasks, the tasks sync and the events are left as they are", arguments: ServerKind.here)
  func eventsBesideTasks(_ kind: ServerKind) throws {
    let server = try kind.start()
    let mixed = try server.makeList("mixed", name: "Everything", components: ["VEVENT", "VTODO"])
    let event =
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Calendar//EN", "BEGIN:VEVENT", "UID:dentist",
        "DTSTAMP:20261120T100000Z", "DTSTART:20261201T090000Z", "DTEND:20261201T100000Z", "SUMMARY:dentist",
        "END:VEVENT", "END:VCALENDAR",
      ].joined(separator: "\r\n") + "\r\n"
    try server.put("dentist.ics", event, in: mixed)
    try Phone(server: server, list: mixed).write("phone-1", ["SUMMARY:renew library card"])
    let device = try SyncDevice()
    try device.capture("buy stamps")
    let setUp = try device.setUp(server, url: mixed)
    #expect(setUp.report?.received == 1)
    #expect(setUp.report?.sent == 1)
    #expect(try device.tasks.map(\.title).sorted() == ["buy stamps", "renew library card"])
    _ = try device.call(Wire.TaskComplete.self, .init(id: try device.task("renew library card").id))
    try device.sync()
    #expect(try device.sync() == SyncReport())
    let dentist = try #require(try server.hrefs(in: mixed).first { $0.hasSuffix("dentist.ics") })
    #expect(try server.get(dentist).contains("SUMMARY:dentist"))
    #expect(try server.hrefs(in: mixed).count == 3)
  }

  /// Two devices through `proxy`: captures with steps, a rename, a done and a delete each way end the same on both,
  /// nothing doubles, and a pass once both agree writes nothing.
  private func converges(_ server: any CalDAVServer, _ proxy: FaultProxy) throws {
    let (a, b) = (try SyncDevice(), try SyncDevice())
    try a.capture("write report: outline, draft")
    try a.capture("pay the bills")
    #expect(try a.setUp(server, url: proxy.url(for: server.collection)).report?.sent == 2)
    #expect(try b.setUp(server, url: proxy.url(for: server.collection)).report?.received == 2)
    a.advance(60)
    b.advance(60)
    _ = try b.call(Wire.TaskUpdate.self, .init(id: try b.task("pay the bills").id, title: "pay the gas bill"))
    _ = try a.call(Wire.SubtaskComplete.self, .init(id: try a.task("write report").id, index: 1))
    try b.capture("book the train")
    try a.sync()
    try b.sync()
    try a.sync()
    for device in [a, b] {
      #expect(try device.tasks.map(\.title).sorted() == ["book the train", "pay the gas bill", "write report"])
      #expect(try device.task("write report").subtasks.map(\.done) == [true, false])
    }
    a.advance(60)
    _ = try a.call(Wire.TaskDelete.self, .init(id: try a.task("book the train").id))
    _ = try b.call(Wire.TaskComplete.self, .init(id: try b.task("pay the gas bill").id))
    try a.sync()
    try b.sync()
    try a.sync()
    for device in [a, b] {
      #expect(try device.tasks.map(\.title).sorted() == ["pay the gas bill", "write report"])
      #expect(try device.task("pay the gas bill").status == .completed)
    }
    #expect(try server.hrefs().count == 4)
    let writes = proxy.requests("PUT") + proxy.requests("DELETE")
    #expect(try a.sync() == SyncReport())
    #expect(try b.sync() == SyncReport())
    #expect(proxy.requests("PUT") + proxy.requests("DELETE") == writes)
  }
}
