import Foundation

/// Ranges of clock times written with words around them: "between 9:30 and 11:00", and a day's hours after it
/// ("thursday from 9:30 to 11:00", "friday between 2pm and 4pm").
extension Scan {
  /// "between 9:30 and 11:00", "between 3:30pm and 6 pm on thursday": two clock times with "between" and "and",
  /// the start on the end's day. Only times of day: "choose between friday and saturday" is a choice, no range.
  func betweenRange(at index: Int, marked: Bool, anchor: CivilDate? = nil) -> (Phrase, Phrase?)? {
    guard word(index) == "between", var start = expression(at: index + 1, marked: marked, anchor: anchor),
      case .instant = start.value, anchor != nil || start.dayless, word(start.end) == "and",
      var end = expression(at: start.end + 1, marked: marked, anchor: anchor ?? parser.day(of: start.value)),
      case .instant = end.value
    else { return nil }
    start.first = index
    join(&start, &end)
    return (start, end)
  }

  /// A day's hours written after it: "thursday from 9:30 to 11:00", "friday between 2pm and 4pm"; nil when the
  /// words at `index` are not two clock times on `day`.
  func hoursOn(_ day: CivilDate, at index: Int, marked: Bool) -> (Phrase, Phrase?)? {
    if word(index) == "between" { return betweenRange(at: index, marked: marked, anchor: day) }
    guard word(index) == "from", var start = expression(at: index + 1, marked: marked, anchor: day),
      case .instant = start.value, !namesDay(start), let connector = word(start.end),
      TimeWords.rangeConnectors.contains(connector),
      var end = expression(at: start.end + 1, marked: marked, anchor: day), case .instant = end.value,
      !namesDay(end)
    else { return nil }
    join(&start, &end)
    return (start, end)
  }

  /// Whether a phrase names a day of its own ("friday", "tomorrow", "dec 3", "3/12"), not only a time of day.
  func namesDay(_ phrase: Phrase) -> Bool {
    namesMonth(phrase)
      || chunks[phrase.first..<phrase.end].contains {
        TimeWords.weekdays[$0.word] != nil || TimeWords.dayWords.contains($0.word)
      }
  }

  /// "10 - 11 at night", "from 3 to 4 in the pm": a bare hour before a range's end said with its part of the day is
  /// an hour on the end's side of noon, on its day, as "2-4pm" is; where the whole text is a time or after a marker
  /// (inside a title "read 3 to 4 chapters" is a count).
  func dayPartRange(at index: Int, marked: Bool) -> (Phrase, Phrase?)? {
    guard !careful || marked, let first = word(index), first.count <= 2, let hour = Int(first), (1...12).contains(hour),
      let connector = word(index + 1), TimeWords.rangeConnectors.contains(connector),
      var end = expression(at: index + 2, marked: true), end.end > index + 3, case .instant(let to) = end.value
    else { return nil }
    let calendar = end.zone.map { LocalCalendar(timeZone: $0.timeZone) } ?? parser.calendar
    var from = calendar.date(
      calendar.day(of: to), Scan.clock(forHour: hour, afternoon: calendar.clock(of: to).hour >= 12))
    if from > to { from = calendar.adding(clockHours: -12, to: from) }
    var start = end
    (start.value, start.first, start.end) = (.instant(from), index, index + 1)
    end.first = index + 2
    return (start, end)
  }
}
