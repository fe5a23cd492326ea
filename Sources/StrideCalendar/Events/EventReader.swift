import Foundation
import StrideBase
import StrideModel

/// Reads the events of iCalendar text (RFC 5545) into the occurrences that take the person's time within a window:
/// repeating events expanded (EventRecurrence), times read in the zones their TZIDs name (EventZones), overrides
/// (RECURRENCE-ID) in place of the times they replace, and what takes no time left out.
package enum EventReader {
  /// An email address as invitations and servers are compared: without `mailto:`, trimmed, in lower case.
  package static func address(_ value: String) -> String {
    let text = ICalendarReader.trimmed(value).lowercased()
    return text.hasPrefix("mailto:") ? String(text.dropFirst(7)) : text
  }

  /// The work one event's repeat rule may take (days and times looked at), and all of a calendar's together: enough
  /// for any calendar people keep, and a bound on one written to exhaust the reader.
  static let eventBudget = 100_000
  static let calendarBudget = 2_000_000
  /// The most busy times one reading holds.
  static let totalLimit = 50_000

  /// The busy occurrences of `text`'s VEVENTs that overlap `window`. Times without a zone are read in `timeZone`;
  /// an invitation one of `addresses` declined takes no time. An error when the text is not iCalendar or is cut
  /// short (the last good copy is kept then).
  package static func read(
    _ text: String, window: DateInterval, timeZone: TimeZone, addresses: Set<String> = []
  ) throws(StrideError) -> EventReading {
    // Some servers start their text with a byte order mark, which is no part of the first line.
    let text = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
    let calendars = try ICalendarReader.components(text).filter { $0.name == "VCALENDAR" }
    guard !calendars.isEmpty else { throw StrideError.invalid("this is not iCalendar: it has no VCALENDAR") }
    let range = seconds(window.start)..<max(seconds(window.start), seconds(window.end))
    var people = Set(addresses.map(address))
    // Google names a person's main calendar with their address.
    for calendar in calendars {
      if let name = calendar.first("X-WR-CALNAME").map({ address(ICalendarReader.unescape($0.value)) }),
        looksLikeAddress(name)
      {
        people.insert(name)
      }
    }
    var problems = EventProblems()
    var series: [EventSeries] = []
    var components = 0
    var budget = calendarBudget
    let year = 366 * Seconds.perDay
    for calendar in calendars {
      let span = (range.lowerBound - 2 * year)...(range.upperBound + 2 * year)
      let zones = EventZones(calendar: calendar, timeZone: timeZone, span: span, budget: budget)
      for event in calendar.children where event.name == "VEVENT" {
        components += 1
        let unknownBefore = zones.unknownCount
        do {
          series.append(try EventSeries(event, zones: zones, addresses: people))
        } catch {
          problems.unreadable.append(error.reason)
        }
        if zones.unknownCount > unknownBefore { problems.eventsInUnknownZones += 1 }
      }
      problems.unknownZones.formUnion(zones.unknown.keys)
      budget = zones.budget
    }
    let events = occurrences(of: series, in: range, budget: budget, problems: &problems)
    return EventReading(events: events, components: components, problems: problems.sentences(timeZone: timeZone))
  }

  /// The busy times of every series in the window, by start: overrides replace the times they name, and what
  /// takes no time is left out.
  private static func occurrences(
    of series: [EventSeries], in window: Range<Int>, budget: Int, problems: inout EventProblems
  ) -> [BusyEvent] {
    var overridden: [String: EventSeries.Exclusions] = [:]
    for item in series {
      if let recurrenceID = item.recurrenceID { overridden[item.uid, default: .init()].add(recurrenceID) }
    }
    var budget = budget
    var events: [BusyEvent] = []
    for item in series where item.takesTime {
      var allowed = min(eventBudget, budget)
      let before = allowed
      let found = item.occurrences(
        in: window, overridden: item.recurrenceID == nil ? overridden[item.uid] ?? .init() : .init(),
        budget: &allowed)
      budget -= before - allowed
      switch found.stopped {
      case .limit: problems.tooMany.append(item.title)
      case .work: problems.tooCostly.append(item.title)
      case nil: break
      }
      events += found.times.map { item.busyEvent(start: $0.start, end: $0.end) }
    }
    events.sort { ($0.start, $0.end) < ($1.start, $1.end) }
    if events.count > totalLimit {
      events.removeLast(events.count - totalLimit)
      problems.overTotal = true
    }
    return events
  }

  /// A date as whole seconds since 1970, bounded so that no window overflows.
  private static func seconds(_ date: Date) -> Int {
    Int(min(max(date.timeIntervalSince1970, -1e12), 1e12).rounded(.down))
  }

  /// Whether a calendar's name is an email address (one `@`, a dot after it, no spaces).
  static func looksLikeAddress(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
      && !parts[1].hasSuffix(".") && !text.contains(where: \.isWhitespace)
  }
}
