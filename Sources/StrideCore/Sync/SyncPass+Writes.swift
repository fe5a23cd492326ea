import Foundation
import StrideBase
import StrideModel
import StrideStore
import StrideWire

/// The push side of a pass: the writes, a few in flight at once, and what the server's refusals mean.
extension SyncPass {
  /// Sends what changed here, a few writes at a time. Returns the resources the server refused to write because its
  /// copy changed (pull again, reading them, and merge).
  func push(_ report: inout SyncReport) throws(StrideError) -> [String] {
    let outgoing = try tasks.locked { store throws(StrideError) in try outbox(store) }
    // The steps of a task that is written go once the task's write is acknowledged: no device lists a step whose task
    // is not on the server yet, and a task refused as changed there (or deleted) is merged before its steps go.
    var written = Written()
    try write(outgoing.filter { $0.after == nil }, &report, &written)
    if !written.forbidden {
      try write(outgoing.filter { write in write.after.map(written.uids.contains) ?? false }, &report, &written)
    }
    try readOnly(written.forbidden, wrote: !written.uids.isEmpty, &report)
    try tell(written.rejected, allSent: !written.forbidden, &report)
    return written.forbidden ? [] : written.stale
  }

  /// Makes these writes, recording each batch's outcome before the next: a pass cut short keeps what reached the
  /// server.
  private func write(_ outgoing: [Outgoing], _ report: inout SyncReport, _ written: inout Written)
    throws(StrideError)
  {
    for start in stride(from: 0, to: outgoing.count, by: 50) where !stopping() {
      let batch = Array(outgoing[start..<min(start + 50, outgoing.count)])
      var saved: [SyncItem] = []
      var removed: [String] = []
      var acks: [StepAck] = []
      var failure: StrideError?
      for (write, outcome) in zip(batch, send(batch)) {
        switch outcome {
        case .success(.stored(let etag))?:
          written.uids.insert(write.uid)
          acks += write.ack.map { [$0] } ?? []
          if var item = write.item {
            item.etag = etag
            saved.append(item)
            if write.isTask { report.sent += 1 }
          } else {
            removed.append(write.uid)
            if write.isTask { report.deletedThere += 1 }
          }
        case .success(.changedOnServer)?: written.stale.append(write.href)
        case .success(.forbidden)?: written.forbidden = true
        case .success(.rejected(let words))?: written.rejected.append((write, words))
        case .failure(let error)?: failure = failure ?? error
        case .success(.busy(let words, _))?: failure = failure ?? StrideError(.syncFailed, words)
        case nil: break
        }
      }
      try tasks.locked { store throws(StrideError) in
        try store.recordSync(
          list: list.id, saving: try SyncItem.agreeing(saved, acks, list: list.id, in: store), removing: removed)
      }
      if let failure { throw failure }
      if written.forbidden { break }
    }
  }

  /// Keeps whether the server refuses this account's writes (its rights were taken away): then what changed here
  /// stays here, named in a note, and is tried again at each pass; a write that goes through ends it.
  private func readOnly(_ forbidden: Bool, wrote: Bool, _ report: inout SyncReport) throws(StrideError) {
    try tasks.locked { store throws(StrideError) in
      guard forbidden else {
        if wrote { try store.setSyncValues(["readOnly": nil], list: list.id) }
        return
      }
      try store.setSyncValues(["readOnly": "1"], list: list.id)
      let local = try Self.localChanges(store, list: list, shared: shared)
      let named = local.changed.map { "task \($0.task.id) (\($0.task.title))" }
      let deleted = Set(local.deleted.map(\.taskID)).count
      var kept = named
      if deleted > 0 { kept.append(deleted == 1 ? "1 deletion" : "\(deleted) deletions") }
      report.notes.append(
        "the list \(list.name) is read-only for you on the server now, so what changed here stays here and is not "
          + "sent: \(listed(kept)); it is sent once the list's owner lets you write again")
    }
  }

  /// Makes the writes, as many at a time as the collection's pacing lets go; the outcome of each, or nil for one not
  /// tried (the daemon is stopping, or a write failed: the server is not taking them now). A worker beyond the pacing's
  /// limit stops taking writes once the limit drops (the server answered that it was busy).
  private func send(_ batch: [Outgoing]) -> [Result<SyncWrite, StrideError>?] {
    let outcomes = Locked([Result<SyncWrite, StrideError>?](repeating: nil, count: batch.count))
    let next = Locked((index: 0, failed: false))
    DispatchQueue.concurrentPerform(iterations: min(SyncPacing.most, batch.count)) { worker in
      while true {
        let index = next.withLock { next -> Int? in
          guard next.index < batch.count, !next.failed, !stopping(), worker < pacing.limit else { return nil }
          next.index += 1
          return next.index - 1
        }
        guard let index else { return }
        let write = batch[index]
        let outcome: Result<SyncWrite, StrideError>
        do throws(StrideError) {
          outcome = .success(
            try pacing.write(now: clock, stopping: stopping) { () throws(StrideError) -> SyncWrite in
              if let body = write.body { return try collection.put(write.href, body: body, etag: write.etag) }
              return try collection.delete(write.href, etag: write.etag)
            })
        } catch {
          outcome = .failure(error)
          next.withLock { $0.failed = true }
        }
        outcomes.withLock { $0[index] = outcome }
      }
    }
    return outcomes.withLock { $0 }
  }

  /// Says each resource the server refused as it is (a strict server's 415, say): that task's problem, named with
  /// the server's words and what to do (a refused deletion: that it is tried again). The refused change stays here and
  /// is tried again at each pass, so an edit that makes it acceptable goes out by itself.
  private func tell(_ rejected: [(Outgoing, String)], allSent: Bool, _ report: inout SyncReport) throws(StrideError) {
    guard !rejected.isEmpty else { return }
    let rest = allSent ? "the rest was sent, and " : ""
    try tasks.locked { store throws(StrideError) in
      for id in Array(Set(rejected.map(\.0.taskID))).sorted() {
        let (write, words) = rejected.first { $0.0.taskID == id }!
        guard let task = try store.stored(id) else {
          // A deletion refused: the task is gone here, and its resource stays there until the server takes it.
          report.notes.append(
            "the server refused to delete task \(id) (\(words)); \(rest)the deletion is tried again at each pass")
          continue
        }
        let what = write.body == nil ? "a step's deletion of" : "the change to"
        report.notes.append(
          "the server refused \(what) task \(id) (\(task.title)) as Stride wrote it (\(words)); \(rest)this change "
            + "stays here and is tried again at each pass: look at it with stride show \(id), and change it with "
            + "stride edit \(id) if the server keeps refusing it")
      }
    }
  }
}
