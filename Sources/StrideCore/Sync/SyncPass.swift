import Foundation
import StrideModel

/// One sync pass: take what changed on the server and merge it in, then send what changed here. The network is
/// used outside the store's lock; each step that reads or writes tasks holds it briefly, and a task changed here
/// meanwhile simply waits for the next pass. Docs/sync.md gives the rules.
struct SyncPass {
  let collection: any SyncCollection
  let store: StoreLock
  let clock: @Sendable () -> Date
  let timeZone: TimeZone
  /// True once the daemon is stopping: the pass ends after the request in flight, keeping what reached the server.
  var stopping: @Sendable () -> Bool = { false }

  /// Pulls and pushes until nothing is refused as changed on the server (at most three rounds).
  func run() throws(StrideError) -> SyncReport {
    var report = SyncReport()
    let started = clock()
    for _ in 0..<3 where !stopping() {
      try pull(&report)
      guard try push(&report) else { break }
    }
    try store.locked { store throws(StrideError) in
      try store.setSyncValues(["lastPassStart": Timestamp.format(started)])
    }
    return report
  }

  // MARK: Pull

  private func pull(_ report: inout SyncReport) throws(StrideError) {
    let (token, items) = try store.locked { store throws(StrideError) in
      (try store.syncValue("token"), try store.syncItems())
    }
    let changes = try collection.changes(since: token)
    let byHref = Dictionary(items.compactMap { item in item.href.map { ($0, item) } }, uniquingKeysWith: { a, _ in a })
    let changed = changes.changed.filter { entry in entry.etag == nil || byHref[entry.href]?.etag != entry.etag }
    var removed = Set(changes.removed)
    if changes.complete {
      let listed = Set(changes.changed.map(\.href))
      removed.formUnion(byHref.keys.filter { !listed.contains($0) })
    }
    var received: [(SyncResource, VTodo.Parsed)] = []
    for resource in try collection.fetch(changed.map(\.href)) {
      do throws(StrideError) {
        guard let parsed = try VTodo.parse(resource.body, timeZone: timeZone) else {
          report.notes.append("\(resource.href) on the server is not a task (no VTODO); it was left alone")
          continue
        }
        received.append((resource, parsed))
      } catch {
        report.notes.append("\(resource.href) on the server could not be read (\(error.message)); it was left alone")
      }
    }
    let removedHrefs = removed.filter { byHref[$0] != nil }
    try store.locked { store throws(StrideError) in
      if !received.isEmpty || !removedHrefs.isEmpty {
        try merge(received, removedHrefs: removedHrefs, into: store, report: &report)
      }
      try store.setSyncValues(["token": changes.token])
    }
  }

  /// Applies the server's changes to the local tasks, in one transaction (one undoable history row).
  private func merge(
    _ received: [(SyncResource, VTodo.Parsed)], removedHrefs: Set<String>, into store: TaskStore,
    report: inout SyncReport
  ) throws(StrideError) {
    let now = clock()
    let items = try store.syncItems()
    var itemByUID = Dictionary(items.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
    let uidByHref = Dictionary(
      items.compactMap { item in item.href.map { ($0, item.uid) } }, uniquingKeysWith: { a, _ in a })
    // Tasks new here get ids in the order they were made.
    let tasks = received.filter { $0.1.parent == nil }.sorted {
      ($0.1.created ?? $0.1.modified ?? .distantPast, $0.1.uid) < (
        $1.1.created ?? $1.1.modified ?? .distantPast, $1.1.uid
      )
    }
    let steps = received.filter { $0.1.parent != nil }
    let removedUIDs = Set(removedHrefs.compactMap { uidByHref[$0] })
    // Every task something happened to: its own resource, or one of its steps.
    var affected: [String] = tasks.map(\.1.uid)
    var seen = Set(affected)
    for owner in steps.map({ $0.1.parent! }) + removedUIDs.map({ itemByUID[$0]?.parent ?? $0 })
    where seen.insert(owner).inserted {
      affected.append(owner)
    }
    let taskByUID = Dictionary(tasks.map { ($0.1.uid, $0) }, uniquingKeysWith: { a, _ in a })
    let stepsByParent = Dictionary(grouping: steps) { $0.1.parent! }
    var conflicted: [TaskID] = []
    // Routines done on another device that wrote their next time as a new resource (todoman): UID of the done
    // one → UID of the next, which becomes the routine's resource here.
    var succeeded: [String: String] = [:]
    let writer = try store.receive(at: now) { writer throws(StrideError) in
      // New tasks first, so dependencies among them resolve.
      var created: [String: StrideTask] = [:]
      for uid in affected where itemByUID[uid] == nil || (try? store.stored(itemByUID[uid]!.taskID)) == nil {
        guard let (resource, parsed) = taskByUID[uid] else { continue }
        if itemByUID[uid] != nil, removedUIDs.contains(uid) { continue }
        if itemByUID[uid] == nil, let done = try Self.doneOccurrence(before: parsed, in: tasks, items: itemByUID, store)
        {
          // The routine's next time, not a new task: the same routine goes on under this resource.
          succeeded[done.uid] = uid
          itemByUID[uid] = SyncItem(
            uid: uid, taskID: done.taskID, href: resource.href, etag: resource.etag, body: resource.body, base: nil)
          continue
        }
        var task = StrideTask(
          id: TaskID(0), title: parsed.fields.title, rawInput: parsed.fields.note,
          createdAt: parsed.created ?? parsed.modified ?? now)
        task.updatedAt = now
        task = try writer.create(task)
        created[uid] = task
        itemByUID[uid] = SyncItem(
          uid: uid, taskID: task.id, href: resource.href, etag: resource.etag, body: resource.body, base: nil)
      }
      func id(_ uid: String) -> TaskID? { itemByUID[uid]?.taskID }
      for uid in affected {
        guard var item = itemByUID[uid] else { continue }
        let taskResource = taskByUID[uid]
        let stepUIDs = item.stepUIDs
        // The server's version: its new text, or (when only steps changed) the last agreed one.
        guard var remote = taskResource?.1.fields ?? item.base else { continue }
        var remoteSteps = item.base?.steps ?? []
        remoteSteps.removeAll { removedUIDs.contains($0.uid) }
        // Steps new to this device in their order on the server.
        let mine = (stepsByParent[uid] ?? []).sorted { ($0.1.position ?? .max) < ($1.1.position ?? .max) }
        for (resource, step) in mine {
          if let index = remoteSteps.firstIndex(where: { $0.uid == step.uid }) {
            remoteSteps[index] = step.step
          } else {
            remoteSteps.append(step.step)
          }
          try writer.item(
            SyncItem(
              uid: step.uid, taskID: item.taskID, parent: uid, href: resource.href, etag: resource.etag,
              body: resource.body))
        }
        for removed in removedUIDs where itemByUID[removed]?.parent == uid { try writer.removeItem(removed) }
        remote.steps = remoteSteps
        if removedUIDs.contains(uid) {
          try removeLocally(item, items: itemByUID, store: store, writer: writer, report: &report)
          continue
        }
        guard let local = try? store.stored(item.taskID) else { continue }
        let localFields =
          created[uid] == nil ? SyncFields(local, uid: { syncUID(of: $0, in: itemByUID) }, stepUIDs: stepUIDs) : remote
        // The server's last change to the task or to one of its steps, against the last change here.
        let remoteChanged = ([taskResource?.1.modified] + mine.map(\.1.modified)).compactMap { $0 }.max()
        let remoteLater = (remoteChanged ?? .distantPast) > local.updatedAt
        let (merged, conflicts) = SyncFields.merge(
          base: item.base ?? remote, local: localFields, remote: remote, remoteIsLater: remoteLater)
        var task = local
        var occurrenceDone = false
        if local.recurrence != nil, local.status.isOpen, remote.state.status == .completed,
          item.base?.state.status != .completed
        {
          // A routine done on another device: that occurrence is done, and the routine comes back at its next time,
          // as `stride done` does here. A rule the other app dropped with the completion (todoman) is kept.
          var open = merged
          (open.state, open.rrule, open.afterDone) = (localFields.state, localFields.rrule, localFields.afterDone)
          open.apply(to: &task, id: id)
          try task.complete(at: remote.state.completedAt ?? now, calendar: LocalCalendar(timeZone: timeZone))
          occurrenceDone = true
        } else {
          merged.apply(to: &task, id: id)
        }
        if task != local {
          task.updatedAt = now
          try writer.save(task, was: local, occurrenceDone: occurrenceDone)
        }
        for conflict in conflicts { try writer.conflict(conflict, task: task.id) }
        if !conflicts.isEmpty { conflicted.append(task.id) }
        if let (resource, _) = taskResource {
          (item.href, item.etag, item.body) = (resource.href, resource.etag, resource.body)
        }
        item.base = remote
        item.stepUIDs = merged.steps.map(\.uid)
        // Sent again on the next push when the merge differs from the server's version.
        item.syncedUpdated = merged == remote && !occurrenceDone ? task.updatedAt : nil
        if succeeded[uid] != nil {
          // The done copy stays on the server as the record of that occurrence; the routine lives on in its successor.
          try writer.removeItem(uid)
        } else {
          try writer.item(item)
        }
      }
    }
    report.received += writer.created + writer.changed
    report.deletedHere += writer.removed.count
    report.conflicts += conflicted.count
    report.conflictTasks += conflicted
  }

  /// The routine whose occurrence another app marked done in this batch and wrote again as `next`, a new resource
  /// with the same title and a rule: its done resource's UID and the local task.
  private static func doneOccurrence(
    before next: VTodo.Parsed, in received: [(SyncResource, VTodo.Parsed)], items: [String: SyncItem],
    _ store: TaskStore
  ) throws(StrideError) -> (uid: String, taskID: TaskID)? {
    guard next.fields.rrule != nil, next.fields.state.status != .completed else { return nil }
    for (_, done) in received where done.fields.state.status == .completed && done.fields.title == next.fields.title {
      guard let item = items[done.uid], item.parent == nil, let task = try store.stored(item.taskID),
        task.recurrence != nil, task.status.isOpen
      else { continue }
      return (done.uid, item.taskID)
    }
    return nil
  }

  /// The server deleted a task: delete it here too, unless it changed here since (then it is sent again).
  private func removeLocally(
    _ item: SyncItem, items: [String: SyncItem], store: TaskStore, writer: SyncWriter, report: inout SyncReport
  ) throws(StrideError) {
    guard let local = try? store.stored(item.taskID) else {
      for other in items.values where other.uid == item.uid || other.parent == item.uid {
        try writer.removeItem(other.uid)
      }
      return
    }
    let fields = SyncFields(local, uid: { syncUID(of: $0, in: items) }, stepUIDs: item.stepUIDs)
    if let base = item.base, fields == base {
      try writer.delete(local)
      for other in items.values where other.uid == item.uid || other.parent == item.uid {
        try writer.removeItem(other.uid)
      }
    } else {
      report.notes.append(
        "task \(local.id) (\(local.title)) was deleted on another device after it changed here; it was kept and is sent again"
      )
      for other in items.values where other.uid == item.uid || other.parent == item.uid {
        var again = other
        (again.href, again.etag, again.body, again.base, again.syncedUpdated) = (nil, nil, nil, nil, nil)
        try writer.item(again)
      }
    }
  }

  // MARK: Push

  /// One resource to write or delete.
  private struct Outgoing {
    var href: String
    var body: String?
    var etag: String?
    /// The ledger row to save once written (nil for a delete: the row goes).
    var item: SyncItem?
    var uid: String
    /// True for a task's own resource (counted in the report).
    var isTask: Bool
  }

  /// Sends what changed here. Returns true when the server refused a write because its copy changed (pull again).
  private func push(_ report: inout SyncReport) throws(StrideError) -> Bool {
    let outgoing = try store.locked { store throws(StrideError) in try outbox(store) }
    guard !outgoing.isEmpty else { return false }
    var saved: [SyncItem] = []
    var removed: [String] = []
    var refused = false
    var sentTasks = 0
    var deletedThere = 0
    for write in outgoing where !stopping() {
      let outcome =
        if let body = write.body {
          try collection.put(write.href, body: body, etag: write.etag)
        } else {
          try collection.delete(write.href, etag: write.etag)
        }
      switch outcome {
      case .stored(let etag):
        if var item = write.item {
          item.etag = etag
          saved.append(item)
          if write.isTask { sentTasks += 1 }
        } else {
          removed.append(write.uid)
          if write.isTask { deletedThere += 1 }
        }
      case .changedOnServer:
        refused = true
      }
      // Saved as it goes: a pass cut short keeps what reached the server.
      if saved.count + removed.count >= 50 {
        try store.locked { store throws(StrideError) in try store.recordSync(saving: saved, removing: removed) }
        (saved, removed) = ([], [])
      }
    }
    try store.locked { store throws(StrideError) in try store.recordSync(saving: saved, removing: removed) }
    report.sent += sentTasks
    report.deletedThere += deletedThere
    return refused
  }

  /// Every write the local changes need: changed and new tasks with their changed steps, and deletions.
  private func outbox(_ store: TaskStore) throws(StrideError) -> [Outgoing] {
    let now = clock()
    let local = try Self.localChanges(store)
    let items = local.items
    var writes: [Outgoing] = []
    for (task, fields) in local.changed {
      let uid = local.uidByTask[task.id]!
      var item = items[uid]!
      let server = try item.body.flatMap { body throws(StrideError) in try? VTodo.parse(body, timeZone: timeZone) }
      let body = VTodo.text(
        task: fields, uid: uid, created: task.createdAt, modified: task.updatedAt, now: now, timeZone: timeZone,
        server: server)
      // Never sent: written only if no such resource exists yet.
      let etag = item.href == nil ? nil : item.etag
      let href = item.href ?? collection.href(for: uid)
      let oldSteps = item.base?.steps ?? []
      (item.href, item.body, item.base, item.stepUIDs, item.syncedUpdated) = (
        href, body, fields, fields.steps.map(\.uid), task.updatedAt
      )
      writes.append(Outgoing(href: href, body: body, etag: etag, item: item, uid: uid, isTask: true))
      for (index, step) in fields.steps.enumerated()
      where oldSteps.first(where: { $0.uid == step.uid }) != step || items[step.uid]?.href == nil {
        var stepItem = items[step.uid] ?? SyncItem(uid: step.uid, taskID: task.id, parent: uid)
        let stepServer = try stepItem.body.flatMap { body throws(StrideError) in
          try? VTodo.parse(body, timeZone: timeZone)
        }
        let stepBody = VTodo.text(
          step: step, position: index + 1, parent: uid, modified: task.updatedAt, now: now, server: stepServer)
        let stepETag = stepItem.href == nil ? nil : stepItem.etag
        stepItem.href = stepItem.href ?? collection.href(for: step.uid)
        stepItem.body = stepBody
        writes.append(
          Outgoing(href: stepItem.href!, body: stepBody, etag: stepETag, item: stepItem, uid: step.uid, isTask: false))
      }
      let kept = Set(fields.steps.map(\.uid))
      for old in oldSteps where !kept.contains(old.uid) {
        if let href = items[old.uid]?.href {
          writes.append(Outgoing(href: href, etag: items[old.uid]?.etag, uid: old.uid, isTask: false))
        }
      }
    }
    // Tasks deleted here: their resources and their steps' go.
    for item in local.deleted {
      for step in items.values where step.parent == item.uid {
        if let href = step.href { writes.append(Outgoing(href: href, etag: step.etag, uid: step.uid, isTask: false)) }
      }
      writes.append(Outgoing(href: item.href!, etag: item.etag, uid: item.uid, isTask: true))
    }
    return writes
  }

  /// The local side of a pass: the ledger by UID, each task's UID (a task never sent gets a new one), the tasks
  /// that differ from their last agreed version (or were never sent) with their fields, and the ledger rows of tasks
  /// deleted here.
  private struct LocalChanges {
    var items: [String: SyncItem]
    var uidByTask: [TaskID: String]
    var changed: [(task: StrideTask, fields: SyncFields)]
    var deleted: [SyncItem]
  }

  private static func localChanges(_ store: TaskStore) throws(StrideError) -> LocalChanges {
    var items = Dictionary(try store.syncItems().map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
    var uidByTask: [TaskID: String] = [:]
    for item in items.values where item.parent == nil { uidByTask[item.taskID] = item.uid }
    let since = try store.syncValue("lastPassStart").flatMap(Timestamp.parse)
    let candidates = try store.syncCandidates(since: since)
    let existing = Set(candidates.map(\.id))
    // UIDs for tasks never sent, first, so dependencies on them can be written.
    for task in candidates where uidByTask[task.id] == nil {
      let uid = SyncFields.newUID()
      uidByTask[task.id] = uid
      items[uid] = SyncItem(uid: uid, taskID: task.id)
    }
    let changed = candidates.compactMap { task -> (task: StrideTask, fields: SyncFields)? in
      let item = items[uidByTask[task.id]!]!
      let fields = SyncFields(task, uid: { uidByTask[$0] }, stepUIDs: item.stepUIDs)
      return item.href == nil || item.base != fields ? (task, fields) : nil
    }
    let deleted = items.values.filter {
      $0.parent == nil && $0.href != nil && !existing.contains($0.taskID) && (try? store.stored($0.taskID)) == nil
    }
    return LocalChanges(items: items, uidByTask: uidByTask, changed: changed, deleted: deleted)
  }

  /// How many tasks wait to be sent (changed or new here, or deleted here).
  static func pending(_ store: TaskStore) throws(StrideError) -> Int {
    let local = try localChanges(store)
    return local.changed.count + local.deleted.count
  }
}

/// The UID a task has on the server, if it has been sent.
private func syncUID(of id: TaskID, in items: [String: SyncItem]) -> String? {
  items.values.first { $0.taskID == id && $0.parent == nil }?.uid
}
