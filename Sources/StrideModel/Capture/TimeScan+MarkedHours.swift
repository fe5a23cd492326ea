import Foundation

/// A bare figure after "by", "after", "before" or "until" ("finish the report by 5", "fri after 5", "gym before 7")
/// is a clock hour to most people, as it is after "at": it is read by the same rules as "at 5" (the line's leaning,
/// then 1 to 6 in the afternoon). After "by" a figure is an amount where the words before say so: "divide by 5",
/// "cut the budget by 5", "won by 3" keep it (the reply names it).
extension Scan {
  /// Whether a bare figure at `index` is an hour, as after "at": it leads words read whole before its day ("9
  /// tomorrow"), or follows a marker (`first`: it opens the phrase) or "after", "before" or "by" joining it to a day.
  func hourLed(at index: Int, _ joiner: String?, _ first: Bool) -> Bool {
    leadingHour(at: index) || ((first || joiner != nil) && hourMarked(at: index, joiner: joiner))
  }

  /// Whether the line opens with a word that makes a bare figure after it an hour ("after 10 walk the dog").
  var markerOpensLine: Bool {
    guard let first = word(0) else { return false }
    return TimeWords.isHourMarker(first) && first != "than"
  }

  /// Whether the piece at `index` follows a word that makes a bare figure there an hour, as "at" does: a marker
  /// right before the phrase (`joiner` nil), or "after", "before" or "by" joining it to a day ("fri after 5").
  func hourMarked(at index: Int, joiner: String?) -> Bool {
    if let joiner {
      guard let last = joiner.split(separator: " ").last else { return false }
      return TimeWords.innerMarkers[String(last)] != nil
    }
    // Asked of nearly every word: a comparison of short strings, not a hash.
    guard index > 0, let marker = word(index - 1), TimeWords.isHourMarker(marker) else { return false }
    return !amountBefore(marker: index - 1)
  }

  /// Whether the words before the marker at `index` make the figure after it an amount: "divide by 5", "cut the
  /// budget by 5", "more than 5", "won by 2", "3 by 5".
  func amountBefore(marker index: Int) -> Bool {
    guard let marker = word(index) else { return false }
    if marker == "than" {
      return !["later", "earlier", "sooner"].contains(index > 0 ? word(index - 1) ?? "" : "")
    }
    guard index > 0, let before = word(index - 1) else { return false }
    if before.startsWithDigit || TimeWords.changeWords.contains(before) { return true }
    guard marker == "by" else { return false }
    // "cut the budget by 5", "raise prices by 5": a word of change two or three words back.
    return (2...3).contains { offset in
      index - offset >= 0 && word(index - offset).map(TimeWords.changeWords.contains) == true
    }
  }
}

extension TimeWords {
  /// Whether a bare figure after `word` is a clock hour, as after "at" ("by 5", "until 5", "no later than 5"). Asked
  /// of nearly every word, so the words are compared (they are short), not hashed.
  static func isHourMarker(_ word: String) -> Bool {
    switch word {
    case "by", "before", "after", "until", "untill", "till", "til", "b4", "than": true
    default: false
    }
  }

  /// Words of a change by an amount: a figure after "by" beside them is how much ("divide by 5", "won by 3").
  static let changeWords: Set<String> = [
    "divide", "divided", "multiply", "multiplied", "increase", "increased", "decrease", "decreased", "reduce",
    "reduced", "cut", "raise", "raised", "lower", "lowered", "grow", "grew", "shrink", "shrank", "rise", "rose",
    "fall", "fell", "short", "extend", "extended", "shorten", "win", "won", "lose", "lost", "lead", "led", "beat",
    "scale", "scaled", "shift", "shifted", "offset", "indent", "pad", "round", "rotate", "zoom", "step", "count",
    "skip", "inflate", "deflate", "boost", "bump", "increment", "decrement", "outnumber", "exceed", "miss", "missed",
    "trim", "widen", "narrow", "discount", "split", "group", "share", "sorted", "filter",
  ]

  /// Words that number what follows them: a dotted range after them is no hours ("version 2.10-3", "pages 1.10-12").
  static let numberingWords: Set<String> = [
    "version", "v", "ver", "release", "build", "chapter", "chapters", "ch", "page", "pages", "pp", "p", "section",
    "sections", "verse", "verses", "psalm", "paragraph", "article", "item", "items", "rule", "step", "steps", "level",
    "levels", "grade", "size", "sizes", "score", "room", "flat", "apt", "unit", "no", "number", "numbers", "issue",
    "issues", "ticket", "tickets", "bug", "bugs", "lines", "line", "episode", "episodes", "season", "row", "rows",
  ]
}
