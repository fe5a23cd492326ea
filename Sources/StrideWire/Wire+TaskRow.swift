import StrideBase
import StrideJSON

extension Wire {
  /// A task as a table of tasks shows it (`stride list`, `stride find`): its id, title, status, steps' progress,
  /// energy, estimate, due time in words and list. A long listing's table reads only these from each task as it
  /// comes, passing over the rest (times, notes, the other words), which it never shows.
  public struct TaskRow: Sendable, Equatable {
    public var id: TaskID
    public var title: String
    public var status: TaskStatus
    /// How many of its steps are done; nil when it has none.
    public var progress: StepProgress?
    public var energy: EnergyLevel
    public var estimateMinutes: Int?
    /// When it is due, in words (from a connection that asked for words).
    public var due: String?
    public var list: String?

    public init(_ task: Task) {
      id = task.id
      title = task.title
      status = task.status
      progress = task.subtasks.isEmpty ? nil : task.progress
      energy = task.energy
      estimateMinutes = task.estimateMinutes
      due = task.said?.due
      list = task.list
    }
  }

  /// A page of a listing (`task.list`'s result, whole or a part) whose tasks are read as `Row` reads one.
  public struct ListPage<Row: JSONPullReadable> {
    public var tasks: [Row]
    public var found: [SearchFound]?
    public var statuses: [String]?
    public var columns: ListColumns?
  }
}

extension Wire.TaskRow: JSONPullReadable {
  private static let saidKeys = JSONKeys(["backOn", "created", "deferral", "done", "due"])
  private static let stepKeys = JSONKeys(["completedAt", "done"])

  /// Reads what a table shows of a task, with the words `Wire.Task`'s reader has for a field that is missing or
  /// wrong; the fields it does not show are passed over unread. Steps without a `progress` (an older daemon) are
  /// counted.
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    var id: TaskID?, title: String?, status: TaskStatus?, energy: EnergyLevel?, progress: StepProgress?
    var (estimate, due, list, steps): (Int?, String?, String?, StepProgress?) = (nil, nil, nil, nil)
    try pull.members("a task", keys: Wire.TaskKey.keys) { pull, place throws(JSONUnreadable) in
      switch place.map({ Wire.TaskKey.all[$0] }) {
      case .energy?: energy = try pull.read()
      case .estimateMinutes?: estimate = try pull.read()
      case .id?: id = try pull.read()
      case .list?: list = try pull.read()
      case .progress?: progress = try pull.read()
      case .said?: due = try Self.due(&pull)
      case .status?: status = try pull.read()
      case .subtasks?: steps = try Self.steps(&pull)
      case .title?: title = try pull.read()
      default: try pull.skip()
      }
    }
    let what = "a task"
    self.id = try id.orMissing("id", of: what)
    self.title = try title.orMissing("title", of: what)
    self.status = try status.orMissing("status", of: what)
    self.energy = try energy.orMissing("energy", of: what)
    let total = try steps.orMissing("subtasks", of: what).total
    self.progress = total == 0 ? nil : progress ?? steps
    (estimateMinutes, self.due, self.list) = (estimate, due, list)
  }

  /// The due time's words of a task's `said`.
  private static func due(_ pull: inout JSONPull) throws(JSONUnreadable) -> String? {
    var due: String?
    try pull.members("a task's times in words", keys: saidKeys) { pull, place throws(JSONUnreadable) in
      if place == 4 { due = try pull.read() } else { try pull.skip() }
    }
    return due
  }

  /// How many of a task's steps there are, and how many are done.
  private static func steps(_ pull: inout JSONPull) throws(JSONUnreadable) -> StepProgress {
    var progress = StepProgress(done: 0, total: 0)
    try pull.elements { pull throws(JSONUnreadable) in
      progress.total += 1
      try pull.members("a step", keys: stepKeys) { pull, place throws(JSONUnreadable) in
        guard place == 1 else { return try pull.skip() }
        if try pull.read() as Bool { progress.done += 1 }
      }
    }
    return progress
  }
}

extension Wire.ListPage: JSONPullReadable {
  /// Read as it comes: a listing in parts reads tens of thousands of tasks, a part at a time.
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    var (tasks, found, statuses): ([Row]?, [SearchFound]?, [String]?) = (nil, nil, nil)
    var columns: Wire.ListColumns?
    try pull.members("a list of tasks") { pull, key throws(JSONUnreadable) in
      switch key {
      case "tasks": tasks = try pull.read()
      case "statuses": statuses = try pull.read()
      case "found": found = try Self.decoded(key, pull.value())
      case "columns": columns = try Self.decoded(key, pull.value())
      default: try pull.skip()
      }
    }
    self.tasks = try tasks.orMissing("tasks", of: "a list of tasks")
    (self.found, self.statuses, self.columns) = (found, statuses, columns)
  }

  private static func decoded<Value: Decodable>(_ key: String, _ json: JSONValue) throws(JSONUnreadable) -> Value {
    do {
      return try JSONValueDecoder.decode(Value.self, from: json)
    } catch {
      throw JSONUnreadable("a list of tasks's '\(key)': \(error)")
    }
  }
}
