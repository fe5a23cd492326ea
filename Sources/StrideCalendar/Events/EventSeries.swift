import Foundation
import StrideBase

/// One VEVENT as read: when it first starts, how long it lasts, how it repeats and which of its times are left out,
/// and whether it takes the person's time. A repeating event is one series; an override (RECURRENCE-ID) is a series
/// of one that replaces one time of its UID's.
struct EventSeries {
  /// Why a VEVENT could not be read, as the end of a sentence that names it ("has no start (DTSTART)").
  struct Unreadable: Error {
    var reason: String
  }

  /// Times a series leaves out: instants, and whole days (a DATE in EXDATE or RECURRENCE-ID).
  struct Exclusions {
    var instants: Set<Int> = []
    var days: Set<Int> = []

    func contains(wall: Int, instant: Int) -> Bool {
      instants.contains(instant) || (!days.isEmpty && days.contains(EventClock.day(ofWall: wall)))
    }

    mutating func add(_ time: EventTime) {
      if time.isDay { days.insert(time.day) } else { instants.insert(time.instant) }
    }
  }

  /// An RDATE: a start on the series' clock and, for a PERIOD, its own end.
  struct ExtraTime {
    var wall: Int
    var end: Int?
  }

  var uid: String
  /// The time of its UID's series this one replaces; nil for a series of its own.
  var recurrenceID: EventTime?
  var start: EventTime
  var length: EventLength
  var rule: EventRule?
  var extra: [ExtraTime] = []
  var excluded = Exclusions()
  var title: String
  /// Not cancelled, not transparent or free, not declined.
  var takesTime: Bool
  var markedBusy: Bool

  /// Reads a VEVENT; its times are read in the zones `zones` finds, and an invitation one of `addresses` declined
  /// takes no time.
  init(_ event: ICalendarReader.Component, zones: EventZones, addresses: Set<String>) throws(Unreadable) {
    // Another person's text, shown in a sentence and stored with each occurrence: one line, and not too long.
    title = EventProblems.shown(
      ICalendarReader.trimmed(ICalendarReader.unescape(event.first("SUMMARY")?.value ?? "")), 200)
    let named = EventProblems.quoted(title)
    uid = ICalendarReader.trimmed(event.first("UID")?.value ?? "")
    guard let startProperty = event.first("DTSTART") else { throw Unreadable(reason: "\(named) has no start") }
    guard let start = Self.time(startProperty, zones: zones) else {
      throw Unreadable(
        reason: "\(named) has a start Stride cannot read (\(Self.shown(startProperty.value)))")
    }
    self.start = start
    length = try Self.length(event, start: start, zones: zones, named: named)
    if let ruleProperty = event.first("RRULE") {
      guard let rule = EventRule.read(ruleProperty.value) else {
        throw Unreadable(
          reason: "\(named) has a repeat rule Stride cannot read (\(Self.shown(ruleProperty.value)))")
      }
      self.rule = rule
    }
    recurrenceID = event.first("RECURRENCE-ID").flatMap { Self.time($0, zones: zones) }
    (takesTime, markedBusy) = Self.busy(event, addresses: addresses)
    // An override is the one time it replaces: a rule or extra dates written on it too would repeat it.
    if recurrenceID != nil { rule = nil } else { try readExtraTimes(event, zones: zones, named: named) }
  }

  /// A DATE or DATE-TIME property's value: a DATE in the person's zone, a UTC time, a time in its TZID's zone, or a
  /// floating one in the person's zone.
  static func time(_ property: ICalendarReader.Property, zones: EventZones) -> EventTime? {
    time(property.value, tzid: property.parameters["TZID"], zones: zones)
  }

  static func time(_ value: String, tzid: String?, zones: EventZones) -> EventTime? {
    guard let reading = EventClock.reading(ICalendarReader.trimmed(value)[...]) else { return nil }
    if reading.isDay { return EventTime(wall: reading.wall, zone: zones.personal, isDay: true) }
    return EventTime(wall: reading.wall, zone: reading.utc ? .utc : zones.zone(tzid), isDay: false)
  }

  /// DTEND, else DURATION, else a day for a DATE start and nothing for a DATE-TIME one. An end before the start is
  /// read as no length; an all-day event that ends where it starts lasts its day.
  private static func length(
    _ event: ICalendarReader.Component, start: EventTime, zones: EventZones, named: String
  ) throws(Unreadable) -> EventLength {
    if let endProperty = event.first("DTEND") {
      guard let end = time(endProperty, zones: zones) else {
        throw Unreadable(
          reason: "\(named) has an end Stride cannot read (\(Self.shown(endProperty.value)))")
      }
      if start.isDay && end.isDay { return EventLength(days: max(1, end.day - start.day)) }
      return EventLength(seconds: max(0, end.instant - start.instant))
    }
    if let durationProperty = event.first("DURATION") {
      guard let duration = EventClock.duration(durationProperty.value[...]) else {
        throw Unreadable(
          reason: "\(named) has a length Stride cannot read (\(Self.shown(durationProperty.value)))")
      }
      return duration.days < 0 || duration.seconds < 0 ? .none : duration
    }
    return start.isDay ? EventLength(days: 1) : .none
  }

  /// Whether the event takes time, and whether it says outright that it does.
  private static func busy(_ event: ICalendarReader.Component, addresses: Set<String>) -> (Bool, Bool) {
    let status = event.first("STATUS").map { ICalendarReader.trimmed($0.value).uppercased() }
    let transparency = event.first("TRANSP").map { ICalendarReader.trimmed($0.value).uppercased() }
    let outlook = event.first("X-MICROSOFT-CDO-BUSYSTATUS").map { ICalendarReader.trimmed($0.value).uppercased() }
    let declined =
      !addresses.isEmpty
      && event.all("ATTENDEE").contains { attendee in
        attendee.parameters["PARTSTAT"]?.uppercased() == "DECLINED"
          && [attendee.value, attendee.parameters["EMAIL"] ?? ""].contains {
            addresses.contains(EventReader.address($0))
          }
      }
    // Outlook's busy status says more than TRANSP (tentative, away), so it decides when it is written.
    let free = status == "CANCELLED" || declined || (outlook.map { $0 == "FREE" } ?? (transparency == "TRANSPARENT"))
    return (!free, transparency == "OPAQUE" || outlook == "BUSY" || outlook == "OOF")
  }

  /// A value written in a sentence about what could not be read.
  private static func shown(_ value: String) -> String { EventProblems.shown(value, 40) }

  /// RDATE (DATE, DATE-TIME or PERIOD, in lists) and EXDATE (in lists, on several lines).
  private mutating func readExtraTimes(
    _ event: ICalendarReader.Component, zones: EventZones, named: String
  ) throws(Unreadable) {
    for property in event.all("EXDATE") {
      for value in ICalendarReader.unescapedList(property.value) {
        // An EXDATE that cannot be read leaves nothing out; the event itself is still good.
        if let time = Self.time(value, tzid: property.parameters["TZID"], zones: zones) { excluded.add(time) }
      }
    }
    for property in event.all("RDATE") {
      for value in ICalendarReader.unescapedList(property.value) {
        let parts = value.split(separator: "/", maxSplits: 1).map(String.init)
        guard let time = Self.time(parts[0], tzid: property.parameters["TZID"], zones: zones) else {
          throw Unreadable(reason: "\(named) has an extra date Stride cannot read (\(Self.shown(value)))")
        }
        let instant = time.instant
        var end: Int?
        if parts.count == 2 {
          if let until = Self.time(parts[1], tzid: property.parameters["TZID"], zones: zones) {
            end = max(instant, until.instant)
          } else if let duration = EventClock.duration(parts[1][...]) {
            end = max(instant, duration.end(startWall: time.wall, zone: time.zone))
          }
        }
        // On the series' clock: a time of an all-day series is the day it falls on, as its other days are.
        let wall =
          time.isDay
          ? time.wall
          : start.isDay ? EventClock.day(ofWall: time.wall) * Seconds.perDay : start.zone.wall(ofInstant: instant)
        extra.append(ExtraTime(wall: wall, end: end))
      }
    }
  }
}
