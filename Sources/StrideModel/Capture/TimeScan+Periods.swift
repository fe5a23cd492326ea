import Foundation
import StrideBase

/// The pieces of a time phrase that name a day by where it stands from today ("next week", "this friday", "the
/// end of the month"), and the periods they name: a week, a month, a quarter, a year, a weekend.
extension Scan {
  /// "this friday", "next week", "next month", "last monday", "this evening", "next weekend", "the current week",
  /// "the previous month", "this yr".
  /// "this aft" is this afternoon (after "this" alone: "the aft deck" is a boat's).
  func modifiedPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard let shift = TimeWords.periodShifts[word], let noun = self.word(index + 1) else { return nil }
    let today = parser.today
    if let weekday = TimeWords.weekdays[noun] {
      let day: CivilDate =
        switch word {
        case "this", "coming", "current", "upcoming": parser.upcoming(weekday, includingToday: true)
        case "last", "previous": today.adding(days: -((today.isoWeekday - weekday + 6) % 7 + 1))
        default: today.startOfWeek.adding(days: 7 + weekday - 1)
        }
      // "next tuesday week": a week after it.
      if self.word(index + 2) == "week", !careful || endsDate(at: index + 2) {
        return (.day(day.adding(days: 7)), index + 3, false)
      }
      return (.day(day), index + 2, false)
    }
    // "last week's sunday", "next week's friday": that weekday of the week.
    if noun == "week's" || noun == "weeks", let weekday = self.word(index + 2).flatMap({ TimeWords.weekdays[$0] }) {
      return (.day(today.startOfWeek.adding(days: 7 * shift + weekday - 1)), index + 3, false)
    }
    if word == "this", let part = TimeWords.dayParts[noun == "aft" ? "afternoon" : noun] {
      return (.dayWithDefault(today, part), index + 2, false)
    }
    if let month = TimeWords.months[noun] { return modifiedMonth(word, month, index) }
    // "this summer", "next season": from its first day (`namedPeriod` makes it the whole season); in a title only
    // where the phrase ends ("plan this summer trip" stays).
    if let season = season(noun, shift: shift) {
      guard !careful || endsDate(at: index + 1) else { return nil }
      return (.day(season.first), index + 2, false)
    }
    if shift != 0, let (amounts, after) = amounts(at: index + 1) {
      // "next 2 days", "last 2 weeks".
      return (relative(amounts, sign: Double(shift)), after, false)
    }
    // "the next day delivery", "the last day of school": a day counted this way ends the phrase in a title.
    if ["day", "weekday"].contains(noun), careful, !endsDate(at: index + 1) { return nil }
    switch noun {
    case "day":
      guard shift != 0 else { return nil }
      return (.day(today.adding(days: shift)), index + 2, false)
    case "weekday":
      guard shift != 0 else { return nil }
      var day = today.adding(days: shift)
      while day.isoWeekday > 5 { day = day.adding(days: shift) }
      return (.day(day), index + 2, false)
    case "hour":
      // "next hour", "in the next hour": within the hour, so due an hour from now.
      guard shift == 1 else { return nil }
      return (.instant(parser.reference.addingTimeInterval(Seconds.hours(1))), index + 2, false)
    case "week", "month", "quarter", "qtr", "year", "yr":
      // "next week" is its first day; "this week" is what is left of it, so its last day. ("sometime next week"
      // is the whole week: `range` makes it one.)
      let period = self.period(noun, shift: shift)
      return (.day(shift == 0 ? period.last : period.first), index + 2, false)
    case "weekend", "week-end", "wknd", "wkend":
      guard shift >= 0 else { return nil }
      return (.day(weekend(next: shift == 1)), index + 2, false)
    default: return nil
    }
  }

  /// "the week of october 7th", "week of the 14th": the Monday of the week the date falls in (`namedPeriod` makes
  /// it the whole week).
  func weekOfPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard word == "week", self.word(index + 1) == "of", let date = expression(at: index + 2, marked: true),
      let day = date.day
    else { return nil }
    return (.day(day.startOfWeek), date.end, false)
  }

  /// "next march", "this june", "last may": the first day of a month by where it stands — this month's or the
  /// coming one for "this", the one after this month for "next", the one before it for "last". A month that is
  /// also a verb counts inside a title only where the phrase ends ("this may be late" stays).
  private func modifiedMonth(_ word: String, _ month: Int, _ index: Int) -> (Piece, Int, Bool)? {
    // "next march 3rd" is read from "march 3rd".
    guard word != "past", dayOfMonth(at: index + 2) == nil,
      !careful || !TimeWords.verbMonths.contains(chunks[index + 1].word) || endsDate(at: index + 1)
    else { return nil }
    let today = parser.today
    var year = today.year
    switch TimeWords.periodShifts[word] {
    case 0: if month < today.month { year += 1 }
    case -1: if month >= today.month { year -= 1 }
    default: if month <= today.month { year += 1 }
    }
    return CivilDate(year: year, month: month, day: 1).map { (.day($0), index + 2, false) }
  }

  /// The first and last day of this week (Monday to Sunday), month, quarter or year, or one `shift` away.
  func period(_ noun: String, shift: Int) -> (first: CivilDate, last: CivilDate) {
    let today = parser.today
    switch noun {
    case "week":
      let monday = today.startOfWeek.adding(days: 7 * shift)
      return (monday, monday.adding(days: 6))
    case "month":
      let first = today.startOfMonth.adding(months: shift)
      return (first, first.endOfMonth)
    case "quarter", "qtr":
      let quarter = CivilDate(year: today.year, month: (today.month - 1) / 3 * 3 + 1, day: 1)!.adding(months: 3 * shift)
      return (quarter, quarter.adding(months: 2).endOfMonth)
    default:
      let year = today.year + shift
      return (CivilDate(year: year, month: 1, day: 1)!, CivilDate(year: year, month: 12, day: 31)!)
    }
  }

  /// The coming Saturday (today on a Saturday or Sunday); with `next`, the one a week later.
  func weekend(next: Bool) -> CivilDate {
    let today = parser.today
    let first = today.isoWeekday >= 6 ? today : parser.upcoming(6)
    return next ? first.startOfWeek.adding(days: 12) : first
  }

  /// The days of the weekend: from its Saturday (today, once it is under way) to its Sunday.
  func weekendDays(next: Bool) -> (first: CivilDate, last: CivilDate) {
    let first = weekend(next: next)
    return (first, first.startOfWeek.adding(days: 6))
  }

  /// "end of the week", "end of month", "start of next week", "beginning of next month", "end of august", "end of
  /// the current week", "end of the coming month", "start of last week".
  func boundaryPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard ["end", "start", "beginning"].contains(word), self.word(index + 1) == "of" else { return nil }
    var position = index + 2
    var prefix = ""
    var shifted = false
    if self.word(position) == "the" { position += 1 }
    if let modifier = self.word(position), let shift = TimeWords.periodShifts[modifier] {
      // Taskwarrior's letter for the shift: "end of next week" is `eonw`, "start of last month" `sopm`.
      prefix = shift > 0 ? "n" : shift < 0 ? "p" : ""
      (position, shifted) = (position + 1, true)
    }
    guard let unit = self.word(position) else { return nil }
    if prefix.isEmpty, let year = Scan.fullYear(unit), let day = CivilDate(year: year, month: 1, day: 1) {
      // "the end of 2027", "beginning of 2028": its last day, its first.
      guard !careful || endsDate(at: position) else { return nil }
      let last = CivilDate(year: year, month: 12, day: 31) ?? day
      let instant = word == "end" ? parser.calendar.date(last, .endOfDay) : nil
      return (instant.map { .instant($0) } ?? .day(day), position + 1, false)
    }
    if TimeWords.months[unit] != nil, prefix.isEmpty, let (month, fixed, after) = monthReference(at: position) {
      // "the end of august": its last day; a month already over is next year's. "the beginning of december": its
      // first day, due at its end as any day (not the midnight that opens it); one already behind is next year's.
      var first = month
      if !fixed, (word == "end" ? first.endOfMonth : first) < parser.today { first = first.adding(months: 12) }
      guard word == "end" else { return (.day(first), after, false) }
      return (.instant(parser.calendar.date(first.endOfMonth, .endOfDay)), after, false)
    }
    if prefix.isEmpty, case (.day(let first), let after, _)? = quarterPiece(unit, position) {
      // "end of q1", "the start of q3 2027": the quarter's last day, its first.
      let instant = word == "end" ? parser.calendar.date(first.adding(months: 2).endOfMonth, .endOfDay) : nil
      return (instant.map { .instant($0) } ?? .day(first), after, false)
    }
    let letter: String =
      switch unit {
      // "end of business": the end of the working day, as "eod" and "cob".
      case "day", "business": "d"
      case "week": "w"
      case "month": "m"
      case "quarter": "q"
      case "year": "y"
      default: ""
      }
    guard !letter.isEmpty, let piece = taskwarriorNamed((word == "end" ? "eo" : "so") + prefix + letter) else {
      return nil
    }
    // "the end of year report" is a report; "end of next week launch" opens the line with its day.
    if careful, !endsDate(at: position), index > 0 || !shifted { return nil }
    // "the beginning of next month", "start of next week": its first day (due at its end), where Taskwarrior's
    // `somn` is its first second.
    if word != "end", case .instant(let first) = piece {
      return (.day(parser.calendar.day(of: first)), position + 1, false)
    }
    return (piece, position + 1, false)
  }
}

extension Scan {
  /// "q3", "Q3 2027", "2027 q3", "2027q3", "in the third quarter", "3rd qtr of 2027": a quarter of a year, from its
  /// first day (the period reader makes it the whole quarter). Without a year, this year's unless it is over, then
  /// next year's. Inside a title only where the phrase ends, so "prep the q3 report" stays.
  func quarterPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    // "in q3", "in the third quarter": the "in" goes with it.
    if word == "in" {
      let start = self.word(index + 1) == "the" ? index + 2 : index + 1
      return self.word(start).flatMap { quarterPiece($0, start) }
    }
    // Most words are none of these: a quarter's words start with "q", a figure, or an ordinal before "quarter".
    guard
      word.utf8.first == UInt8(ascii: "q") && word.first == "q" || word.startsWithDigit
        || self.word(index + 1).map(Self.isQuarterNoun) == true
    else { return nil }
    var quarter: Int
    var year: Int?
    var end: Int
    if let number = Self.quarterNumber(word) {
      (quarter, end) = (number, index + 1)
    } else if word.count == 6, let found = Scan.fullYear(String(word.prefix(4))),
      let number = Self.quarterNumber(String(word.dropFirst(4)))
    {
      (quarter, year, end) = (number, found, index + 1)
    } else if let found = Scan.fullYear(word), let number = self.word(index + 1).flatMap(Self.quarterNumber) {
      (quarter, year, end) = (number, found, index + 2)
    } else if let nth = dayOfMonth(at: index), nth.ordinal, (1...4).contains(nth.day),
      self.word(nth.end).map(Self.isQuarterNoun) == true
    {
      (quarter, end) = (nth.day, nth.end + 1)
    } else {
      return nil
    }
    if year == nil {
      let after = self.word(end) == "of" ? end + 1 : end
      if let found = self.word(after).flatMap(Scan.fullYear) { (year, end) = (found, after + 1) }
    }
    if careful, !endsDate(at: end - 1) { return nil }
    let today = parser.today
    var first = CivilDate(year: year ?? today.year, month: quarter * 3 - 2, day: 1)!
    if year == nil, first.adding(months: 2).endOfMonth < today { first = first.adding(months: 12) }
    return (.day(first), end, false)
  }

  static func isQuarterNoun(_ word: String) -> Bool { word == "quarter" || word == "qtr" }

  /// 1 to 4 for "q1" to "q4".
  static func quarterNumber(_ word: String) -> Int? {
    guard word.count == 2, word.first == "q", let number = word.last?.wholeNumberValue, (1...4).contains(number)
    else { return nil }
    return number
  }

  /// Whether the words from `index` to `end` (after any joining words) name a quarter and nothing else.
  func namesQuarter(from index: Int, to end: Int) -> Bool {
    var first = index
    while let word = word(first), TimeWords.joiners.contains(word) { first += 1 }
    guard let word = word(first), let (_, after, _) = quarterPiece(word, first) else { return false }
    return after == end
  }
}
