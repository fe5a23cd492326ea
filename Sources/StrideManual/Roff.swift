import StrideBase
import StridePlatform
import StrideWire

/// A manual page in man(7) roff, written a request at a time; every piece of text is escaped as it goes in.
///
/// Escaping: a backslash is `\e`; every hyphen-minus is `\-`, because in Stride's texts a hyphen is nearly always
/// something typed (`--until`, `no-energy`, `stride-config`) and must print as the character a shell takes; a
/// character beyond ASCII is `\[uXXXX]`, which groff reads without a preprocessor; a line that would start with `.`
/// or `'` (a request) starts with `\&`.
public struct Roff: Sendable {
  private var lines: [String] = []

  public init() {}

  /// The page as roff source, ending with a newline.
  public var source: String { lines.joined(separator: "\n") + "\n" }

  /// `.TH`: the page's name, its section, the date of its version, the program it documents and the manual it
  /// belongs to. The date (`2026-11-28`) goes in as written: mandoc reads an ISO date only with plain hyphens.
  public mutating func title(_ name: String, section: Int, date: String, source: String, manual: String) {
    lines.append(
      ".TH \(Self.argument(name.uppercased())) \(section) \(date) \(Self.argument(source)) "
        + Self.argument(manual))
    // No hyphenation and a ragged right edge: paths, options and command lines must print whole, as typed.
    lines += [".nh", ".ad l"]
  }

  /// `.SH`: a section, such as NAME or EXIT STATUS.
  public mutating func section(_ heading: String) {
    lines.append(".SH \(Self.argument(heading))")
  }

  /// `.SS`: a subsection.
  public mutating func subsection(_ heading: String) {
    lines.append(".SS \(Self.argument(heading))")
  }

  /// `.PP` and plain text, one input line per line of `text`; roff fills them into a paragraph.
  public mutating func paragraph(_ text: String) {
    newParagraph()
    text.split(separator: "\n").forEach { plain($0) }
  }

  /// `.PP` and one line already set in roff (made with `escape`, `bold`, `italic` or `code`).
  public mutating func paragraph(set line: String) {
    newParagraph()
    lines.append(Self.line(line))
  }

  /// `.TP`: a tag already set in roff, then what it means as plain text (filled, indented under the tag).
  public mutating func item(_ tag: String, _ body: [String]) {
    lines.append(".TP")
    lines.append(Self.line(tag))
    body.forEach { plain($0) }
  }

  /// Lines kept as they are (no filling), a little indented: examples, tables, JSON.
  public mutating func display(_ text: [String]) {
    newParagraph()
    lines += [".RS 4", ".nf"]
    text.forEach { lines.append(Self.line(Self.escape($0))) }
    lines += [".fi", ".RE"]
  }

  /// One line already set in roff, in the paragraph that is open.
  public mutating func text(set line: String) {
    lines.append(Self.line(line))
  }

  /// Text indented under the paragraph before it (a note on a command line).
  public mutating func indented(_ text: String) {
    lines.append(".RS 4")
    text.split(separator: "\n").forEach { plain($0) }
    lines.append(".RE")
  }

  /// `.PP`, except right after a heading, which already begins a paragraph (mandoc's lint says so).
  private mutating func newParagraph() {
    if let last = lines.last, last.hasPrefix(".SH") || last.hasPrefix(".SS") { return }
    lines.append(".PP")
  }

  /// One input line of plain text, its spaces at either end let go, for roff to fill.
  private mutating func plain(_ text: some StringProtocol) {
    lines.append(Self.line(Self.escape(text.trimmingWhitespace)))
  }

  /// A line break inside a paragraph.
  public mutating func lineBreak() {
    lines.append(".br")
  }

  /// Text escaped for roff, to stand inside a line.
  public static func escape<S: StringProtocol>(_ text: S) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case "\t": escaped += " "
      case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
      default: escaped += "\\[u" + scalar.value.padded(4, with: "0", radix: 16) + "]"
      }
    }
    return escaped
  }

  /// Text in bold (what is typed as it stands).
  public static func bold<S: StringProtocol>(_ text: S) -> String { "\\fB" + escape(text) + "\\fR" }

  /// Text in italics (what stands for something else: ID, TEXT).
  public static func italic<S: StringProtocol>(_ text: S) -> String { "\\fI" + escape(text) + "\\fR" }

  /// A command line as man(7) sets one: the words typed in bold, the placeholders (ID, TEXT, LEVEL) in italics,
  /// brackets, bars and ellipses in roman; inside brackets the spaces do not break, so `[--energy LEVEL]` stays on
  /// one line.
  public static func code(_ phrase: String) -> String {
    var typed = ""
    var depth = 0
    for word in phrase.split(separator: " ") {
      if !typed.isEmpty { typed += depth > 0 ? "\\ " : " " }
      typed += codeWord(word)
      depth += word.filter { $0 == "[" }.count - word.filter { $0 == "]" }.count
    }
    return typed
  }

  private static func codeWord(_ word: Substring) -> String {
    let lead = word.prefix { "[(\"'".contains($0) }
    var rest = word.dropFirst(lead.count)
    var trail = ""
    while let last = rest.last, "])\"',;:|".contains(last) || rest.hasSuffix("...") {
      let count = rest.hasSuffix("...") ? 3 : 1
      trail = rest.suffix(count) + trail
      rest = rest.dropLast(count)
    }
    let core = rest.isEmpty ? "" : isPlaceholder(rest) ? italic(rest) : bold(rest)
    return escape(lead) + core + escape(trail)
  }

  /// ID, ID.N, TEXT, A,B: capitals (with digits, dots and commas) that stand for something the user gives.
  static func isPlaceholder<S: StringProtocol>(_ word: S) -> Bool {
    word.first?.isUppercase == true
      && word.allSatisfy { ($0.isUppercase && $0.isASCII) || "0123456789.,_".contains($0) }
  }

  /// An argument of a request, quoted when it has spaces.
  private static func argument(_ text: String) -> String {
    let escaped = escape(text).replacing(text: "\"", with: "\\(dq")
    return escaped.contains(" ") || escaped.isEmpty ? "\"\(escaped)\"" : escaped
  }

  /// A line of text that roff will not take for a request.
  private static func line(_ text: String) -> String {
    text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
  }
}
