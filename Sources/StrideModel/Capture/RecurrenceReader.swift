import Foundation
import StrideBase

/// Reads how a routine repeats, the way people write it: `every monday`, `every weekday`, `every 2 weeks`,
/// `daily`, `every morning`, `every month on the 1st`, `every last friday`, `every 3 days after done` (or Todoist's
/// `every! 3 days`), and Taskwarrior's `recur:` values (`weekly`, `2w`). Docs/capture.md lists every form.
public enum RecurrenceReader {
  /// A rule, and the clock time its words name ("every morning" is 09:00), if any.
  public typealias Reading = (rule: Recurrence, clock: ClockTime?)

  /// Reads a whole text as a rule, as `stride add` reads it in a line ("every mon wed fri 7am", "daily at 7:30",
  /// "tuesdays"); nil when any word is not part of it. A time of day after the rule is read with `times`, and
  /// given as the reading's clock time.
  public static func parse(_ text: String, times: TimeParser? = nil) -> Reading? {
    let words = Self.words(text)
    guard !words.isEmpty else { return nil }
    if words.count == 1, let rule = taskwarrior(words[0]) { return (rule, nil) }
    // Any other order ("first monday of every month") is read as a capture reads it.
    guard let (rule, clock, end) = phrase(words, at: 0) ?? weekdayRun(words, at: 0) else {
      return times.flatMap { series(text, times: $0) }
    }
    if end == words.count { return (rule, clock) }
    // "every mon wed fri 7am": a time of day, never a day ("every monday next week" is no rule); or the series'
    // start and end ("every monday until dec 1").
    guard let times, let match = times.parse(words[end...].joined(separator: " ")), match.timeOfDayOnly else {
      return times.flatMap { series(text, times: $0) }
    }
    return (rule, times.calendar.clock(of: times.startInstant(match.value)))
  }

  private static let frequencyWords: [String: (Recurrence.Frequency, Int)] = [
    "hourly": (.hourly, 1), "daily": (.daily, 1), "everyday": (.daily, 1), "weekly": (.weekly, 1),
    "monthly": (.monthly, 1),
    "yearly": (.yearly, 1),
    "annually": (.yearly, 1), "fortnightly": (.weekly, 2), "biweekly": (.weekly, 2), "quarterly": (.monthly, 3),
  ]

  static let units: [String: (Recurrence.Frequency, Int)] = [
    "hour": (.hourly, 1), "hours": (.hourly, 1), "hr": (.hourly, 1), "hrs": (.hourly, 1), "day": (.daily, 1),
    "days": (.daily, 1), "week": (.weekly, 1), "weeks": (.weekly, 1), "wk": (.weekly, 1), "wks": (.weekly, 1),
    "fortnight": (.weekly, 2),
    "fortnights": (.weekly, 2), "month": (.monthly, 1), "months": (.monthly, 1), "mo": (.monthly, 1),
    "mos": (.monthly, 1), "mth": (.monthly, 1), "mths": (.monthly, 1), "quarter": (.monthly, 3),
    "quarters": (.monthly, 3), "year": (.yearly, 1), "years": (.yearly, 1), "yr": (.yearly, 1),
    "yrs": (.yearly, 1),
  ]

  static let ordinals: [String: Int] = [
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5,
    "last": -1,
  ]

  /// A bare frequency word ("daily", "weekly") at `index`.
  static func frequencyWord(_ word: String) -> Recurrence? {
    frequencyWords[word].map { Recurrence($0.0, interval: $0.1) }
  }

  /// The rule phrase that starts at `index` ("every …"), its clock time, and the index after it.
  static func phrase(_ words: [String], at index: Int) -> (Recurrence, ClockTime?, Int)? {
    guard index < words.count else { return nil }
    if let found = once(words, at: index) { return found }
    var afterDone = words[index] == "every!" || words[index] == "ev!"
    if let found = frequencyPhrase(words, at: index) { return found }
    guard everyWords.contains(words[index]) else { return nil }
    // "ev" is Todoist's short "every", but "charge the ev monday" is about a car.
    if words[index].hasPrefix("ev"), !words[index].hasPrefix("every"), index > 0,
      determiners.contains(words[index - 1])
    {
      return nil
    }
    var position = index + 1
    if let (days, end) = bareMonthDay(words, position) {
      // "every 27": a day of the month without its "th".
      let (done, after) = afterDoneSuffix(words, end)
      return (Recurrence(.monthly, monthDays: days, afterDone: afterDone || done), nil, after)
    }
    if position + 1 < words.count {
      let (first, second) = (words[position], words[position + 1])
      let third = position + 2 < words.count ? words[position + 2] : ""
      if (TimeWords.months[first] != nil && Scan.dayNumber(second) != nil)
        || (Scan.dayNumber(first) != nil && TimeWords.months[second] != nil)
        || ((Scan.dayNumber(first) ?? ordinals[first].flatMap { $0 > 0 ? $0 : nil }) != nil && second == "of"
          && TimeWords.months[third] != nil)
      {
        // "every january 1st", "every 5 march", "every fourth of july": yearly; the date is left for the time
        // reader, which anchors it.
        let (done, end) = afterDoneSuffix(words, position)
        return (Recurrence(.yearly, afterDone: afterDone || done), nil, done ? end : position)
      }
    }
    if var yearly = fixedHoliday(words, position) {
      // "every christmas": the holiday's words are left for the capture, which reads its day.
      yearly.afterDone = afterDone
      return (yearly, nil, position)
    }
    let interval = Self.interval(words, &position)
    guard position < words.count else { return nil }
    guard var (rule, clock) = Self.rule(words, &position, interval: interval) else { return nil }
    if let (fewer, end) = withoutDays(rule, words, position) { (rule, position) = (fewer, end) }
    // "plan each hour of the day" is no routine every hour.
    if rule.frequency == .hourly, position < words.count, words[position] == "of" { return nil }
    // "every hour on the hour": whole hours, as an hourly routine keeps them.
    if rule.frequency == .hourly, words[position...].starts(with: ["on", "the", "hour"]) { position += 3 }
    if clock == nil {
      // "every tuesday and friday night", "every sunday evening", "every weekday in the morning".
      (clock, position) = dayPartSuffix(words, position)
      if let clock, !rule.weekdays.isEmpty, let (more, after) = moreDays(words, position, at: clock) {
        (rule.weekdays, position) = (Array(Set(rule.weekdays + more)).sorted(), after)
      }
    }
    let (done, end) = afterDoneSuffix(words, position)
    afterDone = afterDone || done
    rule.afterDone = afterDone
    return (rule, clock, end)
  }

  /// A bare frequency word and what follows it: "daily", "monthly on the 15th", "weekly on friday", "daily except
  /// sundays", "daily in the morning".
  private static func frequencyPhrase(_ words: [String], at index: Int) -> (Recurrence, ClockTime?, Int)? {
    guard var rule = frequencyWord(words[index]) else { return nil }
    var next = index + 1
    onDays(of: &rule, words, &next)
    if let (fewer, end) = withoutDays(rule, words, next) { (rule, next) = (fewer, end) }
    let (clock, afterPart) = dayPartSuffix(words, next)
    let (done, end) = afterDoneSuffix(words, afterPart)
    rule.afterDone = done
    return (rule, clock, end)
  }

  /// The words that begin a rule: "every", "each", and Todoist's short "ev" (with `!`, counted from when it was done);
  /// "every" as fingers often type it ("evry").
  static let everyWords: Set<String> = ["every", "every!", "each", "ev", "ev!", "evry", "evey", "evrey"]

  /// Words before "ev" that make it a noun ("the ev", "my ev").
  private static let determiners: Set<String> = ["the", "a", "an", "my", "our", "your", "his", "her", "their", "this"]

  /// The rule a word after "every" (and its interval) names, with the clock time a part of the day gives it:
  /// "day", "2 weeks", "weekday", "monday and thursday", "evening", "last friday", "15th". `position` moves past it.
  private static func rule(_ words: [String], _ position: inout Int, interval: Int) -> (Recurrence, ClockTime?)? {
    let word = words[position]
    var rule: Recurrence
    var clock: ClockTime?
    // "every 6 mo": months, as Taskwarrior writes them; "every mo" alone could as well be Monday's "MO".
    if let (frequency, multiple) = units[word], word != "mo" || interval > 1 {
      rule = Recurrence(frequency, interval: interval * multiple)
      position += 1
      onDays(of: &rule, words, &position)
    } else if interval == 1, let compact = compactUnit(word) {
      // "every 8h", "every 3d", "every 2w": Taskwarrior's short lengths (an "m" is not read: minutes or months).
      rule = compact
      position += 1
    } else if interval == 1, let end = workdayWords(words, position) {
      // "every weekday", "every workday", "every working day", "every business day": Monday to Friday.
      rule = Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5])
      position = end
    } else if interval == 1, TimeWords.weekendWords.contains(word) || word == "weekends" {
      rule = Recurrence(.weekly, weekdays: [6, 7])
      position += 1
    } else if let (days, end) = weekdayList(words, position) {
      // "every tuesday fortnight": every other one.
      let fortnight = end < words.count && words[end] == "fortnight"
      rule = Recurrence(.weekly, interval: interval * (fortnight ? 2 : 1), weekdays: days)
      position = fortnight ? end + 1 : end
    } else if interval == 1, let part = TimeWords.dayParts[word] ?? (word == "tonight" ? ClockTime(hour: 20) : nil) {
      rule = Recurrence(.daily)
      clock = part
      position += 1
    } else if interval == 1, ordinals[word] != nil, let (monthly, end) = nthDay(words, position),
      !monthly.monthDays.isEmpty, ofTheMonth(words, end) > end
    {
      // "every first day of the month".
      rule = monthly
      position = ofTheMonth(words, end)
    } else if interval == 1, let number = ordinals[word], position + 1 < words.count,
      let weekday = TimeWords.weekdays[words[position + 1]]
    {
      // "every last friday", "every first monday of the month"; "every 2nd tuesday and 4th tuesday" is two
      // weekdays of the month, which one rule does not keep (named by `TimeNearMiss`).
      // "every last thursday of november" is a day of one month a year, which no rule keeps either.
      guard !moreNth(words, position + 2), !ofAMonth(words, position + 2) else { return nil }
      rule = Recurrence(.monthly, ordinal: Recurrence.Ordinal(number: number, weekday: weekday))
      position += 2
      position = ofTheMonth(words, position)
    } else if interval == 1, word.contains(where: \.isLetter), let (days, end) = monthDayList(words, position),
      end == words.count || (TimeWords.weekdays[words[end]] == nil && workdayWords(words, end) == nil)
    {
      // "every 15th (of the month)", "every 1st and 15th"; not "every 2nd and 4th tuesday" (named by `TimeNearMiss`).
      rule = Recurrence(.monthly, monthDays: days)
      position = ofTheMonth(words, end)
    } else {
      return nil
    }
    return (rule, clock)
  }

  /// The interval after "every": "2", "other", "three", or an ordinal before a unit ("2nd week", "third day"); 1
  /// when none is said. `position` moves past it.
  private static func interval(_ words: [String], _ position: inout Int) -> Int {
    var interval = 1
    if position < words.count {
      if let number = Int(words[position]), (1...999).contains(number) {
        interval = number
        position += 1
      } else if words[position] == "other" {
        interval = 2
        position += 1
      } else if let amount = TimeWords.amounts[words[position]], amount >= 2, amount == amount.rounded() {
        interval = Int(amount)
        position += 1
        // "every couple of days", "every few weeks".
        if position + 1 < words.count, words[position] == "of", units[words[position + 1]] != nil { position += 1 }
      }
    }
    // "every 2nd week", "every third day": an ordinal before a unit is an interval.
    if interval == 1, position + 1 < words.count, units[words[position + 1]] != nil,
      let nth = ordinals[words[position]]
        ?? Scan.dayNumber(words[position]).flatMap({ _ in
          words[position].contains(where: \.isLetter) ? Scan.dayNumber(words[position]) : nil
        }), nth >= 2
    {
      interval = nth
      position += 1
    }
    return interval
  }

  /// The days after a unit: "every month on the 1st", "every month on the last day", "every 2 months on the last
  /// friday", "every week on monday and thursday". `position` moves past them.
  private static func onDays(of rule: inout Recurrence, _ words: [String], _ position: inout Int) {
    guard position < words.count, words[position] == "on" else { return }
    var next = position + 1
    if next < words.count, words[next] == "the" { next += 1 }
    if rule.frequency == .monthly, let (days, end) = monthDayList(words, next) {
      rule.monthDays = days
      position = end
    } else if rule.frequency == .monthly, next + 1 < words.count, let number = ordinals[words[next]],
      let weekday = TimeWords.weekdays[words[next + 1]]
    {
      // "every month on the second tuesday": how `words` says it.
      rule.ordinal = Recurrence.Ordinal(number: number, weekday: weekday)
      position = ofTheMonth(words, next + 2)
    } else if rule.frequency == .weekly, let (days, end) = weekdayList(words, next) {
      rule.weekdays = days
      position = end
    }
  }

  /// "every last weekday of the month", "every first business day", "each last working day": a monthly rule on
  /// the nth (or last) of the month's days Monday to Friday, and the index after it.
  static func workdayOfMonth(_ words: [String], at index: Int) -> (Recurrence, Int)? {
    guard index + 2 < words.count, ["every", "each", "ev"].contains(words[index]),
      let nth = ordinals[words[index + 1]] ?? workdayNumber(words[index + 1])
    else { return nil }
    guard let position = workdayWords(words, index + 2) else { return nil }
    return (Recurrence(.monthly, weekdays: [1, 2, 3, 4, 5], setPosition: nth), ofTheMonth(words, position))
  }

  /// "15th" before "workday": the nth of the month's days Monday to Friday (a month has at most 23).
  private static func workdayNumber(_ word: String) -> Int? {
    guard word.contains(where: \.isLetter), let day = Scan.dayNumber(word), day <= 23 else { return nil }
    return day
  }

  /// "weekday", "workday", "work day", "working day", "business day" (or their plurals) at `index`: the days Monday
  /// to Friday, and the index after the words.
  static func workdayWords(_ words: [String], _ index: Int) -> Int? {
    guard index < words.count else { return nil }
    if ["weekday", "weekdays", "workday", "workdays", "wkday", "wkdays"].contains(words[index]) { return index + 1 }
    guard ["business", "working", "work"].contains(words[index]), index + 1 < words.count,
      ["day", "days"].contains(words[index + 1])
    else { return nil }
    return index + 2
  }

  /// A time of day after a rule's days, and the index after it: "night", "evenings", "in the morning", "at night".
  static func dayPartSuffix(_ words: [String], _ index: Int) -> (ClockTime?, Int) {
    var position = index
    if position + 1 < words.count, words[position] == "at", words[position + 1] == "night" {
      return (TimeWords.dayParts["night"], position + 2)
    }
    if position + 2 < words.count, words[position] == "in", words[position + 1] == "the" { position += 2 }
    guard position < words.count else { return (nil, index) }
    // "every sunday arvo": a part of the day as people shorten it ("aft" only last: "every sat aft deck" is a boat's);
    // "every sat early morning": said closer.
    if position + 1 < words.count, let shaded = TimeWords.shadedDayParts[words[position] + " " + words[position + 1]] {
      return (shaded, position + 2)
    }
    let last = position + 1 == words.count
    var word = last && words[position] == "aft" ? "afternoon" : TimeWords.shorthands[words[position]] ?? words[position]
    if word.hasSuffix("s"), TimeWords.dayParts[String(word.dropLast())] != nil { word.removeLast() }
    guard word != "noon", word != "midday", let part = TimeWords.dayParts[word] else { return (nil, index) }
    return (part, position + 1)
  }

  /// Two or more weekdays written without "every" ("mon wed fri", "tue/thu", "monday and thursday"), or one in
  /// the plural ("tuesdays"), perhaps after "on", and a time of day after them: a weekly rule on those days, the
  /// index after it, and the clock time a day part named. One weekday alone ("friday") is a day, not a rule; so
  /// are two that are only ordinary words ("sat", "sun", "wed").
  static func weekdayRun(_ words: [String], at index: Int) -> (Recurrence, ClockTime?, Int)? {
    var position = index
    if words[position] == "on", position + 1 < words.count { position += 1 }
    // "the t/th schedule", "my mondays crew": days that describe a thing.
    if position > 0, TimeWords.determiners.contains(words[position - 1]) { return nil }
    // "mon/wed/fri": one word. Weekdays by their letters ("m/w/f", "tth") only after "on" or before the time: as
    // words they are as often other things ("w/r/t", "mwf classes").
    let word = words[position]
    if word.contains("/") || weekdayLetters[word] != nil {
      guard let days = joinedWeekdays(word).map({ Set($0).sorted() }),
        !lettersOnly(word) || position > index || timeFollows(words, position + 1)
      else { return nil }
      let (clock, end) = dayPartSuffix(words, position + 1)
      return (Recurrence(.weekly, weekdays: days), clock, end)
    }
    if let (days, end) = daysInThePlural(words, position) {
      let (clock, after) = dayPartSuffix(words, end)
      return (Recurrence(.weekly, weekdays: days), clock, after)
    }
    guard let (days, end) = weekdayList(words, position) else { return nil }
    let named = words[position..<end].filter { $0 != "and" && $0 != "&" }
    // "mon-fri" without "every" is a range of days, not a routine ("the mon-fri bus pass").
    guard !named.contains(where: { $0.contains("-") }) else { return nil }
    let plural =
      named.count == 1 && named[0].count > 4 && named[0].hasSuffix("s")
      && TimeWords.weekdays[named[0]] == nil
    guard plural || (days.count >= 2 && named.contains { !TimeWords.ambiguousWeekdays.contains($0) }) else {
      return nil
    }
    let (clock, after) = dayPartSuffix(words, end)
    return (Recurrence(.weekly, weekdays: days), clock, after)
  }

  /// "monday", "mondays", "monday and thursday", "mon, wed & fri": ISO weekdays and the index after the list.
  static func weekdayList(_ words: [String], _ index: Int) -> ([Int], Int)? {
    func weekday(_ word: String) -> Int? {
      TimeWords.weekdays[word] ?? (word.hasSuffix("s") ? TimeWords.weekdays[String(word.dropLast())] : nil)
    }
    var days: [Int] = []
    var position = index
    while position < words.count, let found = weekday(words[position]).map({ [$0] }) ?? joinedWeekdays(words[position])
    {
      for day in found where !days.contains(day) { days.append(day) }
      position += 1
      if position + 1 < words.count, ["and", "&"].contains(words[position]), weekday(words[position + 1]) != nil {
        position += 1
      }
    }
    return days.isEmpty ? nil : (days.sorted(), position)
  }

  /// "1st", "1st and 15th", "last day", "1st, 15th and last day": days of the month and the index after the list.
  static func monthDayList(_ words: [String], _ index: Int) -> ([Int], Int)? {
    var days: [Int] = []
    var position = index
    while position < words.count {
      if position + 1 < words.count, words[position] == "last", words[position + 1] == "day" {
        days.append(-1)
        position += 2
      } else if let day = Scan.dayNumber(words[position]), words[position].contains(where: \.isLetter) {
        days.append(day)
        position += 1
      } else {
        break
      }
      guard position + 1 < words.count, ["and", "&"].contains(words[position]) || words[position] == "the" else {
        continue
      }
      // "1st and 15th", "1st and the 15th".
      var next = position + 1
      if words[position] != "the", next < words.count, words[next] == "the" { next += 1 }
      if next < words.count, Scan.dayNumber(words[next]) != nil || words[next] == "last" { position = next }
    }
    return days.isEmpty ? nil : (days, position)
  }

  /// Skips "of the month" / "of each month" / "of every month".
  static func ofTheMonth(_ words: [String], _ index: Int) -> Int {
    guard index + 2 < words.count, words[index] == "of", ["the", "each", "every"].contains(words[index + 1]),
      words[index + 2] == "month"
    else { return index }
    return index + 3
  }

  /// "after done", "after it is done", "after completion", "from completion", "from when done".
  static func afterDoneSuffix(_ words: [String], _ index: Int) -> (Bool, Int) {
    for phrase in [
      ["after", "done"], ["after", "completion"], ["from", "completion"], ["after", "it's", "done"],
      ["after", "it", "is", "done"], ["from", "when", "done"], ["after", "finishing"],
    ] where index + phrase.count <= words.count && Array(words[index..<(index + phrase.count)]) == phrase {
      return (true, index + phrase.count)
    }
    return (false, index)
  }
}
