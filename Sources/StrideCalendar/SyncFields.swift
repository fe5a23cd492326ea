import Foundation
import StrideBase
import StrideModel

/// One step as the server holds it: a child VTODO with its own UID.
package struct SyncStep: Codable, Equatable, Sendable {
  package var uid: String
  package var title: String
  package var done: Bool
  package var completedAt: Date?
}

/// Where a task stands: its status with the fields that go with it. One field for the merge, because they change
/// together (deferring sets the status, the deferral and its count at once).
package struct SyncState: Codable, Equatable, Sendable {
  package var status: TaskStatus
  package var completedAt: Date?
  package var deferral: Deferral?
  package var deferCount: Int
  package var waitingFor: String?
  package var followUp: Date?
  /// Every deferral with its reason and time, oldest first (X-STRIDE-DEFERRAL). Nil when the sender wrote only a
  /// count (an older Stride): then the details that are known locally are kept.
  package var deferrals: [Deferral]?
}

/// What a task and the server share: the fields Docs/sync.md maps to VTODO properties, with dependencies and steps
/// named by UID. The sync ledger keeps the last version both sides agreed on (the base of a three-way merge).
package struct SyncFields: Codable, Equatable, Sendable {
  package var title: String
  /// The raw thought (DESCRIPTION).
  package var note: String
  package var due: Date?
  package var start: Date?
  package var state: SyncState
  package var tags: [String]
  package var dependsOn: [String]
  package var steps: [SyncStep]
  package var energy: EnergyLevel
  package var estimate: Int?
  package var type: TaskType
  package var rrule: String?
  package var afterDone: Bool
  /// The first day of a routine's series (`20261207`, X-STRIDE-REPEAT-START): RRULE has no place for it, and DTSTART
  /// is the task's own start.
  package var repeatStart: String?
  package var pinned: Bool
  /// Dated notes, oldest first; nil when there are none (and in a base stored before notes travelled).
  package var notes: [Note]?

  /// The task's fields. `uid` names another task for its dependencies (nil: not synced yet, left out);
  /// `stepUIDs` are the UIDs its steps had (by position), new steps get new ones.
  package init(_ task: StrideTask, uid: (TaskID) -> String?, stepUIDs: [String]) {
    title = task.title
    note = task.rawInput
    due = task.due
    start = task.start
    state = SyncState(
      status: task.status, completedAt: task.completedAt, deferral: task.status == .deferred ? task.deferral : nil,
      deferCount: task.deferCount, waitingFor: task.status == .waiting ? task.waitingFor : nil,
      followUp: task.status == .waiting ? task.followUp : nil, deferrals: task.deferrals)
    tags = task.tags
    dependsOn = task.blockedBy.compactMap(uid)
    steps = task.subtasks.enumerated().map { index, step in
      SyncStep(
        uid: index < stepUIDs.count ? stepUIDs[index] : SyncFields.newUID(), title: step.title, done: step.done,
        completedAt: step.completedAt)
    }
    energy = task.energy
    estimate = task.estimateMinutes
    type = task.type
    rrule = task.recurrence?.rrule
    afterDone = task.recurrence?.afterDone ?? false
    repeatStart = task.recurrence?.start
    pinned = task.pinned
    notes = task.notes.isEmpty ? nil : task.notes
  }

  package init(
    title: String, note: String, state: SyncState, energy: EnergyLevel = .medium, type: TaskType = .chore
  ) {
    self.title = title
    self.note = note
    self.state = state
    tags = []
    dependsOn = []
    steps = []
    self.energy = energy
    self.type = type
    afterDone = false
    pinned = false
  }

  /// A UID for a task or step first sent from this device: unique across devices (task ids are not).
  package static func newUID() -> String { UUID().uuidString.lowercased() + "@stride" }

  /// Writes the fields into a task (dependencies that name no local task are left out).
  /// The fields as a list shared with another person holds them: a deferral (with its history) and a pin are one
  /// person's own choices, so they are neither sent nor taken. Waiting for someone, and being done, are shared.
  package var shared: SyncFields {
    var fields = self
    if fields.state.status == .deferred { fields.state.status = .active }
    (fields.state.deferral, fields.state.deferCount, fields.state.deferrals) = (nil, 0, nil)
    fields.pinned = false
    return fields
  }

  /// After `apply` on a shared list: this person's deferral and pin, as `local` had them, stay (unless the task
  /// was finished or parked elsewhere).
  package static func keepPersonal(_ task: inout StrideTask, from local: StrideTask) {
    if local.status == .deferred, task.status == .active {
      task.status = .deferred
      task.deferral = local.deferral
    }
    task.deferrals = local.deferrals
    task.pinned = local.pinned && task.status != .completed
  }

  package func apply(to task: inout StrideTask, id: (String) -> TaskID?) {
    task.title = title
    task.rawInput = note.isEmpty ? title : note
    task.due = due
    task.start = start
    task.status = state.status
    task.completedAt = state.status == .completed ? state.completedAt ?? task.completedAt : nil
    task.deferral = state.status == .deferred ? state.deferral : nil
    if let deferrals = state.deferrals {
      task.deferrals = deferrals
    } else {
      // An older Stride sends only a count: the local list keeps what details it has.
      while task.deferrals.count < state.deferCount, let deferral = state.deferral ?? task.deferrals.last {
        task.deferrals.append(deferral)
      }
    }
    task.waitingFor = state.status == .waiting ? state.waitingFor : nil
    task.followUp = state.status == .waiting ? state.followUp : nil
    task.tags = tags
    task.blockedBy = dependsOn.compactMap(id).filter { $0 != task.id }
    task.subtasks = steps.map { Subtask(title: $0.title, done: $0.done, completedAt: $0.done ? $0.completedAt : nil) }
    task.energy = energy
    task.estimateMinutes = estimate
    task.type = type
    task.recurrence = rrule.flatMap { Recurrence(rrule: $0, afterDone: afterDone) }
    task.recurrence?.start = repeatStart
    task.pinned = pinned && state.status != .completed
    task.notes = notes ?? []
  }

  /// One field both sides changed to different values: the later change is kept, the other is in the history.
  package struct Conflict: Codable, Equatable, Sendable {
    package var field: String
    package var kept: String
    package var lost: String
    /// Where the kept value came from.
    package var keptFrom: ConflictSide
  }

  /// The three-way merge of a task: each field changed on one side only takes that side's value; a field changed
  /// on both sides to different values takes the later side's (`remoteIsLater`), and says so. Steps merge one by
  /// one, by UID.
  package static func merge(base: SyncFields, local: SyncFields, remote: SyncFields, remoteIsLater: Bool)
    -> (SyncFields, [Conflict])
  {
    var merged = local
    var conflicts: [Conflict] = []
    func field<T: Equatable>(_ path: WritableKeyPath<SyncFields, T>, _ name: String, _ show: (T) -> String) {
      let (b, l, r) = (base[keyPath: path], local[keyPath: path], remote[keyPath: path])
      if l == b || l == r {
        merged[keyPath: path] = r
      } else if r != b {
        merged[keyPath: path] = remoteIsLater ? r : l
        conflicts.append(
          Conflict(
            field: name, kept: show(remoteIsLater ? r : l), lost: show(remoteIsLater ? l : r),
            keptFrom: remoteIsLater ? .server : .here))
      }
    }
    func date(_ date: Date?) -> String { date.map(Timestamp.format) ?? "none" }
    field(\.title, "title") { $0 }
    field(\.note, "note") { $0 }
    field(\.due, "due", date)
    field(\.start, "start", date)
    field(\.state, "status") { $0.status.rawValue + ($0.deferral.map { " (\($0.reason.rawValue))" } ?? "") }
    field(\.tags, "tags") { $0.isEmpty ? "none" : $0.joined(separator: ", ") }
    field(\.dependsOn, "dependencies") { "\($0.count)" }
    field(\.energy, "energy") { $0.rawValue }
    field(\.estimate, "estimate") { $0.map { Minutes.format($0) } ?? "none" }
    field(\.type, "type") { $0.rawValue }
    field(\.rrule, "repeat") { $0 ?? "none" }
    field(\.afterDone, "repeat after done") { $0 ? "yes" : "no" }
    field(\.repeatStart, "repeat start") { $0 ?? "none" }
    field(\.pinned, "pin") { $0 ? "pinned" : "not pinned" }
    let (steps, stepConflicts) = mergeSteps(
      base: base.steps, local: local.steps, remote: remote.steps, remoteIsLater: remoteIsLater)
    merged.steps = steps
    merged.notes = mergeNotes(base: base.notes ?? [], local: local.notes ?? [], remote: remote.notes ?? [])
    return (merged, conflicts + stepConflicts)
  }

  /// Notes as a set: one added on either side is kept, one removed on either side goes; never a conflict, so two
  /// devices that each add a note keep both. Oldest first.
  private static func mergeNotes(base: [Note], local: [Note], remote: [Note]) -> [Note]? {
    let (old, mine, theirs) = (Set(base), Set(local), Set(remote))
    let kept =
      local.filter { !old.contains($0) || theirs.contains($0) }
      + remote.filter { !mine.contains($0) && !old.contains($0) }
    let merged = kept.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    return merged.isEmpty ? nil : merged
  }

  /// Steps by UID: each step's title and done-ness merge like fields; a step added on either side is kept, one
  /// removed on one side (and unchanged on the other) goes. Local order first, then steps new on the server.
  private static func mergeSteps(base: [SyncStep], local: [SyncStep], remote: [SyncStep], remoteIsLater: Bool)
    -> ([SyncStep], [Conflict])
  {
    let baseByUID = Dictionary(base.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
    let remoteByUID = Dictionary(remote.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
    let localUIDs = Set(local.map(\.uid))
    var merged: [SyncStep] = []
    var conflicts: [Conflict] = []
    for step in local {
      guard let theirs = remoteByUID[step.uid] else {
        // Gone from the server: removed there if it was there before and is unchanged here.
        if let old = baseByUID[step.uid], old == step { continue }
        merged.append(step)
        continue
      }
      guard let old = baseByUID[step.uid] else {
        merged.append(step == theirs ? step : (remoteIsLater ? theirs : step))
        continue
      }
      var result = step
      if step.title == old.title || step.title == theirs.title {
        result.title = theirs.title
      } else if theirs.title != old.title {
        result.title = remoteIsLater ? theirs.title : step.title
        conflicts.append(
          Conflict(
            field: "step title", kept: result.title, lost: remoteIsLater ? step.title : theirs.title,
            keptFrom: remoteIsLater ? .server : .here))
      }
      if step.done == old.done {
        (result.done, result.completedAt) = (theirs.done, theirs.completedAt)
      } else if theirs.done != old.done, theirs.done != step.done, remoteIsLater {
        (result.done, result.completedAt) = (theirs.done, theirs.completedAt)
      }
      merged.append(result)
    }
    for step in remote where !localUIDs.contains(step.uid) {
      // New on the server, or removed here: a step removed here stays removed unless the server changed it.
      if let old = baseByUID[step.uid], old == step { continue }
      merged.append(step)
    }
    return (merged, conflicts)
  }
}
