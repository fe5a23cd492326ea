import StrideBase
import StrideClientKit
import StrideJSON
import StrideWire

/// The stateless era (revision 2026-07-28): no handshake; each request carries its revision and the client's
/// capabilities in `params._meta`, `server/discover` says what the server speaks, and a client hears of changes
/// through the one long answer of `subscriptions/listen`.
extension MCPServer {
  static let versionKey = "io.modelcontextprotocol/protocolVersion"
  static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
  static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
  static let subscriptionKey = "io.modelcontextprotocol/subscriptionId"
  /// MCP's "unsupported protocol version".
  static let unsupportedVersion: Int64 = -32022
  /// Results a client may keep (none of Stride's for long: the tasks change under them).
  static let cacheable: Set<String> = [
    "server/discover", "tools/list", "resources/list", "resources/templates/list", "resources/read",
  ]

  /// Whether a request carries the stateless era's envelope (its revision in `_meta`).
  static func isEnveloped(_ params: [String: JSONValue]) -> Bool {
    if case .object(let meta)? = params["_meta"] { meta[versionKey] != nil } else { false }
  }

  /// A request of the stateless era: its envelope checked, then answered, the result stamped as the revision asks.
  func stateless(_ id: RequestID, _ method: String, _ params: [String: JSONValue]) -> Result<JSONValue?, Failure> {
    if method == "initialize" {
      return .failure(unsupported(params["protocolVersion"], "this connection began without initialize"))
    }
    if let refusal = envelopeFault(params) { return .failure(refusal) }
    let answer: Result<JSONValue, Failure>
    switch method {
    case "subscriptions/listen": return listen(id, params).map { nil }
    case "server/discover":
      answer = .success(
        .object([
          "supportedVersions": .array(Self.statelessVersions.map(JSONValue.string)),
          "capabilities": Self.capabilities, "serverInfo": Self.serverInfo,
          "instructions": .string(Self.instructions),
        ]))
    case "ping": answer = .success(.object([:]))
    case "resources/subscribe", "resources/unsubscribe":
      answer = .failure(
        Failure(.methodNotFound, "\(method) belongs to the handshake revisions; send subscriptions/listen instead"))
    default: answer = methods(method, params)
    }
    return answer.map { stamped($0, cacheable: Self.cacheable.contains(method)) }
  }

  /// What is wrong with a request's envelope, if anything.
  private func envelopeFault(_ params: [String: JSONValue]) -> Failure? {
    guard case .object(let meta)? = params["_meta"], meta[Self.capabilitiesKey] != nil,
      let asked = meta[Self.versionKey]
    else {
      return Failure(
        .invalidParams, "params._meta must carry \(Self.versionKey) and \(Self.capabilitiesKey) on every request")
    }
    guard case .string(let version) = asked else {
      return Failure(.invalidParams, "\(Self.versionKey) must be a string, not \(asked.kindDescription)")
    }
    return Self.statelessVersions.contains(version) ? nil : unsupported(asked, "revision \(version) is not spoken here")
  }

  private func unsupported(_ requested: JSONValue?, _ why: String) -> Failure {
    let spoken = Self.statelessVersions.joined(separator: ", ")
    var data: [String: JSONValue] = ["supported": .array(Self.statelessVersions.map(JSONValue.string))]
    if let requested { data["requested"] = requested }
    return Failure(code: Self.unsupportedVersion, "\(why); this connection speaks \(spoken)", data)
  }

  /// A result as the stateless revision writes it: complete, the server named, and how long it may be kept.
  private func stamped(_ result: JSONValue, cacheable: Bool) -> JSONValue {
    guard case .object(var fields) = result else { return result }
    fields["resultType"] = .string("complete")
    fields["_meta"] = .object([Self.serverInfoKey: Self.serverInfo])
    if cacheable { (fields["ttlMs"], fields["cacheScope"]) = (.integer(0), .string("private")) }
    return .object(fields)
  }

  /// Opens the listen stream: acknowledged with what will be sent (the now-list's changes, if asked for), then a
  /// notice for each change, each naming this request. One stream at a time: a new one ends the last one's.
  private func listen(_ id: RequestID, _ params: [String: JSONValue]) -> Result<Void, Failure> {
    guard case .object(let wanted)? = params["notifications"] else {
      return .failure(
        Failure(.invalidParams, "subscriptions/listen needs \"notifications\", the kinds of change to hear of"))
    }
    let tag: [String: JSONValue] = [Self.subscriptionKey: id.json]
    var honored: [String: JSONValue] = [:]
    if case .array(let uris)? = wanted["resourceSubscriptions"], uris.contains(.string(Self.nowURI)) {
      honored["resourceSubscriptions"] = .array([.string(Self.nowURI)])
    }
    var first = listening.flatMap(ended) ?? []
    guard
      let ack = try? WireLines.notification(
        method: "notifications/subscriptions/acknowledged",
        params: JSONValue.object(["notifications": .object(honored), "_meta": .object(tag)])),
      let notice = Self.nowChanged(tag: tag)
    else { return .failure(Failure(.internalError, "the acknowledgement could not be written")) }
    first.append(contentsOf: ack)
    listening = id
    backend.watchNow(honored.isEmpty ? nil : notice, after: first)
    return .success(())
  }

  /// The graceful end of a listen stream: its request's answer.
  private func ended(_ id: RequestID) -> [UInt8]? {
    try? WireLines.response(
      id: id,
      result: JSONValue.object(["resultType": .string("complete"), "_meta": .object([Self.subscriptionKey: id.json])]))
  }

  /// `notifications/cancelled` for the open listen stream ends it (its answer is not sent: it was cancelled).
  func cancel(_ requestID: JSONValue?) {
    guard let listening, requestID == listening.json else { return }
    self.listening = nil
    backend.watchNow(nil, after: nil)
  }
}

extension RequestID {
  var json: JSONValue {
    switch self {
    case .number(let number): .integer(number)
    case .string(let text): .string(text)
    }
  }
}
