import Foundation
import StrideBase
import StrideCalendar
import StrideJSON
import StrideModel
import StrideProtocol
import StrideWire

/// The `history` table: one row per change, written in the same transaction as the change itself.
///
/// A row keeps the affected tasks as they were before and after (as task JSON), which is what `undo` restores and
/// what an audit or a later sync can replay. An undo is itself a row, marked as not undoable.
package struct History {
  package let database: SQLiteDatabase

  package init(database: SQLiteDatabase) {
    self.database = database
  }

  /// What `origin` holds for the changes a sync pass received.
  package static let syncOrigin = "sync"
  /// What `origin` holds for a button pressed on a desktop reminder: the person at the screen, in no terminal.
  package static let desktopOrigin = "desktop"

  /// Appends a row for a change; `origin` says who made it (`HistoryEntry.origin`).
  package func record(
    action: ChangeAction, summary: String, before: [StrideTask], after: [StrideTask], at now: Date,
    undoable: Bool = true,
    origin: String? = nil, undoing: ChangeAction? = nil
  ) throws(StrideError) {
    // Worded once, as the log says it (`HistoryWords`), so reading the log reads no task.
    let (words, _) = Self.worded(action, summary: summary, before: before, after: after, undoing: undoing)
    try database.statement(
      """
      INSERT INTO history (at, action, summary, before, after, undoable, origin, words)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """
    ).bind(
      .date(now), .text(action.rawValue), .text(summary), .text(json(before)), .text(json(after)),
      .int(undoable ? 1 : 0), .string(origin), .text(words)
    ).run()
    let seq = database.lastInsertRowID
    for id in Set((before + after).map(\.id)) {
      try database.statement("INSERT INTO history_tasks (task_id, seq) VALUES (?, ?)")
        .bind(.integer(id.rawValue), .integer(seq)).run()
    }
    for (task, routine) in Self.finished(action, before: before, after: after) {
      try database.statement(
        "INSERT OR IGNORE INTO history_done (at, seq, task_id, energy, minutes, routine) VALUES (?, ?, ?, ?, ?, ?)"
      ).bind(
        .date(now), .integer(seq), .integer(task.id.rawValue), .text(task.energy.rawValue),
        .int(task.estimateMinutes), .int(routine ? 1 : 0)
      ).run()
    }
  }

  /// The tasks a change finished, as the review counts them (`history_done`): a change made here finishes the task
  /// it is about (the first of its tasks) when it goes from open to finished, or when it is a routine's occurrence
  /// done (the routine itself stays open); a sync pass may finish any of the tasks it received. Imports and
  /// captures of finished tasks are not finishing.
  static func finished(_ action: ChangeAction, before: [StrideTask], after: [StrideTask]) -> [(StrideTask, Bool)] {
    switch action {
    case .complete, .completeStep:
      guard let task = after.first, let old = before.first, old.id == task.id else { return [] }
      let routine = old.recurrence != nil
      let finishing = task.status == .completed && old.status != .completed
      return finishing || (routine && action == .complete) ? [(task, routine)] : []
    case .syncReceive:
      let was = Dictionary(before.map { ($0.id, $0.status) }) { first, _ in first }
      return after.filter { task in
        task.status == .completed && was[task.id].map { $0 != .completed } == true
      }.map { ($0, false) }
    default: return []
    }
  }

  /// The change `undo` takes back: with `fromSync`, the latest a sync pass received; else the latest made from
  /// `origin` (this terminal) or on a desktop reminder, or, when there is none, the latest made by a person anywhere.
  /// Never one undone already.
  package func lastUndoable(origin: String?, fromSync: Bool) throws(StrideError) -> HistoryEntry? {
    let open = "undoable = 1 AND undone_by IS NULL AND slim = 0"
    if fromSync { return try last(where: "\(open) AND origin = ?", .text(Self.syncOrigin)) }
    if let origin,
      let mine = try last(where: "\(open) AND origin IN (?, ?)", .text(origin), .text(Self.desktopOrigin))
    {
      return mine
    }
    return try last(where: "\(open) AND (origin IS NULL OR origin <> ?)", .text(Self.syncOrigin))
  }

  private func last(where condition: String, _ values: SQLiteValue...) throws(StrideError) -> HistoryEntry? {
    let statement = try database.statement(
      "SELECT seq, at, action, summary, before, after, origin FROM history WHERE \(condition) "
        + "ORDER BY seq DESC LIMIT 1"
    ).bind(values)
    guard
      let row = try statement.firstRow({
        ($0.int64(0), $0.date(1), $0.text(2), $0.text(3), $0.text(4), $0.text(5), $0.optionalText(6))
      })
    else { return nil }
    guard let action = ChangeAction(rawValue: row.2) else {
      throw StrideError(
        .storageFailed,
        "history row \(row.0) records '\(row.2)', a change this Stride does not know; update Stride to undo it")
    }
    return HistoryEntry(
      seq: row.0, at: row.1, action: action, summary: row.3, before: try tasks(row.4), after: try tasks(row.5),
      origin: row.6)
  }

  /// Records the undo of `entry` and marks the entry as undone by it.
  package func recordUndo(of entry: HistoryEntry, at now: Date, origin: String?) throws(StrideError) {
    try record(
      action: .undo, summary: "undid: \(entry.summary)", before: entry.after, after: entry.before, at: now,
      undoable: false, origin: origin, undoing: entry.action)
    try database.statement("UPDATE history SET undone_by = (SELECT max(seq) FROM history) WHERE seq = ?")
      .bind(.integer(entry.seq)).run()
  }

  /// The tasks in their one JSON shape (`Wire.Task`, sorted keys), with no times in words: written straight to bytes,
  /// the same bytes as `JSONWriter` writes of their trees (`Wire.Task.json`), with no tree made and sorted first.
  private func json(_ tasks: [StrideTask]) -> String {
    String(decoding: tasks.map { Wire.Task($0) }.jsonBytes, as: UTF8.self)
  }

  func tasks(_ json: String) throws(StrideError) -> [StrideTask] {
    do throws(any Error) {
      var value = try JSONReader.parse(Array(json.utf8))
      // A compacted row's tasks hold what it kept; what it left out reads as nothing set.
      if case .array(let tasks) = value { value = .array(tasks.map(Self.filled)) }
      return try [Wire.Task](json: value).map { task throws(StrideError) in
        try StrideTask(task)
      }
    } catch let error as StrideError {
      throw database.storageError("a history row could not be read back: \(error.message)")
    } catch {
      throw database.storageError("a history row could not be read back: \(error)")
    }
  }
}

/// One row of the history table, read back for `undo`.
package struct HistoryEntry {
  package var seq: Int64
  package var at: Date
  package var action: ChangeAction
  package var summary: String
  package var before: [StrideTask]
  package var after: [StrideTask]
  /// Who made the change: a client's terminal session (`TerminalSession`), `sync`, or nil when unknown.
  package var origin: String?
}
