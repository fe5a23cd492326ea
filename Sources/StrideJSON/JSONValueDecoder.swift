/// Decodes a `Decodable` straight from a `JSONValue`, with the errors `JSONDecoder` gives (the same cases, types and
/// coding paths), so `Params.describe` words them the same. Unlike `JSONDecoder` it asks the runtime nothing about
/// the types it decodes (see `JSONReader`); dates, data and URLs decode by their own `Decodable` conformances.
public enum JSONValueDecoder {
  public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try Node(value, path: []).decode(T.self)
  }

  /// Reads a line and decodes it: both steps of reading a message.
  public static func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
    let value: JSONValue
    do {
      value = try JSONReader.parse(bytes)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "The given data was not valid JSON (\(error)).", underlyingError: error)
      )
    }
    return try decode(T.self, from: value)
  }
}

/// One value being decoded, and where it sits.
private struct Node: Decoder, SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ value: JSONValue, path: [any CodingKey]) {
    self.value = value
    codingPath = path
  }

  func mismatch(_ type: Any.Type) -> DecodingError {
    let found =
      switch value {
      case .null: "null value"
      case .bool: "bool"
      case .integer, .double: "number"
      case .string: "a string"
      case .array: "an array"
      case .object: "a dictionary"
      }
    if case .null = value {
      return .valueNotFound(
        type,
        .init(codingPath: codingPath, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }
    return .typeMismatch(
      type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(found) instead."))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let fields) = value else { throw mismatch([String: Any].self) }
    return KeyedDecodingContainer(Keyed<Key>(fields: fields, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([Any].self) }
    return Unkeyed(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { value == .null }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .bool(let bool) = value else { throw mismatch(type) }
    return bool
  }

  func decode(_ type: String.Type) throws -> String {
    guard case .string(let string) = value else { throw mismatch(type) }
    return string
  }

  func decode(_ type: Double.Type) throws -> Double {
    switch value {
    case .integer(let integer): return Double(integer)
    case .double(let double): return double
    default: throw mismatch(type)
    }
  }

  func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

  /// An integer of any width: a number written with a fraction or exponent counts when it is whole and fits.
  func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
    let fitted: I? =
      switch value {
      case .integer(let integer): I(exactly: integer)
      case .double(let double): I(exactly: double)
      default: throw mismatch(type)
      }
    guard let fitted else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath, debugDescription: "Parsed JSON number does not fit in \(type)."))
    }
    return fitted
  }

  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    // A JSONValue inside a message is the value itself: no need to take it apart and build it again.
    if T.self == JSONValue.self { return value as! T }
    return try T(from: self)
  }
}

private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let fields: [String: JSONValue]
  let codingPath: [any CodingKey]

  var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

  func node(_ key: Key) throws -> Node {
    guard let value = fields[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return Node(value, path: codingPath + [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool { try node(key).decodeNil() }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try node(key).decode(T.self) }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let value = fields[key.stringValue], value != .null else { return nil }
    return try Node(value, path: codingPath + [key]).decode(T.self)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try node(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try node(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    Node(fields["super"] ?? .null, path: codingPath + [JSONIndexKey(stringValue: "super")])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    Node(fields[key.stringValue] ?? .null, path: codingPath + [key])
  }
}

private struct Unkeyed: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  var currentIndex = 0

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  mutating func next(_ type: Any.Type) throws -> Node {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        .init(
          codingPath: codingPath + [JSONIndexKey(index: currentIndex)], debugDescription: "Unkeyed container is at end."
        ))
    }
    defer { currentIndex += 1 }
    return Node(elements[currentIndex], path: codingPath + [JSONIndexKey(index: currentIndex)])
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, elements[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(T.self) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next([String: Any].self).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next([Any].self).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}

/// An array index in a coding path, named as `JSONDecoder` names it ("Index 3").
private struct JSONIndexKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) { self.init(index: intValue) }
  init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }
}
