import Foundation

extension SearchQuery {
  /// `titleMatch` for a one-word query and a title in ASCII, read from the title's bytes where they lie (SQLite's
  /// row), with no string made of them; nil for any other query or title, which `titleMatch(_:)` answers. A short
  /// word finds tens of thousands of titles (`find b`), and each is read again to say how closely it matches.
  public func titleMatch(ascii title: UnsafeBufferPointer<UInt8>) -> TitleMatch? {
    guard let wanted = asciiWord else { return nil }
    var words = 0
    var firstStarts = false
    var firstIsWord = false
    var anyStarts = false
    // The word being read: its length so far, and whether its bytes so far are the wanted word's.
    var length = 0
    var fits = true
    func endWord() {
      let starts = fits && length >= wanted.count
      if words == 0 { (firstStarts, firstIsWord) = (starts, starts && length == wanted.count) }
      anyStarts = anyStarts || starts
      words += 1
      (length, fits) = (0, true)
    }
    for byte in title {
      guard byte < 0x80 else { return nil }
      guard let folded = Self.foldedASCII(byte) else {
        if length > 0 { endWord() }
        continue
      }
      if length < wanted.count, fits { fits = wanted[length] == folded }
      length += 1
    }
    if length > 0 { endWord() }
    if words == 1, firstIsWord {
      return Self.caseFolded(String(decoding: title, as: UTF8.self)) == typed ? .exact : .sameWords
    }
    return firstStarts ? .start : anyStarts ? .phrase : .elsewhere
  }
}
