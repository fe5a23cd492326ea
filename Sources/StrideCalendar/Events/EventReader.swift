import Foundation
import StrideBase
import StrideModel

/// Reads the events of iCalendar text (RFC 5545) into the occurrences that take the person's time within a window.
package enum EventReader {
  /// The busy occurrences of `text`'s VEVENTs that overlap `window`. Times without a zone are read in `timeZone`;
  /// an invitation one of `addresses` declined takes no time. An error when the text is not iCalendar or is cut
  /// short (the last good copy is kept then).
  package static func read(
    _ text: String, window: DateInterval, timeZone: TimeZone, addresses: Set<String> = []
  ) throws(StrideError) -> EventReading {
    let calendars = try ICalendarReader.components(text).filter { $0.name == "VCALENDAR" }
    guard !calendars.isEmpty else { throw StrideError.invalid("this is not iCalendar: it has no VCALENDAR") }
    let events = calendars.flatMap { $0.children.filter { $0.name == "VEVENT" } }
    let busy = events.compactMap { occurrence($0, timeZone: timeZone, addresses: addresses) }
      .filter { $0.end > window.start && $0.start < window.end || $0.start == $0.end && window.contains($0.start) }
    return EventReading(events: busy.sorted { $0.start < $1.start }, components: events.count)
  }

  /// A VEVENT's one occurrence, nil when it takes no time.
  static func occurrence(
    _ event: ICalendarReader.Component, timeZone: TimeZone, addresses: Set<String>
  ) -> BusyEvent? {
    guard let startProperty = event.first("DTSTART"),
      let start = ICalendarReader.date(startProperty, timeZone: timeZone, dateOnly: .startOfDay)
    else { return nil }
    if event.first("STATUS")?.value.uppercased() == "CANCELLED" { return nil }
    let allDay = startProperty.parameters["VALUE"] == "DATE" || startProperty.value.count == 8
    let end =
      event.first("DTEND").flatMap { ICalendarReader.date($0, timeZone: timeZone, dateOnly: .startOfDay) }
      ?? (allDay ? LocalCalendar(timeZone: timeZone).adding(days: 1, to: start) : start)
    let transparency = event.first("TRANSP")?.value.uppercased()
    let declined = event.all("ATTENDEE").contains { attendee in
      attendee.parameters["PARTSTAT"]?.uppercased() == "DECLINED"
        && addresses.contains(attendee.value.lowercased().replacingOccurrences(of: "mailto:", with: ""))
    }
    guard transparency != "TRANSPARENT", !declined else { return nil }
    let title = ICalendarReader.unescape(event.first("SUMMARY")?.value ?? "").trimmingCharacters(in: .whitespaces)
    return BusyEvent(
      start: start, end: max(start, end), title: title, allDay: allDay, markedBusy: transparency == "OPAQUE")
  }
}
