import Foundation
import StrideBase

/// Turns a line a person typed into a task draft, with the capture language of `CaptureParser`.
public enum Capture {
  /// The draft for `text` at `reference` in `timeZone`; a text with no title left once its tokens are read is
  /// refused. The raw text is always kept as it was.
  public static func draft(
    from text: String, at reference: Date, timeZone: TimeZone, dateOrder: NumericDateOrder = .unknown,
    dayStart: ClockTime = TimeParser.defaultDayStart
  ) throws(StrideError) -> TaskDraft {
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw StrideError.invalid("the text is empty; say in a few words what you want to do")
    }
    let parser = CaptureParser(reference: reference, timeZone: timeZone, dateOrder: dateOrder, dayStart: dayStart)
    if let ambiguous = parser.times.ambiguousNumericDate(in: text, inTitle: true) {
      throw StrideError.invalid(ambiguous)
    }
    let parsed = parser.parse(text)
    if let problem = parsed.problem { throw StrideError.invalid(problem) }
    // Punctuation alone (":", "- -") is no task, whatever the parser made of it.
    let words = parsed.title.isEmpty ? text : parsed.title
    guard words.contains(where: { $0.isLetter || $0.isNumber }) else {
      throw StrideError.invalid(
        "'\(words.trimmingCharacters(in: .whitespacesAndNewlines))' says nothing to do; write it in a few words, "
          + "like: stride add \"call the dentist\"")
    }
    guard !parsed.title.isEmpty else {
      throw StrideError.invalid(
        "only times and tokens were given (like tomorrow 9am, ~10m or #home); add a few words that say what to do")
    }
    var (due, start) = (parsed.due, parsed.start)
    var recurrence = parsed.recurrence
    if let rule = recurrence {
      (due, start, recurrence) = routine(rule, parsed, at: reference, calendar: LocalCalendar(timeZone: timeZone))
    }
    return TaskDraft(
      title: try StrideTask.checkedTitle(parsed.title), rawInput: text, steps: parsed.steps,
      energy: parsed.energy ?? .medium, estimateMinutes: parsed.estimateMinutes, type: parsed.type ?? .chore,
      due: due, start: start, tags: parsed.tags, recurrence: recurrence, spans: parsed.spans, list: parsed.list)
  }

  /// A routine's due, start and rule from a capture: its first occurrence, no start of its own (a start the line
  /// names is the series' first day: due at the first occurrence on or after it, not hidden until then), and its
  /// end once the first occurrence is known.
  static func routine(
    _ read: Recurrence, _ parsed: ParsedCapture, at reference: Date, calendar: LocalCalendar
  ) -> (due: Date, start: Date?, rule: Recurrence) {
    var rule = read
    var clock = parsed.repeatClock
    var start = parsed.start
    if rule.start == nil, let named = start {
      rule.start = Recurrence.dayText(calendar.day(of: named))
      // "every 2 hours from 8am": an hourly series runs from that time.
      if rule.frequency == .hourly, clock == nil { clock = calendar.clock(of: named) }
      start = nil
    }
    var named = parsed.due
    if let part = clock, part.hour >= 12, let due = named, calendar.clock(of: due).hour < 12,
      let words = parsed.spans.first(where: { $0.field == .due })?.text.lowercased(),
      words.range(of: #"\d\s*[ap]\.?m?\b|morning|noon"#, options: .regularExpression) == nil
    {
      // "every night at 10", "every evening at 7:30": the hour on the day part's side of noon.
      // The parser leaned the morning hour to tomorrow when it had passed; the evening one may still be today.
      let evening = due.addingTimeInterval(12 * 3600)
      named = evening.addingTimeInterval(-86_400) > reference ? evening.addingTimeInterval(-86_400) : evening
    }
    // "rent on the 31st every month": the day the line named is the routine's day.
    var series = named.map { rule.keepingDay(of: $0, in: calendar) } ?? rule
    let first = firstOccurrence(of: series, clock: clock, due: named, at: reference, calendar: calendar)
    // "for 3 weeks": from the first occurrence, so "every morning for 30 days" is thirty mornings.
    if let span = parsed.repeatSpan { series.until = Recurrence.dayText(span.lastDay(from: calendar.day(of: first))) }
    return (first, start, series)
  }

  /// A routine's first due time: the first occurrence from its start ("every monday starting dec 7"; a start
  /// already behind: the first one still ahead in the series counted from it), else from the due time the line
  /// named ("every monday 9am"), else from now; at the clock time the line or the rule named, else at the end of
  /// the day. An hourly rule's first time is the time it names, else one step from now at the nearest whole hour
  /// ("every 8 hours" said at 11:42: 20:00), a round time a person can keep, never 19:42.
  public static func firstOccurrence(
    of rule: Recurrence, clock: ClockTime?, due: Date?, at reference: Date, calendar: LocalCalendar
  ) -> Date {
    let named = due.map { calendar.clock(of: $0) }
    // A time the line names ("every morning at 7") wins over the one the rule's words imply.
    let time = named ?? clock ?? .endOfDay
    var schedule = rule
    schedule.afterDone = false
    // "every other monday" said on a Wednesday: the coming Monday, and every other one from it. Counted from
    // this week, the coming one would be skipped.
    var coming = schedule
    if coming.frequency == .weekly { coming.interval = 1 }
    if let startDay = rule.start.flatMap(Recurrence.untilDay) {
      // An hourly series from a day alone starts when the day does (09:00).
      let hourly = named ?? clock ?? TimeParser.defaultDayStart
      let start = calendar.date(startDay, rule.frequency == .hourly ? hourly : time)
      let first = coming.next(after: start.addingTimeInterval(-1), anchor: start, in: calendar)
      // "starting now": a time that is this very moment is still ahead.
      return first >= reference ? first : schedule.next(after: reference, anchor: first, in: calendar)
    }
    if rule.frequency == .hourly {
      guard named != nil || clock != nil else {
        let step = reference.addingTimeInterval(schedule.hourStep)
        var hour = calendar.clock(of: step)
        let late = hour.minute >= 30
        (hour.minute, hour.second) = (0, 0)
        return calendar.date(calendar.day(of: step), hour).addingTimeInterval(late ? 3600 : 0)
      }
      let anchor = calendar.date(calendar.day(of: due ?? reference), time)
      return schedule.next(after: reference, anchor: anchor, in: calendar)
    }
    let anchor = calendar.date(calendar.day(of: due ?? reference), time)
    // The named day itself counts when it fits the rule; from now, the first one still ahead.
    let from = due.map { calendar.date(calendar.day(of: $0), time).addingTimeInterval(-1) } ?? reference
    let first = coming.next(after: from, anchor: anchor, in: calendar)
    // A named day already behind: the occurrence that is current now, not a pile of missed ones.
    return schedule.current(from: first, at: reference, in: calendar)?.due ?? first
  }
}
