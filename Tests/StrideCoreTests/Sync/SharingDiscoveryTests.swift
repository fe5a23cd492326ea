import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideWire

/// The ways servers say a calendar is shared, each played by a FaultProxy in front of a real Radicale: bob's calendar
/// home holds his own "Chores" and (listed before it) a copy of alice's "Home" shared with him, and the proxy adds to the answers what
/// sabre/dav, Nextcloud, CalendarServer or a server of draft-pot-webdav-resource-sharing would say of them. Set-up
/// with `--all` must give bob's inbox his own list, the shared one a list of its own that says whose it is, and
/// upload nothing of bob's own into alice's.
@Suite("Shared calendars, as each server says it", .serialized)
struct SharingDiscoveryTests {
  struct Way: Sendable, CustomTestStringConvertible {
    var testDescription: String
    /// Properties added to the shared copy's answer (their namespaces declared in them).
    var shared: String
    /// Properties added to bob's own list's answer.
    var own = ""
    /// Who set-up says shared it.
    var owner: String

    static let all: [Way] = [
      Way(testDescription: "DAV:share-access read-write", shared: access("read-write"), owner: "another person"),
      Way(testDescription: "DAV:share-access read", shared: access("read"), owner: "another person"),
      Way(
        testDescription: "DAV:share-access shared-owner on bob's own, not-shared on the copy",
        shared: access("not-shared") + #"<owner xmlns="DAV:"><href>/alice/</href></owner>"#,
        own: access("shared-owner") + invite(owner: "/bob/", sharee: "/alice/"), owner: "alice"),
      Way(
        testDescription: "DAV:invite names the shared-owner",
        shared: invite(owner: "/alice/", sharee: "/bob/"), own: invite(owner: "/bob/", sharee: "/alice/"),
        owner: "alice"),
      Way(
        testDescription: "CalendarServer's invite with an organizer",
        shared: #"<invite xmlns="\#(cs)"><organizer><href xmlns="DAV:">/alice/</href>"#
          + #"<common-name>Alice</common-name></organizer><user><href xmlns="DAV:">/bob/</href>"#
          + #"<invite-accepted/><access><read-write/></access></user></invite>"#,
        own: #"<invite xmlns="\#(cs)"><user><href xmlns="DAV:">/alice/</href><access><read/></access></user>"#
          + "</invite>",
        owner: "alice"),
      Way(
        testDescription: "CalendarServer's shared-url",
        shared: #"<shared-url xmlns="\#(cs)"><href xmlns="DAV:">/alice/home/</href></shared-url>"#,
        own: #"<shared-url xmlns="\#(cs)"><href xmlns="DAV:">/bob/chores/</href></shared-url>"#, owner: "alice"),
      Way(
        testDescription: "CalendarServer's shared in resourcetype",
        shared: resourceType("shared"), own: resourceType("shared-owner"), owner: "another person"),
      Way(
        testDescription: "Nextcloud's owner-principal",
        shared: #"<owner-principal xmlns="http://owncloud.org/ns">principals/alice</owner-principal>"#,
        own: #"<owner-principal xmlns="http://owncloud.org/ns">principals/bob</owner-principal>"#, owner: "alice"),
      Way(
        testDescription: "sabre/dav 1's owner-principal",
        shared: #"<owner-principal xmlns="http://sabredav.org/ns">/alice/</owner-principal>"#, owner: "alice"),
      Way(
        testDescription: "DAV:owner another's than the home's",
        shared: #"<owner xmlns="DAV:"><href>/alice/</href></owner>"#, owner: "alice"),
    ]

    static let cs = "http://calendarserver.org/ns/"

    static func access(_ access: String) -> String { #"<share-access xmlns="DAV:"><\#(access)/></share-access>"# }

    static func invite(owner: String, sharee: String) -> String {
      #"<invite xmlns="DAV:"><sharee><href>\#(owner)</href><share-access><shared-owner/></share-access>"#
        + #"<invite-accepted/></sharee><sharee><href>\#(sharee)</href><share-access><read-write/></share-access>"#
        + "<invite-accepted/></sharee></invite>"
    }

    static func resourceType(_ kind: String) -> String {
      #"<resourcetype xmlns="DAV:"><collection/><calendar xmlns="urn:ietf:params:xml:ns:caldav"/>"#
        + #"<\#(kind) xmlns="\#(cs)"/></resourcetype>"#
    }
  }

  /// A rewrite that adds `properties` to the answer for `href`, as a propstat of their own (found) at the end of its
  /// response, so they are read after the server's own.
  static func adding(_ properties: String, to href: String) -> @Sendable (String) -> String {
    { text in
      guard !properties.isEmpty, let at = text.range(of: ">\(href)<"),
        let end = text.range(of: "response>", range: at.upperBound..<text.endIndex),
        let close = text.range(of: "</", options: .backwards, range: at.upperBound..<end.lowerBound)
      else { return text }
      var text = text
      text.insert(
        contentsOf: #"<propstat xmlns="DAV:"><prop>\#(properties)</prop><status>HTTP/1.1 200 OK</status></propstat>"#,
        at: close.lowerBound)
      return text
    }
  }

  static func bob(_ server: Radicale) -> DAVSession {
    DAVSession(base: URL(string: server.root)!, user: Radicale.partner, password: Radicale.partnerPassword)
  }

  /// The resources in one of bob's lists, as the server has them.
  static func hrefs(_ server: Radicale, _ path: String) throws -> [String] {
    try bob(server).propfind(URL(string: server.root + path)!, depth: 1, properties: "<d:getetag/>").map(\.href)
      .filter { $0.hasSuffix(".ics") }
  }

  /// Bob's two lists on a real Radicale, through a proxy that says what `way` says of them.
  static func bobsHome(_ way: Way) throws -> (Radicale, FaultProxy) {
    let server = try Radicale()
    let bob = bob(server)
    for (path, name) in [("alice-home", "Home"), ("chores", "Chores")] {
      _ = try bob.send(
        "MKCALENDAR", URL(string: server.root + "bob/\(path)/")!, body: Data(Radicale.mkcalendar(name, ["VTODO"]).utf8),
        accept: [201])
    }
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 1)
    let shared = adding(way.shared, to: "/bob/alice-home/")
    let own = adding(way.own, to: "/bob/chores/")
    proxy.schedule.rewritePropfind = { own(shared($0)) }
    return (server, proxy)
  }

  @Test(
    "set-up: the shared list never takes the inbox, says whose it is, and gets nothing of bob's own",
    arguments: Way.all)
  func sharedCopy(_ way: Way) throws {
    let (server, proxy) = try Self.bobsHome(way)
    let bob = try SyncDevice(password: Radicale.partnerPassword)
    try bob.capture("buy alice's birthday present")
    // The shared list alone first: the inbox syncs with nothing yet, and still does not take it.
    let first = try bob.call(
      SyncSetup.self, .init(url: proxy.url(for: server.root), user: Radicale.partner, lists: ["Home"]))
    #expect(first.lists.map(\.name) == ["home"])
    #expect(try Self.hrefs(server, "bob/alice-home/").isEmpty)
    let setUp = try bob.call(
      SyncSetup.self, .init(url: proxy.url(for: server.root), user: Radicale.partner, all: true))
    let lists = Dictionary(uniqueKeysWithValues: setUp.lists.map { ($0.name, $0.account) })
    #expect(lists["inbox"]??.url == proxy.url(for: server.root + "bob/chores/"))
    #expect(lists["inbox"]??.owner == nil)
    #expect(lists["home"]??.url == proxy.url(for: server.root + "bob/alice-home/"))
    #expect(lists["home"]??.owner == way.owner)
    #expect(try Self.hrefs(server, "bob/alice-home/").isEmpty)
    #expect(try Self.hrefs(server, "bob/chores/").count == 1)

    // A task of the shared list travels; bob's deferral of it and his pin stay his.
    let plants = try bob.capture("water the plants list:home")
    #expect(try bob.sync().sent == 1)
    let before = try Self.hrefs(server, "bob/alice-home/")
    _ = try bob.call(
      Wire.TaskDefer.self, .init(id: plants.id, reason: .noEnergy, until: Timestamp(bob.now.addingTimeInterval(86_400)))
    )
    _ = try bob.call(Wire.TaskPin.self, .init(id: plants.id, pinned: true))
    #expect(try bob.sync().sent == 0)
    #expect(try Self.hrefs(server, "bob/alice-home/") == before)
    #expect(try bob.call(ListsGet.self, NoParams()).lists.allSatisfy { $0.pending == 0 })
  }

  @Test("Radicale's own sharing: alice's list mapped into bob's home is hers, and bob's own tasks stay his")
  func radicaleSharing() throws {
    let server = try Radicale(sharing: true)
    let home = try server.makeList("home", name: "Home")
    let mapped = try server.share("home", as: "alice-home")
    let bob = try SyncDevice(password: Radicale.partnerPassword)
    try bob.capture("buy alice's birthday present")
    let setUp = try bob.call(SyncSetup.self, .init(url: server.root, user: Radicale.partner, lists: ["Home"]))
    #expect(setUp.lists.map(\.name) == ["home"])
    #expect(setUp.lists.first?.account?.url == mapped)
    #expect(setUp.lists.first?.account?.owner == "another person")
    try server.put("plants.ics", Self.todo("water the plants"), in: home)
    #expect(try bob.sync().received == 1)
    let plants = try bob.task("water the plants")
    #expect(plants.list == "home")
    #expect(try bob.task("buy alice's birthday present").list == "inbox")
    #expect(try server.hrefs(in: home) == ["/alice/home/plants.ics"])
    _ = try bob.call(
      Wire.TaskDefer.self, .init(id: plants.id, reason: .noEnergy, until: Timestamp(bob.now.addingTimeInterval(86_400)))
    )
    #expect(try bob.sync().sent == 0)
    #expect(!(try server.get("/alice/home/plants.ics")).contains("DTSTART"))
  }

  static func todo(_ title: String) -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//EN\r
    BEGIN:VTODO\r
    UID:\(title.replacingOccurrences(of: " ", with: "-"))\r
    DTSTAMP:20261120T090000Z\r
    SUMMARY:\(title)\r
    END:VTODO\r
    END:VCALENDAR\r

    """
  }
}
