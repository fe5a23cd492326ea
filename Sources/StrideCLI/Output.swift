import StrideBase
import StrideClientKit
import StrideJSON
import StrideNowView
import StridePlatform
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// Where the CLI writes: plain aligned lines for people (colour only on a terminal, never with NO_COLOR), or one
/// JSON object per command with `--json`.
struct Output {
  let json: Bool
  let color: Bool
  /// Colour for a screen of its own (the Now view): a terminal on stdout, no NO_COLOR, not TERM=dumb.
  let colorOnTerminal: Bool
  /// The width rows must fit: `COLUMNS` when set, else the terminal's; nil in a pipe (rows keep their length).
  let width: Int?
  /// Where the lines go instead of stdout (`stride mcp` hands them to the assistant).
  let sink: Lines?

  /// Lines kept instead of printed.
  final class Lines {
    var lines: [String] = []
    /// The daemon's first reply while the lines were kept, as JSON.
    var reply: JSONValue?
  }

  init(json: Bool, environment: [String: String]) {
    self.json = json
    width =
      environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
      ?? (isatty(STDOUT_FILENO) == 1 ? Terminal.size().width : nil)
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    colorOnTerminal = !noColor && environment["TERM"] != "dumb" && isatty(STDOUT_FILENO) == 1
    color = !json && colorOnTerminal
    sink = nil
  }

  /// Lines for people, plain (no colour, no width), kept in `sink`.
  init(keepingIn sink: Lines) {
    (json, color, colorOnTerminal, width, self.sink) = (false, false, false, nil, sink)
  }

  /// Prints a line for people (nothing in JSON mode).
  func say(_ line: String = "") {
    guard !json else { return }
    guard let sink else { return print(line) }
    sink.lines.append(line)
  }

  /// Writes text as it is, with no newline of its own (a JSON document written part by part).
  func write(_ text: String) {
    print(text, terminator: "")
  }

  /// Writes bytes as they are (JSON as the daemon wrote it), with no newline of their own, after what was printed
  /// before them; ends the command quietly once the reader has gone, as `flushed` does.
  func write(_ bytes: [UInt8]) throws {
    do {
      try flushed()
      try System.write(bytes, to: System.standardOutput)
    } catch {
      throw ExitStatus.ok
    }
  }

  /// Sends what was printed on its way now (a part of a listing, so the reader sees it as it comes), and ends the
  /// command quietly once the reader has gone (`stride list | head`): nothing more is read or written.
  func flushed() throws {
    if fflush(nil) != 0 { throw ExitStatus.ok }
  }

  /// Prints a value as one line of JSON with sorted keys (JSON mode only).
  func emit(_ value: some Encodable) {
    guard json, let bytes = try? JSONValueEncoder.bytes(value) else { return }
    print(String(decoding: bytes, as: UTF8.self))
  }

  /// Prints the human line, or the JSON value, whichever the mode asks for.
  func report(_ line: String, json value: some Encodable) {
    if json { emit(value) } else { say(line) }
  }

  func bold(_ text: String) -> String { Style(color: color).bold(text) }
  func dim(_ text: String) -> String { Style(color: color).dim(text) }
  func highlight(_ text: String) -> String { Style(color: color).highlight(text) }

  /// `task 12, "call the dentist"`: how a sentence names a task.
  static func name(_ task: Wire.Task) -> String {
    "task \(task.id), \"\(task.title)\""
  }

  /// A time in the daemon's words (the field of its result's `said`, protocol 4), else as the wire wrote it.
  static func said(_ words: String?, _ time: Timestamp?) -> String? {
    time.map { Self.said(words, $0) }
  }

  static func said(_ words: String?, _ time: Timestamp) -> String {
    words ?? time.rfc3339
  }

  /// `Task 12, "call the dentist",`: a task as the subject that starts a sentence.
  static func subject(_ task: Wire.Task) -> String {
    "Task \(task.id), \"\(task.title)\","
  }

  /// Lines folded to the width, between words: a line wider than the terminal goes on under itself, `hang` columns
  /// in, its first `hang` columns (a clock, a table's first columns) kept as they are; without `hang`, two columns
  /// past its own indent. Unchanged where there is no width (a pipe, with no COLUMNS).
  func folded(_ lines: [String], hang: Int? = nil) -> [String] {
    guard let width else { return lines }
    return lines.flatMap { line -> [String] in
      guard TerminalColumns.width(line) > width else { return [line] }
      let lead = line.prefix { $0 == " " }.count
      let indent = hang ?? lead + 2
      // The head kept whole: the first `hang` columns, or the indent.
      var head = ""
      var rest = Substring(line)
      while let character = rest.first, TerminalColumns.width(head + String(character)) <= (hang ?? lead) {
        head.append(character)
        rest = rest.dropFirst()
      }
      let rows = TerminalColumns.wrap(String(rest), width: max(16, width - indent))
      return rows.enumerated().map { index, row in
        (index == 0 ? head : String(repeating: " ", count: indent)) + row
      }
    }
  }

  /// The columns of `rows` to show so that column `title` keeps room on a terminal `width` columns wide, each line
  /// led by `lead` columns: those in `giveWay` are left out, in that order, while the title would get fewer than 16.
  /// With the columns the title then has (nil in a pipe, where nothing gives way).
  static func fitting(_ rows: [[String]], title: Int, giveWay: [Int], lead: Int = 0, width: Int?) -> (
    shown: [Int], room: Int?
  ) {
    var shown = Array((rows.first ?? []).indices)
    func room() -> Int? {
      width.map { width in
        width - lead
          - shown.filter { $0 != title }.reduce(0) { sum, column in
            sum + (rows.map { TerminalColumns.width($0[column]) }.max() ?? 0) + 2
          }
      }
    }
    for column in giveWay where (room() ?? .max) < 16 { shown.removeAll { $0 == column } }
    return (shown, room())
  }

  /// Lays rows out in columns by the width each cell takes on a terminal (a CJK character or an emoji takes two),
  /// left-aligned except the columns in `rightAligned`, two spaces apart.
  static func columns(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
    let widths = columnWidths(rows)
    return rows.map { line($0, widths: widths, rightAligned: rightAligned) }
  }

  /// The widths of `rows`' columns on a terminal: each its widest cell's.
  static func columnWidths(_ rows: [[String]]) -> [Int] {
    let count = rows.map(\.count).max() ?? 0
    return (0..<count).map { column in
      rows.map { column < $0.count ? TerminalColumns.width($0[column]) : 0 }.max() ?? 0
    }
  }

  /// One row laid out in columns `widths` wide, as `columns` lays each out (a cell wider than its column pushes the
  /// rest of its row on).
  static func line(_ row: [String], widths: [Int], rightAligned: Set<Int> = []) -> String {
    // Written as bytes: a cell's text is its bytes, and a line of cells those of each in turn.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(row.reduce(widths.reduce(2 * row.count, +)) { $0 + $1.utf8.count })
    for (column, cell) in row.enumerated() {
      if column > 0 { bytes += repeatElement(UInt8(ascii: " "), count: 2) }
      let padding = repeatElement(UInt8(ascii: " "), count: max(0, widths[column] - TerminalColumns.width(cell)))
      if rightAligned.contains(column) { bytes += padding }
      var text = cell
      text.withUTF8 { bytes += $0 }
      if !rightAligned.contains(column) { bytes += padding }
    }
    // In ASCII, spaces at the end are characters of their own (`trimmingTrailingSpaces`).
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      return String(decoding: bytes, as: UTF8.self).trimmingTrailingSpaces()
    }
    while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  /// The text without the spaces it ends with. In ASCII each byte is a character (but for CR LF, which a space does
  /// not join), so the spaces are counted in bytes; other text is read as characters (a space may end one).
  func trimmingTrailingSpaces() -> String {
    var text = self
    let ascii = text.withUTF8 { utf8 -> Int? in
      guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
      return utf8.reversed().prefix { $0 == UInt8(ascii: " ") }.count
    }
    if let spaces = ascii { return spaces == 0 ? text : String(text.dropLast(spaces)) }
    while text.last == " " { text.removeLast() }
    return text
  }
}

/// A line written to stderr, for errors and notes that must not mix with the output.
func note(_ line: String) {
  try? System.write((line + "\n").utf8, to: System.standardError)
}
