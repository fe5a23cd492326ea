import Foundation
import StrideBase

/// One occurrence of a calendar event that may take the person's time: recurring events are expanded into one each.
/// Titles stay on this machine: they are shown to the person and never copied into tasks or anything that syncs.
package struct BusyEvent: Equatable, Sendable {
  package var start: Date
  /// After `start`, or equal to it for an event with no length (a DATE-TIME DTSTART without DTEND or DURATION).
  package var end: Date
  /// SUMMARY, unescaped and trimmed; "" when the event has none.
  package var title: String
  /// A DATE (all-day) event: from the local midnight of its first day to that of the day after its last, in the
  /// zone it was read in.
  package var allDay: Bool
  /// The event says outright that it takes time (`TRANSP:OPAQUE` written, or Outlook's busy status BUSY or OOF).
  /// An all-day event takes time only when it says so; a timed one unless it says it does not.
  package var markedBusy: Bool

  package init(start: Date, end: Date, title: String, allDay: Bool = false, markedBusy: Bool = false) {
    (self.start, self.end, self.title, self.allDay, self.markedBusy) = (start, end, title, allDay, markedBusy)
  }
}

/// What a calendar's text gave: the occurrences that take time within the window asked for, and what was left out
/// or read with a guess, as sentences for `stride calendars`.
package struct EventReading: Sendable {
  /// Busy occurrences overlapping the window, by start.
  package var events: [BusyEvent]
  /// How many VEVENT components the text held.
  package var components: Int
  /// Sentences that say what could not be read as written ("2 events name a time zone Stride does not know
  /// (Mars/Olympus); they are read in Europe/Paris."); empty when everything was read.
  package var problems: [String]

  package init(events: [BusyEvent], components: Int, problems: [String] = []) {
    (self.events, self.components, self.problems) = (events, components, problems)
  }
}
