import Foundation

/// A routine's days said around its rule: the nth weekday of the month ("the first monday of every month"), days
/// left out ("every day except sunday"), and a holiday on the same date each year ("every christmas").
extension RecurrenceReader {
  /// "first monday", "last friday", "2nd workday", "first day": a monthly rule on the nth (or last) of those days,
  /// and the index after the words.
  static func nthDay(_ words: [String], _ index: Int) -> (Recurrence, Int)? {
    guard index + 1 < words.count, let nth = ordinals[words[index]] else { return nil }
    if words[index + 1] == "day" { return (Recurrence(.monthly, monthDays: [nth]), index + 2) }
    if let weekday = TimeWords.weekdays[words[index + 1]] {
      return (Recurrence(.monthly, ordinal: Recurrence.Ordinal(number: nth, weekday: weekday)), index + 2)
    }
    guard let end = workdayWords(words, index + 1) else { return nil }
    return (Recurrence(.monthly, weekdays: [1, 2, 3, 4, 5], setPosition: nth), end)
  }

  /// Whether "of every month" or "of each month" is at `index`.
  static func ofEveryMonth(_ words: [String], _ index: Int) -> Bool {
    index + 2 < words.count && words[index] == "of" && ["every", "each"].contains(words[index + 1])
      && words[index + 2] == "month"
  }

  /// The words that leave days out of a rule: "every day except sunday", "every weekday but not friday".
  static let leaveOut: [[String]] = [
    ["except", "for"], ["except", "on"], ["except"], ["excluding"], ["but", "not", "on"], ["but", "not"], ["but"],
    ["other", "than"], ["not", "on"],
  ]

  /// Days left out after a rule on days: "every day except sunday", "every weekday but friday", "daily except
  /// weekends", "every mon-fri but not wednesdays": a weekly rule on the days left, and the index after the words.
  /// Nil when no such words follow, or they would leave no day.
  static func withoutDays(_ rule: Recurrence, _ words: [String], _ index: Int) -> (Recurrence, Int)? {
    let everyDay = rule.frequency == .daily && rule.interval == 1
    guard everyDay || (rule.frequency == .weekly && !rule.weekdays.isEmpty),
      let lead = leaveOut.first(where: { CaptureParser.starts(words, index, with: $0) })
    else { return nil }
    var position = index + lead.count
    if position < words.count, words[position] == "the" { position += 1 }
    let left: [Int]
    let end: Int
    if position < words.count, ["weekend", "weekends"].contains(words[position]) {
      (left, end) = ([6, 7], position + 1)
    } else if let (days, after) = weekdayList(words, position) {
      (left, end) = (days, after)
    } else {
      return nil
    }
    let days = (everyDay ? Array(1...7) : rule.weekdays).filter { !left.contains($0) }
    guard !days.isEmpty else { return nil }
    var fewer = Recurrence(.weekly, interval: everyDay ? 1 : rule.interval, weekdays: days, afterDone: rule.afterDone)
    (fewer.count, fewer.until, fewer.start) = (rule.count, rule.until, rule.start)
    return (fewer, end)
  }

  /// "weekdays", "workdays", "weekends" alone, as "tuesdays" is ("standup weekdays at 9", "call mum on weekends"): the
  /// days Monday to Friday, or Saturday and Sunday, and the index after the word. Only where the word says when: after
  /// "on", before the time it happens, or opening a line that has its clock time ("weekdays standup 9:15"); "plan
  /// weekdays meals", "free weekends" and "weekends are for rest" name no routine.
  static func daysInThePlural(_ words: [String], _ index: Int) -> ([Int], Int)? {
    let word = words[index]
    let days: [Int]
    switch word {
    case "weekdays", "workdays", "wkdays": days = [1, 2, 3, 4, 5]
    case "weekends", "week-ends", "wknds", "wkends": days = [6, 7]
    default: return nil
    }
    // "call mum on weekends", or before the time it happens; as a noun ("ask about working weekends", "weekends
    // are for rest", "the 2 upcoming weekends") it stays.
    let saysWhen =
      (index > 0 && words[index - 1] == "on") || timeFollows(words, index + 1)
      || (index == 0 && words.dropFirst().contains(where: looksLikeClock))
    return saysWhen ? (days, index + 1) : nil
  }

  /// Whether a time of day follows at `index`: "at", "@", a clock ("9:15", "7pm") or a part of the day ("morning").
  static func timeFollows(_ words: [String], _ index: Int) -> Bool {
    guard index < words.count else { return false }
    return ["at", "@"].contains(words[index]) || looksLikeClock(words[index]) || dayPartSuffix(words, index).1 > index
  }

  /// "& fri night" after "every tues night": more weekdays at the same time of day, and the index after them; nil
  /// when none follow, or they are at another time ("every tue night and fri morning": named by the capture).
  static func moreDays(_ words: [String], _ index: Int, at clock: ClockTime) -> ([Int], Int)? {
    guard let (days, after, part) = daysAtAPart(words, index), part == clock else { return nil }
    return (days, after)
  }

  /// "and fri morning", "& thu night", "and fri" at `index`: the weekdays, the index after the words, and their time
  /// of day if one is said.
  static func daysAtAPart(_ words: [String], _ index: Int) -> ([Int], Int, ClockTime?)? {
    guard index + 1 < words.count, ["and", "&"].contains(words[index]),
      let (days, after) = weekdayList(words, index + 1)
    else { return nil }
    let (part, end) = dayPartSuffix(words, after)
    return (days, end, part)
  }

  /// "every christmas", "every new year's day": a holiday on the same date each year, after "every" at `index`, as a
  /// yearly rule; the capture reads its day (`CaptureParser.holidayStart`). Nil for any other words.
  static func fixedHoliday(_ words: [String], _ index: Int) -> Recurrence? {
    guard case .fixed = Scan.holidayName(in: words, at: index)?.0 else {
      return nil
    }
    return Recurrence(.yearly)
  }

  /// Whether "of" or "in" and a month's name are at `index`: "of november", "in may".
  static func ofAMonth(_ words: [String], _ index: Int) -> Bool {
    index + 1 < words.count && ["of", "in"].contains(words[index]) && TimeWords.months[words[index + 1]] != nil
  }

  /// Whether another nth day follows at `index`: "and 4th tuesday", "& last".
  static func moreNth(_ words: [String], _ index: Int) -> Bool {
    index + 1 < words.count && ["and", "&", "or"].contains(words[index]) && ordinals[words[index + 1]] != nil
  }

  /// "on the 31st of every month", "the 1st and 15th of each month", "30th of every month", "the first monday of
  /// every month", "the last workday of each month": a monthly rule on those days (so the day stays the routine's
  /// day), and the index after it. Only "of every month" makes it one: "the first monday of the month" is a day.
  static func daysOfEveryMonth(_ words: [String], at index: Int) -> (Recurrence, Int)? {
    var position = index
    if position < words.count, words[position] == "on" { position += 1 }
    if position < words.count, words[position] == "the" { position += 1 }
    // Not the last of several: "the 1st and 3rd monday of every month" is named (`CaptureParser.unreadRule`).
    let afterAnother =
      position > 0
      && (ordinals[words[position - 1]] != nil
        || (position > 1 && ["and", "&", "or"].contains(words[position - 1]) && ordinals[words[position - 2]] != nil))
    if let (rule, end) = nthDay(words, position), ofEveryMonth(words, end) {
      return afterAnother ? nil : (rule, end + 3)
    }
    guard let (days, end) = monthDayList(words, position), ofEveryMonth(words, end) else { return nil }
    return (Recurrence(.monthly, monthDays: days), end + 3)
  }

  /// Whether the word at `index` follows words that leave days out ("daily but not on sundays"): the days are the
  /// rule's, read with it, not a rule of their own.
  static func leftOut(_ words: [String], at index: Int) -> Bool {
    // "daily except sundays and mondays": each day of the list is left out.
    if index >= 2, ["and", "or", "&"].contains(words[index - 1]),
      weekdayList(words, index - 2) != nil || ["weekend", "weekends"].contains(words[index - 2])
    {
      return leftOut(words, at: index - 2)
    }
    return leaveOut.contains { lead in
      (1...2).contains { gap in
        index >= lead.count + gap - 1 && CaptureParser.starts(words, index - lead.count - gap + 1, with: lead)
          && (gap == 1 || words[index - 1] == "the")
      }
    }
  }

  /// Weekdays joined in one word: "tue/thu" (those days) and "mon-fri" (Monday to Friday; "fri-mon" runs over the
  /// weekend).
  static func joinedWeekdays(_ word: String) -> [Int]? {
    if let days = weekdayLetters[word] { return days }
    guard word.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "-") }) else { return nil }
    let slash = word.contains("/")
    let parts = word.split(separator: slash ? "/" : "-").map {
      TimeWords.weekdays[String($0)] ?? (slash ? weekdayLetter[String($0)] : nil)
    }
    guard parts.count >= 2, !parts.contains(nil) else { return nil }
    let days = parts.compactMap { $0 }
    // "t/f", "r/w", "m/f": two single letters are true/false, read/write, male/female far more often than days.
    guard !slash || parts.count > 2 || word.count > 3 else { return nil }
    guard !slash else { return days }
    guard days.count == 2 else { return nil }
    return days[0] <= days[1] ? Array(days[0]...days[1]) : Array(days[0]...7) + Array(1...days[1])
  }

  /// Whether `word` writes weekdays by their letters alone ("mwf", "m/w/f", "t/th"), not by their names ("mon/wed").
  static func lettersOnly(_ word: String) -> Bool {
    weekdayLetters[word] != nil
      || word.split(separator: "/").allSatisfy { TimeWords.weekdays[String($0)] == nil }
  }

  /// Weekdays as a timetable writes them, by their letters: "mwf", "tth" (Tuesday and Thursday), "mtwtf".
  static let weekdayLetters: [String: [Int]] = [
    "mwf": [1, 3, 5], "tth": [2, 4], "tuth": [2, 4], "mtwtf": [1, 2, 3, 4, 5],
    "mtwthf": [1, 2, 3, 4, 5],
  ]

  /// One weekday's letters between slashes: "m/w/f", "tu/th", "t/th", "m/t/w/th/f".
  private static let weekdayLetter: [String: Int] = [
    "m": 1, "t": 2, "tu": 2, "w": 3, "th": 4, "r": 4, "f": 5, "sa": 6, "su": 7,
  ]
}
