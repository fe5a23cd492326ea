/// Writes values in D-Bus's wire format, little-endian: each value aligned to its type's boundary, counted from the
/// start of what is written (a message's header, or its body, which starts at a multiple of 8).
struct DBusWriter {
  private(set) var bytes: [UInt8] = []

  /// Pads with zeros to a multiple of `alignment`.
  mutating func pad(to alignment: Int) {
    while bytes.count % alignment != 0 { bytes.append(0) }
  }

  mutating func write(_ values: [DBusValue]) {
    for value in values { write(value) }
  }

  mutating func write(_ value: DBusValue) {
    switch value {
    case .byte(let number): bytes.append(number)
    case .boolean(let flag): integer(UInt32(flag ? 1 : 0))
    case .int16(let number): integer(UInt16(bitPattern: number))
    case .uint16(let number): integer(number)
    case .int32(let number): integer(UInt32(bitPattern: number))
    case .uint32(let number), .unixFD(let number): integer(number)
    case .int64(let number): integer(UInt64(bitPattern: number))
    case .uint64(let number): integer(number)
    case .double(let number): integer(number.bitPattern)
    case .string(let text), .objectPath(let text):
      let utf8 = Array(text.utf8)
      integer(UInt32(utf8.count))
      bytes += utf8
      bytes.append(0)
    case .signature(let text):
      signature(text)
    case .array(let element, let values):
      array(element: element, values)
    case .structure(let fields):
      pad(to: 8)
      write(fields)
    case .dictEntry(let key, let entry):
      pad(to: 8)
      write(key)
      write(entry)
    case .variant(let inner):
      signature(inner.signature)
      write(inner)
    }
  }

  private mutating func signature(_ text: String) {
    let utf8 = Array(text.utf8)
    bytes.append(UInt8(truncatingIfNeeded: utf8.count))
    bytes += utf8
    bytes.append(0)
  }

  /// The length (in bytes, without the padding before the first element), then the elements.
  private mutating func array(element: String, _ values: [DBusValue]) {
    pad(to: 4)
    let lengthAt = bytes.count
    integer(UInt32(0))
    pad(to: DBusSignature.alignment(of: element.utf8.first ?? 0))
    let start = bytes.count
    write(values)
    let length = UInt32(bytes.count - start)
    for shift in 0..<4 { bytes[lengthAt + shift] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(shift))) }
  }

  /// An unsigned integer, aligned to its size, least significant byte first.
  mutating func integer<Number: FixedWidthInteger & UnsignedInteger>(_ number: Number) {
    pad(to: MemoryLayout<Number>.size)
    for shift in 0..<MemoryLayout<Number>.size { bytes.append(UInt8(truncatingIfNeeded: number >> (8 * shift))) }
  }
}

/// Reads values in D-Bus's wire format from bytes that may come from anyone: every length is checked against what
/// is there, strings must be UTF-8 ending in a NUL, and nesting is bounded, so bad bytes are an error, never a crash.
struct DBusReader {
  let bytes: [UInt8]
  /// Where the next value starts, counted from the start of the message (alignment is counted from there).
  private(set) var offset: Int
  let bigEndian: Bool
  /// The most bytes one array may hold (the specification's limit).
  static let arrayLimit = 1 << 26

  init(_ bytes: [UInt8], at offset: Int = 0, bigEndian: Bool = false) {
    self.bytes = bytes
    self.offset = offset
    self.bigEndian = bigEndian
  }

  /// Reads one value of each complete type in `signature`.
  mutating func read(signature: String) throws(DBusError) -> [DBusValue] {
    var values: [DBusValue] = []
    for type in try DBusSignature.split(signature) { values.append(try read(type: Array(type.utf8)[...], depth: 0)) }
    return values
  }

  /// Skips the padding to a multiple of `alignment`, which must be zeros.
  mutating func skipPadding(to alignment: Int) throws(DBusError) {
    let target = (offset + alignment - 1) / alignment * alignment
    guard target <= bytes.count else { throw Self.shortError }
    guard bytes[offset..<target].allSatisfy({ $0 == 0 }) else { throw DBusError(.malformed, "padding is not zero") }
    offset = target
  }

  private mutating func read(type: ArraySlice<UInt8>, depth: Int) throws(DBusError) -> DBusValue {
    guard depth <= 64, let code = type.first else { throw DBusError(.malformed, "a value nests too deeply") }
    switch code {
    case UInt8(ascii: "y"): return .byte(try byte())
    case UInt8(ascii: "b"):
      let flag: UInt32 = try integer()
      guard flag <= 1 else { throw DBusError(.malformed, "a boolean is neither 0 nor 1") }
      return .boolean(flag == 1)
    case UInt8(ascii: "n"): return .int16(Int16(bitPattern: try integer()))
    case UInt8(ascii: "q"): return .uint16(try integer())
    case UInt8(ascii: "i"): return .int32(Int32(bitPattern: try integer()))
    case UInt8(ascii: "u"): return .uint32(try integer())
    case UInt8(ascii: "h"): return .unixFD(try integer())
    case UInt8(ascii: "x"): return .int64(Int64(bitPattern: try integer()))
    case UInt8(ascii: "t"): return .uint64(try integer())
    case UInt8(ascii: "d"): return .double(Double(bitPattern: try integer()))
    case UInt8(ascii: "s"): return .string(try text(length: Int(try integer() as UInt32)))
    case UInt8(ascii: "o"): return .objectPath(try text(length: Int(try integer() as UInt32)))
    case UInt8(ascii: "g"): return .signature(try signatureText())
    case UInt8(ascii: "v"):
      let inner = try signatureText()
      let types = try DBusSignature.split(inner)
      guard types.count == 1 else { throw DBusError(.malformed, "a variant does not hold exactly one type") }
      return .variant(try read(type: Array(inner.utf8)[...], depth: depth + 1))
    case UInt8(ascii: "a"): return try array(of: type.dropFirst(), depth: depth)
    case UInt8(ascii: "("), UInt8(ascii: "{"):
      try skipPadding(to: 8)
      var fields: [DBusValue] = []
      for field in try DBusSignature.split(String(decoding: type.dropFirst().dropLast(), as: UTF8.self)) {
        fields.append(try read(type: Array(field.utf8)[...], depth: depth + 1))
      }
      if code == UInt8(ascii: "{") {
        guard fields.count == 2 else { throw DBusError(.malformed, "a dictionary entry does not hold two values") }
        return .dictEntry(fields[0], fields[1])
      }
      return .structure(fields)
    default:
      throw DBusError(.malformed, "an unknown type code")
    }
  }

  private mutating func array(of element: ArraySlice<UInt8>, depth: Int) throws(DBusError) -> DBusValue {
    let length = Int(try integer() as UInt32)
    guard length <= Self.arrayLimit else { throw DBusError(.malformed, "an array is longer than 64 MiB") }
    try skipPadding(to: DBusSignature.alignment(of: element.first ?? 0))
    let end = offset + length
    guard end <= bytes.count else { throw Self.shortError }
    var values: [DBusValue] = []
    while offset < end { values.append(try read(type: element, depth: depth + 1)) }
    guard offset == end else { throw DBusError(.malformed, "an array's elements overrun its length") }
    return .array(element: String(decoding: element, as: UTF8.self), values)
  }

  /// An unsigned integer, aligned to its size, in the message's byte order.
  mutating func integer<Number: FixedWidthInteger & UnsignedInteger>() throws(DBusError) -> Number {
    try skipPadding(to: MemoryLayout<Number>.size)
    let raw = try take(MemoryLayout<Number>.size)
    var number: Number = 0
    for (index, byte) in raw.enumerated() {
      let shift = bigEndian ? (raw.count - 1 - index) * 8 : index * 8
      number |= Number(byte) << shift
    }
    return number
  }

  private mutating func text(length: Int) throws(DBusError) -> String {
    let raw = try take(length + 1)
    guard raw.last == 0, !raw.dropLast().contains(0), let text = String(validating: raw.dropLast(), as: UTF8.self)
    else { throw DBusError(.malformed, "a string is not UTF-8 ending in a NUL") }
    return text
  }

  private mutating func signatureText() throws(DBusError) -> String {
    try text(length: Int(try byte()))
  }

  private mutating func byte() throws(DBusError) -> UInt8 {
    guard offset < bytes.count else { throw Self.shortError }
    defer { offset += 1 }
    return bytes[offset]
  }

  private mutating func take(_ count: Int) throws(DBusError) -> ArraySlice<UInt8> {
    guard count >= 0, offset + count <= bytes.count else { throw Self.shortError }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  private static let shortError = DBusError(.malformed, "a message ends before its values do")
}
