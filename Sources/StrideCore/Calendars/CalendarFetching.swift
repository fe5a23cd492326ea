import Foundation
import StrideBase
import StrideWire

/// An event calendar on the server of a sync account: what `stride calendars` offers to count.
public struct ServerCalendar: Equatable, Sendable {
  /// The collection's URL.
  public var url: String
  /// Its display name, else the last segment of its path.
  public var name: String
  public init(url: String, name: String) { (self.url, self.name) = (url, name) }
}

/// The event calendars of one account's server, and the addresses the account answers invitations with (so an
/// invitation it declined takes no time).
public struct ServerCalendars: Equatable, Sendable {
  public var calendars: [ServerCalendar]
  /// `calendar-user-address-set`, without `mailto:`, lower-cased.
  public var addresses: [String]
  public init(calendars: [ServerCalendar], addresses: [String]) {
    (self.calendars, self.addresses) = (calendars, addresses)
  }
}

/// A calendar's text as fetched: one or more VCALENDAR objects, and what to ask with next time so an unchanged
/// calendar is not sent again.
public struct FetchedCalendar: Equatable, Sendable {
  public var text: String
  /// An ETag or Last-Modified (or a CTag) to ask with next time; nil when the server gave none.
  public var validator: String?
  public init(text: String, validator: String?) { (self.text, self.validator) = (text, validator) }

  /// What a fetcher's failure says of the last good copy, at the end of its sentence ("…; Stride keeps the copy it
  /// read last and tries again later"): the daemon leaves it out for a calendar it has no copy of yet.
  public static let copyKept = "Stride keeps the copy it read last"
}

/// What reading calendars asks of the network: `StrideCalDAV` provides it; without it only files are read.
public protocol CalendarFetching: Sendable {
  /// The event calendars (those whose component set has VEVENT) in the calendar home of `account`'s server.
  func eventCalendars(_ account: SyncAccount, password: String?) throws(StrideError) -> ServerCalendars
  /// The VEVENTs of a server calendar at `url`, reached as `account`; nil when unchanged since `validator`.
  func events(at url: String, account: SyncAccount, password: String?, validator: String?) throws(StrideError)
    -> FetchedCalendar?
  /// A subscription: an `https://` or `webcal://` address (plain `http://` only to this machine), read with a
  /// GET; nil when unchanged since `validator`. A calendar larger than `limit` bytes is refused.
  func subscription(_ url: String, validator: String?, limit: Int) throws(StrideError) -> FetchedCalendar?
}
