import Foundation

/// The words of a rule as the reader sees them, and words a rule is written with that other apps taught people: a
/// day of the month without its "th" ("every 27", Todoist's) and Taskwarrior's short lengths ("every 8h").
extension RecurrenceReader {
  /// Lower-cased words with their surrounding punctuation set aside (the `!` of `every!` is kept).
  package static func words(_ text: String) -> [String] {
    text.lowercased().spacedWords.map(withoutWordMarks).filter { !$0.isEmpty }
  }

  /// A word without the punctuation `words` sets aside at either end, scalar by scalar as
  /// `trimmingCharacters(in:)` trims (without Foundation: a capture asks for the words of each word of its line).
  private static func withoutWordMarks(_ word: Substring) -> String {
    func isMark(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar {
      case ",", ".", ";", ":", "(", ")", "\"": true
      default: false
      }
    }
    let scalars = word.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isMark($0) }), let last = scalars.lastIndex(where: { !isMark($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  /// Words that may follow "every 27" when it is a day of the month: a time, "of the month", the routine's start
  /// or end.
  static let afterMonthDay: Set<String> = [
    "at", "@", "of", "on", "from", "starting", "until", "till", "til", "through", "ending", "for", "in",
  ]

  /// "every 27", "every 27 at 9am", "every 27 of the month": a day of the month in figures alone (1 to 31), where
  /// no unit follows (that is an interval: "every 27 days"); the days and the index after them.
  static func bareMonthDay(_ words: [String], _ index: Int) -> ([Int], Int)? {
    guard index < words.count, let day = Int(words[index]), (1...31).contains(day) else { return nil }
    let next = index + 1
    guard next == words.count || afterMonthDay.contains(words[next]) || looksLikeClock(words[next]) else {
      return nil
    }
    return ([day], ofTheMonth(words, next))
  }

  /// "9am", "7:30", "10pm": a word that is a clock time.
  static func looksLikeClock(_ word: String) -> Bool {
    guard word.first?.isNumber == true else { return false }
    return word.contains(":") || word.hasSuffix("am") || word.hasSuffix("pm")
  }

  /// Where a routine's time of day written at `index` ends: "7am", "at 9:30", "at 9", "9 am", "@ 7 pm"; nil when
  /// none is there (a bare figure needs "at" or am or pm: "every day 10 pushups" is a count).
  static func clockEnd(_ words: [String], at index: Int) -> Int? {
    let marked = index < words.count && ["at", "@"].contains(words[index])
    let position = marked ? index + 1 : index
    guard position < words.count else { return nil }
    let meridiem = { (at: Int) in at < words.count && ["am", "pm", "a.m", "p.m"].contains(words[at]) }
    if looksLikeClock(words[position]) { return meridiem(position + 1) ? position + 2 : position + 1 }
    guard Int(words[position]).map({ (1...12).contains($0) }) == true, marked || meridiem(position + 1) else {
      return nil
    }
    return meridiem(position + 1) ? position + 2 : position + 1
  }

  /// "8h", "2hrs", "3d", "2w", "2wk": a number and a short unit of hours, days or weeks, as a rule.
  static func compactUnit(_ word: String) -> Recurrence? {
    let digits = word.prefix { $0.isNumber }
    guard !digits.isEmpty, ["h", "hr", "hrs", "d", "w", "wk", "wks"].contains(String(word.dropFirst(digits.count)))
    else { return nil }
    return taskwarrior(word)
  }

  /// Taskwarrior's `recur:` values: `daily`, `weekly`, `biweekly`, `monthly`, `quarterly`, `yearly`, `annual`,
  /// `weekdays`, and `N` with a unit (`3d`, `2w`, `2wk`, `6mo`, `1y`; in a recurrence an `m` is months).
  public static func taskwarrior(_ value: String) -> Recurrence? {
    let word = value.lowercased()
    if let rule = frequencyWord(word) { return rule }
    switch word {
    case "annual": return Recurrence(.yearly)
    case "weekdays": return Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5])
    case "semiannual": return Recurrence(.monthly, interval: 6)
    default: break
    }
    let digits = word.prefix { $0.isNumber }
    let unit = word.dropFirst(digits.count)
    let count = digits.isEmpty ? 1 : Int(digits) ?? 0
    guard (1...999).contains(count) else { return nil }
    switch unit {
    case "h", "hr", "hrs", "hour", "hours": return Recurrence(.hourly, interval: count)
    case "d", "day", "days": return Recurrence(.daily, interval: count)
    case "w", "wk", "wks", "week", "weeks": return Recurrence(.weekly, interval: count)
    case "m", "mo", "mos", "month", "months": return Recurrence(.monthly, interval: count)
    case "q", "qtr", "quarter", "quarters": return Recurrence(.monthly, interval: 3 * count)
    case "y", "yr", "yrs", "year", "years": return Recurrence(.yearly, interval: count)
    default: return nil
    }
  }
}
