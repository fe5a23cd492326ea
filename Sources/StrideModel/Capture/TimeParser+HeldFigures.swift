import Foundation

/// Figures of a title that may be clock times and were kept, named with what to write for a time: an amount after
/// "by" ("divide by 5"), and a range of two bare numbers or two dotted ones beside a day ("thursday 10-11",
/// "9.30-11.30 friday"), which may be hours or a count.
extension TimeParser {
  /// The words at `index` kept as such a figure: where they end, and why they were kept.
  func heldFigure(at index: Int, scan: Scan) -> (Int, String)? {
    guard let word = scan.word(index) else { return nil }
    // "haircut sat 11": a weekday that is also a word ("sat", "sun", "wed") and a bare hour may be that day at that
    // hour, or a thing and a count; kept, and named with how to write the day and hour.
    if TimeWords.ambiguousWeekdays.contains(word), !scan.chunks[index].punctuated, let figure = scan.word(index + 1),
      Self.isBareHour(figure), let hour = Int(figure), (1...12).contains(hour), !scan.countFollows(index + 2)
    {
      return (
        index + 2,
        "it may be a day and an hour or a thing and a count; for the day, write on \(word) at \(hour)am or at \(hour)pm"
      )
    }
    // "divide by 5", "tmrw by 5 send the report": a figure after "by" not read as an hour; a count ("by 5 votes")
    // is no hour at all.
    if TimeWords.isHourMarker(word), word != "than", let figure = scan.word(index + 1),
      Self.isBareHour(figure), !scan.countFollows(index + 2)
    {
      let hour = Int(figure)!
      let written = (1...12).contains(hour) ? "\(word) \(figure)pm or \(word) \(figure)am" : "\(word) \(figure):00"
      let amount = scan.amountBefore(marker: index) && scan.endsDate(at: index + 1)
      return (index + 2, (amount ? "it may be an amount; " : "") + "for a time, write \(written)")
    }
    // Beside a day, or after "at", "from" or "between", two bare numbers are more likely hours than a count ("pages
    // 10-11").
    let before = index > 0 ? scan.word(index - 1) : nil
    guard word.startsWithDigit, let connector = scan.word(index + 1),
      TimeWords.rangeConnectors.contains(connector) || (connector == "and" && before == "between"),
      let last = scan.word(index + 2), let from = Scan.clockFigure(word), let to = Scan.clockFigure(last),
      !from.written, !to.written, from.dotted == to.dotted, !scan.countFollows(index + 3)
    else { return nil }
    guard
      scan.isDayWord(at: index - 1, marked: true) || scan.isDayWord(at: index + 3, marked: true)
        || ["at", "from", "@", "between"].contains(before ?? "") || before.map(TimeWords.isHourMarker) == true
    else { return nil }
    let clock = { (figure: Scan.ClockFigure, hour: Int) in
      "\(hour):" + (figure.clock.minute < 10 ? "0" : "") + "\(figure.clock.minute)"
    }
    // "9 to 5", "8 and 8": an end not after the start is that hour in the afternoon, as most people work it.
    let end = to.clock.hour <= from.clock.hour && to.clock.hour < 12 ? to.clock.hour + 12 : to.clock.hour
    return (
      index + 3,
      "it may be hours or a count; for hours, write \(clock(from, from.clock.hour))-\(clock(to, end)), or with am or pm"
    )
  }

  /// One or two figures that could be an hour of the day: "5", "17".
  static func isBareHour(_ word: String) -> Bool {
    (1...2).contains(word.count) && word.allSatisfy(\.isASCII) && word.allSatisfy(\.isNumber)
      && (Int(word).map { (0...23).contains($0) } ?? false)
  }
}
