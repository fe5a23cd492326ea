import Foundation
import StrideBase

extension RecurrenceReader {
  /// A whole text as a rule with its start and end, read as a capture reads them: "every monday starting dec 7",
  /// "every day for 3 weeks", "every 2 hours from 10am to 6pm" (`stride edit --repeat`). Nil when any word is not
  /// part of it, or a day is named outside the start and the end ("every monday next week").
  static func series(_ text: String, times: TimeParser) -> Reading? {
    let parsed = capture(text, times: times)
    guard var rule = parsed.recurrence, parsed.title.isEmpty, parsed.start == nil, parsed.steps.isEmpty,
      !parsed.spans.contains(where: { $0.field == .unread || $0.field == .start })
    else { return nil }
    var clock = parsed.repeatClock
    if rule.frequency == .yearly, rule.start == nil, let due = parsed.due,
      let span = parsed.spans.first(where: { $0.field == .due }), let match = times.parse(span.text),
      !match.timeOfDayOnly
    {
      // "every january 1st", "every fourth of july at 9am": the date the rule's words left to the time reader is
      // its first day, and a time with it the routine's.
      rule.start = Recurrence.dayText(times.calendar.day(of: due))
      if case .instant = match.value { clock = times.calendar.clock(of: due) }
      return (rule, clock)
    }
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

  /// Words of a rule that no rule keeps, as a capture names them ("every easter", "every 2nd and 4th tuesday",
  /// "except christmas"), with the reason: what `stride when` says of them.
  public static func unread(_ text: String, times: TimeParser) -> (text: String, reason: String)? {
    capture(text, times: times).spans.lazy.compactMap { span in
      span.field == .unread ? span.reason.map { (span.text, $0) } : nil
    }.first
  }

  /// `text` read as a capture is, with the reader's reference, zone, date order and day start.
  private static func capture(_ text: String, times: TimeParser) -> ParsedCapture {
    CaptureParser(
      reference: times.reference, timeZone: times.calendar.timeZone, dateOrder: times.dateOrder,
      dayStart: times.dayStart
    ).parse(text)
  }
}
