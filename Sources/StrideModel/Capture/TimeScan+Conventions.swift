import Foundation

/// The conventions a time phrase was read by, in words, for `stride when` to say back: where task apps differ
/// ("early next week", "tue in 2 weeks", "tom"), the reading is said with the rule it followed, so it leaves no doubt.
extension Scan {
  /// The convention the words from `first` to `end` were read by, as a clause; nil for words that need none.
  func convention(from first: Int, to end: Int) -> String? {
    let words = chunks[first..<end].map(\.word)
    if let note = holidayConvention(words) { return note }
    for (offset, word) in words.enumerated() {
      let next = offset + 1 < words.count ? words[offset + 1] : ""
      if let note = partConvention(word, rest: words[offset...].joined(separator: " ")) { return note }
      if let days = TimeWords.nameDayWords[word] {
        return "\"\(word)\" read as \(days == 0 ? "today" : "tomorrow"); in a title it may be a name"
      }
      if let weekday = TimeWords.weekdays[word], ["in", "within"].contains(next) {
        let weeks = offset + 2 < words.count ? words[offset + 2] : "so many"
        return "the \(Recurrence.weekdayNames[weekday - 1]) of the week \(weeks) weeks after this one; weeks run "
          + "Monday to Sunday"
      }
      if let weekday = TimeWords.weekdays[word], next == "week" {
        return "a week after the coming \(Recurrence.weekdayNames[weekday - 1])"
      }
      if word == "later", ["this", "today"].contains(next) { return "later: what is left of it, to its end" }
      if word == "after", next == "next" {
        return "after next is the one after the coming one; weeks run Monday to Sunday"
      }
      if ["beginning", "start"].contains(word), next == "of" { return "the beginning of a period is its first day" }
      if word == "next", next == "hour" { return "within the hour: an hour from now" }
    }
    return nil
  }

  /// How a morning hour said without am or pm that had passed today was read (`Scan.Reading.passedMorning`).
  static func convention(of passed: PassedHour) -> String {
    switch passed {
    case .evening:
      "without am or pm, a morning hour that has passed today is this evening's; write am or pm to choose"
    case .justMissed:
      "a time to the minute that passed less than six hours ago is tomorrow's; for this evening, write pm"
    case .startedRange:
      "a range of hours on a 24-hour clock that has begun today is tomorrow's; for today's, write today"
    }
  }

  /// How "early", "mid" and "late" cut the period the rest of the words name (a week, a year, else a month).
  private func partConvention(_ word: String, rest: String) -> String? {
    let part = word.split(separator: "-").first.map(String.init) ?? word
    // "mid-january" and "midjanuary", but not "midnight" or "midday".
    guard
      TimeWords.periodParts[part] != nil
        || (word.hasPrefix("mid") && word.count > 3 && !["midnight", "midnite", "midday"].contains(word))
    else { return nil }
    let intro = "early, mid and late are the first, middle and last third"
    if rest.contains("week") {
      return intro + " of a week: Monday and Tuesday, Wednesday and Thursday, Friday to Sunday"
    }
    if rest.contains("year") || rest.split(separator: " ").contains(where: { Scan.fullYear(String($0)) != nil })
      || rest.range(of: #"-\d{4}"#, options: .regularExpression) != nil,
      !rest.split(whereSeparator: { $0 == " " || $0 == "-" }).contains(where: { TimeWords.months[String($0)] != nil })
    {
      return intro + " of a year: January to April, May to August, September to December"
    }
    return intro + " of a month: the 1st to 10th, 11th to 20th, and 21st to the end"
  }
}
