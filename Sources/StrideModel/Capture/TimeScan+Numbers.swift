import Foundation

/// Years, day numbers and dates written in figures ("12/03", "2026-12-10", "3 Aug 96"), and ordinals.
extension Scan {
  /// The year after a month and day, if there is one: four digits ("2027"; past 2999 only where the date ends, as
  /// in "Jan 1 3000, 9:30"), two after an apostrophe ("dec 3 '26"), or, with `short`, two digits where the date
  /// ends ("3 Aug 96", "Aug 9, 96"), so "dec 3 10 copies" keeps its count.
  func yearAfter(_ index: Int, short: Bool) -> (Int?, Int) {
    guard let word = self.word(index), word.allSatisfy(\.isDigit) else { return (nil, index) }
    if let year = Scan.fullYear(word) { return (year, index + 1) }
    if chunks[index].shortYear, let year = Int(word) { return (Scan.pivotYear(year), index + 1) }
    guard endsDate(at: index) else { return (nil, index) }
    if word.count == 4, let year = Int(word), year >= 3000 { return (year, index + 1) }
    if short, word.count == 2, let year = Int(word) { return (Scan.pivotYear(year), index + 1) }
    return (nil, index)
  }

  /// Whether a time phrase's words may end at `index`: the last word, a word before punctuation, a joining word or
  /// the start of another time. Inside a title, words that are only sometimes a time ("the 2nd", "end of year",
  /// "noon", "at 12") are read only there, so "the 2nd floor", "end of year report", "noon prayer" and "at 12 elm
  /// road" stay.
  func endsDate(at index: Int) -> Bool {
    guard index + 1 < chunks.count, !chunks[index].punctuated else { return true }
    guard let next = word(index + 1) else { return true }
    if TimeWords.phraseFollowers.contains(next) || TimeWords.weekdays[next] != nil || TimeWords.months[next] != nil {
      return true
    }
    if ["am", "pm", "a.m.", "p.m.", "h", "o'clock", "oclock"].contains(next) { return false }
    return clockPiece(next, index + 1, afterAt: false) != nil
  }

  /// A two-digit year, as POSIX `strptime` reads one: 69 to 99 are 1969 to 1999, 00 to 68 are 2000 to 2068.
  static func pivotYear(_ year: Int) -> Int {
    year >= 69 ? 1900 + year : 2000 + year
  }

  /// 1 to 31, written "3", "03", "3rd", "21st".
  static func dayNumber(_ word: String) -> Int? {
    guard word.utf8.count <= 4, let first = word.utf8.first, first >= 48, first <= 57 else { return nil }
    var digits = Substring(word)
    for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
      digits = digits.dropLast(2)
    }
    guard (1...2).contains(digits.count), digits.allSatisfy(\.isDigit), let day = Int(digits), (1...31).contains(day)
    else { return nil }
    return day
  }

  static func fullYear(_ word: String) -> Int? {
    guard word.utf8.count == 4, word.count == 4, word.allSatisfy(\.isDigit), let year = Int(word),
      (1900...2999).contains(year)
    else {
      return nil
    }
    return year
  }

  /// "2026/12/24" and "2026.12.24" (year first), "12/2026" (a month), and the day-and-month forms "3/12/2026",
  /// "31.12.2026" and "3/12" (inside a title only after a marker). A slash date that reads both ways is read in the
  /// order of the writer's locale; with no locale known, it is left alone (and a capture refuses it, naming both
  /// readings). A dotted day and month is always day first.
  func numericDatePiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    guard word.startsWithDigit else { return nil }
    let separator = Scan.numericSeparator(word)
    let parts = word.split(separator: separator, omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isDigit) }) else {
      return nil
    }
    // "05-25-2027", "2027-3-3": a dashed date only with its four-digit year last or first, or with two figures in
    // each part when it reads one way ("12-30-16"), so "3-2-1", "22-23" and "10-12-14" stay numbers.
    if separator == "-" {
      if parts.count == 3, parts.allSatisfy({ $0.count == 2 }) {
        return Scan.oneWayDashed(word, parser: parser).map { (.date($0), index + 1, false) }
      }
      let yearLast = parts.count == 3 && parts[2].count == 4 && parts[0].count <= 2
      let yearFirst = parts.count == 3 && parts[0].count == 4 && parts[1].count <= 2 && parts[2].count <= 2
      guard yearLast || yearFirst else { return nil }
    }
    let numbers = parts.compactMap { Int($0) }
    guard numbers.count == parts.count else { return nil }
    let date: CivilDate?
    switch (parts.count, parts[0].count, parts.last!.count) {
    case (2, 1...2, 4) where separator == "/": date = CivilDate(year: numbers[1], month: numbers[0], day: 1)
    case (3, 4, _): date = CivilDate(year: numbers[0], month: numbers[1], day: numbers[2])
    default:
      guard let (dayFirst, monthFirst) = Scan.numericReadings(word, parser: parser) else { return nil }
      // In a title a day and month alone need a marker ("by 27/1"), or to end the phrase and read one way — in
      // any locale, or in the writer's where it is known — without being a fraction ("pay the rent 27/1",
      // "dentist 14/12 3pm"): "4/5 stars", "add 1/2", "24/7" and a count ("page 12/30") stay.
      if parts.count == 2, careful, !marked {
        let oneWay = dayFirst == nil || monthFirst == nil || (parser.dateOrder != .unknown && !Scan.isFraction(parts))
        let counted = index > 0 && TimeWords.countWords.contains(chunks[index - 1].word)
        guard endsDate(at: index), oneWay, !counted, !Scan.isFigureOfSpeech(parts) else { return nil }
      }
      // "12.25.26": a dotted date with a two-digit year needs two figures in each part, and no version before it.
      if separator == ".", parts.last!.count == 2,
        Scan.versionLike(parts, after: index > 0 ? self.word(index - 1) : nil)
      {
        return nil
      }
      switch (dayFirst, monthFirst) {
      case (let one?, nil), (nil, let one?): date = one
      case (let one?, let other?) where one == other: date = one
      case (let one?, let other?):
        switch parser.dateOrder {
        case .dayFirst: date = one
        case .monthFirst: date = other
        case .unknown:
          // "Sunday 12/7/2014": a weekday before it may say which reading is meant.
          guard let settled = Scan.settledByWeekday(one, other, chunks: chunks, at: index) else { return nil }
          date = settled
        }
      default: date = nil
      }
    }
    guard let date else { return nil }
    return (.date(date), index + 1, false)
  }

  /// A date in figures joined by dashes with two figures in each part, read as the same date with slashes when it
  /// reads only one way ("12-30-16", "30-12-16"); nil when it reads both ways ("10-12-14": a score, a route or a
  /// code) or neither.
  static func oneWayDashed(_ word: String, parser: TimeParser) -> CivilDate? {
    guard let (dayFirst, monthFirst) = numericReadings(word.replacingOccurrences(of: "-", with: "/"), parser: parser),
      (dayFirst == nil) != (monthFirst == nil)
    else { return nil }
    return dayFirst ?? monthFirst
  }

  /// What a numeric date is written with: "3/12/2026", "05-25-2027", "31.12.2026".
  static func numericSeparator(_ word: String) -> Character {
    word.contains("/") ? "/" : word.contains("-") ? "-" : "."
  }

  /// The one of two readings of a numeric date whose weekday the word before it names ("Sunday 12/7/2014" is 7
  /// December 2014, a Sunday; 12 July was a Saturday); nil when no weekday is there or it fits both or neither.
  static func settledByWeekday(_ one: CivilDate, _ other: CivilDate, chunks: [Chunk], at index: Int) -> CivilDate? {
    guard index > 0, let weekday = TimeWords.weekdays[chunks[index - 1].word] else { return nil }
    let fitting = [one, other].filter { $0.isoWeekday == weekday }
    return fitting.count == 1 ? fitting[0] : nil
  }

  /// The two readings of a day-and-month date — day first and month first, each nil when it names no day — or nil
  /// when the word is not one: "3/12/2026", "12/25/26" (a two-digit year, as `Scan.pivotYear` reads it), "3/12"
  /// (the next such day), "31.12.2026" and "12.25.26" (dotted: day first where both read, unless the locale is month
  /// first).
  static func numericReadings(_ word: String, parser: TimeParser) -> (CivilDate?, CivilDate?)? {
    let separator = numericSeparator(word)
    let parts = word.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isDigit) }), parts[0].count <= 2,
      parts.count > 1 ? parts[1].count <= 2 : false
    else { return nil }
    let numbers = parts.compactMap { Int($0) }
    func day(month: Int, day: Int) -> CivilDate? {
      guard numbers.count == 3 else { return parser.upcoming(month: month, day: day) }
      let year = parts[2].count == 2 ? pivotYear(numbers[2]) : numbers[2]
      return CivilDate(year: year, month: month, day: day)
    }
    let both = (day(month: numbers[1], day: numbers[0]), day(month: numbers[0], day: numbers[1]))
    switch (separator, parts.count, parts.last!.count) {
    case ("/", 3, 4), ("/", 2, 1...2), ("-", 3, 4), ("/", 3, 2):
      return both
    case (".", 3, 4), (".", 3, 2):
      // Dots are how much of Europe writes a date: day first, unless the locale is month first; one that reads
      // only one way ("05.25.2015") is read that way.
      if both.0 == nil || both.1 == nil { return both }
      return parser.dateOrder == .monthFirst ? (nil, both.1) : (both.0, nil)
    default:
      return nil
    }
  }

  /// Figures that look like a day and a month and seldom are one: "24/7" (all hours), and an inch in sixteenths or
  /// finer ("7/16").
  static func isFigureOfSpeech(_ parts: [Substring]) -> Bool {
    parts.count == 2 && ((parts[0] == "24" && parts[1] == "7") || ["16", "32", "64"].contains(String(parts[1])))
  }

  /// Whether a day and month in figures is as much a common fraction: "1/2", "3/4", "5/8".
  static func isFraction(_ parts: [Substring]) -> Bool {
    guard parts.count == 2, let top = Int(parts[0]), let bottom = Int(parts[1]) else { return false }
    return top < bottom && [2, 3, 4, 8].contains(bottom)
  }

  /// Whether a dotted date with a two-digit year looks like a version number: a part of one figure ("1.10.30"), or
  /// after "v", "version", "release", "build" or "to" ("upgrade to 12.10.22").
  static func versionLike(_ parts: [Substring], after word: String?) -> Bool {
    !parts.allSatisfy({ $0.count == 2 }) || ["v", "version", "ver", "release", "build", "to"].contains(word ?? "")
  }

  /// "the 19th", "21st", "on the first": the next such day of a month. Inside a title only where the phrase ends
  /// (so "on the first try" and "the 2nd floor" stay), and after a marker or "on the" — or, written in digits,
  /// as the last word ("pay rent 1st").
  func ordinalPiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    guard let found = dayOfMonth(at: index), found.ordinal, !besideMonth(day: index, end: found.end) else {
      return nil
    }
    // "friday the 13th", "sunday 6th": a weekday and a day of the month are the next day that is both.
    let before = index > 1 && chunks[index - 1].word == "the" ? index - 2 : index - 1
    let weekday = before >= 0 ? TimeWords.weekdays[chunks[before].word] : nil
    if careful, weekday == nil {
      guard endsDate(at: found.end - 1) else { return nil }
      if !marked && (found.spelled || (found.end != chunks.count && !clockEndsLine(at: found.end))) { return nil }
    }
    guard let date = parser.upcoming(dayOfMonth: found.day, weekday: weekday) else { return nil }
    return (.date(date), found.end, false)
  }

  /// Whether a clock time written as one ("3pm", "10:30", "at 3", "@ 3") is all that is left of the line at `index`:
  /// a day of the month before it is that day's ("dentist the 15th 3pm"), not a title's number left beside a time
  /// read as today's.
  private func clockEndsLine(at index: Int) -> Bool {
    guard let word = word(index) else { return false }
    let afterAt = word == "at" || word == "@"
    let position = afterAt ? index + 1 : index
    let meridiem =
      position + 2 == chunks.count && self.word(position + 1).map { TimeWords.meridiems[$0] != nil } == true
    guard position + 1 == chunks.count || meridiem, let figure = self.word(position),
      let clock = Scan.clockFigure(figure, meridiemWord: meridiem)
    else { return false }
    return afterAt || clock.written || meridiem
  }

  /// Whether the day at `index` (to `end`) stands beside a month's name: "april the 31st", "31st of april". Such a
  /// day is that month's, read with it or not at all: where the two make no date, the day alone is no other month's.
  private func besideMonth(day index: Int, end: Int) -> Bool {
    var before = index - 1
    if before >= 0, chunks[before].word == "the" { before -= 1 }
    let after = word(end) == "of" ? end + 1 : end
    return (before >= 0 && TimeWords.months[chunks[before].word] != nil)
      || word(after).map { TimeWords.months[$0] != nil } == true
  }
}
