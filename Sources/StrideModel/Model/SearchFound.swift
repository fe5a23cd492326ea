/// Where the words of a search were found in one task, in pieces a client shows without reading the words itself.
/// A text is cut at each match into pieces, plain and matched taking turns (plain first, so the pieces at odd
/// places are the matches): "call the bank" found by "bank" is `["call the ", "bank"]`.
public struct SearchFound: Codable, Sendable, Equatable {
  /// The title, in pieces.
  public var title: [String]
  /// When the title does not hold every word: where one was found ("in a note", "in a step", "as typed").
  public var place: String?
  /// The line there that holds one, from a few words before the first match (starting "…" when cut), in pieces.
  public var excerpt: [String]?

  public init(title: [String], place: String? = nil, excerpt: [String]? = nil) {
    self.title = title
    self.place = place
    self.excerpt = excerpt
  }
}

extension SearchQuery {
  /// Where this query found `task`.
  public func found(in task: StrideTask) -> SearchFound {
    var found = SearchFound(title: pieces(of: task.title))
    guard !matchesAll(in: task.title) else { return found }
    let places =
      task.notes.map { ("in a note", $0.text) } + task.subtasks.map { ("in a step", $0.title) }
      + [("as typed", task.rawInput)]
    for (place, text) in places {
      let line = text.split(whereSeparator: \.isNewline).map(String.init).first { !highlights(in: $0).isEmpty }
      guard let line, let first = highlights(in: line).first else { continue }
      // From a few words before the first match, so it reads in context.
      let words = Self.words(in: line)
      let matched = words.firstIndex { $0.range.lowerBound == first.lowerBound } ?? 0
      let start = words[max(0, matched - 4)].range.lowerBound
      var excerpt = pieces(of: String(line[start...]))
      if start > line.startIndex { excerpt[0] = "…" + excerpt[0] }
      found.place = place
      found.excerpt = excerpt
      return found
    }
    return found
  }

  /// `text` cut at each match: plain and matched pieces taking turns, plain first (empty when a match starts it).
  public func pieces(of text: String) -> [String] {
    var pieces: [String] = []
    var from = text.startIndex
    for range in highlights(in: text) {
      pieces += [String(text[from..<range.lowerBound]), String(text[range])]
      from = range.upperBound
    }
    return from == text.endIndex && !pieces.isEmpty ? pieces : pieces + [String(text[from...])]
  }
}
