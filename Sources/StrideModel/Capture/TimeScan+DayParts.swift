import Foundation

/// The pieces of a time phrase that name a part of the day in words other than its own: as phones shorten them ("tmrw
/// am", "fri pm") and said closer ("early morning", "late afternoon"). TimeWords has their hours.
extension Scan {
  /// A part of the day said as a phone shortens it or closer than a part alone: "tmrw am", "late afternoon".
  func dayPartPiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    halfDayPiece(word, index, marked: marked) ?? shadedDayPart(word, index)
  }

  /// "tmrw am", "fri pm": a day's morning or afternoon, as a phone's shorthand writes them; only right after a word
  /// that names the day (after a figure they are the clock's: "9 am").
  private func halfDayPiece(_ word: String, _ index: Int, marked: Bool) -> (Piece, Int, Bool)? {
    // "brief the monday PM" is a person ("the" before the day).
    guard let part = TimeWords.halfDays[word], isDayWord(at: index - 1, marked: marked),
      index < 2 || !TimeWords.determiners.contains(chunks[index - 2].word)
    else { return nil }
    return (.dayPart(part), index + 1, false)
  }

  /// "early morning", "mid-afternoon", "late afternoon", "early evening": a part of the day said closer, at its own
  /// hour (TimeWords.shadedDayParts). Like a part of the day alone, it says when only beside a day ("call late
  /// afternoon tmrw"); "late" and "early" are not left in the title.
  private func shadedDayPart(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    guard ["early", "mid", "late"].contains(word) || word.hasPrefix("mid-") else { return nil }
    let (shade, part, end) =
      word.hasPrefix("mid-")
      ? ("mid", String(word.dropFirst(4)), index + 1) : (word, self.word(index + 1) ?? "", index + 2)
    guard let clock = TimeWords.shadedDayParts[shade + " " + part] else { return nil }
    return (.dayPart(clock), end, true)
  }
}
