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
  /// The query as typed, its quotes aside, in lower case and with single spaces: a title written the same is the
  /// best match there is.
  public var typed: String
  /// Every term's words in order, as one phrase: what a title that has them side by side has.
  var phrase: Term
  /// The one word of a one-word query, when it is ASCII: its bytes, which a title's are compared with in place
  /// (`titleMatch(ascii:)`).
  var asciiWord: [UInt8]?

  /// Reads a query; nil when it holds no word to look for (empty, or only punctuation).
  public init?(_ text: String) {
    typed = Self.caseFolded(text.filter { $0 != "\"" })
    phrase = Term(words: [], prefix: true)
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
    phrase.words = terms.flatMap(\.words)
    if phrase.words.count == 1, phrase.words[0].utf8.allSatisfy({ $0 < 0x80 }) {
      asciiWord = Array(phrase.words[0].utf8)
    }
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
      return String(decoding: word.utf8.compactMap(foldedASCII), as: UTF8.self)
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

  /// An ASCII byte as a folded word holds it: a letter in lower case, a digit as it is; nil for any other byte,
  /// which ends a word.
  @inline(__always)
  static func foldedASCII(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
    default: nil
    }
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

extension SearchQuery {
  /// How closely a title matches a query, the closest first: what `find` ranks by before anything else.
  public enum TitleMatch: Int, Comparable, Sendable {
    /// The title is the query as typed, but for case and spaces: `call mom` for "Call  Mom".
    case exact
    /// The title's words are the query's, whole, but for punctuation, symbols and accents: "Call Mom!!! 🎉".
    case sameWords
    /// The title starts with the query's words, side by side (the last may start a longer one): "call mom back".
    case start
    /// The query's words side by side elsewhere in the title: "remember to call mom".
    case phrase
    /// Every term somewhere in the title, apart or in another order: "mom: call about Sunday".
    case everyTerm
    /// Not every term is in the title: found in the thought, a note or a step.
    case elsewhere

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The matches that rank as one before open comes before finished: a title that starts with the words and one
    /// that has them side by side further on are both the phrase asked for.
    var tier: Int { self == .phrase ? Self.start.rawValue : rawValue }
  }

  /// How closely `title` matches the query.
  public func titleMatch(_ title: String) -> TitleMatch {
    let words = Self.foldedWords(title)
    guard terms.allSatisfy({ $0.found(in: words) != nil }) else { return .elsewhere }
    if words == phrase.words { return Self.caseFolded(title) == typed ? .exact : .sameWords }
    switch phrase.found(in: words) {
    case 0: return .start
    case .some: return .phrase
    case nil: return .everyTerm
    }
  }

  /// The folded words of a text, as `words(in:)` folds them; an ASCII text (most titles) by its bytes, since `find`
  /// reads again every title it matched, tens of thousands for a short word.
  static func foldedWords(_ text: String) -> [String] {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return words(in: text).map(\.folded) }
    var words: [String] = []
    var word: [UInt8] = []
    for byte in text.utf8 {
      if let folded = foldedASCII(byte) {
        word.append(folded)
      } else {
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        word.removeAll(keepingCapacity: true)
      }
    }
    if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
    return words
  }

  /// A text in lower case, its runs of white space one space, none at either end.
  static func caseFolded(_ text: String) -> String {
    text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

/// A task a search found, with what its place in the answer depends on.
public struct SearchHit: Equatable, Sendable {
  public var id: TaskID
  /// How closely the title matches the query.
  public var title: SearchQuery.TitleMatch
  public var finished: Bool
  /// When the task last changed.
  public var updatedAt: Date

  public init(id: TaskID, title: SearchQuery.TitleMatch, finished: Bool, updatedAt: Date) {
    self.id = id
    self.title = title
    self.finished = finished
    self.updatedAt = updatedAt
  }

  /// Every term is in the title (not only in the thought, a note or a step).
  public var inTitle: Bool { title != .elsewhere }

  /// Best first: the closest match in the title (the title as typed, its very words; then starting with them or
  /// with them side by side; then each of them; then found elsewhere), then open before finished, then a title that
  /// starts with the words before one that has them further on, then recent before old.
  public static func ranked(_ hits: [SearchHit]) -> [SearchHit] {
    hits.sorted { a, b in
      if a.title.tier != b.title.tier { return a.title.tier < b.title.tier }
      if a.finished != b.finished { return !a.finished }
      if a.title != b.title { return a.title < b.title }
      if a.updatedAt != b.updatedAt { return a.updatedAt > b.updatedAt }
      return a.id > b.id
    }
  }
}
