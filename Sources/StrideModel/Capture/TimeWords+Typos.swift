import StrideBase

/// Day words typed in a hurry: "tomrrow", "wednsday", "thurdsay", "fridya". A word one slip from a single day word
/// (a letter left out, added, changed, or two letters swapped), six letters or more and no word of its own, is read
/// as that day; one that could be a day but is nearer other words ("fridy", "wensday") stays in the title and is
/// named with the day it may be. Docs/capture.md, "Day words misspelt".
extension TimeWords {
  /// What a word that is no time word may be: a day word misspelt.
  enum Misspelt: Equatable {
    /// Read as this day word: it is one slip from it and from no other.
    case read(String)
    /// Kept and named: it may be this day word ("tuesday"), or one of these ("tuesday or thursday").
    case named(String)
  }

  /// The day words a misspelling is read as: the weekdays, "tomorrow" and "tonight" ("today" is one slip from
  /// "toady" and "toddy", so a word near it is never read).
  static let misspeltTargets: [[UInt8]] = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "tomorrow", "tonight",
  ].map { Array($0.utf8) }

  /// Words one slip from a day word that are words of their own: "sundae", "sundry", "frida".
  static let nearDayWords: Set<String> = ["sundae", "sundry", "sunray", "frida", "monda", "tonights", "fridas"]

  /// The day word `word` may be misspelt from, or nil: a lower-case word of five to eleven letters that starts as
  /// the day word does. A word already known (a day word, its plural, a shorthand) is no misspelling.
  static func misspelt(_ word: String) -> Misspelt? {
    // Most words are shorter, or start with another letter: nothing is made for them.
    let utf8 = word.utf8
    guard (5...11).contains(utf8.count), let first = utf8.first, [0x6D, 0x74, 0x77, 0x66, 0x73].contains(first),
      utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }), !nearDayWords.contains(word), weekdays[word] == nil,
      !tomorrowWords.contains(word), !tonightWords.contains(word)
    else { return nil }
    let bytes = Array(utf8)
    var near: [(target: [UInt8], distance: Int)] = []
    for target in misspeltTargets where target[0] == bytes[0] && abs(target.count - bytes.count) <= 2 {
      // "mondays", "fridays": a plural is the day's own word.
      if bytes.count == target.count + 1, bytes.last == 0x73, bytes.starts(with: target) { return nil }
      let distance = editDistance(bytes, target, atMost: 2)
      // Two slips count only from a long day word ("wensday"); from a short one ("monkey") they make another word.
      if distance == 1 || (distance == 2 && target.count >= 8 && bytes.count >= 6) { near.append((target, distance)) }
    }
    // The nearest day words: "tusday" is one slip from tuesday and two from thursday, so tuesday.
    guard let nearest = near.map(\.distance).min() else { return nil }
    let days = near.filter { $0.distance == nearest }.map { String(decoding: $0.target, as: UTF8.self) }
    if days.count == 1, nearest == 1, bytes.count >= 6 { return .read(days[0]) }
    return .named(days.joined(separator: " or "))
  }
}
