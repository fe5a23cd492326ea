import Foundation

/// The pieces of a time phrase that name a day: ISO dates, named days, weekdays, months and days, numeric dates.
extension Scan {
  func isoPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard word.startsWithDigit, word.count >= (careful ? 10 : 6),
      let value = ISO8601Value.parse(word.uppercased(), basic: !careful)
    else { return nil }
    if careful && !word.contains("-") { return nil }
    if value.utcOffset != nil {
      return (.instant(value.resolve(in: parser.calendar)), index + 1, false)
    }
    if let time = value.time { return (.dayWithDefault(value.date, time), index + 1, false) }
    return (.date(value.date), index + 1, false)
  }

  func namedPiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    let today = parser.today
    if let found = shortDayPiece(word, index) ?? dayPartPiece(word, index, marked: marked) { return found }
    switch word {
    case "yesterday", "yest": return (.day(today.adding(days: -1)), index + 1, false)
    case "tonight", "tonite", "2nite", "2night":
      // Late at night (and after midnight) "tonight" is the night that is now: the coming hours, never an evening
      // a day away.
      if parser.now >= TimeWords.lateNight || parser.now < TimeWords.nightEnd {
        return (.night(parser.comingHour), index + 1, false)
      }
      let time = TimeWords.tonightTimes.first { parser.now < $0 } ?? TimeWords.tonightTimes.last!
      return (.dayWithDefault(today, time), index + 1, false)
    case "now":
      guard !careful || marked else { return nil }
      return (.instant(parser.reference), index + 1, false)
    case "right", "just", "moment":
      // "right now", "just now", "at the moment": now, where "now" is read.
      guard !careful || marked, word == "moment" || self.word(index + 1) == "now" else { return nil }
      guard word != "moment" || (index >= 2 && chunks[index - 2].word == "at" && chunks[index - 1].word == "the")
      else { return nil }
      return (.instant(parser.reference), index + (word == "moment" ? 1 : 2), false)
    case "noon", "midday":
      return (.clock(ClockTime(hour: 12)!, loose: false), index + 1, careful && !endsDate(at: index))
    case "midnight": return (.midnight, index + 1, careful && !endsDate(at: index))
    case "later", "someday":
      // "later today", "later this week": the rest of the day or the period, "later" and all.
      if word == "later", let next = self.word(index + 1),
        next == "this" || TimeWords.dayWords.contains(next),
        let (piece, end, _) = self.piece(at: index + 1, afterAt: false, marked: true)
      {
        return (piece, end, false)
      }
      guard !careful || marked else { return nil }
      return (.day(CivilDate(year: 9999, month: 12, day: 30)!), index + 1, false)
    case "weekend", "week-end", "wknd", "wkend":
      return (.day(weekend(next: false)), index + 1, true)
    case "day":
      // "day after tomorrow", "day before yesterday" (a leading "the" is a joiner).
      // In a title only where a time may end: "watch the day after tomorrow film" is a film.
      // At the start of a line it says when, as a weekday there does ("day after tomorrow call mum").
      let startsLine = index == 0 || (index == 1 && chunks[0].word == "the")
      if careful, !startsLine, !endsDate(at: index + 2) { return nil }
      if self.word(index + 1) == "after", self.word(index + 2).map(TimeWords.tomorrowWords.contains) == true {
        return (.day(today.adding(days: 2)), index + 3, false)
      }
      if self.word(index + 1) == "before", self.word(index + 2) == "yesterday" {
        return (.day(today.adding(days: -2)), index + 3, false)
      }
      return nil
    default:
      if let part = TimeWords.dayParts[word] { return (.dayPart(part), index + 1, true) }
      // In a capture, Taskwarrior's start-of names are also words ("soy milk", "sow the beans", "lay the sod"):
      // they count when a marker says a time follows ("by sow", "due:soy"); "eod", "eom" are no words.
      guard !(careful && !marked && word.hasPrefix("so")), let named = taskwarriorNamed(word) else { return nil }
      return (named, index + 1, false)
    }
  }

  /// "friday", "fri", "friday next week", "tuesday of next week", "friday after next", and "friday week" (British:
  /// a week after the coming Friday; inside a title only where the phrase ends, so "friday week planning" stays).
  func weekdayPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard let weekday = TimeWords.weekdays[word] else { return nil }
    // "black friday", "ash wednesday": named days, not the next Friday.
    if index > 0, TimeWords.weekdayCompounds.contains(chunks[index - 1].word) { return nil }
    // "paint the late afternoon sun", "the early morning sat nav": after a part of the day, "sun" is the sun, and
    // "sat" or "wed" before more words a thing ("date night sat" is Saturday's).
    if careful, index > 0, TimeWords.ambiguousWeekdays.contains(word),
      TimeWords.dayParts[chunks[index - 1].word] != nil,
      word == "sun" || index + 1 < chunks.count
    {
      return nil
    }
    // "the mon-fri bus pass": two weekdays before a noun describe it.
    if careful {
      let isWeekday = { (at: Int) in self.word(at).map { TimeWords.weekdays[$0] != nil } == true }
      if self.word(index + 1) == "-", isWeekday(index + 2), !endsDate(at: index + 2) { return nil }
      if index >= 2, self.word(index - 1) == "-", isWeekday(index - 2), !endsDate(at: index) { return nil }
    }
    // "tue in 2 weeks": that Tuesday in the week two weeks on.
    if let (day, end) = weekdayInWeeks(weekday, at: index + 1) ?? weekdayAfterNext(weekday, at: index + 1) {
      return (.day(day), end, false)
    }
    var position = index + 1
    if self.word(position) == "of" || self.word(position) == "from" { position += 1 }
    if let modifier = self.word(position), ["next", "this", "last"].contains(modifier),
      self.word(position + 1) == "week"
    {
      let shift = modifier == "next" ? 1 : modifier == "last" ? -1 : 0
      let day = parser.today.startOfWeek.adding(days: 7 * shift + weekday - 1)
      return (.day(day), position + 2, false)
    }
    if self.word(index + 1) == "after", self.word(index + 2) == "next" {
      return (.day(parser.upcoming(weekday).adding(days: 7)), index + 3, TimeWords.ambiguousWeekdays.contains(word))
    }
    if let next = self.word(index + 1), next == "week" || next == "fortnight", !chunks[index].punctuated,
      !careful || endsDate(at: index + 1)
    {
      // "friday week", "tuesday fortnight": a week or two after the coming one.
      let weeks = next == "week" ? 7 : 14
      return (.day(parser.upcoming(weekday).adding(days: weeks)), index + 2, TimeWords.ambiguousWeekdays.contains(word))
    }
    // "tuesday fortnight dentist": not the coming Tuesday with "fortnight" left in the title; kept whole, and named.
    if self.word(index + 1) == "fortnight" { return nil }
    return (.weekday(parser.upcoming(weekday)), index + 1, TimeWords.ambiguousWeekdays.contains(word))
  }

  /// "dec 3", "december 3rd, 2026", "february the 15th", "3 december", "3rd of dec", "the fifteenth of february",
  /// "3 Aug 96", "10-aug-2026", "2026 august 18", "in june", and, not inside a title, "december" alone.
  func monthDayPiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    if let (joined, hasYear) = joinedMonthDate(word) {
      // "August-10, 2012": the year may follow as a word of its own.
      if !hasYear, let year = self.word(index + 1).flatMap(Scan.fullYear),
        let date = CivilDate(year: year, month: joined.month, day: joined.day)
      {
        return (.date(date), index + 2, false)
      }
      return (.date(joined), index + 1, false)
    }
    if word == "in" { return inMonthOrYear(index) }
    if let year = Scan.fullYear(word), let next = self.word(index + 1), let month = TimeWords.months[next] {
      if let day = self.word(index + 2).flatMap(Scan.dayNumber),
        let date = CivilDate(year: year, month: month, day: day)
      {
        return (.date(date), index + 3, false)
      }
      return CivilDate(year: year, month: month, day: 1).map { (.date($0), index + 2, false) }
    }
    if let month = TimeWords.months[word] {
      // "32 august 2014": after a number no month has as a day, the month is not read alone.
      if careful, index > 0, !chunks[index - 1].punctuated, let count = Int(chunks[index - 1].word),
        (32...99).contains(count)
      {
        return nil
      }
      // "february the 15th"; after a comma only an ordinal ("Sunday, March, 6th 2016"), so "may, 5 people" stays.
      let position = self.word(index + 1) == "the" ? index + 2 : index + 1
      if let found = dayOfMonth(at: position), !chunks[index].comma || found.ordinal {
        let (year, after) = yearAfter(found.end, short: !careful || chunks[found.end - 1].comma)
        if year == nil, careful, !marked, adverbAfterVerb(month: word, day: found.end - 1) { return nil }
        return dated(month: month, day: found.day, year: year, end: after)
      }
      if let year = self.word(index + 1).flatMap(Scan.fullYear) {
        guard let date = CivilDate(year: year, month: month, day: 1) else { return nil }
        return (.date(date), index + 2, false)
      }
      // "march next year", "march of last year", as "march 2027" is; "march in 2 years" where the whole text is a
      // time.
      if let (year, after) = yearNamed(at: index + 1), let date = CivilDate(year: year, month: month, day: 1) {
        return (.date(date), after, false)
      }
      guard !careful || marked else { return nil }
      return (.day(upcomingFirst(of: month)), index + 1, false)
    }
    return dayFirstPiece(index, marked: marked)
  }

  /// "in june", "in june of 2027", "in june next year"; and "in 2027" where the whole text is a time: the year
  /// (`namedPeriod` makes it the whole of it).
  private func inMonthOrYear(_ index: Int) -> (Piece, Int, Bool)? {
    guard let next = self.word(index + 1) else { return nil }
    if !careful, let year = Scan.fullYear(next) {
      return CivilDate(year: year, month: 1, day: 1).map { (.date($0), index + 2, false) }
    }
    guard let month = TimeWords.months[next] else { return nil }
    var position = index + 2
    if let (year, after) = yearNamed(at: position), let date = CivilDate(year: year, month: month, day: 1) {
      return (.day(date), after, false)
    }
    if self.word(position) == "of" { position += 1 }
    if let year = self.word(position).flatMap(Scan.fullYear), let date = CivilDate(year: year, month: month, day: 1) {
      return (.day(date), position + 1, false)
    }
    return (.day(upcomingFirst(of: month)), index + 2, false)
  }

  /// The day before its month: "3 december", "3rd of dec", "the fifteenth of february", "3 Aug 96", and "the 3rd of
  /// next month", a day of a month named by where it stands.
  private func dayFirstPiece(_ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    guard let found = dayOfMonth(at: index) else { return nil }
    var position = found.end
    let of = self.word(position) == "of"
    if of { position += 1 }
    // "first of the month": the month by where it stands; a bare number only before a month said by its shift
    // ("20 of next month", "20 of the current month"), so "20 of the month's orders" stays a count.
    let shifted = [position, position + 1].contains { self.word($0).flatMap { TimeWords.periodShifts[$0] } != nil }
    if of, found.ordinal || shifted, self.word(position).map({ TimeWords.months[$0] == nil }) == true,
      let (month, _, after) = monthReference(at: position),
      var date = CivilDate(year: month.year, month: month.month, day: found.day)
    {
      // "pay rent first of the month" on the 21st: the coming first, never one gone by ("of this month" says so).
      if !shifted, date < parser.today,
        let next = CivilDate(
          year: month.adding(months: 1).year,
          month: month.adding(months: 1).month, day: found.day)
      {
        date = next
      }
      return (.date(date), after, false)
    }
    guard let next = self.word(position), let month = TimeWords.months[next] else { return nil }
    // The day first: a two-digit year may follow ("3 Aug 96").
    let (year, after) = yearAfter(position + 1, short: true)
    if year == nil, !of, careful, !marked, adverbAfterVerb(month: next, day: index) { return nil }
    return dated(month: month, day: found.day, year: year, end: after)
  }

  /// "you may first call", "the first may be hard": a month that is also a verb next to "first" or "second".
  private func adverbAfterVerb(month: String, day index: Int) -> Bool {
    TimeWords.verbMonths.contains(month) && TimeWords.adverbOrdinals.contains(chunks[index].word)
  }

  /// A day of the month at `index`: "3", "03", "3rd", "third", "twenty-first", "twenty first"; where it ends, and
  /// whether it was an ordinal ("3rd", "third") and spelt out ("third").
  func dayOfMonth(at index: Int) -> (day: Int, end: Int, ordinal: Bool, spelled: Bool)? {
    guard let word = word(index) else { return nil }
    if let day = Scan.dayNumber(word) { return (day, index + 1, word.last?.isLetter == true, false) }
    if let day = TimeWords.ordinals[word] { return (day, index + 1, true, true) }
    if word == "twenty" || word == "thirty", let unit = self.word(index + 1).flatMap({ TimeWords.ordinals[$0] }),
      unit < 10, word == "twenty" || unit == 1
    {
      return ((word == "twenty" ? 20 : 30) + unit, index + 2, true, true)
    }
    return nil
  }

  /// "first tuesday in october", "the last friday of the month", "2nd monday of next month", "third day of
  /// october", "last day of october 2015", "the first day of next month". A month without a year is the next one
  /// in which that day is still ahead.
  func nthPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    let nth: Int
    var position: Int
    if word == "last" {
      (nth, position) = (-1, index + 1)
    } else if let found = dayOfMonth(at: index), found.ordinal {
      // "the second last week of october", "fifth last day of may": counted from the end.
      let fromEnd = self.word(found.end) == "last"
      (nth, position) = fromEnd ? (-found.day, found.end + 1) : (found.day, found.end)
    } else {
      return nil
    }
    // "the last weekend of october": its Saturday; "the first week of may": its Monday (`namedPeriod` makes them
    // the weekend and the week). Of a year ("the last week of 2018", "the first monday of 2027"), in its last month
    // counting from the end, else in its first.
    guard let noun = self.word(position),
      ["day", "week"].contains(noun) || TimeWords.weekdays[noun] != nil || TimeWords.weekendWords.contains(noun),
      let connector = self.word(position + 1), connector == "of" || connector == "in",
      let (month, fixed, after) = monthReference(at: position + 2)
        ?? self.word(position + 2).flatMap(Scan.fullYear).flatMap({
          CivilDate(year: $0, month: nth < 0 ? 12 : 1, day: 1).map { ($0, true, position + 3) }
        })
    else { return nil }
    func day(in month: CivilDate) -> CivilDate? {
      if noun == "day" {
        guard nth < 0 else { return CivilDate(year: month.year, month: month.month, day: nth) }
        let day = month.endOfMonth.adding(days: nth + 1)
        return day.month == month.month ? day : nil
      }
      // A month's weeks are those wholly in it: the first from its first Monday, the last to its last Sunday.
      let weekday = noun == "week" ? 1 : TimeWords.weekdays[noun] ?? 6
      if nth < 0 {
        let last = month.endOfMonth
        let lastOne = noun == "week" ? 7 : weekday
        let day = last.adding(days: -((last.isoWeekday - lastOne + 7) % 7) - (noun == "week" ? 6 : 0) + 7 * (nth + 1))
        return day.month == month.month ? day : nil
      }
      guard nth <= 5 else { return nil }
      let firstOne = month.adding(days: (weekday - month.isoWeekday + 7) % 7)
      let day = firstOne.adding(days: 7 * (nth - 1))
      // A week wholly in the month: its Sunday too ("the fifth week of march 2027" is no week of March's).
      return day.month == month.month && (noun != "week" || day.adding(days: 6).month == month.month) ? day : nil
    }
    // "the last wednesday of the month" once this month's has passed: the coming one, as "the first of the month"
    // is ("of this month" says this one); "the fifth friday of the month", the next month that has one.
    let theMonth =
      self.word(position + 2) == "month" || (self.word(position + 2) == "the" && self.word(position + 3) == "month")
    let span = noun == "week" ? 6 : TimeWords.weekendWords.contains(noun) ? 1 : 0
    let ahead = { (day: CivilDate) in day.adding(days: span) >= parser.today }
    guard
      var date = theMonth
        ? (0...12).lazy.compactMap({ day(in: month.adding(months: $0)) }).first(where: ahead) : day(in: month)
    else { return nil }
    // Over once its last day has passed: "the last weekend of november" on its Sunday is today's weekend.
    if !fixed, !ahead(date), let later = day(in: month.adding(months: 12)) { date = later }
    return (.date(date), after, false)
  }

  /// The month a phrase names: "october", "october 2015", "the month", "this month", "next month", "last month",
  /// "the previous month"; its first day, whether it is fixed (a year or this/next/last named it), and where the
  /// words end.
  func monthReference(at index: Int) -> (CivilDate, fixed: Bool, end: Int)? {
    guard let word = word(index) else { return nil }
    let thisMonth = parser.today.startOfMonth
    if let month = TimeWords.months[word] {
      if let year = self.word(index + 1).flatMap(Scan.fullYear) {
        return CivilDate(year: year, month: month, day: 1).map { ($0, true, index + 2) }
      }
      return (CivilDate(year: thisMonth.year, month: month, day: 1)!, false, index + 1)
    }
    // "the month", "next month", "the following month".
    let start = word == "the" && self.word(index + 1) != "month" ? index + 1 : index
    if let shift = self.word(start).flatMap({ $0 == "the" ? 0 : TimeWords.periodShifts[$0] }),
      self.word(start + 1) == "month"
    {
      return (thisMonth.adding(months: shift), true, start + 2)
    }
    return word == "month" ? (thisMonth, true, index + 1) : nil
  }

  /// The first of a month: this year's if the month is still to come, else next year's.
  private func upcomingFirst(of month: Int) -> CivilDate {
    CivilDate(year: parser.today.year + (parser.today.month < month ? 0 : 1), month: month, day: 1)!
  }

  /// One word with the month spelt out: "10-august-2012", "09/jan/2017", "aug-10", "sep-2012", "15sep", "feb13".
  func joinedMonthDate(_ word: String) -> (CivilDate, hasYear: Bool)? {
    // Such a word has a dash or a slash, or figures at one end only; most words have neither. By bytes first: a
    // character that is a digit is its byte, and so are "-" and "/".
    let isFigure = { (byte: UInt8?) in byte.map { $0 >= 0x30 && $0 <= 0x39 } == true }
    guard
      isFigure(word.utf8.first) || isFigure(word.utf8.last) || word.utf8.contains(where: { $0 == 0x2D || $0 == 0x2F })
    else { return nil }
    guard let first = word.first, let last = word.last,
      first.isDigit != last.isDigit || word.contains(where: { $0 == "-" || $0 == "/" })
    else { return nil }
    var parts = word.split(whereSeparator: { $0 == "-" || $0 == "/" }).map(String.init)
    if parts.count == 1, first.isDigit != last.isDigit {
      // "15sep": digits then a month name; "feb13": a month name then digits.
      let lead = word.prefix { $0.isDigit == first.isDigit }
      parts = [String(lead), String(word.dropFirst(lead.count))]
    }
    guard (2...3).contains(parts.count), let monthIndex = parts.firstIndex(where: { TimeWords.months[$0] != nil }),
      let month = TimeWords.months[parts[monthIndex]]
    else { return nil }
    let others = parts.enumerated().filter { $0.offset != monthIndex }.map(\.element)
    guard others.allSatisfy({ $0.allSatisfy(\.isDigit) }) else { return nil }
    if others.count == 1 {
      if let year = Scan.fullYear(others[0]) { return CivilDate(year: year, month: month, day: 1).map { ($0, true) } }
      guard let day = Scan.dayNumber(others[0]) else { return nil }
      return parser.upcoming(month: month, day: day).map { ($0, false) }
    }
    if let year = Scan.fullYear(others[0]), let day = Scan.dayNumber(others[1]) {
      return CivilDate(year: year, month: month, day: day).map { ($0, true) }
    }
    guard let day = Scan.dayNumber(others[0]) else { return nil }
    let yearText = others[1]
    let year = yearText.count == 4 ? Int(yearText) : yearText.count == 2 ? Int(yearText).map(Scan.pivotYear) : nil
    return year.flatMap { CivilDate(year: $0, month: month, day: day) }.map { ($0, true) }
  }

  private func dated(month: Int, day: Int, year: Int?, end: Int) -> (Piece, Int, Bool)? {
    let date = year.map { CivilDate(year: $0, month: month, day: day) } ?? parser.upcoming(month: month, day: day)
    guard let date else { return nil }
    return (.date(date), end, false)
  }

  /// "Thu Oct 26 11:00:09 2023", "Oct 26 10:00 EDT 2023": the year after the time of a date named by its month
  /// without one, as the `date` command prints it; inside a title only where the phrase ends. Returns where the
  /// phrase now ends.
  func yearAfterTime(_ reading: inout Reading, first: Int, end: Int) -> Int {
    guard reading.hasTime, let day = reading.day, let year = word(end).flatMap(Scan.fullYear),
      !careful || endsDate(at: end), chunks[first..<end].contains(where: { TimeWords.months[$0.word] != nil }),
      !chunks[first..<end].contains(where: { Scan.fullYear($0.word) != nil }),
      let dated = CivilDate(year: year, month: day.month, day: day.day)
    else { return end }
    reading.day = dated
    return end + 1
  }
}
