import Foundation

/// Ranges of clock times whose two ends are written differently: "10-11:30", "9.30-11", "10 - 11:30am", "9:30 to
/// 11". One end written as a clock (with its minutes, or am or pm) says the other is a clock too: a bare hour there
/// is that hour on the hour, and "9.30" (as much of Britain writes a clock) is 09:30, so the range reads as
/// "10:00-11:30" does. Two bare numbers ("10-11") or two dotted ones ("1.50-2.50") say no clock on their own.
extension Scan {
  /// A bare hour or a dotted time at `index` read as a clock, as one end of a range whose other end is written as
  /// one ("10-11:30", "9.30-11").
  func mixedRangePiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard word.startsWithDigit, let clock = mixedRangeEnd(word, at: index) else { return nil }
    return (.clock(clock, loose: clock.hour < 12 && word.first != "0"), index + 1, false)
  }

  /// The clock a bare hour or a dotted time at `index` stands for, when it is one end of a range whose other end is
  /// written as a clock; nil otherwise (and for a colon clock, which reads as a clock by itself).
  func mixedRangeEnd(_ word: String, at index: Int) -> ClockTime? {
    // Most figures are not beside a dash or "to": checked first, before the word is taken apart.
    let after = joinsRange(at: index + 1)
    let before = index >= 2 && joinsRange(at: index - 1)
    guard after || before, let own = Self.clockFigure(word), !own.written else { return nil }
    let first = after ? index : index - 2
    guard let other = self.word(after ? index + 2 : index - 2) else { return nil }
    let meridiemWord = self.word(first + 3).map { TimeWords.meridiems[$0] != nil } ?? false
    guard let otherFigure = Self.clockFigure(other, meridiemWord: after && meridiemWord) else { return nil }
    // "at 10-11": the start is an hour by "at", so the end is one too, never a dangling "-11" ("at 8-10 people" is a
    // count).
    // A bare end after a written start ("9:30-11", "7pm to 11") where the phrase ends ("10am to 5 people" keeps its
    // count): after an afternoon start, the first time that hour comes after it, that day (`hour(_:after:)`).
    if otherFigure.written, !after, !own.dotted {
      guard !careful || endsDate(at: index) else { return nil }
      return otherFigure.clock.hour >= 12 ? Self.hour(own.clock.hour, after: otherFigure.clock) : own.clock
    }
    if (otherFigure.written && (after || own.dotted))
      || (!after && !own.dotted && !otherFigure.dotted && first > 0
        && ["at", "@"].contains(self.word(first - 1) ?? "") && endsDate(at: index))
    {
      return own.clock
    }
    // A bare end beside a dotted one ("9.30-11") is a clock where the range opens the line or ends the phrase
    // ("9.30-11 friday", not "9.30-11 pounds") and numbers nothing ("version 2.10-3"); two dotted ends are a price
    // or a version ("1.50-2.50") unless am or pm says otherwise.
    guard own.dotted != otherFigure.dotted, first == 0 || endsDate(at: first + 2),
      (own.dotted ? own : otherFigure).clock.minute % 5 == 0,
      first == 0 || !TimeWords.numberingWords.contains(self.word(first - 1) ?? "")
    else { return nil }
    return own.clock
  }

  /// Whether the word at `index` joins a range's two ends: a dash, "to", "until", or "and" after "between".
  private func joinsRange(at index: Int) -> Bool {
    guard let connector = word(index) else { return false }
    // Asked beside every figure: a comparison of short strings, not a hash.
    switch connector {
    case "-", "–", "to", "until", "untill", "till", "through", "thru": return true
    case "and": return index >= 2 && word(index - 2) == "between"
    default: return false
    }
  }

  /// A figure as a range's end may be written: a bare hour ("10"), a dotted time ("9.30"), a colon clock
  /// ("11:30"), each perhaps with am or pm ("11am", or the next word, `meridiemWord`); its clock as said ("7pm" is
  /// 19:00; the next word's am or pm is not in it).
  struct ClockFigure {
    var clock: ClockTime
    var dotted: Bool
    var colon: Bool
    /// Written as a clock by itself: with its minutes after a colon, or am or pm.
    var written: Bool
  }

  static func clockFigure(_ word: String, meridiemWord: Bool = false) -> ClockFigure? {
    guard word.startsWithDigit, word.utf8.count <= 9 else { return nil }
    let (text, meridiem) = meridiemSuffix(word)
    let colon = text.contains(":")
    let dotted = !colon && text.contains(".")
    let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "." })
    guard (1...2).contains(parts.count), (1...2).contains(parts[0].count), parts[0].allSatisfy(\.isDigit),
      parts.count == 1 || (parts[1].count == 2 && parts[1].allSatisfy(\.isDigit)), let hour = Int(parts[0]),
      meridiem == nil || (1...12).contains(hour),
      // "7pm" is 19:00: the clock as said.
      let clock = ClockTime(
        hour: meridiem.map { hour % 12 + ($0 == "p" ? 12 : 0) } ?? hour, minute: parts.count == 2 ? Int(parts[1])! : 0)
    else { return nil }
    return ClockFigure(clock: clock, dotted: dotted, colon: colon, written: colon || meridiem != nil || meridiemWord)
  }
}
