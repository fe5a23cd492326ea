import Foundation
import StrideBase

/// Splits a one-line thought into a title and steps.
///
/// - `title: a, b, c` (or `;`): the words before the colon are the title, the list after it the steps.
/// - `a; b; c`, `a then b then c` (also `, then` and `and then`): each part is a step; the whole line stays the title,
///   since a task named after its first step would be misnamed once that step is done.
/// - "X, need to Y first" and "X. before that, Y": Y becomes the first step, X the next.
enum StepSplitter {
  static func split(_ text: String) -> (title: String, steps: [String]) {
    let trimmed = text.trimmedOfSpaces
    // By bytes: `range(of:)` is Foundation's, and every capture's title comes here.
    if let colon = trimmed.firstRange(ofText: ": ") {
      let head = String(trimmed[..<colon.lowerBound])
      let items = parts(String(trimmed[colon.upperBound...]), separators: [",", ";"])
      if items.count >= 2, head.split(separator: " ").count <= 8 {
        return (head, items)
      }
    }
    if let (first, main) = prerequisite(trimmed) {
      let rest = split(main)
      return (rest.title, [first] + (rest.steps.isEmpty ? [rest.title] : rest.steps))
    }
    // Most lines have no ";" and no "then": they are passed over without splitting.
    if trimmed.utf8.contains(UInt8(ascii: ";")) {
      let semicolonParts = parts(trimmed, separators: [";"])
      if semicolonParts.count >= 2 { return (semicolonParts.joined(separator: "; "), semicolonParts) }
    }
    guard Self.containsLetters(trimmed, "then") else { return (trimmed, []) }
    let thenParts = thenParts(trimmed)
    if thenParts.count >= 2 { return (trimmed, thenParts) }
    return (trimmed, [])
  }

  /// Whether `text` has the lower-case ASCII letters `word` in it, in any case: a quick look before a closer one
  /// ("Then", "FIRST"; no other letters lower-case to these).
  static func containsLetters(_ text: String, _ word: String) -> Bool {
    let bytes = Array(text.utf8)
    let wanted = Array(word.utf8)
    guard bytes.count >= wanted.count else { return false }
    return (0...(bytes.count - wanted.count)).contains { start in
      wanted.indices.allSatisfy { bytes[start + $0] | 0x20 == wanted[$0] }
    }
  }

  /// "pack then drive then unpack", "pack, then drive and then unpack", "Pack Then drive": the parts joined by "then"
  /// in any case, without the comma or "and" before it. A part that is only "the" or "a" ("the then president")
  /// means "then" was no joining word, and the line is one part.
  static func thenParts(_ text: String) -> [String] {
    var parts: [[Substring]] = [[]]
    for word in text.spacedWords {
      guard word.lowercased() == "then" else {
        parts[parts.count - 1].append(word)
        continue
      }
      if parts[parts.count - 1].last?.lowercased() == "and" { parts[parts.count - 1].removeLast() }
      parts.append([])
    }
    let joined = parts.map { words in
      words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ,;"))
    }.filter { !$0.isEmpty }
    guard !joined.contains(where: { TimeWords.determiners.contains($0.lowercased()) }) else { return [text] }
    return joined
  }

  /// "file taxes, need to find the receipts first" → ("find the receipts", "file taxes");
  /// "paint the fence. before that, buy paint" → ("buy paint", "paint the fence").
  static func prerequisite(_ text: String) -> (String, String)? {
    guard containsLetters(text, "first") || containsLetters(text, "before") else { return nil }
    // Searched in the text itself, ignoring case: indices of a lower-cased copy need not fit the text.
    if let first = text.range(of: " first", options: [.backwards, .anchored, .caseInsensitive]),
      let need = text[..<first.upperBound].range(of: "need to ", options: [.backwards, .caseInsensitive]),
      need.upperBound <= first.lowerBound
    {
      let step = text[need.upperBound..<first.lowerBound].trimmingCharacters(in: .whitespaces)
      let main = text[..<need.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: " ,.;"))
      guard !step.isEmpty, !main.isEmpty else { return nil }
      return (step, main)
    }
    if let before = text.range(of: "before that,", options: .caseInsensitive)
      ?? text.range(of: "before that ", options: .caseInsensitive)
    {
      let main = String(text[..<before.lowerBound])
      let step = String(text[before.upperBound...])
      guard !main.trimmingCharacters(in: .whitespaces).isEmpty, !step.trimmingCharacters(in: .whitespaces).isEmpty
      else { return nil }
      return (
        step.trimmingCharacters(in: .whitespaces), main.trimmingCharacters(in: CharacterSet(charactersIn: " ,.;"))
      )
    }
    return nil
  }

  private static func parts(_ text: String, separators: Set<Character>) -> [String] {
    text.split(whereSeparator: { separators.contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// The text of a bulleted, numbered or boxed line ("- x", "* x", "• x", "1. x", "2) x", "- [ ] x", "[x] x"), or
  /// nil if it is not one.
  static func listItemText(_ line: String) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    for bullet in ["- ", "* ", "• ", "+ ", "– "] where trimmed.hasPrefix(bullet) {
      let item = trimmed.dropFirst(bullet.count).trimmingCharacters(in: .whitespaces)
      return checkboxed(item) ?? item
    }
    if let item = checkboxed(trimmed) { return item }
    let digits = trimmed.prefix { $0.isNumber }
    if !digits.isEmpty, digits.count <= 3 {
      let rest = trimmed.dropFirst(digits.count)
      if rest.hasPrefix(". ") || rest.hasPrefix(") ") {
        return String(rest.dropFirst(2)).trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  /// A to-do item's text after its box, as Markdown writes it: "[ ] write report", "[x] call mom".
  private static func checkboxed(_ item: String) -> String? {
    for box in ["[ ] ", "[x] ", "[X] "] where item.hasPrefix(box) {
      return item.dropFirst(box.count).trimmingCharacters(in: .whitespaces)
    }
    return nil
  }
}
