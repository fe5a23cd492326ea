import StrideBase
import StrideJSON

// A task's one shape on the wire, written once, here: its fields, and its reader and writer by hand
// (`JSONReadable`, `JSONWritable`), of which its Codable conformance is made, so there is one reader and one writer.
// Every reply, event and history row that holds a task writes one (through Codable's containers a task cost ten times
// as much); `null` stands for an absent value, so scripts see one stable shape, and `said` is there only for a
// connection that asked for words. The reader's `init` must set every field (the compiler holds it to that);
// `WireTaskTests` holds the writer to the reader with every field set. (The values a task holds, steps, deferrals,
// notes, its rule, are read and written in Wire+TaskJSON.swift.)

extension Wire {
  /// A task, open or done: the one shape a task has on the wire, in every reply, event and history row that holds
  /// one, in a Stride export, and in `task.import`'s whole tasks. The daemon makes it from its model at one seam
  /// (`Wire.Task(_:saying:)`, StrideProtocol); it is read and written by hand, below.
  public struct Task: Sendable, Equatable {
    public var id: TaskID
    public var title: String
    /// The text the task was captured from.
    public var rawInput: String
    public var energy: EnergyLevel
    public var estimateMinutes: Int?
    public var status: TaskStatus
    public var type: TaskType
    public var subtasks: [Step]
    public var progress: StepProgress
    public var blockedBy: [TaskID]
    public var due: Timestamp?
    public var start: Timestamp?
    public var tags: [String]
    /// The deferral in force while `status` is `deferred`.
    public var deferral: Deferral?
    /// How many times it was put off.
    public var deferCount: Int
    /// Every time it was put off, oldest first.
    public var deferrals: [Deferral]
    public var waitingFor: String?
    public var followUp: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var completedAt: Timestamp?
    /// How a routine repeats.
    public var `repeat`: Repeat?
    public var pinned: Bool
    public var notes: [Note]
    public var list: String?
    /// The time spent on it in focus sessions, in seconds (0 when none).
    public var spentSeconds: Int
    /// Its focus sessions, oldest first; the last may still run (the key is left out when there are none).
    public var focusSessions: [FocusSession]
    /// Its times in words, for a connection that asked for them.
    public var said: TaskSaid?

    public init(
      id: TaskID, title: String, rawInput: String, energy: EnergyLevel, estimateMinutes: Int?, status: TaskStatus,
      type: TaskType, subtasks: [Step], progress: StepProgress, blockedBy: [TaskID], due: Timestamp?,
      start: Timestamp?, tags: [String], deferral: Deferral?, deferCount: Int, deferrals: [Deferral],
      waitingFor: String?, followUp: Timestamp?, createdAt: Timestamp, updatedAt: Timestamp, completedAt: Timestamp?,
      repeat: Repeat?, pinned: Bool, notes: [Note], list: String?, spentSeconds: Int,
      focusSessions: [FocusSession] = [],
      said: TaskSaid?
    ) {
      self.id = id
      self.title = title
      self.rawInput = rawInput
      self.energy = energy
      self.estimateMinutes = estimateMinutes
      self.status = status
      self.type = type
      self.subtasks = subtasks
      self.progress = progress
      self.blockedBy = blockedBy
      self.due = due
      self.start = start
      self.tags = tags
      self.deferral = deferral
      self.deferCount = deferCount
      self.deferrals = deferrals
      self.waitingFor = waitingFor
      self.followUp = followUp
      self.createdAt = createdAt
      self.updatedAt = updatedAt
      self.completedAt = completedAt
      self.repeat = `repeat`
      self.pinned = pinned
      self.notes = notes
      self.list = list
      self.spentSeconds = spentSeconds
      self.focusSessions = focusSessions
      self.said = said
    }
  }
}

extension Wire.Task: JSONReadable, JSONWritable, JSONEncodableByHand, Codable {
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
    // Worked out from the steps and the deferrals when a file of whole tasks leaves them out (`task.import`).
    progress = try field.optional("progress") ?? StepProgress(subtasks)
    blockedBy = try field("blockedBy")
    due = try field.optional("due")
    start = try field.optional("start")
    tags = try field("tags")
    deferral = try field.optional("deferral")
    deferrals = try field.optional("deferrals") ?? []
    deferCount = try field.optional("deferCount") ?? deferrals.count
    waitingFor = try field.optional("waitingFor")
    followUp = try field.optional("followUp")
    createdAt = try field("createdAt")
    updatedAt = try field("updatedAt")
    completedAt = try field.optional("completedAt")
    `repeat` = try field.optional("repeat")
    pinned = try field.optional("pinned") ?? false
    notes = try field.optional("notes") ?? []
    list = try field.optional("list")
    spentSeconds = try field.optional("spentSeconds") ?? 0
    focusSessions = try field.optional("focusSessions") ?? []
    said = try field.optional("said")
  }

  public var json: JSONValue {
    var fields: [String: JSONValue] = [
      "id": id.json, "title": .string(title), "rawInput": .string(rawInput), "energy": .string(energy.rawValue),
      "estimateMinutes": .orNull(estimateMinutes.map { .integer(Int64($0)) }), "status": .string(status.rawValue),
      "type": .string(type.rawValue), "subtasks": .array(subtasks.map(\.json)),
      "progress": .object(["done": .integer(Int64(progress.done)), "total": .integer(Int64(progress.total))]),
      "blockedBy": .array(blockedBy.map(\.json)), "due": .orNull(due?.json), "start": .orNull(start?.json),
      "tags": .array(tags.map(JSONValue.string)), "deferral": .orNull(deferral?.json),
      "deferCount": .integer(Int64(deferCount)), "deferrals": .array(deferrals.map(\.json)),
      "waitingFor": .orNull(waitingFor.map(JSONValue.string)), "followUp": .orNull(followUp?.json),
      "createdAt": createdAt.json, "updatedAt": updatedAt.json, "completedAt": .orNull(completedAt?.json),
      "repeat": .orNull(`repeat`?.json), "pinned": .bool(pinned), "notes": .array(notes.map(\.json)),
      "list": .orNull(list.map(JSONValue.string)), "spentSeconds": .integer(Int64(spentSeconds)),
    ]
    if !focusSessions.isEmpty { fields["focusSessions"] = .array(focusSessions.map(\.json)) }
    if let said { fields["said"] = said.json }
    return .object(fields)
  }
}

extension Wire.Task: JSONBytesWritable {
  /// Writes the task straight to bytes, its keys in their bytes' order: the same bytes as `JSONWriter.write(json)`
  /// (`WireTaskTests` holds the two together) without a tree or a sort, for a long listing's every task.
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member("blockedBy", blockedBy)
      json.member("completedAt", completedAt)
      json.member("createdAt", createdAt)
      json.member("deferCount", deferCount)
      json.member("deferral", deferral)
      json.member("deferrals", deferrals)
      json.member("due", due)
      json.member("energy", energy.rawValue)
      json.member("estimateMinutes", estimateMinutes)
      if !focusSessions.isEmpty { json.member("focusSessions", JSONValue.array(focusSessions.map(\.json))) }
      json.member("followUp", followUp)
      json.member("id", id)
      json.member("list", list)
      json.member("notes", notes)
      json.member("pinned", pinned)
      json.member("progress", progress)
      json.member("rawInput", rawInput)
      json.member("repeat", `repeat`)
      json.member(ifPresent: "said", said)
      json.member("spentSeconds", spentSeconds)
      json.member("start", start)
      json.member("status", status.rawValue)
      json.member("subtasks", subtasks)
      json.member("tags", tags)
      json.member("title", title)
      json.member("type", type.rawValue)
      json.member("updatedAt", updatedAt)
      json.member("waitingFor", waitingFor)
    }
  }
}
