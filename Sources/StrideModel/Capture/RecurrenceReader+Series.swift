import Foundation
import StrideBase

extension RecurrenceReader {
  /// A whole text as a rule with its start and end, read as a capture reads them: "every monday starting dec 7",
  /// "every day for 3 weeks", "every 2 hours from 10am to 6pm" (`stride edit --repeat`). Nil when any word is not
  /// part of it, or a day is named outside the start and the end ("every monday next week").
  static func series(_ text: String, times: TimeParser) -> Reading? {
    let parser = CaptureParser(
      reference: times.reference, timeZone: times.calendar.timeZone, dateOrder: times.dateOrder,
      dayStart: times.dayStart)
    let parsed = parser.parse(text)
    guard var rule = parsed.recurrence, parsed.title.isEmpty, parsed.start == nil, parsed.steps.isEmpty,
      !parsed.spans.contains(where: { $0.field == .unread || $0.field == .start })
    else { return nil }
    var clock = parsed.repeatClock
    if parsed.due != nil {
      // Only a time of day may stand beside the rule: it is the routine's time.
      guard let due = parsed.spans.first(where: { $0.field == .due }), times.parse(due.text)?.timeOfDayOnly == true,
        let instant = parsed.due
      else { return nil }
      clock = times.calendar.clock(of: instant)
    }
    if let span = parsed.repeatSpan {
      let first = Capture.firstOccurrence(
        of: rule, clock: clock, due: nil, at: times.reference, calendar: times.calendar)
      rule.until = Recurrence.dayText(span.lastDay(from: times.calendar.day(of: first)))
    }
    return (rule, clock)
  }
}
