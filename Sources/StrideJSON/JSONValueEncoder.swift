/// Encodes an `Encodable` into a `JSONValue`, the way Foundation's `JSONEncoder` lays it out: a nil optional field
/// left out, `encodeNil` as `null`, a value that writes nothing as `{}` (at the top too, where JSONEncoder throws),
/// `superEncoder` under `"super"`. Dates, data and URLs encode by their own `Encodable` conformances (the wire carries
/// none of them raw). Deliberate limits, as `JSONValue` holds integers as `Int64`: an unsigned integer above
/// `Int64.max` is refused, and a `Float` is written as the `Double` of its shortest digits (JSONEncoder writes
/// 33554432 as `3.3554432e+07`; the wire has no `Float`). `JSONWriter` then
/// writes the bytes; together they need neither Foundation nor the runtime's questions about the types.
public enum JSONValueEncoder {
  /// `userInfo` is what every `encode(to:)` on the way finds in its encoder's `userInfo`.
  public static func encode(
    _ value: some Encodable, userInfo: [CodingUserInfoKey: Any] = [:]
  ) throws -> JSONValue {
    let root = Slot()
    try root.store(value, path: nil, userInfo)
    return root.value
  }

  /// The value's compact UTF-8 (`JSONWriter`).
  public static func bytes(_ value: some Encodable, userInfo: [CodingUserInfoKey: Any] = [:]) throws -> [UInt8] {
    JSONWriter.write(try encode(value, userInfo: userInfo))
  }
}

/// An `Encodable` that also writes its own `JSONValue`, the same as its `encode(to:)` writes, without Codable's
/// containers: `JSONValueEncoder` takes that way wherever it meets one, at the top or nested. A task is written in
/// every reply, history row and announcement, and through the containers it cost ten times as much. The parity tests
/// hold each to its `encode(to:)`, which they reach with `CodingUserInfoKey.throughCodable`.
public protocol JSONEncodableByHand: Encodable {
  /// `userInfo` is the encoder's, as `encode(to:)` would find it.
  func json(userInfo: [CodingUserInfoKey: Any]) throws -> JSONValue
}

extension CodingUserInfoKey {
  /// Present (any value), `JSONValueEncoder` writes every value through its `encode(to:)`, by hand never.
  public static let throughCodable = CodingUserInfoKey(rawValue: "stride.throughCodable")!
}

/// A place a value is written into. Containers hand out slots of their own, filled in later, so a slot is a class;
/// its fields and elements are changed in place (never copied out and back, which would copy them each time).
private final class Slot {
  var scalar: JSONValue?
  var fields: [String: Slot]?
  var elements: [Slot]?

  var value: JSONValue {
    if let fields { return .object(fields.mapValues(\.value)) }
    if let elements { return .array(elements.map(\.value)) }
    return scalar ?? .object([:])
  }

  func set(_ value: JSONValue) {
    scalar = value
    fields = nil
    elements = nil
  }

  func store(_ value: some Encodable, path: Path?, _ userInfo: [CodingUserInfoKey: Any]) throws {
    if let json = value as? JSONValue {
      set(json)
    } else if let value = value as? any JSONEncodableByHand, userInfo[.throughCodable] == nil {
      set(try value.json(userInfo: userInfo))
    } else {
      try value.encode(to: Writer(self, path, userInfo))
    }
  }

  /// The slot under `key`, made an object first if need be.
  func field(_ key: String) -> Slot {
    makeObject()
    if let slot = fields![key] { return slot }
    let slot = Slot()
    fields![key] = slot
    return slot
  }

  func makeObject() {
    guard fields == nil else { return }
    set(.null)
    fields = [:]
  }

  func makeArray() {
    guard elements == nil else { return }
    set(.null)
    elements = []
  }

  func append() -> Slot {
    makeArray()
    let slot = Slot()
    elements!.append(slot)
    return slot
  }

  var count: Int { elements?.count ?? 0 }
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

/// Where a value sits, kept as a chain and made a `codingPath` only when asked (for an error): most values never are.
private final class Path {
  let key: any CodingKey
  let parent: Path?

  init(_ key: any CodingKey, in parent: Path?) {
    self.key = key
    self.parent = parent
  }

  static func keys(_ path: Path?) -> [any CodingKey] {
    guard let path else { return [] }
    return keys(path.parent) + [path.key]
  }
}

/// The encoder and its single-value container, writing into one slot.
private struct Writer: Encoder, SingleValueEncodingContainer {
  let slot: Slot
  let path: Path?
  let userInfo: [CodingUserInfoKey: Any]
  var codingPath: [any CodingKey] { Path.keys(path) }

  init(_ slot: Slot, _ path: Path?, _ userInfo: [CodingUserInfoKey: Any]) {
    self.slot = slot
    self.path = path
    self.userInfo = userInfo
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    slot.makeObject()
    return KeyedEncodingContainer(Keyed<Key>(slot: slot, path: path, userInfo: userInfo))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    slot.makeArray()
    return Unkeyed(slot: slot, path: path, userInfo: userInfo)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  func encodeNil() { slot.set(.null) }

  func encode<T: Encodable>(_ value: T) throws { try slot.store(value, path: path, userInfo) }

  func encode(_ value: Bool) { slot.set(.bool(value)) }
  func encode(_ value: String) { slot.set(.string(value)) }
  func encode(_ value: Int) { slot.set(.integer(Int64(value))) }
  func encode(_ value: Int8) { slot.set(.integer(Int64(value))) }
  func encode(_ value: Int16) { slot.set(.integer(Int64(value))) }
  func encode(_ value: Int32) { slot.set(.integer(Int64(value))) }
  func encode(_ value: Int64) { slot.set(.integer(value)) }
  func encode(_ value: UInt8) { slot.set(.integer(Int64(value))) }
  func encode(_ value: UInt16) { slot.set(.integer(Int64(value))) }
  func encode(_ value: UInt32) { slot.set(.integer(Int64(value))) }
  func encode(_ value: UInt) throws { try encode(UInt64(value)) }

  func encode(_ value: UInt64) throws {
    guard let exact = Int64(exactly: value) else {
      throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(value) is too large"))
    }
    slot.set(.integer(exact))
  }

  /// As `JSONEncoder`, which refuses NaN and the infinities.
  func encode(_ value: Double) throws {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath, debugDescription: "Unable to encode Double.\(value) directly in JSON."))
    }
    slot.set(.double(value))
  }

  /// Through its own shortest digits, so 0.1 stays 0.1 rather than 0.10000000149011612.
  func encode(_ value: Float) throws { try encode(value.isFinite ? Double("\(value)")! : Double(value)) }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let slot: Slot
  let path: Path?
  let userInfo: [CodingUserInfoKey: Any]
  var codingPath: [any CodingKey] { Path.keys(path) }

  private func writer(_ key: Key) -> Writer { Writer(slot.field(key.stringValue), Path(key, in: path), userInfo) }

  func encodeNil(forKey key: Key) { slot.field(key.stringValue).set(.null) }

  // The common kinds straight into their slot, without a path or a trip through `Encodable`.
  func encode(_ value: Bool, forKey key: Key) { slot.field(key.stringValue).set(.bool(value)) }
  func encode(_ value: String, forKey key: Key) { slot.field(key.stringValue).set(.string(value)) }
  func encode(_ value: Int, forKey key: Key) { slot.field(key.stringValue).set(.integer(Int64(value))) }
  func encode(_ value: Int64, forKey key: Key) { slot.field(key.stringValue).set(.integer(value)) }

  func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try writer(key).encode(value) }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    writer(key).container(keyedBy: keyType)
  }

  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { writer(key).unkeyedContainer() }

  func superEncoder() -> any Encoder { Writer(slot.field("super"), Path(SuperKey(), in: path), userInfo) }

  func superEncoder(forKey key: Key) -> any Encoder { writer(key) }
}

private struct Unkeyed: UnkeyedEncodingContainer {
  let slot: Slot
  let path: Path?
  let userInfo: [CodingUserInfoKey: Any]
  var codingPath: [any CodingKey] { Path.keys(path) }
  var count: Int { slot.count }

  private var next: Writer {
    let index = count
    return Writer(slot.append(), Path(IndexKey(index), in: path), userInfo)
  }

  func encodeNil() { slot.append().set(.null) }
  func encode(_ value: Bool) { slot.append().set(.bool(value)) }
  func encode(_ value: String) { slot.append().set(.string(value)) }
  func encode(_ value: Int) { slot.append().set(.integer(Int64(value))) }
  func encode(_ value: Int64) { slot.append().set(.integer(value)) }

  func encode<T: Encodable>(_ value: T) throws { try next.encode(value) }

  func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    next.container(keyedBy: keyType)
  }

  func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next.unkeyedContainer() }

  func superEncoder() -> any Encoder { next }
}
