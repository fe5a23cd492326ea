import Foundation

/// The pieces of a time phrase that move from now ("in 2 hours", "+2d") and that name a clock time ("5pm").
extension Scan {
  /// "in 20 minutes", "in 2 hours", "in 3 days", "2 weeks from now", "two weeks from tomorrow", "+2d", "3 days
  /// ago", "within a week", "3 fridays from now".
  func relativePiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    if let found = countedWeekdays(word, index) { return found }
    var position = index
    var sign = 1.0
    var needsSuffix = true
    if word == "in" || word == "within" {
      position += 1
      needsSuffix = false
      while let filler = self.word(position), ["about", "around", "approximately", "roughly", "~"].contains(filler) {
        position += 1
      }
    } else if word.hasPrefix("+") || word.hasPrefix("-"), word.count > 1 {
      sign = word.hasPrefix("-") ? -1 : 1
      needsSuffix = false
    }
    guard let (amounts, afterAmounts) = amounts(at: position, signed: !needsSuffix) else { return nil }
    position = afterAmounts
    if needsSuffix {
      guard let suffix = self.word(position) else {
        // "by 16h" is a clock time (16:00), not sixteen hours.
        guard marked, !Scan.isHourMark(word) else { return nil }
        return (relative(amounts, sign: 1), position, false)
      }
      switch suffix {
      case "after", "before":
        // "2 days after tomorrow", "a week before friday"; alone, "after" is later and "before" earlier.
        let direction = suffix == "after" ? 1.0 : -1.0
        if let anchor = expression(at: position + 1, marked: true), let day = anchor.day {
          return (.day(shifted(day, amounts, sign: direction)), anchor.end, false)
        }
        guard !careful else { return nil }
        sign = direction
        position += 1
      case "later", "hence":
        position += 1
      case "from":
        if let from = self.word(position + 1), from == "now" || from == "today" {
          position += 2
          break
        }
        // "two weeks from tomorrow", "a week from friday".
        guard let anchor = expression(at: position + 1, marked: true), let day = anchor.day else { return nil }
        return (.day(shifted(day, amounts, sign: 1)), anchor.end, false)
      case "ago", "earlier":
        sign = -1
        position += 1
      default:
        guard marked else { return nil }
      }
    }
    return (relative(amounts, sign: sign), position, false)
  }

  /// One or more amounts with units ("2 hours", "1d 2hr 5min", "an hour and a half" is not read).
  func amounts(at index: Int, signed: Bool = false) -> ([(Double, RelativeUnit)], Int)? {
    var amounts: [(Double, RelativeUnit)] = []
    var position = index
    while let (amount, unit, next) = amountAndUnit(at: position, signed: signed && amounts.isEmpty) {
      amounts.append((amount, unit))
      position = next
      if self.word(position) == "and", amountAndUnit(at: position + 1, signed: false) != nil { position += 1 }
    }
    return amounts.isEmpty ? nil : (amounts, position)
  }

  /// A day moved by whole days and months.
  func shifted(_ day: CivilDate, _ amounts: [(Double, RelativeUnit)], sign: Double) -> CivilDate {
    var result = day
    for (amount, unit) in amounts {
      switch unit {
      case .days(let length): result = result.adding(days: Int(sign * amount * Double(length)))
      case .months(let length): result = result.adding(months: Int(sign * amount * Double(length)))
      case .seconds(let length): result = result.adding(days: Int(sign * amount * Double(length) / 86_400))
      }
    }
    return result
  }

  /// A number (or "a", "an", "half an", "a few", "1/2", "2½") and a unit, as one word ("2h", "+15min", "1/2h",
  /// "15'") or two ("2 hours"), with "and a half" before or after the unit ("2 and a half hours", "an hour and a
  /// half").
  func amountAndUnit(at index: Int, signed: Bool) -> (Double, RelativeUnit, Int)? {
    guard var word = self.word(index) else { return nil }
    if signed, word.hasPrefix("+") || word.hasPrefix("-") { word.removeFirst() }
    if let compact = Scan.compactDuration(word) {
      return Scan.withinReach(compact.0, compact.1) ? (compact.0, compact.1, index + 1) : nil
    }
    if word.hasSuffix("'"), let minutes = Double(word.dropLast()) {
      return Scan.withinReach(minutes, .seconds(60)) ? (minutes, .seconds(60), index + 1) : nil
    }
    var position = index
    var amount: Double
    if word.first?.isDigit == true || word.first.map(Scan.fractions.keys.contains) == true,
      let number = Scan.number(word)
    {
      amount = number
      position += 1
    } else if let value = TimeWords.amounts[word] {
      amount = value
      position += 1
      // "a few", "a couple of", "half an".
      if let next = self.word(position), let more = TimeWords.amounts[next], ["a", "an", "half"].contains(word) {
        amount = word == "half" ? 0.5 : more
        position += 1
      }
      if self.word(position) == "of" { position += 1 }
    } else {
      return nil
    }
    if let after = andAHalf(at: position) {
      amount += 0.5
      position = after
    }
    guard let unitWord = self.word(position), let unit = TimeWords.relativeUnits[unitWord] else { return nil }
    position += 1
    if let after = andAHalf(at: position) {
      amount += 0.5
      position = after
    }
    return Scan.withinReach(amount, unit) ? (amount, unit, position) : nil
  }

  /// Whether a length of time is one a plan can use: at most 200 years, so "in 1e300 days" is no time at all.
  static func withinReach(_ amount: Double, _ unit: RelativeUnit) -> Bool {
    let days: Double =
      switch unit {
      case .seconds(let length): amount * Double(length) / 86_400
      case .days(let length): amount * Double(length)
      case .months(let length): amount * Double(length) * 31
      }
    return days.isFinite && abs(days) <= 200 * 366
  }

  /// Where "and a half" (or "and an half", "and one half") starting at `index` ends.
  private func andAHalf(at index: Int) -> Int? {
    guard word(index) == "and", let article = word(index + 1), ["a", "an", "one"].contains(article),
      word(index + 2) == "half"
    else { return nil }
    return index + 3
  }

  /// "3 fridays from now", "in 2 mondays", "two tuesdays ago": counted weekdays, the next one being the first.
  private func countedWeekdays(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    let start = word == "in" ? index + 1 : index
    guard let countWord = self.word(start), let count = Int(countWord) ?? TimeWords.hourWords[countWord],
      (1...520).contains(count), let plural = self.word(start + 1), plural.hasSuffix("s"),
      let weekday = TimeWords.weekdays[String(plural.dropLast())], plural.count > 4
    else { return nil }
    var end = start + 2
    var sign = 1
    if word != "in" {
      switch (self.word(end), self.word(end + 1)) {
      case ("from", "now"?), ("from", "today"?): end += 2
      case ("ago", _):
        sign = -1
        end += 1
      default: return nil
      }
    }
    let today = parser.today
    let day =
      sign > 0
      ? parser.upcoming(weekday).adding(days: 7 * (count - 1))
      : today.adding(days: -((today.isoWeekday - weekday + 6) % 7 + 1) - 7 * (count - 1))
    return (.day(day), end, false)
  }

  /// A number: "2", "1.5", "1/2", "½", "2½".
  static func number(_ text: String) -> Double? {
    if let value = Double(text), value.isFinite { return value }
    if let last = text.last, let fraction = fractions[last] {
      let whole = text.dropLast()
      guard whole.isEmpty || whole.allSatisfy(\.isDigit) else { return nil }
      return (Double(whole) ?? 0) + fraction
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let top = Double(parts[0]), let bottom = Double(parts[1]), bottom > 0, top < bottom else {
      return nil
    }
    return top / bottom
  }

  static let fractions: [Character: Double] = ["½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1.0 / 3, "⅔": 2.0 / 3]

  /// "16h", "9h", "16h30": an hour in the way much of Europe writes one (a clock time, not a length, unless after
  /// "in").
  static func isHourMark(_ word: String) -> Bool {
    let parts = word.split(separator: "h", omittingEmptySubsequences: false)
    return parts.count == 2 && (1...2).contains(parts[0].count) && parts[0].allSatisfy(\.isDigit)
      && (parts[1].isEmpty || (parts[1].count == 2 && parts[1].allSatisfy(\.isDigit)))
      || militaryClock(word) != nil
  }

  /// "1745h", "0900h": hours and minutes run together before an hour mark, as the military and some of Europe
  /// write them; a time of day, never 1,745 hours from now.
  static func militaryClock(_ word: String) -> ClockTime? {
    guard word.count == 5, word.hasSuffix("h"), word.dropLast().allSatisfy(\.isDigit), let number = Int(word.dropLast())
    else { return nil }
    return ClockTime(hour: number / 100, minute: number % 100)
  }

  /// "2h", "15min", "1.5hours", "2hr5min".
  static func compactDuration(_ word: String) -> (Double, RelativeUnit)? {
    guard word.first?.isDigit == true || word.first.map(fractions.keys.contains) == true,
      word.contains(where: { $0.isLetter && fractions[$0] == nil })
    else { return nil }
    var seconds = 0.0
    var calendarDays = 0.0
    var months = 0.0
    var lastUnit = 0
    var rest = Substring(word)
    while !rest.isEmpty {
      let number = rest.prefix { $0.isDigit || $0 == "." || $0 == "/" || fractions[$0] != nil }
      let unitWord = rest.dropFirst(number.count).prefix { $0.isLetter && fractions[$0] == nil }
      // "2h30": the minutes after the hours need no unit.
      let afterHours =
        unitWord.isEmpty && number.count == rest.count && (1...2).contains(number.count) && lastUnit == 3600
      guard let value = Scan.number(String(number)),
        let unit = afterHours ? .seconds(60) : TimeWords.relativeUnits[String(unitWord)]
      else {
        return nil
      }
      if case .seconds(let length) = unit { lastUnit = length }
      switch unit {
      case .seconds(let length): seconds += value * Double(length)
      case .days(let length): calendarDays += value * Double(length)
      case .months(let length): months += value * Double(length)
      }
      rest = rest.dropFirst(number.count + unitWord.count)
    }
    if seconds == 0 && months == 0 { return (calendarDays, .days(1)) }
    if seconds == 0 && calendarDays == 0 { return (months, .months(1)) }
    return (seconds + calendarDays * 86_400 + months * 30 * 86_400, .seconds(1))
  }

  /// Moves from now: by seconds gives an instant; by whole days or months gives a day.
  func relative(_ amounts: [(Double, RelativeUnit)], sign: Double) -> Piece {
    var seconds = 0.0
    var days = 0.0
    var months = 0.0
    for (amount, unit) in amounts {
      switch unit {
      case .seconds(let length): seconds += amount * Double(length)
      case .days(let length): days += amount * Double(length)
      case .months(let length): months += amount * Double(length)
      }
    }
    let wholeDays = days.rounded(.towardZero) == days && months.rounded(.towardZero) == months
    if seconds == 0 && wholeDays {
      let day = parser.today.adding(months: Int(sign * months)).adding(days: Int(sign * days))
      return .day(day)
    }
    let total = seconds + days * 86_400 + months * 30 * 86_400
    // The store keeps whole seconds: "in 21.2 seconds" is the 21st second, as it will be said back.
    return .instant(Date(timeIntervalSince1970: (parser.reference.timeIntervalSince1970 + sign * total).rounded()))
  }

  /// "5pm", "5:30pm", "5 pm", "5:30 p.m.", "330 p.m.", "17:00", "17:00:30", "16h", "16h30", "at 5", "5 o'clock",
  /// "3 in the afternoon", "3:20 in the AM", "10 at night".
  func clockPiece(_ word: String, _ index: Int, afterAt: Bool) -> (Piece, Int, Bool)? {
    // "six in the morning", "at seven", "four pm": an hour in words reads as its digits.
    if let hour = TimeWords.hourWords[word] { return clockPiece(String(hour), index, afterAt: afterAt) }
    if let clock = Scan.militaryClock(word) { return (.clock(clock, loose: false), index + 1, false) }
    if let mark = word.firstIndex(of: "h"), word.first?.isDigit == true {
      // "16h", "16h30": the hour mark, as much of Europe writes it. Alone in a title "16h" could be a length.
      let hours = word[..<mark]
      let minutes = word[word.index(after: mark)...]
      guard (1...2).contains(hours.count), hours.allSatisfy(\.isDigit),
        minutes.isEmpty || (minutes.count == 2 && minutes.allSatisfy(\.isDigit)),
        let clock = ClockTime(hour: Int(hours)!, minute: Int(minutes) ?? 0)
      else { return nil }
      return (.clock(clock, loose: false), index + 1, minutes.isEmpty)
    }
    var text = word
    var meridiem: Character?
    for suffix in ["a.m.", "p.m.", "a.m", "p.m", "am", "pm", "a", "p"] where text.hasSuffix(suffix) {
      let stem = text.dropLast(suffix.count)
      guard let last = stem.last, last.isDigit else { continue }
      meridiem = suffix.first
      text = String(stem)
      break
    }
    // "3.30pm", "3.30 p.m.": with am or pm, a dot may stand for the colon.
    let dotted =
      text.contains(".") && (meridiem != nil || self.word(index + 1).map(TimeWords.meridiems.keys.contains) == true)
    let parts = text.split(separator: dotted ? "." : ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isDigit) })
    else { return nil }
    var numbers = parts.compactMap { Int($0) }
    var position = index + 1
    var partNamed = false
    if meridiem == nil, let next = self.word(position) {
      if let named = TimeWords.meridiems[next] {
        meridiem = named
        position += 1
      } else if parts.count == 1, parts[0].count <= 2,
        next == "o'clock" || (next == "o" && self.word(position + 1) == "clock")
      {
        position += next == "o" ? 2 : 1
        return (.hour(numbers[0], minutes: 0), position, false)
      } else if let (named, after) = dayPartAfterClock(at: position, hour: numbers[0]) {
        meridiem = named
        position = after
        partNamed = true
      }
    }
    if parts.count == 1, parts[0].count > 2 {
      // "330pm", "1130 a.m.": hours and minutes without a colon, only with am or pm.
      guard meridiem != nil, parts[0].count <= 4 else { return nil }
      numbers = [numbers[0] / 100, numbers[0] % 100]
    } else if parts.contains(where: { $0.count > 2 }) || (parts.count > 1 && parts[1].count != 2) {
      return nil
    }
    let minute = numbers.count > 1 ? numbers[1] : 0
    let second = numbers.count > 2 ? numbers[2] : 0
    if let meridiem {
      guard (1...12).contains(numbers[0]),
        let clock = ClockTime(hour: numbers[0] % 12 + (meridiem == "p" ? 12 : 0), minute: minute, second: second)
      else { return nil }
      // "take 2 in the morning": a bare number with a day part after it needs "at" inside a title.
      return (.clock(clock, loose: false), position, partNamed && parts.count == 1 && parts[0].count <= 2 && !afterAt)
    }
    if numbers.count == 1 {
      // A bare number is an hour only after "at" ("at 5") or before "tonight" ("11 tonight"); inside a title a
      // number before "tonight" is more often a count ("read chapter 4 tonight"), so there it needs "at".
      guard afterAt || (!careful && self.word(position) == "tonight"), (0...23).contains(numbers[0]) else {
        return nil
      }
      // "at 12 elm road" is an address.
      if careful, !endsDate(at: position - 1) { return nil }
      return (.hour(numbers[0], minutes: 0), position, false)
    }
    guard let clock = ClockTime(hour: numbers[0], minute: minute, second: second) else { return nil }
    // "3:20" may be moved by a day part ("3:20 this afternoon"); "03:20" and "15:20" are as written.
    return (.clock(clock, loose: clock.hour < 12 && parts[0].first != "0"), position, false)
  }

  /// "in the morning", "in the AM", "in afternoon", "at night" after a clock time: its am or pm.
  private func dayPartAfterClock(at index: Int, hour: Int) -> (Character, Int)? {
    guard let first = word(index), first == "in" || first == "at" else { return nil }
    let position = word(index + 1) == "the" ? index + 2 : index + 1
    guard let part = word(position) else { return nil }
    switch part {
    case "morning" where first == "in": return ("a", position + 1)
    case "afternoon" where first == "in", "evening" where first == "in": return ("p", position + 1)
    case "night": return (hour >= 6 && hour != 12 ? "p" : "a", position + 1)
    default:
      guard first == "in", position == index + 2, let named = TimeWords.meridiems[part] else { return nil }
      return (named, position + 1)
    }
  }

  /// "a quarter past 1pm", "half past nine", "twenty to 6", "quarter to noon", "ten after 5", "10 minutes to
  /// midnight": minutes before or after an hour. A bare number ("5 to 6") needs "at" inside a title: it may be a
  /// score.
  func pastToPiece(_ word: String, _ index: Int, afterAt: Bool) -> (Piece, Int, Bool)? {
    // "half 5": half past, as much of Britain says it (in a title after "at").
    if word == "half", afterAt || !careful, let next = self.word(index + 1),
      next.allSatisfy(\.isDigit) || TimeWords.hourWords[next] != nil,
      case (.hour(let hour, 0), let end, _)? = clockPiece(next, index + 1, afterAt: true)
    {
      return (.hour(hour, minutes: 30), end, false)
    }
    var position = word == "a" ? index + 1 : index
    guard let amount = self.word(position), word != "a" || amount == "quarter" else { return nil }
    var minutes: Int
    var plain = false
    if let value = TimeWords.minuteWords[amount] {
      minutes = value
    } else if amount.count <= 2, let value = Int(amount), (1...59).contains(value) {
      minutes = value
      plain = true
    } else {
      return nil
    }
    position += 1
    if let unit = self.word(position), ["minutes", "minute", "mins", "min"].contains(unit) {
      position += 1
      plain = false
    }
    guard let direction = self.word(position), ["past", "after", "to", "till", "til"].contains(direction),
      amount != "half" || direction == "past", !(careful && plain && !afterAt), let hourWord = self.word(position + 1)
    else { return nil }
    if ["to", "till", "til"].contains(direction) { minutes = -minutes }
    func shifted(_ clock: ClockTime) -> ClockTime {
      let total = (clock.hour * 60 + clock.minute + minutes + 1440) % 1440
      return ClockTime(hour: total / 60, minute: total % 60)!
    }
    switch hourWord {
    case "noon", "midday": return (.clock(shifted(ClockTime(hour: 12)!), loose: false), position + 2, false)
    case "midnight": return (.clock(shifted(.startOfDay), loose: false), position + 2, false)
    default: break
    }
    switch clockPiece(hourWord, position + 1, afterAt: true) {
    case (.hour(let hour, 0), let end, _)?: return (.hour(hour, minutes: minutes), end, false)
    case (.clock(let clock, _), let end, _)? where clock.minute == 0:
      return (.clock(shifted(clock), loose: false), end, false)
    default: return nil
    }
  }
}
