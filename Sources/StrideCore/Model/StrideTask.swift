import Foundation

/// A task: something a person means to do. (Named `StrideTask` so it never shadows Swift's concurrency `Task`.)
///
/// A value type with no I/O. The store persists it; the transitions in `StrideTask+Transitions.swift` change it.
public struct StrideTask: Equatable, Sendable {
  public var id: TaskID
  public var title: String
  /// The text the task was captured from, kept forever, whatever later edits do to the title.
  public var rawInput: String
  public var energy: EnergyLevel
  public var estimateMinutes: Int?
  public var status: TaskStatus
  public var type: TaskType
  public var subtasks: [Subtask]
  public var blockedBy: [TaskID]
  public var due: Date?
  /// When the task may start; until then it is not suggested (a capture's "after 6pm" or `start:monday`).
  public var start: Date?
  public var tags: [String]
  /// The deferral in force while `status` is `deferred`.
  public var deferral: Deferral?
  /// Every deferral ever made, oldest first.
  public var deferrals: [Deferral]
  /// What the task waits for while `status` is `waiting` (optional note).
  public var waitingFor: String?
  /// When to check on a waiting task; from then on it is offered as "check on it".
  public var followUp: Date?
  public var createdAt: Date
  public var updatedAt: Date
  public var completedAt: Date?

  public init(
    id: TaskID, title: String, rawInput: String, energy: EnergyLevel = .medium, estimateMinutes: Int? = nil,
    status: TaskStatus = .active, type: TaskType = .chore, subtasks: [Subtask] = [], blockedBy: [TaskID] = [],
    due: Date? = nil, start: Date? = nil, tags: [String] = [], deferral: Deferral? = nil, deferrals: [Deferral] = [],
    waitingFor: String? = nil, followUp: Date? = nil, createdAt: Date, updatedAt: Date? = nil,
    completedAt: Date? = nil
  ) {
    self.id = id
    self.title = title
    self.rawInput = rawInput
    self.energy = energy
    self.estimateMinutes = estimateMinutes
    self.status = status
    self.type = type
    self.subtasks = subtasks
    self.blockedBy = blockedBy
    self.due = due
    self.start = start
    self.tags = tags
    self.deferral = deferral
    self.deferrals = deferrals
    self.waitingFor = waitingFor
    self.followUp = followUp
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
    self.completedAt = completedAt
  }

  /// How many times the task has been deferred.
  public var deferCount: Int { deferrals.count }

  /// Done steps out of all steps.
  public var progress: Progress {
    Progress(done: subtasks.count(where: \.done), total: subtasks.count)
  }

  /// The first step not yet done, with its 1-based index.
  public var nextStep: (index: Int, subtask: Subtask)? {
    subtasks.firstIndex(where: { !$0.done }).map { ($0 + 1, subtasks[$0]) }
  }

  /// The task as it stands at `instant`: a deferral whose until-time has passed counts as active again, without
  /// any write being needed to notice it. The deferral stays in `deferrals`.
  public func settled(at instant: Date) -> StrideTask {
    guard status == .deferred, let until = deferral?.until, until <= instant else { return self }
    var task = self
    task.status = .active
    task.deferral = nil
    return task
  }
}

extension StrideTask: Codable {
  enum CodingKeys: String, CodingKey {
    case id, title, rawInput, energy, estimateMinutes, status, type, subtasks, progress, blockedBy, due, start, tags
    case deferral, deferCount, deferrals, waitingFor, followUp, createdAt, updatedAt, completedAt
  }

  struct WireSubtask: Codable {
    var index: Int
    var title: String
    var done: Bool
    var completedAt: Timestamp?

    func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(index, forKey: .index)
      try container.encode(title, forKey: .title)
      try container.encode(done, forKey: .done)
      try container.encode(completedAt, forKey: .completedAt)
    }
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(TaskID.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    rawInput = try container.decode(String.self, forKey: .rawInput)
    energy = try container.decode(EnergyLevel.self, forKey: .energy)
    estimateMinutes = try container.decodeIfPresent(Int.self, forKey: .estimateMinutes)
    status = try container.decode(TaskStatus.self, forKey: .status)
    type = try container.decode(TaskType.self, forKey: .type)
    subtasks = try container.decode([WireSubtask].self, forKey: .subtasks).map {
      Subtask(title: $0.title, done: $0.done, completedAt: $0.completedAt?.date)
    }
    blockedBy = try container.decode([TaskID].self, forKey: .blockedBy)
    due = try container.decodeIfPresent(Timestamp.self, forKey: .due)?.date
    start = try container.decodeIfPresent(Timestamp.self, forKey: .start)?.date
    tags = try container.decode([String].self, forKey: .tags)
    deferral = try container.decodeIfPresent(Deferral.self, forKey: .deferral)
    deferrals = try container.decodeIfPresent([Deferral].self, forKey: .deferrals) ?? []
    waitingFor = try container.decodeIfPresent(String.self, forKey: .waitingFor)
    followUp = try container.decodeIfPresent(Timestamp.self, forKey: .followUp)?.date
    createdAt = try container.decode(Timestamp.self, forKey: .createdAt).date
    updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt).date
    completedAt = try container.decodeIfPresent(Timestamp.self, forKey: .completedAt)?.date
  }

  /// Writes every key, with `null` for an absent value, so scripts see one stable shape.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(rawInput, forKey: .rawInput)
    try container.encode(energy, forKey: .energy)
    try container.encode(estimateMinutes, forKey: .estimateMinutes)
    try container.encode(status, forKey: .status)
    try container.encode(type, forKey: .type)
    let wireSubtasks = subtasks.enumerated().map {
      WireSubtask(
        index: $0.offset + 1, title: $0.element.title, done: $0.element.done,
        completedAt: $0.element.completedAt.map(Timestamp.init))
    }
    try container.encode(wireSubtasks, forKey: .subtasks)
    try container.encode(progress, forKey: .progress)
    try container.encode(blockedBy, forKey: .blockedBy)
    try container.encode(due.map(Timestamp.init), forKey: .due)
    try container.encode(start.map(Timestamp.init), forKey: .start)
    try container.encode(tags, forKey: .tags)
    try container.encode(deferral, forKey: .deferral)
    try container.encode(deferCount, forKey: .deferCount)
    try container.encode(deferrals, forKey: .deferrals)
    try container.encode(waitingFor, forKey: .waitingFor)
    try container.encode(followUp.map(Timestamp.init), forKey: .followUp)
    try container.encode(Timestamp(createdAt), forKey: .createdAt)
    try container.encode(Timestamp(updatedAt), forKey: .updatedAt)
    try container.encode(completedAt.map(Timestamp.init), forKey: .completedAt)
  }
}
