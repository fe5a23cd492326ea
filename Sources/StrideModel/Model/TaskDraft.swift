import Foundation
import StrideBase

/// A task as understood from a capture, before the store gives it an id.
public struct TaskDraft: Equatable, Sendable {
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
