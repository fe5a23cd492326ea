import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideWire

/// One resource listed by the server: its path and ETag.
public struct SyncEntry: Equatable, Sendable {
  public var href: String
  public var etag: String?
  public init(href: String, etag: String?) {
    self.href = href
    self.etag = etag
  }
}

/// What changed in a collection since a sync token.
public struct SyncChanges: Sendable {
  /// The token kept for a collection whose server refused `sync-collection`: the next passes list its ETags at once
  /// rather than be refused again, so a pass with nothing to do costs one request. Kept with the list (its sync
  /// state goes when the list is set up with another collection, and the question is asked again).
  public static let listsETags = "stride:etags"

  /// The token to ask with next time; nil when the server offers no `sync-collection`.
  public var token: String?
  public var changed: [SyncEntry]
  public var removed: [String]
  /// True when `changed` lists every resource (a first sync, or a server without `sync-collection`): whatever is
  /// not listed is gone.
  public var complete: Bool
  public init(token: String?, changed: [SyncEntry], removed: [String], complete: Bool) {
    self.token = token
    self.changed = changed
    self.removed = removed
    self.complete = complete
  }
}

/// A resource's text as fetched.
public struct SyncResource: Sendable {
  public var href: String
  public var etag: String?
  public var body: String
  public init(href: String, etag: String?, body: String) {
    self.href = href
    self.etag = etag
    self.body = body
  }
}

/// How a conditional write ended.
public enum SyncWrite: Equatable, Sendable {
  /// Stored (or, for a delete, gone), with the new ETag when the server said it.
  case stored(etag: String?)
  /// The server's copy changed since it was read (HTTP 412): read it again, merge, retry.
  case changedOnServer
  /// The server does not let this account write there (HTTP 403): the list is read-only for it.
  case forbidden
  /// The server refused this one resource as it is (HTTP 400, 409, 413, 415 or 422, or 403 naming a precondition
  /// such as CalDAV's `valid-calendar-data`): the server's words, to name with the task. The other writes go on.
  case rejected(String)
  /// The server could not take the write now (HTTP 423, 500, 502, 503 or 504, or the connection was cut or timed
  /// out), in words; with the wait it asked for (`Retry-After`, seconds), if any. The write is tried again.
  case busy(String, retryAfter: Double?)
}

/// A task collection on a CalDAV server, as a sync pass uses it. `StrideCalDAV` implements it over HTTP; a pass
/// needs nothing else of the network.
public protocol SyncCollection: Sendable {
  /// What changed since `token` (nil: everything). A token the server no longer accepts gives a complete listing.
  func changes(since token: String?) throws(StrideError) -> SyncChanges
  /// The texts of these resources (those that vanished meanwhile are left out).
  func fetch(_ hrefs: [String]) throws(StrideError) -> [SyncResource]
  /// Writes a resource: only if its ETag is still `etag`, or, with nil, only if it does not exist yet.
  func put(_ href: String, body: String, etag: String?) throws(StrideError) -> SyncWrite
  /// Deletes a resource if its ETag is still `etag`; one already gone counts as deleted.
  func delete(_ href: String, etag: String?) throws(StrideError) -> SyncWrite
  /// The path a new resource with this UID gets.
  func href(for uid: String) -> String
}

/// What `sync.setup` asks of the network: find (or make) the collection, and open one for a pass. `StrideCalDAV`
/// provides it; the daemon has no sync without it.
public protocol SyncConnector: Sendable {
  /// The task lists at `params.url`: the collection itself when it is one, else every one that takes tasks in the
  /// account's calendar home (none: an empty array).
  func discover(_ params: SyncSetup.Params, password: String?) throws(StrideError) -> [SyncAccount]
  /// Makes a task list called `name` in the account's calendar home.
  func make(_ name: String, _ params: SyncSetup.Params, password: String?) throws(StrideError) -> SyncAccount
  func collection(_ account: SyncAccount, password: String?) throws(StrideError) -> any SyncCollection
}
