/// The names of the holidays of other calendars (CalendarHoliday) and of the Western Easter cycle's further days,
/// as people write them: "rosh hashanah", "eid al-adha" (or "eid ul adha", "bakrid"), "chinese new year",
/// "orthodox easter". A hyphen in a name may be a space ("eid al adha"), and a weekday at the end of one may be
/// written short ("easter mon").
extension Scan {
  /// The names, before their written variants are made.
  static let calendarHolidayNames: [(String, HolidayRule)] = {
    let hebrew: [(String, CalendarHoliday)] = [
      ("rosh hashanah", .hebrew(month: 1, day: 1)), ("rosh hashana", .hebrew(month: 1, day: 1)),
      ("rosh hashanna", .hebrew(month: 1, day: 1)), ("rosh ha-shanah", .hebrew(month: 1, day: 1)),
      ("jewish new year", .hebrew(month: 1, day: 1)), ("yom kippur", .hebrew(month: 1, day: 10)),
      ("yom kipur", .hebrew(month: 1, day: 10)), ("day of atonement", .hebrew(month: 1, day: 10)),
      ("sukkot", .hebrew(month: 1, day: 15)), ("succot", .hebrew(month: 1, day: 15)),
      ("sukkos", .hebrew(month: 1, day: 15)), ("succos", .hebrew(month: 1, day: 15)),
      ("feast of tabernacles", .hebrew(month: 1, day: 15)), ("feast of booths", .hebrew(month: 1, day: 15)),
      ("feast of the ingathering", .hebrew(month: 1, day: 15)), ("shemini atzeret", .hebrew(month: 1, day: 22)),
      ("simchat torah", .hebrew(month: 1, day: 23)), ("simchas torah", .hebrew(month: 1, day: 23)),
      ("hanukkah", .hebrew(month: 3, day: 25)), ("hanukah", .hebrew(month: 3, day: 25)),
      ("hannukah", .hebrew(month: 3, day: 25)), ("hannukkah", .hebrew(month: 3, day: 25)),
      ("chanukah", .hebrew(month: 3, day: 25)), ("chanukkah", .hebrew(month: 3, day: 25)),
      ("hanukka", .hebrew(month: 3, day: 25)), ("tu bishvat", .hebrew(month: 5, day: 15)),
      ("tu bshvat", .hebrew(month: 5, day: 15)), ("tu beshvat", .hebrew(month: 5, day: 15)),
      ("purim", .hebrew(month: 7, day: 14)), ("shushan purim", .hebrew(month: 7, day: 15)),
      ("passover", .hebrew(month: 8, day: 15)), ("pesach", .hebrew(month: 8, day: 15)),
      ("pesah", .hebrew(month: 8, day: 15)), ("yom hashoah", .hebrew(month: 8, day: 27, moved: .yomHaShoah)),
      ("holocaust remembrance day", .hebrew(month: 8, day: 27, moved: .yomHaShoah)),
      ("holocaust day", .hebrew(month: 8, day: 27, moved: .yomHaShoah)),
      ("yom haatzmaut", .hebrew(month: 9, day: 5, moved: .yomHaatzmaut)),
      ("israel independence day", .hebrew(month: 9, day: 5, moved: .yomHaatzmaut)),
      ("lag baomer", .hebrew(month: 9, day: 18)), ("lag bomer", .hebrew(month: 9, day: 18)),
      ("lag laomer", .hebrew(month: 9, day: 18)), ("shavuot", .hebrew(month: 10, day: 6)),
      ("shavuos", .hebrew(month: 10, day: 6)), ("feast of weeks", .hebrew(month: 10, day: 6)),
      ("tisha bav", .hebrew(month: 12, day: 9, moved: .offSabbath)),
      ("tisha beav", .hebrew(month: 12, day: 9, moved: .offSabbath)),
    ]
    let islamic: [(String, CalendarHoliday)] = [
      ("islamic new year", .islamic(month: 1, day: 1)), ("hijri new year", .islamic(month: 1, day: 1)),
      ("muslim new year", .islamic(month: 1, day: 1)), ("amun jadid", .islamic(month: 1, day: 1)),
      ("ashura", .islamic(month: 1, day: 10)), ("day of ashura", .islamic(month: 1, day: 10)),
      ("mawlid", .islamic(month: 3, day: 12)), ("mawlid al-nabi", .islamic(month: 3, day: 12)),
      ("mawlid an-nabi", .islamic(month: 3, day: 12)), ("mawlid al-nabawi", .islamic(month: 3, day: 12)),
      ("milad un nabi", .islamic(month: 3, day: 12)), ("prophets birthday", .islamic(month: 3, day: 12)),
      ("isra and miraj", .islamic(month: 7, day: 27)), ("isra miraj", .islamic(month: 7, day: 27)),
      ("lailat al miraj", .islamic(month: 7, day: 27)), ("prophets ascension", .islamic(month: 7, day: 27)),
      ("ramadan", .islamic(month: 9, day: 1)),
      ("ramadhan", .islamic(month: 9, day: 1)), ("ramzan", .islamic(month: 9, day: 1)),
      ("ramazan", .islamic(month: 9, day: 1)), ("laylat al-qadr", .islamic(month: 9, day: 27)),
      ("laylat al-kadr", .islamic(month: 9, day: 27)), ("lailat al-qadr", .islamic(month: 9, day: 27)),
      ("night of power", .islamic(month: 9, day: 27)), ("night of decree", .islamic(month: 9, day: 27)),
      ("night of measures", .islamic(month: 9, day: 27)), ("jumuatul-wida", .lastFridayOfRamadan),
      ("jamat ul-vida", .lastFridayOfRamadan), ("jumuah al-wida", .lastFridayOfRamadan),
      ("eid al-fitr", .islamic(month: 10, day: 1)), ("eid ul-fitr", .islamic(month: 10, day: 1)),
      ("id ul-fitr", .islamic(month: 10, day: 1)), ("eid el-fitr", .islamic(month: 10, day: 1)),
      ("eid-al-fitr", .islamic(month: 10, day: 1)), ("eid-ul-fitr", .islamic(month: 10, day: 1)),
      ("ramadan eid", .islamic(month: 10, day: 1)), ("hari raya puasa", .islamic(month: 10, day: 1)),
      ("hari raya aidilfitri", .islamic(month: 10, day: 1)), ("lebaran", .islamic(month: 10, day: 1)),
      ("day of arafah", .islamic(month: 12, day: 9)), ("arafat day", .islamic(month: 12, day: 9)),
      ("eid al-adha", .islamic(month: 12, day: 10)), ("eid ul-adha", .islamic(month: 12, day: 10)),
      ("id ul-adha", .islamic(month: 12, day: 10)), ("eid el-adha", .islamic(month: 12, day: 10)),
      ("eid-al-adha", .islamic(month: 12, day: 10)), ("eid-ul-adha", .islamic(month: 12, day: 10)),
      ("eid el-kebir", .islamic(month: 12, day: 10)), ("bakr id", .islamic(month: 12, day: 10)),
      ("bakrid", .islamic(month: 12, day: 10)), ("bakri eid", .islamic(month: 12, day: 10)),
      ("sacrifice feast", .islamic(month: 12, day: 10)), ("feast of sacrifice", .islamic(month: 12, day: 10)),
      ("feast of the sacrifice", .islamic(month: 12, day: 10)), ("kurban bayram", .islamic(month: 12, day: 10)),
      ("hari raya haji", .islamic(month: 12, day: 10)), ("eid", .eitherEid),
    ]
    let chinese: [(String, CalendarHoliday)] = [
      ("chinese new year", .chinese(month: 1, day: 1)), ("chinese new years", .chinese(month: 1, day: 1)),
      ("chinese new years day", .chinese(month: 1, day: 1)), ("chinese lunar new year", .chinese(month: 1, day: 1)),
      ("chinese lunar new years", .chinese(month: 1, day: 1)),
      ("chinese lunar new years day", .chinese(month: 1, day: 1)), ("lunar new year", .chinese(month: 1, day: 1)),
      ("lunar new years", .chinese(month: 1, day: 1)), ("lunar new years day", .chinese(month: 1, day: 1)),
      ("lantern festival", .chinese(month: 1, day: 15)),
      ("dragon boat festival", .chinese(month: 5, day: 5)), ("duanwu festival", .chinese(month: 5, day: 5)),
      ("qixi festival", .chinese(month: 7, day: 7)), ("mid-autumn festival", .chinese(month: 8, day: 15)),
      ("moon festival", .chinese(month: 8, day: 15)), ("mooncake festival", .chinese(month: 8, day: 15)),
      ("double ninth festival", .chinese(month: 9, day: 9)),
    ]
    let orthodox: [(String, CalendarHoliday)] = [
      ("orthodox easter", .orthodoxEaster(0)), ("orthodox easter sunday", .orthodoxEaster(0)),
      ("orthodox pascha", .orthodoxEaster(0)), ("pascha", .orthodoxEaster(0)),
      ("orthodox easter monday", .orthodoxEaster(1)), ("orthodox good friday", .orthodoxEaster(-2)),
      ("orthodox great friday", .orthodoxEaster(-2)), ("orthodox holy friday", .orthodoxEaster(-2)),
      ("orthodox holy saturday", .orthodoxEaster(-1)), ("orthodox palm sunday", .orthodoxEaster(-7)),
      ("lazarus saturday", .orthodoxEaster(-8)),
      ("orthodox shrove monday", .orthodoxEaster(-48)),
      ("great lent", .orthodoxEaster(-48)),
      ("orthodox ascension", .orthodoxEaster(39)), ("orthodox pentecost", .orthodoxEaster(49)),
    ]
    // Days of the Western Easter cycle and others the first table does not name (Boss's Day in the United
    // States, King's Day in the Netherlands, World Vegan Day). Names that are also words of a title are
    // left out: "lent" (of "lend"), "corpus christi" (a city), "trinity sunday" (Trinity, a name), "clean monday"
    // ("deep clean monday"), "great fast", "white sunday" ("wear white sunday"), "pure monday", and Boss's Day
    // without its apostrophe ("email the boss day after tomorrow").
    let western: [(String, HolidayRule)] = [
      ("holy thursday", .easter(-3)), ("mothering sunday", .easter(-21)), ("monday of the holy spirit", .easter(50)),
      ("bosss day", .fixedOffWeekend(month: 10, day: 16, saturday: -1, sunday: 1)),
      ("koningsdag", .fixedOffWeekend(month: 4, day: 27, saturday: 0, sunday: -1)),
      ("world vegan day", .fixed(month: 11, day: 1)),
      ("martin luther kings day", .nthWeekday(3, weekday: 1, month: 1)),
      ("martin luther kings jr day", .nthWeekday(3, weekday: 1, month: 1)),
    ]
    return (hebrew + islamic + chinese + orthodox).map { ($0.0, HolidayRule.calendar($0.1)) } + western
  }()

  /// The days whose names are also a title's words (the list above says why each is left out there), read where
  /// the whole text is a time: `stride when "lent 2027"`, `--due "trinity sunday"`.
  static let wholeTextHolidaysByFirstWord: [String: [([String], HolidayRule)]] = {
    let table: [(String, HolidayRule)] = [
      ("lent", .easter(-46)), ("trinity sunday", .easter(56)), ("corpus christi", .easter(60)),
      ("clean monday", .calendar(.orthodoxEaster(-48))), ("pure monday", .calendar(.orthodoxEaster(-48))),
      ("great fast", .calendar(.orthodoxEaster(-48))),
      ("boss day", .fixedOffWeekend(month: 10, day: 16, saturday: -1, sunday: 1)),
      ("bosses day", .fixedOffWeekend(month: 10, day: 16, saturday: -1, sunday: 1)),
      ("civil rights day", .nthWeekday(3, weekday: 1, month: 1)),
    ]
    var byFirst: [String: [([String], HolidayRule)]] = [:]
    for (written, rule) in table {
      let words = written.split(separator: " ").map(String.init)
      byFirst[words[0], default: []].append((words, rule))
    }
    return byFirst
  }()

  /// The convention a holiday in `words` was read by, for `stride when` to say back: another calendar's, or the
  /// country whose day was taken (`countryConventions`).
  func holidayConvention(_ words: [String]) -> String? {
    for index in words.indices {
      guard let names = Self.holidaysByFirstWord[Self.bareWord(words[index])] else { continue }
      for (name, rule) in names
      where name.indices.allSatisfy({ index + $0 < words.count && Self.bareWord(words[index + $0]) == name[$0] }) {
        guard case .calendar(let holiday) = rule else { return Self.countryConventions[name.joined(separator: " ")] }
        return holiday.convention
      }
    }
    return nil
  }

  /// Each name as it may be written: a hyphen as a space too, a weekday at its end short too.
  static func writtenVariants(_ name: String) -> [String] {
    var names = [name]
    if name.contains("-") { names.append(name.replacingHyphens) }
    for (long, shorts) in weekdayShortenings where name.hasSuffix(" " + long) {
      names += shorts.map { String(name.dropLast(long.count)) + $0 }
    }
    return names
  }

  private static let weekdayShortenings: [(String, [String])] = [
    ("monday", ["mon"]), ("tuesday", ["tue", "tues"]), ("wednesday", ["wed"]), ("thursday", ["thu", "thur", "thurs"]),
    ("friday", ["fri"]), ("saturday", ["sat"]), ("sunday", ["sun"]),
  ]
}

extension String {
  fileprivate var replacingHyphens: String { String(map { $0 == "-" ? " " : $0 }) }
}
