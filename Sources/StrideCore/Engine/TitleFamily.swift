import Foundation

/// What a title says, reduced to what tells near-identical titles apart from different things to start: the
/// assembly shows at most `perTagLimit` suggestions from one family, tags or no tags.
///
/// Two titles are kin when they are the same but for numbers ("write report 3", "write report 7"), when they carry
/// the same label before a colon or a dash ("Acme: send the invoice", "Acme: call Bob"), or when they open with the
/// same two or more meaningful words and those cover at least half of the shorter one ("review PR auth refactor",
/// "review PR billing fix"). "pay the gas bill" and "pay the water bill" share only "pay": different things.
struct TitleFamily: Equatable {
  /// Every word, lower-cased, without the ones that hold a digit.
  let words: [String]
  /// The same without small words ("the", "to", "for"…): what the shared opening is measured in.
  let meaningful: [String]
  /// The text before a label separator (`:`, ` - `, ` – `, ` — `, ` | `), when there is one with words after it.
  let label: String?

  private static let smallWords: Set<String> = [
    "a", "an", "the", "to", "for", "of", "on", "in", "at", "with", "my", "our", "your", "and", "or", "about",
    "from", "by", "up", "some",
  ]
  private static let separators = [":", " - ", " – ", " — ", " | "]

  init(_ title: String) {
    let lowered = title.lowercased()
    let tokens = lowered.split { !($0.isLetter || $0.isNumber || $0 == "'") }
    words = tokens.filter { !$0.contains(where: \.isNumber) }.map(String.init)
    meaningful = words.filter { !Self.smallWords.contains($0) }
    var label: String?
    for separator in Self.separators {
      guard let range = lowered.range(of: separator) else { continue }
      let head = lowered[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
      let tail = lowered[range.upperBound...]
      if head.contains(where: \.isLetter), tail.contains(where: \.isLetter) {
        label = head
        break
      }
    }
    self.label = label
  }

  /// Near-identical: the same but for numbers, the same label, or the same meaningful opening.
  func isKin(of other: TitleFamily) -> Bool {
    if !words.isEmpty, words == other.words { return true }
    if let label, label == other.label { return true }
    let shared = zip(meaningful, other.meaningful).prefix { $0 == $1 }.count
    return shared >= 2 && shared * 2 >= min(meaningful.count, other.meaningful.count)
  }
}
