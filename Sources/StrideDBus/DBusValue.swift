/// A value as D-Bus carries it, with the type its signature names (the D-Bus Specification, "Type System").
///
/// Containers say their element types, so an empty array still has a signature: `.array("s", [])` is `as`.
public indirect enum DBusValue: Equatable, Sendable {
  case byte(UInt8)
  case boolean(Bool)
  case int16(Int16)
  case uint16(UInt16)
  case int32(Int32)
  case uint32(UInt32)
  case int64(Int64)
  case uint64(UInt64)
  case double(Double)
  case string(String)
  case objectPath(String)
  case signature(String)
  /// A file descriptor's index (`h`); Stride never passes descriptors, but a reply may name one.
  case unixFD(UInt32)
  /// An array of values of the one complete type `element` names.
  case array(element: String, [DBusValue])
  case structure([DBusValue])
  /// One entry of a dictionary: an array of these is `a{kv}`.
  case dictEntry(DBusValue, DBusValue)
  case variant(DBusValue)

  /// The value's complete type: `s`, `as`, `a{sv}`, `(us)`.
  public var signature: String {
    switch self {
    case .byte: "y"
    case .boolean: "b"
    case .int16: "n"
    case .uint16: "q"
    case .int32: "i"
    case .uint32: "u"
    case .int64: "x"
    case .uint64: "t"
    case .double: "d"
    case .string: "s"
    case .objectPath: "o"
    case .signature: "g"
    case .unixFD: "h"
    case .array(let element, _): "a" + element
    case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
    case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
    case .variant: "v"
    }
  }

  /// A dictionary of strings to variants, `a{sv}`, the shape of hints and properties.
  public static func stringVariants(_ entries: [(String, DBusValue)]) -> DBusValue {
    .array(element: "{sv}", entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
  }

  /// An array of strings, `as`.
  public static func strings(_ values: [String]) -> DBusValue {
    .array(element: "s", values.map(DBusValue.string))
  }

  /// The text of a string, object path or signature; nil for other values.
  public var text: String? {
    switch self {
    case .string(let text), .objectPath(let text), .signature(let text): text
    default: nil
    }
  }

  /// The number of a `u`; nil for other values.
  public var uint32: UInt32? {
    if case .uint32(let number) = self { number } else { nil }
  }

  /// The strings of an `as`; nil for other values.
  public var texts: [String]? {
    guard case .array("s", let values) = self else { return nil }
    return values.compactMap(\.text)
  }
}

/// Signatures: how a list of types is split into complete types, and how each is aligned on the wire.
public enum DBusSignature {
  /// Arrays and structures may nest this deep each (the specification's limit).
  static let depthLimit = 32

  /// The complete types of a signature, in order: `susssasa{sv}i` is `s`, `u`, `s`, `s`, `s`, `as`, `a{sv}`, `i`.
  public static func split(_ signature: String) throws(DBusError) -> [String] {
    let bytes = Array(signature.utf8)
    guard bytes.count <= 255 else { throw DBusError(.malformed, "a signature is longer than 255 bytes") }
    var types: [String] = []
    var index = 0
    while index < bytes.count {
      let end = try completeType(bytes, at: index, arrays: 0, structures: 0)
      types.append(String(decoding: bytes[index..<end], as: UTF8.self))
      index = end
    }
    return types
  }

  /// Where the complete type starting at `index` ends.
  private static func completeType(_ bytes: [UInt8], at index: Int, arrays: Int, structures: Int) throws(DBusError)
    -> Int
  {
    guard index < bytes.count else { throw DBusError(.malformed, "a signature ends inside a type") }
    switch bytes[index] {
    case UInt8(ascii: "a"):
      guard arrays < depthLimit else { throw DBusError(.malformed, "a signature nests arrays too deeply") }
      return try completeType(bytes, at: index + 1, arrays: arrays + 1, structures: structures)
    case UInt8(ascii: "("):
      guard structures < depthLimit else { throw DBusError(.malformed, "a signature nests structures too deeply") }
      var next = index + 1
      guard next < bytes.count, bytes[next] != UInt8(ascii: ")") else {
        throw DBusError(.malformed, "a signature has an empty structure")
      }
      while next < bytes.count, bytes[next] != UInt8(ascii: ")") {
        next = try completeType(bytes, at: next, arrays: arrays, structures: structures + 1)
      }
      guard next < bytes.count else { throw DBusError(.malformed, "a signature leaves a structure open") }
      return next + 1
    case UInt8(ascii: "{"):
      // A dictionary entry: only as an array's element, a basic key, then one complete type.
      guard index > 0, bytes[index - 1] == UInt8(ascii: "a"), index + 2 < bytes.count,
        basicTypes.contains(bytes[index + 1])
      else { throw DBusError(.malformed, "a signature has a dictionary entry out of place") }
      let end = try completeType(bytes, at: index + 2, arrays: arrays, structures: structures + 1)
      guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else {
        throw DBusError(.malformed, "a signature's dictionary entry does not have exactly two types")
      }
      return end + 1
    case let code where basicTypes.contains(code) || code == UInt8(ascii: "v"):
      return index + 1
    default:
      throw DBusError(.malformed, "a signature has an unknown type code '\(Character(Unicode.Scalar(bytes[index])))'")
    }
  }

  private static let basicTypes = Set("ybnqiuxtdsogh".utf8)

  /// How the values of a type are aligned, from its first code.
  static func alignment(of code: UInt8) -> Int {
    switch code {
    case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
    case UInt8(ascii: "b"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "h"), UInt8(ascii: "s"),
      UInt8(ascii: "o"), UInt8(ascii: "a"):
      4
    case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): 8
    default: 1
    }
  }
}

/// Something on the bus went wrong: the kind, and a sentence that says what and what to do.
public struct DBusError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    /// No session bus address is known.
    case noBus
    /// The address names a transport this client does not speak (tcp:, launchd:).
    case unsupportedAddress
    /// The socket could not be reached, or the bus closed it.
    case unreachable
    /// The bus did not let us in.
    case refused
    /// Bytes that are not a D-Bus message.
    case malformed
    /// No reply came in time.
    case timedOut
    /// The other side answered with a D-Bus error of this name.
    case remote(String)
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
