import Foundation

/// The day's fixed points said in words beside a marker or a day: "after work", "before school", "first thing
/// tomorrow" (`Scan.piece` reads them; these say where they say when).
extension Scan {
  /// Whether "work" or "school" at `index`, after "before" or "after", says when: where the line or its part ends, or
  /// before a day or a time; never before a thing it names ("after school club", "the after work party").
  func landmarkSaysWhen(_ index: Int) -> Bool {
    if index > 1, let before = word(index - 2), TimeWords.determiners.contains(before) { return false }
    guard let next = word(index + 1), !chunks[index].punctuated else { return true }
    return isDayWord(at: index + 1, marked: true) || ["on", "this", "next", "every", "at", "@"].contains(next)
  }

  /// Whether the part of the day at `index` ends the name of an occasion before its day ("parents evening tuesday
  /// 8th", "movie night friday"): the day is read, and the occasion keeps its word. A day that needs a marker ("date
  /// night sat") leaves the two read together, as before. After a day,
  /// a marker, a shift or a number it is the day's time as before ("friday night", "tomorrow morning", "this
  /// evening", "at 7 in the evening").
  func namesOccasion(at index: Int) -> Bool {
    guard careful, index > 0, let part = word(index), ["morning", "afternoon", "evening", "night"].contains(part),
      !chunks[index].punctuated, !chunks[index - 1].punctuated, let before = word(index - 1),
      before.first?.isLetter == true, isDayWord(at: index + 1, marked: false), !isDayWord(at: index - 1, marked: true),
      TimeWords.weekdays[before] == nil, TimeWords.periodShifts[before] == nil, !TimeWords.joiners.contains(before),
      !TimeWords.determiners.contains(before), !TimeWords.dueMarkers.contains(before),
      !TimeWords.startMarkers.contains(before),
      !["every", "each", "in", "at", "on", "of", "early", "late"].contains(before)
    else { return false }
    return true
  }

  /// Where "first thing" at `index` ends when it says when, with "in the morning" after it or not: at the end of
  /// the line or of its part, beside a day ("first thing tomorrow", "monday first thing", "first thing on friday"),
  /// or opening the line before its task ("first thing call the bank", never "first thing to fix is the door"); and
  /// never after "the" or "my" ("the first thing to fix").
  func firstThingEnd(_ index: Int) -> Int? {
    if index > 0, let before = word(index - 1), TimeWords.determiners.contains(before) { return nil }
    let inTheMorning = word(index + 2) == "in" && word(index + 3) == "the" && word(index + 4) == "morning"
    let end = index + (inTheMorning ? 5 : 2)
    let dayAfter =
      isDayWord(at: end, marked: true)
      || (["on", "next", "this"].contains(word(end) ?? "") && isDayWord(at: end + 1, marked: true))
    let opens = index == 0 && !TimeWords.clauseWords.contains(word(end) ?? "")
    guard word(end) == nil || chunks[end - 1].punctuated || dayAfter || isDayWord(at: index - 1, marked: true) || opens
    else { return nil }
    return end
  }

}

extension TimeWords {
  /// Words after "first thing" that make it the subject of a sentence rather than a time: "first thing to fix",
  /// "first thing is the door", "first thing I do".
  static let clauseWords: Set<String> = [
    "to", "is", "was", "of", "that", "which", "i", "we", "you", "they", "he", "she", "for", "about", "in", "on",
    "at", "when", "after", "before", "and", "or", "-", "&",
  ]
}
