import StrideBase
import StrideModel

/// The tasks whose text a transaction changed, indexed once when it commits (`SearchIndex`), from their rows as they
/// stand then. A change that failed inside a group has had its rows put back by its savepoint's rollback: its task
/// is indexed as its rows then say, which is as it was; a task captured by it and rolled back has no rows, and is
/// not indexed.
final class SearchTerms: CommitWork {
  /// Each task touched, and whether the index may hold it now (false: its id is new).
  private var touched: [Int64: Bool] = [:]

  func touched(_ id: Int64, indexed: Bool) {
    touched[id] = (touched[id] ?? false) || indexed
  }

  func commit(in database: SQLiteDatabase) throws(StrideError) {
    guard !touched.isEmpty else { return }
    let tasks = touched.sorted { $0.key < $1.key }
    touched = [:]
    for (id, indexed) in tasks {
      if indexed { try database.statement("DELETE FROM task_search WHERE rowid = ?").bind(.integer(id)).run() }
      let row = try database.statement(SearchIndex.texts + " WHERE id = ?").bind(.integer(id))
      defer { row.reset() }
      if try row.step() { try SearchIndex.insert(row, into: database) }
    }
  }

  func drop() {
    touched = [:]
  }
}

extension SearchIndex {
  /// Every task's id and texts, in id order; with `WHERE id = ?` appended, one task's.
  static let texts = """
    SELECT id, title, raw_input,
      (SELECT group_concat(text, char(10)) FROM task_notes WHERE task_id = tasks.id),
      (SELECT group_concat(title, char(10)) FROM subtasks WHERE task_id = tasks.id)
    FROM tasks
    """

  /// Adds the texts of the task `row` (a query of `texts`) stands on to the index, folded.
  static func insert(_ row: SQLiteStatement, into database: SQLiteDatabase) throws(StrideError) {
    try database.statement("INSERT INTO task_search (rowid, title, raw_input, notes, steps) VALUES (?, ?, ?, ?, ?)")
      .bind(
        .integer(row.int64(0)), .text(SearchQuery.foldedText(row.text(1))),
        .text(SearchQuery.foldedText(row.text(2))), .text(SearchQuery.foldedText(row.optionalText(3) ?? "")),
        .text(SearchQuery.foldedText(row.optionalText(4) ?? ""))
      ).run()
  }
}
