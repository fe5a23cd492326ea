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

extension TaskSaid: JSONReadable {
  public convenience init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a task's times in words")
    self.init(
      due: try field.optional("due"), start: try field.optional("start"), followUp: try field.optional("followUp"),
      created: try field("created"), done: try field.optional("done"), backOn: try field.optional("backOn"),
      deferral: try field.optional("deferral"), missed: try field.optional("missed"), notes: try field("notes"))
  }
}

extension HiddenEntry: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a hidden task")
    self.init(id: try field("id"), title: try field("title"), reason: try field("reason"), detail: try field("detail"))
  }
}

extension Wire.Task: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a task")
    id = try field("id")
    title = try field("title")
    rawInput = try field("rawInput")
    energy = try field("energy")
    estimateMinutes = try field.optional("estimateMinutes")
    status = try field("status")
    type = try field("type")
    subtasks = try field("subtasks")
    progress = try field("progress")
    blockedBy = try field("blockedBy")
    due = try field.optional("due")
    start = try field.optional("start")
    tags = try field("tags")
    deferral = try field.optional("deferral")
    deferCount = try field("deferCount")
    waitingFor = try field.optional("waitingFor")
    followUp = try field.optional("followUp")
    createdAt = try field("createdAt")
    completedAt = try field.optional("completedAt")
    `repeat` = try field.optional("repeat")
    pinned = try field("pinned")
    notes = try field("notes")
    list = try field.optional("list")
    said = try field.optional("said")
  }
}

extension Wire.Step: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a step")
    self.init(index: try field("index"), title: try field("title"), done: try field("done"))
  }
}

extension Wire.Deferral: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a deferral")
    self.init(reason: try field("reason"), at: try field("at"), until: try field.optional("until"))
  }
}

extension Wire.Note: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a note")
    self.init(at: try field("at"), text: try field("text"))
  }
}

extension Wire.Repeat: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a routine's rule")
    self.init(words: try field("words"), missed: try field.optional("missed"))
  }
}

extension Wire.Suggestion: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a suggestion")
    self.init(
      kind: try field("kind"), task: try field("task"), step: try field.optional("step"),
      prompt: try field.optional("prompt"), why: try field("why"))
  }
}

extension Wire.NowResult: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a now-list")
    self.init(
      suggestions: try field("suggestions"), openTasks: try field("openTasks"), energy: try field.optional("energy"),
      hidden: try field.optional("hidden"), overdue: try field("overdue"), tagged: try field.optional("tagged"),
      outOfViewLong: try field.optional("outOfViewLong"), outOfViewDays: try field.optional("outOfViewDays"))
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
      until: try field("until"))
  }
}

extension Wire.TaskResult: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a task's reply")
    task = try field("task")
    repeatsElsewhere = try field.optional("repeatsElsewhere")
    // Only `task.get` has them, and only after a sync met a conflict.
    syncConflicts = try field.decoded("syncConflicts")
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

extension DraftSaid: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a capture's reading in words")
    self.init(
      due: try field.optional("due"), start: try field.optional("start"), readAs: try field.optional("readAs"),
      passed: try field.optional("passed"))
  }
}

extension Wire.Draft: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a capture's draft")
    title = try field("title")
    rawInput = try field("rawInput")
    steps = try field("steps")
    energy = try field("energy")
    estimateMinutes = try field.optional("estimateMinutes")
    type = try field("type")
    due = try field.optional("due")
    start = try field.optional("start")
    tags = try field("tags")
    `repeat` = try field.optional("repeat")
    spans = try field("spans")
    list = try field.optional("list")
    said = try field.optional("said")
  }
}

extension Wire.CaptureResult: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a capture's reply")
    self.init(
      task: try field.optional("task"), draft: try field.optional("draft"),
      duplicateOf: try field.optional("duplicateOf"), missingList: try field.optional("missingList"))
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
