import StrideBase
import StrideJSON

/// One protocol method as a client calls it: its dotted name, the params it sends and the result it reads. The
/// daemon answers the same type, reading its params and writing its result (each is Codable both ways; the
/// dispatcher's `Reply` asks for that where it is used).
public protocol WireMethod {
  associatedtype Params: Encodable & Sendable
  associatedtype Result: Decodable & Sendable
  /// Which method it is; its dotted name is the case's raw value.
  static var method: Method { get }
  /// Reads a reply's result: by hand when it is `JSONReadable`, else through Codable (Wire+Reading.swift).
  static func readResult(_ json: JSONValue) throws -> Result
  /// The request line (ending in `\n`) that calls this method with `params`, keys sorted as every line Stride
  /// writes: by hand when the params are `JSONWritable`, else through Codable.
  static func requestLine(id: RequestID, params: Params) throws -> [UInt8]
}

extension WireMethod {
  /// The dotted name the method is called by ("task.capture").
  public static var name: String { method.rawValue }
}

/// Params of a method that takes none.
public struct NoParams: Codable, Sendable, Equatable {
  public init() {}
}

extension JSONValue {
  /// Decodes params into a method's type. A missing, mistyped or unknown value becomes an `invalid-params` error
  /// that names the field and what it should be.
  public func decode<T: Decodable>(_ type: T.Type) throws(StrideError) -> T {
    do {
      return try JSONValueDecoder.decode(T.self, from: self)
    } catch let error as DecodingError {
      throw StrideError.invalid(Self.describe(error))
    } catch {
      throw StrideError.invalid("the params could not be read: \(error)")
    }
  }

  /// A decoding failure in words: which field, and what it should be.
  package static func describe(_ error: DecodingError) -> String {
    func field(_ path: [CodingKey]) -> String {
      let names = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return "'" + names.joined(separator: ".").replacing(text: ".[", with: "[") + "'"
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(field(context.codingPath + [key])) is missing"
    case .valueNotFound(_, let context):
      return "\(field(context.codingPath)) must not be null"
    case .typeMismatch(let type, let context):
      return "\(field(context.codingPath)) must be \(kindName(type))"
    case .dataCorrupted(let context):
      return "\(field(context.codingPath)) \(context.debugDescription)"
    @unknown default:
      return "the params could not be read"
    }
  }

  private static func kindName(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type, is Int64.Type, is TaskID.Type: "an integer"
    case is Double.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [String].Type: "an array of strings"
    case is [String: Any].Type: "an object"
    default: type is any Collection.Type ? "an array" : "an object"
    }
  }
}
