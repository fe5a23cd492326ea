import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideWire

/// `time.parse`: the words of a time, read in the zone and date order of whoever asks, the same way a capture reads
/// them, and said back in words. Every time option of the command line (`--until`, `--since`, `--due`, `--at`) is
/// read here, so the client needs no calendar of its own.
struct TimeReader {
  var zone: TimeZone
  var dateOrder: NumericDateOrder = .unknown
  /// When the person's day starts (`time.dayStart`): a day alone stands for it in a `day-start` moment.
  var dayStart = TimeParser.defaultDayStart

  /// Reads `params.text` at `params.ref`, else at `now`; an error that says what Stride can read when it cannot.
  func read(_ params: TimeParse.Params, now: Date) throws(StrideError) -> TimeParse.Result {
    let reference = params.ref?.date ?? now
    let reading = params.reading ?? .phrase
    let parser = parser(at: reference)
    let text = params.text
    // An hour without am or pm is read as a capture reads it, except by what looks back (--since, log's --until).
    guard let match = parser.parse(text, ahead: reading == .phrase || reading == .moment) else {
      throw unreadable(text, reading: reading, parser: parser)
    }
    if let contradiction = match.contradiction { throw StrideError.invalid(contradiction) }
    if reading != .phrase, TimeParser.isSomeday(match.value) {
      throw StrideError.invalid(
        "'\(text)' names no time; give a real one (like next month), or for a task that can wait without one, defer "
          + "it as not-important (it comes back in a week)")
    }
    var allDay = false
    let start = parser.instant(match.value, dateOnly: .startOfDay)
    var end = match.end.map { parser.instant($0, dateOnly: .endOfDay) }
    if case .day = match.value, match.end == nil {
      allDay = true
      end = parser.instant(match.value, dateOnly: .endOfDay)
    }
    let at: Date =
      switch reading {
      case .phrase: start
      // A due (`--due this month`) is the end of a period or a range; any other moment its start.
      case .moment where params.dayAlone == .endOfDay && match.end != nil:
        parser.instant(match.end!, dateOnly: .endOfDay)
      case .moment: parser.instant(match.value, dateOnly: clock(for: params.dayAlone ?? .startOfDay))
      case .since: try since(text, at: reference, parser: parser, readNow: start)
      // The end of a look back: the last time the words came, as --since reads them; words still to come as said.
      case .pastMoment: (try? since(text, at: reference, parser: parser, readNow: start)) ?? start
      }
    let time = HumanTime(now: reference, timeZone: zone)
    let here = match.zone == nil ? nil : zone.identifier
    // A phrase is said whole, with the convention it was read by where task apps differ; a moment or a since is
    // the one instant it stands for.
    let said =
      reading == .phrase
      ? TimeParse.Said(
        sentence: sentence(
          quoting: text, start: start, end: end, allDay: allDay, wholeDays: match.wholeDays, here: here, time
        ).withConvention(match.convention),
        start: time.rfc3339(start), end: end.map(time.rfc3339), at: time.describe(at))
      : TimeParse.Said(
        sentence: sentence(quoting: text, start: at, end: nil, allDay: false, wholeDays: false, here: here, time),
        start: time.rfc3339(at), at: time.describe(at))
    return TimeParse.Result(
      matched: match.text, start: Timestamp(start), end: end.map(Timestamp.init), allDay: allDay,
      timeZone: zone.identifier,
      namedZone: match.zone?.name, at: Timestamp(at), said: said)
  }

  /// Why `text` is no time, in a sentence that says what Stride can read.
  private func unreadable(_ text: String, reading: TimeParse.Reading, parser: TimeParser) -> StrideError {
    if let ambiguous = parser.ambiguousNumericDate(in: text) { return StrideError.invalid(ambiguous) }
    if let miss = parser.nearMisses(in: text, meantAsTime: true).first {
      return StrideError.invalid("'\(miss.text)' is not a time: \(miss.reason).")
    }
    if let (rule, _) = RecurrenceReader.parse(text, times: parser) {
      return StrideError.invalid(
        "'\(text)' is a repeat (\(rule.words)), not one time; to give a task this repeat: stride edit ID --repeat "
          + "\"\(text)\"")
    }
    if let unread = RecurrenceReader.unread(text, times: parser) {
      return StrideError.invalid("'\(unread.text)' is no time Stride keeps: \(unread.reason).")
    }
    return StrideError.invalid(
      reading == .phrase
        ? "'\(text)' is not a time Stride can read; try words like tomorrow 9am, next fri, in 2 hours or 2026-12-01"
        : "'\(text)' is not a time Stride can read; try tonight, tomorrow 9am, next fri, in 2 hours or 2026-12-01 "
          + "(stride when shows how a time is read)")
  }

  /// Reads words as at `reference`, in this reader's zone, date order and day start.
  private func parser(at reference: Date) -> TimeParser {
    TimeParser(reference: reference, timeZone: zone, dateOrder: dateOrder, dayStart: dayStart)
  }

  private func clock(for dayAlone: TimeParse.DayAlone) -> ClockTime {
    switch dayAlone {
    case .startOfDay: .startOfDay
    case .endOfDay: .endOfDay
    case .dayStart: dayStart
    }
  }

  /// What `stride when` says of a reading: the day and clock in the reader's zone, a range as from and to.
  private func sentence(
    quoting text: String, start: Date, end: Date?, allDay: Bool, wholeDays: Bool, here zone: String?,
    _ time: HumanTime
  ) -> String {
    let quoted = "\"\(text)\""
    if allDay { return "\(quoted) is the whole of \(time.fullDay(start))." }
    // "this month", "the weekend", "22-23 feb": whole days, from the first to the end of the last.
    if wholeDays, let end { return "\(quoted) is from \(time.fullDay(start)) to the end of \(time.fullDay(end))." }
    if let end {
      return
        "\(quoted) is from \(time.fullDay(start)) at \(time.clock(start)) to \(time.fullDay(end)) at \(time.clock(end))."
    }
    // Read in the zone it names, said back in the reader's.
    let here = zone.map { " here, \($0)" } ?? ""
    return "\(quoted) is \(time.fullDay(start)) at \(time.clock(start))\(here)."
  }

  /// The start of what the words name, at its last occurrence before `now`: "monday" is the Monday just gone and
  /// "this month" its first day, where a deadline would read them forward. `readNow`: where the words start, as
  /// `parser` (at `now`) already read them.
  private func since(
    _ text: String, at now: Date, parser: TimeParser, readNow: Date
  ) throws(StrideError) -> Date {
    // "today", "this week", "this month": what the words name has begun, and starts where a capture's reading of
    // the same words starts (a period at its first day).
    if readNow <= now { return readNow }
    let words = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    // Words that point ahead ("tomorrow", "next friday", "in 2 days") name a time to come whatever the reference.
    let ahead = ["tomorrow", "tonight", "next", "in", "later", "now"]
    let pointsAhead = words.split(separator: " ").contains { ahead.contains(String($0)) }
    // Else read from a little earlier each time until what the words name has begun: a day, a week, a year back
    // ("9am" yesterday, "friday" last week, "nov 30" last year).
    for daysBack in pointsAhead ? [] : [1, 7, 366] {
      let earlier = self.parser(at: LocalCalendar(timeZone: zone).adding(days: -daysBack, to: now))
      if let match = earlier.parse(text) {
        let start = earlier.instant(match.value, dateOnly: .startOfDay)
        if start <= now { return start }
      }
    }
    throw StrideError.invalid(
      "'\(text)' is still to come; give a time before now, like monday, 2 weeks ago or 2026-11-01")
  }
}

extension TimeReader {
  /// `params.patch` with its repeat read from `params.repeatWords`: a rule, and when the words name a time of day
  /// ("every mon wed fri 7am") and the patch no due time, today at that time as the due time (the rule moves it on).
  func patch(_ params: Wire.TaskUpdate.Params, now: Date) throws(StrideError) -> TaskPatch {
    var patch = TaskPatch(params)
    guard let words = params.repeatWords else { return patch }
    guard let words else {
      patch.recurrence = .some(nil)
      return patch
    }
    let times = parser(at: now)
    guard let reading = RecurrenceReader.parse(words, times: times) else {
      throw StrideError(
        .invalidParams,
        "'\(words)' is not a repeat Stride can read; try every monday, every mon wed fri 7am, every weekday, every "
          + "2 weeks, daily, every month on the 1st, every 3 days after done, every 4 hours or every monday until "
          + "dec 14", param: "repeat")
    }
    patch.recurrence = .some(reading.rule)
    if let clock = reading.clock, patch.due == nil {
      patch.due = .some(times.calendar.date(times.calendar.day(of: now), clock))
    }
    return patch
  }
}

extension String {
  /// A sentence with the convention it was read by before its full stop: "… Tuesday 24 November 2026 (early, mid
  /// and late are …)."
  fileprivate func withConvention(_ convention: String?) -> String {
    guard let convention, hasSuffix(".") else { return self }
    return String(dropLast()) + " (\(convention))."
  }
}
