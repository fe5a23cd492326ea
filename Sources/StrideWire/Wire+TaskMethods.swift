import StrideBase

/// Params that name one task.
public struct TaskRef: Codable, Sendable, Equatable {
  public var id: TaskID
  public init(id: TaskID) { self.id = id }
}

/// Params naming a dependency: task `id` waits on task `on`.
public struct DependencyParams: Codable, Sendable, Equatable {
  public var id: TaskID
  public var on: TaskID
  public init(id: TaskID, on: TaskID) {
    self.id = id
    self.on = on
  }
}

/// Params naming one step, or one note (`note.remove`), of a task: `index` counts from 1.
public struct StepRef: Codable, Sendable, Equatable {
  public var id: TaskID
  public var index: Int
  public init(id: TaskID, index: Int) {
    self.id = id
    self.index = index
  }
}

/// The methods about tasks: declared once, called by a client and answered by the daemon with these same types.
extension Wire {
  /// The result of a method about one task: the task as it stands after the call.
  public struct TaskResult: Codable, Sendable, Equatable {
    public var task: Task
    /// `task.get`: fields a sync found changed on both sides, oldest first (absent when none).
    public var syncConflicts: [SyncConflictNote]?
    /// `task.get`: the repeat rule the task has on the server that Stride cannot follow (another app's
    /// `FREQ=MINUTELY`), so a person knows it repeats elsewhere; absent when none.
    public var repeatsElsewhere: String?
    /// `task.complete`, and `subtask.complete` with a routine's last step: the occurrence the completion counted
    /// (absent for a task that does not repeat, and from an older daemon).
    public var counted: CountedOccurrence?

    public init(
      task: Task, syncConflicts: [SyncConflictNote]? = nil, repeatsElsewhere: String? = nil,
      counted: CountedOccurrence? = nil
    ) {
      self.task = task
      self.syncConflicts = syncConflicts
      self.repeatsElsewhere = repeatsElsewhere
      self.counted = counted
    }
  }

  /// The result of a method that returns several tasks.
  public struct TaskListResult: Codable, Sendable, Equatable {
    public var tasks: [Task]
    /// With a search: where the words were found in each task, in the tasks' order.
    public var found: [SearchFound]?
    /// Each task's status as a list says it, in the tasks' order: "active", "blocked by 4", "starts Mon",
    /// "waiting", "deferred", "done"; absent from an older daemon.
    public var statuses: [String]?
    /// In the first part of a reply in parts only: what a table of the whole listing needs to know before its rows
    /// come.
    public var columns: ListColumns?

    public init(
      tasks: [Task], found: [SearchFound]? = nil, statuses: [String]? = nil, columns: ListColumns? = nil
    ) {
      self.tasks = tasks
      self.found = found
      self.statuses = statuses
      self.columns = columns
    }
  }

  /// What a table of a listing sent in parts can be laid out by before its rows come: the largest id any of its rows
  /// can have, and the lists they can come from (every list, unless the listing names one).
  public struct ListColumns: Codable, Sendable, Equatable {
    public var largestID: TaskID
    public var lists: [String]

    public init(largestID: TaskID, lists: [String]) {
      self.largestID = largestID
      self.lists = lists
    }
  }

  public enum TaskCapture: WireMethod {
    public static let method = Method.taskCapture

    public struct Params: Codable, Sendable, Equatable {
      public var text: String
      public var dryRun: Bool?
      /// How the writer's locale orders a numeric date such as 3/12/2026; `unknown` when absent.
      public var dateOrder: NumericDateOrder?
      /// The writer's time zone (IANA name), in which "tomorrow 9am" is read; the daemon's when absent.
      public var timeZone: String?
      public init(text: String, dryRun: Bool? = nil, dateOrder: NumericDateOrder? = nil, timeZone: String? = nil) {
        self.timeZone = timeZone
        self.text = text
        self.dryRun = dryRun
        self.dateOrder = dateOrder
      }
    }

    public typealias Result = CaptureResult
  }

  public enum TaskPin: WireMethod {
    public static let method = Method.taskPin

    public struct Params: Codable, Sendable, Equatable {
      public var id: TaskID
      public var pinned: Bool
      public init(id: TaskID, pinned: Bool) {
        self.id = id
        self.pinned = pinned
      }
    }

    public typealias Result = TaskResult
  }

  public enum TaskDefer: WireMethod {
    public static let method = Method.taskDefer

    public struct Params: Codable, Sendable, Equatable {
      public var id: TaskID
      public var reason: DeferReason
      public var until: Timestamp?
      /// With `blocked`: the task this one waits on.
      public var on: TaskID?
      public init(id: TaskID, reason: DeferReason, until: Timestamp? = nil, on: TaskID? = nil) {
        self.id = id
        self.reason = reason
        self.until = until
        self.on = on
      }
    }

    public typealias Result = TaskResult
  }

  public enum TaskWait: WireMethod {
    public static let method = Method.taskWait

    public struct Params: Codable, Sendable, Equatable {
      public var id: TaskID
      public var note: String?
      /// When to check on it; from then on `now.list` offers it as "check on it".
      public var followUp: Timestamp?
      public init(id: TaskID, note: String? = nil, followUp: Timestamp? = nil) {
        self.id = id
        self.note = note
        self.followUp = followUp
      }
    }

    public typealias Result = TaskResult
  }

  public enum SubtaskAdd: WireMethod {
    public static let method = Method.subtaskAdd

    public struct Params: Codable, Sendable, Equatable {
      public var id: TaskID
      public var title: String
      public init(id: TaskID, title: String) {
        self.id = id
        self.title = title
      }
    }

    public typealias Result = TaskResult
  }

  public enum NoteAdd: WireMethod {
    public static let method = Method.noteAdd

    public struct Params: Codable, Sendable, Equatable {
      public var id: TaskID
      /// The note; line breaks are kept.
      public var text: String
      public init(id: TaskID, text: String) {
        self.id = id
        self.text = text
      }
    }

    public typealias Result = TaskResult
  }

  public enum TaskMove: WireMethod {
    public static let method = Method.taskMove

    public struct Params: Codable, Sendable, Equatable {
      public var id: TaskID
      public var list: String
      public init(id: TaskID, list: String) {
        self.id = id
        self.list = list
      }
    }

    public typealias Result = TaskResult
  }

  public enum TaskList: WireMethod {
    public static let method = Method.taskList

    public struct Params: Codable, Sendable, Equatable {
      /// Which tasks; the default is every open one, or the finished ones when `doneSince` is given.
      public var status: ListStatus?
      public var tag: String?
      /// Only pinned tasks (true).
      public var pinned: Bool?
      /// The order; without it, open tasks come in id order and finished ones newest first (or best match first,
      /// with `search`).
      public var sort: ListSort?
      /// Only tasks that need this energy.
      public var energy: EnergyLevel?
      /// Only tasks due before this time.
      public var dueBefore: Timestamp?
      /// Only open tasks whose due time has passed (true).
      public var overdue: Bool?
      /// Only tasks put off at least once for this reason (now or before).
      public var deferredBy: DeferReason?
      /// Only tasks finished at or after this time.
      public var doneSince: Timestamp?
      /// Only tasks these words find, as `task.find` reads them.
      public var search: String?
      /// Only tasks in this list.
      public var list: String?
      /// The asker's time zone (IANA name), in which `statuses` name a start's day; the connection's or the
      /// daemon's when absent.
      public var timeZone: String?

      public init(
        status: ListStatus? = nil, tag: String? = nil, pinned: Bool? = nil, sort: ListSort? = nil,
        energy: EnergyLevel? = nil, dueBefore: Timestamp? = nil, overdue: Bool? = nil, deferredBy: DeferReason? = nil,
        doneSince: Timestamp? = nil, search: String? = nil, list: String? = nil, timeZone: String? = nil
      ) {
        self.list = list
        self.timeZone = timeZone
        self.status = status
        self.tag = tag
        self.pinned = pinned
        self.sort = sort
        self.energy = energy
        self.dueBefore = dueBefore
        self.overdue = overdue
        self.deferredBy = deferredBy
        self.doneSince = doneSince
        self.search = search
      }
    }

    public typealias Result = TaskListResult
  }

  public enum TaskFind: WireMethod {
    public static let method = Method.taskFind

    public struct Params: Codable, Sendable, Equatable {
      public var query: String
      /// How many to return (the first ones); 10 when absent.
      public var limit: Int?
      public init(query: String, limit: Int? = nil) {
        self.query = query
        self.limit = limit
      }
    }

    public typealias Result = FindResult
  }

  public enum NoteRemove: WireMethod {
    public static let method = Method.noteRemove
    public typealias Params = StepRef
    public typealias Result = TaskResult
  }

  public enum SubtaskComplete: WireMethod {
    public static let method = Method.subtaskComplete
    public typealias Params = StepRef
    public typealias Result = TaskResult
  }

  public enum SubtaskReopen: WireMethod {
    public static let method = Method.subtaskReopen
    public typealias Params = StepRef
    public typealias Result = TaskResult
  }

  public enum TaskBlock: WireMethod {
    public static let method = Method.taskBlock
    public typealias Params = DependencyParams
    public typealias Result = TaskResult
  }

  public enum TaskComplete: WireMethod {
    public static let method = Method.taskComplete
    public typealias Params = TaskRef
    public typealias Result = TaskResult
  }

  public enum TaskDelete: WireMethod {
    public static let method = Method.taskDelete
    public typealias Params = TaskRef
    public typealias Result = TaskResult
  }

  public enum TaskGet: WireMethod {
    public static let method = Method.taskGet
    public typealias Params = TaskRef
    public typealias Result = TaskResult
  }

  /// `task.duplicate`: a new open task made from another, open or done.
  public enum TaskDuplicate: WireMethod {
    public static let method = Method.taskDuplicate
    public typealias Params = TaskRef
    public typealias Result = TaskResult
  }

  public enum TaskReopen: WireMethod {
    public static let method = Method.taskReopen
    public typealias Params = TaskRef
    public typealias Result = TaskResult
  }

  public enum TaskResume: WireMethod {
    public static let method = Method.taskResume
    public typealias Params = TaskRef
    public typealias Result = TaskResult
  }

  public enum TaskSkip: WireMethod {
    public static let method = Method.taskSkip
    public typealias Params = TaskRef
    public typealias Result = TaskResult
  }

  public enum TaskUnblock: WireMethod {
    public static let method = Method.taskUnblock
    public typealias Params = DependencyParams
    public typealias Result = TaskResult
  }

  /// `task.capture`'s result: what was read, the task once stored, and an open task with the same title.
  /// `draft` (what was read, with the words each field came from) always; `task` once stored (not with `dryRun`).
  public struct CaptureResult: Sendable, Equatable {
    public var task: Task?
    public var draft: Draft?
    /// An open task with the same title, when there is one.
    public var duplicateOf: TaskID?
    /// The list the line named when there is no such list; the task is in the default list.
    public var missingList: String?

    public init(task: Task? = nil, draft: Draft? = nil, duplicateOf: TaskID? = nil, missingList: String? = nil) {
      self.task = task
      self.draft = draft
      self.duplicateOf = duplicateOf
      self.missingList = missingList
    }
  }

  /// `task.find`'s result: the best matches, how many match in all, and where the words were found.
  public struct FindResult: Codable, Sendable, Equatable {
    /// The best matches, best first.
    public var tasks: [Task]
    /// How many tasks match in all.
    public var total: Int
    /// Where the words were found in each task, in the tasks' order.
    public var found: [SearchFound]?

    public init(tasks: [Task], total: Int, found: [SearchFound]? = nil) {
      self.tasks = tasks
      self.total = total
      self.found = found
    }
  }

}

extension Wire.Task {
  /// The first step not yet done.
  public var nextStep: Wire.Step? { subtasks.first { !$0.done } }
}

extension Wire.Draft {
  /// The words a field was read from, each in quotes.
  public func sources(of field: CaptureSpan.Field) -> [String] { spans.sources(of: field) }
  /// The words its due time came from, a routine's rule first ("every weekday", "10am").
  public var dueSources: [String] { spans.dueSources }
}
