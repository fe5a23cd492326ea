extension NowView.Key {
  /// The key a terminal sent, starting with `first` and reading no further than that key: `next` gives the byte
  /// waiting after it, or nil when none is waiting. The view reads a key at a time so that what is typed after the
  /// key that closes it stays in the terminal for the shell.
  ///
  /// "\u{1B}[A" and "\u{1B}OA" are up (B down), with or without parameters ("\u{1B}[1;5A"); other sequences are
  /// read whole and mean nothing. An escape with nothing waiting after it is escape. Where a key can only be told by
  /// the byte after it (an escape, a carriage return before a line feed), that byte is read, so the key after it
  /// comes with it.
  public static func read(first: UInt8, then next: () -> UInt8?) -> [NowView.Key] {
    switch first {
    case 0x1B:
      guard let byte = next() else { return [.escape] }
      switch byte {
      case UInt8(ascii: "["): return arrow(sequenceEnd(next))
      case UInt8(ascii: "O"): return arrow(next())
      default: return [.escape] + read(first: byte, then: next)
      }
    case UInt8(ascii: "\r"):
      guard let byte = next() else { return [.enter] }
      return [.enter] + (byte == UInt8(ascii: "\n") ? [] : read(first: byte, then: next))
    case UInt8(ascii: "\n"): return [.enter]
    case 0x7F, 0x08: return [.backspace]
    case 0x03, 0x04: return [.interrupt]
    case 0..<0x20: return []
    default: return character(first, next)
    }
  }

  /// The final byte of a control sequence whose "\u{1B}[" is read: parameters and intermediates are skipped.
  private static func sequenceEnd(_ next: () -> UInt8?) -> UInt8? {
    // A terminal sends a sequence in one write; a few bytes more are a bound, not a limit anyone meets.
    for _ in 0..<32 {
      guard let byte = next() else { return nil }
      if (0x40...0x7E).contains(byte) { return byte }
    }
    return nil
  }

  private static func arrow(_ final: UInt8?) -> [NowView.Key] {
    switch final {
    case UInt8(ascii: "A"): [.up]
    case UInt8(ascii: "B"): [.down]
    default: []
    }
  }

  /// A character of one to four UTF-8 bytes; a broken one is U+FFFD, as a terminal would show it.
  private static func character(_ lead: UInt8, _ next: () -> UInt8?) -> [NowView.Key] {
    let length =
      switch lead {
      case 0xC0..<0xE0: 2
      case 0xE0..<0xF0: 3
      case 0xF0..<0xF8: 4
      default: 1
      }
    var bytes = [lead]
    var after: [NowView.Key] = []
    while bytes.count < length, let byte = next() {
      guard byte & 0xC0 == 0x80 else {
        after = read(first: byte, then: next)
        break
      }
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self).map { .character($0) } + after
  }
}
