import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCore
@testable import StrideJSON
@testable import StrideStore

/// An event calendar beside the task list on a real Radicale, read through the daemon as a person uses it: found by
/// itself and not counted, picked, fitted into `now`, kept when the server goes away, and its titles never sent back.
@Suite("Calendars on a sync server, through the daemon (Radicale)", .serialized)
struct CalendarServerDaemonTests {
  /// A title no task has, so finding it anywhere but the answers for this person is a leak.
  static let title = "Okafor dentist"

  /// Makes an event calendar called Work in alice's home, beside the task list, with the dentist at 09:40–10:10 on
  /// the clock's day and a weekly standup that begins the week before (its expansion is not asserted here).
  static func workCalendar(on server: Radicale) throws -> String {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
      <d:displayname>Work</d:displayname><c:supported-calendar-component-set><c:comp name="VEVENT"/>\
      </c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>
      """
    let address = server.root + "\(Radicale.user)/work/"
    _ = try server.dav.send("MKCALENDAR", URL(string: address)!, body: Data(body.utf8), accept: [201])
    let events = [
      CalendarDaemonTests.event("dentist@example.com", "20261121T094000Z", "20261121T101000Z", title),
      CalendarDaemonTests.event(
        "standup@example.com", "20261116T080000Z", "20261116T081500Z", "standup", ["RRULE:FREQ=WEEKLY;COUNT=4"]),
    ]
    for (index, event) in events.enumerated() {
      _ = try server.dav.send(
        "PUT", URL(string: address + "event\(index).ics")!, headers: ["Content-Type": "text/calendar"],
        body: Data(CalendarDaemonTests.calendar([event]).utf8), accept: [201])
    }
    return address
  }

  /// A daemon at 09:00 UTC on Saturday 21 November that reads calendars over the network, with two tasks, synced
  /// with the server's task list.
  static func daemon(_ server: Radicale) throws -> Dispatcher {
    let clock = TestClock(Fixtures.now)
    let dispatcher = TestDispatcher.make(
      store: try Fixtures.store().0, clock: { clock.now }, environment: ["STRIDE_SYNC_PASSWORD": Radicale.password],
      calendarFetcher: CalendarFetcher(timeout: 2))
    for text in ["write the grant proposal ~90m", "reply to the landlord ~10m"] {
      _ = CalendarDaemonTests.result(dispatcher, "task.capture", #"{"text":"\#(text)"}"#)
    }
    let setUp = CalendarDaemonTests.call(
      dispatcher, "sync.setup", #"{"url":"\#(server.collection)","user":"\#(Radicale.user)"}"#)
    #expect(setUp?["result"] != nil, "\(String(describing: setUp))")
    return dispatcher
  }

  static func only(_ calendars: JSONValue?) throws -> JSONValue {
    guard case .array(let all)? = calendars?["calendars"], all.count == 1 else {
      throw StrideError.invalid("not one calendar: \(String(describing: calendars))")
    }
    return all[0]
  }

  @Test("found on the server not counted, picked, fitted into now; not removed but ignored; kept when it goes away")
  func serverCalendar() throws {
    let server = try Radicale()
    defer { server.stop() }
    let address = try Self.workCalendar(on: server)
    let dispatcher = try Self.daemon(server)
    defer { dispatcher.close() }

    let found = try Self.only(CalendarDaemonTests.result(dispatcher, "calendars.refresh"))
    #expect(found["name"] == .string("Work") && found["kind"] == .string("server"), "\(found)")
    #expect(found["location"] == .string(address) && found["counts"] == .bool(false), "\(found)")
    #expect(CalendarDaemonTests.result(dispatcher, "now.list")?["calendar"] == nil, "not counted, it takes no time")

    let picked = CalendarDaemonTests.result(dispatcher, "calendars.count", #"{"name":"work","counts":true}"#)
    #expect(picked?["counts"] == .bool(true) && picked?["readAt"] != nil, "\(String(describing: picked))")
    #expect(picked?["problem"] == nil, "\(String(describing: picked))")
    let now = CalendarDaemonTests.result(dispatcher, "now.list")
    #expect(now?["calendar"]?["sentence"] == .string("You have 40 minutes before '\(Self.title)' at 09:40."))
    #expect(now?["calendar"]?["fitted"] == .bool(true))

    let removed = CalendarDaemonTests.call(dispatcher, "calendars.remove", #"{"name":"Work"}"#)
    guard case .string(let refusal)? = removed?["error"]?["message"] else {
      Issue.record("a server calendar was removed: \(String(describing: removed))")
      return
    }
    #expect(refusal.contains("stride calendars ignore Work"), "\(refusal)")

    server.stop()
    let kept = try Self.only(CalendarDaemonTests.result(dispatcher, "calendars.refresh"))
    guard case .string(let problem)? = kept["problem"] else {
      Issue.record("no problem said: \(kept)")
      return
    }
    #expect(problem.contains("could not be reached") && problem.contains("copy it read last"), "\(problem)")
    #expect(kept["name"] == .string("Work") && kept["counts"] == .bool(true), "still listed and counted: \(kept)")
    let still = CalendarDaemonTests.result(dispatcher, "now.list")
    #expect(still?["calendar"]?["minutes"] == .integer(40) && still?["calendar"]?["fitted"] == .bool(true))
  }

  @Test("no event title reaches the server's task list or the history")
  func titlesStayHere() throws {
    let server = try Radicale()
    defer { server.stop() }
    _ = try Self.workCalendar(on: server)
    let dispatcher = try Self.daemon(server)
    defer { dispatcher.close() }
    _ = CalendarDaemonTests.result(dispatcher, "calendars.refresh")
    _ = CalendarDaemonTests.result(dispatcher, "calendars.count", #"{"name":"Work","counts":true}"#)
    // What a person does around the event: looks at now, finishes a task, captures one, syncs.
    #expect("\(String(describing: CalendarDaemonTests.result(dispatcher, "now.list")))".contains(Self.title))
    _ = CalendarDaemonTests.result(dispatcher, "task.complete", #"{"id":2}"#)
    _ = CalendarDaemonTests.result(dispatcher, "task.capture", #"{"text":"call the plumber ~15m"}"#)
    let synced = CalendarDaemonTests.call(dispatcher, "sync.run")
    #expect(synced?["result"] != nil, "\(String(describing: synced))")

    let sent = try server.hrefs().map { try server.get($0) }
    #expect(sent.count == 3, "the three tasks went to the server")
    #expect(sent.contains { $0.contains("call the plumber") })
    for text in sent { #expect(!text.contains(Self.title) && !text.contains("Okafor"), "\(text)") }
    // Nothing anywhere in the server's storage but the event calendar itself holds the title.
    let storage = server.folder + "/collections"
    let files = FileManager.default.enumerator(atPath: storage)?.compactMap { $0 as? String } ?? []
    #expect(files.contains { $0.contains("tasks/") && $0.hasSuffix(".ics") }, "\(files)")
    for file in files where !file.contains("\(Radicale.user)/work") {
      let text = (try? String(contentsOfFile: storage + "/" + file, encoding: .utf8)) ?? ""
      #expect(!text.contains("Okafor"), "\(file)")
    }
    let log = CalendarDaemonTests.result(dispatcher, "history.log", #"{"limit":100}"#)
    #expect(!"\(String(describing: log))".contains("Okafor"))
  }
}
