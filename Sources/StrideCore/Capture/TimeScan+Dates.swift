import Foundation

/// The pieces of a time phrase that name a day: ISO dates, named days, weekdays, months and days, numeric dates.
extension Scan {
  func isoPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard word.first?.isNumber == true, word.count >= (careful ? 10 : 6),
      let value = ISO8601Value.parse(word.uppercased(), basic: !careful)
    else { return nil }
    if careful && !word.contains("-") { return nil }
    if value.utcOffset != nil {
      return (.instant(value.resolve(in: parser.calendar)), index + 1, false)
    }
    if let time = value.time { return (.dayWithDefault(value.date, time, evening: false), index + 1, false) }
    return (.day(value.date), index + 1, false)
  }

  func namedPiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    let today = parser.today
    switch word {
    case "today": return (.day(today), index + 1, false)
    case "tomorrow", "tmr", "tmrw", "tmrow", "tomorow", "tommorow", "tommorrow":
      return (.day(today.adding(days: 1)), index + 1, false)
    case "yesterday", "yest": return (.day(today.adding(days: -1)), index + 1, false)
    case "tonight":
      let time = TimeWords.tonightTimes.first { parser.now < $0 } ?? TimeWords.tonightTimes.last!
      return (.dayWithDefault(today, time, evening: true), index + 1, false)
    case "now":
      guard !careful || marked else { return nil }
      return (.instant(parser.reference), index + 1, false)
    case "noon", "midday": return (.clock(ClockTime(hour: 12)!), index + 1, false)
    case "midnight": return (.midnight, index + 1, false)
    case "later", "someday":
      guard !careful || marked else { return nil }
      return (.day(CivilDate(year: 9999, month: 12, day: 30)!), index + 1, false)
    case "weekend":
      return (.day(weekend(next: false)), index + 1, true)
    case "day":
      // "day after tomorrow", "day before yesterday" (a leading "the" is a joiner).
      if self.word(index + 1) == "after", self.word(index + 2) == "tomorrow" {
        return (.day(today.adding(days: 2)), index + 3, false)
      }
      if self.word(index + 1) == "before", self.word(index + 2) == "yesterday" {
        return (.day(today.adding(days: -2)), index + 3, false)
      }
      return nil
    default:
      if let part = TimeWords.dayParts[word] { return (.dayPart(part), index + 1, true) }
      if let named = taskwarriorNamed(word) { return (named, index + 1, false) }
      return nil
    }
  }

  /// Taskwarrior's `sod`/`eod`, `sow`/`eow`, `som`/`eom`, `soq`/`eoq`, `soy`/`eoy`, with `n` (next) or `p`
  /// (previous) before the unit: `sonw`, `eopm`.
  func taskwarriorNamed(_ word: String) -> Piece? {
    guard word.count >= 3, word.count <= 4, word.hasPrefix("so") || word.hasPrefix("eo") else { return nil }
    let isStart = word.hasPrefix("so")
    var rest = word.dropFirst(2)
    var shift = 0
    if rest.count == 2 {
      switch rest.first {
      case "n": shift = 1
      case "p": shift = -1
      default: return nil
      }
      rest = rest.dropFirst()
    }
    let today = parser.today
    let first: CivilDate
    let last: CivilDate
    switch rest {
    case "d":
      first = today.adding(days: shift)
      last = first
    case "w":
      first = today.startOfWeek.adding(days: 7 * shift)
      last = first.adding(days: 6)
    case "m":
      first = today.startOfMonth.adding(months: shift)
      last = first.endOfMonth
    case "q":
      let quarterStart = CivilDate(year: today.year, month: (today.month - 1) / 3 * 3 + 1, day: 1)!
      first = quarterStart.adding(months: 3 * shift)
      last = first.adding(months: 2).endOfMonth
    case "y":
      first = CivilDate(year: today.year + shift, month: 1, day: 1)!
      last = CivilDate(year: today.year + shift, month: 12, day: 31)!
    default: return nil
    }
    return .instant(isStart ? parser.calendar.date(first, .startOfDay) : parser.calendar.date(last, .endOfDay))
  }

  /// "this friday", "next week", "next month", "last monday", "this evening", "next weekend".
  func modifiedPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard ["this", "next", "last", "past", "coming", "following"].contains(word), let noun = self.word(index + 1) else {
      return nil
    }
    let today = parser.today
    if let weekday = TimeWords.weekdays[noun] {
      let day: CivilDate =
        switch word {
        case "this", "coming": parser.upcoming(weekday, includingToday: true)
        case "last": today.adding(days: -((today.isoWeekday - weekday + 6) % 7 + 1))
        default: today.startOfWeek.adding(days: 7 + weekday - 1)
        }
      return (.day(day), index + 2, false)
    }
    if word == "this", let part = TimeWords.dayParts[noun] {
      return (.dayWithDefault(today, part, evening: part.hour >= 17), index + 2, false)
    }
    let shift = word == "last" || word == "past" ? -1 : word == "this" ? 0 : 1
    if shift != 0, let (amounts, after) = amounts(at: index + 1) {
      // "next 2 days", "last 2 weeks".
      return (relative(amounts, sign: Double(shift)), after, false)
    }
    switch noun {
    case "day":
      guard shift != 0 else { return nil }
      return (.day(today.adding(days: shift)), index + 2, false)
    case "weekday":
      guard shift != 0 else { return nil }
      var day = today.adding(days: shift)
      while day.isoWeekday > 5 { day = day.adding(days: shift) }
      return (.day(day), index + 2, false)
    case "week":
      // "next week" is its Monday; "this week" is what is left of it, so its Sunday.
      let monday = today.startOfWeek.adding(days: 7 * shift)
      return (.day(shift == 0 ? monday.adding(days: 6) : monday), index + 2, false)
    case "month":
      let first = today.startOfMonth.adding(months: shift)
      return (.day(shift == 0 ? first.endOfMonth : first), index + 2, false)
    case "year":
      let year = today.year + shift
      return (.day(CivilDate(year: year, month: shift == 0 ? 12 : 1, day: shift == 0 ? 31 : 1)!), index + 2, false)
    case "weekend":
      guard shift >= 0 else { return nil }
      return (.day(weekend(next: shift == 1)), index + 2, false)
    default: return nil
    }
  }

  /// The coming Saturday (today on a Saturday or Sunday); with `next`, the one a week later.
  func weekend(next: Bool) -> CivilDate {
    let today = parser.today
    let first = today.isoWeekday >= 6 ? today : parser.upcoming(6)
    return next ? first.startOfWeek.adding(days: 12) : first
  }

  /// "end of the week", "end of month", "start of next week", "beginning of next month".
  func boundaryPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard ["end", "start", "beginning"].contains(word), self.word(index + 1) == "of" else { return nil }
    var position = index + 2
    var prefix = ""
    if let modifier = self.word(position), ["the", "this", "next"].contains(modifier) {
      prefix = modifier == "next" ? "n" : ""
      position += 1
    }
    guard let unit = self.word(position) else { return nil }
    let letter: String =
      switch unit {
      case "day": "d"
      case "week": "w"
      case "month": "m"
      case "quarter": "q"
      case "year": "y"
      default: ""
      }
    guard !letter.isEmpty, let piece = taskwarriorNamed((word == "end" ? "eo" : "so") + prefix + letter) else {
      return nil
    }
    return (piece, position + 1, false)
  }

  /// "friday", "fri", "friday next week", "tuesday of next week".
  func weekdayPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard let weekday = TimeWords.weekdays[word] else { return nil }
    var position = index + 1
    if self.word(position) == "of" { position += 1 }
    if let modifier = self.word(position), ["next", "this", "last"].contains(modifier),
      self.word(position + 1) == "week"
    {
      let shift = modifier == "next" ? 1 : modifier == "last" ? -1 : 0
      let day = parser.today.startOfWeek.adding(days: 7 * shift + weekday - 1)
      return (.day(day), position + 2, false)
    }
    return (.weekday(parser.upcoming(weekday)), index + 1, TimeWords.ambiguousWeekdays.contains(word))
  }

  /// "dec 3", "december 3rd, 2026", "3 december", "3rd of dec", "10-aug-2026", "2026 august 18", "in june",
  /// and, not inside a title, "december" alone.
  func monthDayPiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    if let (joined, hasYear) = joinedMonthDate(word) {
      // "August-10, 2012": the year may follow as a word of its own.
      if !hasYear, let year = self.word(index + 1).flatMap(Scan.fullYear),
        let date = CivilDate(year: year, month: joined.month, day: joined.day)
      {
        return (.day(date), index + 2, false)
      }
      return (.day(joined), index + 1, false)
    }
    if word == "in", let next = self.word(index + 1), let month = TimeWords.months[next] {
      // "in june", "in june of 2027".
      var position = index + 2
      if self.word(position) == "of" { position += 1 }
      if let year = self.word(position).flatMap(Scan.fullYear), let date = CivilDate(year: year, month: month, day: 1) {
        return (.day(date), position + 1, false)
      }
      return (.day(upcomingFirst(of: month)), index + 2, false)
    }
    if let year = Scan.fullYear(word), let next = self.word(index + 1), let month = TimeWords.months[next] {
      if let day = self.word(index + 2).flatMap(Scan.dayNumber),
        let date = CivilDate(year: year, month: month, day: day)
      {
        return (.day(date), index + 3, false)
      }
      return CivilDate(year: year, month: month, day: 1).map { (.day($0), index + 2, false) }
    }
    if let month = TimeWords.months[word] {
      if let day = self.word(index + 1).flatMap(Scan.dayNumber), !chunks[index].comma {
        let (year, after) = yearAfter(index + 2)
        return dated(month: month, day: day, year: year, end: after)
      }
      if let year = self.word(index + 1).flatMap(Scan.fullYear) {
        guard let date = CivilDate(year: year, month: month, day: 1) else { return nil }
        return (.day(date), index + 2, false)
      }
      guard !careful || marked else { return nil }
      return (.day(upcomingFirst(of: month)), index + 1, false)
    }
    guard let day = Scan.dayNumber(word) else { return nil }
    var position = index + 1
    if self.word(position) == "of" { position += 1 }
    guard let next = self.word(position), let month = TimeWords.months[next] else { return nil }
    let (year, after) = yearAfter(position + 1)
    return dated(month: month, day: day, year: year, end: after)
  }

  /// The first of a month: this year's if the month is still to come, else next year's.
  private func upcomingFirst(of month: Int) -> CivilDate {
    CivilDate(year: parser.today.year + (parser.today.month < month ? 0 : 1), month: month, day: 1)!
  }

  /// One word with the month spelt out: "10-august-2012", "09/jan/2017", "aug-10", "sep-2012", "15sep".
  func joinedMonthDate(_ word: String) -> (CivilDate, hasYear: Bool)? {
    var parts = word.split(whereSeparator: { $0 == "-" || $0 == "/" }).map(String.init)
    if parts.count == 1, let first = word.first, first.isNumber {
      // "15sep": digits then a month name.
      let digits = word.prefix { $0.isNumber }
      parts = [String(digits), String(word.dropFirst(digits.count))]
    }
    guard (2...3).contains(parts.count), let monthIndex = parts.firstIndex(where: { TimeWords.months[$0] != nil }),
      let month = TimeWords.months[parts[monthIndex]]
    else { return nil }
    let others = parts.enumerated().filter { $0.offset != monthIndex }.map(\.element)
    guard others.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return nil }
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
    let year = yearText.count == 4 ? Int(yearText) : yearText.count == 2 ? Int(yearText).map { 2000 + $0 } : nil
    return year.flatMap { CivilDate(year: $0, month: month, day: day) }.map { ($0, true) }
  }

  private func dated(month: Int, day: Int, year: Int?, end: Int) -> (Piece, Int, Bool)? {
    let date = year.map { CivilDate(year: $0, month: month, day: day) } ?? parser.upcoming(month: month, day: day)
    guard let date else { return nil }
    return (.day(date), end, false)
  }

  /// A four-digit year at `index`, if there is one.
  private func yearAfter(_ index: Int) -> (Int?, Int) {
    guard let word = self.word(index), let year = Scan.fullYear(word) else { return (nil, index) }
    return (year, index + 1)
  }

  /// 1 to 31, written "3", "03", "3rd", "21st".
  static func dayNumber(_ word: String) -> Int? {
    var digits = Substring(word)
    for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
      digits = digits.dropLast(2)
    }
    guard (1...2).contains(digits.count), digits.allSatisfy(\.isNumber), let day = Int(digits), (1...31).contains(day)
    else { return nil }
    return day
  }

  static func fullYear(_ word: String) -> Int? {
    guard word.count == 4, word.allSatisfy(\.isNumber), let year = Int(word), (1900...2999).contains(year) else {
      return nil
    }
    return year
  }

  /// "2026/12/24" and "2026.12.24" (year first), "12/2026" (a month), and the day-and-month forms "3/12/2026",
  /// "31.12.2026" and "3/12" (inside a title only after a marker). A slash date that reads both ways is read in the
  /// order of the writer's locale; with no locale known, it is left alone (and a capture refuses it, naming both
  /// readings). A dotted day and month is always day first.
  func numericDatePiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    let separator: Character = word.contains("/") ? "/" : "."
    let parts = word.split(separator: separator, omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else {
      return nil
    }
    let numbers = parts.compactMap { Int($0) }
    guard numbers.count == parts.count else { return nil }
    let date: CivilDate?
    switch (parts.count, parts[0].count, parts.last!.count) {
    case (2, 1...2, 4) where separator == "/": date = CivilDate(year: numbers[1], month: numbers[0], day: 1)
    case (3, 4, _): date = CivilDate(year: numbers[0], month: numbers[1], day: numbers[2])
    default:
      guard let (dayFirst, monthFirst) = Scan.numericReadings(word, parser: parser) else { return nil }
      if parts.count == 2, careful, !marked { return nil }
      switch (dayFirst, monthFirst) {
      case (let one?, nil), (nil, let one?): date = one
      case (let one?, let other?) where one == other: date = one
      case (let one?, let other?):
        switch parser.dateOrder {
        case .dayFirst: date = one
        case .monthFirst: date = other
        case .unknown: date = nil
        }
      default: date = nil
      }
    }
    guard let date else { return nil }
    return (.day(date), index + 1, false)
  }

  /// The two readings of a day-and-month date — day first and month first, each nil when it names no day — or nil
  /// when the word is not one: "3/12/2026", "3/12" (the next such day), "31.12.2026" (dotted: day first only).
  static func numericReadings(_ word: String, parser: TimeParser) -> (CivilDate?, CivilDate?)? {
    let separator: Character = word.contains("/") ? "/" : "."
    let parts = word.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }), parts[0].count <= 2,
      parts.count > 1 ? parts[1].count <= 2 : false
    else { return nil }
    let numbers = parts.compactMap { Int($0) }
    func day(month: Int, day: Int) -> CivilDate? {
      guard numbers.count == 3 else { return parser.upcoming(month: month, day: day) }
      return CivilDate(year: numbers[2], month: month, day: day)
    }
    switch (separator, parts.count, parts.last!.count) {
    case ("/", 3, 4), ("/", 2, 1...2):
      return (day(month: numbers[1], day: numbers[0]), day(month: numbers[0], day: numbers[1]))
    case (".", 3, 4):
      return (day(month: numbers[1], day: numbers[0]), nil)
    default:
      return nil
    }
  }

  /// "the 19th", "21st": the next such day of a month. Inside a title only after a marker or "on the", or as
  /// the last word ("pay rent 1st").
  func ordinalPiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    guard word.count >= 3, ["st", "nd", "rd", "th"].contains(where: { word.hasSuffix($0) }),
      let day = Scan.dayNumber(word)
    else { return nil }
    if careful && !marked && index != chunks.count - 1 { return nil }
    guard let date = parser.upcoming(dayOfMonth: day) else { return nil }
    return (.day(date), index + 1, false)
  }
}
