import Foundation
import StrideBase
import StrideCalendar
import StrideModel
import StrideStore

/// A step's write as its task's base takes it in once the server acknowledges it. A step is its own resource, so
/// its task's write can reach the server while the step's does not: the task's base holds only what the server
/// acknowledged, or a step whose write failed would read as agreed and never be sent again.
struct StepAck: Sendable {
  /// The task's UID.
  var parent: String
  var uid: String
  /// The step as written; nil for a delete.
  var step: SyncStep?
  /// The task's fields and last change when the write was planned: once its base is these, the task is as agreed.
  var fields: SyncFields
  var updated: Date
}

extension SyncItem {
  /// The steps of a task's base as its write leaves them: each step about to be written as the server last
  /// acknowledged it (or left out, when it never did), the others as they are here.
  static func agreedSteps(_ steps: [SyncStep], base: [SyncStep], writing: Set<String>) -> [SyncStep] {
    let old = Dictionary(base.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
    let kept = Set(steps.map(\.uid))
    return steps.compactMap { writing.contains($0.uid) ? old[$0.uid] : $0 }
      + base.filter { writing.contains($0.uid) && !kept.contains($0.uid) }
  }

  /// Takes an acknowledged step write into this task's base: the step as written, in its place among the steps
  /// here (or gone, for a delete).
  mutating func agree(_ ack: StepAck) {
    guard var base else { return }
    if let index = base.steps.firstIndex(where: { $0.uid == ack.uid }) {
      if let step = ack.step { base.steps[index] = step } else { base.steps.remove(at: index) }
    } else if let step = ack.step {
      let order = ack.fields.steps.map(\.uid)
      let position = order.firstIndex(of: step.uid) ?? order.count
      let index =
        base.steps.firstIndex { (order.firstIndex(of: $0.uid) ?? order.count) > position } ?? base.steps.count
      base.steps.insert(step, at: index)
    }
    self.base = base
    if base == ack.fields { syncedUpdated = ack.updated }
  }

  /// The rows to save after a batch of writes, with each acknowledged step taken into its task's base (the task's
  /// row from the same batch, or else from the ledger).
  static func agreeing(_ saved: [SyncItem], _ acks: [StepAck], list: Int64, in store: TaskStore) throws(StrideError)
    -> [SyncItem]
  {
    guard !acks.isEmpty else { return saved }
    var rows = saved
    let ledger = Dictionary(try store.syncItems(list: list).map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
    for ack in acks {
      if let index = rows.firstIndex(where: { $0.uid == ack.parent }) {
        rows[index].agree(ack)
      } else if var task = ledger[ack.parent] {
        task.agree(ack)
        rows.append(task)
      }
    }
    return rows
  }
}

extension SyncPass {
  /// The paths of the steps received whose task is not known here (yet): a step written before its task, or read
  /// in a listing that did not have its task. The token moves past them, so they are kept to be read again until
  /// their task arrives (or they are gone); nil when there are none.
  func orphans(_ received: [(SyncResource, VTodo.Parsed)], _ store: TaskStore) throws(StrideError) -> String? {
    let steps = received.filter { $0.1.parent != nil }
    guard !steps.isEmpty else { return nil }
    let known = try store.syncUIDs(list: list.id)
    let hrefs = steps.filter { !known.contains($0.1.parent!) }.map(\.0.href)
    return hrefs.isEmpty ? nil : hrefs.joined(separator: "\n")
  }
}
