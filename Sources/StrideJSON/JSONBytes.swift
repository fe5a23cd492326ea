/// JSON written straight to bytes, a value at a time, in the order it is given: no `JSONValue` between, no sorting.
/// A writer of a shape of its own (a task) gives each object's keys in the order of their UTF-8 bytes, so what it
/// writes is byte for byte what `JSONWriter` writes of the same value as a tree (and so what `JSONEncoder` writes with
/// sorted keys); the parity tests hold each such writer to that. Strings are escaped as `JSONWriter` escapes them.
/// A long listing is written this way: building each task's tree and sorting its keys cost most of the daemon's time.
public struct JSONBytes {
  /// What has been written.
  public var bytes: [UInt8]
  /// Whether the next value (or key) follows another in the same array (or object), and so needs a comma first.
  /// Values written one after another at the top are separated by commas too: an array's elements written a part
  /// at a time, inside brackets written apart.
  @usableFromInline var follows = false

  @inlinable public init(capacity: Int = 0) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// The next key of the object being written, without escaping: a key of the wire's own, plain ASCII.
  @inlinable public mutating func key(_ key: StaticString) {
    comma()
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    follows = false
  }

  /// A member of the object being written: its key, then its value.
  @inlinable public mutating func member(_ key: StaticString, _ value: some JSONBytesWritable) {
    self.key(key)
    value.write(to: &self)
  }

  /// A member written only when it has a value (as Codable's `encodeIfPresent` leaves a nil out).
  @inlinable public mutating func member(ifPresent key: StaticString, _ value: (some JSONBytesWritable)?) {
    guard let value else { return }
    member(key, value)
  }

  @inlinable public mutating func string(_ text: String) {
    comma()
    JSONWriter.write(text, into: &bytes)
    follows = true
  }

  @inlinable public mutating func integer(_ integer: Int64) {
    comma()
    JSONWriter.write(integer, into: &bytes)
    follows = true
  }

  @inlinable public mutating func bool(_ value: Bool) { scalar(value ? "true" : "false") }

  @inlinable public mutating func null() { scalar("null") }

  /// A value as a tree, for the rare values not worth a writer of their own.
  @inlinable public mutating func value(_ value: JSONValue) {
    comma()
    JSONWriter.write(value, into: &bytes)
    follows = true
  }

  /// Bytes already written as JSON (a value encoded before), taken whole as the next value.
  @inlinable public mutating func encoded(_ json: some Sequence<UInt8>) {
    comma()
    bytes.append(contentsOf: json)
    follows = true
  }

  /// An object whose members `members` writes (`member`, or `key` and then a value).
  @inlinable public mutating func object(_ members: (inout JSONBytes) -> Void) {
    open(UInt8(ascii: "{"))
    members(&self)
    close(UInt8(ascii: "}"))
  }

  /// An array of `elements`, each written by `element`.
  @inlinable public mutating func array<Elements: Sequence>(
    _ elements: Elements, _ element: (inout JSONBytes, Elements.Element) -> Void
  ) {
    open(UInt8(ascii: "["))
    for each in elements { element(&self, each) }
    close(UInt8(ascii: "]"))
  }

  @inlinable mutating func scalar(_ word: StaticString) {
    comma()
    word.withUTF8Buffer { bytes.append(contentsOf: $0) }
    follows = true
  }

  @inlinable mutating func open(_ bracket: UInt8) {
    comma()
    bytes.append(bracket)
    follows = false
  }

  @inlinable mutating func close(_ bracket: UInt8) {
    bytes.append(bracket)
    follows = true
  }

  @inlinable mutating func comma() {
    if follows { bytes.append(UInt8(ascii: ",")) }
  }
}

/// A value that writes its own JSON straight to bytes (`JSONBytes`), the same bytes as `JSONWriter` writes of its
/// `JSONValue`: what a long reply is made of.
public protocol JSONBytesWritable {
  func write(to json: inout JSONBytes)
}

extension JSONBytesWritable {
  /// Its JSON, compact, without a newline.
  public var jsonBytes: [UInt8] {
    var json = JSONBytes(capacity: 2048)
    write(to: &json)
    return json.bytes
  }
}

extension String: JSONBytesWritable {
  @inlinable public func write(to json: inout JSONBytes) { json.string(self) }
}

extension Int: JSONBytesWritable {
  @inlinable public func write(to json: inout JSONBytes) { json.integer(Int64(self)) }
}

extension Int64: JSONBytesWritable {
  @inlinable public func write(to json: inout JSONBytes) { json.integer(self) }
}

extension Bool: JSONBytesWritable {
  @inlinable public func write(to json: inout JSONBytes) { json.bool(self) }
}

extension JSONValue: JSONBytesWritable {
  @inlinable public func write(to json: inout JSONBytes) { json.value(self) }
}

extension Optional: JSONBytesWritable where Wrapped: JSONBytesWritable {
  /// The value, or `null` (what Codable's `encode` writes of a nil optional).
  @inlinable public func write(to json: inout JSONBytes) {
    guard let self else { return json.null() }
    self.write(to: &json)
  }
}

extension Array: JSONBytesWritable where Element: JSONBytesWritable {
  @inlinable public func write(to json: inout JSONBytes) { json.array(self) { $1.write(to: &$0) } }
}
