import Foundation
import StrideBase
import StrideJSON
import StrideModel
import StrideWire

/// A request read off the wire whose envelope is valid; its params are checked by the method that handles it.
public struct Request: Sendable {
  public var id: RequestID
  public var method: String
  public var params: JSONValue

  public init(id: RequestID, method: String, params: JSONValue = .object([:])) {
    self.id = id
    self.method = method
    self.params = params
  }

  /// Reads one line as a JSON-RPC 2.0 request. On failure, returns the error to send and, when it could be read,
  /// the id to send it with.
  public static func parse(_ line: some Collection<UInt8>) -> Result<Request, RequestFailure> {
    guard let value = try? JSONReader.parse(line) else {
      return .failure(RequestFailure(id: nil, error: StrideError(.parseError, "the line is not valid JSON")))
    }
    guard case .object(let fields) = value else {
      let message =
        if case .array = value {
          "batches are not supported; send one request object per line"
        } else {
          "a request must be a JSON object, not \(value.kindDescription)"
        }
      return .failure(RequestFailure(id: nil, error: StrideError(.invalidRequest, message)))
    }
    let id: RequestID
    switch fields["id"] {
    case .integer(let number): id = .number(number)
    case .string(let text): id = .string(text)
    case nil, .null:
      return .failure(
        RequestFailure(id: nil, error: StrideError(.invalidRequest, "a request needs an \"id\" (a number or string)")))
    case .some(let other):
      return .failure(
        RequestFailure(
          id: nil,
          error: StrideError(.invalidRequest, "\"id\" must be a number or a string, not \(other.kindDescription)")
        ))
    }
    guard fields["jsonrpc"] == .string("2.0") else {
      return .failure(RequestFailure(id: id, error: StrideError(.invalidRequest, "\"jsonrpc\" must be \"2.0\"")))
    }
    guard case .string(let method) = fields["method"] else {
      return .failure(
        RequestFailure(id: id, error: StrideError(.invalidRequest, "\"method\" must be a string such as \"now.list\"")))
    }
    switch fields["params"] {
    case nil, .null:
      return .success(Request(id: id, method: method))
    case .object(let params):
      return .success(Request(id: id, method: method, params: .object(params)))
    case .some(let other):
      return .failure(
        RequestFailure(
          id: id, error: StrideError(.invalidParams, "\"params\" must be an object, not \(other.kindDescription)")))
    }
  }
}

/// A request that could not be read, with the id to answer it under (nil when none could be read).
public struct RequestFailure: Error, Sendable {
  public var id: RequestID?
  public var error: StrideError
}

/// Writes protocol messages as compact JSON lines with sorted keys, so the same value always gives the same bytes
/// (`JSONValueEncoder` and `JSONWriter`: what Foundation's `JSONEncoder` writes, without asking the runtime).
public struct WireEncoder {
  /// How times are said to the client this encoder writes for: the results made for it say their tasks' times
  /// with it (`Wire.Task(_:saying:)`), and the encoder says the other results' (`SaysTimes`).
  public let speaker: Speaker?

  public init(speaker: Speaker? = nil) { self.speaker = speaker }

  /// The JSON of a value, without a newline.
  public func encode(_ value: some Encodable) throws -> Data {
    Data(try JSONValueEncoder.bytes(value))
  }

  /// A success response line (ending in `\n`); with a speaker, its times said (`SaysTimes`).
  public func response(id: RequestID, result: some Encodable) throws -> Data {
    let said = speaker?.saying(result) ?? result
    // A result that writes itself (a listing, a page of the log) goes straight to bytes: the same bytes, no tree.
    if let written = said as? any JSONBytesWritable { return Data(WireLines.response(id: id, writing: written)) }
    return Data(try WireLines.response(id: id, result: said))
  }

  /// A success response line around a result already encoded with `encode` (a kept one): the same bytes as
  /// `response(id:result:)` would write.
  public func response(id: RequestID, encodedResult: Data) throws -> Data {
    var data = Data(#"{"id":"#.utf8)
    data.append(try encode(id))
    data.append(contentsOf: #","jsonrpc":"2.0","result":"#.utf8)
    data.append(encodedResult)
    data.append(contentsOf: "}\n".utf8)
    return data
  }

  /// An error response line (ending in `\n`).
  public func response(id: RequestID?, error: StrideError) -> Data { Data(WireLines.response(id: id, error: error)) }

  /// A notification line (ending in `\n`): a method call that expects no answer; with a speaker, its times said.
  public func notification(method: String, params: some Encodable) throws -> Data {
    let said = speaker?.saying(params) ?? params
    // Params that write themselves (a part of a listing) go straight to bytes, as a result does.
    if let written = said as? any JSONBytesWritable {
      return Data(WireLines.notification(method: method, writing: written))
    }
    return Data(try WireLines.notification(method: method, params: said))
  }
}
