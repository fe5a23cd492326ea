import Foundation
import StrideBase
import StrideCalendar
import StrideJSON
import StrideModel

/// What the server holds of one task or step, as the last sync pass left it.
package struct SyncItem: Equatable, Sendable {
  package var uid: String
  package var taskID: TaskID
  /// The task's UID, for a step.
  package var parent: String?
  /// The resource on the server; nil until first sent.
  package var href: String?
  package var etag: String?
  /// The resource's text as the server last sent or stored it: the properties Stride does not own come from here.
  package var body: String?
  /// For a task: the fields as both sides last agreed (the base of the next merge).
  package var base: SyncFields?
  /// For a task: its steps' UIDs, in the order of its steps here.
  package var stepUIDs: [String] = []
  /// The task's `updatedAt` when `base` was taken: a task changed since is looked at again.
  package var syncedUpdated: Date?
  /// For a step written but not yet acknowledged: the step as sent, the base to merge against should the server
  /// turn out to hold it (the write's answer was lost, and another device changed the step since).
  package var sent: SyncStep?

  /// Whether the server is known to hold this resource: it came from the server, or the server acknowledged
  /// Stride's write of it. A resource reserved before its first write (its UID and path kept, so a write whose
  /// answer was lost is not made again under a new UID) is not, until then.
  package var confirmed: Bool { body != nil }

  package init(
    uid: String, taskID: TaskID, parent: String? = nil, href: String? = nil, etag: String? = nil,
    body: String? = nil, base: SyncFields? = nil, stepUIDs: [String] = [], syncedUpdated: Date? = nil
  ) {
    (self.uid, self.taskID, self.parent, self.href, self.etag) = (uid, taskID, parent, href, etag)
    (self.body, self.base, self.stepUIDs, self.syncedUpdated) = (body, base, stepUIDs, syncedUpdated)
  }
}

/// A merge base as the ledger stores it, in a versioned shape: `{"shape": 2, "fields": {…}}`. Shape 1 is the bare
/// `SyncFields` object written before shapes were numbered (its later fields are optional, so it reads as it is).
/// A shape this Stride cannot read is an error with what to do, never a base silently dropped: a merge without
/// its base would take one side's every field.
package enum StoredSyncBase {
  package static let shape = 2

  /// The stored object, read in one pass whatever its shape: shape 1 is the fields themselves.
  private struct Envelope: Codable {
    package var shape: Int
    package var fields: SyncFields

    package init(shape: Int, fields: SyncFields) {
      self.shape = shape
      self.fields = fields
    }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      shape = try container.decodeIfPresent(Int.self, forKey: .shape) ?? 1
      switch shape {
      case 1: fields = try SyncFields(from: decoder)
      case StoredSyncBase.shape: fields = try container.decode(SyncFields.self, forKey: .fields)
      default: throw Newer(shape: shape)
      }
    }
  }

  /// A shape this Stride does not know, from a newer one.
  private struct Newer: Error {
    package var shape: Int
  }

  package static func text(_ fields: SyncFields) throws(StrideError) -> String {
    do {
      return String(decoding: try JSONEncoder().encode(Envelope(shape: shape, fields: fields)), as: UTF8.self)
    } catch {
      throw StrideError(.internalError, "a task's sync state could not be written: \(error)")
    }
  }

  package static func read(_ text: String, task: TaskID) throws(StrideError) -> SyncFields {
    do {
      return try JSONDecoder().decode(Envelope.self, from: Data(text.utf8)).fields
    } catch let newer as Newer {
      throw StrideError(
        .storageFailed,
        "the sync state of task \(task) was written by a newer Stride (shape \(newer.shape)); update Stride to sync "
          + "again, nothing has been merged")
    } catch {
      let detail =
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty: "it is not JSON"
        case let error as DecodingError: JSONValue.describe(error)
        default: "\(error)"
        }
      throw StrideError(
        .storageFailed,
        "the sync state of task \(task) cannot be read (\(detail)), so sync has stopped rather than merge without it; "
          + "set sync up with a new task list (stride sync setup URL) to start afresh")
    }
  }
}

/// The sync ledger: the `sync_items`, `sync_state` and `sync_conflicts` tables, written in the same transactions
/// as the tasks they describe, so a crash never leaves a task changed and its ledger not (or the other way round).
extension TaskStore {
  /// A task as stored (not settled at a moment: a deferral that has ended is still a deferral until its wake-up is
  /// recorded), or nil when there is none.
  package func stored(_ id: TaskID) throws(StrideError) -> StrideTask? {
    if let task = openTask(id) { return task }
    return try rows.load(id)
  }

  /// The ledger of one list.
  /// The UIDs of the items the ledger holds for a list (its rows' other columns not read).
  package func syncUIDs(list: Int64) throws(StrideError) -> Set<String> {
    let statement = try database.statement("SELECT uid FROM sync_items WHERE list_id = ?")
    statement.bind(.integer(list))
    var uids: Set<String> = []
    while try statement.step() { uids.insert(statement.text(0)) }
    return uids
  }

  package func syncItems(list: Int64) throws(StrideError) -> [SyncItem] {
    let statement = try database.statement(
      "SELECT uid, task_id, parent, href, etag, body, base, synced_updated, step_uids, sent FROM sync_items "
        + "WHERE list_id = ?")
    statement.bind(.integer(list))
    var items: [SyncItem] = []
    while try statement.step() {
      let base = try statement.optionalText(6).map { text throws(StrideError) in
        try StoredSyncBase.read(text, task: TaskID(statement.int64(1)))
      }
      items.append(
        SyncItem(
          uid: statement.text(0), taskID: TaskID(statement.int64(1)), parent: statement.optionalText(2),
          href: statement.optionalText(3), etag: statement.optionalText(4), body: statement.optionalText(5),
          base: base, stepUIDs: statement.optionalText(8)?.split(separator: "\n").map(String.init) ?? [],
          syncedUpdated: statement.optionalDate(7)))
      items[items.count - 1].sent = statement.optionalText(9).flatMap {
        try? JSONDecoder().decode(SyncStep.self, from: Data($0.utf8))
      }
    }
    return items
  }

  package func saveSyncItem(_ item: SyncItem, list: Int64) throws(StrideError) {
    let base = try item.base.map(StoredSyncBase.text)
    try database.statement(
      "INSERT OR REPLACE INTO sync_items (uid, task_id, parent, href, etag, body, base, synced_updated, step_uids, "
        + "list_id, sent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ).bind(
      .text(item.uid), .integer(item.taskID.rawValue), .string(item.parent), .string(item.href), .string(item.etag),
      .string(item.body), .string(base), .date(item.syncedUpdated),
      .string(item.stepUIDs.isEmpty ? nil : item.stepUIDs.joined(separator: "\n")), .integer(list),
      .string(item.sent.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) })
    ).run()
  }

  package func removeSyncItem(_ uid: String) throws(StrideError) {
    try database.statement("DELETE FROM sync_items WHERE uid = ?").bind(.text(uid)).run()
  }

  /// Writes sync items of a list and removes others, in one transaction.
  package func recordSync(list: Int64, saving items: [SyncItem], removing uids: [String] = []) throws(StrideError) {
    try database.transaction { () throws(StrideError) in
      for item in items { try saveSyncItem(item, list: list) }
      for uid in uids { try removeSyncItem(uid) }
    }
  }

  /// Forgets everything sync knew of a list (a new collection): its tasks are sent again on the next pass.
  package func forgetSync(list: Int64) throws(StrideError) {
    try database.statement("DELETE FROM sync_items WHERE list_id = ?").bind(.integer(list)).run()
    try database.statement("DELETE FROM sync_state WHERE key LIKE ?").bind(.text("\(list):%")).run()
  }

  /// A value of a list's pass state (`token`, `lastSuccess`, …).
  package func syncValue(_ key: String, list: Int64) throws(StrideError) -> String? {
    try database.statement("SELECT value FROM sync_state WHERE key = ?").bind(.text("\(list):\(key)"))
      .firstRow { $0.text(0) }
  }

  package func setSyncValues(_ values: [String: String?], list: Int64) throws(StrideError) {
    try database.transaction { () throws(StrideError) in
      for (key, value) in values {
        if let value {
          try database.statement("INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)")
            .bind(.text("\(list):\(key)"), .text(value)).run()
        } else {
          try database.statement("DELETE FROM sync_state WHERE key = ?").bind(.text("\(list):\(key)")).run()
        }
      }
    }
  }

  /// The tasks a pass compares with what the server has: every open task, and the completed ones changed since
  /// their last sync (or at or after `since`, the start of the last pass: a change in the same second), or with a
  /// resource the server has not acknowledged yet (`SyncItem.confirmed`).
  package func syncCandidates(list: StoredList, since: Date?) throws(StrideError) -> [StrideTask] {
    let completed = try rows.load(
      where: "list_id = ? AND status = 'completed' AND (updated_at >= ? OR NOT EXISTS (SELECT 1 FROM sync_items s "
        + "WHERE s.task_id = tasks.id AND s.parent IS NULL AND s.synced_updated = tasks.updated_at) "
        + "OR EXISTS (SELECT 1 FROM sync_items s WHERE s.task_id = tasks.id AND s.body IS NULL))",
      .integer(list.id), .date(since ?? .distantFuture))
    return openByID.filter(list.holds) + completed
  }

  /// The repeat rule a task's resource on the server has that Stride cannot follow (and keeps untouched there).
  public func foreignRule(of id: TaskID) throws(StrideError) -> String? {
    let body = try database.statement("SELECT body FROM sync_items WHERE task_id = ? AND parent IS NULL")
      .bind(.integer(id.rawValue)).firstRow { $0.optionalText(0) }
    return body.flatMap { $0 }.flatMap { text in
      ICalendarReader.unfold(text).compactMap(ICalendarReader.property).first {
        $0.name == "RRULE" && Recurrence(rrule: $0.value) == nil
      }?.value
    }
  }

  /// The fields changed on both sides for a task, oldest first.
  public func syncConflicts(of id: TaskID) throws(StrideError) -> [SyncConflict] {
    let statement = try database.statement(
      "SELECT at, field, kept, lost, kept_from FROM sync_conflicts WHERE task_id = ? ORDER BY rowid")
    statement.bind(.integer(id.rawValue))
    var notes: [SyncConflict] = []
    while try statement.step() {
      guard let side = ConflictSide(rawValue: statement.text(4)) else {
        throw StrideError(
          .storageFailed,
          "a sync conflict of task \(id) records '\(statement.text(4))' as the side kept, which this Stride does not "
            + "know; update Stride")
      }
      notes.append(
        SyncConflict(
          at: statement.date(0), field: statement.text(1), kept: statement.text(2), lost: statement.text(3),
          keptFrom: side))
    }
    return notes
  }

  /// Applies what a sync pass received, in one transaction with one history row (one `undo` takes it back):
  /// `body` creates, changes and deletes tasks and writes the ledger through the writer.
  package func receive(list: Int64, at now: Date, _ body: (SyncWriter) throws(StrideError) -> Void)
    throws(StrideError) -> SyncWriter
  {
    let writer = SyncWriter(store: self, list: list, at: now)
    try database.transaction { () throws(StrideError) in
      try body(writer)
      guard !writer.before.isEmpty || !writer.after.isEmpty else { return }
      try history.record(
        action: .syncReceive, summary: writer.summary, before: writer.before, after: writer.after, at: now,
        origin: History.syncOrigin)
    }
    writer.after.forEach(remember)
    for id in writer.removed { forget(id) }
    if !writer.before.isEmpty || !writer.after.isEmpty {
      record(
        StoreChange(
          action: .syncReceive, at: now,
          tasks: writer.after + writer.before.filter { writer.removed.contains($0.id) },
          removed: writer.removed))
    }
    return writer
  }
}

/// Changes a sync pass makes to the local tasks, inside `TaskStore.receive`'s transaction.
package final class SyncWriter {
  private let store: TaskStore
  private let list: Int64
  private let now: Date
  package private(set) var before: [StrideTask] = []
  package private(set) var after: [StrideTask] = []
  package private(set) var removed: [TaskID] = []
  package private(set) var created = 0
  package private(set) var changed = 0
  private var createdIDs: Set<TaskID> = []
  /// Routines whose occurrence was done on another device.
  private var occurrencesDone: Set<TaskID> = []

  package init(store: TaskStore, list: Int64, at now: Date) {
    self.store = store
    self.list = list
    self.now = now
  }

  /// What arrived, task by task and field by field: "received from another device: the title and due of task 3
  /// (call the bank); task 7 (water the plants), new".
  package var summary: String {
    let parts =
      after.map { task in
        let name = "task \(task.id) (\(task.title))"
        guard let was = before.first(where: { $0.id == task.id }) else { return "\(name), new" }
        if occurrencesDone.contains(task.id) { return "an occurrence of \(name), done on another device" }
        let fields = task.changedFields(from: was)
        return fields.isEmpty ? name : "the \(listed(fields)) of \(name)"
      } + before.filter { removed.contains($0.id) }.map { "task \($0.id) (\($0.title)), deleted" }
    return "received from another device: " + (parts.isEmpty ? "nothing" : parts.joined(separator: "; "))
  }

  /// Stores a task new to this device and returns it with its id.
  package func create(_ task: StrideTask) throws(StrideError) -> StrideTask {
    var task = task
    task.id = try store.nextID()
    try store.rows.save(task)
    after.append(task)
    createdIDs.insert(task.id)
    created += 1
    return task
  }

  /// Stores a changed task; `was` is the task as it stood. `occurrenceDone`: a routine done on another device.
  package func save(_ task: StrideTask, was: StrideTask, occurrenceDone: Bool = false) throws(StrideError) {
    guard task != was else { return }
    try store.rows.save(task)
    if occurrenceDone { occurrencesDone.insert(task.id) }
    if createdIDs.contains(task.id), let index = after.firstIndex(where: { $0.id == task.id }) {
      after[index] = task
      return
    }
    before.append(was)
    after.removeAll { $0.id == task.id }
    after.append(task)
    changed += 1
  }

  /// Deletes a task deleted on another device (tasks waiting on it wait no more).
  package func delete(_ task: StrideTask) throws(StrideError) {
    for other in try store.rules(at: now).dependents(of: task.id, at: now) {
      try save(other.after, was: other.before)
    }
    try store.rows.delete(task.id)
    before.append(task)
    removed.append(task.id)
  }

  package func item(_ item: SyncItem) throws(StrideError) { try store.saveSyncItem(item, list: list) }
  package func removeItem(_ uid: String) throws(StrideError) { try store.removeSyncItem(uid) }

  /// Notes a field both sides changed, for `stride show`.
  package func conflict(_ conflict: SyncFields.Conflict, task: TaskID) throws(StrideError) {
    try store.database.statement(
      "INSERT INTO sync_conflicts (task_id, at, field, kept, lost, kept_from) VALUES (?, ?, ?, ?, ?, ?)"
    ).bind(
      .integer(task.rawValue), .date(now), .text(conflict.field), .text(conflict.kept), .text(conflict.lost),
      .text(conflict.keptFrom.rawValue)
    ).run()
  }
}
