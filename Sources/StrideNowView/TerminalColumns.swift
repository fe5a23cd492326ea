import StrideBase
import StrideWire

/// How many columns text takes on a terminal, and text cut to fit: what keeps rows aligned whatever the script.
/// A character (a grapheme cluster) is two columns when it is East Asian wide or full-width (CJK, kana, Hangul,
/// full-width forms) or shown as an emoji (an emoji ZWJ sequence like 👩‍👩‍👧 is one character, two columns); none when
/// it is only marks or format characters; otherwise one. ANSI colour sequences take none.
public enum TerminalColumns {
  /// The columns `text` takes.
  public static func width(_ text: String) -> Int {
    // Printable ASCII, most of what is shown, is a column a byte: counted without reading it as characters.
    // Read as the string's own bytes where it has them, which a long table's every cell does.
    let printable = { (byte: UInt8) in (0x20...0x7E).contains(byte) }
    let ascii = text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(printable) }
    if ascii ?? text.utf8.allSatisfy(printable) { return text.utf8.count }
    var count = 0
    var escape = false
    for character in text {
      let first = character.unicodeScalars.first!
      if escape {
        if first == "m" { escape = false }
        continue
      }
      if first == "\u{1B}" {
        escape = true
        continue
      }
      count += width(of: character)
    }
    return count
  }

  /// A sentence folded at spaces into at most `lines` rows of `width` columns (the last one cut with "…").
  public static func wrap(_ sentence: String, width: Int, lines: Int = .max) -> [String] {
    var rows: [String] = []
    var row = ""
    for word in sentence.split(separator: " ") {
      if !row.isEmpty, Self.width(row) + 1 + Self.width(String(word)) > width, rows.count < lines - 1 {
        rows.append(row)
        row = ""
      }
      row += (row.isEmpty ? "" : " ") + word
    }
    return rows + [clip(row, width)]
  }

  /// `text` cut to `limit` columns with "…" (ANSI sequences kept, and closed with a reset when cut).
  public static func clip(_ text: String, _ limit: Int) -> String {
    guard width(text) > limit else { return text }
    var result = ""
    var used = 0
    var escape = false
    var styled = false
    for character in text {
      let first = character.unicodeScalars.first!
      if escape || first == "\u{1B}" {
        result.append(character)
        escape = first != "m"
        styled = true
        continue
      }
      let size = width(of: character)
      if used + size > limit - 1 { break }
      result.append(character)
      used += size
    }
    return result + "…" + (styled ? "\u{1B}[0m" : "")
  }

  /// `text` followed by spaces to fill `limit` columns.
  public static func pad(_ text: String, to limit: Int) -> String {
    text + String(repeating: " ", count: max(0, limit - width(text)))
  }

  static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    if scalars.contains(where: { isWide($0) || $0.properties.isEmojiPresentation }) { return 2 }
    // A text-style symbol asked to show as an emoji (❤️: U+2764 U+FE0F).
    if scalars.contains(where: { $0.value == 0xFE0F }), scalars.first!.properties.isEmoji { return 2 }
    let zero = scalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .format: true
      default: false
      }
    }
    return zero ? 0 : 1
  }

  /// East Asian wide and full-width ranges (Unicode's EastAsianWidth W and F).
  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (0x1100...0x115F).contains(value) || (0x2E80...0x303E).contains(value) || (0x3041...0x33FF).contains(value)
      || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0xA000...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value) || (0xFE10...0xFE19).contains(value)
      || (0xFE30...0xFE6F).contains(value) || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
      || (0x1F300...0x1F64F).contains(value) || (0x1F900...0x1F9FF).contains(value)
      || (0x20000...0x3FFFD).contains(value) || [0x231A, 0x231B, 0x23F3, 0x26A1, 0x2705, 0x274C].contains(value)
  }
}
