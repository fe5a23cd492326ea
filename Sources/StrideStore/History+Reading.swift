import Foundation
import StrideBase
import StrideJSON
import StrideModel

/// The history read back for people: the log a page at a time, and the facts a review is counted from. The
/// review reads what was finished from `history_done` and counts changes through the index by action and time; its
/// other queries read only the fields they count, with SQLite's JSON functions, so a month of thousands of changes
/// is not decoded task by task.
extension History {
  /// A page of the log, newest first: changes that touched `task` (any when nil), at or after `since`, before
  /// `until`, older than the change `before`; at most `limit`, and whether there are more.
  package func page(task: TaskID?, since: Date?, until: Date?, before: Int64?, limit: Int) throws(StrideError)
    -> HistoryPage
  {
    // Only the conditions asked for are written, so SQLite reads the page from where the last one ended (the rowid
    // below `before`) rather than from the newest row each time: `log --all` reads each row once.
    var conditions = ["h.seq < ?4"]
    if task != nil { conditions.append("h.seq IN (SELECT seq FROM history_tasks WHERE task_id = ?1)") }
    if since != nil { conditions.append("h.at >= ?2") }
    if until != nil { conditions.append("h.at < ?3") }
    let statement = try database.statement(
      """
      SELECT h.seq, h.at, h.action, h.summary, h.words, h.origin, h.undone_by IS NOT NULL, h.before, h.after,
        CASE WHEN h.action = 'history.undo' AND h.words IS NULL
          THEN (SELECT o.action FROM history o WHERE o.undone_by = h.seq) END,
        CASE WHEN h.words IS NOT NULL THEN coalesce(json_extract(h.after, '$[0].id'), json_extract(h.before, '$[0].id'))
          END
      FROM history h
      WHERE \(conditions.joined(separator: " AND "))
      ORDER BY h.seq DESC LIMIT ?5
      """
    ).bind(
      task.map { .integer($0.rawValue) } ?? .null, .date(since), .date(until), .integer(before ?? Int64.max),
      .int(limit + 1))
    var entries: [LoggedChange] = []
    while try statement.step() {
      guard let action = ChangeAction(rawValue: statement.text(2)) else { continue }
      // Each row keeps its words from when it was written; a row written before schema 16 is worded from its tasks.
      let (words, id) =
        if let words = statement.optionalText(4) {
          (words, statement.isNull(10) ? nil : TaskID(statement.int64(10)))
        } else {
          try Self.worded(
            action, summary: statement.text(3), before: tasks(statement.text(7)), after: tasks(statement.text(8)),
            undoing: statement.optionalText(9).flatMap(ChangeAction.init(rawValue:)))
        }
      entries.append(
        LoggedChange(
          seq: statement.int64(0), at: statement.date(1), action: action, id: id, words: words,
          undone: statement.int(6) != 0, fromSync: statement.optionalText(5) == Self.syncOrigin))
    }
    let more = entries.count > limit
    return HistoryPage(entries: Array(entries.prefix(limit)), more: more)
  }

  /// A change in the log's words, and the task it was about, from its tasks: `undoing`, for an undo, is the action
  /// it took back, whose tasks go from what the change made back to what it found.
  static func worded(
    _ action: ChangeAction, summary: String, before: [StrideTask], after: [StrideTask], undoing: ChangeAction?
  ) -> (String, TaskID?) {
    let id = (after.first ?? before.first)?.id
    guard let undoing else { return (HistoryWords.phrase(action, before: before, after: after, summary: summary), id) }
    return ("took back: " + HistoryWords.phrase(undoing, before: after, after: before, summary: summary), id)
  }

  /// A task finished in a period: when, which, what it needed, and whether it was a routine's occurrence.
  package struct Completion {
    package var at: Date
    package var task: TaskID
    package var energy: EnergyLevel
    package var minutes: Int?
    package var routine: Bool
  }

  /// Every task finished in `[since, until)` by a change not taken back (`History.finished` says which): read from
  /// `history_done`, kept by time, so a period reads only the finishes it counts. The changes taken back are read
  /// once from their own small index, not looked up in the history row by row.
  package func completions(since: Date, until: Date) throws(StrideError) -> [Completion] {
    let statement = try database.statement(
      """
      SELECT d.at, d.task_id, d.energy, d.minutes, d.routine FROM history_done d
      WHERE d.at >= ?1 AND d.at < ?2
        AND d.seq NOT IN (SELECT seq FROM history WHERE undone_by IS NOT NULL)
      ORDER BY d.at, d.seq
      """
    ).bind(.date(since), .date(until))
    var found: [Completion] = []
    while try statement.step() {
      found.append(
        Completion(
          at: statement.date(0), task: TaskID(statement.int64(1)),
          energy: EnergyLevel(rawValue: statement.text(2)) ?? .medium, minutes: statement.optionalInt(3),
          routine: statement.int(4) != 0))
    }
    return found
  }

  /// The wake-ups announced in `[since, until)`, oldest first: when, and the task as it was before it woke.
  package func wakes(since: Date, until: Date) throws(StrideError) -> [(at: Date, before: StrideTask)] {
    let statement = try database.statement(
      "SELECT at, before FROM history WHERE action = ? AND at >= ? AND at < ? ORDER BY seq"
    ).bind(.text(ChangeAction.wake.rawValue), .date(since), .date(until))
    var found: [(at: Date, before: StrideTask)] = []
    while try statement.step() {
      found += try tasks(statement.text(1)).map { (statement.date(0), $0) }
    }
    return found
  }

  /// How many changes of `action` in `[since, until)`, not taken back.
  package func count(_ action: ChangeAction, since: Date, until: Date) throws(StrideError) -> Int {
    let statement = try database.statement(
      "SELECT count(*) FROM history WHERE action = ? AND at >= ? AND at < ? AND undone_by IS NULL")
    return try statement.bind(.text(action.rawValue), .date(since), .date(until)).firstRow { $0.int(0) } ?? 0
  }

  /// A routine moving on by itself past occurrences not done: the first passed over (`from`, its due before), the
  /// one it moved to (`to`), how many were passed over, and when.
  package struct Passing: Sendable {
    package var id: TaskID
    package var from: Date?
    package var to: Date?
    package var count: Int
    package var at: Date
  }

  /// Per routine: occurrences skipped in `[since, until)` (not taken back), and each moving on by itself since
  /// `since` (its `missed` count growing at a wake-up, which may come long after the occurrences it passed over:
  /// the caller counts the ones that fell in the period).
  package func routineMisses(since: Date, until: Date) throws(StrideError) -> (
    skipped: [TaskID: Int], passings: [Passing]
  ) {
    let statement = try database.statement(
      """
      SELECT json_extract(after, '$[0].id'), action = 'task.skip',
        max(0, coalesce(json_extract(after, '$[0].repeat.missed'), 0)
          - coalesce(json_extract(before, '$[0].repeat.missed'), 0)),
        json_extract(before, '$[0].due'), json_extract(after, '$[0].due'), at
      FROM history
      WHERE action IN ('task.skip', 'task.wake') AND at >= ?1 AND undone_by IS NULL
        AND (action = 'task.wake' OR at < ?2)
      """
    ).bind(.date(since), .date(until))
    var skipped: [TaskID: Int] = [:]
    var passings: [Passing] = []
    while try statement.step() {
      let id = TaskID(statement.int64(0))
      if statement.int(1) != 0 {
        skipped[id, default: 0] += 1
      } else if statement.int(2) > 0 {
        passings.append(
          Passing(
            id: id, from: statement.optionalText(3).flatMap(Timestamp.parse),
            to: statement.optionalText(4).flatMap(Timestamp.parse), count: statement.int(2), at: statement.date(5)))
      }
    }
    return (skipped, passings)
  }

  /// Whether a person changed a task after capturing it, by a change not taken back (`changes(of:)` over one). Most
  /// tasks a review asks this of have one row in the history, their capture: that is read from the index of tasks'
  /// changes alone, and only a task with more has its changes counted.
  package func changedSinceCaptured(_ id: TaskID) throws(StrideError) -> Bool {
    let rows =
      try database.statement("SELECT count(*) FROM (SELECT 1 FROM history_tasks WHERE task_id = ? LIMIT 2)")
      .bind(.integer(id.rawValue)).firstRow { $0.int(0) } ?? 0
    guard rows > 1 else { return false }
    return try changes(of: id) > 1
  }

  /// How many changes a person made to a task, not taken back: its capture counts, wake-ups do not.
  package func changes(of id: TaskID) throws(StrideError) -> Int {
    let statement = try database.statement(
      """
      SELECT count(*) FROM history_tasks t JOIN history h ON h.seq = t.seq
      WHERE t.task_id = ? AND h.undone_by IS NULL AND h.action NOT IN ('task.wake', 'history.undo')
      """)
    return try statement.bind(.integer(id.rawValue)).firstRow { $0.int(0) } ?? 0
  }
}
