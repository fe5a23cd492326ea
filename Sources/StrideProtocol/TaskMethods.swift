import Foundation
import StrideBase
import StrideModel
import StrideWire

/// `task.capture`: store a thought as a new task, or (with `dryRun`) only show how it would be understood.
public enum TaskCapture: RPCMethod {
  public static let name = Wire.TaskCapture.name
  public typealias Params = Wire.TaskCapture.Params

  /// `draft` (what was read, with the words each field came from) always; `task` once stored; `duplicateOf`, an
  /// open task with the same title, when there is one; `missingList`, the list the line named when there is no
  /// such list (the task is in the default list).
  public struct Result: Codable, Sendable, Equatable {
    public var task: StrideTask?
    public var draft: TaskDraft?
    public var duplicateOf: TaskID?
    public var missingList: String?
    public init(
      task: StrideTask? = nil, draft: TaskDraft? = nil, duplicateOf: TaskID? = nil, missingList: String? = nil
    ) {
      self.task = task
      self.draft = draft
      self.duplicateOf = duplicateOf
      self.missingList = missingList
    }
  }
}

/// `task.get`: one task, open or done.
public enum TaskGet: RPCMethod {
  public static let name = Wire.TaskGet.name
  public typealias Params = TaskRef
  public typealias Result = TaskResult
}

/// `task.update`: edit fields. An absent field is left alone; `null` clears `estimateMinutes`, `due` or `start`.
public enum TaskUpdate: RPCMethod {
  public static let name = "task.update"

  public struct Params: Codable, Sendable, Equatable {
    public var id: TaskID
    /// The fields to change; its `recurrence` is read by the daemon from `repeatWords`.
    public var patch: TaskPatch
    /// `repeat` on the wire: how the task repeats, in words ("every mon wed fri 7am"), read by the daemon in
    /// `timeZone`; `.some(nil)` stops it repeating.
    public var repeatWords: String??
    public var timeZone: String?
    public var dateOrder: NumericDateOrder?

    public init(id: TaskID, patch: TaskPatch, repeatWords: String?? = nil) {
      self.id = id
      self.patch = patch
      self.repeatWords = repeatWords
    }

    enum CodingKeys: String, CodingKey {
      case id, title, energy, estimateMinutes, type, due, start, tags, timeZone, dateOrder
      case recurrence = "repeat"
    }

    public init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(TaskID.self, forKey: .id)
      patch = TaskPatch(
        title: try container.decodeIfPresent(String.self, forKey: .title),
        energy: try container.decodeIfPresent(EnergyLevel.self, forKey: .energy),
        estimateMinutes: try Self.clearable(Int.self, container, .estimateMinutes),
        type: try container.decodeIfPresent(TaskType.self, forKey: .type),
        due: try Self.clearable(Timestamp.self, container, .due).map { $0?.date },
        start: try Self.clearable(Timestamp.self, container, .start).map { $0?.date },
        tags: try container.decodeIfPresent([String].self, forKey: .tags))
      repeatWords = try Self.clearable(String.self, container, .recurrence)
      timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
      dateOrder = try container.decodeIfPresent(NumericDateOrder.self, forKey: .dateOrder)
    }

    /// Absent: nil (leave alone); `null`: .some(nil) (clear); a value: .some(value).
    private static func clearable<T: Decodable>(
      _ type: T.Type, _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws -> T?? {
      guard container.contains(key) else { return nil }
      if try container.decodeNil(forKey: key) { return .some(nil) }
      return .some(try container.decode(T.self, forKey: key))
    }

    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encodeIfPresent(patch.title, forKey: .title)
      try container.encodeIfPresent(patch.energy, forKey: .energy)
      if let estimate = patch.estimateMinutes { try container.encode(estimate, forKey: .estimateMinutes) }
      try container.encodeIfPresent(patch.type, forKey: .type)
      if let due = patch.due { try container.encode(due.map(Timestamp.init), forKey: .due) }
      if let start = patch.start { try container.encode(start.map(Timestamp.init), forKey: .start) }
      try container.encodeIfPresent(patch.tags, forKey: .tags)
      if let words = repeatWords { try container.encode(words, forKey: .recurrence) }
      try container.encodeIfPresent(timeZone, forKey: .timeZone)
      try container.encodeIfPresent(dateOrder, forKey: .dateOrder)
    }
  }

  public typealias Result = TaskResult
}

/// `task.skip`: a routine moves to its next occurrence without a completion.
public enum TaskSkip: RPCMethod {
  public static let name = Wire.TaskSkip.name
  public typealias Params = TaskRef
  public typealias Result = TaskResult
}

/// `task.pin`: keep a task in `now` whatever its score (`pinned: true`), or stop (`false`). At most three.
public enum TaskPin: RPCMethod {
  public static let name = Wire.TaskPin.name
  public typealias Params = Wire.TaskPin.Params
  public typealias Result = TaskResult
}

/// `task.complete`: mark a task done (a routine comes back at its next occurrence).
public enum TaskComplete: RPCMethod {
  public static let name = Wire.TaskComplete.name
  public typealias Params = TaskRef
  public typealias Result = TaskResult
}

/// `task.reopen`: bring a done task back.
public enum TaskReopen: RPCMethod {
  public static let name = Wire.TaskReopen.name
  public typealias Params = TaskRef
  public typealias Result = TaskResult
}

/// `task.delete`: remove a task (undoable); the result is the task as it was.
public enum TaskDelete: RPCMethod {
  public static let name = Wire.TaskDelete.name
  public typealias Params = TaskRef
  public typealias Result = TaskResult
}

/// `task.import`: store tasks, all or none, in one transaction (undoable as one change): whole tasks, or the text of
/// a file the daemon reads in its format.
public enum TaskImport: RPCMethod {
  public static let name = "task.import"

  public struct Params: Codable, Sendable, Equatable {
    /// Whole tasks; `id` and `blockedBy` are the ids in the file. Either these or `text`.
    public var tasks: [StrideTask]?
    /// A file's content, read as `format`.
    public var text: String?
    /// Absent: worked out from the text's first characters.
    public var format: ImportFormat?
    /// True: read and check everything, store nothing.
    public var dryRun: Bool?
    /// The zone a file's dates without a time are read in; absent, the connection's.
    public var timeZone: String?
    public init(tasks: [StrideTask]) { self.tasks = tasks }
    public init(text: String, format: ImportFormat? = nil, dryRun: Bool = false) {
      self.text = text
      self.format = format
      self.dryRun = dryRun ? true : nil
    }
  }

  public typealias Skipped = ImportSkipped

  public struct Result: Codable, Sendable, Equatable {
    /// The tasks as stored (or as they would be, with `dryRun`), in id order.
    public var tasks: [StrideTask]
    /// True when the file's ids were taken here, so the tasks got new ones.
    public var renumbered: Bool
    /// For `text`: the format it was read as, the entries left out, and mappings worth saying.
    public var format: ImportFormat?
    public var skipped: [Skipped]?
    public var notes: [String]?
    public init(
      tasks: [StrideTask], renumbered: Bool, format: ImportFormat? = nil, skipped: [Skipped]? = nil,
      notes: [String]? = nil
    ) {
      self.tasks = tasks
      self.renumbered = renumbered
      self.format = format
      self.skipped = skipped
      self.notes = notes
    }
  }
}

/// `task.defer`: put a task off for a reason, optionally until a time.
public enum TaskDefer: RPCMethod {
  public static let name = Wire.TaskDefer.name
  public typealias Params = Wire.TaskDefer.Params
  public typealias Result = TaskResult
}

/// `task.wait`: park a task while it waits on someone or something.
public enum TaskWait: RPCMethod {
  public static let name = Wire.TaskWait.name
  public typealias Params = Wire.TaskWait.Params
  public typealias Result = TaskResult
}

/// `task.resume`: end a deferral or a wait.
public enum TaskResume: RPCMethod {
  public static let name = Wire.TaskResume.name
  public typealias Params = TaskRef
  public typealias Result = TaskResult
}

/// `task.block`: make a task wait on another; a loop is refused.
public enum TaskBlock: RPCMethod {
  public static let name = Wire.TaskBlock.name
  public typealias Params = DependencyParams
  public typealias Result = TaskResult
}

/// `task.unblock`: remove a dependency.
public enum TaskUnblock: RPCMethod {
  public static let name = Wire.TaskUnblock.name
  public typealias Params = DependencyParams
  public typealias Result = TaskResult
}

/// `subtask.add`: add a step at the end of a task.
public enum SubtaskAdd: RPCMethod {
  public static let name = Wire.SubtaskAdd.name
  public typealias Params = Wire.SubtaskAdd.Params
  public typealias Result = TaskResult
}

/// `subtask.complete`: mark a step done; the last one completes the task.
public enum SubtaskComplete: RPCMethod {
  public static let name = Wire.SubtaskComplete.name
  public typealias Params = StepRef
  public typealias Result = TaskResult
}

/// `subtask.reopen`: mark a step not done.
public enum SubtaskReopen: RPCMethod {
  public static let name = Wire.SubtaskReopen.name
  public typealias Params = StepRef
  public typealias Result = TaskResult
}
