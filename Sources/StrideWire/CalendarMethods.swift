import StrideBase

/// Where a calendar's events come from.
public enum CalendarKind: String, WireEnum, Sendable {
  /// An iCalendar file on this machine, read again when it changes.
  case file
  /// An `https://` or `webcal://` address a calendar app publishes, read every few minutes.
  case subscription
  /// An event calendar on the server of a list that syncs, found there.
  case server
}

/// One calendar Stride reads events from, and how its last reading went. Calendars are read, never written.
public struct CalendarInfo: Codable, Sendable, Equatable {
  /// What the person calls it in `stride calendars`: unique here, whatever its case.
  public var name: String
  public var kind: CalendarKind
  /// The file's path, the subscription's address, or the server calendar's URL.
  public var location: String
  /// For a server calendar: the list whose account found it.
  public var account: String?
  /// Whether its events take the person's time (the person picks; a server calendar counts once chosen).
  public var counts: Bool
  /// The occurrences that take time and have not ended, from the last good copy, to the end of the window read (62
  /// days ahead).
  public var events: Int
  /// The events (VEVENTs) the last good copy holds.
  public var components: Int
  /// When the last good copy was read; nil before any was.
  public var readAt: Timestamp?
  /// When it was last tried.
  public var checkedAt: Timestamp?
  /// Why the last try failed, or what the last copy could not read, as a sentence; nil when all went well.
  public var problem: String?
  public var said: Said?

  package init(
    name: String, kind: CalendarKind, location: String, account: String? = nil, counts: Bool, events: Int = 0,
    components: Int = 0, readAt: Timestamp? = nil, checkedAt: Timestamp? = nil, problem: String? = nil
  ) {
    (self.name, self.kind, self.location, self.account, self.counts) = (name, kind, location, account, counts)
    (self.events, self.components, self.readAt, self.checkedAt, self.problem) =
      (events, components, readAt, checkedAt, problem)
  }

  /// Its times in words, for a connection that asked for them.
  public struct Said: Codable, Sendable, Equatable {
    public var readAt: String?
    public var checkedAt: String?
    public init(readAt: String?, checkedAt: String?) { (self.readAt, self.checkedAt) = (readAt, checkedAt) }
  }
}

/// Params that name one calendar.
public struct CalendarRef: Codable, Sendable, Equatable {
  public var name: String
  public init(name: String) { self.name = name }
}

/// Every calendar, in the order they were added (server calendars as their servers list them).
public struct CalendarsResult: Codable, Sendable, Equatable {
  public var calendars: [CalendarInfo]
  package init(calendars: [CalendarInfo]) { self.calendars = calendars }
}

/// `calendars.list`: the calendars Stride reads, and the event calendars found on the servers of the lists that
/// sync (counted or not).
public enum CalendarsList: WireMethod {
  public static let method = Method.calendarsList
  public typealias Params = NoParams
  public typealias Result = CalendarsResult
}

/// `calendars.add`: read events from an iCalendar file or a subscription address. It is read at once; one that
/// cannot be read is not added.
public enum CalendarsAdd: WireMethod {
  public static let method = Method.calendarsAdd

  public struct Params: Codable, Sendable, Equatable {
    /// An absolute path to a file, or an `https://` or `webcal://` address (plain `http://` to this machine only).
    public var location: String
    /// The name to show; by default the file's name or the address's last part.
    public var name: String?
    public init(location: String, name: String? = nil) { (self.location, self.name) = (location, name) }
  }

  public typealias Result = CalendarInfo
}

/// `calendars.count`: whether a calendar's events take time: a server calendar is counted once chosen, and any
/// calendar can be set aside without forgetting it.
public enum CalendarsCount: WireMethod {
  public static let method = Method.calendarsCount

  public struct Params: Codable, Sendable, Equatable {
    public var name: String
    public var counts: Bool
    public init(name: String, counts: Bool) { (self.name, self.counts) = (name, counts) }
  }

  public typealias Result = CalendarInfo
}

/// `calendars.remove`: forget a file or a subscription, with its copy and events. (A server calendar stays listed
/// while its server has it: `calendars.count` with false sets it aside.)
public enum CalendarsRemove: WireMethod {
  public static let method = Method.calendarsRemove
  public typealias Params = CalendarRef
  public typealias Result = CalendarInfo
}

/// `calendars.refresh`: read every calendar now (and look for new event calendars on the servers), and answer once
/// done.
public enum CalendarsRefresh: WireMethod {
  public static let method = Method.calendarsRefresh
  public typealias Params = NoParams
  public typealias Result = CalendarsResult
}

/// An event on the now-list's calendar line: its title stays on this machine.
public struct CalendarEvent: Codable, Sendable, Equatable {
  public var title: String
  public var start: Timestamp
  public var end: Timestamp
  public init(title: String, start: Timestamp, end: Timestamp) {
    (self.title, self.start, self.end) = (title, start, end)
  }
}

/// What the person's calendars say of the moment a now-list is for.
public struct CalendarNow: Codable, Sendable, Equatable {
  /// The event they are in; absent when they are free.
  public var during: CalendarEvent?
  /// With `during`: when the run of events it begins ends.
  public var busyUntil: Timestamp?
  /// The next event (after `busyUntil` when busy) within the horizon; absent when none is that near.
  public var next: CalendarEvent?
  /// The whole minutes free before `next`.
  public var minutes: Int?
  /// Whether the list was fitted to those minutes (no `minutes` was asked for).
  public var fitted: Bool
  /// The sentence a client shows above the list, in the asker's zone ("You have 25 minutes before 'dentist' at
  /// 15:00.", "You are in 'standup' until 10:30, then 40 minutes before 'review' at 11:10.").
  public var sentence: String

  public init(
    during: CalendarEvent?, busyUntil: Timestamp?, next: CalendarEvent?, minutes: Int?, fitted: Bool,
    sentence: String
  ) {
    (self.during, self.busyUntil, self.next, self.minutes) = (during, busyUntil, next, minutes)
    (self.fitted, self.sentence) = (fitted, sentence)
  }
}
