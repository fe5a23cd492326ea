import StrideBase
import StrideJSON
import StrideTransport
import StrideWire

/// Why a call to the daemon did not give an answer.
public enum ClientError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No daemon could be reached (or started), or it stopped answering; the CLI exits 69.
  case unreachable(String)
  /// The daemon answered with an error.
  case failed(StrideError)

  public var description: String {
    switch self {
    case .unreachable(let message): message
    case .failed(let error): error.message
    }
  }
}

/// A method's result, with the JSON it was read from: `--json` prints what the daemon sent, whatever the client's
/// type reads of it. Its members are the result's (`answer.task`).
@dynamicMemberLookup
public struct Answer<Result: Sendable>: Encodable, Sendable {
  public let result: Result
  public let json: JSONValue

  public init(result: Result, json: JSONValue) {
    self.result = result
    self.json = json
  }

  public subscript<Member>(dynamicMember member: KeyPath<Result, Member>) -> Member { result[keyPath: member] }

  /// Writes the reply as it came.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(json)
  }
}

/// A connection to the daemon: checks the greeting, then sends requests and reads their replies in order.
public final class StrideClient {
  public let hello: ServerHello
  private let socket: UnixSocket
  private var framer = LineFramer(maxLineBytes: 256 << 20)
  private var pending: [[UInt8]] = []
  private var nextID: Int64 = 1
  /// The person's zone and date order, sent with the first request (one write, no wait of its own).
  private var context: ClientContext.Params?
  /// Whether the daemon refused the context (a zone it does not know): it then reads and says times in its own.
  public private(set) var contextRefused = false

  /// Connects to the socket at `path` and reads the greeting. `timeout` bounds each wait for the daemon; `context`
  /// is where the person is, so the daemon reads and says times as they would.
  public init(path: String, timeout: Double = 30, context: ClientContext.Params? = nil) throws(ClientError) {
    self.context = context
    do {
      socket = try UnixSocket.connect(path: path)
    } catch {
      throw ClientError.unreachable(
        error.meansNobodyListening
          ? "strided is not running at \(path); start it with 'stride daemon start'"
          : "cannot reach strided at \(path): \(error)")
    }
    socket.setTimeouts(receive: timeout, send: timeout)
    let greeting = try Self.readLine(socket, &framer, &pending)
    let message = try? IncomingMessage(line: greeting)
    guard let message, message.method == ServerHello.method, let params = message.params,
      let hello = try? ServerHello(json: params)
    else {
      if let error = message?.error {
        throw ClientError.unreachable("strided refused the connection: \(error.message)")
      }
      throw ClientError.unreachable("something at \(path) answered, but it is not strided")
    }
    guard hello.protocol == protocolVersion else {
      let mismatch = "protocol version mismatch: strided speaks protocol \(hello.protocol) and this stride speaks "
      throw ClientError.unreachable(
        hello.protocol > protocolVersion
          ? mismatch + "\(protocolVersion), an older one; run this command again with the stride installed with strided"
          : mismatch + "\(protocolVersion); restart the daemon with 'stride daemon stop' so the matching one starts")
    }
    self.hello = hello
  }

  /// Calls a method and returns its result.
  public func call<M: WireMethod>(_ method: M.Type, _ params: M.Params) throws(ClientError) -> M.Result {
    try answer(method, params).result
  }

  /// Calls a method and returns its result with the JSON it came as.
  public func answer<M: WireMethod>(
    _ method: M.Type, _ params: M.Params
  ) throws(ClientError) -> Answer<M.Result> {
    let id = try send(method, params)
    let json: JSONValue
    do {
      json = try reply(to: id, of: M.name)
    } catch {
      // Without parts nothing else throws.
      throw error as? ClientError ?? .unreachable("\(error)")
    }
    do {
      return Answer(result: try M.readResult(json), json: json)
    } catch {
      throw ClientError.unreachable("strided sent a reply to \(M.name) that this stride cannot read: \(error)")
    }
  }

  /// Calls a method asking for its reply in parts (Docs/protocol.md, "Replies in parts"): `part` is handed each
  /// part's result as it comes, in order, and the summary that ends the reply is returned. An error the daemon ends
  /// the reply with is thrown after the parts before it were handed on. A daemon that answers whole instead (one
  /// from before parts) has its result handed on as the one part, and nil returned.
  public func answerInParts<M: WireMethod>(
    _ method: M.Type, _ params: M.Params, part: ([UInt8]) throws -> Void
  ) throws -> ReplyParts.Summary? {
    let id = try send(method, params, inParts: true)
    var parts = 0
    let json = try reply(to: id, of: M.name, inParts: true) { result throws in
      parts += 1
      try part(result)
    }
    guard let summary = try? ReplyParts.Summary(json: json) else {
      guard parts == 0 else {
        throw ClientError.unreachable("strided ended a reply to \(M.name) in parts with something else")
      }
      try part(JSONWriter.write(json))
      return nil
    }
    return summary
  }

  /// Sends a request for `method` (with the context first while it has not been sent), and returns its id.
  private func send<M: WireMethod>(
    _ method: M.Type, _ params: M.Params, inParts: Bool = false
  ) throws(ClientError) -> RequestID {
    // The context goes first, in the same write, while it has not been sent.
    let first = try context.map { context throws(ClientError) in try encoded(ClientContext.self, context) }
    let (line, id) = try encoded(method, params, inParts: inParts)
    let request = (first?.line ?? []) + line
    // Sent anyway, it would be cut off with the connection; say so while it can still be split.
    guard line.count <= hello.limits.maxLineBytes else {
      throw ClientError.failed(
        StrideError(
          .payloadTooLarge,
          "this \(M.name) request is \(Self.megabytes(line.count)), more than the "
            + "\(Self.megabytes(hello.limits.maxLineBytes)) strided reads at once; split it into smaller parts (for an import, several smaller files)"
        ))
    }
    do {
      try socket.write(request)
    } catch {
      throw ClientError.unreachable("strided stopped answering (\(error))")
    }
    if let first {
      context = nil
      try readContextReply(first.id)
    }
    return id
  }

  /// The result of the response to request `id`; the results of the `reply.part` notifications for it that come
  /// before it go to `part`, as the daemon wrote them (a part is read without a tree: a long listing's parts are
  /// most of what a client reads); other notifications are passed over.
  private func reply(
    to id: RequestID, of name: String, inParts: Bool = false, part: ([UInt8]) throws -> Void = { _ in }
  ) throws -> JSONValue {
    while true {
      let line = try Self.readLine(socket, &framer, &pending)
      if inParts, let result = try Self.partResult(in: line, for: id, of: name) {
        try part(result)
        continue
      }
      let message: IncomingMessage
      do {
        message = try IncomingMessage(line: line)
      } catch {
        throw ClientError.unreachable("strided sent a reply to \(name) that this stride cannot read: \(error)")
      }
      // Notifications (no id) may arrive between replies; they are not the answer. A part whose members came in
      // another order than their keys' is read from its tree.
      guard message.id != nil || message.error != nil else {
        if message.method == ReplyParts.method, case .object(let fields)? = message.params, fields["id"] == id.json,
          let result = fields["result"]
        {
          try part(JSONWriter.write(result))
        }
        continue
      }
      if let error = message.error { throw ClientError.failed(error.strideError) }
      guard message.id == id, let json = message.result else {
        throw ClientError.unreachable("strided answered out of order")
      }
      return json
    }
  }

  /// The result of a part of the reply to request `id` when `line` is one, as the daemon wrote it.
  private static func partResult(
    in line: [UInt8], for id: RequestID, of name: String
  ) throws(ClientError) -> [UInt8]? {
    do {
      return try ReplyParts.result(in: line, for: id)
    } catch {
      throw ClientError.unreachable("strided sent a reply to \(name) that this stride cannot read: \(error)")
    }
  }

  /// Reads the context's reply, which comes before the first request's. A refusal (a zone the daemon does not know)
  /// is kept in `contextRefused`, and the daemon reads in its own zone; the daemon's last word (it is stopping, the
  /// connection was idle) is thrown as it would be for any call.
  private func readContextReply(_ id: RequestID) throws(ClientError) {
    while true {
      let line = try Self.readLine(socket, &framer, &pending)
      guard let message = try? IncomingMessage(line: line) else {
        throw ClientError.unreachable("strided sent a reply to \(ClientContext.name) that this stride cannot read")
      }
      if message.id == id {
        contextRefused = message.error != nil
        return
      }
      if message.id == nil, let error = message.error { throw ClientError.failed(error.strideError) }
    }
  }

  /// A request line for `method`, and its id.
  private func encoded<M: WireMethod>(
    _ method: M.Type, _ params: M.Params, inParts: Bool = false
  ) throws(ClientError) -> (line: [UInt8], id: RequestID) {
    let id = RequestID.number(nextID)
    nextID += 1
    do {
      let line = try M.requestLine(id: id, params: params)
      guard inParts else { return (line, id) }
      // The request asks for parts with one more param.
      guard case .object(var request) = try JSONReader.parse(line), case .object(var fields) = request["params"]
      else { return (line, id) }
      fields[ReplyParts.param] = .bool(true)
      request["params"] = .object(fields)
      return (JSONWriter.write(.object(request)) + [0x0A], id)
    } catch {
      throw ClientError.unreachable("the request to \(M.name) could not be written: \(error)")
    }
  }

  /// From now on, reads wait as long as it takes: a quiet hour is normal for a subscription.
  public func waitIndefinitely() {
    socket.setTimeouts(receive: 0, send: 10)
  }

  /// The next notification on this connection (an event, on a subscribed one): its method and params. The daemon's
  /// last word when it ends the connection (it is stopping, or this client fell behind) comes as
  /// `ClientError.failed`; a closed connection as `unreachable`.
  public func nextNotification() throws(ClientError) -> (method: String, params: JSONValue) {
    while true {
      let line = try Self.readLine(socket, &framer, &pending)
      guard let message = try? IncomingMessage(line: line) else {
        throw ClientError.unreachable("strided sent an event this stride cannot read")
      }
      if let error = message.error { throw ClientError.failed(error.strideError) }
      guard let method = message.method, let params = message.params else { continue }
      return (method, params)
    }
  }

  private static func megabytes(_ bytes: Int) -> String {
    (Double(bytes) / 1_048_576).fixed(1) + " MB"
  }

  private static func readLine(
    _ socket: UnixSocket, _ framer: inout LineFramer, _ pending: inout [[UInt8]]
  ) throws(ClientError) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while pending.isEmpty {
      let count: Int
      do {
        count = try socket.read(into: &buffer)
      } catch {
        throw ClientError.unreachable("strided did not answer in time (\(error))")
      }
      guard count > 0 else { throw ClientError.unreachable("strided closed the connection") }
      for frame in framer.append(buffer[0..<count]) {
        guard case .line(let line) = frame else { throw ClientError.unreachable("strided sent an oversized line") }
        pending.append(line)
      }
    }
    return pending.removeFirst()
  }
}
