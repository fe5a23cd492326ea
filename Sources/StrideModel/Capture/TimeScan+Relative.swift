import Foundation
import StrideBase

/// The pieces of a time phrase that move from now ("in 2 hours", "+2d") and that name a clock time ("5pm").
extension Scan {
  /// "in 20 minutes", "in 2 hours", "in 3 days", "2 weeks from now", "two weeks from tomorrow", "+2d", "3 days
  /// ago", "within a week", "3 fridays from now"; "3 days back" where the whole text is a time (in a title "move it
  /// 2 weeks back" says how far to move it).
  func relativePiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    if let found = countedWeekdays(word, index) ?? upcomingUnits(word, index) { return found }
    var position = index
    var sign = 1.0
    var needsSuffix = true
    if word == "in" || word == "within" {
      position += 1
      needsSuffix = false
      while let filler = self.word(position), ["about", "around", "approximately", "roughly", "~"].contains(filler) {
        position += 1
      }
      // "in -3 days", and "-3 days" in a title: a time already past, kept and named (`TimeParser.held`).
      if self.word(position)?.hasPrefix("-") == true { return nil }
    } else if word.hasPrefix("+") || word.hasPrefix("-"), word.count > 1 {
      sign = word.hasPrefix("-") ? -1 : 1
      if careful, sign < 0 { return nil }
      needsSuffix = false
    }
    guard let (amounts, end) = amounts(at: position, signed: !needsSuffix) ?? unitAlone(word, index) else { return nil }
    position = end
    // "in 3 weeks time", "in 3 weeks' time".
    if word == "in", self.word(position) == "time" { position += 1 }
    if needsSuffix {
      guard let suffix = self.word(position) else {
        // "by 16h" is a clock time (16:00), not sixteen hours.
        guard marked, !Scan.isHourMark(word) else { return nil }
        return (relative(amounts, sign: 1), position, false)
      }
      switch suffix {
      case "after", "before":
        // "2 days after tomorrow", "a week before friday"; alone, "after" is later and "before" earlier.
        sign = suffix == "after" ? 1.0 : -1.0
        if let anchor = expression(at: position + 1, marked: true), let piece = moved(anchor, amounts, sign: sign) {
          return (piece, anchor.end, false)
        }
        guard !careful else { return nil }
        position += 1
      case "later", "hence":
        // Inside a title "28 days later" is a film: a date there is written "in 28 days" (at the start of a line
        // it says when, as a weekday there does: "2 days later call back").
        guard !careful || marked || index == 0 else { return nil }
        position += 1
      case "from":
        if let after = nowWords(at: position + 1) {
          position = after
          break
        }
        // "two weeks from tomorrow", "a week from friday".
        guard let anchor = expression(at: position + 1, marked: true), let day = anchor.day else { return nil }
        return (.day(shifted(day, amounts, sign: 1)), anchor.end, false)
      case _ where suffix == "ago" || suffix == "earlier" || (suffix == "back" && !careful):
        sign = -1
        position += 1
      default:
        guard marked, !Scan.isHourMark(word) else { return nil }  // "9h30 - 11h00": a clock time
      }
    }
    return (relative(amounts, sign: sign), position, false)
  }

  /// "a week before friday": a day moved by whole days; "30 min before 2pm", "an hour after friday 9am": a time of
  /// day moved by minutes and hours, on the same day (a clock time, so a day may still follow: "30 min before 2pm
  /// tomorrow"), or an instant moved. Nil for a time moved by days or more, or to another day.
  private func moved(_ anchor: Phrase, _ amounts: [(Double, RelativeUnit)], sign: Double) -> Piece? {
    if let day = anchor.day { return .day(shifted(day, amounts, sign: sign)) }
    guard case .instant(let at) = anchor.value else { return nil }
    var offset = 0.0
    for (amount, unit) in amounts {
      guard case .seconds(let length) = unit, length < 86_400 else { return nil }
      offset += sign * amount * Double(length)
    }
    guard anchor.dayless else { return .instant(at.addingTimeInterval(offset)) }
    let clock = parser.calendar.clock(of: at)
    let seconds = Double(clock.hour * 3600 + clock.minute * 60) + offset
    guard seconds >= 0, seconds < 86_400 else { return nil }
    let minutes = Int(seconds) / 60
    return ClockTime(hour: minutes / 60, minute: minutes % 60).map { .clock($0, loose: false) }
  }

  /// "week from today", "month from now": one of that length, its "a" left out; the index after the unit.
  private func unitAlone(_ word: String, _ index: Int) -> ([(Double, RelativeUnit)], Int)? {
    guard ["day", "week", "fortnight", "month", "year"].contains(word), self.word(index + 1) == "from",
      let unit = Durations.relativeUnits[word]
    else { return nil }
    return ([(1, unit)], index + 1)
  }

  /// Where "now", "right now" or "today" after "from" at `index` ends.
  private func nowWords(at index: Int) -> Int? {
    switch word(index) {
    case "now", "today": index + 1
    case "right": word(index + 1) == "now" ? index + 2 : nil
    default: nil
    }
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

  /// "for 30 mins", "for 10 days" ending the words at `end`, after a time from `first`: where "for" stands and the
  /// lengths after it.
  func lasting(after first: Int, before end: Int) -> (at: Int, amounts: [(Double, RelativeUnit)])? {
    guard end - first >= 3 else { return nil }
    for index in stride(from: end - 2, to: first, by: -1) where chunks[index].word == "for" {
      guard let (amounts, after) = amounts(at: index + 1), after == end else { return nil }
      return (index, amounts)
    }
    return nil
  }

  /// A day moved by whole days and months.
  func shifted(_ day: CivilDate, _ amounts: [(Double, RelativeUnit)], sign: Double) -> CivilDate {
    var result = day
    for (amount, unit) in amounts {
      switch unit {
      case .days(let length): result = result.adding(days: Int(sign * amount * Double(length)))
      case .months(let length): result = result.adding(months: Int(sign * amount * Double(length)))
      case .seconds(let length): result = result.adding(days: Int(sign * Seconds.inDays(amount * Double(length))))
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
    if let compact = Durations.compact(word) {
      return Scan.withinReach(compact.0, compact.1) ? (compact.0, compact.1, index + 1) : nil
    }
    if word.utf8.last == UInt8(ascii: "'"), word.hasSuffix("'"), let minutes = Double(word.dropLast()) {
      return Scan.withinReach(minutes, .seconds(60)) ? (minutes, .seconds(60), index + 1) : nil
    }
    var position = index
    var amount: Double
    if word.startsWithNumber,
      let number = Durations.number(word)
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
    // "in 2 more days", "in 2 upcoming weeks".
    if let more = self.word(position), more == "more" || more == "upcoming" || more == "coming" { position += 1 }
    if let after = quarterOfAnHour(at: position) { return (amount * 15, .seconds(60), after) }
    guard let unitWord = self.word(position), let unit = Durations.relativeUnits[unitWord] else { return nil }
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
      case .seconds(let length): Seconds.inDays(amount * Double(length))
      case .days(let length): amount * Double(length)
      case .months(let length): amount * Double(length) * 31
      }
    return days.isFinite && abs(days) <= 200 * 366
  }

  /// Where "quarter of an hour" (or "quarters of an hour") starting at `index` ends: fifteen minutes, never three
  /// months.
  private func quarterOfAnHour(at index: Int) -> Int? {
    guard let unit = word(index), unit == "quarter" || unit == "quarters", word(index + 1) == "of",
      word(index + 2) == "an" || word(index + 2) == "a", word(index + 3) == "hour"
    else { return nil }
    return index + 4
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
      case ("back", _) where !careful:
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

  /// "2 upcoming weeks", "three coming days": the count before "upcoming" or "coming", read as "the next 2 weeks"
  /// is, that far from now.
  func upcomingUnits(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard let shift = self.word(index + 1), shift == "upcoming" || shift == "coming",
      let count = word.startsWithNumber ? Durations.number(word) : TimeWords.hourWords[word].map(Double.init),
      count >= 1,
      count.rounded() == count, let unitWord = self.word(index + 2), unitWord.count > 2,
      let unit = Durations.relativeUnits[unitWord], Scan.withinReach(count, unit)
    else { return nil }
    return (relative([(count, unit)], sign: 1), index + 3, false)
  }

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

  /// Moves from now: by seconds, minutes or hours gives an instant ("in 0 minutes" is now, never the whole of
  /// today); by whole days or months gives a day.
  func relative(_ amounts: [(Double, RelativeUnit)], sign: Double) -> Piece {
    var seconds = 0.0
    var days = 0.0
    var months = 0.0
    var clockUnits = false
    for (amount, unit) in amounts {
      switch unit {
      case .seconds(let length):
        seconds += amount * Double(length)
        clockUnits = true
      case .days(let length): days += amount * Double(length)
      case .months(let length): months += amount * Double(length)
      }
    }
    let wholeDays = days.rounded(.towardZero) == days && months.rounded(.towardZero) == months
    if !clockUnits && wholeDays {
      let day = parser.today.adding(months: Int(sign * months)).adding(days: Int(sign * days))
      return .day(day)
    }
    let total = seconds + Seconds.days(days) + Seconds.days(months * 30)
    // The store keeps whole seconds: "in 21.2 seconds" is the 21st second, as it will be said back.
    return .instant(Date(timeIntervalSince1970: (parser.reference.timeIntervalSince1970 + sign * total).rounded()))
  }

}
