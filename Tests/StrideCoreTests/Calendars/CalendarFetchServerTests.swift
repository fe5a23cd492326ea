import Foundation
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCalendar
@testable import StrideCore
@testable import StrideWire

/// The event calendars beside a sync account's task list on a real Radicale: which ones Stride offers, and their
/// events as read, read again unchanged, and read after a change.
@Suite("Event calendars on a CalDAV server (Radicale)", .serialized)
struct CalendarFetchServerTests {
  static let account = SyncAccount(
    url: "", user: Radicale.user, passwordCommand: nil, insecure: nil, name: "Tasks")

  static let standup = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Test//Events//EN\r
    BEGIN:VEVENT\r
    UID:standup@example.com\r
    DTSTART:20261130T090000Z\r
    DTEND:20261130T091500Z\r
    RRULE:FREQ=DAILY;COUNT=5\r
    EXDATE:20261202T090000Z\r
    SUMMARY:Standup\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:standup@example.com\r
    RECURRENCE-ID:20261203T090000Z\r
    DTSTART:20261203T100000Z\r
    DTEND:20261203T101500Z\r
    SUMMARY:Standup (moved)\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

  static func single(_ uid: String, _ summary: String) -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Test//Events//EN\r
    BEGIN:VEVENT\r
    UID:\(uid)\r
    DTSTART:20261204T150000Z\r
    DTEND:20261204T160000Z\r
    SUMMARY:\(summary)\r
    END:VEVENT\r
    END:VCALENDAR\r

    """
  }

  /// Makes a calendar in alice's home that takes `components` (none named: it declares no set); its address.
  func makeCalendar(_ server: Radicale, _ path: String, name: String?, components: [String]) throws -> String {
    let set =
      components.isEmpty
      ? ""
      : "<c:supported-calendar-component-set>"
        + components.map { "<c:comp name=\"\($0)\"/>" }.joined() + "</c:supported-calendar-component-set>"
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
      \(name.map { "<d:displayname>\($0)</d:displayname>" } ?? "")\(set)</d:prop></d:set></c:mkcalendar>
      """
    let address = server.root + "\(Radicale.user)/\(path)/"
    _ = try server.dav.send("MKCALENDAR", URL(string: address)!, body: Data(body.utf8), accept: [201])
    return address
  }

  func put(_ server: Radicale, _ address: String, _ text: String) throws {
    _ = try server.dav.send(
      "PUT", URL(string: address)!, headers: ["Content-Type": "text/calendar"], body: Data(text.utf8),
      accept: [201, 204])
  }

  func account(_ server: Radicale) -> SyncAccount {
    var account = Self.account
    account.url = server.collection
    return account
  }

  @Test("the event calendars are offered with their names, the task list is not, and the account's addresses")
  func listsEventCalendars() throws {
    let server = try Radicale()
    let work = try makeCalendar(server, "work", name: "Work", components: ["VEVENT"])
    let family = try makeCalendar(server, "family", name: nil, components: ["VEVENT", "VTODO"])
    let found = try CalendarFetcher().eventCalendars(account(server), password: Radicale.password)
    // Radicale names a calendar without a display name by its path.
    #expect(
      found.calendars == [ServerCalendar(url: family, name: "alice/family"), ServerCalendar(url: work, name: "Work")])
    #expect(!found.calendars.contains { $0.url == server.collection })
    // Radicale's calendar-user-address-set is the principal's own path (it keeps no e-mail address).
    #expect(found.addresses == ["/alice/"])
  }

  @Test("a calendar's events are read whole, unchanged is nil, and a new event is read after it is put")
  func readsEvents() throws {
    let server = try Radicale()
    let work = try makeCalendar(server, "work", name: "Work", components: ["VEVENT"])
    try put(server, work + "standup.ics", Self.standup)
    try put(server, work + "dentist.ics", Self.single("dentist@example.com", "Dentist"))
    let fetcher = CalendarFetcher()
    let first = try #require(
      try fetcher.events(at: work, account: account(server), password: Radicale.password, validator: nil))
    let calendars = try ICalendarReader.components(first.text).filter { $0.name == "VCALENDAR" }
    #expect(calendars.count == 2)
    let events = calendars.flatMap { $0.children.filter { $0.name == "VEVENT" } }
    #expect(events.compactMap { $0.first("SUMMARY")?.value }.sorted() == ["Dentist", "Standup", "Standup (moved)"])
    #expect(first.text.contains("EXDATE:20261202T090000Z"))
    #expect(first.text.contains("RECURRENCE-ID:20261203T090000Z"))
    let validator = try #require(first.validator)

    #expect(
      try fetcher.events(at: work, account: account(server), password: Radicale.password, validator: validator) == nil)

    try put(server, work + "review.ics", Self.single("review@example.com", "Quarterly review"))
    let second = try #require(
      try fetcher.events(at: work, account: account(server), password: Radicale.password, validator: validator))
    #expect(second.text.contains("SUMMARY:Quarterly review"))
    #expect(second.text.contains("SUMMARY:Dentist"))
    #expect(second.validator != validator)
  }

  @Test("a refused password is a sentence that says where to check it")
  func wrongPassword() throws {
    let server = try Radicale()
    #expect {
      try CalendarFetcher().eventCalendars(account(server), password: "wrong")
    } throws: { error in
      (error as? StrideError)?.message.hasPrefix("the server refused the password") == true
    }
  }

  @Test("a server that names no calendar home is read from the task list's folder; e-mail addresses are bare")
  func homeAndAddresses() throws {
    // Answers scripted as other servers write them, over real HTTP: one gives no principal and no home, the other a
    // principal whose addresses are mailto: and urn: ones.
    let server = try LoopbackServer { request in
      let answer: String? =
        switch request.path {
        case "/dav/alice/tasks/", "/dav/bob/tasks/":
          Self.response(
            request.path,
            request.path.hasPrefix("/dav/bob")
              ? "<d:current-user-principal><d:href>/principals/bob/"
                + "</d:href></d:current-user-principal>" : "")
        case "/principals/bob/":
          Self.response(
            request.path,
            "<c:calendar-home-set><d:href>/cal/bob/</d:href></c:calendar-home-set><c:calendar-user-address-set>"
              + "<d:href>mailto:Bob@Example.COM</d:href><d:href>MAILTO:bob@example.com</d:href>"
              + "<d:href>urn:uuid:1234</d:href></c:calendar-user-address-set>")
        case "/dav/alice/":
          [
            Self.response("/dav/alice/", "<d:resourcetype><d:collection/></d:resourcetype>"),
            Self.response("/dav/alice/tasks/", Self.calendar(name: "Tasks", components: "<c:comp name=\"VTODO\"/>")),
            Self.response("/dav/alice/meetings/", Self.calendar(name: "Meetings", components: nil)),
            Self.response("/dav/alice/files/", "<d:resourcetype><d:collection/></d:resourcetype>"),
          ].joined()
        case "/cal/bob/":
          Self.response("/cal/bob/", "<d:resourcetype><d:collection/></d:resourcetype>")
            + Self.response("/cal/bob/work/", Self.calendar(name: "Work", components: "<c:comp name=\"VEVENT\"/>"))
        default: nil
        }
      guard request.method == "PROPFIND", let answer else { return .reply(status: 404) }
      return .reply(
        status: 207, headers: [("Content-Type", "application/xml")],
        body: Data(
          ("<d:multistatus xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\">" + answer + "</d:multistatus>")
            .utf8))
    }
    defer { server.stop() }
    var alice = Self.account
    alice.url = server.url("/dav/alice/tasks/")
    let found = try CalendarFetcher().eventCalendars(alice, password: "secret")
    #expect(
      found
        == ServerCalendars(
          calendars: [ServerCalendar(url: server.url("/dav/alice/meetings/"), name: "Meetings")], addresses: []))
    var bob = Self.account
    bob.url = server.url("/dav/bob/tasks/")
    let bobs = try CalendarFetcher().eventCalendars(bob, password: "secret")
    #expect(bobs.calendars == [ServerCalendar(url: server.url("/cal/bob/work/"), name: "Work")])
    #expect(bobs.addresses == ["bob@example.com", "urn:uuid:1234"])
  }

  static func response(_ href: String, _ properties: String) -> String {
    "<d:response><d:href>\(href)</d:href><d:propstat><d:prop>\(properties)</d:prop>"
      + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
  }

  static func calendar(name: String, components: String?) -> String {
    "<d:resourcetype><d:collection/><c:calendar/></d:resourcetype><d:displayname>\(name)</d:displayname>"
      + (components.map { "<c:supported-calendar-component-set>\($0)</c:supported-calendar-component-set>" } ?? "")
  }

  @Test("a collection that names no components takes events; without a name it is called by its path's last segment")
  func components() throws {
    let xml = """
      <d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response><d:href>/a/any/</d:href>\
      <d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/></d:resourcetype></d:prop>\
      <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>
      """
    let any = try #require(DAVResponse.multistatus(Data(xml.utf8))?.responses.first)
    #expect(any.takesEvents && any.takesTasks)
    // Without a display name, the last segment of its path.
    #expect(CalendarFetcher.name(of: any) == "any")
    #expect(CalendarFetcher.parent(of: "/dav/alice/tasks/") == "/dav/alice/")
    #expect(CalendarFetcher.parent(of: "/tasks") == "/")
  }
}
