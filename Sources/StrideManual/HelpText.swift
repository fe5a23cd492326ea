import StrideBase
import StridePlatform
import StrideWire

/// A help text read for its parts, so that a manual page can set each in roff: the usage forms, paragraphs of
/// prose, lists of terms with what each means, and lines to keep as they are.
///
/// The help texts follow a few plain conventions, and this reads them: a first paragraph that starts `Usage:`, one
/// form a line (a form continues on a line that does not start with `stride`, a note after two spaces continues on
/// a line indented under it); prose at the left margin; indented lines that are either a list (a term, two or more
/// spaces, what it means, continued on lines indented further) or anything else, kept as written.
public struct HelpText: Sendable, Equatable {
  /// One way to call a command, and an optional note on it.
  public struct Form: Sendable, Equatable {
    public var synopsis: String
    public var note: String?
  }

  /// A term of a list (an option, a value, an example) and what it means.
  public struct Term: Sendable, Equatable {
    public var term: String
    public var meaning: [String]
  }

  public enum Block: Sendable, Equatable {
    case prose([String])
    case terms([Term])
    case lines([String])
  }

  public var forms: [Form] = []
  public var blocks: [Block] = []

  public init(_ text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
    if lines.first?.hasPrefix("Usage: ") == true {
      let usage = lines.prefix { !$0.trimmingWhitespace.isEmpty }
      forms = Self.forms(Array(usage))
      lines = lines.dropFirst(usage.count)
    }
    blocks = Self.blocks(Array(lines))
  }

  /// The usage lines as forms; "Usage: " counts as indentation, so notes line up by column.
  static func forms(_ lines: [String]) -> [Form] {
    var forms: [Form] = []
    var noteColumn: Int?
    for (index, raw) in lines.enumerated() {
      let line = index == 0 ? String(repeating: " ", count: 7) + raw.dropFirst("Usage: ".count) : raw
      let indent = line.prefix { $0 == " " }.count
      let content = line.dropFirst(indent)
      if let column = noteColumn, indent >= column, let last = forms.indices.last {
        forms[last].note = (forms[last].note.map { $0 + " " } ?? "") + content
        continue
      }
      let (synopsis, note, column) = split(content, at: indent)
      noteColumn = column
      if !synopsis.hasPrefix("stride"), let last = forms.indices.last {
        forms[last].synopsis += " " + synopsis
        if let note { forms[last].note = note }
      } else {
        forms.append(Form(synopsis: synopsis, note: note))
      }
    }
    return forms
  }

  /// Text before and after its first run of two or more spaces, and the column where the after begins.
  private static func split(_ content: Substring, at indent: Int) -> (String, String?, Int?) {
    guard let gap = content.firstRange(ofText: "  ") else { return (String(content), nil, nil) }
    let after = content[gap.lowerBound...].drop { $0 == " " }
    guard !after.isEmpty else { return (String(content[..<gap.lowerBound]), nil, nil) }
    let column = indent + content.distance(from: content.startIndex, to: after.startIndex)
    return (String(content[..<gap.lowerBound]), String(after), column)
  }

  /// Paragraphs: a run of lines at the margin is prose, a run of indented lines a list or lines kept as they are.
  static func blocks(_ lines: [String]) -> [Block] {
    var blocks: [Block] = []
    var run: [String] = []
    func finish() {
      guard let first = run.first else { return }
      if !first.hasPrefix(" ") {
        blocks.append(.prose(run))
      } else {
        blocks.append(terms(run).map(Block.terms) ?? .lines(run))
      }
      run = []
    }
    for line in lines {
      if line.trimmingWhitespace.isEmpty {
        finish()
      } else {
        if let previous = run.last, previous.hasPrefix(" ") != line.hasPrefix(" ") { finish() }
        run.append(line)
      }
    }
    finish()
    return blocks
  }

  /// Indented lines as a list of terms, or nil when they are not one: a line indented less than the first, a
  /// meaning with a column gap inside (a table of several columns), or no term with a meaning at all. A term as
  /// long as its column leaves one space before its meaning; it is split where the other meanings begin.
  static func terms(_ lines: [String]) -> [Term]? {
    let margin = indentation(lines[0])
    let column = meaningColumn(lines, margin: margin)
    var terms: [Term] = []
    for line in lines {
      let indent = indentation(line)
      let content = line.dropFirst(indent)
      if indent == margin {
        var (term, meaning, _) = split(content, at: indent)
        if meaning == nil, let column, line.count > column,
          line[line.index(line.startIndex, offsetBy: column - 1)] == " "
        {
          term = line.prefix(column).trimmingWhitespace
          meaning = String(line.dropFirst(column))
        }
        if let meaning, meaning.contains(text: "   ") { return nil }
        terms.append(Term(term: term, meaning: meaning.map { [$0] } ?? []))
      } else if indent > margin, let last = terms.indices.last {
        terms[last].meaning.append(String(content))
      } else {
        return nil
      }
    }
    return terms.contains { !$0.meaning.isEmpty } ? terms : nil
  }

  /// The column where most of the meanings in a list begin.
  private static func meaningColumn(_ lines: [String], margin: Int) -> Int? {
    let columns = lines.filter { indentation($0) == margin }.compactMap { split($0.dropFirst(margin), at: margin).2 }
    let counts = Dictionary(columns.map { ($0, 1) }, uniquingKeysWith: +)
    return counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
  }

  private static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
}
