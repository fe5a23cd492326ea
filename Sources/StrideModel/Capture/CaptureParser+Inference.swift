import Foundation
import StrideBase

/// What a capture's words imply beyond its tokens: the type and energy a word points to, and the reminder openings
/// that are not part of what to do.
extension CaptureParser {
  // MARK: Inference

  /// Words that mark a task as an obligation: someone waits on it, or it has a consequence.
  static let obligationWords: Set<String> = [
    "pay", "submit", "renew", "deadline", "rsvp", "urgent", "urgently", "invoice", "tax", "taxes",
  ]
  /// `!urgent` and its kin: the task matters more (Stride has no priority; an obligation has the highest value).
  static let urgentWords: Set<String> = ["urgent", "asap", "important", "now"]
  /// The marks "ASAP" may carry and take along ("asap!", "ASAP."): it is a token in any case, with or without `!`.
  static let asapMarks: Set<Character> = ["!", "."]

  /// "asap", "ASAP!", "a.s.a.p.", "A.S.A.P": the word, in any case, with its dots or without.
  static func isAsap(_ word: String) -> Bool {
    var bare = Substring(word)
    while let last = bare.last, asapMarks.contains(last) { bare.removeLast() }
    return bare == "asap" || bare == "a.s.a.p"
  }

  /// The words "as soon as possible" ("as soon as poss") from `index` of `words`: how many, else nil.
  static func asSoonAsPossible(_ words: [String], at index: Int) -> Int? {
    guard words[index] == "as", index + 3 < words.count, words[index + 1] == "soon", words[index + 2] == "as",
      ["possible", "poss"].contains(words[index + 3])
    else { return nil }
    return 4
  }
  /// People and bodies a deadline may be owed to, besides a capitalised name.
  static let parties: Set<String> = [
    "boss", "client", "customer", "landlord", "school", "council", "bank", "hr", "teacher", "doctor", "dentist",
    "accountant", "lawyer", "manager", "team",
  ]
  /// Verbs whose object is someone a deadline is owed to: "email Sam by friday".
  static let owingVerbs: Set<String> = [
    "email", "e-mail", "send", "call", "ring", "text", "tell", "ask", "reply", "answer", "remind", "give", "message",
    "ping", "pay", "meet", "show", "bring", "update", "invite", "thank", "contact", "write",
  ]
  /// Words that say how much energy a task needs.
  static let energyWords: [String: EnergyLevel] = [
    "quick": .low, "easy": .low, "simple": .low, "hard": .high, "difficult": .high, "deep": .high,
  ]
  /// Reminder openings that are not part of what to do: "don't forget:", "remember to", "remind me to".
  static let preambles = [
    "don't forget to ", "dont forget to ", "do not forget to ", "remember to ", "don't forget: ", "dont forget: ",
    "do not forget: ", "remember: ", "reminder: ", "note to self: ", "todo: ", "to do: ", "to-do: ",
    "remind me to ", "please remind me to ", "reminder to ", "remind me: ",
  ]

  /// The type and energy a line implies, when no token set them: only where a word points to it, and that word is
  /// kept as the span (so `--dry-run` and the reply say where it came from).
  func infer(
    _ characters: [Character], _ line: Range<Int>, into result: inout ParsedCapture, consumed: [Range<Int>],
    title: String
  ) {
    func bareWord<S: StringProtocol>(_ word: S) -> String {
      guard let first = word.firstIndex(where: \.isLetterQuick), let last = word.lastIndex(where: \.isLetterQuick)
      else { return "" }
      return word[first...last].lowercased()
    }
    let titleWords = Set(title.spacedWords.map(bareWord))
    let words = Self.words(characters, line).filter { range in
      !consumed.contains { $0.overlaps(range) } && titleWords.contains(bareWord(String(joining: characters[range])))
    }
    // Each word once, lower-cased, without the punctuation around it.
    let bareWords = Dictionary(
      uniqueKeysWithValues: words.map { range in (range.lowerBound, bareWord(String(joining: characters[range]))) })
    func bare(_ range: Range<Int>) -> String { bareWords[range.lowerBound] ?? "" }
    func note(_ field: CaptureSpan.Field, _ range: Range<Int>) {
      result.spans.append(
        CaptureSpan(
          field: field, text: String(joining: characters[range]), start: range.lowerBound, end: range.upperBound))
    }
    if result.type == nil {
      if let word = words.first(where: { Self.obligationWords.contains(bare($0)) }) {
        result.type = .obligation
        note(.type, word)
      } else if let deadline = result.spans.first(where: { $0.field == .due }),
        ["by", "before", "due", "deadline", "b4"].contains(where: { deadline.text.lowercased().hasPrefix($0 + " ") }),
        let party = words.indices.dropFirst().first(where: { index in
          let text = String(joining: characters[words[index]]).trimmingCharacters(in: .punctuationCharacters)
          if Self.parties.contains(text.lowercased()) { return true }
          // A name counts when something is owed to that person: after "to", "for" or "with", or as the one a
          // verb of sending, telling or meeting is about ("email Sam", "send Ana the draft"), not in "read Harry
          // Potter by sunday".
          guard text.first?.isUppercase == true, text != "I", text.dropFirst().allSatisfy(\.isLowercase) else {
            return false
          }
          let before = bare(words[index - 1])
          return ["to", "for", "with"].contains(before) || (index == 1 && Self.owingVerbs.contains(before))
        }).map({ words[$0] })
      {
        // A deadline owed to someone named: "send Sam the draft by friday".
        result.type = .obligation
        note(.type, party)
      }
    }
    if result.energy == nil, let word = words.first(where: { Self.energyWords[bare($0)] != nil }) {
      result.energy = Self.energyWords[bare(word)]
      note(.energy, word)
    }
  }

  /// The line without a reminder opening.
  static func withoutPreamble(_ text: String) -> String {
    let trimmed = text.trimmedOfSpaces
    let lower = trimmed.lowercased()
    guard let preamble = preambles.first(where: { lower.hasPrefix($0) }), trimmed.count > preamble.count else {
      return text
    }
    return String(trimmed.dropFirst(preamble.count))
  }
}
