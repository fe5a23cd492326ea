import Foundation
import StrideBase

/// What a person typed into `stride find`: words and "quoted phrases", every one of which must match.
///
/// Text is compared as words: runs of letters and digits, each folded by `fold` to lower case without accents and
/// with the letters people write two ways written one way (`Café` is `cafe`, `Straße` `strasse`, `Œuvre` `oeuvre`).
/// A bare word matches the start of a word (`dent` finds "dentist"); a quoted phrase matches its words side by side,
/// the last one from its start as a bare word does (`"sam send"` finds "Sam sends"). A term matches when it is in any
/// of a task's texts: its title, the thought as typed, a note or a step. The store's full-text index (SQLite's FTS5)
/// holds each text already folded (`foldedText`), so it and this type, which answers without it, read alike.
public struct SearchQuery: Equatable, Sendable {
  /// One thing that must match: the folded words of a bare word or of a phrase, side by side.
  public struct Term: Equatable, Sendable {
    public var words: [String]
    /// Whether the last word may be the start of a longer one, as in a bare word and a phrase; false: it is whole.
    public var prefix: Bool
  }

  public var terms: [Term]

  /// Reads a query; nil when it holds no word to look for (empty, or only punctuation).
  public init?(_ text: String) {
    var terms: [Term] = []
    for (index, part) in text.split(separator: "\"", omittingEmptySubsequences: false).enumerated() {
      let quoted = index % 2 == 1
      if quoted {
        let words = Self.words(in: String(part)).map(\.folded)
        if !words.isEmpty { terms.append(Term(words: words, prefix: true)) }
      } else {
        for chunk in part.split(whereSeparator: \.isWhitespace) {
          let words = Self.words(in: String(chunk)).map(\.folded)
          if !words.isEmpty { terms.append(Term(words: words, prefix: true)) }
        }
      }
    }
    guard !terms.isEmpty else { return nil }
    self.terms = terms
  }

  /// A word of a text: where it stands, and its folded form.
  public struct Word: Sendable {
    public var range: Range<String.Index>
    public var folded: String
  }

  /// The words of a text, in order: runs of letters, digits and marks, each folded.
  public static func words(in text: String) -> [Word] {
    var words: [Word] = []
    var start: String.Index?
    var index = text.startIndex
    func close() {
      guard let first = start else { return }
      let range = first..<index
      let folded = fold(text[range])
      if !folded.isEmpty { words.append(Word(range: range, folded: folded)) }
      start = nil
    }
    while index < text.endIndex {
      let character = text[index]
      if character.isLetter || character.isNumber {
        if start == nil { start = index }
      } else {
        close()
      }
      index = text.index(after: index)
    }
    close()
    return words
  }

  /// A word as every text is compared: in lower case, its compatibility forms taken apart (`ﬁ` is `fi`, `²` is
  /// `2`), without marks (accents, and the vowel signs some scripts write as marks), a letter written two ways in
  /// one way (`ß` `ss`, `æ` `ae`, `œ` `oe`, `ø` `o`, `ł` `l`, `đ` and `ð` `d`, `þ` `th`, dotless `ı` `i`, final `ς`
  /// `σ`), and nothing but letters and digits. So a folded word is one token to FTS5's tokenizer too.
  public static func fold<S: StringProtocol>(_ word: S) -> String {
    // Most words are ASCII: lower case and its letters and digits are all there is to it.
    if word.utf8.allSatisfy({ $0 < 0x80 }) {
      return String(
        decoding: word.utf8.compactMap { byte in
          switch byte {
          case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
          case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
          default: nil
          }
        }, as: UTF8.self)
    }
    var folded = String.UnicodeScalarView()
    // Lower case again after taking apart: a compatibility form may stand for a capital (`ℌ` is `H`).
    let apart = String(word).lowercased().decomposedStringWithCompatibilityMapping.lowercased()
    for scalar in apart.unicodeScalars {
      if let spelled = spelledApart[scalar] {
        folded.append(contentsOf: spelled.unicodeScalars)
      } else if isLetterOrDigit(scalar) {
        folded.append(scalar)
      }
    }
    return String(folded)
  }

  /// A letter or a digit by its Unicode category: what FTS5's tokenizer takes into a word (its `L* N*`).
  private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber:
      true
    default: false
    }
  }

  /// The letters no decomposition takes apart that people write, or type, as other letters.
  private static let spelledApart: [Unicode.Scalar: String] = [
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ς": "σ",
    "ħ": "h", "ŧ": "t",
  ]

  /// A text as the full-text index holds it: its folded words, one space between them.
  public static func foldedText(_ text: String) -> String {
    words(in: text).map(\.folded).joined(separator: " ")
  }

  /// Whether every term is somewhere in `texts` (each term may be in a different one).
  public func matches(_ texts: [String]) -> Bool {
    let folded = texts.map { Self.words(in: $0).map(\.folded) }
    return terms.allSatisfy { term in folded.contains { term.found(in: $0) != nil } }
  }

  /// Whether every term is in one text (the title: such a task is a better match).
  public func matchesAll(in text: String) -> Bool { matches([text]) }

  /// The ranges of `text` the terms match, in order, for highlighting.
  public func highlights(in text: String) -> [Range<String.Index>] {
    let words = Self.words(in: text)
    let folded = words.map(\.folded)
    var marked = Set<Int>()
    for term in terms {
      var from = 0
      while let start = term.found(in: folded, from: from) {
        marked.formUnion(start..<start + term.words.count)
        from = start + 1
      }
    }
    return marked.sorted().map { words[$0].range }
  }
}

extension SearchQuery.Term {
  /// Where in `words` (folded) the term starts, from `from` on; nil when it is not there.
  func found(in words: [String], from: Int = 0) -> Int? {
    guard words.count - from >= self.words.count else { return nil }
    let last = self.words.count - 1
    for start in from...(words.count - self.words.count) {
      // Scalar by scalar, as FTS5 compares: a prefix need not end where a character (a grapheme) does.
      let fits = self.words.indices.allSatisfy { offset in
        let (word, wanted) = (words[start + offset].unicodeScalars, self.words[offset].unicodeScalars)
        return offset == last && prefix ? word.starts(with: wanted) : word.elementsEqual(wanted)
      }
      if fits { return start }
    }
    return nil
  }
}

extension StrideTask {
  /// The texts a search looks in: the title, the thought as typed, the notes and the steps.
  public var searchTexts: (title: String, rawInput: String, notes: String, steps: String) {
    (title, rawInput, notes.map(\.text).joined(separator: "\n"), subtasks.map(\.title).joined(separator: "\n"))
  }
}

/// A task a search found, with what its place in the answer depends on.
public struct SearchHit: Equatable, Sendable {
  public var id: TaskID
  /// Every term is in the title (not only in the thought, a note or a step).
  public var inTitle: Bool
  public var finished: Bool
  /// When the task last changed.
  public var updatedAt: Date

  public init(id: TaskID, inTitle: Bool, finished: Bool, updatedAt: Date) {
    self.id = id
    self.inTitle = inTitle
    self.finished = finished
    self.updatedAt = updatedAt
  }

  /// Best first: a match in the title before one elsewhere, then open before finished, then recent before old.
  public static func ranked(_ hits: [SearchHit]) -> [SearchHit] {
    hits.sorted { a, b in
      if a.inTitle != b.inTitle { return a.inTitle }
      if a.finished != b.finished { return !a.finished }
      if a.updatedAt != b.updatedAt { return a.updatedAt > b.updatedAt }
      return a.id > b.id
    }
  }
}
