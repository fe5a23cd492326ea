/// A strict JSON reader (RFC 8259): UTF-8 bytes to a `JSONValue`, in one pass.
///
/// Every line on the socket is read with it, on both sides. Foundation's `JSONDecoder` asks the Swift runtime which
/// protocols each decoded type conforms to, and in a program that starts for one command those first questions cost
/// more than the whole rest of the reply; this reader and `JSONValueDecoder` ask none.
///
/// Strict: one value and nothing after it but white space; no comments, trailing commas, leading zeros, unescaped
/// control characters, lone surrogates or invalid UTF-8; at most `maximumDepth` nested arrays and objects. When a key
/// repeats, the first is kept (as Foundation's reader does).
public enum JSONReader {
  public static let maximumDepth = 512

  /// Why a text is not JSON, and where.
  public struct Failure: Error, CustomStringConvertible, Equatable {
    public var offset: Int
    public var reason: String
    public var description: String { "\(reason) at byte \(offset)" }
  }

  public static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
    let parsed = bytes.withContiguousStorageIfAvailable { buffer in Result { () throws(Failure) in try parse(buffer) } }
    return try
      (parsed
      ?? Array(bytes).withUnsafeBufferPointer { buffer in
        Result { () throws(Failure) in try parse(buffer) }
      }).get()
  }

  private static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(Failure) -> JSONValue {
    var reader = Reader(bytes: buffer)
    reader.skipSpace()
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == buffer.count else { throw reader.failure("unexpected text after the value") }
    return value
  }

  /// The reader's cursor over the bytes, shared with `JSONPull`.
  struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x0A, 0x0D, 0x09: index += 1
        default: return
        }
      }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
      guard current == byte else { throw failure("expected \(what)") }
      index += 1
    }

    mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
      let count = word.utf8CodeUnitCount
      guard index + count <= bytes.count,
        (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
      else { throw failure("unknown word") }
      index += count
      return value
    }

    mutating func value(depth: Int) throws(Failure) -> JSONValue {
      guard let byte = current else { throw failure("expected a value") }
      switch byte {
      case UInt8(ascii: "{"): return try object(depth: depth + 1)
      case UInt8(ascii: "["): return try array(depth: depth + 1)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
      default: throw failure("expected a value")
      }
    }

    mutating func object(depth: Int) throws(Failure) -> JSONValue {
      guard try open(closing: UInt8(ascii: "}"), depth: depth) else { return .object([:]) }
      // The pairs are gathered first, so the dictionary is made once at its size instead of growing as it fills.
      var pairs: [(key: String, value: JSONValue)] = []
      repeat {
        skipSpace()
        guard current == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
        let key = try string()
        skipSpace()
        try expect(UInt8(ascii: ":"), "':' after a key")
        skipSpace()
        pairs.append((key, try value(depth: depth)))
      } while try more(closing: UInt8(ascii: "}"), "',' or '}' in an object")
      var fields = [String: JSONValue](minimumCapacity: pairs.count)
      for (key, value) in pairs {
        // The first of a repeated key counts.
        if let first = fields.updateValue(value, forKey: key) { fields[key] = first }
      }
      return .object(fields)
    }

    mutating func array(depth: Int) throws(Failure) -> JSONValue {
      var elements: [JSONValue] = []
      guard try open(closing: UInt8(ascii: "]"), depth: depth) else { return .array(elements) }
      repeat {
        skipSpace()
        elements.append(try value(depth: depth))
      } while try more(closing: UInt8(ascii: "]"), "',' or ']' in an array")
      return .array(elements)
    }

    /// Steps into an array or object; false when it closes at once (it is empty).
    mutating func open(closing: UInt8, depth: Int) throws(Failure) -> Bool {
      guard depth <= maximumDepth else { throw failure("more than \(maximumDepth) nested arrays and objects") }
      index += 1
      skipSpace()
      guard current == closing else { return true }
      index += 1
      return false
    }

    /// After an element: true at a comma (another follows), false past the closing bracket.
    mutating func more(closing: UInt8, _ what: String) throws(Failure) -> Bool {
      skipSpace()
      if current == UInt8(ascii: ",") {
        index += 1
        return true
      }
      try expect(closing, what)
      return false
    }

    mutating func string() throws(Failure) -> String {
      index += 1
      let start = index
      // Most strings have no escapes: they are taken from the bytes as they are.
      while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
        bytes[index] >= 0x20
      {
        index += 1
      }
      if current == UInt8(ascii: "\"") {
        guard let string = Self.string(UnsafeBufferPointer(rebasing: bytes[start..<index])) else {
          throw Failure(offset: start, reason: "a string is not valid UTF-8")
        }
        index += 1
        return string
      }
      var text = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
      while true {
        guard let byte = current else { throw failure("a string is not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          guard let string = text.withUnsafeBufferPointer(Self.string) else {
            throw Failure(offset: start, reason: "a string is not valid UTF-8")
          }
          return string
        case UInt8(ascii: "\\"): try escape(into: &text)
        case ..<0x20:
          index -= 1
          throw failure("a control character must be escaped in a string")
        default: text.append(byte)
        }
      }
    }

    /// The bytes as a string, if they are valid UTF-8. `String(validating:as:)` says the same, but it is generic and
    /// not specialised in the standard library: it asked the runtime for type metadata on every string, which was a
    /// tenth of a client's command. Decoding repairs what is not valid, so a string that is valid reads back its bytes.
    /// ASCII, most of what the wire carries (keys, times, words), is valid as it is and is not read back.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
      let string = String(decoding: bytes, as: UTF8.self)
      guard !bytes.allSatisfy({ $0 < 0x80 }) else { return string }
      return string.utf8.elementsEqual(bytes) ? string : nil
    }

    mutating func escape(into text: inout [UInt8]) throws(Failure) {
      guard let byte = current else { throw failure("a string is not closed") }
      index += 1
      let simple: UInt8? =
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
      if let simple {
        text.append(simple)
        return
      }
      guard byte == UInt8(ascii: "u") else { throw failure("unknown escape in a string") }
      var scalar = try hexQuad()
      if (0xD800..<0xDC00).contains(scalar) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
          throw failure("a lone surrogate in a string")
        }
        index += 2
        let low = try hexQuad()
        guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate in a string") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw failure("a lone surrogate in a string") }
      text.append(contentsOf: UTF8.encode(unicode)!)
    }

    mutating func hexQuad() throws(Failure) -> UInt32 {
      guard index + 4 <= bytes.count else { throw failure("a \\u escape needs four hex digits") }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw failure("a \\u escape needs four hex digits")
        }
        value = value << 4 | UInt32(digit)
        index += 1
      }
      return value
    }

    mutating func number() throws(Failure) -> JSONValue {
      let start = index
      if current == UInt8(ascii: "-") { index += 1 }
      guard let first = current, first.isASCIIDigit else { throw failure("a number needs a digit") }
      if first == UInt8(ascii: "0") {
        index += 1
        if current?.isASCIIDigit == true { throw failure("a number must not start with 0") }
      } else {
        digits()
      }
      var integral = true
      if current == UInt8(ascii: ".") {
        integral = false
        index += 1
        guard current?.isASCIIDigit == true else { throw failure("a number needs a digit after '.'") }
        digits()
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        integral = false
        index += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
        guard current?.isASCIIDigit == true else { throw failure("a number needs a digit in its exponent") }
        digits()
      }
      if integral, let integer = integer(from: start) { return .integer(integer) }
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      guard let double = Double(text), double.isFinite else {
        throw Failure(offset: start, reason: "a number too large")
      }
      return .double(double)
    }

    /// The integer written from `start` to here (digits after an optional minus sign), or nil when an Int64 cannot
    /// hold it.
    func integer(from start: Int) -> Int64? {
      let negative = bytes[start] == UInt8(ascii: "-")
      var value: Int64 = 0
      for position in (negative ? start + 1 : start)..<index {
        let digit = Int64(bytes[position] &- UInt8(ascii: "0"))
        let (shifted, over) = value.multipliedReportingOverflow(by: 10)
        let (next, beyond) =
          negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
        guard !over, !beyond else { return nil }
        value = next
      }
      return value
    }

    mutating func digits() {
      while current?.isASCIIDigit == true { index += 1 }
    }
  }
}

extension UInt8 {
  fileprivate var isASCIIDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
