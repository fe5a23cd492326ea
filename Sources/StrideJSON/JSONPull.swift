/// A JSON text read a value at a time, in the order it is written, into the reader's own types, without a `JSONValue`
/// between: what a client reads a long listing's parts with (a part's tasks into `Wire.Task`s, or their bytes as they
/// came for `--json`). As strict as `JSONReader`, whose reading of strings and numbers it shares, but for the values it
/// passes over (`skip`), whose strings' bytes are not checked for UTF-8. Every failure, of the text or of its shape,
/// is a `JSONUnreadable` whose words are those `JSONFields` and `JSONReadable` use for the same value as a tree.
public struct JSONPull {
  var reader: JSONReader.Reader
  var depth = 0

  /// Reads `bytes`, which must hold one value (and white space around it), with `body`.
  public static func read<Value>(
    _ bytes: [UInt8], _ body: (inout JSONPull) throws(JSONUnreadable) -> Value
  ) throws(JSONUnreadable) -> Value {
    let read = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONUnreadable) in
        var pull = JSONPull(reader: JSONReader.Reader(bytes: buffer))
        pull.reader.skipSpace()
        let value = try body(&pull)
        pull.reader.skipSpace()
        guard pull.reader.index == buffer.count else { throw pull.unreadable("unexpected text after the value") }
        return value
      }
    }
    return try read.get()
  }

  /// Where the reader is, in bytes from the start.
  public var offset: Int { reader.index }

  /// The byte the next value starts with (`"` for a string), nil at the end.
  public var next: UInt8? { reader.current }

  /// Whether the next value is `null`, which it then passes.
  public mutating func null() throws(JSONUnreadable) -> Bool {
    guard reader.current == UInt8(ascii: "n") else { return false }
    _ = try syntax { (reader: inout JSONReader.Reader) throws(JSONReader.Failure) in try reader.literal("null", .null) }
    return true
  }

  /// The members of an object, each given to `member` with its key; a member whose value is `null` is passed over, as
  /// `JSONFields` reads it as absent. `what` names the object for the error when it is not one ("a task").
  public mutating func members(
    _ what: String, _ member: (inout JSONPull, String) throws(JSONUnreadable) -> Void
  ) throws(JSONUnreadable) {
    try eachMember(
      what,
      key: { (pull: inout JSONPull) throws(JSONUnreadable) in
        try pull.syntax { (reader: inout JSONReader.Reader) throws(JSONReader.Failure) in try reader.string() }
      }, member)
  }

  /// The members of an object, each key read by `key` (as a string, or its place among known keys) and given to
  /// `member` with its value; a member whose value is `null` is passed over.
  @inline(__always)
  mutating func eachMember<Key>(
    _ what: String, key: (inout JSONPull) throws(JSONUnreadable) -> Key,
    _ member: (inout JSONPull, Key) throws(JSONUnreadable) -> Void
  ) throws(JSONUnreadable) {
    guard reader.current == UInt8(ascii: "{") else { throw JSONUnreadable("\(what) is not an object") }
    guard try open(UInt8(ascii: "}")) else { return }
    repeat {
      reader.skipSpace()
      guard reader.current == UInt8(ascii: "\"") else { throw unreadable("expected a key in quotes") }
      let read = try key(&self)
      reader.skipSpace()
      try syntax { (reader: inout JSONReader.Reader) throws(JSONReader.Failure) in
        try reader.expect(UInt8(ascii: ":"), "':' after a key")
      }
      reader.skipSpace()
      if try !null() { try member(&self, read) }
    } while try more(UInt8(ascii: "}"), "',' or '}' in an object")
    depth -= 1
  }

  /// The elements of an array, each read by `element`.
  public mutating func elements(_ element: (inout JSONPull) throws(JSONUnreadable) -> Void) throws(JSONUnreadable) {
    guard reader.current == UInt8(ascii: "[") else { throw JSONUnreadable("expected an array") }
    guard try open(UInt8(ascii: "]")) else { return }
    repeat {
      reader.skipSpace()
      try element(&self)
    } while try more(UInt8(ascii: "]"), "',' or ']' in an array")
    depth -= 1
  }

  public mutating func string() throws(JSONUnreadable) -> String {
    guard reader.current == UInt8(ascii: "\"") else { throw JSONUnreadable("expected a string") }
    return try syntax { (reader: inout JSONReader.Reader) throws(JSONReader.Failure) in try reader.string() }
  }

  /// The next value as a tree, for what is read by `JSONReadable`.
  public mutating func value() throws(JSONUnreadable) -> JSONValue {
    let depth = depth
    return try syntax { (reader: inout JSONReader.Reader) throws(JSONReader.Failure) in
      try reader.value(depth: depth)
    }
  }

  /// The next value passed over; its bytes, as written, are `bytes[start..<offset]` after it.
  public mutating func skip() throws(JSONUnreadable) {
    guard let byte = reader.current else { throw unreadable("expected a value") }
    switch byte {
    case UInt8(ascii: "{"):
      // Keys are passed over too, not made strings.
      try members("a value", keys: .none) { pull, _ throws(JSONUnreadable) in try pull.skip() }
    case UInt8(ascii: "["):
      try elements { pull throws(JSONUnreadable) in try pull.skip() }
    case UInt8(ascii: "\""):
      try skipString()
    default:
      _ = try value()
    }
  }

  /// The next value passed over, and its bytes as they were written.
  public mutating func skipped() throws(JSONUnreadable) -> [UInt8] {
    var bytes: [UInt8] = []
    try copy(into: &bytes)
    return bytes
  }

  /// The next value passed over, its bytes as they were written added to `bytes`.
  public mutating func copy(into bytes: inout [UInt8]) throws(JSONUnreadable) {
    let start = reader.index
    try skip()
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: reader.bytes[start..<reader.index]))
  }

  /// Passes over a string: its escapes and control characters checked, its bytes not read into a `String`.
  mutating func skipString() throws(JSONUnreadable) {
    let bytes = reader.bytes
    var index = reader.index + 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        reader.index = index + 1
        return
      case UInt8(ascii: "\\"):
        // A string with an escape is read whole, from its opening quote, so a bad escape is refused here too.
        _ = try string()
        return
      case ..<0x20:
        reader.index = index
        throw unreadable("a control character must be escaped in a string")
      default: index += 1
      }
    }
    reader.index = index
    throw unreadable("a string is not closed")
  }

  mutating func open(_ closing: UInt8) throws(JSONUnreadable) -> Bool {
    depth += 1
    let depth = depth
    let more = try syntax { (reader: inout JSONReader.Reader) throws(JSONReader.Failure) in
      try reader.open(closing: closing, depth: depth)
    }
    if !more { self.depth -= 1 }
    return more
  }

  mutating func more(_ closing: UInt8, _ what: String) throws(JSONUnreadable) -> Bool {
    try syntax { (reader: inout JSONReader.Reader) throws(JSONReader.Failure) in
      try reader.more(closing: closing, what)
    }
  }

  func unreadable(_ reason: String) -> JSONUnreadable {
    JSONUnreadable(JSONReader.Failure(offset: reader.index, reason: reason).description)
  }

  /// A step of the reader's, its failure said as the text's.
  mutating func syntax<Value>(
    _ step: (inout JSONReader.Reader) throws(JSONReader.Failure) -> Value
  ) throws(JSONUnreadable) -> Value {
    do {
      return try step(&reader)
    } catch {
      throw JSONUnreadable(error.description)
    }
  }
}

/// A value read by `JSONPull` as it comes. A type that is `JSONReadable` may read through the tree of its own value
/// (an enum's word, a time), so it reads and fails exactly as it does from a tree.
public protocol JSONPullReadable {
  init(pull: inout JSONPull) throws(JSONUnreadable)
}

extension JSONPullReadable where Self: JSONReadable {
  public init(pull: inout JSONPull) throws(JSONUnreadable) { try self.init(json: pull.value()) }
}

extension JSONPullReadable where Self: JSONReadable & RawRepresentable, RawValue == String {
  /// One of the enum's words, read straight from its string.
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    self = try pull.string(Self.init(rawValue:), or: Self.init(json:))
  }
}

extension JSONPull {
  /// A value written as a string (an enum's word, a time), read straight from it by `parse`; anything else, or a
  /// string `parse` refuses, is read by `tree` as the tree reader reads it, and so refused in its words.
  public mutating func string<Value>(
    _ parse: (String) -> Value?, or tree: (JSONValue) throws(JSONUnreadable) -> Value
  ) throws(JSONUnreadable) -> Value {
    guard next == UInt8(ascii: "\"") else { return try tree(value()) }
    let text = try string()
    guard let value = parse(text) else { return try tree(.string(text)) }
    return value
  }
}

extension String: JSONPullReadable {
  public init(pull: inout JSONPull) throws(JSONUnreadable) { self = try pull.string() }
}

extension Int64: JSONPullReadable {}
extension Int: JSONPullReadable {}
extension Bool: JSONPullReadable {}
extension JSONValue: JSONPullReadable {}

extension Array: JSONPullReadable where Element: JSONPullReadable {
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    var elements: [Element] = []
    try pull.elements { pull throws(JSONUnreadable) in elements.append(try Element(pull: &pull)) }
    self = elements
  }
}

extension JSONPullReadable {
  /// Reads `bytes`, which hold one value, as it comes.
  public init(pulling bytes: [UInt8]) throws(JSONUnreadable) {
    self = try JSONPull.read(bytes) { pull throws(JSONUnreadable) in try Self(pull: &pull) }
  }
}

extension JSONPull {
  /// The next value, read as `Value` reads itself.
  public mutating func read<Value: JSONPullReadable>() throws(JSONUnreadable) -> Value {
    try Value(pull: &self)
  }
}

extension Optional {
  /// A field an object read by `JSONPull` must have: its value, or the error `JSONFields` gives when it is absent.
  public func orMissing(_ key: String, of what: String) throws(JSONUnreadable) -> Wrapped {
    guard let self else { throw JSONUnreadable("\(what) has no '\(key)'") }
    return self
  }
}
