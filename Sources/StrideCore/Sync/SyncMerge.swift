import Foundation
import StrideBase
import StrideCalendar
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// What one pull received, sorted for the merge: the tasks (in the order they were made, so tasks new here get ids
/// in that order), their steps by task, the resources the server removed, and every task something happened to.
struct ReceivedBatch {
  let tasks: [(SyncResource, VTodo.Parsed)]
  let taskByUID: [String: (SyncResource, VTodo.Parsed)]
  let stepsByParent: [String: [(SyncResource, VTodo.Parsed)]]
  let removedUIDs: Set<String>
  /// Every task something happened to: its own resource, or one of its steps.
  let affected: [String]
  /// The ledger as the pass found it.
  let items: [String: SyncItem]

  init(_ received: [(SyncResource, VTodo.Parsed)], removedHrefs: Set<String>, items: [SyncItem]) {
    let itemByUID = Dictionary(items.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
    let uidByHref = Dictionary(
      items.compactMap { item in item.href.map { ($0, item.uid) } }, uniquingKeysWith: { a, _ in a })
    tasks = received.filter { $0.1.parent == nil }.sorted {
      ($0.1.created ?? $0.1.modified ?? .distantPast, $0.1.uid) < (
        $1.1.created ?? $1.1.modified ?? .distantPast, $1.1.uid
      )
    }
    let steps = received.filter { $0.1.parent != nil }
    removedUIDs = Set(removedHrefs.compactMap { uidByHref[$0] })
    var affected: [String] = tasks.map(\.1.uid)
    var seen = Set(affected)
    for owner in steps.map({ $0.1.parent! }) + removedUIDs.map({ itemByUID[$0]?.parent ?? $0 })
    where seen.insert(owner).inserted {
      affected.append(owner)
    }
    self.affected = affected
    taskByUID = Dictionary(tasks.map { ($0.1.uid, $0) }, uniquingKeysWith: { a, _ in a })
    stepsByParent = Dictionary(grouping: steps) { $0.1.parent! }
    self.items = itemByUID
  }
}

/// The merge of one pull into the store, inside its transaction: tasks new here are made first, then each task
/// something happened to is merged field by field (Docs/sync.md), its ledger entry kept as it grows.
final class SyncMerge {
  let batch: ReceivedBatch
  let store: TaskStore
  /// The list this pass syncs: tasks received are made in it, and a task moved out of it is no longer its concern.
  let list: StoredList
  let writer: SyncWriter
  let now: Date
  let timeZone: TimeZone
  /// The ledger, with the tasks made in this pass.
  var itemByUID: [String: SyncItem]
  /// Tasks made here in this pass, by UID.
  var created: [String: StrideTask] = [:]
  /// Routines done on another device that wrote their next time as a new resource (todoman): UID of the done
  /// one → UID of the next, which becomes the routine's resource here.
  var succeeded: [String: String] = [:]
  /// Tasks with a field changed on both sides.
  var conflicted: [TaskID] = []
  /// The list is another person's, shared with this account: deferrals and pins stay each person's own.
  var shared = false

  init(batch: ReceivedBatch, store: TaskStore, list: StoredList, writer: SyncWriter, now: Date, timeZone: TimeZone) {
    self.batch = batch
    self.store = store
    self.list = list
    self.writer = writer
    self.now = now
    self.timeZone = timeZone
    itemByUID = batch.items
  }

  func id(_ uid: String) -> TaskID? { itemByUID[uid]?.taskID }

  /// The task here, if it is still in this list (a task moved to another list is deleted from this one's server
  /// by the push, and merged no more).
  func here(_ id: TaskID) -> StrideTask? {
    guard let task = try? store.stored(id), list.holds(task) else { return nil }
    return task
  }

  /// Makes the tasks that are new here (or whose task here is gone), or, for a routine's next time written as a
  /// new resource, moves the routine to that resource.
  func createNew() throws(StrideError) {
    for uid in batch.affected where itemByUID[uid] == nil || (try? store.stored(itemByUID[uid]!.taskID)) == nil {
      guard let (resource, parsed) = batch.taskByUID[uid] else { continue }
      if itemByUID[uid] != nil, batch.removedUIDs.contains(uid) { continue }
      if itemByUID[uid] == nil, let done = try doneOccurrence(before: parsed) {
        // The routine's next time, not a new task: the same routine goes on under this resource.
        succeeded[done.uid] = uid
        itemByUID[uid] = SyncItem(
          uid: uid, taskID: done.taskID, href: resource.href, etag: resource.etag, body: resource.body, base: nil)
        continue
      }
      var task = StrideTask(
        id: TaskID(0), title: parsed.fields.title, rawInput: parsed.fields.note,
        createdAt: parsed.created ?? parsed.modified ?? now, list: list.name)
      task.updatedAt = now
      task = try writer.create(task)
      created[uid] = task
      itemByUID[uid] = SyncItem(
        uid: uid, taskID: task.id, href: resource.href, etag: resource.etag, body: resource.body, base: nil)
    }
  }

  /// Merges what the server has of one task (and its steps) into the task here, and keeps its ledger entry.
  func mergeTask(_ uid: String, report: inout SyncReport) throws(StrideError) {
    guard var item = itemByUID[uid] else { return }
    let taskResource = batch.taskByUID[uid]
    // The server's version: its new text, or (when only steps changed) the last agreed one.
    guard var remote = taskResource?.1.fields ?? item.base else { return }
    let mine = try mergeSteps(of: uid, item: item, into: &remote)
    if batch.removedUIDs.contains(uid) {
      try removeLocally(item, report: &report)
      return
    }
    guard let local = here(item.taskID) else { return }
    if shared { remote = remote.shared }
    var localFields =
      created[uid] == nil ? SyncFields(local, uid: { syncUID(of: $0, in: itemByUID) }, stepUIDs: item.stepUIDs) : remote
    if shared { localFields = localFields.shared }
    // The server's last change to the task or to one of its steps, against the last change here.
    let remoteChanged = ([taskResource?.1.modified] + mine.map(\.1.modified)).compactMap { $0 }.max()
    let remoteLater = (remoteChanged ?? .distantPast) > local.updatedAt
    var base = item.base ?? remote
    // A step sent from here whose answer was lost, and which the server holds: what was sent is its base. (One the
    // server does not hold never arrived, and is new here still: with it in the base, the merge would read it as
    // deleted there.)
    let agreed = Set(base.steps.map(\.uid))
    let there = Set(remote.steps.map(\.uid))
    base.steps += localFields.steps.compactMap { step in
      agreed.contains(step.uid) || !there.contains(step.uid) ? nil : itemByUID[step.uid]?.sent
    }
    let (merged, conflicts) = SyncFields.merge(
      base: base, local: localFields, remote: remote, remoteIsLater: remoteLater)
    let (task, occurrenceDone) = try apply(merged, remote: remote, localFields: localFields, to: local, item: item)
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

  /// The server's steps of a task, in their order there, into `remote`; their ledger entries kept, removed ones
  /// dropped. Returns the steps that came in this batch.
  private func mergeSteps(of uid: String, item: SyncItem, into remote: inout SyncFields) throws(StrideError)
    -> [(SyncResource, VTodo.Parsed)]
  {
    var remoteSteps = item.base?.steps ?? []
    remoteSteps.removeAll { batch.removedUIDs.contains($0.uid) }
    // Steps new to this device in their order on the server.
    let mine = VTodo.Parsed.inStepOrder(batch.stepsByParent[uid] ?? [], \.1)
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
    for removed in batch.removedUIDs where itemByUID[removed]?.parent == uid { try writer.removeItem(removed) }
    remote.steps = remoteSteps
    return mine
  }

  /// The merged fields written into the task here, and saved when they change it. A routine done on another device
  /// is done here as `stride done` does it: that occurrence, and the routine back at its next time.
  private func apply(
    _ merged: SyncFields, remote: SyncFields, localFields: SyncFields, to local: StrideTask, item: SyncItem
  ) throws(StrideError) -> (StrideTask, occurrenceDone: Bool) {
    var task = local
    var occurrenceDone = false
    if local.recurrence != nil, local.status.isOpen, remote.state.status == .completed,
      item.base?.state.status != .completed
    {
      // A rule the other app dropped with the completion (todoman) is kept.
      var open = merged
      (open.state, open.rrule, open.afterDone) = (localFields.state, localFields.rrule, localFields.afterDone)
      open.apply(to: &task, id: id)
      try task.complete(at: remote.state.completedAt ?? now, calendar: LocalCalendar(timeZone: timeZone))
      occurrenceDone = true
    } else {
      merged.apply(to: &task, id: id)
    }
    if shared { SyncFields.keepPersonal(&task, from: local) }
    task.settleFocus(occurrenceDone: occurrenceDone, at: now)
    if task != local {
      task.updatedAt = now
      try writer.save(task, was: local, occurrenceDone: occurrenceDone)
    }
    return (task, occurrenceDone)
  }

  /// The routine whose occurrence another app marked done in this batch and wrote again as `next`, a new resource
  /// with the same title and a rule: its done resource's UID and the local task.
  private func doneOccurrence(before next: VTodo.Parsed) throws(StrideError) -> (uid: String, taskID: TaskID)? {
    guard next.fields.rrule != nil, next.fields.state.status != .completed else { return nil }
    for (_, done) in batch.tasks
    where done.fields.state.status == .completed && done.fields.title == next.fields.title {
      guard let item = itemByUID[done.uid], item.parent == nil, let task = try store.stored(item.taskID),
        task.recurrence != nil, task.status.isOpen
      else { continue }
      return (done.uid, item.taskID)
    }
    return nil
  }

  /// The server deleted a task: delete it here too, unless it changed here since (then it is sent again).
  private func removeLocally(_ item: SyncItem, report: inout SyncReport) throws(StrideError) {
    let items = itemByUID
    guard let local = here(item.taskID) else {
      try forget(item)
      return
    }
    var fields = SyncFields(local, uid: { syncUID(of: $0, in: items) }, stepUIDs: item.stepUIDs)
    if shared { fields = fields.shared }
    if let base = item.base, fields == base {
      try writer.delete(local)
      try forget(item)
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

  /// Forgets a task the server deleted, with the steps the server deleted too. A step it still holds (one written
  /// while another device deleted its task, or left by an app that deleted the task alone) keeps its row, and the
  /// next push deletes it, its task being gone here: no step stays on the server without its task.
  private func forget(_ item: SyncItem) throws(StrideError) {
    try writer.removeItem(item.uid)
    for step in itemByUID.values where step.parent == item.uid {
      if batch.removedUIDs.contains(step.uid) || step.href == nil { try writer.removeItem(step.uid) }
    }
  }
}
