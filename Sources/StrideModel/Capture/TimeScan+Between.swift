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

  /// Whether a phrase names a day of its own ("friday", "tomorrow", "dec 3"), not only a time of day.
  private func namesDay(_ phrase: Phrase) -> Bool {
    chunks[phrase.first..<phrase.end].contains {
      TimeWords.weekdays[$0.word] != nil || TimeWords.dayWords.contains($0.word) || TimeWords.months[$0.word] != nil
    }
  }
}
