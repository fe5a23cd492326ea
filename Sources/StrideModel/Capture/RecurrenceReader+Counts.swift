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
    // "one time a week", "1 time a day": as "once".
    let spelled = ["one", "1"].contains(words[index]) && index + 1 < words.count && words[index + 1] == "time"
    let first = spelled ? index + 2 : index + 1
    guard first < words.count, spelled || words[index] == "once" || words[index] == "1x" else { return nil }
    // A limit ("no more than once a week", "at most once a day") or "all at once" is no routine.
    if index > 0, ["than", "most", "least", "at", "all"].contains(words[index - 1]) { return nil }
    let next = words[first]
    let reading: (Recurrence, ClockTime?, Int)?
    if everyWords.contains(next) || frequencyWord(next) != nil {
      reading = phrase(words, at: first)
    } else if perPeriod(words, at: first) != nil {
      // Read as "every week" is, with what may follow it ("once a week on sunday", "once a day in the evening").
      var every = words
      every[first] = "every"
      reading = phrase(every, at: first)
    } else {
      reading = nil
    }
    // "once weekly reports are in, file them", "once a week has passed": "once" opens a clause there.
    guard let reading, reading.2 >= words.count || !clauseWords.contains(words[reading.2]) else { return nil }
    // "once daily 8am", but not "once daily standup ends".
    if frequencyWord(next) != nil, reading.2 < words.count,
      !["at", "on", "from", "starting"].contains(words[reading.2]), !looksLikeClock(words[reading.2])
    {
      return nil
    }
    return reading
  }

  /// Words after "once a week" that make "once" open a clause ("once a week has passed", "once daily standup ends").
  private static let clauseWords: Set<String> = [
    "has", "have", "had", "is", "are", "was", "were", "ends", "passes", "passed", "goes", "from", "later", "ago",
  ]

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
      // "4x week".
      if position < words.count, let (frequency, interval) = units[words[position]], !words[position].hasSuffix("s") {
        return (position + 1, Self.instead(count, frequency, interval))
      }
    case let word where word.contains("/"):
      // "3x/week", one word.
      let parts = word.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let times = Int(parts[0].hasSuffix("x") ? parts[0].dropLast() : parts[0]), times >= 2,
        let (frequency, interval) = perPeriod(["a", String(parts[1])], at: 0)
      else { return nil }
      return (index + 1, Self.instead(times, frequency, interval))
    default:
      // "a couple of times a day".
      let of = index + 2 < words.count && words[index + 1] == "of" ? 1 : 0
      guard index + 1 + of < words.count else { return nil }
      // "3 days a week", "2 nights a week": so many days of each week.
      let days =
        ["days", "nights", "mornings", "evenings"].contains(words[index + 1 + of])
        && perPeriod(words, at: index + 2 + of)?.0 == .weekly
      guard days || ["times", "x"].contains(words[index + 1 + of]) else { return nil }
      // "2-3 times a week": the most.
      let most = words[index].split(separator: "-").last.map(String.init) ?? words[index]
      let several = ["several", "multiple", "many", "few"].contains(words[index])
      guard several || (CaptureParser.wholeAmount(most).map { $0 >= 2 } ?? false) else { return nil }
      (count, position) = (several ? nil : CaptureParser.wholeAmount(most), index + 2 + of)
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
