/// What a committed change did, as the history table records it and events and `undo` report it: the protocol
/// method that asked for it, or what the daemon did by itself (a wake-up, a change received by sync). A closed set:
/// a new kind of change is one case here, and the compiler finds every place that says something about it.
public enum ChangeAction: String, Sendable, CaseIterable {
  case capture = "task.capture"
  case importTasks = "task.import"
  case update = "task.update"
  case skip = "task.skip"
  case pin = "task.pin"
  case complete = "task.complete"
  case reopen = "task.reopen"
  case delete = "task.delete"
  case deferTask = "task.defer"
  case wait = "task.wait"
  case resume = "task.resume"
  case block = "task.block"
  case unblock = "task.unblock"
  case addStep = "subtask.add"
  case completeStep = "subtask.complete"
  case reopenStep = "subtask.reopen"
  case addNote = "note.add"
  case removeNote = "note.remove"
  case move = "task.move"
  case undo = "history.undo"
  case setContext = "context.set"
  case focusStart = "focus.start"
  case focusStop = "focus.stop"
  case focusPause = "focus.pause"
  case focusResume = "focus.resume"
  case focusExtend = "focus.extend"
  /// A deferral, follow-up, start or routine time came, and the daemon brought the task back.
  case wake = "task.wake"
  /// A sync pass brought in a change made on another device.
  case syncReceive = "sync.receive"

  /// Whether the change completed something, a task or one of its steps (the `task.completed` event).
  public var completes: Bool {
    switch self {
    case .complete, .completeStep: true
    case .capture, .importTasks, .update, .skip, .pin, .reopen, .delete, .deferTask, .wait, .resume, .block,
      .unblock, .addStep, .reopenStep, .addNote, .removeNote, .move, .undo, .setContext, .wake, .syncReceive,
      .focusStart, .focusStop, .focusPause, .focusResume, .focusExtend:
      false
    }
  }
}

/// Where an undone change was made.
public enum ChangeSource: String, Codable, Sendable {
  /// In this terminal (or where nobody knows).
  case here
  /// In another terminal or program on this machine: this one had made no change left to undo.
  case elsewhere
  /// Received from another device by sync; the next pass sends the undo to the server.
  case sync
}
