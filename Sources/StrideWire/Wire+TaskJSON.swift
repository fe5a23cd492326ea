import StrideBase
import StrideJSON

// What a task and a capture's draft hold on the wire (steps, deferrals, notes, a rule, times in words), the draft and
// a capture's reply, each read and written here by hand (`JSONReadable`, `JSONWritable`), with Codable made of the
// two where a reply holds them. The task itself is in Wire+Task.swift.

extension StepProgress {
  /// How many of the steps are done.
  init(_ steps: [Wire.Step]) { self.init(done: steps.count(where: \.done), total: steps.count) }
}

extension Wire.Step: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a step")
    self.init(
      index: try field("index"), title: try field("title"), done: try field("done"),
      completedAt: try field.optional("completedAt"))
  }

  public var json: JSONValue {
    .object([
      "index": .integer(Int64(index)), "title": .string(title), "done": .bool(done),
      "completedAt": .orNull(completedAt?.json),
    ])
  }
}

extension Wire.Deferral: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a deferral")
    self.init(
      reason: try field("reason"), at: try field("at"), until: try field.optional("until"),
      energy: try field.optional("energy"))
  }

  public var json: JSONValue {
    .object([
      "reason": .string(reason.rawValue), "at": at.json, "until": .orNull(until?.json),
      "energy": .orNull(energy.map { .string($0.rawValue) }),
    ])
  }
}

extension Wire.Note: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a note")
    self.init(at: try field("at"), text: try field("text"))
  }

  public var json: JSONValue { .object(["at": at.json, "text": .string(text)]) }
}

extension Wire.Repeat: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a routine's rule")
    self.init(
      rule: try field("rule"), afterDone: try field("afterDone"), words: try field("words"),
      missed: try field.optional("missed"))
  }

  public var json: JSONValue {
    .fields([
      "rule": .string(rule), "afterDone": .bool(afterDone), "words": .string(words),
      "missed": missed.map { .integer(Int64($0)) },
    ])
  }
}

extension Wire.Draft: JSONReadable, JSONWritable, JSONEncodableByHand, Codable {
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
    spans = try field.optional("spans") ?? []
    list = try field.optional("list")
    said = try field.optional("said")
  }

  public var json: JSONValue {
    var fields: [String: JSONValue] = [
      "title": .string(title), "rawInput": .string(rawInput), "steps": .array(steps.map(JSONValue.string)),
      "energy": .string(energy.rawValue), "estimateMinutes": .orNull(estimateMinutes.map { .integer(Int64($0)) }),
      "type": .string(type.rawValue), "due": .orNull(due?.json), "start": .orNull(start?.json),
      "tags": .array(tags.map(JSONValue.string)), "spans": .array(spans.map(\.json)),
      "list": .orNull(list.map(JSONValue.string)), "repeat": .orNull(`repeat`?.json),
    ]
    if let said { fields["said"] = said.json }
    return .object(fields)
  }
}

extension Wire.CaptureResult: JSONReadable, JSONWritable, JSONEncodableByHand, Codable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a capture's reply")
    self.init(
      task: try field.optional("task"), draft: try field.optional("draft"),
      duplicateOf: try field.optional("duplicateOf"), missingList: try field.optional("missingList"))
  }

  public var json: JSONValue {
    .fields([
      "task": task?.json, "draft": draft?.json, "duplicateOf": duplicateOf?.json,
      "missingList": missingList.map(JSONValue.string),
    ])
  }
}

extension TaskSaid: JSONReadable, JSONWritable {
  public convenience init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a task's times in words")
    self.init(
      due: try field.optional("due"), start: try field.optional("start"), followUp: try field.optional("followUp"),
      created: try field("created"), done: try field.optional("done"), backOn: try field.optional("backOn"),
      deferral: try field.optional("deferral"), missed: try field.optional("missed"), notes: try field("notes"),
      focus: try field.optional("focus"))
  }

  public var json: JSONValue {
    .fields([
      "due": due.map(JSONValue.string), "start": start.map(JSONValue.string),
      "followUp": followUp.map(JSONValue.string), "created": .string(created), "done": done.map(JSONValue.string),
      "backOn": backOn.map(JSONValue.string), "deferral": deferral.map(JSONValue.string),
      "missed": missed.map(JSONValue.string), "notes": .array(notes.map(JSONValue.string)),
      "focus": focus.map(JSONValue.string),
    ])
  }
}

extension DraftSaid: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a capture's reading in words")
    self.init(
      due: try field.optional("due"), start: try field.optional("start"), readAs: try field.optional("readAs"),
      passed: try field.optional("passed"))
  }

  public var json: JSONValue {
    .fields([
      "due": due.map(JSONValue.string), "start": start.map(JSONValue.string),
      "readAs": readAs.map(JSONValue.string), "passed": passed.map(JSONValue.string),
    ])
  }
}

extension CaptureSpan: JSONWritable {
  public var json: JSONValue {
    .fields([
      "field": .string(field.rawValue), "text": .string(text), "start": .integer(Int64(start)),
      "end": .integer(Int64(end)), "reason": reason.map(JSONValue.string),
    ])
  }
}

extension JSONWritable where Self: JSONReadable {
  /// Written as `json`, through any encoder.
  public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }

  /// Read from any decoder as `init(json:)` reads it.
  public init(from decoder: Decoder) throws { try self.init(json: JSONValue(from: decoder)) }
}

extension JSONEncodableByHand where Self: JSONWritable {
  public func json(userInfo: [CodingUserInfoKey: Any]) -> JSONValue { json }
}

extension TaskID {
  var json: JSONValue { .integer(rawValue) }
}

extension Timestamp {
  var json: JSONValue { .string(rfc3339) }
}

extension JSONValue {
  /// A value, or `null` for none (what Codable's `encode` writes of a nil optional; `encodeIfPresent` leaves it out).
  static func orNull(_ value: JSONValue?) -> JSONValue { value ?? .null }
}
