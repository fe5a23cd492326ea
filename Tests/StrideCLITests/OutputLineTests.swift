import StrideNowView
import Testing

@testable import StrideCLI

/// A table's line laid out a byte at a time when it is ASCII: the same line the characters' way gives, whatever the
/// script of its cells.
@Suite("A table's lines")
struct OutputLineTests {
  /// The line as it was laid out before the ASCII way: each cell padded by its width, joined, trailing spaces cut
  /// off a character at a time.
  static func byCharacters(_ row: [String], widths: [Int], rightAligned: Set<Int>) -> String {
    var line = row.enumerated().map { column, cell in
      let padding = String(repeating: " ", count: max(0, widths[column] - TerminalColumns.width(cell)))
      return rightAligned.contains(column) ? padding + cell : cell + padding
    }.joined(separator: "  ")
    while line.last == " " { line.removeLast() }
    return line
  }

  static let cells = [
    "12", "call mum", "", "trailing spaces   ", "買い物リスト", "e\u{301}", "plan the 👩‍👩‍👧 trip ❤️",
    "\u{600} ", "tab\there", "line\r\n ", "a title longer than its column by far, which pushes the rest on",
    " ", "\u{1B}[1mbold\u{1B}[0m",
  ]

  @Test("a line of any cells is the line laid out by characters, its trailing spaces cut alike")
  func sameLine() {
    let widths = [4, 20, 9, 0, 6, 130]
    for first in Self.cells {
      for second in Self.cells {
        for last in ["", " ", "done", "\u{600} ", "été  "] {
          let row = [first, second, "active", last]
          let widths = Array(widths.prefix(row.count))
          for rightAligned: Set<Int> in [[0], [], [3]] {
            #expect(
              Output.line(row, widths: widths, rightAligned: rightAligned)
                == Self.byCharacters(row, widths: widths, rightAligned: rightAligned), "\(row)")
          }
        }
      }
    }
    let wide = ["1", String(repeating: "x", count: 10), "y"]
    #expect(Output.line(wide, widths: [1, 200, 1]) == "1  xxxxxxxxxx" + String(repeating: " ", count: 190) + "  y")
  }

  @Test("trailing spaces are cut by bytes in ASCII and by characters otherwise, alike")
  func trimmed() {
    for text in Self.cells + ["   ", "a \r\n  ", "x\u{600} ", "\u{600}  ", "ü  ", "plain"] {
      var slow = text
      while slow.last == " " { slow.removeLast() }
      #expect(text.trimmingTrailingSpaces() == slow, "\(text.unicodeScalars.map(\.value))")
    }
  }
}
