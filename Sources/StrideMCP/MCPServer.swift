import StrideBase
import StrideClientKit
import StrideJSON
import StrideWire

/// What the MCP server asks of the program around it: run a tool, read the now-list, and start or stop telling it
/// when the now-list changes. `stride mcp` answers through the same calls and sentences as the CLI.
public protocol MCPBackend: AnyObject {
  /// Runs a tool; a failure is a result with `isError` and Stride's sentence, never a thrown error.
  func run(_ tool: MCPTool, _ arguments: [String: JSONValue]) -> MCPToolResult
  /// The now-list as a resource's contents: sentences, and the same as JSON.
  func readNow() -> Result<[JSONValue], StrideError>
  /// Starts telling the client of changes to the now-list with the line `notice` (nil: stops), after writing the
  /// lines `first` (an acknowledgement that must come before any notice) if there are any.
  func watchNow(_ notice: [UInt8]?, after first: [UInt8]?)
}

/// What a tool call gives back: a sentence for people (and models), and the daemon's reply as structured content.
public struct MCPToolResult: Sendable {
  public var text: String
  public var structured: JSONValue?
  public var isError: Bool

  public init(text: String, structured: JSONValue? = nil, isError: Bool = false) {
    self.text = text
    self.structured = structured
    self.isError = isError
  }

  var json: JSONValue {
    var fields: [String: JSONValue] = [
      "content": .array([.object(["type": .string("text"), "text": .string(text)])]), "isError": .bool(isError),
    ]
    if let structured { fields["structuredContent"] = structured }
    return .object(fields)
  }
}

/// A Model Context Protocol server over one stream of JSON-RPC 2.0 lines (stdio), with tools and one resource
/// (`stride://now`) that a client may hear of changes to. It speaks both eras of the protocol: the handshake
/// (`initialize`, revisions 2024-11-05 to 2025-11-25) and the stateless revision 2026-07-28 (`server/discover`, a
/// `_meta` envelope on every request, `subscriptions/listen`); the client's first request decides which, once.
/// It holds the session's state and nothing of the tasks: every tool goes to the backend. A line that is not a
/// message it can read gets a JSON-RPC error, and the server keeps going.
public final class MCPServer {
  /// The handshake revisions, oldest first; a client asking for another gets the newest.
  public static let handshakeVersions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
  /// The stateless revisions: each request names one of these in its `_meta`.
  public static let statelessVersions = ["2026-07-28"]
  /// The resource that holds the now-list.
  public static let nowURI = "stride://now"

  /// How a connection speaks, decided by its first request.
  enum Era: Equatable {
    /// `initialize` first: the revision agreed there (nil before it).
    case handshake(String?)
    /// Every request carries its revision in `_meta`.
    case stateless
  }

  let backend: MCPBackend
  var era: Era?
  /// The `subscriptions/listen` request whose stream is open (stateless era), if one is.
  var listening: RequestID?

  public init(backend: MCPBackend) { self.backend = backend }

  /// The revision this connection speaks; nil before the handshake.
  public var version: String? {
    switch era {
    case .handshake(let agreed)?: agreed
    case .stateless?: Self.statelessVersions.last
    case nil: nil
    }
  }

  /// The answer to one line, with its newline; nil when nothing is owed (a notification, a client's response, or
  /// a `subscriptions/listen` whose stream the backend now writes).
  public func handle(_ line: some Collection<UInt8>) -> [UInt8]? {
    guard let value = try? JSONReader.parse(line) else {
      return failure(nil, .parseError, "the line is not valid JSON (or not UTF-8); send one JSON-RPC message per line")
    }
    if case .array(let batch) = value, version == Self.batchVersion {
      return answer(batch)
    }
    return answer(value)
  }

  /// The one revision whose clients may send a JSON-RPC batch (it requires servers to take one; later ones forbid it).
  static let batchVersion = "2025-03-26"

  /// A batch's answers as one array, or nothing when every message in it was a notification.
  private func answer(_ batch: [JSONValue]) -> [UInt8]? {
    guard !batch.isEmpty else { return failure(nil, .invalidRequest, "a batch must hold at least one message") }
    let replies = batch.compactMap { answer($0) }.compactMap { try? JSONReader.parse($0.dropLast()) }
    guard !replies.isEmpty else { return nil }
    return JSONWriter.write(.array(replies)) + [0x0A]
  }

  /// The answer to one message.
  private func answer(_ value: JSONValue) -> [UInt8]? {
    guard case .object(let message) = value else {
      return failure(nil, .invalidRequest, "a message must be one JSON object (batches are not used by MCP)")
    }
    let id: RequestID?
    switch message["id"] {
    case nil: id = nil
    case .integer(let number)?: id = .number(number)
    case .string(let text)?: id = .string(text)
    case .null?:
      return failure(
        nil, .invalidRequest, "\"id\" must not be null; use a number or a string, or leave it out of a notification")
    case .double?:
      return failure(nil, .invalidRequest, "\"id\" must be a whole number or a string, not a fraction")
    case .some(let other):
      return failure(nil, .invalidRequest, "\"id\" must be a number or a string, not \(other.kindDescription)")
    }
    guard case .string(let method)? = message["method"] else {
      if let other = message["method"] {
        return failure(id, .invalidRequest, "\"method\" must be a string, not \(other.kindDescription)")
      }
      // A response to a request of ours (the server sends none), or nothing readable: owed no answer unless asked.
      return message["result"] != nil || message["error"] != nil
        ? nil : failure(id, .invalidRequest, "\"method\" is missing")
    }
    let params: [String: JSONValue]
    switch message["params"] {
    case nil, .null?: params = [:]
    case .object(let fields)?: params = fields
    case .some(let other):
      return id.map { failure($0, .invalidParams, "\"params\" must be an object, not \(other.kindDescription)") }
    }
    guard let id else {
      // A notification: `notifications/initialized`, or `notifications/cancelled` (which may end a listen stream).
      if method == "notifications/cancelled" { cancel(params["requestId"]) }
      return nil
    }
    guard message["jsonrpc"] == .string("2.0") else {
      return failure(id, .invalidRequest, "\"jsonrpc\" must be \"2.0\"")
    }
    if era == nil {
      era = method != "initialize" && Self.isEnveloped(params) ? .stateless : .handshake(nil)
    }
    let answer = era == .stateless ? stateless(id, method, params) : handshake(method, params)
    switch answer {
    case .success(nil): return nil
    case .success(let result?):
      return (try? WireLines.response(id: id, result: result))
        ?? failure(id, .internalError, "the answer could not be written")
    case .failure(let failure): return WireLines.response(id: id, error: failure.error)
    }
  }

  /// The notification to send when the now-list changed (to a client subscribed to it in the handshake era).
  public static var nowChanged: [UInt8]? { nowChanged(tag: nil) }

  /// The notice, with `_meta` when the stateless revision tags it with the listen it answers.
  static func nowChanged(tag: [String: JSONValue]?) -> [UInt8]? {
    var params: [String: JSONValue] = ["uri": .string(nowURI)]
    if let tag { params["_meta"] = .object(tag) }
    return try? WireLines.notification(method: "notifications/resources/updated", params: JSONValue.object(params))
  }

  // MARK: Methods

  /// A request's failure, as the wire says it: Stride's own JSON-RPC codes, and MCP's few of its own.
  struct Failure: Error {
    var error: JSONValue
    init(_ code: StrideError.Code, _ message: String) {
      self.init(code: Int64(code.wireCode), message, ["reason": .string(code.rawValue)])
    }
    /// MCP's "resource not found".
    init(noResource message: String) {
      self.init(code: -32002, message, ["reason": .string("resource-not-found")])
    }
    init(code: Int64, _ message: String, _ data: [String: JSONValue]) {
      error = .object(["code": .integer(code), "message": .string(message), "data": .object(data)])
    }
  }

  /// The handshake era: `initialize` first, then the methods.
  private func handshake(_ method: String, _ params: [String: JSONValue]) -> Result<JSONValue?, Failure> {
    if method == "initialize" { return initialize(params).map { $0 } }
    if method == "ping" { return .success(.object([:])) }
    guard version != nil else {
      return .failure(Failure(.invalidRequest, "send initialize first; \(method) comes after it"))
    }
    if Self.isEnveloped(params) {
      return .failure(
        Failure(.invalidRequest, "this connection began with initialize, so its requests carry no revision in _meta"))
    }
    switch method {
    case "resources/subscribe", "resources/unsubscribe":
      return uri(params).map { _ in
        backend.watchNow(method == "resources/subscribe" ? Self.nowChanged : nil, after: nil)
        return .object([:])
      }
    default: return methods(method, params).map { $0 }
    }
  }

  /// The methods both eras share.
  func methods(_ method: String, _ params: [String: JSONValue]) -> Result<JSONValue, Failure> {
    switch method {
    case "tools/list": return .success(.object(["tools": .array(MCPTool.all.map(\.json))]))
    case "tools/call": return call(params)
    case "resources/list": return .success(.object(["resources": .array([Self.nowResource])]))
    case "resources/templates/list": return .success(.object(["resourceTemplates": .array([])]))
    case "resources/read":
      return uri(params).flatMap { _ in
        backend.readNow().map { .object(["contents": .array($0)]) }.mapError {
          Failure(.internalError, $0.message)
        }
      }
    default:
      return .failure(Failure(.methodNotFound, "there is no method \(method) here; tools/list shows the tools"))
    }
  }

  /// The handshake: the revision the client asks for when it is spoken here, else the latest (the client then
  /// decides whether it can speak that). Every revision's schema requires the three fields.
  private func initialize(_ params: [String: JSONValue]) -> Result<JSONValue, Failure> {
    guard case .string(let asked)? = params["protocolVersion"] else {
      let got = params["protocolVersion"].map { ", not \($0.kindDescription)" } ?? ""
      return .failure(
        Failure(.invalidParams, "initialize needs \"protocolVersion\", a revision such as \"2025-11-25\"\(got)"))
    }
    for field in ["capabilities", "clientInfo"] {
      guard case .object? = params[field] else {
        return .failure(
          Failure(.invalidParams, "initialize needs \"\(field)\", an object, as every revision of MCP says"))
      }
    }
    let agreed = Self.handshakeVersions.contains(asked) ? asked : Self.handshakeVersions.last!
    era = .handshake(agreed)
    return .success(
      .object([
        "protocolVersion": .string(agreed),
        "capabilities": Self.capabilities, "serverInfo": Self.serverInfo, "instructions": .string(Self.instructions),
      ]))
  }

  static let capabilities: JSONValue = .object([
    "tools": .object(["listChanged": .bool(false)]),
    "resources": .object(["subscribe": .bool(true), "listChanged": .bool(false)]),
  ])

  static let serverInfo: JSONValue = .object([
    "name": .string("stride"), "title": .string("Stride"), "version": .string(strideVersion),
  ])

  static let instructions =
    "Stride is a calm task list for people who find starting hard. Use now to pick what to start (it says why "
    + "each task was picked; pass the person's energy and the minutes they have), capture to add a thought "
    + "as they said it (dryRun shows how it would be read), defer with a reason when they put something off, "
    + "and done when they finish a task or a step. Say what Stride says calmly; never list overdue work as a "
    + "reproach."

  private func call(_ params: [String: JSONValue]) -> Result<JSONValue, Failure> {
    guard case .string(let name)? = params["name"] else {
      return .failure(Failure(.invalidParams, "tools/call needs the tool's name, such as \"now\""))
    }
    guard let tool = MCPTool.all.first(where: { $0.name == name }) else {
      let names = MCPTool.all.map(\.name).joined(separator: ", ")
      return .failure(Failure(.invalidParams, "there is no tool called \(name); the tools are \(names)"))
    }
    switch params["arguments"] {
    case nil, .null?: return .success(backend.run(tool, [:]).json)
    case .object(let arguments)?: return .success(backend.run(tool, arguments).json)
    case .some(let other):
      return .failure(Failure(.invalidParams, "\"arguments\" must be an object, not \(other.kindDescription)"))
    }
  }

  private func uri(_ params: [String: JSONValue]) -> Result<String, Failure> {
    guard case .string(let uri)? = params["uri"] else {
      return .failure(Failure(.invalidParams, "this method needs \"uri\", the resource's address: \(Self.nowURI)"))
    }
    guard uri == Self.nowURI else {
      return .failure(Failure(noResource: "there is no such resource; the one resource is \(Self.nowURI)"))
    }
    return .success(uri)
  }

  private static let nowResource: JSONValue = .object([
    "uri": .string(nowURI), "name": .string("now"), "title": .string("Now: the few tasks to start"),
    "description": .string("At most five tasks worth starting now, each with why it was picked."),
    "mimeType": .string("text/plain"),
  ])

  private func failure(_ id: RequestID?, _ code: StrideError.Code, _ message: String) -> [UInt8] {
    WireLines.response(id: id, error: Failure(code, message).error)
  }
}
