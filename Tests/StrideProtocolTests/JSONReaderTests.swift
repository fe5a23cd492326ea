import Foundation
import StrideWire
import Testing

@testable import StrideBase
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol

@Suite("JSON reader and decoder")
struct JSONReaderTests {
  @Test("reads every kind of value, escapes and surrogate pairs included, and keeps the first of a repeated key")
  func reads() throws {
    let text = #"  {"a": [1, -2.5, 3e2, true, false, null], "s": "tab\there \"q\" \/ \u00e9 \ud83d\ude00", "a": 9} "#
    let value = try JSONReader.parse(Array(text.utf8))
    #expect(
      value
        == .object([
          "a": .array([.integer(1), .double(-2.5), .double(300), .bool(true), .bool(false), .null]),
          "s": .string("tab\there \"q\" / é 😀"),
        ]))
    #expect(try JSONReader.parse(Array("12345678901234567890".utf8)) == .double(1.2345678901234567e19))
    // Integers are read to the last one an Int64 holds, either way; one further is a double.
    #expect(try JSONReader.parse(Array("9223372036854775807".utf8)) == .integer(.max))
    #expect(try JSONReader.parse(Array("-9223372036854775808".utf8)) == .integer(.min))
    #expect(try JSONReader.parse(Array("-9223372036854775809".utf8)) == .double(-9.223372036854775809e18))
    #expect(
      try JSONReader.parse(Array("[0,-0,-7,42]".utf8))
        == .array([.integer(0), .integer(0), .integer(-7), .integer(42)]))
    #expect(try JSONReader.parse(Array(#""naïve — ok""#.utf8)) == .string("naïve — ok"))
  }

  @Test(
    "refuses what is not strict JSON",
    arguments: [
      "", "{", "[1,]", #"{"a":1,}"#, "01", "1.", "-", "1e", "+1", "tru", "nul", #"{"a" 1}"#, #"{a:1}"#, "[1] x",
      #""\x""#, #""\u12""#, #""\ud83d""#, #""\ude00""#, "\"tab\there\"", "'single'", "NaN", "1e999", "/* c */ 1",
    ])
  func refuses(_ text: String) {
    #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(Array(text.utf8)) }
  }

  @Test("refuses invalid UTF-8 and nesting deeper than the limit, without running out of stack")
  func refusesHostileShapes() {
    #expect(throws: JSONReader.Failure.self) { try JSONReader.parse([0x22, 0xFF, 0xFE, 0x22]) }
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONReader.Failure.self) { try JSONReader.parse(Array(deep.utf8)) }
    let limit = JSONReader.maximumDepth
    let allowed = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    #expect((try? JSONReader.parse(Array(allowed.utf8))) != nil)
  }

  @Test("every kind of invalid UTF-8 is refused, with or without an escape before it; text beyond ASCII reads as sent")
  func utf8InStrings() throws {
    let invalid: [[UInt8]] = [
      [0xFF], [0xC0, 0xAF], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xEF, 0xBF],
      [0xF0, 0x9F, 0x98],
    ]
    for bytes in invalid {
      for prefix: [UInt8] in [[], Array(#"a\n"#.utf8)] {
        let failure = #expect(throws: JSONReader.Failure.self, "\(bytes)") {
          try JSONReader.parse([0x22] + prefix + bytes + [0x22])
        }
        #expect(failure?.reason == "a string is not valid UTF-8")
      }
    }
    for text in ["é", "naïve café", "😀 ok", "\u{FFFD}", "日本語", "a\u{301}"] {
      #expect(try JSONReader.parse(Array("\"\(text)\"".utf8)) == .string(text))
      #expect(try JSONReader.parse(Array("\"\\t\(text)\"".utf8)) == .string("\t" + text))
    }
  }

  /// Params a client might send wrong, each read by Foundation's JSONDecoder and by ours: the sentence a person
  /// gets must be the same.
  @Test(
    "a bad field is described as Foundation's decoder would have it",
    arguments: [
      #"{}"#, #"{"id":"7"}"#, #"{"id":null}"#, #"{"id":[7]}"#, #"{"id":{"n":7}}"#, #"{"id":7.0,"title":"pay"}"#,
      #"{"id":7,"tags":"home"}"#, #"{"id":7,"tags":[1]}"#, #"{"id":7,"tags":["a",{"b":1}]}"#,
      #"{"id":7,"energy":"huge"}"#,
      #"{"id":7,"estimateMinutes":"ten"}"#, #"{"id":7,"due":5}"#, #"{"id":7,"due":"friday"}"#,
      #"{"id":7,"title":false}"#,
      #"{"id":7,"start":null,"due":"2026-11-27T17:00:00Z"}"#,
    ])
  func sameSentences(_ text: String) throws {
    let value = try JSONReader.parse(Array(text.utf8))
    let ours = Result { () throws(StrideError) in try value.decode(Wire.TaskUpdate.Params.self) }
    let theirs = Result { try JSONDecoder().decode(Wire.TaskUpdate.Params.self, from: Data(text.utf8)) }
    switch (ours, theirs) {
    case (.success(let mine), .success(let foundation)): #expect(mine == foundation)
    case (.failure(let mine), .failure(let foundation as DecodingError)):
      #expect(mine.message == JSONValue.describe(foundation))
    default: Issue.record("\(text): read as \(ours) here and \(theirs) by JSONDecoder")
    }
  }
}
