import Testing

@testable import StrideTransport

@Suite("Line framing")
struct LineFramerTests {
  @Test("lines split on newline; a trailing CR and blank lines are dropped; partial lines wait")
  func splitting() {
    var framer = LineFramer(maxLineBytes: 100)
    #expect(framer.append(Array("a\r\n\n\r\nbc".utf8)) == [.line(Array("a".utf8))])
    #expect(framer.pendingByteCount == 2)
    #expect(framer.append(Array("d\n".utf8)) == [.line(Array("bcd".utf8))])
  }

  @Test("a line byte by byte is the same line")
  func byteByByte() {
    var framer = LineFramer(maxLineBytes: 100)
    var frames: [LineFramer.Frame] = []
    for byte in Array("{\"id\":1}\n".utf8) { frames += framer.append([byte]) }
    #expect(frames == [.line(Array("{\"id\":1}".utf8))])
  }

  @Test("a line over the limit is reported once, even before its newline, and nothing follows")
  func tooLong() {
    var framer = LineFramer(maxLineBytes: 8)
    #expect(framer.append(Array("12345678\n".utf8)) == [.line(Array("12345678".utf8))])
    #expect(framer.append(Array(repeating: UInt8(ascii: "x"), count: 20)) == [.tooLong])
    #expect(framer.append(Array("ok\n".utf8)) == [])
    var other = LineFramer(maxLineBytes: 8)
    #expect(other.append(Array("123456789\nok\n".utf8)) == [.tooLong])
  }
}
