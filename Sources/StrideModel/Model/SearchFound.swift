import StrideBase

extension SearchQuery {
  /// Where this query found `task`.
  public func found(in task: StrideTask) -> SearchFound {
    var found = SearchFound(title: pieces(of: task.title))
    guard !matchesAll(in: task.title) else { return found }
    let places =
      task.notes.map { ("in a note", $0.text) } + task.subtasks.map { ("in a step", $0.title) }
      + [("as typed", task.rawInput)]
    for (place, text) in places {
      for line in text.split(whereSeparator: \.isNewline).map(String.init) {
        let marks = highlights(in: line)
        guard let first = marks.first else { continue }
        // From a few words before the first match, so it reads in context.
        let words = Self.words(in: line)
        let matched = words.firstIndex { $0.range.lowerBound == first.lowerBound } ?? 0
        let start = words[max(0, matched - 4)].range.lowerBound
        var excerpt = Self.pieces(line, marks, from: start)
        if start > line.startIndex { excerpt[0] = "…" + excerpt[0] }
        found.place = place
        found.excerpt = excerpt
        return found
      }
    }
    return found
  }

  /// `text` cut at each match: plain and matched pieces taking turns, plain first (empty when a match starts it).
  public func pieces(of text: String) -> [String] {
    Self.pieces(text, highlights(in: text), from: text.startIndex)
  }

  /// `text` from `start` cut at `marks` (ranges in order, none before `start`) into pieces.
  private static func pieces(_ text: String, _ marks: [Range<String.Index>], from start: String.Index) -> [String] {
    var pieces: [String] = []
    var from = start
    for range in marks {
      pieces += [String(text[from..<range.lowerBound]), String(text[range])]
      from = range.upperBound
    }
    return from == text.endIndex && !pieces.isEmpty ? pieces : pieces + [String(text[from...])]
  }
}
