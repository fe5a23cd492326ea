import Foundation

/// A holiday of a calendar other than the Gregorian, as a rule that finds its days in a Gregorian year: "rosh
/// hashanah", "eid al-fitr", "chinese new year", "orthodox easter". The Hebrew, Islamic and Chinese days are
/// converted by the system's calendars (Foundation's, which are ICU's: the Hebrew calendar's arithmetic, the Umm
/// al-Qura tables, the Chinese calendar's astronomy); Orthodox Easter is the Julian computus, by arithmetic. Nothing
/// here is a table of dates: every year is computed.
///
/// Conventions (Docs/capture.md): a Jewish holiday is the Gregorian day on whose evening it begins (Rosh Hashanah
/// 5779 is Sunday 9 September 2018, the evening of "erev Rosh Hashanah"), as Duckling has it, so a task for it is
/// due before it starts; an Islamic holiday is its day in Saudi Arabia's Umm al-Qura calendar, which a local
/// sighting of the moon may move by a day; a holiday of several days is its first.
enum CalendarHoliday: Hashable, Sendable {
  /// A day of a Hebrew month (1 Tishri … 13 Elul; Adar is 7, Adar II in a leap year), with the postponements of
  /// the modern days kept in Israel.
  case hebrew(month: Int, day: Int, moved: HebrewMove = .none)
  /// A day of an Islamic month (1 Muharram … 12 Dhu al-Hijjah).
  case islamic(month: Int, day: Int)
  /// The last Friday of Ramadan (Jumu'atul-Wida).
  case lastFridayOfRamadan
  /// A day of a Chinese month (1/1 is the Spring Festival), never of a leap month.
  case chinese(month: Int, day: Int)
  /// Days from Orthodox Easter Sunday (the Julian computus, said in the Gregorian calendar).
  case orthodoxEaster(Int)
  /// "eid" alone: whichever of Eid al-Fitr and Eid al-Adha comes first.
  case eitherEid

  /// How a Hebrew day moves off the Sabbath, where it does.
  enum HebrewMove: Hashable, Sendable {
    case none
    /// A fast that falls on the Sabbath is kept the day after (Tisha B'Av).
    case offSabbath
    /// Yom HaShoah (27 Nisan): a Friday goes to the Thursday before, a Sunday to the Monday after.
    case yomHaShoah
    /// Yom Ha'atzmaut (5 Iyar): a Friday or Saturday goes to the Thursday before, a Monday to the Tuesday after.
    case yomHaatzmaut
  }

  /// The days this holiday falls on in a Gregorian year, earliest first (a lunar year is shorter than the
  /// Gregorian, so an Islamic holiday falls twice in some years).
  func days(in year: Int) -> [CivilDate] {
    switch self {
    case .hebrew(let month, let day, let moved):
      // The evening it begins: the Gregorian day before its first full day.
      return [year + 3760, year + 3761].compactMap { hebrewYear in
        Self.convert(.hebrew, era: nil, year: hebrewYear, month: month, day: day).map { Self.move($0, moved) }
      }.map { $0.adding(days: -1) }.filter { $0.year == year }.sorted()
    case .islamic(let month, let day):
      return Self.islamicYears(around: year).compactMap {
        Self.convert(.islamicUmmAlQura, era: nil, year: $0, month: month, day: day)
      }.filter { $0.year == year }.sorted()
    case .lastFridayOfRamadan:
      return Self.islamicYears(around: year).compactMap {
        Self.convert(.islamicUmmAlQura, era: nil, year: $0, month: 10, day: 1).map { eid in
          eid.adding(days: -((eid.isoWeekday + 2) % 7 == 0 ? 7 : (eid.isoWeekday + 2) % 7))
        }
      }.filter { $0.year == year }.sorted()
    case .chinese(let month, let day):
      return Self.chineseYears(around: year).compactMap { era, chineseYear in
        Self.convert(.chinese, era: era, year: chineseYear, month: month, day: day)
      }.filter { $0.year == year }.sorted()
    case .orthodoxEaster(let offset):
      return [Self.orthodoxEaster(year).adding(days: offset)].filter { $0.year == year }
    case .eitherEid:
      return (Self.islamic(month: 10, day: 1).days(in: year) + Self.islamic(month: 12, day: 10).days(in: year)).sorted()
    }
  }

  /// The day Stride chose where calendars differ, as a clause for `stride when` to say back; nil where none do.
  var convention: String? {
    let ummAlQura = "as Saudi Arabia's Umm al-Qura calendar has it; where the new moon is sighted locally, it may be "
    switch self {
    case .hebrew: return "a Jewish holiday is the day on whose evening it begins, the first if it lasts several days"
    case .islamic, .lastFridayOfRamadan: return ummAlQura + "a day later"
    case .eitherEid: return "\"eid\" is whichever Eid comes first, al-Fitr or al-Adha, " + ummAlQura + "a day later"
    case .chinese, .orthodoxEaster: return nil
    }
  }

  /// Orthodox Easter Sunday: the Julian computus (Meeus), then the Julian date said in the Gregorian calendar.
  static func orthodoxEaster(_ year: Int) -> CivilDate {
    let (a, b, c) = (year % 4, year % 7, year % 19)
    let d = (19 * c + 15) % 30
    let e = (2 * a + 4 * b - d + 34) % 7
    let month = (d + e + 114) / 31
    let day = (d + e + 114) % 31 + 1
    // A Julian date in March or April is this many days behind the Gregorian one (13 from 1900 to 2099).
    let behind = year / 100 - year / 400 - 2
    return CivilDate(year: year, month: month, day: day)!.adding(days: behind)
  }

  /// Yom HaShoah and Yom Ha'atzmaut move off the Sabbath and its eve; a fast on the Sabbath is kept on Sunday.
  private static func move(_ date: CivilDate, _ moved: HebrewMove) -> CivilDate {
    switch (moved, date.isoWeekday) {
    case (.offSabbath, 6): date.adding(days: 1)
    case (.yomHaShoah, 5): date.adding(days: -1)
    case (.yomHaShoah, 7): date.adding(days: 1)
    case (.yomHaatzmaut, 5): date.adding(days: -1)
    case (.yomHaatzmaut, 6): date.adding(days: -2)
    case (.yomHaatzmaut, 1): date.adding(days: 1)
    default: date
    }
  }

  /// The Islamic years that overlap a Gregorian one: the year of its first day and the two after (an Islamic year
  /// is eleven days shorter, so one that begins in early January is followed by another in late December).
  private static func islamicYears(around year: Int) -> [Int] {
    guard let first = CivilDate(year: year, month: 1, day: 1),
      let islamic = components(.islamicUmmAlQura, of: first)?.year
    else { return [] }
    return [islamic, islamic + 1, islamic + 2]
  }

  /// The Chinese years whose months fall in a Gregorian year: the one begun by its Spring Festival (always in
  /// January or February, so under way by March) and the one before, whose last months reach into January.
  private static func chineseYears(around year: Int) -> [(Int, Int)] {
    guard let march = CivilDate(year: year, month: 3, day: 1), let parts = components(.chinese, of: march),
      let era = parts.era, let chineseYear = parts.year
    else { return [] }
    return [chineseYear == 1 ? (era - 1, 60) : (era, chineseYear - 1), (era, chineseYear)]
  }

  /// The Gregorian day of a date in another calendar; nil when that calendar has no such day that year (the
  /// system would roll it into the next month).
  private static func convert(_ identifier: Calendar.Identifier, era: Int?, year: Int, month: Int, day: Int)
    -> CivilDate?
  {
    let calendar = calendars[identifier]!
    let wanted = DateComponents(era: era, year: year, month: month, day: day, hour: 12)
    guard let date = calendar.date(from: wanted) else { return nil }
    let found = calendar.dateComponents([.month, .day], from: date)
    guard found.month == month, found.day == day else { return nil }
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    return CivilDate(dayNumber: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
  }

  /// A Gregorian day's date in another calendar.
  private static func components(_ identifier: Calendar.Identifier, of date: CivilDate) -> DateComponents? {
    let instant = Date(timeIntervalSince1970: Double(date.dayNumber * 86_400 + 43_200))
    return calendars[identifier]?.dateComponents([.era, .year, .month, .day], from: instant)
  }

  /// The calendars, in UTC so that a day is the same day in both; made once, as each is costly to make.
  private static let calendars: [Calendar.Identifier: Calendar] = {
    var made: [Calendar.Identifier: Calendar] = [:]
    for identifier in [Calendar.Identifier.hebrew, .islamicUmmAlQura, .chinese] {
      var calendar = Calendar(identifier: identifier)
      calendar.timeZone = TimeZone(identifier: "UTC")!
      made[identifier] = calendar
    }
    return made
  }()
}
