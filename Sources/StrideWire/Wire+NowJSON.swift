import StrideBase
import StrideJSON

// The now-list's shapes, read and written by hand as a task is (Wire+Task.swift): `stride now` reads one with
// every command, and the daemon writes one after every change for the subscribers and the kept answer.

extension Wire.Suggestion: JSONReadable, JSONWritable, JSONEncodableByHand, Codable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a suggestion")
    self.init(
      kind: try field("kind"), task: try field("task"), step: try field.optional("step"),
      prompt: try field.optional("prompt"), score: try field.optional("score") ?? 0,
      terms: try field.optional("terms") ?? [], why: try field("why"))
  }

  public var json: JSONValue {
    .object([
      "kind": .string(kind.rawValue), "task": task.json, "step": .orNull(step?.json),
      "prompt": .orNull(prompt.map(JSONValue.string)), "score": .double(TermScore.rounded(score)),
      "terms": .array(terms.map(\.json)), "why": .array(why.map(JSONValue.string)),
    ])
  }
}

extension Wire.NowResult: JSONReadable, JSONWritable, JSONEncodableByHand, Codable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a now-list")
    self.init(
      suggestions: try field("suggestions"), openTasks: try field("openTasks"), energy: try field.optional("energy"),
      hidden: try field.optional("hidden"), overdue: try field.optional("overdue") ?? 0,
      tagged: try field.optional("tagged"), outOfViewLong: try field.optional("outOfViewLong"),
      outOfViewDays: try field.optional("outOfViewDays"), focus: try field.optional("focus"))
    learnedEnergy = try field.optional("learnedEnergy")
    calendar = try field.optional("calendar")
    ahead = try field.optional("ahead")
  }

  public var json: JSONValue {
    var fields: [String: JSONValue] = [
      "suggestions": .array(suggestions.map(\.json)), "openTasks": .integer(Int64(openTasks)),
      "energy": .orNull(energy.map { .string($0.rawValue) }), "overdue": .integer(Int64(overdue)),
    ]
    if let hidden { fields["hidden"] = .array(hidden.map(\.json)) }
    if let tagged { fields["tagged"] = .integer(Int64(tagged)) }
    if let outOfViewLong { fields["outOfViewLong"] = .integer(Int64(outOfViewLong)) }
    if let outOfViewDays { fields["outOfViewDays"] = .integer(Int64(outOfViewDays)) }
    if let focus { fields["focus"] = focus.json }
    if let learnedEnergy { fields["learnedEnergy"] = learnedEnergy.json }
    if let calendar { fields["calendar"] = calendar.json }
    if let ahead { fields["ahead"] = .bool(ahead) }
    return .object(fields)
  }
}

extension SuggestionStep: JSONWritable {
  public var json: JSONValue { .object(["index": .integer(Int64(index)), "title": .string(title)]) }
}

extension HiddenEntry: JSONWritable {
  public var json: JSONValue {
    .object([
      "id": id.json, "title": .string(title), "reason": .string(reason.rawValue), "detail": .string(detail),
    ])
  }
}

extension Term: JSONReadable {}

extension TermScore: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a term of a score")
    self.init(
      term: try field("term"), input: try field("input"), value: try field("value"), weight: try field("weight"),
      contribution: try field("contribution"))
  }

  /// Numbers are rounded to 3 decimals, as `encode(to:)` writes them.
  public var json: JSONValue {
    .object([
      "term": .string(term.rawValue), "input": .string(input), "value": .double(Self.rounded(value)),
      "weight": .double(Self.rounded(weight)), "contribution": .double(Self.rounded(contribution)),
    ])
  }
}

extension LearnedEnergy: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a learned energy")
    self.init(level: try field("level"), hour: try field("hour"), finishes: try field("finishes"))
  }

  public var json: JSONValue {
    .object([
      "level": .string(level.rawValue), "hour": .integer(Int64(hour)), "finishes": .integer(Int64(finishes)),
    ])
  }
}

extension CalendarEvent: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a calendar event")
    self.init(title: try field("title"), start: try field("start"), end: try field("end"))
  }

  public var json: JSONValue { .object(["title": .string(title), "start": start.json, "end": end.json]) }
}

extension CalendarNow: JSONReadable, JSONWritable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a calendar moment")
    self.init(
      during: try field.optional("during"), busyUntil: try field.optional("busyUntil"),
      next: try field.optional("next"),
      minutes: try field.optional("minutes"), fitted: try field("fitted"), sentence: try field("sentence"))
  }

  public var json: JSONValue {
    var fields: [String: JSONValue] = ["fitted": .bool(fitted), "sentence": .string(sentence)]
    if let during { fields["during"] = during.json }
    if let busyUntil { fields["busyUntil"] = busyUntil.json }
    if let next { fields["next"] = next.json }
    if let minutes { fields["minutes"] = .integer(Int64(minutes)) }
    return .object(fields)
  }
}
