/// A value read from a `JSONValue` by hand, without Codable's containers. Their first use in a process (the boxes
/// around each keyed container, the metadata of each key type, the associated types the runtime looks up by name)
/// cost a short command more than reading the rest of a reply, so a client reads its most frequent replies this way.
/// The parity tests hold each such reading to what Codable reads from the same reply.
public protocol JSONReadable {
  init(json: JSONValue) throws(JSONUnreadable)
}

/// Why a reply could not be read as the type it should be.
public struct JSONUnreadable: Error, CustomStringConvertible, Equatable {
  public var description: String

  public init(_ description: String) { self.description = description }
}

/// An object's fields, read one by one.
public struct JSONFields {
  public let fields: [String: JSONValue]
  /// What the object is, for the error ("a task").
  public let what: String

  public init(_ value: JSONValue, _ what: String) throws(JSONUnreadable) {
    guard case .object(let fields) = value else { throw JSONUnreadable("\(what) is not an object") }
    self.fields = fields
    self.what = what
  }

  /// The field `key`, which must be there and not null.
  public func callAsFunction<T: JSONReadable>(_ key: String) throws(JSONUnreadable) -> T {
    guard let value = fields[key], value != .null else { throw JSONUnreadable("\(what) has no '\(key)'") }
    return try T(json: value)
  }

  /// The field `key`, or nil when it is absent or null.
  public func optional<T: JSONReadable>(_ key: String) throws(JSONUnreadable) -> T? {
    guard let value = fields[key], value != .null else { return nil }
    return try T(json: value)
  }

  /// The field `key` read through Codable, for the rare fields not worth reading by hand; nil when absent or null.
  public func decoded<T: Decodable>(_ key: String) throws(JSONUnreadable) -> T? {
    guard let value = fields[key], value != .null else { return nil }
    do {
      return try JSONValueDecoder.decode(T.self, from: value)
    } catch {
      throw JSONUnreadable("\(what)'s '\(key)': \(error)")
    }
  }
}

extension JSONValue: JSONReadable {
  public init(json: JSONValue) { self = json }
}

extension String: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    guard case .string(let text) = json else { throw JSONUnreadable("expected a string") }
    self = text
  }
}

extension Bool: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    guard case .bool(let value) = json else { throw JSONUnreadable("expected true or false") }
    self = value
  }
}

extension Int64: JSONReadable {
  /// A whole number, written as one or as a double with nothing after the point (as Codable reads it).
  public init(json: JSONValue) throws(JSONUnreadable) {
    switch json {
    case .integer(let value): self = value
    case .double(let value) where value.rounded() == value && Double(Int64.min) <= value && value < Double(Int64.max):
      self = Int64(value)
    default: throw JSONUnreadable("expected a whole number")
    }
  }
}

extension Int: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) { self = Int(try Int64(json: json)) }
}

extension Double: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    switch json {
    case .integer(let value): self = Double(value)
    case .double(let value): self = value
    default: throw JSONUnreadable("expected a number")
    }
  }
}

extension Array: JSONReadable where Element: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    guard case .array(let elements) = json else { throw JSONUnreadable("expected an array") }
    self = []
    reserveCapacity(elements.count)
    for element in elements { append(try Element(json: element)) }
  }
}

extension JSONReadable where Self: RawRepresentable, RawValue == String {
  /// One of the enum's words.
  public init(json: JSONValue) throws(JSONUnreadable) {
    let word = try String(json: json)
    guard let value = Self(rawValue: word) else { throw JSONUnreadable("'\(word)' is not a known \(Self.self)") }
    self = value
  }
}

/// A value written as a `JSONValue` by hand, without Codable's containers, for the same reason as `JSONReadable`:
/// the params a client sends with every command. The parity tests hold each to what Codable writes.
public protocol JSONWritable {
  var json: JSONValue { get }
}

extension JSONValue {
  /// An object of the fields that have a value: the others are left out, as Codable's `encodeIfPresent` does.
  public static func fields(_ pairs: KeyValuePairs<String, JSONValue?>) -> JSONValue {
    var fields: [String: JSONValue] = [:]
    for (key, value) in pairs {
      if let value { fields[key] = value }
    }
    return .object(fields)
  }
}
