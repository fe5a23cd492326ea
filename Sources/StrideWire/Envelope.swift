import StrideBase
import StrideJSON

/// The protocol version this build speaks. It changes only if a change could break an existing client: a field
/// removed or retyped, or a new value of an enum a client reads (Docs/protocol.md#versions lists each change).
public let protocolVersion = 6

/// A request's `id`: a number or a string, echoed back in the response.
public enum RequestID: Codable, Hashable, Sendable {
  case number(Int64)
  case string(String)

  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int64.self) {
      self = .number(number)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let number): try container.encode(number)
    case .string(let string): try container.encode(string)
    }
  }
}

/// A message read by a client: a response to one of its requests, or a notification.
public struct IncomingMessage: Decodable, Sendable {
  public var id: RequestID?
  public var method: String?
  public var result: JSONValue?
  public var error: WireError?
  public var params: JSONValue?
}

extension WireMethod {
  public static func requestLine(id: RequestID, params: Params) throws -> [UInt8] {
    try WireLines.request(id: id, method: name, params: params)
  }
}

extension WireMethod where Params: JSONWritable {
  public static func requestLine(id: RequestID, params: Params) throws -> [UInt8] {
    let request = JSONValue.object([
      "id": id.json, "jsonrpc": .string("2.0"), "method": .string(name), "params": params.json,
    ])
    return JSONWriter.write(request) + [0x0A]
  }
}

private struct OutgoingRequest<Params: Encodable>: Encodable {
  var jsonrpc = "2.0"
  var id: RequestID
  var method: String
  var params: Params
}

/// The greeting the daemon writes first on every connection, as a `server.hello` notification.
public struct ServerHello: Codable, Sendable, Equatable {
  public static let method = "server.hello"

  /// The limits a client must respect.
  public struct Limits: Codable, Sendable, Equatable {
    /// The longest request line the daemon reads, in bytes (without the newline).
    public var maxLineBytes: Int
    /// How many connections the daemon serves at once; more are answered with `overloaded`.
    public var maxConnections: Int

    package init(maxLineBytes: Int, maxConnections: Int) {
      self.maxLineBytes = maxLineBytes
      self.maxConnections = maxConnections
    }
  }

  public var `protocol`: Int
  public var server: String
  public var limits: Limits

  public init(protocol: Int = protocolVersion, server: String, limits: Limits) {
    self.protocol = `protocol`
    self.server = server
    self.limits = limits
  }
}

/// Protocol messages as compact JSON lines (ending in `\n`) with sorted keys, so the same value always gives the
/// same bytes. The daemon's `WireEncoder` writes through these, with its speaker's times said.
public enum WireLines {
  /// A success response line.
  public static func response(
    id: RequestID, result: some Encodable, userInfo: [CodingUserInfoKey: Any] = [:]
  ) throws -> [UInt8] {
    try line(SuccessResponse(id: id, result: result), userInfo)
  }

  /// An error response line.
  public static func response(id: RequestID?, error: StrideError) -> [UInt8] { errorLine(id, WireError(error)) }

  /// An error response line for an error object of a protocol spoken beside Stride's own (MCP), whose `data` has
  /// fields of its own.
  /// Where no id could be read, the line leaves `id` out (MCP's schema allows no null id), rather than writing null
  /// as Stride's own protocol does.
  public static func response(id: RequestID?, error: JSONValue) -> [UInt8] {
    (try? line(ErrorResponse(id: id, error: error, keepsNullID: false), [:])) ?? errorLine(id, error)
  }

  /// A request line: a method call that expects an answer under `id`.
  public static func request(id: RequestID, method: String, params: some Encodable) throws -> [UInt8] {
    try line(OutgoingRequest(id: id, method: method, params: params), [:])
  }

  /// A notification line: a method call that expects no answer.
  public static func notification(
    method: String, params: some Encodable, userInfo: [CodingUserInfoKey: Any] = [:]
  ) throws -> [UInt8] {
    try line(Notification(method: method, params: params), userInfo)
  }

  private static func errorLine(_ id: RequestID?, _ error: some Encodable) -> [UInt8] {
    // Encoding these plain values cannot fail; the fallback keeps the signature honest.
    (try? line(ErrorResponse(id: id, error: error), [:]))
      ?? Array(#"{"error":{"code":-32603,"message":"internal error"},"id":null,"jsonrpc":"2.0"}"#.utf8) + [0x0A]
  }

  private static func line(_ value: some Encodable, _ userInfo: [CodingUserInfoKey: Any]) throws -> [UInt8] {
    var bytes = try JSONValueEncoder.bytes(value, userInfo: userInfo)
    bytes.append(0x0A)
    return bytes
  }
}

private struct SuccessResponse<Result: Encodable>: Encodable {
  var jsonrpc = "2.0"
  var id: RequestID
  var result: Result
}

private struct ErrorResponse<Failure: Encodable>: Encodable {
  var jsonrpc = "2.0"
  var id: RequestID?
  var error: Failure
  /// JSON-RPC 2.0 writes `"id": null` where no id could be read; MCP leaves it out.
  var keepsNullID = true

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(jsonrpc, forKey: .jsonrpc)
    if keepsNullID || id != nil { try container.encode(id, forKey: .id) }
    try container.encode(error, forKey: .error)
  }

  enum CodingKeys: String, CodingKey { case jsonrpc, id, error }
}

private struct Notification<Params: Encodable>: Encodable {
  var jsonrpc = "2.0"
  var method: String
  var params: Params
}

extension WireLines {
  /// A success response line around a result that writes itself (`JSONBytesWritable`): the bytes
  /// `response(id:result:)` writes of it, without a tree between. A long listing's whole reply is written this way.
  public static func response(id: RequestID, writing result: some JSONBytesWritable) -> [UInt8] {
    line { json in
      json.member("id", id.json)
      json.member("jsonrpc", "2.0")
      json.member("result", result)
    }
  }

  /// A notification line whose params write themselves: the bytes `notification(method:params:)` writes of them.
  /// Each part of a reply in parts is written this way.
  public static func notification(method: String, writing params: some JSONBytesWritable) -> [UInt8] {
    line { json in
      json.member("jsonrpc", "2.0")
      json.member("method", method)
      json.member("params", params)
    }
  }

  private static func line(_ members: (inout JSONBytes) -> Void) -> [UInt8] {
    var json = JSONBytes(capacity: 16 * 1024)
    json.object(members)
    json.bytes.append(0x0A)
    return json.bytes
  }
}

extension ReplyParts.Part: JSONBytesWritable where Result: JSONBytesWritable {
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member("id", id.json)
      json.member("part", part)
      json.member("result", result)
    }
  }
}
