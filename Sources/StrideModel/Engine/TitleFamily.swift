import Foundation

/// What a title says, reduced to what tells near-identical titles apart from different things to start: the
/// assembly shows at most `perTagLimit` suggestions from one family, tags or no tags.
///
/// Two titles are kin when they are the same but for numbers ("write report 3", "write report 7"), when they carry
/// the same label before a colon or a dash ("Acme: send the invoice", "Acme: call Bob"), or when they open with the
/// same two or more meaningful words and those cover at least half of the shorter one ("review PR auth refactor",
/// "review PR billing fix"). "pay the gas bill" and "pay the water bill" share only "pay": different things.
///
/// Built from the title's UTF-8 bytes, lower-cased, so the assembly can afford one for every candidate it looks at.
struct TitleFamily: Equatable {
  /// Every word, lower-cased, without the ones that hold a digit.
  package let words: [[UInt8]]
  /// The same without small words ("the", "to", "for"…): what the shared opening is measured in.
  let meaningful: [[UInt8]]
  /// The text before a label separator (`:`, ` - `, ` – `, ` — `, ` | `), when there are letters on both sides.
  let label: [UInt8]?
  /// A hash of `words`, or nil for a title that is not ASCII (see `wordsKey`).
  let key: UInt64?

  /// A hash of a title's words without the numbered ones, read without building them: titles the same but for
  /// numbers have the same key. It lets the assembly turn down the twentieth "task N" without reading it whole.
  static func wordsKey(_ title: String) -> UInt64? {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var token: UInt64 = 0xcbf2_9ce4_8422_2325
    var length = 0
    var digit = false
    func flush() {
      if length > 0, !digit { hash = (hash ^ token) &* 0x0000_0100_0000_01B3 }
      token = 0xcbf2_9ce4_8422_2325
      length = 0
      digit = false
    }
    for byte in title.utf8 {
      guard byte < 0x80 else { return nil }
      let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
      let isDigit = lower >= 0x30 && lower <= 0x39
      if isDigit || (lower >= 0x61 && lower <= 0x7A) || lower == UInt8(ascii: "'") {
        token = (token ^ UInt64(lower)) &* 0x0000_0100_0000_01B3
        length += 1
        digit = digit || isDigit
      } else {
        flush()
      }
    }
    flush()
    return hash
  }

  private static let smallWords: Set<[UInt8]> = Set(
    [
      "a", "an", "the", "to", "for", "of", "on", "in", "at", "with", "my", "our", "your", "and", "or", "about",
      "from", "by", "up", "some",
    ].map { Array($0.utf8) })

  init(_ title: String) {
    key = Self.wordsKey(title)
    var bytes = Array(title.utf8)
    if bytes.allSatisfy({ $0 < 0x80 }) {
      for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A { bytes[index] += 0x20 }
    } else {
      bytes = Array(title.lowercased().utf8)
    }
    var words: [[UInt8]] = []
    var current: [UInt8] = []
    var digit = false
    func flush() {
      if !current.isEmpty, !digit { words.append(current) }
      current = []
      digit = false
    }
    for byte in bytes {
      let isDigit = byte >= 0x30 && byte <= 0x39
      let isLetter = (byte >= 0x61 && byte <= 0x7A) || byte >= 0x80 || byte == UInt8(ascii: "'")
      if isDigit || isLetter {
        current.append(byte)
        digit = digit || isDigit
      } else {
        flush()
      }
    }
    flush()
    self.words = words
    meaningful = words.filter { !Self.smallWords.contains($0) }
    label = Self.label(bytes)
  }

  /// The text before the first label separator, when letters stand on both sides of it.
  private static func label(_ bytes: [UInt8]) -> [UInt8]? {
    let space = UInt8(ascii: " ")
    for index in bytes.indices {
      var width = 0
      if bytes[index] == UInt8(ascii: ":") {
        width = 1
      } else if index > 0, bytes[index - 1] == space {
        // " - ", " | ", and the en and em dashes (E2 80 93, E2 80 94), each followed by a space.
        if [UInt8(ascii: "-"), UInt8(ascii: "|")].contains(bytes[index]) {
          width = 1
        } else if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
          [0x93, 0x94].contains(bytes[index + 2])
        {
          width = 3
        }
        guard width > 0, index + width < bytes.count, bytes[index + width] == space else { continue }
      }
      guard width > 0 else { continue }
      let isLetter = { (byte: UInt8) in (byte >= 0x61 && byte <= 0x7A) || byte >= 0x80 }
      let head = bytes[..<index]
      guard head.contains(where: isLetter), bytes[(index + width)...].contains(where: isLetter) else { return nil }
      var trimmed = Array(head)
      while trimmed.last == space { trimmed.removeLast() }
      while trimmed.first == space { trimmed.removeFirst() }
      return trimmed
    }
    return nil
  }

  /// Near-identical: the same but for numbers, the same label, or the same meaningful opening.
  func isKin(of other: TitleFamily) -> Bool {
    if !words.isEmpty, words == other.words { return true }
    if let label, label == other.label { return true }
    let shared = zip(meaningful, other.meaningful).prefix { $0 == $1 }.count
    return shared >= 2 && shared * 2 >= min(meaningful.count, other.meaningful.count)
  }
}
