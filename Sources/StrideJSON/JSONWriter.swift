/// Writes a `JSONValue` as compact UTF-8, byte for byte what Foundation's `JSONEncoder` writes with
/// `[.sortedKeys, .withoutEscapingSlashes]`: keys in the order of their UTF-8 bytes, no spaces, `/` as it is, the
/// control characters escaped (`\n`, `\u001b`), every other character as its own UTF-8, and a whole double without
/// its `.0` (`1`, `-0`, `1e+20`).
public enum JSONWriter {
  public static func write(_ value: JSONValue) -> [UInt8] {
    var bytes: [UInt8] = []
    write(value, into: &bytes)
    return bytes
  }

  public static func write(_ value: JSONValue, into bytes: inout [UInt8]) {
    switch value {
    case .null: bytes += "null".utf8
    case .bool(let bool): bytes += (bool ? "true" : "false").utf8
    case .integer(let integer): write(integer, into: &bytes)
    case .double(let double): bytes += number(double).utf8
    case .string(let string): write(string, into: &bytes)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element, into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let fields):
      bytes.append(UInt8(ascii: "{"))
      // Ordered by a number made of each key's first eight bytes, read once per key; by the whole keys only where
      // those are the same. What is sorted is plain numbers and places in the dictionary, not copies of its keys and
      // values (each of those a reference counted on every move: a task has 26 fields, and a capture writes three).
      var order: [(leading: UInt64, place: [String: JSONValue].Index)] = []
      order.reserveCapacity(fields.count)
      for place in fields.indices { order.append((leadingBytes(fields[place].key), place)) }
      order.sort {
        $0.leading != $1.leading ? $0.leading < $1.leading : precedes(fields[$0.place].key, fields[$1.place].key)
      }
      for (index, entry) in order.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        let (key, value) = fields[entry.place]
        write(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        write(value, into: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// A finite double the shortest way that reads back the same (Swift's own digits), without a trailing `.0`.
  static func number(_ double: Double) -> String {
    let text = double.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// Whether `a` comes before `b` in the order of their UTF-8 bytes (the order of their scalars, not String's `<`,
  /// which compares canonical equivalents as equal).
  static func precedes(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { a in
      b.withUTF8 { b in
        for index in 0..<min(a.count, b.count) where a[index] != b[index] { return a[index] < b[index] }
        return a.count < b.count
      }
    }
  }

  /// The first eight UTF-8 bytes of `key`, the first the most significant, zeros after a shorter key: ordered as
  /// these numbers, keys whose numbers differ are in the order of their bytes.
  static func leadingBytes(_ key: String) -> UInt64 {
    var leading: UInt64 = 0
    var shift = 56
    for byte in key.utf8 {
      leading |= UInt64(byte) << shift
      shift -= 8
      if shift < 0 { break }
    }
    return leading
  }

  /// An integer's decimal digits, written straight into the bytes.
  @usableFromInline static func write(_ integer: Int64, into bytes: inout [UInt8]) {
    if integer < 0 { bytes.append(UInt8(ascii: "-")) }
    let first = bytes.count
    var magnitude = integer.magnitude
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[first...].reverse()
  }

  /// A string in quotes, escaped as `JSONEncoder` escapes it (`JSONBytes` writes its strings with it too).
  @usableFromInline static func write(_ string: String, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      func escaped(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
      // Most strings need no escaping: their bytes go in whole. One that does (a file inside a reply, with a quote
      // every few bytes) goes a byte at a time, the room made first.
      guard utf8.contains(where: escaped) else { return bytes.append(contentsOf: utf8) }
      // Grown as appending grows it (doubled), or a page of such strings would copy its bytes again for each.
      let room = bytes.count + utf8.count + utf8.count / 4 + 1
      if bytes.capacity < room { bytes.reserveCapacity(max(room, 2 * bytes.capacity)) }
      for byte in utf8 {
        if escaped(byte) { escape(byte, into: &bytes) } else { bytes.append(byte) }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// A byte that must be escaped in a string (a quote, a backslash, a control character), escaped.
  @usableFromInline static func escape(_ byte: UInt8, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    default:
      let hex = Array("0123456789abcdef".utf8)
      bytes += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
    }
  }
}
