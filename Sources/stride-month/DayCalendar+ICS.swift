import Foundation

/// The person's calendar as an iCalendar file, as a calendar app exports one: every occurrence as an event of its
/// own, or the repeating meetings as rules (RRULE) with their excluded day (EXDATE) and moved occurrence
/// (RECURRENCE-ID).
extension DayCalendar {
  func ics(recurring: Bool) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stride//stride-month//EN", "CALSCALE:GREGORIAN"]
    let stamp = Self.utc(midnight)
    func event(_ uid: String, _ meeting: Meeting, _ extra: [String] = []) {
      lines += ["BEGIN:VEVENT", "UID:\(uid)@stride-month", "DTSTAMP:\(stamp)"]
      lines += ["DTSTART:\(Self.utc(meeting.start))", "DTEND:\(Self.utc(meeting.end))", "SUMMARY:\(meeting.title)"]
      lines += extra + ["END:VEVENT"]
    }
    for (index, appointment) in appointments.enumerated() { event("appointment-\(index)", appointment) }
    for item in series {
      let starts = Self.occurrences(item, from: midnight, days: days)
      guard let first = starts.first else { continue }
      if recurring {
        let days = item.weekdays.sorted().map { Self.byDay[$0] }.joined(separator: ",")
        let end = midnight + self.days * 86_400 - 1
        var rule = ["RRULE:FREQ=WEEKLY;INTERVAL=\(item.weeks);BYDAY=\(days);UNTIL=\(Self.utc(end))"]
        rule += item.excluded.sorted().map { "EXDATE:\(Self.utc($0))" }
        event(item.uid, Meeting(start: first, end: first + item.length * 60, title: item.title), rule)
        for (original, moved) in item.moved.sorted(by: { $0.key < $1.key }) {
          event(
            item.uid, Meeting(start: moved, end: moved + item.length * 60, title: item.title),
            ["RECURRENCE-ID:\(Self.utc(original))"])
        }
      } else {
        for start in starts where !item.excluded.contains(start) {
          let begins = item.moved[start] ?? start
          event(
            "\(item.uid)-\(Self.utc(start))", Meeting(start: begins, end: begins + item.length * 60, title: item.title))
        }
      }
    }
    return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
  }

  /// RFC 5545's weekday names, from Sunday.
  static let byDay = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

  /// "20261102T093000Z".
  static func utc(_ instant: Instant) -> String {
    let day = CivilDay(instant)
    let seconds = TimeWords.secondsOfDay(instant)
    return String(
      format: "%04d%02d%02dT%02d%02d%02dZ", day.year, day.month, day.day, seconds / 3600, seconds % 3600 / 60,
      seconds % 60)
  }
}
