import Foundation
import StrideBase

/// Routines said by how many times they come in a period. Once in each ("once a week", "once daily", "1x a month",
/// "once every 2 weeks") is the period's rule; more than once ("twice a week", "3 times a day", "2x/week", "twice
/// daily") is no rule of Stride's, whose routines come once in each of their periods: those words are kept in the
/// title and named, with what to write instead, and a frequency word after them ("daily") is not read as once.
extension RecurrenceReader {
  /// "once a week", "once per day", "once each month", "once daily", "1x a year", "once every 2 weeks": the rule, its
  /// clock time and the index after its words.
  static func once(_ words: [String], at index: Int) -> (Recurrence, ClockTime?, Int)? {
    guard index + 1 < words.count, words[index] == "once" || words[index] == "1x" else { return nil }
    let next = words[index + 1]
    if everyWords.contains(next) || frequencyWord(next) != nil { return phrase(words, at: index + 1) }
    guard perPeriod(words, at: index + 1) != nil else { return nil }
    // Read as "every week" is, with what may follow it ("once a week on sunday", "once a day in the evening").
    var every = words
    every[index + 1] = "every"
    return phrase(every, at: index + 1)
  }

  /// More than once in a period ("twice a week", "three times per day", "2x a month", "3x/week", "twice daily",
  /// "several times a day"): the index after the words, and why no rule keeps them with what to write instead.
  static func timesAPeriod(_ words: [String], at index: Int) -> (Int, String)? {
    var position = index
    var count: Int?
    switch words[index] {
    case "twice": (count, position) = (2, index + 1)
    case "thrice": (count, position) = (3, index + 1)
    case let word where word.hasSuffix("x") && Int(word.dropLast()).map({ $0 >= 2 }) == true:
      (count, position) = (Int(word.dropLast()), index + 1)
    case let word where word.contains("/"):
      // "3x/week", one word.
      let parts = word.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, parts[0].hasSuffix("x"), let times = Int(parts[0].dropLast()), times >= 2,
        let (frequency, interval) = perPeriod(["a", String(parts[1])], at: 0)
      else { return nil }
      return (index + 1, Self.instead(times, frequency, interval))
    default:
      guard index + 1 < words.count, ["times", "x"].contains(words[index + 1]) else { return nil }
      let several = ["several", "multiple", "many", "few"].contains(words[index])
      guard several || (CaptureParser.wholeAmount(words[index]).map { $0 >= 2 } ?? false) else { return nil }
      (count, position) = (several ? nil : CaptureParser.wholeAmount(words[index]), index + 2)
    }
    guard position < words.count else { return nil }
    if let rule = frequencyWord(words[position]) {
      return (position + 1, Self.instead(count, rule.frequency, rule.interval))
    }
    guard let (frequency, interval) = perPeriod(words, at: position) else { return nil }
    return (position + 2, Self.instead(count, frequency, interval))
  }

  /// "a week", "per day", "each month", "every year" at `index`: the period, one of it.
  private static func perPeriod(_ words: [String], at index: Int) -> (Recurrence.Frequency, Int)? {
    guard index + 1 < words.count, ["a", "an", "per", "each", "every"].contains(words[index]),
      let (frequency, interval) = units[words[index + 1]], !words[index + 1].hasSuffix("s")
    else { return nil }
    return (frequency, interval)
  }

  /// Why `count` times a period is no rule, and what to write instead.
  private static func instead(_ count: Int?, _ frequency: Recurrence.Frequency, _ interval: Int) -> String {
    let start = "a routine comes once in each of its periods; "
    let week = [
      2: "monday and thursday", 3: "monday, wednesday and friday", 4: "monday, tuesday, thursday and friday",
      5: "weekday", 6: "day except sunday", 7: "day",
    ]
    let hours = count.flatMap { 24 % $0 == 0 ? 24 / $0 : nil } ?? 4
    let months = count.flatMap { 12 % $0 == 0 ? 12 / $0 : nil } ?? 3
    switch (frequency, interval) {
    case (.daily, 1): return start + "write every \(hours) hours, or capture a routine for each time of day"
    case (.hourly, _): return "a routine comes back every hour at the most often; write every hour"
    case (.weekly, 1): return start + "write the days, like every \(count.flatMap { week[min($0, 7)] } ?? week[2]!)"
    case (.monthly, 1): return start + "write the days of the month, like every 1st and 15th, or every 2 weeks"
    case (.yearly, 1): return start + "write every \(months) months"
    default: return start + "write the days it comes, like every monday and thursday, or a shorter period"
    }
  }
}
