import Foundation
import StrideBase
import StrideCalendar
import StrideCore
import StrideWire

/// Reads calendars of events over the network, for the time they keep the person busy: the event calendars on a
/// sync account's CalDAV server, and subscriptions (an iCalendar file at an address). What `strided` hands the
/// daemon; every failure is a sentence that says Stride keeps the copy it read last.
public struct CalendarFetcher: CalendarFetching {
  /// How long one request may take (seconds) before it counts as no answer.
  let timeout: Double

  public init(timeout: Double = 30) {
    self.timeout = timeout
  }

  /// The calendar home is found as sync setup finds it (current-user-principal, then calendar-home-set); a server
  /// that names none has the account's task list in it, so the list's parent is read instead. A collection that
  /// declares no component set takes every component (RFC 4791), events too.
  public func eventCalendars(_ account: SyncAccount, password: String?) throws(StrideError) -> ServerCalendars {
    let start = try CalDAVConnector.url(account.url)
    let dav = DAVSession(base: start, user: account.user, password: password, timeout: timeout, advice: .calendars)
    var here = try dav.propfind(start, depth: 0, properties: DAVSession.homeProperties).first
    let (found, principal) = try dav.calendarHome(start: start, here: &here)
    let home = found ?? Self.parent(of: DAVPath.normal(start.path))
    let calendars = try dav.propfind(DAVPath.url(home, on: start), depth: 1, properties: Self.asked)
      .filter { $0.takesEvents && Self.trimmed($0.href) != Self.trimmed(home) }
      .map { ServerCalendar(url: DAVPath.url($0.href, on: start).absoluteString, name: Self.name(of: $0)) }
      .sorted { ($0.name.lowercased(), $0.url) < ($1.name.lowercased(), $1.url) }
    let addresses = try principal.map { principal throws(StrideError) in
      try dav.propfind(DAVPath.url(principal, on: start), depth: 0, properties: "<c:calendar-user-address-set/>")
        .first.map(Self.addresses) ?? []
    }
    return ServerCalendars(calendars: calendars, addresses: addresses ?? [])
  }

  /// The collection's CTag (else its sync token) is read first with a PROPFIND; when it is `validator`, nothing
  /// more is asked. Else every VEVENT resource is read with one calendar-query REPORT, without a time range: the
  /// reader expands recurrences itself. The tag is read before the events, so a change between the two is read
  /// again next time rather than missed.
  public func events(
    at url: String, account: SyncAccount, password: String?, validator: String?
  ) throws(StrideError) -> FetchedCalendar? {
    let address = try CalDAVConnector.url(url)
    let dav = DAVSession(base: address, user: account.user, password: password, timeout: timeout, advice: .calendars)
    let state = try dav.propfind(address, depth: 0, properties: "<cs:getctag/><d:sync-token/>").first
    let tag = [state?.properties["getctag"], state?.properties["sync-token"]].lazy.compactMap { $0?.trimmedText }
      .first { !$0.isEmpty }
    if let tag, tag == validator { return nil }
    let reply = try dav.send("REPORT", address, headers: ["Depth": "1"], body: Data(Self.query.utf8), accept: [207])
    let texts = try DAVSession.multistatus(reply, url: address, advice: .calendars).responses
      .sorted { $0.href < $1.href }
      .compactMap { $0.properties["calendar-data"]?.text.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty }
    return FetchedCalendar(text: texts.map { $0 + "\r\n" }.joined(), validator: tag)
  }

  private static let asked = "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/>"

  private static let query = """
    <?xml version="1.0" encoding="utf-8"?>
    <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
    <d:prop><d:getetag/><c:calendar-data/></d:prop>\
    <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter>\
    </c:calendar-query>
    """

  /// A calendar's display name, else the last segment of its path.
  static func name(of calendar: DAVResponse) -> String {
    if let name = calendar.properties["displayname"]?.trimmedText, !name.isEmpty { return name }
    return calendar.href.split(separator: "/").last.map(String.init) ?? calendar.href
  }

  /// `calendar-user-address-set`'s hrefs, without `mailto:`, lower-cased, each once.
  private static func addresses(_ principal: DAVResponse) -> [String] {
    var seen = Set<String>()
    return (principal.properties["calendar-user-address-set"]?.all("href") ?? []).compactMap { href in
      let address = EventReader.address(href.trimmedText)
      return address.isEmpty || !seen.insert(address).inserted ? nil : address
    }
  }

  /// The folder a path is in: `/alice/tasks/` → `/alice/`.
  static func parent(of path: String) -> String {
    let segments = path.split(separator: "/")
    return "/" + segments.dropLast().map { $0 + "/" }.joined()
  }

  private static func trimmed(_ path: String) -> String {
    path.hasSuffix("/") ? String(path.dropLast()) : path
  }
}
