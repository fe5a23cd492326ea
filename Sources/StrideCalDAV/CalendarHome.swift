import Foundation
import StrideBase

extension DAVSession {
  /// What to ask of an address to find the calendar home from it.
  static let homeProperties = "<d:current-user-principal/><c:calendar-home-set/>"

  /// The calendar home (and the principal) reached from `start`, whose PROPFIND of `homeProperties` is `here`:
  /// `start` may be the server, the user's principal or the home itself. When `start` says neither, the server's
  /// `/.well-known/caldav` is asked (RFC 6764); `here` becomes what answered. The home is nil when none was found.
  func calendarHome(start: URL, here: inout DAVResponse?) throws(StrideError) -> (home: String?, principal: String?) {
    var home = here?.href("calendar-home-set")
    if home == nil, here?.href("current-user-principal") == nil, start.path.isEmpty || start.path == "/" {
      // RFC 6764: a server may point to its CalDAV root from /.well-known/caldav.
      here =
        try? propfind(
          DAVPath.url("/.well-known/caldav", on: start), depth: 0, properties: "<d:current-user-principal/>"
        ).first
    }
    let principal = here?.href("current-user-principal")
    if home == nil, let principal {
      home = try propfind(DAVPath.url(principal, on: start), depth: 0, properties: "<c:calendar-home-set/>")
        .first?.href("calendar-home-set")
    }
    return (home, principal)
  }
}
