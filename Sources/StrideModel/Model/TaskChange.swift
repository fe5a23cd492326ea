import Foundation
import StrideBase

/// A change to existing tasks, as a client asks for it. The store applies each one in a single transaction,
/// together with the history row that lets `undo` revert it.
public enum TaskChange: Equatable, Sendable {
  case complete(TaskID)
  case reopen(TaskID)
  case addStep(TaskID, title: String)
  case completeStep(TaskID, index: Int)
  case reopenStep(TaskID, index: Int)
  /// `on`: with `blocked`, the task it waits on (a dependency). `energy`: the user's energy now.
  case deferTask(TaskID, reason: DeferReason, until: Date?, on: TaskID? = nil, energy: EnergyLevel? = nil)
  case wait(TaskID, note: String?, followUp: Date? = nil)
  case resume(TaskID)
  case update(TaskID, TaskPatch)
  case block(TaskID, on: TaskID)
  case unblock(TaskID, on: TaskID)
  case delete(TaskID)
  /// A routine moves to its next occurrence without a completion.
  case skip(TaskID)
  /// Pinned (true) or unpinned (false).
  case pin(TaskID, Bool)
  /// A dated note at the end of the task's notes.
  case addNote(TaskID, text: String)
  /// Note `index` (from 1) taken away.
  case removeNote(TaskID, index: Int)
  /// Into another list (its name as stored).
  case move(TaskID, list: String)
  /// Its focus session started, held, let go of, lengthened or ended.
  case focus(TaskID, FocusChange)

  /// The task the change is about.
  public var taskID: TaskID {
    switch self {
    case .complete(let id), .reopen(let id), .addStep(let id, _), .completeStep(let id, _), .reopenStep(let id, _),
      .deferTask(let id, _, _, _, _), .wait(let id, _, _), .resume(let id), .update(let id, _), .block(let id, _),
      .unblock(let id, _), .delete(let id), .skip(let id), .pin(let id, _), .addNote(let id, _),
      .removeNote(let id, _), .move(let id, _), .focus(let id, _):
      id
    }
  }

  /// What the history table records for this change (its protocol method).
  public var action: ChangeAction {
    switch self {
    case .complete: .complete
    case .reopen: .reopen
    case .addStep: .addStep
    case .completeStep: .completeStep
    case .reopenStep: .reopenStep
    case .deferTask: .deferTask
    case .wait: .wait
    case .resume: .resume
    case .update: .update
    case .block: .block
    case .unblock: .unblock
    case .delete: .delete
    case .skip: .skip
    case .pin: .pin
    case .addNote: .addNote
    case .removeNote: .removeNote
    case .move: .move
    case .focus(_, let change): change.action
    }
  }

  /// What was done, as a phrase that completes "Undid: …" — for example "completed task 12 (call the dentist)".
  public func summary(of task: StrideTask) -> String {
    let name = "task \(task.id) (\(task.title))"
    return switch self {
    case .complete: task.recurrence == nil ? "completed \(name)" : "completed an occurrence of \(name)"
    case .reopen: "reopened \(name)"
    case .addStep(_, let title): "added the step '\(title)' to \(name)"
    case .completeStep(_, let index): "completed step \(index) of \(name)"
    case .reopenStep(_, let index): "reopened step \(index) of \(name)"
    case .deferTask(_, let reason, _, _, _): "deferred \(name) as \(reason.rawValue)"
    case .wait: "set \(name) to waiting"
    case .resume: "resumed \(name)"
    case .update: "edited \(name)"
    case .block(_, let other): "made \(name) wait on task \(other)"
    case .unblock(_, let other): "stopped \(name) waiting on task \(other)"
    case .delete: "deleted \(name)"
    case .skip: "skipped an occurrence of \(name)"
    case .pin(_, let pinned): pinned ? "pinned \(name)" : "unpinned \(name)"
    case .addNote: "added a note to \(name)"
    case .removeNote(_, let index): "removed note \(index) of \(name)"
    case .move(_, let list): "moved \(name) to the list \(list)"
    case .focus(_, let change): change.summary(of: task)
    }
  }
}

/// A change to a task's focus session.
public enum FocusChange: Equatable, Sendable {
  /// A session of `boxSeconds` on the task, or on its step `step`; with `switching`, the session running on another
  /// task ends in its place (without it, that one is named and nothing starts).
  case start(step: Int?, boxSeconds: Int, switching: Bool)
  /// The running session ends (`.stopped`, `.finished`, `.interrupted`).
  case end(FocusEnding)
  /// On hold (true) or going on (false).
  case pause(Bool)
  /// More time in the timebox (nil: one more box of the same length).
  case extend(seconds: Int?)

  var action: ChangeAction {
    switch self {
    case .start: .focusStart
    case .end: .focusStop
    case .pause(true): .focusPause
    case .pause(false): .focusResume
    case .extend: .focusExtend
    }
  }

  func summary(of task: StrideTask) -> String {
    let name = "task \(task.id) (\(task.title))"
    return switch self {
    case .start(let step?, _, _): "started a focus session on step \(step) of \(name)"
    case .start: "started a focus session on \(name)"
    case .end(.interrupted): "ended the focus session on \(name) at the last moment Stride knew it was running"
    case .end(.finished): "finished the focus session on \(name)"
    case .end: "stopped the focus session on \(name)"
    case .pause(true): "paused the focus session on \(name)"
    case .pause(false): "went on with the focus session on \(name)"
    case .extend(let seconds?):
      "added \(Minutes.spoken(seconds / Seconds.perMinute)) to the focus session on \(name)"
    case .extend(nil): "kept going with the focus session on \(name)"
    }
  }
}
