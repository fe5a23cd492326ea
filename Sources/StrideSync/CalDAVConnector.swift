import Foundation
import StrideCore
import StrideModel
import StrideProtocol

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
  /// collection is discovered as RFC 4791 and RFC 6764 describe (current-user-principal, calendar-home-set, a
  /// calendar whose supported-calendar-component-set has VTODO), and made with MKCALENDAR when asked.
  public func setUp(_ params: SyncSetup.Params, password: String?) throws(StrideError) -> SyncAccount {
    let start = try Self.url(params.url)
    let dav = DAVSession(base: start, user: params.user, password: password, timeout: timeout)
    let asked = "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/>"
    var here = try dav.propfind(
      start, depth: 0, properties: asked + "<d:current-user-principal/><c:calendar-home-set/>"
    ).first
    if let found = here, found.isCalendar {
      guard found.takesTasks else {
        throw StrideError(
          .syncNotSetUp,
          "\(params.url) is a calendar of events, not a task list; give the address of a task list, or the "
            + "server's address to find one")
      }
      return account(params, url: start, name: found.properties["displayname"]?.trimmedText)
    }
    // The server, the principal or the calendar home: find the home.
    var home = here?.href("calendar-home-set")
    if home == nil, here?.href("current-user-principal") == nil, start.path.isEmpty || start.path == "/" {
      // RFC 6764: a server may point to its CalDAV root from /.well-known/caldav.
      here =
        try? dav.propfind(
          DAVPath.url("/.well-known/caldav", on: start), depth: 0, properties: "<d:current-user-principal/>"
        ).first
    }
    if home == nil, let principal = here?.href("current-user-principal") {
      home = try dav.propfind(DAVPath.url(principal, on: start), depth: 0, properties: "<c:calendar-home-set/>")
        .first?.href("calendar-home-set")
    }
    guard let home else {
      throw StrideError(
        .syncNotSetUp,
        "no calendars were found at \(params.url) for \(params.user ?? "this account"); give the address of a task "
          + "list (a CalDAV calendar URL)")
    }
    let homeURL = DAVPath.url(home, on: start)
    let lists = try dav.propfind(homeURL, depth: 1, properties: asked).filter { $0.takesTasks && $0.href != home }
    // A list named Stride first, then one only for tasks, then any that takes tasks.
    let chosen =
      lists.first { $0.properties["displayname"]?.trimmedText.lowercased() == "stride" }
      ?? lists.first { $0.components == ["VTODO"] } ?? lists.first
    if let chosen {
      return account(
        params, url: DAVPath.url(chosen.href, on: start), name: chosen.properties["displayname"]?.trimmedText)
    }
    guard params.create == true else {
      throw StrideError(
        .syncNotSetUp,
        "the server has no task list for \(params.user ?? "this account") at \(homeURL.absoluteString); "
          + "make one with: stride sync setup \(params.url) --create")
    }
    return account(params, url: try makeList(in: home, on: start, dav: dav), name: "Stride")
  }

  /// Makes a task list named Stride in the calendar home, with MKCALENDAR; its address.
  private func makeList(in home: String, on start: URL, dav: DAVSession) throws(StrideError) -> URL {
    let created = DAVPath.url((home.hasSuffix("/") ? home : home + "/") + "stride/", on: start)
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
      <d:displayname>Stride</d:displayname>\
      <c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>\
      </d:prop></d:set></c:mkcalendar>
      """
    _ = try dav.send("MKCALENDAR", created, body: Data(body.utf8), accept: [200, 201])
    return created
  }

  private func account(_ params: SyncSetup.Params, url: URL, name: String?) -> SyncAccount {
    SyncAccount(
      url: url.absoluteString, user: params.user, passwordCommand: params.passwordCommand, insecure: params.insecure,
      name: name?.isEmpty == false ? name : nil)
  }

  static func url(_ text: String) throws(StrideError) -> URL {
    guard let url = URL(string: text), url.host != nil else {
      throw StrideError.invalid("'\(text)' is not a server address; give one like https://dav.example.com/")
    }
    return url
  }
}
