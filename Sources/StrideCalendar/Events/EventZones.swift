import Foundation
import StrideBase

/// A zone an event's clock times are read in: one the system knows by name, a fixed offset (UTC), or one the
/// calendar defines itself in a VTIMEZONE.
enum EventZone {
  case known(TimeZone)
  case fixed(Int)
  case defined(DefinedZone)

  static var utc: EventZone { .fixed(0) }

  /// Seconds ahead of UTC at an instant (seconds since 1970).
  func offset(atInstant instant: Int) -> Int {
    switch self {
    case .known(let zone): zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    case .fixed(let offset): offset
    case .defined(let zone): zone.offset(atInstant: instant)
    }
  }

  /// The instant a clock reading names. In a gap (the hour summer time skips) the clock moves forward, as
  /// `LocalCalendar.date` does; in the hour that repeats, the later of the two.
  func instant(ofWall wall: Int) -> Int {
    if case .fixed(let offset) = self { return wall - offset }
    let guess = offset(atInstant: wall)
    return wall - offset(atInstant: wall - guess)
  }

  /// What this zone's clock reads at an instant.
  func wall(ofInstant instant: Int) -> Int { instant + offset(atInstant: instant) }
}

/// A zone as a VTIMEZONE defines it (RFC 5545 §3.6.5): its STANDARD and DAYLIGHT observances, each an onset
/// (DTSTART, in the offset before it), the offset it brings (TZOFFSETTO) and how it repeats (RRULE, RDATE). The
/// onsets are worked out once, for a span around the window read: a time far outside it gets the nearest known
/// offset, which is only ever used to tell that it lies outside the window.
final class DefinedZone {
  /// The onsets, by instant, with the offset each brings.
  private(set) var changes: [(instant: Int, offset: Int)] = []
  /// The offset before the first onset.
  private var initial = 0

  /// nil when the component has no observance that can be read.
  init?(_ component: ICalendarReader.Component, span: ClosedRange<Int>, budget: inout Int) {
    var firstFrom: (instant: Int, offset: Int)?
    for observance in component.children where observance.name == "STANDARD" || observance.name == "DAYLIGHT" {
      guard let from = observance.first("TZOFFSETFROM").flatMap({ Self.offset($0.value) }),
        let to = observance.first("TZOFFSETTO").flatMap({ Self.offset($0.value) }),
        let start = observance.first("DTSTART").flatMap({ EventClock.reading($0.value[...]) })
      else { continue }
      var walls = [start.wall]
      if let rule = observance.first("RRULE").flatMap({ EventRule.read($0.value) }) {
        let untilWall = rule.until.map { until in until.utc ? until.wall + from : until.wall }
        let expansion = EventRecurrence(rule: rule, start: start.wall, untilWall: untilWall)
        // A zone changes its offset a few times a year; a rule that would change it more is cut short.
        let span = (span.lowerBound + from, span.upperBound + from)
        walls += expansion.walls(from: span.0, through: span.1, budget: &budget, limit: 1_000).walls
      }
      for rdate in observance.all("RDATE") {
        walls += ICalendarReader.unescapedList(rdate.value).compactMap { EventClock.reading($0[...])?.wall }
      }
      changes += walls.map { (instant: $0 - from, offset: to) }
      if firstFrom == nil || start.wall - from < firstFrom!.instant { firstFrom = (start.wall - from, from) }
    }
    guard let firstFrom else { return nil }
    changes.sort { $0.instant < $1.instant }
    initial = firstFrom.offset
  }

  /// Seconds ahead of UTC at an instant: the offset of the last onset at or before it.
  func offset(atInstant instant: Int) -> Int {
    var (low, high) = (0, changes.count)
    while low < high {
      let middle = (low + high) / 2
      if changes[middle].instant <= instant { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? initial : changes[low - 1].offset
  }

  /// A UTC offset as written (`+0100`, `-0530`, `+014500`); nil when it is not one.
  static func offset(_ value: String) -> Int? {
    let text = ICalendarReader.trimmed(value)
    guard let sign = text.first, sign == "+" || sign == "-", [5, 7].contains(text.count),
      text.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    let digits = text.dropFirst().compactMap(\.wholeNumberValue)
    let hours = digits[0] * 10 + digits[1]
    let minutes = digits[2] * 10 + digits[3]
    let seconds = digits.count == 6 ? digits[4] * 10 + digits[5] : 0
    guard hours < 24, minutes < 60, seconds < 60 else { return nil }
    return (sign == "-" ? -1 : 1) * (hours * Seconds.perHour + minutes * Seconds.perMinute + seconds)
  }
}

/// Finds the zone a TZID names, once per name, for one calendar's text: an IANA name the system knows, the IANA
/// name at the end of a prefixed one (Thunderbird's `/mozilla.org/20050126_1/Europe/Berlin`), a Windows name
/// (Outlook's `W. Europe Standard Time`), else the calendar's own VTIMEZONE of that name. A name none of these
/// knows is read in the person's zone and remembered, so the reading can say so.
final class EventZones {
  let personal: EventZone
  private let definitions: [String: ICalendarReader.Component]
  private let span: ClosedRange<Int>
  private var found: [String: EventZone] = [:]
  /// The names no zone was found for, with how many times each was asked for.
  private(set) var unknown: [String: Int] = [:]
  /// How many times a name no zone was found for was asked for, all names together.
  private(set) var unknownCount = 0
  /// Work left for working out the onsets of defined zones (shared with the events' rules).
  var budget: Int

  /// `span` bounds the instants whose offsets matter (the window, widened); `budget` caps the work of expanding
  /// the VTIMEZONEs' rules.
  init(calendar: ICalendarReader.Component, timeZone: TimeZone, span: ClosedRange<Int>, budget: Int) {
    personal = .known(timeZone)
    var definitions: [String: ICalendarReader.Component] = [:]
    for child in calendar.children where child.name == "VTIMEZONE" {
      if let id = child.first("TZID")?.value { definitions[Self.cleaned(id)] = definitions[Self.cleaned(id)] ?? child }
    }
    (self.definitions, self.span, self.budget) = (definitions, span, budget)
  }

  /// The zone of a TZID parameter; the person's zone when it is nil or names no zone that can be found.
  func zone(_ tzid: String?) -> EventZone {
    guard let tzid else { return personal }
    let name = Self.cleaned(tzid)
    if let zone = found[name] { return zone }
    if unknown[name] == nil, let zone = Self.system(name).map(EventZone.known) ?? defined(name) {
      found[name] = zone
      return zone
    }
    unknown[name, default: 0] += 1
    unknownCount += 1
    return personal
  }

  private func defined(_ name: String) -> EventZone? {
    guard let component = definitions[name] else { return nil }
    return DefinedZone(component, span: span, budget: &budget).map(EventZone.defined)
  }

  /// A TZID without the quotes some writers put around it or the spaces around it.
  static func cleaned(_ tzid: String) -> String {
    ICalendarReader.trimmed(tzid) { $0 == "\"" || ($0.isWhitespace && !$0.isNewline) }
  }

  /// A zone the system knows for a name: itself, a Windows name, or the longest IANA name a prefixed one ends with.
  static func system(_ name: String) -> TimeZone? {
    if let iana = windowsNames[name], let zone = TimeZone(identifier: iana) { return zone }
    // Zone names are letters, digits and `/_+-`; anything else (a path that climbs with `..`) is never looked up.
    let allowed = name.utf8.allSatisfy { byte in
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        || "/_+-.".utf8.contains(byte)
    }
    guard allowed, !name.isEmpty, name.utf8.count <= 100, !name.contains("..") else { return nil }
    if let zone = TimeZone(identifier: name) { return zone }
    let parts = name.split(separator: "/")
    guard parts.count > 1 else { return nil }
    for first in 1..<parts.count {
      let suffix = parts[first...].joined(separator: "/")
      if suffix.contains("/") || first == parts.count - 1, let zone = TimeZone(identifier: suffix) { return zone }
    }
    return nil
  }
}
