import Foundation

/// What a person typed into `stride find`: words and "quoted phrases", every one of which must match.
///
/// Text is compared as words: runs of letters and digits, folded to lower case without accents (`Café` is `cafe`).
/// A bare word matches the start of a word (`dent` finds "dentist"); a quoted phrase matches its words, whole and
/// side by side. A term matches when it is in any of a task's texts: its title, the thought as typed, a note or a
/// step. The store's full-text index (SQLite's FTS5) reads text by the same rule, and this type answers without it.
public struct SearchQuery: Equatable, Sendable {
  /// One thing that must match: the folded words of a bare word or of a phrase, side by side.
  public struct Term: Equatable, Sendable {
    public var words: [String]
    /// Whether the last word may be the start of a longer one (a bare word), or must be whole (a phrase).
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
        if !words.isEmpty { terms.append(Term(words: words, prefix: false)) }
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
      words.append(Word(range: range, folded: fold(text[range])))
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

  /// A word in lower case, without accents: how every text is compared.
  public static func fold<S: StringProtocol>(_ word: S) -> String {
    word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
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
      let fits = self.words.indices.allSatisfy { offset in
        let word = words[start + offset]
        return offset == last && prefix ? word.hasPrefix(self.words[offset]) : word == self.words[offset]
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
