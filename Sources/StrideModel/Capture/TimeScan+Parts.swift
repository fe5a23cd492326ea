import Foundation
import StrideBase

/// The vague parts of a period people write: "early next week", "mid january", "mid-december", "late this month",
/// and "in the next hour".
extension Scan {
  /// "early next week", "mid january", "mid-month", "late march 2027", "the middle of next month": the part of the
  /// period named (`TimeWords.periodParts`), as a piece that starts on its first day; `namedPeriod` makes it a
  /// range to its last.
  func partPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard let part = periodPart(at: index) else { return nil }
    return (.day(part.first), part.end, false)
  }

  /// The first "-" of a word, its bytes asked first: most words have none.
  static func firstDash(_ word: String) -> String.Index? {
    word.utf8.contains(0x2D) ? word.firstIndex(of: "-") : nil
  }

  /// The first and last day of the part of a period named at `index`, and where its words end. A month without
  /// a year is the next one whose part is not yet over ("late november" on 21 November is this one).
  func periodPart(at start: Int) -> (first: CivilDate, last: CivilDate, end: Int)? {
    // "in mid january", "in the middle of next week".
    var index = start
    if word(index) == "in" { index += word(index + 1) == "the" ? 2 : 1 }
    guard let word = word(index), index == start || TimeWords.periodParts[word] != nil || word.hasPrefix("mid")
    else { return nil }
    var part: Int
    var position: Int
    var unit: String?
    if let dash = Self.firstDash(word), let found = TimeWords.periodParts[String(word[..<dash])] {
      // "mid-december", "mid-month", "late-january".
      (part, position, unit) = (found, index + 1, String(word[word.index(after: dash)...]))
    } else if word.hasPrefix("mid"), ["week", "month", "year"].contains(String(word.dropFirst(3))) {
      // "midweek", "midmonth".
      (part, position, unit) = (1, index + 1, String(word.dropFirst(3)))
    } else if let found = TimeWords.periodParts[word] {
      (part, position) = (found, index + 1)
      if found == 1, word == "middle" {
        // "the middle of next month": only with "of".
        guard self.word(position) == "of" else { return nil }
      }
      // "early in the week", "late in the month": "in the" as "of".
      if self.word(position) == "of" {
        position += 1
      } else if self.word(position) == "in", self.word(position + 1) == "the" {
        position += 1
      }
    } else {
      return nil
    }
    var days: (first: CivilDate, last: CivilDate)
    var kind = "month"
    if let unit, let period = self.period(named: unit, shift: 0) {
      // "mid-month", "midweek": the coming one, once this one's part is over.
      (days, kind) = (period, unit)
      if Self.third(part, of: days, unit: kind).last < parser.today { days = self.period(unit, shift: 1) }
    } else if unit == nil, let (period, name, end) = namedUnit(at: position) {
      // "mid month" with no "this" or "next": the coming one, once this one's part is over.
      let bare = end - position == 1 || self.word(position) == "the"
      (days, kind, position) = (period, name, end)
      if bare, Self.third(part, of: days, unit: kind).last < parser.today { days = self.period(name, shift: 1) }
    } else if let year = (unit ?? self.word(position)).flatMap(Scan.fullYear) {
      // "late 2027", "mid-2027".
      (days, kind) = ((CivilDate(year: year, month: 1, day: 1)!, CivilDate(year: year, month: 12, day: 31)!), "year")
      position += unit == nil ? 1 : 0
    } else if let (month, fixed, end) = partMonth(unit, at: position) {
      (days, position) = ((month, month.endOfMonth), end)
      // "late november" on 21 November is this one; "early november" then is next year's.
      if !fixed, Self.third(part, of: days, unit: kind).last < parser.today {
        let next = month.adding(months: 12)
        days = (next, next.endOfMonth)
      }
    } else {
      return nil
    }
    // "the mid january report", "early bird": in a title only where a time may end, or opening the line.
    if careful, start > 0, !endsDate(at: position - 1) { return nil }
    let third = Self.third(part, of: days, unit: kind)
    return (third.first, third.last, position)
  }

  /// The month of "mid january", "late march 2027", "mid-december" (`name`, when the month was joined to the part
  /// by a dash): its first day this year unless a year is written, whether one was, and where its words end.
  private func partMonth(_ name: String?, at index: Int) -> (CivilDate, fixed: Bool, end: Int)? {
    var position = index
    let month: Int
    if let name {
      guard let found = TimeWords.months[name] else { return nil }
      month = found
    } else {
      guard let word = word(position), let found = TimeWords.months[word] else { return nil }
      month = found
      position += 1
    }
    if let year = word(position).flatMap(Scan.fullYear) {
      return CivilDate(year: year, month: month, day: 1).map { ($0, true, position + 1) }
    }
    return (CivilDate(year: parser.today.year, month: month, day: 1)!, false, position)
  }

  /// "this week", "next month", "the year", "week": a week, month or year by where it stands, its name, and where
  /// its words end.
  private func namedUnit(at index: Int) -> ((first: CivilDate, last: CivilDate), String, Int)? {
    let shifts = ["this": 0, "the": 0, "next": 1, "coming": 1, "following": 1]
    var position = index
    var shift = 0
    if let word = word(index), let found = shifts[word] {
      shift = found
      position += 1
    }
    guard let unit = word(position), let period = period(named: unit, shift: shift) else { return nil }
    return (period, unit, position + 1)
  }

  /// A week, month or year `shift` away, by its name.
  private func period(named unit: String, shift: Int) -> (first: CivilDate, last: CivilDate)? {
    ["week", "month", "year"].contains(unit) ? period(unit, shift: shift) : nil
  }

  /// The `part` (0 early, 1 mid, 2 late) of a period: a week's Monday–Tuesday, Wednesday–Thursday, Friday–Sunday;
  /// a month's 1st–10th, 11th–20th, 21st–end; a year's January–April, May–August, September–December.
  static func third(_ part: Int, of days: (first: CivilDate, last: CivilDate), unit: String)
    -> (first: CivilDate, last: CivilDate)
  {
    switch unit {
    case "week":
      let starts = [0, 2, 4]
      let ends = [1, 3, 6]
      return (days.first.adding(days: starts[part]), days.first.adding(days: ends[part]))
    case "month":
      let first = days.first.adding(days: 10 * part)
      return (first, part == 2 ? days.last : first.adding(days: 9))
    default:
      let first = days.first.adding(months: 4 * part)
      return (first, first.adding(months: 3).endOfMonth)
    }
  }

  /// "this coming friday", "this coming weekend": "coming" after "this" says the same.
  func thisComingPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard word == "this", self.word(index + 1) == "coming" else { return nil }
    return modifiedPiece("coming", index + 1)
  }

  /// "in 2 weeks on tuesday", "in 3 weeks on friday": that weekday in the week so many weeks on, as "tue in 2
  /// weeks" is.
  /// "a week on tuesday", "a week tuesday", "2 weeks on friday" (without "in"): so many weeks after the coming
  /// weekday, as "tuesday week" is.
  func weeksThenWeekday(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    let counted = ["in", "within"].contains(word)
    guard let (amounts, end) = amounts(at: counted ? index + 1 : index) else { return nil }
    let at = self.word(end) == "on" ? end + 1 : end
    // "a week today", "two weeks tomorrow", "a fortnight today": so many weeks after that day, as Britain says it.
    if !counted, at == end, let name = self.word(at),
      TimeWords.todayWords.contains(name) || TimeWords.tomorrowWords.contains(name),
      amounts.count == 1, case .days(let length) = amounts[0].1, length == 7 || length == 14,
      amounts[0].0.rounded() == amounts[0].0
    {
      let from = TimeWords.todayWords.contains(name) ? parser.today : parser.today.adding(days: 1)
      return (.day(from.adding(days: length * Int(amounts[0].0))), at + 1, false)
    }
    guard let name = self.word(at), let weekday = TimeWords.weekdays[name] else { return nil }
    if counted {
      guard let (day, _) = weekdayInWeeks(weekday, at: index) else { return nil }
      return (.day(day), at + 1, false)
    }
    guard amounts.count == 1, case .days(let length) = amounts[0].1, length == 7, amounts[0].0.rounded() == amounts[0].0
    else { return nil }
    return (.day(parser.upcoming(weekday).adding(days: 7 * Int(amounts[0].0))), at + 1, false)
  }

  /// "next week monday", "this week on friday", "next wk tue": that weekday in that (Monday-based) week; nil for a
  /// day of this week already gone, and after "for" or "the" ("prep for next week monday meeting": the week is read,
  /// the weekday names the meeting).
  func weekThenWeekday(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard let shift = TimeWords.periodShifts[word], shift >= 0, self.word(index + 1) == "week" else { return nil }
    if index > 0, let before = self.word(index - 1), before == "for" || TimeWords.determiners.contains(before) {
      return nil
    }
    let at = self.word(index + 2) == "on" ? index + 3 : index + 2
    guard let name = self.word(at), let weekday = TimeWords.weekdays[name] else { return nil }
    let day = period("week", shift: shift).first.adding(days: weekday - 1)
    guard day >= parser.today else { return nil }
    return (.weekday(day), at + 1, false)
  }

  /// "the week after next", "the month after next": the period after the next one, from its first day.
  func afterNextPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard let period = afterNextPeriod(at: index) else { return nil }
    return (.day(period.first), index + 3, false)
  }

  /// The days of "week after next", "month after next" or "weekend after next" at `index`.
  func afterNextPeriod(at index: Int) -> (first: CivilDate, last: CivilDate)? {
    guard let unit = word(index), word(index + 1) == "after", word(index + 2) == "next" else { return nil }
    if TimeWords.weekendWords.contains(unit) {
      let next = weekendDays(next: true)
      return (next.first.adding(days: 7), next.last.adding(days: 7))
    }
    return ["week", "month", "year"].contains(unit) ? period(unit, shift: 2) : nil
  }

  /// "in the next hour", "within the next 2 days", "in the 2 coming days": "next", or a count of periods ahead,
  /// after "in the" or "within the"; and "within the hour", "within the week".
  func withinNextPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    // In a title only where the phrase ends: "stay within the hour limit" is a limit.
    if word == "within", self.word(index + 1) == "the", let unit = self.word(index + 2),
      !careful || endsDate(at: index + 2)
    {
      // "within the hour": an hour from now; "within the day", "within the week": before it is out, so its last day.
      switch unit {
      case "hour": return (.instant(parser.reference.addingTimeInterval(Seconds.hours(1))), index + 3, false)
      case "day": return (.day(parser.today), index + 3, false)
      case "week", "month", "quarter", "year": return (.day(period(unit, shift: 0).last), index + 3, false)
      default: break
      }
    }
    guard ["in", "within"].contains(word), self.word(index + 1) == "the", let next = self.word(index + 2),
      let (piece, end, _) = ["next", "coming"].contains(next)
        ? modifiedPiece(next, index + 2) : upcomingUnits(next, index + 2)
    else { return nil }
    return (piece, end, false)
  }
}
