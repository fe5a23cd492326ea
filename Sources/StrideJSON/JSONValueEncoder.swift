/// Encodes an `Encodable` into a `JSONValue`, the way Foundation's `JSONEncoder` lays it out: a nil optional field
/// left out, `encodeNil` as `null`, a value that writes nothing as `{}`, `superEncoder` under `"super"`. Dates, data
/// and URLs encode by their own `Encodable` conformances (the wire carries none of them raw). `JSONWriter` then
/// writes the bytes; together they need neither Foundation nor the runtime's questions about the types.
public enum JSONValueEncoder {
  public static func encode(_ value: some Encodable) throws -> JSONValue {
    let root = Slot()
    try root.store(value, path: [])
    return root.value
  }

  /// The value's compact UTF-8 (`JSONWriter`).
  public static func bytes(_ value: some Encodable) throws -> [UInt8] {
    JSONWriter.write(try encode(value))
  }
}

/// A place a value is written into. Containers hand out slots of their own, filled in later, so a slot is a class.
private final class Slot {
  enum Content {
    case empty
    case value(JSONValue)
    case object([String: Slot])
    case array([Slot])
  }

  var content = Content.empty

  var value: JSONValue {
    switch content {
    case .empty: .object([:])
    case .value(let value): value
    case .object(let fields): .object(fields.mapValues(\.value))
    case .array(let elements): .array(elements.map(\.value))
    }
  }

  func store(_ value: some Encodable, path: [any CodingKey]) throws {
    if let json = value as? JSONValue {
      content = .value(json)
    } else {
      try value.encode(to: Writer(self, path))
    }
  }

  /// The slot under `key`, made an object first if need be.
  func field(_ key: String) -> Slot {
    var fields: [String: Slot] = [:]
    if case .object(let existing) = content { fields = existing }
    let slot = fields[key] ?? Slot()
    fields[key] = slot
    content = .object(fields)
    return slot
  }

  func makeObject() {
    if case .object = content { return }
    content = .object([:])
  }

  func makeArray() {
    if case .array = content { return }
    content = .array([])
  }

  func append() -> Slot {
    var elements: [Slot] = []
    if case .array(let existing) = content { elements = existing }
    let slot = Slot()
    elements.append(slot)
    content = .array(elements)
    return slot
  }

  var count: Int {
    if case .array(let elements) = content { return elements.count }
    return 0
  }
}

private struct SuperKey: CodingKey {
  var stringValue: String { "super" }
  var intValue: Int? { nil }
  init() {}
  init?(stringValue: String) {}
  init?(intValue: Int) { nil }
}

private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

/// The encoder and its single-value container, writing into one slot.
private struct Writer: Encoder, SingleValueEncodingContainer {
  let slot: Slot
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ slot: Slot, _ path: [any CodingKey]) {
    self.slot = slot
    codingPath = path
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    slot.makeObject()
    return KeyedEncodingContainer(Keyed<Key>(slot: slot, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    slot.makeArray()
    return Unkeyed(slot: slot, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  func encodeNil() { slot.content = .value(.null) }

  func encode<T: Encodable>(_ value: T) throws { try slot.store(value, path: codingPath) }

  func encode(_ value: Bool) { slot.content = .value(.bool(value)) }
  func encode(_ value: String) { slot.content = .value(.string(value)) }
  func encode(_ value: Int) { slot.content = .value(.integer(Int64(value))) }
  func encode(_ value: Int8) { slot.content = .value(.integer(Int64(value))) }
  func encode(_ value: Int16) { slot.content = .value(.integer(Int64(value))) }
  func encode(_ value: Int32) { slot.content = .value(.integer(Int64(value))) }
  func encode(_ value: Int64) { slot.content = .value(.integer(value)) }
  func encode(_ value: UInt8) { slot.content = .value(.integer(Int64(value))) }
  func encode(_ value: UInt16) { slot.content = .value(.integer(Int64(value))) }
  func encode(_ value: UInt32) { slot.content = .value(.integer(Int64(value))) }
  func encode(_ value: UInt) throws { try encode(UInt64(value)) }

  func encode(_ value: UInt64) throws {
    guard let exact = Int64(exactly: value) else {
      throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(value) is too large"))
    }
    slot.content = .value(.integer(exact))
  }

  /// As `JSONEncoder`, which refuses NaN and the infinities.
  func encode(_ value: Double) throws {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath, debugDescription: "Unable to encode Double.\(value) directly in JSON."))
    }
    slot.content = .value(.double(value))
  }

  /// Through its own shortest digits, so 0.1 stays 0.1 rather than 0.10000000149011612.
  func encode(_ value: Float) throws { try encode(value.isFinite ? Double("\(value)")! : Double(value)) }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let slot: Slot
  let codingPath: [any CodingKey]

  func encodeNil(forKey key: Key) { slot.field(key.stringValue).content = .value(.null) }

  func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try Writer(slot.field(key.stringValue), codingPath + [key]).encode(value)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    Writer(slot.field(key.stringValue), codingPath + [key]).container(keyedBy: keyType)
  }

  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    Writer(slot.field(key.stringValue), codingPath + [key]).unkeyedContainer()
  }

  func superEncoder() -> any Encoder { Writer(slot.field("super"), codingPath + [SuperKey()]) }

  func superEncoder(forKey key: Key) -> any Encoder { Writer(slot.field(key.stringValue), codingPath + [key]) }
}

private struct Unkeyed: UnkeyedEncodingContainer {
  let slot: Slot
  let codingPath: [any CodingKey]
  var count: Int { slot.count }

  private var next: Writer { Writer(slot.append(), codingPath + [IndexKey(count)]) }

  func encodeNil() { next.encodeNil() }

  func encode<T: Encodable>(_ value: T) throws { try next.encode(value) }

  func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    next.container(keyedBy: keyType)
  }

  func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next.unkeyedContainer() }

  func superEncoder() -> any Encoder { next }
}
