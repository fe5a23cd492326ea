import Foundation
import StrideBase

/// A routine's start and end, read around its rule: "every monday starting dec 7", "every 2 weeks until dec 1",
/// "every day for 3 weeks", "every day 10 times", "every 12 hours starting at 7pm". Docs/capture.md has the forms.
extension CaptureParser {
  /// The words that start a routine's first day ("starting dec 7", "as of monday"); a time of day alone after them
  /// is the routine's time ("starting at 7pm", "every monday from 2pm").
  static let seriesStarts: [[String]] = [
    ["starting"], ["starts"], ["beginning"], ["begins"], ["commencing"], ["from"], ["effective"], ["as", "of"],
    ["after"], ["between"],
  ]

  /// The words before a routine's last day: "until dec 1", "till friday", "through 3 jan", "ending 1 march".
  static let seriesEnds: [[String]] = [
    ["until"], ["till"], ["til"], ["'til"], ["through"], ["thru"], ["ending"], ["ends"], ["up", "to"],
  ]

  /// What one phrase of a series says.
  enum SeriesPart {
    case start(CivilDate)
    /// "from dec 1 to dec 20": the first day and the last.
    case startAndEnd(CivilDate, String)
    /// "every 2 hours from 10am to 6pm": an hourly routine's day, its first time and its last instant; "starting
    /// tomorrow 8am": a day and a time, with no end.
    case window(CivilDate, ClockTime, String?)
    /// "until further notice": no end, said in words.
    case noEnd
    case clock(ClockTime)
    case until(String)
    case span(RoutineSpan)
    case count(Int)
    /// An end whose day does not read ("until the exams"): kept in the title and named.
    case unreadEnd
  }

  /// Whether the words at `index` begin a routine's start, end, span or count: after a bare frequency word they
  /// make it a rule ("piano daily 10 times", "stretch daily for 3 weeks").
  static func beginsSeries(_ words: [String], _ index: Int) -> Bool {
    guard index < words.count else { return false }
    if seriesStarts.contains(where: { starts(words, index, with: $0) })
      || seriesEnds.contains(where: { starts(words, index, with: $0) })
    {
      return true
    }
    let amount = words[index] == "for" ? index + 1 : index
    guard amount + 1 < words.count, wholeAmount(words[amount]) != nil else { return false }
    return words[index] == "for" || ["times", "more"].contains(words[amount + 1])
  }

  /// Reads the start, the end and the span around a routine's rule (the words at `rule`), sets them on the rule and
  /// takes them out of the title. A span ("for 3 weeks") or a count ("10 times") is read only right after the rule,
  /// its time or another such phrase: before it, "prep meals for 3 days every sunday" is what the task is.
  func readSeries(
    _ words: [String], _ ranges: [Range<Int>], rule: Range<Int>, _ characters: [Character],
    into result: inout ParsedCapture, consumed: inout [Range<Int>]
  ) {
    guard var recurrence = result.recurrence else { return }
    let parts = seriesParts(words, rule: rule, recurrence: recurrence)
    // "every christmas": the rule's words may have given the first day.
    var startDay = recurrence.start.flatMap(Recurrence.untilDay)
    var span: RoutineSpan?
    let said = words
    for (part, words) in parts {
      let range = ranges[words.lowerBound].lowerBound..<ranges[words.upperBound - 1].upperBound
      let text = String(joining: characters[range])
      var reason: String?
      switch part {
      case .start(let day) where startDay == nil: startDay = day
      case .startAndEnd(_, let until) where isPast(until), .window(_, _, let until?) where isPast(until),
        .until(let until) where isPast(until):
        reason = "that day has already passed, so the routine would never come; write a later day, like until 24 dec"
      case .startAndEnd(let day, let until) where startDay == nil && recurrence.until == nil && recurrence.count == nil:
        (startDay, recurrence.until) = (day, until)
      case .window(let day, let clock, let until)
      where startDay == nil && (until == nil || recurrence.until == nil && recurrence.count == nil):
        (startDay, result.repeatClock) = (day, clock)
        if let until { recurrence.until = until }
      case .noEnd: break
      case .clock(let clock) where result.repeatClock == nil:
        result.repeatClock = clock
        if let other = otherClock(said, ranges, after: words.upperBound, clock, characters) {
          result.spans.append(other)
        }
      case .until(let until) where recurrence.until == nil && recurrence.count == nil && span == nil:
        recurrence.until = until
      case .span(let length) where recurrence.until == nil && recurrence.count == nil && span == nil:
        span = length
      case .count(let count) where recurrence.until == nil && recurrence.count == nil && span == nil:
        recurrence.count = count
      case .start, .startAndEnd, .window, .clock: reason = "the line already says when the routine starts"
      case .until, .span, .count: reason = "the line already says when the routine ends"
      case .unreadEnd:
        reason = "it is no day Stride reads, so the routine has no end yet; write the day, like until 24 dec"
      }
      let field: CaptureSpan.Field = reason == nil ? .repeat : .unread
      if reason == nil { consumed.append(range) }
      result.spans.append(
        CaptureSpan(field: field, text: text, start: range.lowerBound, end: range.upperBound, reason: reason))
    }
    recurrence.start = startDay.map(Recurrence.dayText)
    result.recurrence = recurrence
    result.repeatSpan = span
  }

  /// Whether an end (`20261201`, or an hourly rule's `20261121T170000Z`) is already behind: a day before today, an
  /// instant before now.
  private func isPast(_ until: String) -> Bool {
    if until.count > 8, let instant = Timestamp.parseBasic(until) { return instant < times.reference }
    return Recurrence.untilDay(until).map { $0.dayNumber < times.today.dayNumber } == true
  }

  /// The start, end and span phrases around a routine's rule, in order, with the words each took.
  private func seriesParts(_ words: [String], rule: Range<Int>, recurrence: Recurrence) -> [(SeriesPart, Range<Int>)] {
    var parts: [(SeriesPart, Range<Int>)] = []
    var index = 0
    var lastEnd = rule.upperBound
    while index < words.count {
      if rule.contains(index) {
        index = rule.upperBound
        continue
      }
      let adjacent = index >= rule.upperBound && (index == lastEnd || times.parse(words[lastEnd..<index]) != nil)
      guard let (part, end) = seriesPart(words, at: index, adjacent: adjacent, upTo: rule, recurrence: recurrence)
      else {
        index += 1
        continue
      }
      parts.append((part, index..<end))
      index = end
      lastEnd = max(end, rule.upperBound)
    }
    return parts
  }

  /// "every weekday at 9 check inbox": an hour right after the rule is its time, though a title follows (alone in
  /// a title, "at 9 downing street" is no time). Not after a part of the day, which says its own half of the clock.
  private func hourAfter(_ words: [String], at index: Int, rule: Range<Int>, limit: Int) -> (SeriesPart, Int)? {
    guard index == rule.upperBound, words[index] == "at", index + 2 < limit,
      !words[rule].contains(where: { TimeWords.dayParts[$0] != nil }),
      let match = times.parse(words[index..<index + 2]), match.timeOfDayOnly,
      times.parse(words[index..<index + 3]) == nil
    else { return nil }
    return (.clock(times.calendar.clock(of: times.startInstant(match.value))), index + 2)
  }

  /// The series phrase at `index`, and the index after it; nil when none starts there.
  private func seriesPart(
    _ words: [String], at index: Int, adjacent: Bool, upTo rule: Range<Int>, recurrence: Recurrence
  ) -> (SeriesPart, Int)? {
    // The words a phrase may take: up to the rule when it stands before it.
    let limit = index < rule.lowerBound ? rule.lowerBound : words.count
    if let clock = hourAfter(words, at: index, rule: rule, limit: limit) { return clock }
    for marker in Self.seriesStarts where Self.starts(words, index, with: marker) {
      var position = index + marker.count
      if position < limit, ["on", "from"].contains(words[position]) { position += 1 }
      // "after" is read with its time ("after lunch" is 13:00, "lunch" alone a meal), and so is "between" ("every 2
      // hours between 8am and 8pm" is from 8am to 8pm).
      if marker == ["after"] || marker == ["between"] { position = index }
      guard let (match, end) = longestTime(words, position, limit) else { continue }
      // Before the rule, "from" and a day begin a line ("from monday every day journal"); inside a title they say
      // where something comes from ("notes from friday's meeting every week").
      if marker == ["from"], index < rule.lowerBound, index > 0, !match.timeOfDayOnly { continue }
      // "gym every monday after 6pm": its time of day; after a day ("after dec 7") the series starts the day after,
      // which the task's own start says better, so that is left to it.
      if marker == ["after"], !match.timeOfDayOnly { continue }
      return startPart(match, words, position..<end, recurrence)
    }
    for marker in Self.seriesEnds where Self.starts(words, index, with: marker) {
      var position = index + marker.count
      if Self.starts(words, position, with: ["further", "notice"]) { return (.noEnd, position + 2) }
      if position < limit, ["on", "the"].contains(words[position]), words[position - 1] != "through" {
        position += 1
      }
      guard let (match, end) = longestTime(words, position, limit) else {
        // After the rule, "until" is its end: one that does not read is named, not dropped.
        guard index >= rule.upperBound, position < limit, marker != ["up", "to"] else { continue }
        return (.unreadEnd, position + 1)
      }
      guard let until = untilText(match, hourly: recurrence.frequency == .hourly) else { continue }
      return (.until(until), end)
    }
    guard adjacent else { return nil }
    return spanOrCount(words, at: index, limit)
  }

  /// What a time after a start word says: the routine's time of day, its first day (with a time, or an end), or
  /// its first day alone; `range` holds the time's words.
  private func startPart(
    _ match: TimeParser.Match, _ words: [String], _ range: Range<Int>, _ recurrence: Recurrence
  ) -> (SeriesPart, Int) {
    let end = range.upperBound
    if match.timeOfDayOnly {
      return (.clock(times.calendar.clock(of: times.startInstant(match.value))), end)
    }
    let first = startDay(match, words[range])
    if case .instant(var from) = match.value, case .instant(var to)? = match.end,
      times.calendar.day(of: from) == times.calendar.day(of: to)
    {
      // "every 2 hours from 10am to 6pm": an hourly routine's hours; "every weekday from 9am to 5pm": its time.
      let clock = times.calendar.clock(of: from)
      guard recurrence.frequency == .hourly else { return (.clock(clock), end) }
      // "every 2 hours between 8am and 8pm" said at 09:00: today's hours, under way, not tomorrow's; the first
      // time is the next one of them still ahead.
      let today = times.calendar.adding(days: -1, to: to)
      if times.calendar.day(of: from) != times.today, today > times.reference,
        !words[range].contains(where: { TimeWords.dayWords.contains($0) || TimeWords.weekdays[$0] != nil })
      {
        (from, to) = (times.calendar.adding(days: -1, to: from), today)
      }
      return (.window(times.calendar.day(of: from), clock, Timestamp.basic(to)), end)
    }
    if case .instant(let at) = match.value, match.end == nil {
      // "starting tomorrow 8am", "starting now": the first day (this season's, as for a day alone), and the
      // routine's time.
      return (.window(first, times.calendar.clock(of: at), nil), end)
    }
    // "starting next week", "from next month": a period's first day starts the routine, with no end.
    if match.end != nil, Self.namesBothEnds(words[range]), var until = untilText(match, hourly: false) {
      // "from nov 1 to nov 20" said on 21 November: both this season's, never a year-long routine.
      let named = times.calendar.day(of: times.startInstant(match.value))
      if first.dayNumber < named.dayNumber, let day = Recurrence.untilDay(until) {
        until = Recurrence.dayText(day.adding(months: -12))
      }
      return (.startAndEnd(first, until), end)
    }
    return (.start(first), end)
  }

  /// Whether words read as one time write both its ends ("dec 1 to dec 20", "22-23 feb", "between 1 and 5 dec"),
  /// rather than name one period ("next week", "mid january").
  private static func namesBothEnds(_ words: ArraySlice<String>) -> Bool {
    words.contains { word in
      ["to", "through", "thru", "until", "till", "til", "and", "-", "–"].contains(word)
        || (word.first?.isNumber == true && word.contains { $0 == "-" || $0 == "–" })
    }
  }

  /// "for 3 weeks", "for the next 10 days", "for a month" (a span), or "10 times", "for 5 times" (a count).
  private func spanOrCount(_ words: [String], at index: Int, _ limit: Int) -> (SeriesPart, Int)? {
    var position = index
    let spanned = words[position] == "for"
    if spanned { position += 1 }
    if spanned, Self.starts(words, position, with: ["the", "next"]) { position += 2 }
    // "for the rest of the year", "for the rest of the month": until this one's last day.
    if spanned, Self.starts(words, position, with: ["the", "rest", "of"]) {
      let unit = position + 3 < limit && words[position + 3] == "the" ? position + 4 : position + 3
      let today = times.today
      let last: CivilDate? =
        switch unit < limit ? words[unit] : "" {
        case "week": today.startOfWeek.adding(days: 6)
        case "month": today.endOfMonth
        case "year": CivilDate(year: today.year, month: 12, day: 31)
        default: nil
        }
      return last.map { (.until(Recurrence.dayText($0)), unit + 1) }
    }
    guard position + 1 < limit, let amount = Self.wholeAmount(words[position]) else { return nil }
    let unit = words[position + 1]
    if unit == "times" || unit == "more" && position + 2 < limit && words[position + 2] == "times" {
      let end = position + (unit == "more" ? 3 : 2)
      // "3 times a day" is how often, not how many: no count.
      if end < words.count, ["a", "an", "per", "each", "every"].contains(words[end]) { return nil }
      return (1...9999).contains(amount) ? (.count(amount), end) : nil
    }
    guard spanned, (1...999).contains(amount) else { return nil }
    let span: RoutineSpan? =
      switch unit {
      case "day", "days": RoutineSpan(days: amount, months: 0)
      case "week", "weeks", "wk", "wks": RoutineSpan(days: 7 * amount, months: 0)
      case "fortnight", "fortnights": RoutineSpan(days: 14 * amount, months: 0)
      case "month", "months": RoutineSpan(days: 0, months: amount)
      case "year", "years": RoutineSpan(days: 0, months: 12 * amount)
      default: nil
      }
    return span.map { (.span($0), position + 2) }
  }

  /// The longest run of words from `index` (up to five, before `limit` and the next start or end) that reads as
  /// one time: "starting at 11am until 11pm" is two phrases, not one range.
  private func longestTime(_ words: [String], _ index: Int, _ limit: Int) -> (TimeParser.Match, Int)? {
    guard index < limit else { return nil }
    let next = (index + 1..<limit).first { position in
      Self.seriesStarts.contains { Self.starts(words, position, with: $0) }
        || Self.seriesEnds.contains { Self.starts(words, position, with: $0) } || words[position] == "for"
    }
    let limit = next ?? limit
    for end in stride(from: min(limit, index + 5), to: index, by: -1) {
      if let match = times.parse(words[index..<end]) { return (match, end) }
    }
    return nil
  }

  /// A routine's first day as named. A day and month without a year that is more than half a year ahead is this
  /// season's, already under way ("starting 1 nov" on 21 November started three weeks ago), not next year's.
  private func startDay(_ match: TimeParser.Match, _ words: ArraySlice<String>) -> CivilDate {
    let day = times.calendar.day(of: times.startInstant(match.value))
    let yearWritten = words.contains { word in word.contains("'") || (Int(word).map { $0 >= 1000 } ?? false) }
    guard !yearWritten, day.dayNumber - times.today.dayNumber > 183 else { return day }
    let earlier = day.adding(months: -12)
    return earlier.dayNumber >= times.today.dayNumber - 183 ? earlier : day
  }

  /// An end as RRULE's UNTIL: the last day (`20261201`); for an hourly rule a time of day is the last instant of
  /// its first day, written in UTC (`20261121T170000Z`). Nil for a time of day alone on a rule by the day.
  private func untilText(_ match: TimeParser.Match, hourly: Bool, instant: Bool = false) -> String? {
    let last = match.end ?? match.value
    if match.timeOfDayOnly || instant {
      guard hourly else { return nil }
      return Timestamp.basic(times.startInstant(last))
    }
    return Recurrence.dayText(times.calendar.day(of: times.startInstant(last)))
  }

  /// "every 30 minutes", "every half hour", "every 90 seconds", "every 1.5 hours": a rhythm shorter than an hour or
  /// not in whole hours, which no routine keeps. Named with why, so it is never taken for something else.
  func tooOften(_ words: [String], _ ranges: [Range<Int>], _ characters: [Character]) -> CaptureSpan? {
    let short: Set<String> = [
      "second", "seconds", "sec", "secs", "minute", "minutes", "min", "mins", "m", "s",
    ]
    let hours: Set<String> = ["hour", "hours", "hr", "hrs", "h"]
    for index in words.indices where RecurrenceReader.everyWords.contains(words[index]) {
      var end = index + 1
      if end < words.count, words[end] == "half" || Self.wholeAmount(words[end]) != nil || Double(words[end]) != nil {
        end += 1
      }
      if end < words.count, ["a", "an"].contains(words[end]), words[end - 1] == "half" { end += 1 }
      let compact = index + 1 < words.count ? words[index + 1] : ""
      let digits = compact.prefix { $0.isNumber }
      // "every 5m", "every 30min": one word.
      let compactShort = !digits.isEmpty && short.contains(String(compact.dropFirst(digits.count)))
      if compactShort { end = index + 1 }
      guard end < words.count else { continue }
      let amount = words[index + 1]
      let fraction = amount == "half" || (Double(amount).map { $0 != $0.rounded() } ?? false)
      guard compactShort || short.contains(words[end]) || (hours.contains(words[end]) && fraction) else { continue }
      let range = ranges[index].lowerBound..<ranges[end].upperBound
      return CaptureSpan(
        field: .unread, text: String(joining: characters[range]), start: range.lowerBound, end: range.upperBound,
        reason: "a routine comes back every hour at the most often, in whole hours; write every hour or every 2 "
          + "hours, or keep it as a reminder to yourself")
    }
    return nil
  }

  /// Whether the words at `index` are `marker`.
  static func starts(_ words: [String], _ index: Int, with marker: [String]) -> Bool {
    index + marker.count <= words.count && Array(words[index..<(index + marker.count)]) == marker
  }

  /// A whole number written in figures or as a word ("3", "ten", "a").
  static func wholeAmount(_ word: String) -> Int? {
    if let number = Int(word) { return number }
    guard let amount = TimeWords.amounts[word], amount >= 1, amount == amount.rounded() else { return nil }
    return Int(amount)
  }
}

extension TimeParser {
  /// `parse` over words.
  func parse(_ words: ArraySlice<String>) -> Match? {
    words.isEmpty ? nil : parse(words.joined(separator: " "))
  }
}
