import Foundation
import StrideBase
import StrideModel

/// The running focus session, and what the daemon measures of it beside the changes a person makes: time not
/// counted (the machine asleep) and the last moment it knew the session was running. Neither is a change to undo or
/// to sync, so neither writes history.
extension TaskStore {
  /// The session running on an open task, with the task as it stands at `instant`.
  public func runningFocus(at instant: Date) -> RunningFocus? {
    guard let id = focusedID, let task = openTask(id), let session = task.runningFocus else { return nil }
    return RunningFocus(task: task.settled(at: instant), session: session, at: instant)
  }

  /// The task whose session runs, as the database holds it (at start-up, and after a failed commit).
  func runningFocusID() throws(StrideError) -> TaskID? {
    try database.statement("SELECT task_id FROM focus_sessions WHERE ended_at IS NULL LIMIT 1").firstRow {
      TaskID($0.int64(0))
    }
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

  /// A session that an undo brings back running: one session runs at a time, so when another runs now (started
  /// since, elsewhere) this one stays as the change left it, which is said (the returned phrase); the time between
  /// a stop and its undo is a pause, not time spent; and a session that ended with its task's deletion stays ended.
  func focusAfterUndo(_ task: inout StrideTask, undoing entry: HistoryEntry, at now: Date) -> String? {
    guard var session = task.runningFocus else { return nil }
    let after = entry.after.first { $0.id == task.id }
    let undone = Set(entry.before.map(\.id))
    if let other = openByID.first(where: { !undone.contains($0.id) && $0.runningFocus != nil }) {
      if let after {
        (task.focusSessions, task.spentSeconds) = (after.focusSessions, after.spentSeconds)
      } else {
        try? task.endFocus(.stopped, at: entry.at)
      }
      return "the end of the focus session on task \(task.id), since the one on task \(other.id) runs now"
    }
    guard let after else {
      try? task.endFocus(.stopped, at: entry.at)
      return nil
    }
    if let ended = after.focusSessions.last(where: { $0.startedAt == session.startedAt })?.endedAt, !session.isPaused {
      session.pauses.append(FocusSession.Pause(from: ended, to: max(ended, now)))
      task.focusSessions[task.focusSessions.count - 1] = session
    }
    return nil
  }

  /// The last moment the daemon knew a session was running; nil when it never noted one.
  public func focusSeen() throws(StrideError) -> Date? {
    try database.statement("SELECT seen FROM focus_clock WHERE id = 1").firstRow { $0.date(0) }
  }

  /// The timebox whose end was last announced, as `noteFocusTold` kept it.
  public func focusTold() throws(StrideError) -> String? {
    try database.statement("SELECT told FROM focus_clock WHERE id = 1").firstRow { $0.optionalText(0) } ?? nil
  }

  /// Keeps the timebox whose end was just announced: its task, start and length, as text.
  public func noteFocusTold(_ told: String, at instant: Date) throws(StrideError) {
    try database.statement(
      "INSERT INTO focus_clock (id, seen, told) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET told = excluded.told"
    ).bind(.date(instant), .text(told)).run()
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

  /// Tasks finished in `[since, until)` with an estimate and time spent that says how long they took
  /// (`finishedInFocus`): their id, title, estimate and time spent.
  public func finishedWithTimeSpent(since: Date, until: Date) throws(StrideError) -> [(
    id: TaskID, title: String, estimateMinutes: Int, spentSeconds: Int
  )] {
    let statement = try database.statement(
      "SELECT id, title, estimate_minutes, spent_seconds FROM tasks WHERE status = 'completed' "
        + "AND completed_at >= ? AND completed_at < ? AND estimate_minutes IS NOT NULL AND spent_seconds > 0 AND "
        + Self.finishedInFocus)
    statement.bind(.date(since), .date(until))
    var found: [(id: TaskID, title: String, estimateMinutes: Int, spentSeconds: Int)] = []
    while try statement.step() {
      found.append((TaskID(statement.int64(0)), statement.text(1), statement.int(2), statement.int(3)))
    }
    return found
  }
}
