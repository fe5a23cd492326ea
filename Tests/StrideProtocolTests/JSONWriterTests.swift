import Foundation
import StrideBase
import StrideJSON
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideModel
@testable import StrideProtocol

/// `stride` writes its requests without Foundation, and the daemon's replies are compared byte for byte in
/// Docs/protocol.md, so the writer must agree with `JSONEncoder` (sorted keys, slashes as they are) on every value.
@Suite("JSON writer and encoder")
struct JSONWriterTests {
  static func foundation(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func ours(_ value: some Encodable) throws -> String {
    String(decoding: try JSONValueEncoder.bytes(value), as: UTF8.self)
  }

  @Test(
    "numbers, strings and key orders come out as JSONEncoder writes them",
    arguments: [
      0.1, 1, -0.0, 2.5, 100, 1e-5, 1e-7, 0.000123, 12345.678, 3e15, 9.007199254740993e15, 1e16, 1e20, 1e21,
      1.2345678901234568e20, .leastNonzeroMagnitude, 1.7976931348623157e308, -273.15,
    ])
  func numbers(_ double: Double) throws {
    #expect(try Self.ours(JSONValue.double(double)) == Self.foundation(JSONValue.double(double)))
    #expect(try Self.ours([double]) == Self.foundation([double]))
  }

  @Test("strings: quotes, backslashes, every control character, slashes, and text beyond ASCII")
  func strings() throws {
    let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
    for text in [controls, "a/b \"q\" \\ \u{7F} é 😀 \u{2028} e\u{301}", "", "</script>"] {
      #expect(try Self.ours(text) == Self.foundation(text))
      #expect(try Self.ours([text: text]) == Self.foundation([text: text]))
    }
    // Keys alike in their first eight bytes, or alike but for a NUL or their length, are ordered by the rest.
    let keys = [
      "a10", "a9", "A1", "a1", "a-b", "a_b", "ab", "Ab", "é", "z", "", "😀", "ﬀ", "Z", "~", "estimate",
      "estimateMinutes", "estimated", "estimatf", "a\u{0}", "a", "abcdefgh\u{0}", "abcdefgh", "abcdefghé", "éééé",
      "éééé\u{0}",
    ]
    let object = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    #expect(try Self.ours(object) == Self.foundation(object))
  }

  @Test("a thousand random values, nested and mixed, give the same bytes as JSONEncoder")
  func randomValues() throws {
    var random = SeededRandom(28)
    for _ in 0..<1000 {
      let value = JSONValue.random(&random, depth: 4)
      #expect(try Self.ours(value) == Self.foundation(value))
    }
  }

  @Test("Codable's shapes: optional fields left out or null, nested containers, super, enums, integer widths")
  func codableShapes() throws {
    let shapes = Shapes(
      left: nil, kept: nil, counts: [1, -2], nested: ["b": [1.5], "a": []], energy: .low, small: -8, big: .max,
      ratio: 0.1)
    #expect(try Self.ours(shapes) == Self.foundation(shapes))
    #expect(try Self.ours(Shapes()) == Self.foundation(Shapes()))
    #expect(try Self.ours(Outer()) == Self.foundation(Outer()))
  }

  /// The daemon's own replies are checked byte for byte against Docs/protocol.md (GoldenProtocolTests), which
  /// JSONEncoder wrote; these are values that document shows little of.
  @Test("wire values: a capture's params, a task with steps, dates and a deferral, an error reply")
  func wireTypes() throws {
    let params = Wire.TaskCapture.Params(
      text: "call dentist 9am ~10m !low", dateOrder: .dayFirst, timeZone: "Europe/Paris")
    #expect(try Self.ours(params) == Self.foundation(params))
    var task = Fixtures.task(
      3, "pay rent / bills", due: Fixtures.now.addingTimeInterval(86_400.5), estimate: 10,
      steps: [Subtask(title: "find the \"letter\"")])
    task.deferral = Deferral(reason: .noEnergy, at: Fixtures.now, until: Fixtures.now.addingTimeInterval(3600))
    #expect(try Self.ours(Wire.Task(task)) == Self.foundation(Wire.Task(task)))
    let failure = WireError(StrideError(.taskNotFound, "no task 9"))
    #expect(try Self.ours(failure) == Self.foundation(failure))
  }

  @Test("NaN and the infinities are refused as JSONEncoder refuses them; integers beyond Int64 too (JSONValue's limit)")
  func refuses() throws {
    #expect(throws: EncodingError.self) { try JSONValueEncoder.encode(Double.nan) }
    #expect(throws: EncodingError.self) { try JSONValueEncoder.encode([Double.infinity]) }
    #expect(throws: EncodingError.self) { try JSONValueEncoder.encode(UInt64.max) }
    #expect(try JSONValueEncoder.encode(Float(0.1)) == .double(0.1))
  }
}

private struct Shapes: Encodable {
  var left: Int? = nil
  var kept: String? = "here"
  var counts: [Int] = []
  var nested: [String: [Double]] = [:]
  var energy: EnergyLevel = .high
  var small: Int8 = 0
  var big: UInt32 = 0
  var ratio: Float = 1

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(left, forKey: .left)
    try container.encode(kept, forKey: .kept)
    try container.encode(counts, forKey: .counts)
    try container.encode(nested, forKey: .nested)
    try container.encode(energy, forKey: .energy)
    try container.encode(small, forKey: .small)
    try container.encode(big, forKey: .big)
    try container.encode(ratio, forKey: .ratio)
    var list = container.nestedUnkeyedContainer(forKey: .list)
    try list.encode(true)
    try list.encodeNil()
    var inner = list.nestedContainer(keyedBy: CodingKeys.self)
    try inner.encode("x/y", forKey: .kept)
  }

  enum CodingKeys: String, CodingKey { case left, kept, counts, nested, energy, small, big, ratio, list }
}

private struct Outer: Encodable {
  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(1, forKey: .a)
    try Shapes().encode(to: container.superEncoder())
    try "b".encode(to: container.superEncoder(forKey: .b))
    var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .c)
    try nested.encodeNil(forKey: .a)
  }

  enum CodingKeys: String, CodingKey { case a, b, c }
}

extension JSONValue {
  fileprivate static func random(_ random: inout SeededRandom, depth: Int) -> JSONValue {
    switch random.next() % (depth > 0 ? 7 : 5) {
    case 0: return .null
    case 1: return .bool(random.next() % 2 == 0)
    case 2: return .integer(Int64(bitPattern: random.next()) >> (random.next() % 64))
    case 3:
      let double = Double(bitPattern: random.next())
      return .double(double.isFinite ? double : Double(random.next() % 1000) / 8)
    case 4: return .string(randomText(&random))
    case 5: return .array((0..<random.next() % 5).map { _ in .random(&random, depth: depth - 1) })
    default:
      var fields: [String: JSONValue] = [:]
      for _ in 0..<random.next() % 5 { fields[randomText(&random)] = .random(&random, depth: depth - 1) }
      return .object(fields)
    }
  }

  private static func randomText(_ random: inout SeededRandom) -> String {
    let pieces = ["a", "Z", "/", "\"", "\\", "\n", "\u{1}", "\u{1F}", " ", "é", "😀", "9", "_", "\u{7F}", "ß"]
    return (0..<random.next() % 6).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
  }
}
