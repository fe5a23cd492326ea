import Foundation
import StrideBase

/// A change of the history in words, as `stride log` says it: "finished step 2 of task 12, "call the bank"".
///
/// Made from what the change did to its tasks (before and after), not from the summary stored with it, when the
/// change is recorded: the history keeps the words with the row, so the log reads no task (a row written before
/// schema 16 is worded from its tasks when it is read or compacted). The time is not part of it: the reader says
/// when, in its own zone.
public enum HistoryWords {
  /// The phrase for a change; `summary` is the row's stored summary, for the changes that keep their detail only
  /// there (an energy set, what sync received, why a task came back).
  public static func phrase(
    _ action: ChangeAction, before: [StrideTask], after: [StrideTask], summary: String
  ) -> String {
    let task = after.first ?? before.first
    let old = before.first
    let name = task.map { "task \($0.id), \"\($0.title)\"" } ?? "a task"
    switch action {
    case .capture: return "added \(name)"
    case .importTasks: return "imported \(after.count == 1 ? "1 task" : "\(after.count) tasks")"
    case .update: return "edited \(name)" + (old.flatMap { edited(from: $0, to: task) }.map { ": " + $0 } ?? "")
    case .skip: return "skipped an occurrence of \(name)"
    case .pin: return task?.pinned == true ? "pinned \(name)" : "unpinned \(name)"
    case .complete: return old?.recurrence == nil ? "finished \(name)" : "did \(name), for this time"
    case .reopen: return "reopened \(name)"
    case .delete: return "deleted \(name)"
    case .deferTask:
      let reason = task?.deferral.map { " (\(words(for: $0.reason)))" } ?? ""
      return "put off \(name)\(reason)"
    case .wait: return "parked \(name)" + (task?.waitingFor.map { " while waiting for \($0)" } ?? "")
    case .resume: return "took up \(name) again"
    case .block: return "made \(name) wait on \(added(old?.blockedBy, task?.blockedBy))"
    case .unblock: return "stopped \(name) waiting on \(added(task?.blockedBy, old?.blockedBy))"
    case .addStep: return "added step \(task?.subtasks.count ?? 0) to \(name)"
    case .completeStep, .reopenStep: return step(action, of: name, before: old, after: task, summary: summary)
    case .addNote: return "added a note to \(name)"
    case .removeNote: return "removed a note from \(name)"
    case .move: return "moved \(name) to the list \(task?.list ?? "")"
    case .wake:
      if summary.hasSuffix(") came due") { return "\(name) came due" }
      // The reasons follow the last ": " (a title may hold one too).
      let why = summary.range(of: ": ", options: .backwards).map { String(summary[$0.upperBound...]) }
      return "\(name) came back" + (why.map { ": " + $0 } ?? "")
    case .undo, .setContext, .syncReceive: return summary
    case .focusStart, .focusStop, .focusPause, .focusResume, .focusExtend:
      return focus(action, of: name, task: task, switchedFrom: before.count > 1 ? before.last : nil)
    }
  }

  /// A focus session's change: "started focusing on task 12, "pay rent", step 2: find the lease, for 5 minutes".
  private static func focus(_ action: ChangeAction, of name: String, task: StrideTask?, switchedFrom: StrideTask?)
    -> String
  {
    guard let task, let session = task.focusSessions.last else { return "changed the focus session on \(name)" }
    let box = Minutes.spoken(session.timeboxSeconds / Seconds.perMinute)
    let spent = Minutes.spoken(seconds: session.endedAt.map(session.spentSeconds) ?? 0)
    switch action {
    case .focusStart:
      let step = task.focusStep(of: session).map { ", step \($0.index): \($0.subtask.title)" } ?? ""
      let from = switchedFrom.map { " (in place of task \($0.id))" } ?? ""
      return "started focusing on \(name)\(step), for \(box)\(from)"
    case .focusStop:
      switch session.ending {
      case .finished: return "finished focusing on \(name), after \(spent)"
      case .switched: return "switched away from \(name), after \(spent)"
      case .interrupted:
        return "ended the focus session on \(name) at the last moment Stride knew it was running, after \(spent)"
      case .stopped, nil: return "stopped focusing on \(name), after \(spent)"
      }
    case .focusPause: return "paused the focus session on \(name)"
    case .focusResume: return "went on with the focus session on \(name)"
    default: return "gave the focus session on \(name) more time, \(box) in all"
    }
  }

  /// A step finished or reopened, named with its task and its own title: "finished step 2 of task 12, "pay
  /// rent": find the lease", and, when it was the last one, what that did to the task.
  private static func step(
    _ action: ChangeAction, of name: String, before old: StrideTask?, after task: StrideTask?, summary: String
  ) -> String {
    let finishing = action == .completeStep
    let steps = old?.subtasks ?? []
    // The summary names the step ("completed step 2 of task 12 (…)"); a routine's last step opens them all again,
    // so what changed between before and after cannot say which one it was.
    let index =
      stepNumber(in: summary).flatMap { steps.indices.contains($0 - 1) ? $0 : nil }
      ?? zip(steps, task?.subtasks ?? []).enumerated().first { $0.element.0.done != $0.element.1.done }.map {
        $0.offset + 1
      }
    guard let index else { return "\(finishing ? "finished" : "reopened") a step of \(name)" }
    var phrase = "\(finishing ? "finished" : "reopened") step \(index) of \(name): \(steps[index - 1].title)"
    if finishing, let old, let task, old.status != .completed {
      if task.status == .completed {
        phrase += " (the last step, which finished the task)"
      } else if old.recurrence != nil, task.due != old.due {
        phrase += " (the last step, which finished the routine for this time)"
      }
    }
    return phrase
  }

  /// N in "completed step N of …" or "reopened step N of …".
  private static func stepNumber(in summary: String) -> Int? {
    guard let range = summary.range(of: "step ") else { return nil }
    return Int(summary[range.upperBound...].prefix { $0.isNumber })
  }

  /// A defer reason as a sentence says it.
  public static func words(for reason: DeferReason) -> String {
    switch reason {
    case .blocked: "blocked"
    case .noEnergy: "no energy"
    case .wrongTime: "wrong time"
    case .unsure: "unsure"
    case .notImportant: "not important"
    }
  }

  /// Why a task was put off, as a sentence follows a count with it: "twice *for the wrong time*".
  public static func why(_ reason: DeferReason) -> String {
    switch reason {
    case .blocked: "as blocked"
    case .noEnergy: "for no energy"
    case .wrongTime: "for the wrong time"
    case .unsure: "as unsure how to start"
    case .notImportant: "as not important"
    }
  }

  /// What an edit changed, named: "the title, the due time".
  private static func edited(from old: StrideTask, to new: StrideTask?) -> String? {
    guard let new else { return nil }
    let fields: [(String, Bool)] = [
      ("the title (was \"\(old.title)\")", old.title != new.title), ("the energy", old.energy != new.energy),
      ("the estimate", old.estimateMinutes != new.estimateMinutes), ("the type", old.type != new.type),
      ("the due time", old.due != new.due), ("the start", old.start != new.start), ("the tags", old.tags != new.tags),
      ("how it repeats", old.recurrence != new.recurrence), ("its notes", old.notes != new.notes),
    ]
    let changed = fields.filter(\.1).map(\.0)
    return changed.isEmpty ? nil : listed(changed)
  }

  /// The task ids in `after` but not in `before`: "task 3".
  private static func added(_ before: [TaskID]?, _ after: [TaskID]?) -> String {
    let new = (after ?? []).filter { !(before ?? []).contains($0) }
    return new.isEmpty ? "another task" : listed(new.map { "task \($0)" })
  }
}
