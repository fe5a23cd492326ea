import Foundation

/// Holidays by name: "christmas", "new year's eve", "thanksgiving 2027", "good friday", "mother's day". Each is the
/// next one from today (today included) unless a year follows. Inside a title a holiday is a time only where the
/// phrase ends or after a marker, so "buy a christmas tree" and "halloween costume" stay titles.
extension Scan {
  /// How a holiday falls in a year.
  enum HolidayRule {
    /// The same day every year: Christmas, 25 December.
    case fixed(month: Int, day: Int)
    /// The same day, moved these many days when it falls on a Saturday or a Sunday: Boss's Day (16 October) is
    /// kept on the Friday before or the Monday after.
    case fixedOffWeekend(month: Int, day: Int, saturday: Int, sunday: Int)
    /// The nth weekday (ISO number) of a month, -1 for the last: Thanksgiving, the fourth Thursday of November.
    case nthWeekday(Int, weekday: Int, month: Int)
    /// Days from Easter Sunday: Good Friday is -2.
    case easter(Int)
    /// Days from Thanksgiving: Black Friday is 1.
    case thanksgiving(Int)
    /// A holiday of another calendar: Hebrew, Islamic, Chinese, Orthodox (CalendarHoliday.swift).
    case calendar(CalendarHoliday)
  }

  /// "christmas", "thanksgiving 2027", and a holiday shifted: "this christmas" and "next halloween" are the next
  /// one, "christmas of next year" next year's; "last easter" and "mlk day of last year" the one before, only where
  /// the whole text is a time ("play last christmas" is a song).
  func holidayPiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    let shift = TimeWords.periodShifts[word]
    guard let (rule, nameEnd) = holidayName(at: shift == nil ? index : index + 1) else { return nil }
    var end = nameEnd
    let today = parser.today
    var year: Int?
    var before = (shift ?? 0) < 0
    if shift == nil, let written = self.word(end).flatMap(Scan.fullYear) {
      year = written
      end += 1
    } else if shift == nil, self.word(end) == "of",
      let yearShift = self.word(end + 1).flatMap({ TimeWords.periodShifts[$0] }),
      ["year", "yr"].contains(self.word(end + 2))
    {
      year = today.year + yearShift
      before = yearShift < 0
      end += 3
    } else if shift == nil, let (shiftedYear, after) = yearMoved(at: end) {
      year = shiftedYear
      end = after
    }
    // "play last christmas", "photos from last easter": a holiday gone by is no due, nor the next one.
    let afterBack = index > 0 && (self.word(index - 1).flatMap { TimeWords.periodShifts[$0] } ?? 0) < 0
    if careful, before || (shift == nil && afterBack) { return nil }
    let date: CivilDate? =
      if let year { Self.holiday(rule, in: year) } else if before {
        Self.holidays(rule, in: today.year).last { $0 < today } ?? Self.holidays(rule, in: today.year - 1).last
      } else {
        Self.next(rule, from: today)
      }
    if careful, !marked, !endsDate(at: end - 1) { return nil }
    return date.map { (.date($0), end, false) }
  }

  /// "thanksgiving in 9 months", "christmas in a year", "easter 2 years ago": the holiday in the year that lies so
  /// far from today, and where the words end; only where the whole text is a time (in a title "buy christmas
  /// presents in 2 weeks" is due in two weeks).
  func yearMoved(at index: Int) -> (Int, Int)? {
    // Months and years move it to another year; days and weeks would only name the one to come.
    guard !careful, let word = self.word(index),
      word == "in" || word.startsWithNumber || TimeWords.amounts[word] != nil,
      let (amounts, _) = amounts(at: word == "in" ? index + 1 : index),
      amounts.allSatisfy({ if case .months = $0.1 { true } else { false } }),
      case (.day(let day), let end, _)? = relativePiece(word, index, marked: false)
    else { return nil }
    return (day.year, end)
  }

  /// "next year", "of last year" after a month, and where the whole text is a time "in 2 years" and "a year ago" too:
  /// the year, and where the words end.
  func yearNamed(at index: Int) -> (Int, Int)? {
    let position = word(index) == "of" ? index + 1 : index
    if let shift = word(position).flatMap({ TimeWords.periodShifts[$0] }), ["year", "yr"].contains(word(position + 1)) {
      return (parser.today.year + shift, position + 2)
    }
    return yearMoved(at: index)
  }

  /// The holiday named at `index` and where its name ends.
  private func holidayName(at index: Int) -> (HolidayRule, Int)? {
    guard let first = self.word(index).map(Self.bareWord) else { return nil }
    if let found = Self.holidayName(among: Self.holidaysByFirstWord[first], at: index, word: self.word) {
      return found
    }
    // Names that are also a title's words ("lent", "clean monday") where the whole text is a time.
    return careful ? nil : Self.holidayName(among: Self.wholeTextHolidaysByFirstWord[first], at: index, word: self.word)
  }

  /// The holiday named at `index` of lower-cased `words` (a routine's: "every christmas") and where its name ends:
  /// those read in a title.
  static func holidayName(in words: [String], at index: Int) -> (HolidayRule, Int)? {
    let word = { (position: Int) in position < words.count ? words[position] : nil }
    guard let first = word(index).map(bareWord) else { return nil }
    return holidayName(among: holidaysByFirstWord[first], at: index, word: word)
  }

  private static func holidayName(
    among names: [([String], HolidayRule)]?, at index: Int, word: (Int) -> String?
  ) -> (HolidayRule, Int)? {
    for (name, rule) in names ?? [] where name.indices.allSatisfy({ word(index + $0).map(bareWord) == name[$0] }) {
      return (rule, index + name.count)
    }
    return nil
  }

  /// A word as holiday names are written: without apostrophes and dots ("new year's" is "new years", "st." "st").
  static func bareWord(_ word: String) -> String {
    // Most words have none of them: "'" is the byte 27, "." 2E, and "’" starts with E2.
    guard word.utf8.contains(where: { $0 == 0x27 || $0 == 0x2E || $0 == 0xE2 }),
      word.contains(where: { $0 == "'" || $0 == "’" || $0 == "." })
    else { return word }
    return word.filter { $0 != "'" && $0 != "’" && $0 != "." }
  }

  /// The next day a holiday falls on, `today` included.
  static func next(_ rule: HolidayRule, from today: CivilDate) -> CivilDate? {
    holidays(rule, in: today.year).first { $0 >= today } ?? holiday(rule, in: today.year + 1)
  }

  /// The days a holiday falls on in a year, earliest first: one, but for a lunar holiday that falls twice.
  static func holidays(_ rule: HolidayRule, in year: Int) -> [CivilDate] {
    guard case .calendar(let other) = rule else { return holiday(rule, in: year).map { [$0] } ?? [] }
    return other.days(in: year)
  }

  /// The day a holiday falls on in a year (the first, if it falls twice).
  static func holiday(_ rule: HolidayRule, in year: Int) -> CivilDate? {
    switch rule {
    case .fixed(let month, let day):
      return CivilDate(year: year, month: month, day: day)
    case .fixedOffWeekend(let month, let day, let saturday, let sunday):
      return CivilDate(year: year, month: month, day: day).map {
        $0.adding(days: $0.isoWeekday == 6 ? saturday : $0.isoWeekday == 7 ? sunday : 0)
      }
    case .nthWeekday(let nth, let weekday, let month):
      guard let first = CivilDate(year: year, month: month, day: 1) else { return nil }
      if nth < 0 {
        let last = first.endOfMonth
        return last.adding(days: -((last.isoWeekday - weekday + 7) % 7))
      }
      return first.adding(days: (weekday - first.isoWeekday + 7) % 7 + 7 * (nth - 1))
    case .easter(let offset):
      return easterSunday(year)?.adding(days: offset)
    case .thanksgiving(let offset):
      return holiday(.nthWeekday(4, weekday: 4, month: 11), in: year)?.adding(days: offset)
    case .calendar(let other):
      return other.days(in: year).first
    }
  }

  /// Easter Sunday in the Gregorian calendar, by the computus (the anonymous Gregorian algorithm).
  static func easterSunday(_ year: Int) -> CivilDate? {
    let a = year % 19
    let (b, c) = (year / 100, year % 100)
    let (d, e) = (b / 4, b % 4)
    let g = (8 * b + 13) / 25
    let h = (19 * a + b - d - g + 15) % 30
    let (i, k) = (c / 4, c % 4)
    let l = (32 + 2 * e + 2 * i - h - k) % 7
    let m = (a + 11 * h + 19 * l) / 433
    let month = (h + l - 7 * m + 90) / 25
    let day = (h + l - 7 * m + 33 * month + 19) % 32
    return CivilDate(year: year, month: month, day: day)
  }

  /// The holidays Stride knows, by their names' words (without apostrophes), longest first within each first
  /// word. Where countries differ Stride takes the United States' day (Mother's Day, the second Sunday of May);
  /// Docs/capture.md says so.
  static let holidaysByFirstWord: [String: [([String], HolidayRule)]] = {
    let table: [(String, HolidayRule)] = [
      ("christmas", .fixed(month: 12, day: 25)), ("christmas day", .fixed(month: 12, day: 25)),
      ("xmas", .fixed(month: 12, day: 25)), ("xmas day", .fixed(month: 12, day: 25)),
      ("christmas eve", .fixed(month: 12, day: 24)), ("xmas eve", .fixed(month: 12, day: 24)),
      ("boxing day", .fixed(month: 12, day: 26)), ("new years day", .fixed(month: 1, day: 1)),
      ("new year day", .fixed(month: 1, day: 1)), ("new years", .fixed(month: 1, day: 1)),
      ("new year", .fixed(month: 1, day: 1)), ("new years eve", .fixed(month: 12, day: 31)),
      ("new year eve", .fixed(month: 12, day: 31)), ("nye", .fixed(month: 12, day: 31)),
      ("halloween", .fixed(month: 10, day: 31)), ("valentines day", .fixed(month: 2, day: 14)),
      ("valentine day", .fixed(month: 2, day: 14)), ("st patricks day", .fixed(month: 3, day: 17)),
      ("saint patricks day", .fixed(month: 3, day: 17)), ("st paddys day", .fixed(month: 3, day: 17)),
      ("saint paddys day", .fixed(month: 3, day: 17)), ("april fools day", .fixed(month: 4, day: 1)),
      ("independence day", .fixed(month: 7, day: 4)), ("earth day", .fixed(month: 4, day: 22)),
      ("veterans day", .fixed(month: 11, day: 11)), ("remembrance day", .fixed(month: 11, day: 11)),
      ("juneteenth", .fixed(month: 6, day: 19)), ("cinco de mayo", .fixed(month: 5, day: 5)),
      ("thanksgiving", .thanksgiving(0)), ("thanksgiving day", .thanksgiving(0)), ("black friday", .thanksgiving(1)),
      ("cyber monday", .thanksgiving(4)), ("mothers day", .nthWeekday(2, weekday: 7, month: 5)),
      ("mother day", .nthWeekday(2, weekday: 7, month: 5)), ("fathers day", .nthWeekday(3, weekday: 7, month: 6)),
      ("father day", .nthWeekday(3, weekday: 7, month: 6)), ("memorial day", .nthWeekday(-1, weekday: 1, month: 5)),
      ("labor day", .nthWeekday(1, weekday: 1, month: 9)), ("labour day", .nthWeekday(1, weekday: 1, month: 9)),
      ("mlk day", .nthWeekday(3, weekday: 1, month: 1)), ("mlk jr day", .nthWeekday(3, weekday: 1, month: 1)),
      ("martin luther king day", .nthWeekday(3, weekday: 1, month: 1)),
      ("martin luther king jr day", .nthWeekday(3, weekday: 1, month: 1)),
      ("presidents day", .nthWeekday(3, weekday: 1, month: 2)),
      ("columbus day", .nthWeekday(2, weekday: 1, month: 10)), ("easter", .easter(0)), ("easter sunday", .easter(0)),
      ("easter day", .easter(0)), ("easter monday", .easter(1)), ("eastermonday", .easter(1)),
      ("good friday", .easter(-2)), ("goodfriday", .easter(-2)),
      ("holy saturday", .easter(-1)), ("maundy thursday", .easter(-3)), ("palm sunday", .easter(-7)),
      ("ash wednesday", .easter(-46)), ("shrove tuesday", .easter(-47)), ("mardi gras", .easter(-47)),
      ("pancake day", .easter(-47)), ("pentecost", .easter(49)), ("whit sunday", .easter(49)),
      ("whitsunday", .easter(49)), ("whit monday", .easter(50)), ("ascension day", .easter(39)),
    ]
    var byFirst: [String: [([String], HolidayRule)]] = [:]
    for (written, rule) in table + calendarHolidayNames {
      for name in writtenVariants(written) {
        let words = name.split(separator: " ").map(String.init)
        byFirst[words[0], default: []].append((words, rule))
      }
    }
    return byFirst.mapValues { $0.sorted { $0.0.count > $1.0.count } }
  }()
}
