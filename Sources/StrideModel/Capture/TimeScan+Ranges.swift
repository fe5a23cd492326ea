import Foundation

/// Ranges of time ("9am to 5pm", "monday until wednesday", "22-23 feb") and the hour said without am or pm.
extension Scan {
  /// A time phrase at `index` and the end of a range after it, when one follows: "9am to 5pm", "monday until
  /// wednesday", "10 to 22 august", "22-23 feb at 7pm", "feb 22-23", "3:30-4:30pm".
  func range(at index: Int, marked: Bool) -> (Phrase, Phrase?)? {
    guard let (start, end) = unboundedRange(at: index, marked: marked) else { return nil }
    // Years Stride can store: 1 to 9999.
    let years = [start.value] + (end.map { [$0.value] } ?? [])
    guard years.allSatisfy({ (1...9999).contains(parser.day(of: $0).year) }) else { return nil }
    return (start, end)
  }

  func unboundedRange(at index: Int, marked: Bool) -> (Phrase, Phrase?)? {
    if let found = dayToDate(at: index, marked: marked) { return found }
    if let found = meridiemRange(at: index, marked: marked) { return found }
    if let found = betweenRange(at: index, marked: marked) ?? dayPartRange(at: index, marked: marked) { return found }
    guard var start = expression(at: index, marked: marked) else { return nil }
    if let period = namedPeriod(start, from: index) {
      // "this month", "sometime next week", "the weekend": any day of it, so from its first day and due by its last.
      start.period = true
      var end = start
      (start.value, end.value) = (.day(period.first), .day(period.last))
      return (start, period.first == period.last ? nil : end)
    }
    // "tomorrow 2-4pm", "tomorrow from 10 to 11am": a day, then hours on it.
    let hours = word(start.end) == "from" ? start.end + 1 : start.end
    if let day = start.day,
      let (from, to) = meridiemRange(at: hours, marked: true, anchor: day)
        ?? hoursOn(day, at: start.end, marked: marked)
    {
      start.value = from.value
      start.end = from.end
      return (start, to)
    }
    guard let connector = word(start.end), TimeWords.rangeConnectors.contains(connector) else { return (start, nil) }
    if var end = expression(at: start.end + 1, marked: marked, anchor: parser.day(of: start.value)) {
      join(&start, &end)
      return (start, end)
    }
    if let (start, end) = bareHourEnd(after: start) { return (start, end) }
    if let found = sameMonth(start) {
      // "february 20 - 29, 2022" names a day that never was: no range, and no half of one.
      return found.1 == nil ? nil : found
    }
    return (start, nil)
  }

  /// "8am until 6", "9:30am to 11": an end said as a bare hour after a clock time is the first time that hour comes
  /// after the start, on the start's day ("8am until 6" ends at 18:00); nil when none does. A day after the end is
  /// both ends' ("noon-1 friday"), and with it the end may pass midnight ("10pm - 6 sat" ends on Sunday at 06:00).
  private func bareHourEnd(after start: Phrase) -> (Phrase, Phrase)? {
    guard start.dayless, !start.loose, start.passed == nil, case .instant(let from) = start.value,
      let word = word(start.end + 1), word.utf8.count <= 2, let hour = Int(word), (1...12).contains(hour)
    else { return nil }
    let calendar = start.zone.map { LocalCalendar(timeZone: $0.timeZone) } ?? parser.calendar
    let dayAfter = isDayWord(at: start.end + 2, marked: true) ? expression(at: start.end + 2, marked: true) : nil
    let day = dayAfter.flatMap { if case .day(let day) = $0.value { day } else { nil } }
    guard day != nil || !careful || endsDate(at: start.end + 1) else { return nil }
    let clock = calendar.clock(of: from)
    var (first, end) = (start, start)
    var last = calendar.day(of: from)
    if let day, let dayAfter {
      (first.value, last, end.end) = (.instant(calendar.date(day, clock)), day, dayAfter.end)
    } else {
      end.end = start.end + 2
    }
    end.first = start.end + 1
    if let later = Self.hour(hour, after: clock) {
      end.value = .instant(calendar.date(last, later))
    } else if day != nil, let early = ClockTime(hour: hour % 12) {
      end.value = .instant(calendar.date(last.adding(days: 1), early))
    } else {
      return nil
    }
    return (first, end)
  }

  /// A bare hour (1 to 12) as a range's end: the first time it comes after `start`, that day ("8am until 6" is
  /// 18:00, "7pm to 11" 23:00); nil when that would be past midnight ("10pm to 6").
  static func hour(_ hour: Int, after start: ClockTime) -> ClockTime? {
    [hour % 12, hour % 12 + 12].first { $0 * 60 > start.hour * 60 + start.minute }.flatMap { ClockTime(hour: $0) }
  }

  /// "10 to 22 august", "eighth to eleventh may 2010", "the 13th to the 15th of july": a day of the month, then a
  /// whole date it shares its month with.
  private func dayToDate(at index: Int, marked: Bool) -> (Phrase, Phrase?)? {
    let first = word(index) == "the" ? index + 1 : index
    if let startDay = dayOfMonth(at: first), let connector = word(startDay.end),
      TimeWords.rangeConnectors.contains(connector),
      let endDay = dayOfMonth(at: word(startDay.end + 1) == "the" ? startDay.end + 2 : startDay.end + 1),
      let end = expression(at: startDay.end + 1, marked: marked), end.end > endDay.end, namesMonth(end)
    {
      let last = parser.day(of: end.value)
      if startDay.day < last.day, let first = CivilDate(year: last.year, month: last.month, day: startDay.day) {
        var start = end
        start.first = index
        start.end = startDay.end
        switch end.value {
        case .day: start.value = .day(first)
        case .instant(let date):
          let calendar = end.zone.map { LocalCalendar(timeZone: $0.timeZone) } ?? parser.calendar
          start.value = .instant(calendar.date(first, calendar.clock(of: date)))
        }
        return (start, end)
      }
    }
    return nil
  }

  /// The two ends of a range made to agree: "3:30-4:30pm" puts the start on the end's side of noon, "8pm-10pm
  /// saturday" on the end's day; months named on both sides agree on their years, and "friday to monday" ends on
  /// the Monday after.
  func join(_ start: inout Phrase, _ end: inout Phrase) {
    // "9:30 - 11:00 CST": a zone after the end names the start's too.
    if start.zone == nil, let zone = end.zone, case .instant(let from) = start.value {
      let there = LocalCalendar(timeZone: zone.timeZone)
      start.value = .instant(there.date(parser.calendar.day(of: from), parser.calendar.clock(of: from)))
      start.zone = zone
    }
    halvesAgreed(&start, &end)
    end.first = start.end + 1
    // "8pm-10pm saturday": the start is on the end's day.
    if start.dayless, !end.dayless, case .instant(let from) = start.value, case .instant(let to) = end.value {
      let calendar = start.zone.map { LocalCalendar(timeZone: $0.timeZone) } ?? parser.calendar
      start.value = .instant(calendar.date(calendar.day(of: to), calendar.clock(of: from)))
    }
    if let first = start.day, var last = end.day {
      if namesMonth(start), namesMonth(end) {
        (start.value, end.value) = yearsAgreed(first, namesYear(start), last, namesYear(end))
      } else if last < first, last.adding(days: 7) >= first {
        // "friday to monday": the Monday after that Friday.
        last = last.adding(days: 7)
        end.value = .day(last)
      }
    }
  }

  /// The halves of the day of a range's two clock times made to agree, where the start was said without am or pm.
  private func halvesAgreed(_ start: inout Phrase, _ end: inout Phrase) {
    let twentyFourHours = saysTwentyFourHours(end)
    // "10:00-11:30 thursday": the end names the day, so the start is no hour without one: what the bare-hour rule
    // made of a passed hour (this evening's, or tomorrow's) is undone, and the start goes to the end's day below.
    if namesDay(end) {
      let calendar = parser.calendar
      if start.passed == .evening, case .instant(let from) = start.value,
        let morning = ClockTime(hour: calendar.clock(of: from).hour - 12, minute: calendar.clock(of: from).minute)
      {
        start.value = .instant(calendar.date(calendar.day(of: from), morning))
      }
      start.passed = nil
    }
    // "8:00-20:30", "10:00 until 21:45" typed after the start: an end on a 24-hour clock says the start is written
    // on one too, so a start the bare-hour rule put in the evening is the morning's after all; once this morning's
    // has passed, the range is tomorrow's.
    if start.passed == .evening, twentyFourHours, case .instant(let from) = start.value,
      case .instant(let to) = end.value
    {
      let calendar = parser.calendar
      let (early, last) = (calendar.clock(of: from), calendar.clock(of: to))
      if let morning = ClockTime(hour: early.hour - 12, minute: early.minute) {
        var day = calendar.day(of: from)
        if calendar.date(day, morning) <= parser.reference { day = day.adding(days: 1) }
        start.value = .instant(calendar.date(day, morning))
        start.passed = .startedRange
        // On the start's day: an end before the start ("10:00 - 06:00") is moved to the next morning below.
        end.value = .instant(calendar.date(day, last))
      }
    }
    // "9:30 - 11:00" typed at five: both ends without am or pm, and the start this evening's by the bare-hour rule,
    // so the end is too (21:30 to 23:00), not the next morning's. (An end that names its day has undone the
    // evening above.)
    if start.passed == .evening, end.loose, case .instant(let from) = start.value,
      case .instant(let to) = end.value
    {
      let calendar = parser.calendar
      let last = calendar.clock(of: to)
      if last.hour < 12, let evening = ClockTime(hour: last.hour + 12, minute: last.minute),
        calendar.date(calendar.day(of: from), evening) > from
      {
        end.value = .instant(calendar.date(calendar.day(of: from), evening))
      }
    }
    // "3:30-4:30pm", "9:30-10:30 in the evening": the end's am, pm or part of the day decides the start's half of
    // the day, not the bare-hour rule: the start is on the same side of noon as the end, unless the end is on a
    // 24-hour clock ("8:15-20:30" is from the morning).
    guard start.loose, !end.loose, !twentyFourHours else { return }
    start.passed = nil
    if case .instant(let from) = start.value, case .instant(let to) = end.value,
      parser.calendar.clock(of: from).hour + 12 <= parser.calendar.clock(of: to).hour
    {
      let calendar = parser.calendar
      var moved = calendar.adding(clockHours: 12, to: from)
      if calendar.adding(days: -1, to: moved) > parser.reference { moved = calendar.adding(days: -1, to: moved) }
      start.value = .instant(moved)
      if calendar.adding(days: -1, to: to) > moved { end.value = .instant(calendar.adding(days: -1, to: to)) }
    }
  }

  /// Whether a phrase's clock is written on 24 hours ("20:30", "06:00", "20h30"): figures alone, from 13 or with a
  /// leading zero, with no am, pm or part of the day beside them.
  func saysTwentyFourHours(_ phrase: Phrase) -> Bool {
    let words = chunks[phrase.first..<min(phrase.end, chunks.count)].map(\.word)
    if words.contains(where: { TimeWords.dayParts[$0] != nil || ["am", "pm", "a.m.", "p.m.", "tonight"].contains($0) })
    {
      return false
    }
    return words.contains { word in
      guard word.startsWithDigit, word.allSatisfy({ $0.isNumber || $0 == ":" || $0 == "." || $0 == "h" }) else {
        return false
      }
      return word.first == "0" || (13...24).contains(Int(word.prefix(while: \.isNumber)) ?? 0)
    }
  }

  /// "feb 22-23", "may eighth - tenth, 2010": the end of a range is another day of the start's month. Without
  /// an end when that day is not in the month, which the caller refuses.
  private func sameMonth(_ phrase: Phrase) -> (Phrase, Phrase?)? {
    guard let startDay = phrase.day, dayOfMonth(at: phrase.end - 1) != nil,
      let endDay = dayOfMonth(at: phrase.end + 1), endDay.day > startDay.day
    else { return nil }
    let (year, after) = yearAfter(endDay.end, short: false)
    guard let last = CivilDate(year: year ?? startDay.year, month: startDay.month, day: endDay.day),
      let first = CivilDate(year: year ?? startDay.year, month: startDay.month, day: startDay.day)
    else { return (phrase, nil) }
    var (start, end) = (phrase, phrase)
    start.value = .day(first)
    end.value = .day(last)
    end.first = phrase.end + 1
    end.end = after
    return (start, end)
  }

  /// "2-4pm", "9 to 11am": a bare hour before a range's end takes the end's am or pm (and its day); "11-1pm"
  /// starts the morning before.
  func meridiemRange(at index: Int, marked: Bool, anchor: CivilDate? = nil) -> (Phrase, Phrase?)? {
    guard let first = word(index), first.startsWithDigit, first.allSatisfy({ $0.isDigit || $0 == ":" }),
      let connector = word(index + 1), TimeWords.rangeConnectors.contains(connector), let last = word(index + 2),
      let meridiem = ["am", "pm"].first(where: last.hasSuffix),
      case (.clock(let clock, _), index + 1, _)? = clockPiece(first + meridiem, index, afterAt: true),
      var end = expression(at: index + 2, marked: marked, anchor: anchor), case .instant(let to) = end.value
    else { return nil }
    let calendar = end.zone.map { LocalCalendar(timeZone: $0.timeZone) } ?? parser.calendar
    var from = calendar.date(calendar.day(of: to), clock)
    if from > to { from = calendar.adding(clockHours: -12, to: from) }
    var start = end
    (start.value, start.first, start.end) = (.instant(from), index, index + 1)
    end.first = index + 2
    return (start, end)
  }

  /// Whether a phrase wrote its month ("may", "12/2026").
  func namesMonth(_ phrase: Phrase) -> Bool {
    chunks[phrase.first..<phrase.end].contains {
      TimeWords.months[$0.word] != nil || joinedMonthDate($0.word) != nil || $0.word.contains("/")
    }
  }

  /// Whether a phrase wrote its year ("may 2022", "aug 9, 96").
  func namesYear(_ phrase: Phrase) -> Bool {
    let words = chunks[phrase.first..<phrase.end].map(\.word)
    return words.contains { Scan.fullYear($0) != nil }
      || (words.count >= 3 && words.last!.count == 2 && words.last!.allSatisfy(\.isDigit))
  }

  /// The two days of a range, the one without a year moved to fit the other: "aug 10 - nov 12, 2011" is in 2011;
  /// "from december to may" ends in the May after that December.
  func yearsAgreed(_ first: CivilDate, _ firstFixed: Bool, _ last: CivilDate, _ lastFixed: Bool)
    -> (TimeParser.Value, TimeParser.Value)
  {
    var (first, last) = (first, last)
    if !firstFixed, lastFixed {
      first = first.adding(months: 12 * (last.year - first.year))
      if first > last { first = first.adding(months: -12) }
    } else if !lastFixed, last < first {
      last = last.adding(months: 12 * (first.year - last.year))
      if last < first { last = last.adding(months: 12) }
    }
    return (.day(first), .day(last))
  }

  /// An hour said without am or pm, and minutes from it: 1 to 6 mean the afternoon (people plan their waking
  /// hours); after a day part, the afternoon or later means pm and the morning am.
  static func clock(forHour hour: Int, minutes: Int = 0, afternoon: Bool? = nil) -> ClockTime {
    var value = hour
    switch afternoon {
    case true?: if hour < 12 { value += 12 }
    case false?: if hour == 12 { value = 0 }
    case nil: if (1...6).contains(hour) { value += 12 }
    }
    let total = ((value % 24) * 60 + minutes + 1440) % 1440
    return ClockTime(hour: total / 60, minute: total % 60)!
  }
}

extension Scan.Reading {
  /// An hour said with "tonight" late at night ("tonight at 11", "tonight at 2", "tonight 9pm"): the next time it
  /// comes round in the evening or the night; nil when no hour was said.
  func nightTime(parser: TimeParser) -> Date? {
    var clocks: [ClockTime]
    if let hour {
      clocks = [false, true].map { Scan.clock(forHour: hour.0, minutes: hour.minutes, afternoon: $0) }
    } else if let clock {
      clocks = [clock]
      if loose, clock.hour < 12 { clocks.append(ClockTime(hour: clock.hour + 12, minute: clock.minute)!) }
    } else {
      return nil
    }
    let night = clocks.filter { TimeWords.isNightHour($0.hour) }
    let days = [parser.today, parser.today.adding(days: 1)]
    return (night.isEmpty ? clocks : night).flatMap { clock in days.map { parser.calendar.date($0, clock) } }
      .filter { $0 > parser.reference }.min()
  }
}
