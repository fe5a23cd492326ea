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

  /// The focus sessions started in `[since, until)`: when each started and the time it counted (at `now` for the
  /// one that runs).
  public func focusSpent(since: Date, until: Date, at now: Date) throws(StrideError) -> [(start: Date, seconds: Int)] {
    let statement = try database.statement(
      "SELECT task_id, step, started_at, box_seconds, timebox_seconds, pauses, uncounted_seconds, ended_at, ending "
        + "FROM focus_sessions WHERE started_at >= ? AND started_at < ?")
    statement.bind(.date(since), .date(until))
    var spent: [(start: Date, seconds: Int)] = []
    while try statement.step() {
      let session = try FocusPauses.session(statement, database)
      spent.append((session.startedAt, session.spentSeconds(at: now)))
    }
    return spent
  }

  /// Tasks finished in `[since, until)` with an estimate and time spent: their id, title, estimate and time spent.
  public func finishedWithTimeSpent(since: Date, until: Date) throws(StrideError) -> [(
    id: TaskID, title: String, estimateMinutes: Int, spentSeconds: Int
  )] {
    let statement = try database.statement(
      "SELECT id, title, estimate_minutes, spent_seconds FROM tasks WHERE status = 'completed' "
        + "AND completed_at >= ? AND completed_at < ? AND estimate_minutes IS NOT NULL AND spent_seconds > 0")
    statement.bind(.date(since), .date(until))
    var found: [(id: TaskID, title: String, estimateMinutes: Int, spentSeconds: Int)] = []
    while try statement.step() {
      found.append((TaskID(statement.int64(0)), statement.text(1), statement.int(2), statement.int(3)))
    }
    return found
  }
}
