import Foundation
import StrideBase
import StrideCalendar
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// One sync pass: take what changed on the server and merge it in, then send what changed here. The network is
/// used outside the store's lock; each step that reads or writes tasks holds it briefly, and a task changed here
/// meanwhile simply waits for the next pass. Docs/sync.md gives the rules.
struct SyncPass {
  let collection: any SyncCollection
  /// The list this pass syncs with its collection.
  let list: StoredList
  /// The collection is another person's, shared with this account: deferrals and pins stay here.
  var shared = false
  let tasks: Tasks
  let clock: @Sendable () -> Date
  let timeZone: TimeZone
  /// True once the daemon is stopping: the pass ends after the request in flight, keeping what reached the server.
  var stopping: @Sendable () -> Bool = { false }
  /// How writes go to this collection (how many at once, how a busy answer is tried again): the daemon keeps one per
  /// collection, so what a pass learned about the server holds for the next.
  var pacing = SyncPacing()

  /// Pulls and pushes until nothing is refused as changed on the server (at most three rounds).
  func run() throws(StrideError) -> SyncReport {
    var report = SyncReport()
    let started = clock()
    var stale: [String] = []
    for _ in 0..<3 where !stopping() {
      let written = report.sent + report.deletedThere
      try pull(&report, again: stale)
      stale = try push(&report)
      guard !stale.isEmpty else {
        if report.sent + report.deletedThere > written, !stopping(), try hasToken() { try pull(&report) }
        break
      }
    }
    try tasks.locked { store throws(StrideError) in
      try store.setSyncValues(["lastPassStart": Timestamp.format(started)], list: list.id)
    }
    return report
  }

  // MARK: Pull

  /// Takes what changed on the server since the last pull, and reads `again` (the resources whose write was refused
  /// as changed there) whether or not the server lists them.
  private func pull(_ report: inout SyncReport, again: [String] = []) throws(StrideError) {
    let (token, waiting, items, known) = try tasks.locked { store throws(StrideError) in
      (
        try store.syncValue("token", list: list.id), try store.syncValue("waitingSteps", list: list.id),
        try store.syncItems(list: list.id), NotTasks(try store.syncValue("notTasks", list: list.id))
      )
    }
    let changes = try collection.changes(since: token)
    let byHref = Dictionary(items.compactMap { item in item.href.map { ($0, item) } }, uniquingKeysWith: { a, _ in a })
    let changed = changes.changed.filter { entry in
      entry.etag == nil || (byHref[entry.href]?.etag != entry.etag && known.etags[entry.href] != entry.etag)
    }
    var removed = Set(changes.removed)
    if changes.complete {
      // Unlisted means deleted there, for what the server held; one reserved but never acknowledged is still to send.
      let listed = Set(changes.changed.map(\.href))
      removed.formUnion(byHref.filter { !listed.contains($0.key) && $0.value.confirmed }.keys)
    }
    // Steps read before their task was known here are read again, whether or not the server lists them as changed.
    var hrefs = changed.map(\.href)
    for href in (waiting?.split(separator: "\n").map(String.init) ?? []) + again where !removed.contains(href) {
      if !hrefs.contains(href) { hrefs.append(href) }
    }
    var notTasks = known.keeping(changes.complete ? Set(changes.changed.map(\.href)) : nil, removing: removed)
    // Read to learn their ETag, and no change when it is the one agreed: those listed without one, and those read
    // again after a 412 that the server does not list as changed (the refusal was not about a change there). Merged,
    // a task deleted here would come back.
    let unsure = Set(changes.changed.filter { $0.etag == nil }.map(\.href))
      .union(Set(again).subtracting(changed.map(\.href)))
    let received = try read(hrefs, unsure: unsure, byHref, &notTasks, &report)
    let removedHrefs = removed.filter { byHref[$0] != nil }
    try tasks.locked { store throws(StrideError) in
      if !received.isEmpty || !removedHrefs.isEmpty {
        try merge(received, removedHrefs: removedHrefs, into: store, report: &report)
      }
      try store.setSyncValues(
        ["token": changes.token, "waitingSteps": try orphans(received, store), "notTasks": notTasks.text],
        list: list.id)
    }
  }

  /// Applies the server's changes to the local tasks, in one transaction (one undoable history row).
  private func merge(
    _ received: [(SyncResource, VTodo.Parsed)], removedHrefs: Set<String>, into store: TaskStore,
    report: inout SyncReport
  ) throws(StrideError) {
    let now = clock()
    let batch = ReceivedBatch(received, removedHrefs: removedHrefs, items: try store.syncItems(list: list.id))
    var conflicted: [TaskID] = []
    let writer = try store.receive(list: list.id, at: now) { writer throws(StrideError) in
      let merge = SyncMerge(batch: batch, store: store, list: list, writer: writer, now: now, timeZone: timeZone)
      merge.shared = shared
      // New tasks first, so dependencies among them resolve.
      try merge.createNew()
      for uid in batch.affected { try merge.mergeTask(uid, report: &report) }
      conflicted = merge.conflicted
    }
    report.received += writer.created + writer.changed
    report.deletedHere += writer.removed.count
    report.conflicts += conflicted.count
    report.conflictTasks += conflicted
  }

  // MARK: Push

  /// One resource to write or delete.
  struct Outgoing: Sendable {
    var href: String
    /// The task the resource is (or is a step of), to name it when the server refuses it.
    var taskID: TaskID
    var body: String?
    var etag: String?
    /// The ledger row to save once written (nil for a delete: the row goes).
    var item: SyncItem?
    var uid: String
    /// True for a task's own resource (counted in the report).
    var isTask: Bool
    /// The ledger row to keep before the write is made (a new resource's UID and path, a task's new step UIDs).
    var reservation: SyncItem?
    /// For a step of a task that is written too: the task's UID, whose write must be acknowledged first.
    var after: String?
    /// For a step: what its task's base takes in once the write is acknowledged.
    var ack: StepAck?
  }

  /// What a pass's writes came to.
  struct Written {
    /// The UIDs of the resources written (or deleted).
    var uids: Set<String> = []
    /// The resources whose write the server refused because its copy changed: read again and merged before the next
    /// write.
    var stale: [String] = []
    /// The server refused a write as not allowed (the list is read-only for this account).
    var forbidden = false
    /// The writes the server refused as they are, with its words: those tasks' own problems.
    var rejected: [(Outgoing, String)] = []
  }

  /// Every write the local changes need: changed and new tasks with their changed steps, and deletions. A new
  /// resource's UID and path (and a task's new steps' UIDs) are kept in the ledger before it is written: a write
  /// that reached the server and whose answer was lost is then tried again under the same UID (and refused as
  /// existing, then merged), never sent a second time as another task or step.
  func outbox(_ store: TaskStore) throws(StrideError) -> [Outgoing] {
    let writes = try planned(store)
    try store.recordSync(list: list.id, saving: writes.compactMap(\.reservation))
    return writes
  }

  private func planned(_ store: TaskStore) throws(StrideError) -> [Outgoing] {
    let now = clock()
    let local = try Self.localChanges(store, list: list, shared: shared)
    let items = local.items
    var writes: [Outgoing] = []
    for (task, fields) in local.changed {
      let uid = local.uidByTask[task.id]!
      let before = items[uid]!
      let stepUIDs = fields.steps.map(\.uid)
      if before.confirmed, before.base == fields, before.stepUIDs == stepUIDs {
        // Only steps wait to be sent: the task itself is as the server has it, and is not written.
        writes += try stepWrites(task, fields, uid: uid, oldSteps: fields.steps, items: items, now: now)
        continue
      }
      var item = before
      let server = try item.body.flatMap { body throws(StrideError) in try? VTodo.parse(body, timeZone: timeZone) }
      let body = VTodo.text(
        task: fields, uid: uid, created: task.createdAt, modified: task.updatedAt, now: now, timeZone: timeZone,
        server: server)
      let steps = try stepWrites(task, fields, uid: uid, oldSteps: before.base?.steps ?? [], items: items, now: now)
      // The base the task's write leaves: its steps being written join it as each write is acknowledged.
      var sent = fields
      sent.steps = SyncItem.agreedSteps(fields.steps, base: before.base?.steps ?? [], writing: Set(steps.map(\.uid)))
      // Never sent: written only if no such resource exists yet.
      let etag = item.href == nil ? nil : item.etag
      let href = item.href ?? collection.href(for: uid)
      (item.href, item.body, item.base, item.stepUIDs, item.syncedUpdated) = (
        href, body, sent, stepUIDs, sent == fields ? task.updatedAt : nil
      )
      var write = Outgoing(href: href, taskID: task.id, body: body, etag: etag, item: item, uid: uid, isTask: true)
      if !before.confirmed {
        // What is sent is the base to merge against, should the server turn out to hold it.
        write.reservation = SyncItem(uid: uid, taskID: task.id, href: href, base: sent, stepUIDs: stepUIDs)
      } else if before.stepUIDs != stepUIDs {
        write.reservation = before
        write.reservation?.stepUIDs = stepUIDs
      }
      writes.append(write)
      writes += steps.map { step in
        var step = step
        step.after = uid
        return step
      }
    }
    // Tasks deleted here: their steps' resources go, then their own.
    for item in local.deleted.sorted(by: { ($0.parent == nil ? 1 : 0) < ($1.parent == nil ? 1 : 0) }) {
      writes.append(
        Outgoing(href: item.href!, taskID: item.taskID, etag: item.etag, uid: item.uid, isTask: item.parent == nil))
    }
    return writes
  }

  /// The writes of a task's steps: those new or changed since the last agreed version, and deletes of those gone.
  private func stepWrites(
    _ task: StrideTask, _ fields: SyncFields, uid: String, oldSteps: [SyncStep], items: [String: SyncItem], now: Date
  ) throws(StrideError) -> [Outgoing] {
    var writes: [Outgoing] = []
    for (index, step) in fields.steps.enumerated()
    where oldSteps.first(where: { $0.uid == step.uid }) != step || items[step.uid]?.confirmed != true {
      var stepItem = items[step.uid] ?? SyncItem(uid: step.uid, taskID: task.id, parent: uid)
      let stepServer = try stepItem.body.flatMap { body throws(StrideError) in
        try? VTodo.parse(body, timeZone: timeZone)
      }
      let stepBody = VTodo.text(
        step: step, position: index + 1, parent: uid, modified: task.updatedAt, now: now, server: stepServer)
      let stepETag = stepItem.href == nil ? nil : stepItem.etag
      // Until the server acknowledges a new step, its row keeps the step as sent: the base of its merge.
      var reservation: SyncItem?
      if !stepItem.confirmed {
        reservation = SyncItem(
          uid: step.uid, taskID: task.id, parent: uid, href: stepItem.href ?? collection.href(for: step.uid))
        reservation?.sent = step
      }
      stepItem.href = stepItem.href ?? collection.href(for: step.uid)
      (stepItem.body, stepItem.sent) = (stepBody, nil)
      var write = Outgoing(
        href: stepItem.href!, taskID: task.id, body: stepBody, etag: stepETag, item: stepItem, uid: step.uid,
        isTask: false)
      write.reservation = reservation
      write.ack = StepAck(parent: uid, uid: step.uid, step: step, fields: fields, updated: task.updatedAt)
      writes.append(write)
    }
    let kept = Set(fields.steps.map(\.uid))
    for old in oldSteps where !kept.contains(old.uid) {
      if let href = items[old.uid]?.href {
        var write = Outgoing(href: href, taskID: task.id, etag: items[old.uid]?.etag, uid: old.uid, isTask: false)
        write.ack = StepAck(parent: uid, uid: old.uid, step: nil, fields: fields, updated: task.updatedAt)
        writes.append(write)
      }
    }
    return writes
  }

  /// The local side of a pass: the ledger by UID, each task's UID (a task never sent gets a new one), the tasks
  /// that differ from their last agreed version (or were never sent, or have a step the server has not
  /// acknowledged) with their fields, and the ledger rows of tasks deleted here and of their steps.
  struct LocalChanges {
    var items: [String: SyncItem]
    var uidByTask: [TaskID: String]
    var changed: [(task: StrideTask, fields: SyncFields)]
    var deleted: [SyncItem]
  }

  static func localChanges(_ store: TaskStore, list: StoredList, shared: Bool) throws(StrideError)
    -> LocalChanges
  {
    var items = Dictionary(try store.syncItems(list: list.id).map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
    var uidByTask: [TaskID: String] = [:]
    for item in items.values where item.parent == nil { uidByTask[item.taskID] = item.uid }
    let since = try store.syncValue("lastPassStart", list: list.id).flatMap(Timestamp.parse)
    let candidates = try store.syncCandidates(list: list, since: since)
    let existing = Set(candidates.map(\.id))
    // UIDs for tasks never sent, first, so dependencies on them can be written.
    for task in candidates where uidByTask[task.id] == nil {
      let uid = SyncFields.newUID()
      uidByTask[task.id] = uid
      items[uid] = SyncItem(uid: uid, taskID: task.id)
    }
    let changed = candidates.compactMap { task -> (task: StrideTask, fields: SyncFields)? in
      let item = items[uidByTask[task.id]!]!
      var fields = SyncFields(task, uid: { uidByTask[$0] }, stepUIDs: item.stepUIDs)
      if shared { fields = fields.shared }
      let unsent = fields.steps.contains { items[$0.uid]?.confirmed != true }
      return !item.confirmed || item.base != fields || unsent ? (task, fields) : nil
    }
    // A step's resource whose task is gone here goes too (one whose task's delete went out before it did), and so
    // do the resources of a task moved to another list.
    let deleted = items.values.filter { item in
      item.href != nil && !existing.contains(item.taskID)
        && (try? store.stored(item.taskID)).map(list.holds) != true
    }
    return LocalChanges(items: items, uidByTask: uidByTask, changed: changed, deleted: deleted)
  }

  /// How many tasks wait to be sent (changed or new here, or deleted here).
  static func pending(_ store: TaskStore, list: StoredList, shared: Bool) throws(StrideError) -> Int {
    let local = try localChanges(store, list: list, shared: shared)
    return local.changed.count + Set(local.deleted.map(\.taskID)).count
  }
}

/// The UID a task has on the server, if it has been sent.
func syncUID(of id: TaskID, in items: [String: SyncItem]) -> String? {
  items.values.first { $0.taskID == id && $0.parent == nil }?.uid
}
