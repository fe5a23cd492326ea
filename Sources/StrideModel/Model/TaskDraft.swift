import Foundation
import StrideBase

/// A task as understood from a capture, before the store gives it an id.
public struct TaskDraft: Equatable, Sendable, Codable {
  public var title: String
  public var rawInput: String
  public var steps: [String]
  public var energy: EnergyLevel
  public var estimateMinutes: Int?
  public var type: TaskType
  public var due: Date?
  public var start: Date?
  public var tags: [String]
  /// How the task repeats, when it is a routine.
  public var recurrence: Recurrence?
  /// Where in `rawInput` each field was read from.
  public var spans: [CaptureSpan]
  /// The list the capture named (`list:home`); nil: the default list.
  public var list: String?
  /// The reading in words, as the daemon said it to the client that decoded this draft; nil everywhere else.
  public var said: DraftSaid?

  public init(
    title: String, rawInput: String, steps: [String] = [], energy: EnergyLevel = .medium,
    estimateMinutes: Int? = nil, type: TaskType = .chore, due: Date? = nil, start: Date? = nil, tags: [String] = [],
    recurrence: Recurrence? = nil, spans: [CaptureSpan] = [], list: String? = nil
  ) {
    self.list = list
    self.recurrence = recurrence
    self.title = title
    self.rawInput = rawInput
    self.steps = steps
    self.energy = energy
    self.estimateMinutes = estimateMinutes
    self.type = type
    self.due = due
    self.start = start
    self.tags = tags
    self.spans = spans
  }

  enum CodingKeys: String, CodingKey {
    case title, rawInput, steps, energy, estimateMinutes, type, due, start, tags, spans, list, said
    case recurrence = "repeat"
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decode(String.self, forKey: .title)
    rawInput = try container.decode(String.self, forKey: .rawInput)
    steps = try container.decode([String].self, forKey: .steps)
    energy = try container.decode(EnergyLevel.self, forKey: .energy)
    estimateMinutes = try container.decodeIfPresent(Int.self, forKey: .estimateMinutes)
    type = try container.decode(TaskType.self, forKey: .type)
    due = try container.decodeIfPresent(Timestamp.self, forKey: .due)?.date
    start = try container.decodeIfPresent(Timestamp.self, forKey: .start)?.date
    tags = try container.decode([String].self, forKey: .tags)
    spans = try container.decodeIfPresent([CaptureSpan].self, forKey: .spans) ?? []
    list = try container.decodeIfPresent(String.self, forKey: .list)
    said = try container.decodeIfPresent(DraftSaid.self, forKey: .said)
    recurrence = try container.decodeIfPresent(StrideTask.WireRepeat.self, forKey: .recurrence).flatMap {
      Recurrence(rrule: $0.rule, afterDone: $0.afterDone)
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encode(rawInput, forKey: .rawInput)
    try container.encode(steps, forKey: .steps)
    try container.encode(energy, forKey: .energy)
    try container.encode(estimateMinutes, forKey: .estimateMinutes)
    try container.encode(type, forKey: .type)
    try container.encode(due.map(Timestamp.init), forKey: .due)
    try container.encode(start.map(Timestamp.init), forKey: .start)
    try container.encode(tags, forKey: .tags)
    try container.encode(spans, forKey: .spans)
    try container.encode(list, forKey: .list)
    try container.encode(
      recurrence.map { StrideTask.WireRepeat(rule: $0.rrule, afterDone: $0.afterDone, words: $0.words) },
      forKey: .recurrence)
    try container.encodeIfPresent(encoder.speaker.map { DraftSaid(self, $0) } ?? said, forKey: .said)
  }

  /// The task this draft becomes once it has an id.
  public func task(id: TaskID, at now: Date) -> StrideTask {
    StrideTask(
      id: id, title: title, rawInput: rawInput, energy: energy, estimateMinutes: estimateMinutes, type: type,
      subtasks: steps.map { Subtask(title: $0) }, due: due, start: start, tags: tags, createdAt: now,
      recurrence: recurrence, list: list)
  }
}

/// The fields `task.update` may change; nil leaves a field as it is. `estimateMinutes`, `due` and `start` can
/// also be cleared, which `.some(nil)` says.
public struct TaskPatch: Equatable, Sendable {
  public var title: String?
  public var energy: EnergyLevel?
  public var estimateMinutes: Int??
  public var type: TaskType?
  public var due: Date??
  public var start: Date??
  public var tags: [String]?
  /// How it repeats; `.some(nil)` makes it a one-off again.
  public var recurrence: Recurrence??

  public init(
    title: String? = nil, energy: EnergyLevel? = nil, estimateMinutes: Int?? = nil, type: TaskType? = nil,
    due: Date?? = nil, start: Date?? = nil, tags: [String]? = nil, recurrence: Recurrence?? = nil
  ) {
    self.recurrence = recurrence
    self.title = title
    self.energy = energy
    self.estimateMinutes = estimateMinutes
    self.type = type
    self.due = due
    self.start = start
    self.tags = tags
  }

  /// True when the patch names no field at all.
  public var isEmpty: Bool { self == TaskPatch() }
}

extension StrideTask {
  /// Applies an edit, checking each field as capture does.
  public mutating func apply(_ patch: TaskPatch, at now: Date) throws(StrideError) {
    guard !patch.isEmpty else {
      throw StrideError.invalid(
        "nothing to change; give at least one of title, energy, estimate, type, due, start, tags, repeat")
    }
    if let title = patch.title { self.title = try StrideTask.checkedTitle(title) }
    if let energy = patch.energy { self.energy = energy }
    if let estimate = patch.estimateMinutes { estimateMinutes = try estimate.map(StrideTask.checkedEstimate) }
    if let type = patch.type { self.type = type }
    if let due = patch.due { self.due = due }
    if let start = patch.start { self.start = start }
    if let tags = patch.tags { self.tags = try StrideTask.checkedTags(tags) }
    if let recurrence = patch.recurrence { self.recurrence = recurrence }
    updatedAt = now
  }
}
