import Foundation
import StrideBase

/// Routines written in words no rule of Stride's keeps, named in the reply rather than kept in the title without a
/// word: a holiday whose date moves ("every easter"), a month or a season without its day ("every january", "every
/// spring"), a weekday of one month a year ("every last thursday of november"), and several weekdays of the month
/// ("every 2nd and 4th tuesday", "the 1st and 3rd monday of every month"). Their words are kept in the title and
/// read as no other time.
extension CaptureParser {
  /// "christmas" after "every": the holiday's coming date (today's included; with a year after it, that year's) and
  /// the index after the words; nil for a holiday whose date moves from year to year.
  func holidayStart(_ words: [String], _ index: Int) -> (CivilDate, Int)? {
    guard let (holiday, end) = Scan.holidayName(in: words, at: index),
      case .fixed = holiday
    else { return nil }
    // "every christmas 2027": from that year's.
    if end < words.count, let year = Scan.fullYear(words[end]) {
      return Scan.holiday(holiday, in: year).map { ($0, end + 1) }
    }
    return Scan.next(holiday, from: times.today).map { ($0, end) }
  }

  /// "every weekend except christmas", "walk every day except when it rains": what a rule ending at `index` leaves
  /// out that is no day of the week (those are read: `RecurrenceReader.withoutDays`), kept in the title and named,
  /// and read as no other time.
  func unreadLeaveOut(
    _ words: [String], _ ranges: [Range<Int>], after index: Int, _ characters: [Character]
  ) -> CaptureSpan? {
    // "except weekends and holidays", "and christmas": what is left out after the days that were, when it is no day
    // of the week ("walk every day except sunday and read" is the title's "and").
    let more =
      index + 1 < words.count && ["and", "or", "&"].contains(words[index])
      && words[max(0, index - 4)..<index].contains { ["except", "excluding", "but", "than"].contains($0) }
      && (words[index + 1].hasPrefix("holiday") || words[index + 1].hasSuffix("holidays")
        || ["public", "bank"].contains(words[index + 1]) || Scan.holidayName(in: words, at: index + 1) != nil)
    guard
      let lead = more
        ? [words[index]]
        : [["except"], ["excluding"], ["but", "not"], ["other", "than"]].first(where: {
          Self.starts(words, index, with: $0)
        })
    else { return nil }
    var end = index + lead.count
    // At most five words, up to a time of day or the routine's start or end.
    while end < words.count, end < index + lead.count + 5, !["at", "@"].contains(words[end]),
      !RecurrenceReader.looksLikeClock(words[end]), !Self.beginsSeries(words, end)
    {
      end += 1
    }
    guard end > index + lead.count else { return nil }
    // Weekdays left out of a rule that is not on days ("every 2 weeks except friday"): the days alone.
    let weekdays = RecurrenceReader.weekdayList(words, index + lead.count)
    if let (_, after) = weekdays { end = after }
    let range = ranges[index].lowerBound..<ranges[end - 1].upperBound
    return CaptureSpan(
      field: .unread, text: String(joining: characters[range]), start: range.lowerBound, end: range.upperBound,
      reason: weekdays != nil
        ? "only a routine every day or on days of the week leaves days out; write the days it is on, like every 2 "
          + "weeks on monday and wednesday"
        : "a routine leaves out only days of the week, like except sundays")
  }

  /// "every tue night and fri morning": other weekdays at another time of day after a rule's, kept in the title and
  /// named (the same time of day joins the rule: `RecurrenceReader.moreDays`).
  func otherDays(_ words: [String], _ ranges: [Range<Int>], after index: Int, _ characters: [Character]) -> CaptureSpan?
  {
    guard let (_, end, _) = RecurrenceReader.daysAtAPart(words, index) else { return nil }
    let range = ranges[index].lowerBound..<ranges[end - 1].upperBound
    return CaptureSpan(
      field: .unread, text: String(joining: characters[range]), start: range.lowerBound, end: range.upperBound,
      reason: "a routine comes at one time of day; for those days at their own time, add a second routine")
  }

  /// "vitamins daily at 8am and 8pm", "meds every day at 9am & 1pm": a second time of day after the routine's, kept
  /// in the title and named. A routine comes at one time of day; stored at the later one without a word, the
  /// morning's would be lost.
  func otherClock(
    _ words: [String], _ ranges: [Range<Int>], after index: Int, _ clock: ClockTime, _ characters: [Character]
  ) -> CaptureSpan? {
    let joined = index < words.count && ["and", "&", "then"].contains(words[index])
    guard let end = RecurrenceReader.clockEnd(words, at: joined ? index + 1 : index) else { return nil }
    let range = ranges[index].lowerBound..<ranges[end - 1].upperBound
    let time = String(format: "%02d:%02d", clock.hour, clock.minute)
    return CaptureSpan(
      field: .unread, text: String(joining: characters[range]), start: range.lowerBound, end: range.upperBound,
      reason: "a routine comes at one time of day, and this one is at \(time); for the other time, add a second "
        + "routine")
  }

  /// "every day at 9am except weekends", "every monday at 9 except holidays": days left out after the routine's time
  /// of day, which would otherwise stay in the title without a word. The rule with those days left out and the
  /// words' span (a repeat's, and what else is left out, named), or the rule as it was and the words named when no
  /// rule leaves them out (unread).
  func leftOutAfterClock(
    _ rule: Recurrence, _ words: [String], _ ranges: [Range<Int>], after index: Int, _ characters: [Character]
  ) -> (Recurrence, [CaptureSpan])? {
    guard let position = RecurrenceReader.clockEnd(words, at: index) else { return nil }
    guard let (fewer, end) = RecurrenceReader.withoutDays(rule, words, position) else {
      return unreadLeaveOut(words, ranges, after: position, characters).map { (rule, [$0]) }
    }
    let range = ranges[position].lowerBound..<ranges[end - 1].upperBound
    let read = CaptureSpan(
      field: .repeat, text: String(joining: characters[range]), start: range.lowerBound, end: range.upperBound)
    // "… except weekends and holidays": what else it leaves out, named.
    return (fewer, [read] + [unreadLeaveOut(words, ranges, after: end, characters)].compactMap { $0 })
  }

  /// "every working day 9 stand up", "every day 10 pushups": a bare figure right after a rule, with the task's words
  /// after it, may be the routine's hour or a count; it stays in the title, named. (Where the line ends, or with am
  /// or pm, the time reader reads it as the hour; before "times" it is a count.)
  func hourOrCount(
    _ words: [String], _ ranges: [Range<Int>], after index: Int, _ characters: [Character]
  ) -> CaptureSpan? {
    guard index + 1 < words.count, words[index].count <= 2, words[index].allSatisfy(\.isNumber),
      let hour = Int(words[index]), (1...23).contains(hour)
    else { return nil }
    let next = words[index + 1]
    guard TimeWords.meridiems[next] == nil, !["times", "more", "x", "o'clock", "oclock", "h"].contains(next),
      !Self.estimateUnits.contains(next), TimeWords.dayParts[next] == nil, TimeWords.months[next] == nil,
      !["in", "at", "on", "of"].contains(next)
    else { return nil }
    let range = ranges[index]
    return CaptureSpan(
      field: .unread, text: String(joining: characters[range]), start: range.lowerBound, end: range.upperBound,
      reason: "it may be the routine's hour or a count; for the hour, write at \(hour)am or at \(hour)pm")
  }

  /// "team lunch monthly on fridays": a frequency word longer than a week before weekdays, which do not say which of
  /// them; where it ends and why it is named.
  static func weekdaysOfLongerPeriod(_ words: [String], at index: Int) -> (Int, String)? {
    guard let rule = RecurrenceReader.frequencyWord(words[index]), rule.frequency != .weekly,
      rule.frequency != .daily, rule.frequency != .hourly, index + 1 < words.count, words[index + 1] == "on",
      let (days, end) = RecurrenceReader.weekdayList(words, index + 2), days.count == 1
    else { return nil }
    let name = Recurrence.weekdayNames[days[0] - 1].lowercased()
    let period = rule.frequency == .yearly ? "year" : rule.interval == 3 ? "quarter" : "month"
    return (
      end, "it does not say which \(name) of the \(period); write every first \(name), or every \(name) for each one"
    )
  }

  /// "every month x 6 instalment", "eggs every week x12": a figure marked with "x" right after a rule may be how
  /// many times the routine comes or how many of a thing to get; it stays in the title, named.
  func markedCount(
    _ words: [String], _ ranges: [Range<Int>], after index: Int, _ characters: [Character]
  ) -> CaptureSpan? {
    guard index < words.count, let mark = words[index].first, mark == "x" || mark == "×" else { return nil }
    let joined = words[index].count > 1
    guard joined || index + 1 < words.count else { return nil }
    let figure = joined ? String(words[index].dropFirst()) : words[index + 1]
    guard !figure.isEmpty, figure.allSatisfy(\.isNumber), let count = Int(figure) else { return nil }
    let range = ranges[index].lowerBound..<ranges[joined ? index : index + 1].upperBound
    return CaptureSpan(
      field: .unread, text: String(joining: characters[range]), start: range.lowerBound, end: range.upperBound,
      reason: "it may be how many times the routine comes or how many to get; for how many times, write \(count) "
        + "times")
  }

  /// The first rule in `words` that cannot be kept, as a span named with the reason.
  func unreadRule(_ words: [String], _ ranges: [Range<Int>], _ characters: [Character]) -> CaptureSpan? {
    for index in words.indices {
      guard
        let (end, reason) = Self.everyYear(words, at: index) ?? Self.severalNth(words, at: index)
          ?? RecurrenceReader.timesAPeriod(words, at: index)
          ?? Self.otherPeriods(words, at: index) ?? Self.weekdaysOfLongerPeriod(words, at: index)
      else {
        continue
      }
      let range = ranges[index].lowerBound..<ranges[end - 1].upperBound
      return CaptureSpan(
        field: .unread, text: String(joining: characters[range]), start: range.lowerBound, end: range.upperBound,
        reason: reason)
    }
    return nil
  }

  /// "every easter", "every january", "every spring": the index after the words and why no rule keeps them.
  private static func everyYear(_ words: [String], at index: Int) -> (Int, String)? {
    guard ["every", "ev"].contains(words[index]), index + 1 < words.count else { return nil }
    let next = words[index + 1]
    let last = index + 2 == words.count
    if let (_, end) = Scan.holidayName(in: words, at: index + 1) {
      let name = words[(index + 1)..<end].joined(separator: " ")
      return (
        end,
        "\(name) falls on a different date each year, and a routine keeps one date; for the coming one, write on \(name)"
      )
    }
    // "may" and "fall" are words of their own but at the end of a line.
    if index + 3 < words.count, RecurrenceReader.ordinals[next] != nil,
      TimeWords.weekdays[words[index + 2]] != nil, RecurrenceReader.ofAMonth(words, index + 3)
    {
      // "every last thursday of november".
      let day = words[(index + 1)...(index + 4)].joined(separator: " ")
      return (
        index + 5,
        "a routine keeps a weekday of every month, not of one month a year; for the coming one, write on the \(day)"
      )
    }
    if TimeWords.months[next] != nil, next != "may" || last {
      return (index + 2, "a routine needs its day of the month; write it, like every 1 \(next)")
    }
    if ["spring", "summer", "autumn", "winter"].contains(next) || (next == "fall" && last) {
      return (index + 2, "a routine needs its day; write the date, like every 21 march")
    }
    return nil
  }

  /// "every other weekend", and "hourly" opening the line before its task ("hourly meds"): how often, in words no
  /// rule keeps (a weekend's rule keeps both of its days each week; "hourly" may say how something is paid); the index
  /// after the words and why. (More than once in a period is `RecurrenceReader.timesAPeriod`.)
  private static func otherPeriods(_ words: [String], at index: Int) -> (Int, String)? {
    let word = words[index]
    if index == 0, word == "hourly", words.count > 1,
      !["rate", "rates", "pay", "wage", "wages", "fee"].contains(words[1])
    {
      return (1, "first in a line it may say how something is paid; for a routine, write every hour")
    }
    if RecurrenceReader.everyWords.contains(word), index + 2 < words.count, words[index + 1] == "other",
      TimeWords.weekendWords.contains(words[index + 2]) || words[index + 2] == "weekends"
    {
      return (index + 3, "a routine on a weekend keeps both of its days each week; write every 2 weeks on saturday")
    }
    return nil
  }

  /// "every 2nd and 4th tuesday", "every 1st tuesday and 3rd tuesday", "the 1st and 3rd monday of each month": two
  /// or more nth weekdays of the month, which one rule does not keep; the index after them and why.
  private static func severalNth(_ words: [String], at index: Int) -> (Int, String)? {
    let every = RecurrenceReader.everyWords.contains(words[index])
    var position = every || words[index] == "the" ? index + 1 : index
    var ordinals: [String] = []
    var weekday: String?
    while position < words.count, RecurrenceReader.ordinals[words[position]] != nil {
      ordinals.append(words[position])
      position += 1
      if position < words.count, TimeWords.weekdays[words[position]] != nil {
        weekday = words[position]
        position += 1
      }
      if position + 1 < words.count, ["and", "&", "or"].contains(words[position]),
        RecurrenceReader.ordinals[words[position + 1]] != nil
      {
        position += 1
      }
    }
    guard ordinals.count >= 2, let weekday else { return nil }
    let ofEvery = RecurrenceReader.ofEveryMonth(words, position)
    guard every || ofEvery else { return nil }
    return (
      ofEvery ? position + 3 : position,
      "a routine keeps one weekday of the month; add one for each, like every \(ordinals[0]) \(weekday) and every "
        + "\(ordinals[1]) \(weekday)"
    )
  }
}
