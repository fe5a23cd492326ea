import Foundation
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideTransport

/// Seeded hostile input: random, truncated, oversized, deeply nested, non-UTF-8 and type-confused. Nothing may
/// crash or hang; every request line gets one JSON-RPC reply with the right kind of error; the daemon still answers.
@Suite("Hostile input")
struct FuzzTests {
  static let knownCodes: Set<Int> = Set(StrideError.Code.allCases.map(\.wireCode))

  /// The reply must be one JSON object line with `jsonrpc`, and exactly one of `result` and a known error code.
  func checkReply(_ reply: Data, for line: [UInt8]) {
    #expect(reply.last == 0x0A)
    guard let value = try? JSONDecoder().decode(JSONValue.self, from: reply) else {
      Issue.record("reply is not JSON for input of \(line.count) bytes")
      return
    }
    let hasResult = value["result"] != nil
    let code: Int? =
      if case .integer(let number)? = value["error"]?["code"] { Int(number) } else { nil }
    #expect(hasResult != (code != nil), "exactly one of result and error")
    if let code { #expect(Self.knownCodes.contains(code), "unknown error code \(code)") }
  }

  @Test("the line framer never yields a line over its limit, whatever bytes arrive in whatever pieces")
  func framer() {
    var random = SeededRandom(7)
    for _ in 0..<2_000 {
      var framer = LineFramer(maxLineBytes: 64)
      var sawTooLong = false
      for _ in 0..<Int.random(in: 1...20, using: &random) {
        let piece = (0..<Int.random(in: 0...90, using: &random)).map { _ in
          Int.random(in: 0...9, using: &random) == 0 ? UInt8(0x0A) : UInt8.random(in: 0...255, using: &random)
        }
        for frame in framer.append(piece) {
          switch frame {
          case .line(let line):
            #expect(!sawTooLong, "a line after the framer gave up")
            #expect(line.count <= 64 && !line.contains(0x0A))
          case .tooLong: sawTooLong = true
          }
        }
      }
    }
  }

  @Test("random, truncated, non-UTF-8 and oversized lines each get one well-formed error")
  func randomLines() throws {
    let dispatcher = try TestDispatcher.make()
    defer { dispatcher.close() }
    var random = SeededRandom(11)
    let valid = Array(#"{"jsonrpc":"2.0","id":7,"method":"task.capture","params":{"text":"buy milk"}}"#.utf8)
    for round in 0..<4_000 {
      let line: [UInt8]
      switch round % 4 {
      case 0:
        line = (0..<Int.random(in: 0...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
      case 1: line = Array(valid.prefix(Int.random(in: 0..<valid.count, using: &random)))
      case 2:
        var mutated = valid
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        }
        line = mutated
      default:
        line = Array("[".utf8) + Array(repeating: UInt8(ascii: "{"), count: Int.random(in: 1...40, using: &random))
      }
      checkReply(dispatcher.respond(to: line), for: line)
    }
    let stored = try JSONDecoder().decode(
      JSONValue.self,
      from: dispatcher.respond(
        to: Array(#"{"jsonrpc":"2.0","id":1,"method":"task.list","params":{"status":"all"}}"#.utf8)))
    if case .array(let tasks)? = stored["result"]?["tasks"] {
      // Only mutated copies of a valid capture can have stored anything, and only tasks titled like it.
      #expect(tasks.allSatisfy { $0["rawInput"] != nil })
    }
  }

  @Test("deep nesting and huge values are refused, not followed")
  func deepAndHuge() throws {
    let dispatcher = try TestDispatcher.make()
    defer { dispatcher.close() }
    for depth in [100, 1_000, 100_000] {
      let line = Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8)
      checkReply(dispatcher.respond(to: line), for: line)
      let nested =
        Array(#"{"jsonrpc":"2.0","id":1,"method":"task.get","params":{"id":"#.utf8)
        + Array(String(repeating: "{\"a\":", count: depth).utf8) + Array("1".utf8)
        + Array(String(repeating: "}", count: depth).utf8) + Array("}}".utf8)
      checkReply(dispatcher.respond(to: nested), for: nested)
    }
    let huge =
      Array(#"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":""#.utf8)
      + Array(repeating: UInt8(ascii: "a"), count: 900_000) + Array(#""}}"#.utf8)
    let reply = try JSONDecoder().decode(JSONValue.self, from: dispatcher.respond(to: huge))
    #expect(reply.reason == "invalid-params", "an oversized title is refused with a message")
    let number = Array(#"{"jsonrpc":"2.0","id":1,"method":"task.get","params":{"id":1e999}}"#.utf8)
    checkReply(dispatcher.respond(to: number), for: number)
  }

  @Test("every method, given params of the wrong shape, answers with invalid-params or a domain error")
  func typeConfusedParams() throws {
    let dispatcher = try TestDispatcher.make()
    defer { dispatcher.close() }
    _ = dispatcher.respond(
      to: Array(#"{"jsonrpc":"2.0","id":0,"method":"task.capture","params":{"text":"seed task"}}"#.utf8))
    var random = SeededRandom(13)
    let keys = [
      "id", "text", "dryRun", "title", "energy", "estimateMinutes", "type", "due", "start", "tags", "status", "tag",
      "index", "reason", "until", "on", "note", "followUp", "at", "minutes", "limit", "all", "ref",
    ]
    func randomValue() -> JSONValue {
      switch Int.random(in: 0...9, using: &random) {
      case 0: return .null
      case 1: return .bool(Bool.random(using: &random))
      case 2: return .integer(Int64.random(in: -5...5, using: &random))
      case 3: return .integer(Int64.random(in: Int64.min...Int64.max, using: &random))
      case 4: return .double(Double.random(in: -1e9...1e9, using: &random))
      case 5:
        return .string(
          ["", "low", "2026-12-01T09:00:00Z", "no-energy", "all", "tomorrow", "\u{0}"].randomElement(using: &random)!)
      case 6: return .array([.string("x"), .integer(1)])
      case 7: return .object(["nested": .null])
      case 8: return .integer(1)
      default: return .string(String(repeating: "z", count: Int.random(in: 0...300, using: &random)))
      }
    }
    for round in 0..<3_000 {
      let method = Method.allCases[round % Method.allCases.count].rawValue
      var params: [String: JSONValue] = [:]
      for _ in 0..<Int.random(in: 0...4, using: &random) { params[keys.randomElement(using: &random)!] = randomValue() }
      let request: [String: JSONValue] = [
        "jsonrpc": .string("2.0"), "id": .integer(Int64(round)), "method": .string(method), "params": .object(params),
      ]
      let line = Array(try WireEncoder().encode(JSONValue.object(request)))
      checkReply(dispatcher.respond(to: line), for: line)
    }
    let info = try JSONDecoder().decode(
      JSONValue.self,
      from: dispatcher.respond(to: Array(#"{"jsonrpc":"2.0","id":"after","method":"server.info"}"#.utf8)))
    #expect(info["result"] != nil, "the daemon answers a normal request afterwards")
  }

  @Test("the capture and time parsers take any text without crashing, and their spans point into it")
  func parsers() {
    var random = SeededRandom(17)
    let pieces = [
      "tomorrow", "9am", "~10m", "!low", "#tag", "due:", "fri", "next", "in", "2", "hours", ":", ";", ",", "then",
      "\"", "'", "-", "12/", "2026-", "T", "@", "at", "the", "13th", "é", "日本", "👍🏽", "\n", "  ", "may", "by",
      "after", "start:", "est:", "1.5", "P1D", "eod", "+2d", "midnight", "\u{0}", "…", "https://x.y", "a@b.c",
    ]
    for _ in 0..<5_000 {
      let text = (0..<Int.random(in: 0...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        .joined(separator: Bool.random(using: &random) ? " " : "")
      let parser = CaptureParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "Europe/Berlin")!)
      let parsed = parser.parse(text)
      for span in parsed.spans {
        #expect(span.start >= 0 && span.end <= text.count && span.start < span.end, "\(text.debugDescription)")
      }
      _ = parser.times.parse(text)
      for match in parser.times.find(in: text) { #expect(match.range.upperBound <= text.count) }
    }
  }
}
