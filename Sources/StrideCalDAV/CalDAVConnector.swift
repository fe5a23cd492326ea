import Foundation
import StrideBase
import StrideCore
import StrideModel
import StrideProtocol
import StrideWire

/// Finds a task collection on a CalDAV server and opens it for sync passes: what `strided` hands the daemon.
public struct CalDAVConnector: SyncConnector {
  /// How long one request may take (seconds) before it counts as no answer.
  let timeout: Double

  public init(timeout: Double = 30) {
    self.timeout = timeout
  }

  public func collection(_ account: SyncAccount, password: String?) throws(StrideError) -> any SyncCollection {
    let url = try Self.url(account.url)
    return CalDAVCollection(
      url: url, dav: DAVSession(base: url, user: account.user, password: password, timeout: timeout))
  }

  /// The address may be the collection itself, or the server (or the user's principal, or calendar home): then the
  /// collections are discovered as RFC 4791 and RFC 6764 describe (current-user-principal, calendar-home-set, the
  /// calendars whose supported-calendar-component-set has VTODO). Each says whose it is, in any of the ways servers
  /// say it (see `DAVResponse.sharedBy`), so a list another person shared is known as theirs.
  public func discover(_ params: SyncSetup.Params, password: String?) throws(StrideError) -> [SyncAccount] {
    let start = try Self.url(params.url)
    let dav = DAVSession(base: start, user: params.user, password: password, timeout: timeout)
    var here = try dav.propfind(
      start, depth: 0, properties: Self.asked + DAVSession.homeProperties
    ).first
    let me = here?.href("current-user-principal")
    if let found = here, found.isCalendar {
      guard found.takesTasks else {
        throw StrideError(
          .syncNotSetUp,
          "\(params.url) is a calendar of events, not a task list; give the address of a task list, or the "
            + "server's address to find one")
      }
      // Whether the server names owners at all, asked of the folder the list is in only when it named none; when
      // that cannot be asked, the list is taken as shared (the safe side: nothing of the person's own goes to it).
      let namesOwners =
        found.ownerless
        && ((try? dav.propfind(start.deletingLastPathComponent(), depth: 0, properties: "<d:owner/>")).map {
          $0.first?.href("owner") != nil
        } ?? true)
      return [account(params, url: start, found, me: me, namesOwners: namesOwners)]
    }
    let (home, principal) = try calendarHome(params, start: start, here: &here, dav: dav)
    let listing = try dav.propfind(DAVPath.url(home, on: start), depth: 1, properties: Self.asked)
    let namesOwners = listing.contains { $0.href("owner") != nil }
    return listing.filter { $0.takesTasks && $0.href != home }.map {
      account(params, url: DAVPath.url($0.href, on: start), $0, me: me ?? principal, namesOwners: namesOwners)
    }
  }

  /// Makes a task list called `name` in the calendar home, with MKCALENDAR.
  public func make(_ name: String, _ params: SyncSetup.Params, password: String?) throws(StrideError) -> SyncAccount {
    let start = try Self.url(params.url)
    let dav = DAVSession(base: start, user: params.user, password: password, timeout: timeout)
    var here = try dav.propfind(start, depth: 0, properties: DAVSession.homeProperties).first
    let (home, _) = try calendarHome(params, start: start, here: &here, dav: dav)
    let slug = StrideTask.listName(fromDisplayName: name) ?? "stride"
    let created = DAVPath.url((home.hasSuffix("/") ? home : home + "/") + slug + "/", on: start)
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
      <d:displayname>\(name.markupEscaped)</d:displayname>\
      <c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>\
      </d:prop></d:set></c:mkcalendar>
      """
    _ = try dav.send("MKCALENDAR", created, body: Data(body.utf8), accept: [200, 201])
    return SyncAccount(
      url: created.absoluteString, user: params.user, passwordCommand: params.passwordCommand,
      insecure: params.insecure, name: name)
  }

  /// What discovery asks of each collection: what it is, its name, and every way a server says whose it is.
  private static let asked =
    "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/>" + DAVResponse.sharingProperties

  /// The account's calendar home (and its principal), or a sentence saying none was found.
  private func calendarHome(
    _ params: SyncSetup.Params, start: URL, here: inout DAVResponse?, dav: DAVSession
  ) throws(StrideError) -> (home: String, principal: String?) {
    let (home, principal) = try dav.calendarHome(start: start, here: &here)
    guard let home else {
      throw StrideError(
        .syncNotSetUp,
        "no calendars were found at \(params.url) for \(params.user ?? "this account"); give the address of a task "
          + "list (a CalDAV calendar URL)")
    }
    return (home, principal)
  }

  private func account(
    _ params: SyncSetup.Params, url: URL, _ found: DAVResponse, me: String?, namesOwners: Bool
  ) -> SyncAccount {
    let name = found.properties["displayname"]?.trimmedText
    let owner = found.sharedBy(me: me, namesOwners: namesOwners)
    return SyncAccount(
      url: url.absoluteString, user: params.user, passwordCommand: params.passwordCommand, insecure: params.insecure,
      name: name?.isEmpty == false ? name : nil, owner: owner)
  }

  static func url(_ text: String) throws(StrideError) -> URL {
    guard let url = URL(string: text), url.host != nil else {
      throw StrideError.invalid("'\(text)' is not a server address; give one like https://dav.example.com/")
    }
    return url
  }
}
