import StrideBase
import StrideJSON

// A task read as it comes (`JSONPullReadable`), without a `JSONValue` between: how a client reads a long listing's
// parts. It reads what `init(json:)` (Wire+Task.swift) reads, with the same defaults and the same errors;
// `WireTaskTests` holds the two readers together.

extension Wire.Task: JSONPullReadable {
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    var fields = PulledTask()
    try pull.members("a task", keys: Wire.TaskKey.keys) { pull, place throws(JSONUnreadable) in
      try fields.read(place.map { Wire.TaskKey.all[$0] }, &pull)
    }
    let what = "a task"
    let subtasks = try fields.subtasks.orMissing("subtasks", of: what)
    let deferrals = fields.deferrals ?? []
    self.init(
      id: try fields.id.orMissing("id", of: what), title: try fields.title.orMissing("title", of: what),
      rawInput: try fields.rawInput.orMissing("rawInput", of: what),
      energy: try fields.energy.orMissing("energy", of: what), estimateMinutes: fields.estimateMinutes,
      status: try fields.status.orMissing("status", of: what), type: try fields.type.orMissing("type", of: what),
      subtasks: subtasks, progress: fields.progress ?? StepProgress(subtasks),
      blockedBy: try fields.blockedBy.orMissing("blockedBy", of: what), due: fields.due, start: fields.start,
      tags: try fields.tags.orMissing("tags", of: what), deferral: fields.deferral,
      deferCount: fields.deferCount ?? deferrals.count, deferrals: deferrals, waitingFor: fields.waitingFor,
      followUp: fields.followUp, createdAt: try fields.createdAt.orMissing("createdAt", of: what),
      updatedAt: try fields.updatedAt.orMissing("updatedAt", of: what), completedAt: fields.completedAt,
      repeat: fields.`repeat`, pinned: fields.pinned ?? false, notes: fields.notes ?? [], list: fields.list,
      spentSeconds: fields.spentSeconds ?? 0, focusSessions: fields.focusSessions ?? [], said: fields.said)
  }
}

/// A task's fields as they come, each nil until read.
private struct PulledTask {
  var id: TaskID?, title: String?, rawInput: String?, energy: EnergyLevel?, estimateMinutes: Int?
  var status: TaskStatus?, type: TaskType?, subtasks: [Wire.Step]?, progress: StepProgress?, blockedBy: [TaskID]?
  var due: Timestamp?, start: Timestamp?, tags: [String]?, deferral: Wire.Deferral?, deferCount: Int?
  var deferrals: [Wire.Deferral]?, waitingFor: String?, followUp: Timestamp?, createdAt: Timestamp?
  var updatedAt: Timestamp?, completedAt: Timestamp?, `repeat`: Wire.Repeat?, pinned: Bool?, notes: [Wire.Note]?
  var list: String?, spentSeconds: Int?, focusSessions: [Wire.FocusSession]?, said: TaskSaid?

  /// Reads the value of `field`'s member; nil, a key a task does not have, is passed over.
  mutating func read(_ field: Wire.TaskKey?, _ pull: inout JSONPull) throws(JSONUnreadable) {
    guard let field else { return try pull.skip() }
    switch field {
    case .id: id = try pull.read()
    case .title: title = try pull.read()
    case .rawInput: rawInput = try pull.read()
    case .energy: energy = try pull.read()
    case .estimateMinutes: estimateMinutes = try pull.read()
    case .status: status = try pull.read()
    case .type: type = try pull.read()
    case .subtasks: subtasks = try pull.read()
    case .progress: progress = try pull.read()
    case .blockedBy: blockedBy = try pull.read()
    case .due: due = try pull.read()
    case .start: start = try pull.read()
    case .tags: tags = try pull.read()
    case .deferral: deferral = try pull.read()
    case .deferCount: deferCount = try pull.read()
    case .deferrals: deferrals = try pull.read()
    case .waitingFor: waitingFor = try pull.read()
    case .followUp: followUp = try pull.read()
    case .createdAt: createdAt = try pull.read()
    case .updatedAt: updatedAt = try pull.read()
    case .completedAt: completedAt = try pull.read()
    case .repeat: `repeat` = try pull.read()
    case .pinned: pinned = try pull.read()
    case .notes: notes = try pull.read()
    case .list: list = try pull.read()
    case .spentSeconds: spentSeconds = try pull.read()
    case .focusSessions: focusSessions = try pull.read()
    case .said: said = try pull.read()
    }
  }
}

extension Wire {
  /// A task's keys in the order the daemon writes them (their bytes' order): the readers of a task as it comes match
  /// them by their bytes (`JSONKeys`), each found at once, or a few on after the fields a task has no value for.
  enum TaskKey: String, CaseIterable {
    case blockedBy, completedAt, createdAt, deferCount, deferral, deferrals, due, energy, estimateMinutes
    case focusSessions, followUp, id, list, notes, pinned, progress, rawInput, `repeat`, said, spentSeconds, start
    case status, subtasks, tags, title, type, updatedAt, waitingFor

    static let all = allCases
    static let keys = JSONKeys(allCases.map(\.rawValue))
  }
}

extension TaskID: JSONPullReadable {}
extension Timestamp: JSONPullReadable {
  /// A time read straight from its string.
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    self = try pull.string(Timestamp.init(rfc3339:), or: Timestamp.init(json:))
  }
}

extension EnergyLevel: JSONPullReadable {}
extension TaskStatus: JSONPullReadable {}
extension TaskType: JSONPullReadable {}
extension DeferReason: JSONPullReadable {}
extension Wire.Note: JSONPullReadable {}
extension Wire.Repeat: JSONPullReadable {}
extension Wire.FocusSession: JSONPullReadable {}

extension StepProgress: JSONPullReadable {
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    var done: Int?, total: Int?
    let what = "a task's progress"
    try pull.members(what) { pull, key throws(JSONUnreadable) in
      switch key {
      case "done": done = try pull.read()
      case "total": total = try pull.read()
      default: try pull.skip()
      }
    }
    self.init(done: try done.orMissing("done", of: what), total: try total.orMissing("total", of: what))
  }
}

extension Wire.Step: JSONPullReadable {
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    var index: Int?, title: String?, done: Bool?, completedAt: Timestamp?
    try pull.members("a step") { pull, key throws(JSONUnreadable) in
      switch key {
      case "index": index = try pull.read()
      case "title": title = try pull.read()
      case "done": done = try pull.read()
      case "completedAt": completedAt = try pull.read()
      default: try pull.skip()
      }
    }
    let what = "a step"
    self.init(
      index: try index.orMissing("index", of: what), title: try title.orMissing("title", of: what),
      done: try done.orMissing("done", of: what), completedAt: completedAt)
  }
}

extension Wire.Deferral: JSONPullReadable {
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    var reason: DeferReason?, at: Timestamp?, until: Timestamp?, energy: EnergyLevel?
    try pull.members("a deferral") { pull, key throws(JSONUnreadable) in
      switch key {
      case "reason": reason = try pull.read()
      case "at": at = try pull.read()
      case "until": until = try pull.read()
      case "energy": energy = try pull.read()
      default: try pull.skip()
      }
    }
    let what = "a deferral"
    self.init(
      reason: try reason.orMissing("reason", of: what), at: try at.orMissing("at", of: what), until: until,
      energy: energy)
  }
}

extension TaskSaid: JSONPullReadable {
  public convenience init(pull: inout JSONPull) throws(JSONUnreadable) {
    var due: String?, start: String?, followUp: String?, created: String?, done: String?, backOn: String?
    var deferral: String?, missed: String?, focus: String?, notes: [String]?
    try pull.members("a task's times in words") { pull, key throws(JSONUnreadable) in
      switch key {
      case "created": created = try pull.read()
      case "done": done = try pull.read()
      case "due": due = try pull.read()
      case "notes": notes = try pull.read()
      case "start": start = try pull.read()
      case "followUp": followUp = try pull.read()
      case "backOn": backOn = try pull.read()
      case "deferral": deferral = try pull.read()
      case "missed": missed = try pull.read()
      case "focus": focus = try pull.read()
      default: try pull.skip()
      }
    }
    let what = "a task's times in words"
    self.init(
      due: due, start: start, followUp: followUp, created: try created.orMissing("created", of: what), done: done,
      backOn: backOn, deferral: deferral, missed: missed, notes: try notes.orMissing("notes", of: what), focus: focus)
  }
}

extension Wire.TaskListResult: JSONPullReadable {
  /// Read as it comes: a listing in parts reads tens of thousands of tasks, a part at a time.
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    let page = try Wire.ListPage<Wire.Task>(pull: &pull)
    self.init(tasks: page.tasks, found: page.found, statuses: page.statuses, columns: page.columns)
  }
}
