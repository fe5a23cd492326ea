import Foundation
import StrideBase

/// A phrase written as a time that cannot be one: a day its month does not have ("31 feb", "april 31st",
/// "2026-02-30"), a clock past its end ("25:00", "9:75", "13pm"), a repeat on a day that is not a day of the week
/// ("every blursday", "every thursdy"), or a holiday of a calendar Stride does not compute ("diwali"). Stride keeps
/// such words in the title; this says which, and why, so the reply can name them instead of keeping them silently.
public struct TimeNearMiss: Equatable, Sendable {
  /// The words as written.
  public var text: String
  /// Why they are no time, as a clause: "February has no 31st".
  public var reason: String
  /// Whether they name a day that does not exist (not a clock or a repeat): a clock beside them is that day's.
  public var isDay = false
}

extension TimeParser {
  /// Every phrase of `text` written as a time that cannot be one, in order. Only the shapes are judged: call it on
  /// words that were not read as a time. `meantAsTime`: the whole text was given as a time (`stride when`), so a
  /// clock needs no "at" before it.
  public func nearMisses(in text: String, meantAsTime: Bool = false) -> [TimeNearMiss] {
    // A holiday of a calendar Stride does not compute ("diwali") is named, not guessed (TimeNearMiss+Holidays).
    let holidays = Self.unreckonedHolidays(in: text)
    // Every shape has a figure in it, but a mistyped day after "every": most lines are passed over whole.
    guard text.contains(where: \.isDigit) || text.lowercased().contains(text: "every") else { return holidays }
    let words = text.spacedWords.map { word in
      let isMark = { (character: Character) in Self.wordMarks.contains(character) }
      guard let first = word.firstIndex(where: { !isMark($0) }), let last = word.lastIndex(where: { !isMark($0) })
      else { return "" }
      return String(word[first...last])
    }
    var misses: [TimeNearMiss] = []
    var index = 0
    while index < words.count {
      if let (miss, length) = nearMiss(words, at: index, meantAsTime: meantAsTime) {
        misses.append(miss)
        index += length
      } else {
        index += 1
      }
    }
    return holidays + misses
  }

  /// The punctuation around a word that is not part of it.
  static let wordMarks: Set<Character> = [",", ".", ";", ":", "!", "?", "(", ")", "\""]

  private func nearMiss(_ words: [String], at index: Int, meantAsTime: Bool) -> (TimeNearMiss, Int)? {
    let word = words[index].lowercased()
    // Every shape below starts with a figure, a month's name or "every": most words are none of them.
    guard word.startsWithDigit || word == "every" || TimeWords.months[word] != nil else { return nil }
    func next(_ offset: Int) -> String? {
      index + offset < words.count ? words[index + offset].lowercased() : nil
    }
    func miss(_ length: Int, _ reason: String, day: Bool = true) -> (TimeNearMiss, Int) {
      (TimeNearMiss(text: words[index..<(index + length)].joined(separator: " "), reason: reason, isDay: day), length)
    }
    let marked = index == 0 ? meantAsTime : Self.marksClock(words[index - 1].lowercased())
    let meridiem = next(1).flatMap { TimeWords.meridiems[$0] }
    if let reason = Self.clockReason(word, meridiem: meridiem, marked: marked) {
      return miss(meridiem == nil ? 1 : 2, reason, day: false)
    }
    if let reason = isoDateReason(word) ?? numericDateReason(word) { return miss(1, reason) }
    // "31 feb", "31st of april"
    if let day = Scan.dayNumber(word) {
      let of = next(1) == "of" ? 1 : 0
      if let month = next(1 + of).flatMap({ TimeWords.months[$0] }), let reason = dayReason(day, month) {
        return miss(2 + of, reason)
      }
    }
    // "feb 30", "april the 31st"
    if let month = TimeWords.months[word] {
      let the = next(1) == "the" ? 1 : 0
      if let day = next(1 + the).flatMap(Scan.dayNumber), let reason = dayReason(day, month) {
        return miss(2 + the, reason)
      }
    }
    if word == "every", let day = next(1), let reason = Self.weekdayReason(day) { return miss(2, reason, day: false) }
    // "every 27 pay rent": a figure after "every" with no length of time after it may be a day of the month, or a
    // count ("every 3 kids"); kept in the title, and said how to write the day.
    if word == "every", let figure = next(1), figure.allSatisfy({ $0.isASCII && $0.isNumber }), let day = Int(figure),
      (1...31).contains(day), next(2).flatMap({ Durations.seconds("1 " + $0) }) == nil
    {
      return miss(2, "for a day of each month, write every \(Recurrence.ordinalNumber(day))", day: false)
    }
    return nil
  }

  /// Whether `word` says a clock time comes next: "at 25:00", "until 9:75", "tomorrow 25:00", "friday 13:65".
  private static func marksClock(_ word: String) -> Bool {
    [
      "at", "by", "from", "until", "till", "before", "after", "around", "@", "today", "tonight", "tomorrow", "tmrw",
      "tmr",
    ]
    .contains(word) || TimeWords.weekdays[word] != nil
  }

  /// Why `word` (with `meridiem`, the next word, when it is am or pm) is a clock time that does not exist. Without am
  /// or pm it counts only after a word such as "at" (`marked`): "a 1:72 scale kit" and "won 25:23" are no clocks.
  private static func clockReason(_ word: String, meridiem following: Character?, marked: Bool) -> String? {
    var digits = Substring(word)
    var meridiem = following
    for (suffix, letter) in TimeWords.meridiems where digits.hasSuffix(suffix) && digits.count > suffix.count {
      digits = digits.dropLast(suffix.count)
      meridiem = letter
      break
    }
    let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isDigit) }),
      parts[0].count <= 2, let hour = Int(parts[0])
    else { return nil }
    let minute = parts.count == 2 ? Int(parts[1]) : nil
    if parts.count == 2, parts[1].count != 2 { return nil }
    // Without am or pm, only a marked clock written with minutes is a clock ("at 25 people" is not).
    // An hour just past the day's end on the quarter ("call mum 25:00") is a clock meant even unmarked; a score is
    // seldom that round.
    let roundLate = (24...29).contains(hour) && minute.map { $0 % 15 == 0 } == true
    guard meridiem != nil || (minute != nil && (marked || roundLate)) else { return nil }
    if let minute, minute > 59, hour <= 23 { return "an hour has minutes 00 to 59" }
    if meridiem != nil, hour == 0 || hour > 12 { return "with am or pm, the hour is 1 to 12" }
    // "24:00" is a way to write the end of a day; past it, only hours just after are taken as a clock.
    if meridiem == nil, (24...29).contains(hour), hour > 24 || minute != 0 {
      return "a day's clock runs from 00:00 to 23:59"
    }
    return nil
  }

  /// Why `day` of `month` (of `year`, when the words name one) is no date: the month is shorter that year, or in
  /// every year, or in this one and the next few.
  private func dayReason(_ day: Int, _ month: Int, year: Int? = nil) -> String? {
    // 2000 was a leap year: a day no year has is no day of 2000 either.
    if CivilDate(year: year ?? 2000, month: month, day: day) == nil {
      return "\(Recurrence.monthNames[month - 1])\(year.map { " \($0)" } ?? "") has no \(Recurrence.ordinalNumber(day))"
    }
    guard year == nil, month == 2, day == 29 else { return nil }
    // A day without a year is its next one; a 29 February is years away at most.
    let today = calendar.day(of: reference)
    let first = today.month <= 2 ? today.year : today.year + 1
    guard let leap = (first...(first + 8)).first(where: { CivilDate(year: $0, month: 2, day: 29) != nil }),
      leap != today.year
    else { return nil }
    return "February has a 29th only in a leap year; the next is \(leap)"
  }

  /// "31/11", "2/30", "31/11/2026": day and month in figures that make no date in either order (a fraction such as
  /// "1/2" or "24/7" is a date in one of them, and "50/50" in neither, so none is named).
  private func numericDateReason(_ word: String) -> String? {
    let parts = word.split(separator: "/", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      parts[0...1].allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isDigit) }),
      parts.count == 2 || (parts[2].count == 4 && parts[2].allSatisfy(\.isDigit)),
      let first = Int(parts[0]), let second = Int(parts[1])
    else { return nil }
    // Each way the two could be read: month and day.
    let readings = [(first, second), (second, first)].filter { (1...12).contains($0.0) && (1...31).contains($0.1) }
    guard let (month, day) = readings.first,
      !readings.contains(where: { CivilDate(year: 2000, month: $0.0, day: $0.1) != nil })
    else { return nil }
    return dayReason(day, month)
  }

  /// "2026-02-31": a date with a day its month does not have that year.
  private func isoDateReason(_ word: String) -> String? {
    let parts = word.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isDigit) }), let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2])
    else { return nil }
    guard (1...12).contains(month) else { return "a year has months 01 to 12" }
    guard (1...31).contains(day) else { return "a month has days 01 to 31 at most" }
    return dayReason(day, month, year: year)
  }

  /// Words that end like a day's name and are words of their own: "every midday", "every payday".
  private static let dayLikeWords: Set<String> = [
    "midday", "payday", "workday", "heyday", "mayday", "noonday", "today", "someday", "doomsday", "everyday",
    "weekday", "yesterday", "holiday", "birthday", "gameday", "schoolday",
  ]

  /// Why `word` after "every" reads as a day of the week mistyped ("blursday", "thursdy"): it ends as a day's name
  /// does ("-day", "-dy"), is within two letters of one, and is neither a day, a word a repeat knows, nor a word of
  /// its own ("every sunny day", "every sundry item" and "every midday" are left alone).
  private static func weekdayReason(_ word: String) -> String? {
    let singular = word.hasSuffix("s") ? String(word.dropLast()) : word
    guard word.count >= 5, singular.hasSuffix("day") || singular.hasSuffix("dy"), TimeWords.weekdays[word] == nil,
      TimeWords.weekdays[singular] == nil, !dayLikeWords.contains(singular),
      RecurrenceReader.parse("every " + word) == nil, word.allSatisfy(\.isLetter)
    else { return nil }
    guard let near = Recurrence.weekdayNames.first(where: { editDistance($0.lowercased(), singular) <= 2 }) else {
      return nil
    }
    return "\(word) is not a day of the week; perhaps you meant \(near)"
  }
}
