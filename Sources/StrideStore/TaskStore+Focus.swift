import Foundation
import StrideBase
import StrideModel

/// The running focus session, and what the daemon measures of it beside the changes a person makes: time not
/// counted (the machine asleep) and the last moment it knew the session was running. Neither is a change to undo or
/// to sync, so neither writes history.
extension TaskStore {
  /// The session running on an open task, with the task as it stands at `instant`.
  public func runningFocus(at instant: Date) -> RunningFocus? {
    guard let task = openByID.first(where: { $0.runningFocus != nil }), let session = task.runningFocus else {
      return nil
    }
    return RunningFocus(task: task.settled(at: instant), session: session, at: instant)
  }

  /// Adds `seconds` (negative: takes them off) to the time task `id`'s running session does not count.
  public func uncount(_ seconds: Int, on id: TaskID) throws(StrideError) {
    guard seconds != 0, let before = openTask(id), var session = before.runningFocus else { return }
    session.uncountedSeconds += seconds
    var task = before
    task.focusSessions[task.focusSessions.count - 1] = session
    try database.transaction { () throws(StrideError) in try rows.save(task, replacing: before) }
    remember(task)
  }

  /// The last moment the daemon knew a session was running; nil when it never noted one.
  public func focusSeen() throws(StrideError) -> Date? {
    try database.statement("SELECT seen FROM focus_clock WHERE id = 1").firstRow { $0.date(0) }
  }

  /// Notes that a session was running at `instant`.
  public func noteFocusSeen(_ instant: Date) throws(StrideError) {
    try database.statement(
      "INSERT INTO focus_clock (id, seen) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET seen = excluded.seen"
    ).bind(.date(instant)).run()
  }
}
