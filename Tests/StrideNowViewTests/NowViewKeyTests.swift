import Testing

@testable import StrideNowView

/// Keys as a terminal sends them, read a key at a time so that nothing after the key that closes the view is taken
/// from the shell.
@Suite("Now view: keys from the terminal")
struct NowViewKeyTests {
  /// The keys read from `bytes` one key at a time, as the view reads them, and the bytes left unread after each.
  func keys(_ bytes: [UInt8]) -> [(keys: [NowView.Key], left: Int)] {
    var rest = bytes[...]
    var read: [(keys: [NowView.Key], left: Int)] = []
    while let first = rest.popFirst() {
      read.append((NowView.Key.read(first: first) { rest.popFirst() }, rest.count))
    }
    return read
  }

  func keys(_ text: String) -> [NowView.Key] { keys(Array(text.utf8)).flatMap(\.keys) }

  @Test("a key is read to its end and no further: after q, what was typed for the shell is still there")
  func oneAtATime() {
    let read = keys(Array("jq echo after\r".utf8))
    #expect(read.count == 14)
    #expect(read[0].keys == [.character("j")])
    #expect(read[1].keys == [.character("q")])
    #expect(read[1].left == 12)
  }

  @Test("arrows with and without parameters, in both cursor modes; other sequences mean nothing")
  func arrows() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}OB") == [.up, .down, .up, .down])
    #expect(keys("\u{1B}[1;5A") == [.up])
    // Home, a function key and a bracketed paste's start are read whole, not typed as "[1~" or "200~".
    #expect(keys("\u{1B}[1~\u{1B}[15~\u{1B}[200~x") == [.character("x")])
  }

  @Test("escape alone, escape then a key, enter as either byte or both, backspace, Ctrl-C and Ctrl-D")
  func controls() {
    #expect(keys("\u{1B}") == [.escape])
    #expect(keys("\u{1B}q") == [.escape, .character("q")])
    #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
    #expect(
      keys("a\rb\nc\r\nd") == [
        .character("a"), .enter, .character("b"), .enter, .character("c"), .enter, .character("d"),
      ])
    #expect(keys("\r\r") == [.enter, .enter])
    #expect(keys("x\u{7F}\u{08}") == [.character("x"), .backspace, .backspace])
    #expect(keys("\u{03}\u{04}") == [.interrupt, .interrupt])
    #expect(keys("\u{01}\t") == [])
  }

  @Test("a character of several bytes is one key; a broken one is shown as U+FFFD and the next key still reads")
  func characters() {
    #expect(keys("é☕🌱") == [.character("é"), .character("☕"), .character("🌱")])
    #expect(keys([0xE2, 0x98, UInt8(ascii: "q")]).flatMap(\.keys) == [.character("\u{FFFD}"), .character("q")])
    #expect(keys([0xFF]).flatMap(\.keys) == [.character("\u{FFFD}")])
  }
}
