import Foundation

/// The `history` table: one row per change, written in the same transaction as the change itself.
///
/// A row keeps the affected tasks as they were before and after (as task JSON), which is what `undo` restores and
/// what an audit or a later sync can replay. An undo is itself a row, marked as not undoable.
struct History {
  let database: SQLiteDatabase
  private let encoder = JSONEncoder()
  private let decoder = JSONDecoder()

  init(database: SQLiteDatabase) {
    self.database = database
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  }

  /// Appends a row for a change.
  func record(
    action: String, summary: String, before: [StrideTask], after: [StrideTask], at now: Date, undoable: Bool = true
  ) throws(StrideError) {
    try database.statement(
      "INSERT INTO history (at, action, summary, before, after, undoable) VALUES (?, ?, ?, ?, ?, ?)"
    ).bind(
      .date(now), .text(action), .text(summary), .text(try json(before)), .text(try json(after)),
      .int(undoable ? 1 : 0)
    ).run()
  }

  /// The most recent undoable change that has not been undone.
  func lastUndoable() throws(StrideError) -> HistoryEntry? {
    let statement = try database.statement(
      "SELECT seq, at, action, summary, before, after FROM history "
        + "WHERE undoable = 1 AND undone_by IS NULL ORDER BY seq DESC LIMIT 1")
    guard
      let row = try statement.firstRow({
        ($0.int64(0), $0.date(1), $0.text(2), $0.text(3), $0.text(4), $0.text(5))
      })
    else { return nil }
    return HistoryEntry(
      seq: row.0, at: row.1, action: row.2, summary: row.3, before: try tasks(row.4), after: try tasks(row.5))
  }

  /// Records the undo of `entry` and marks the entry as undone by it.
  func recordUndo(of entry: HistoryEntry, at now: Date) throws(StrideError) {
    try record(
      action: "history.undo", summary: "undid: \(entry.summary)", before: entry.after, after: entry.before, at: now,
      undoable: false)
    try database.statement("UPDATE history SET undone_by = ? WHERE seq = ?")
      .bind(.integer(database.lastInsertRowID), .integer(entry.seq)).run()
  }

  private func json(_ tasks: [StrideTask]) throws(StrideError) -> String {
    do {
      return String(decoding: try encoder.encode(tasks), as: UTF8.self)
    } catch {
      throw StrideError(.internalError, "a task could not be written as JSON for the history: \(error)")
    }
  }

  private func tasks(_ json: String) throws(StrideError) -> [StrideTask] {
    do {
      return try decoder.decode([StrideTask].self, from: Data(json.utf8))
    } catch {
      throw database.storageError("a history row could not be read back: \(error)")
    }
  }
}

/// One row of the history table, read back for `undo`.
struct HistoryEntry {
  var seq: Int64
  var at: Date
  var action: String
  var summary: String
  var before: [StrideTask]
  var after: [StrideTask]
}
