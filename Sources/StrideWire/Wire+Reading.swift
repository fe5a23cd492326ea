import StrideBase
import StrideJSON

// The replies a client reads most (`now.list`, a task's, a capture's, and every message's envelope), read by hand: see
// `JSONReadable`. WireParityTests reads every documented reply both ways and expects the same values.

extension WireMethod {
  /// Reads a reply's result through Codable.
  public static func readResult(_ json: JSONValue) throws -> Result {
    try JSONValueDecoder.decode(Result.self, from: json)
  }
}

extension WireMethod where Result: JSONReadable {
  /// Reads a reply's result by hand.
  public static func readResult(_ json: JSONValue) throws -> Result {
    try Result(json: json)
  }
}

extension EnergyLevel: JSONReadable {}
extension TaskStatus: JSONReadable {}
extension TaskType: JSONReadable {}
extension DeferReason: JSONReadable {}
extension SuggestionKind: JSONReadable {}
extension HiddenReason: JSONReadable {}
extension FocusEnding: JSONReadable {}

extension TaskID: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) { self.init(try Int64(json: json)) }
}

extension Timestamp: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let text = try String(json: json)
    guard let instant = Timestamp(rfc3339: text) else { throw JSONUnreadable("'\(text)' is not an RFC 3339 time") }
    self = instant
  }
}

extension StepProgress: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a task's progress")
    self.init(done: try field("done"), total: try field("total"))
  }
}

extension SuggestionStep: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a suggestion's step")
    self.init(index: try field("index"), title: try field("title"))
  }
}

extension HiddenEntry: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a hidden task")
    self.init(id: try field("id"), title: try field("title"), reason: try field("reason"), detail: try field("detail"))
  }
}

extension ServerHello: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "the daemon's greeting")
    let limits = try JSONFields(try field("limits") as JSONValue, "the daemon's limits")
    self.init(
      protocol: try field("protocol"), server: try field("server"),
      limits: Limits(maxLineBytes: try limits("maxLineBytes"), maxConnections: try limits("maxConnections")))
  }
}

extension NowPrompt.Result: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a prompt line")
    self.init(
      task: try field.optional("task"), title: try field.optional("title"), more: try field("more"),
      until: try field("until"), focus: try field.decoded("focus"))
  }
}

extension Wire.TaskResult: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a task's reply")
    task = try field("task")
    repeatsElsewhere = try field.optional("repeatsElsewhere")
    // Only `task.get` has them, and only after a sync met a conflict.
    syncConflicts = try field.decoded("syncConflicts")
    counted = try field.decoded("counted")
  }
}

extension CaptureSpan.Field: JSONReadable {}

extension CaptureSpan: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a span of a capture")
    self.init(
      field: try field("field"), text: try field("text"), start: try field("start"), end: try field("end"),
      reason: try field.optional("reason"))
  }
}

extension RequestID: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    switch json {
    case .integer(let number): self = .number(number)
    case .string(let text): self = .string(text)
    default: throw JSONUnreadable("an id is neither a number nor a string")
    }
  }
}

extension IncomingMessage: JSONReadable {
  /// Reads a line as a message.
  public init(line: some Collection<UInt8>) throws {
    try self.init(json: try JSONReader.parse(line))
  }

  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a message")
    id = try field.optional("id")
    method = try field.optional("method")
    result = try field.optional("result")
    params = try field.optional("params")
    // Errors are rare: read through Codable.
    error = try field.decoded("error")
  }
}
