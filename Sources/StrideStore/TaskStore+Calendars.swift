import Foundation
import StrideBase
import StrideCalendar
import StrideModel
import StrideWire

/// A calendar as the store keeps it, without its copy (`calendarCopy` reads that).
package struct StoredCalendar: Equatable, Sendable {
  package var name: String
  package var kind: CalendarKind
  package var location: String
  /// For a server calendar: the list whose account found it.
  package var account: String?
  package var counts: Bool
  package var validator: String?
  package var readAt: Date?
  package var checkedAt: Date?
  /// The start of the window its events were last expanded for.
  package var expandedAt: Date?
  package var problem: String?
  package var components: Int
  /// Its occurrences that take time and have not ended (as of the moment the calendars were read from the store).
  package var events: Int

  package init(name: String, kind: CalendarKind, location: String, account: String? = nil, counts: Bool) {
    (self.name, self.kind, self.location, self.account, self.counts) = (name, kind, location, account, counts)
    (components, events) = (0, 0)
  }
}

/// A calendar's reading, to keep: the new copy (nil when it did not change or could not be read), and the events
/// expanded from the copy kept (nil when they were not expanded again).
package struct CalendarReadingToKeep {
  package var copy: String?
  package var validator: String?
  package var checkedAt: Date
  /// Set when a copy was read (or confirmed unchanged).
  package var readAt: Date?
  package var problem: String?
  package var expanded: (from: Date, reading: EventReading)?

  package init(checkedAt: Date) { self.checkedAt = checkedAt }
}

/// The `calendars` and `calendar_events` tables, and the busy times the engine reads, kept in memory (`busyTimes`).
/// None of it is a change to a task: no history, nothing to sync.
extension TaskStore {
  /// Every calendar, in the order they were added, with its events that end after `now` counted.
  package func calendars(at now: Date = .distantPast) throws(StrideError) -> [StoredCalendar] {
    let statement = try database.statement(
      """
      SELECT name, kind, location, account, counts, validator, read_at, checked_at, expanded_at, problem, components,
        (SELECT count(*) FROM calendar_events WHERE calendar = calendars.name AND end > ? AND \(Self.takesTime))
      FROM calendars ORDER BY rowid
      """
    ).bind(.date(now))
    var found: [StoredCalendar] = []
    while try statement.step() {
      var calendar = StoredCalendar(
        name: statement.text(0), kind: CalendarKind(rawValue: statement.text(1)) ?? .file,
        location: statement.text(2), account: statement.optionalText(3), counts: statement.int(4) != 0)
      calendar.validator = statement.optionalText(5)
      (calendar.readAt, calendar.checkedAt) = (statement.optionalDate(6), statement.optionalDate(7))
      (calendar.expandedAt, calendar.problem) = (statement.optionalDate(8), statement.optionalText(9))
      (calendar.components, calendar.events) = (statement.int(10), statement.int(11))
      found.append(calendar)
    }
    return found
  }

  /// The calendar with this name, whatever its case.
  package func calendar(named name: String) throws(StrideError) -> StoredCalendar? {
    try calendars().first { $0.name.lowercased() == name.lowercased() }
  }

  /// The last good copy of a calendar's text.
  package func calendarCopy(_ name: String) throws(StrideError) -> String? {
    try database.statement("SELECT copy FROM calendars WHERE name = ?").bind(.text(name)).firstRow {
      $0.optionalText(0)
    } ?? nil
  }

  package func addCalendar(_ calendar: StoredCalendar) throws(StrideError) {
    try database.statement("INSERT INTO calendars (name, kind, location, account, counts) VALUES (?, ?, ?, ?, ?)")
      .bind(
        .text(calendar.name), .text(calendar.kind.rawValue), .text(calendar.location), .string(calendar.account),
        .integer(calendar.counts ? 1 : 0)
      ).run()
  }

  /// Forgets a calendar, its copy and its events.
  package func removeCalendar(_ name: String) throws(StrideError) {
    try database.transaction { () throws(StrideError) in
      try database.statement("DELETE FROM calendar_events WHERE calendar = ?").bind(.text(name)).run()
      try database.statement("DELETE FROM calendars WHERE name = ?").bind(.text(name)).run()
    }
    try loadBusyTimes()
  }

  /// Whether a calendar's events take time.
  package func setCalendarCounts(_ name: String, _ counts: Bool) throws(StrideError) {
    try database.statement("UPDATE calendars SET counts = ? WHERE name = ?").bind(.integer(counts ? 1 : 0), .text(name))
      .run()
    try loadBusyTimes()
  }

  /// Keeps how a reading went: the new copy, the events expanded, the problem (or none).
  package func keepReading(_ name: String, _ reading: CalendarReadingToKeep) throws(StrideError) {
    try database.transaction { () throws(StrideError) in
      try database.statement("UPDATE calendars SET checked_at = ?, problem = ? WHERE name = ?")
        .bind(.date(reading.checkedAt), .string(reading.problem), .text(name)).run()
      if let copy = reading.copy {
        try database.statement("UPDATE calendars SET copy = ?, validator = ? WHERE name = ?")
          .bind(.text(copy), .string(reading.validator), .text(name)).run()
      }
      if let readAt = reading.readAt {
        try database.statement("UPDATE calendars SET read_at = ? WHERE name = ?").bind(.date(readAt), .text(name))
          .run()
      }
      if let (from, expanded) = reading.expanded {
        try replaceEvents(of: name, with: expanded.events)
        try database.statement("UPDATE calendars SET expanded_at = ?, components = ? WHERE name = ?")
          .bind(.date(from), .integer(Int64(expanded.components)), .text(name)).run()
      }
    }
    if reading.expanded != nil { try loadBusyTimes() }
  }

  private func replaceEvents(of name: String, with events: [BusyEvent]) throws(StrideError) {
    try database.statement("DELETE FROM calendar_events WHERE calendar = ?").bind(.text(name)).run()
    let insert = try database.statement(
      "INSERT INTO calendar_events (calendar, start, end, title, all_day, marked_busy) VALUES (?, ?, ?, ?, ?, ?)")
    for event in events {
      insert.reset()
      try insert.bind(
        .text(name), .date(event.start), .date(event.end), .text(event.title), .integer(event.allDay ? 1 : 0),
        .integer(event.markedBusy ? 1 : 0)
      ).run()
    }
    insert.reset()
  }

  /// The events that take time: an all-day one only when it says it is busy.
  static let takesTime = "(all_day = 0 OR marked_busy = 1)"

  /// Reads the events of the calendars that count into `busyTimes`. An all-day event takes time only when it says
  /// so (calendar apps mark birthdays and holidays free, or leave them unmarked, and show them apart from the day's
  /// hours).
  package func loadBusyTimes() throws(StrideError) {
    let statement = try database.statement(
      """
      SELECT start, end, title FROM calendar_events JOIN calendars ON calendars.name = calendar_events.calendar
      WHERE calendars.counts = 1 AND \(Self.takesTime)
      """)
    var events: [BusyTimes.Event] = []
    while try statement.step() {
      events.append(BusyTimes.Event(start: statement.date(0), end: statement.date(1), title: statement.text(2)))
    }
    busyTimes = BusyTimes(events)
  }
}
