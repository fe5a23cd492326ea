import Foundation
import StrideBase
import StrideModel

/// The full-text index `stride find` reads: an FTS5 table, `task_search`, with one row per task (its id as the rowid)
/// holding its title, the thought as typed, its notes and its steps. Written with the task, in the same transaction.
///
/// Each text goes in already folded (`SearchQuery.foldedText`: its words, folded, a space between them), and a query
/// goes in as folded words, so the index and a reading of every task fold by one rule. The `ascii` tokenizer splits
/// at the spaces and nowhere else, as every other character of a folded word is a letter or a digit (`unicode61`
/// would split too at letters its Unicode tables are older than, such as New Tai Lue's vowels, and the two answers
/// would part). A SQLite built without FTS5 has no index: a search then reads every task's text and matches it
/// here, with the same answers, in time that grows with the number of tasks (Docs/benchmarks.md). So that an index
/// left behind by such a build cannot be trusted stale, a build without FTS5 removes the mark that says the index is
/// whole, and the next one with FTS5 builds it again.
///
/// A change does not write the index itself: it names the tasks whose text it changed (`update`, `remove`), and
/// their terms are written once, from their rows as they stand, just before the transaction commits
/// (`SearchTerms`). Inside a group commit each change is a savepoint, at which FTS5 would write a segment of its
/// own; so a group writes one. The index keeps no sizes of the texts (`columnsize=0`: nothing ranks by them), a
/// page fewer for each change to sync to disk. (It keeps its own copy of them: with none, it could forget a task
/// only if told the very terms it was given, folded again by whatever Unicode tables a later build has.)
package struct SearchIndex {
  package let database: SQLiteDatabase
  /// Whether this SQLite has FTS5 and the index is used.
  package let enabled: Bool
  /// The tasks whose text the transaction under way changed, for its commit to index.
  private let terms = SearchTerms()

  private static let builtKey = "search-index"
  /// What the mark says of a whole index, by the folding it was built with; an index built by another is rebuilt.
  private static let builtValue = "whole, folded by SearchQuery.fold, ascii tokens, no sizes (4)"

  /// Prepares the index: builds it when it is missing or not known to be whole. `enabled: false` works as a SQLite
  /// without FTS5 does.
  package init(database: SQLiteDatabase, enabled wanted: Bool) throws(StrideError) {
    self.database = database
    let hasFTS5 = (try? database.integer("SELECT sqlite_compileoption_used('ENABLE_FTS5')")) == 1
    enabled = wanted && hasFTS5
    let built =
      try database.statement("SELECT value FROM store_state WHERE key = ?")
      .bind(.text(Self.builtKey)).firstRow { $0.text(0) }
    if !enabled {
      if built != nil {
        try database.statement("DELETE FROM store_state WHERE key = ?").bind(.text(Self.builtKey)).run()
      }
      return
    }
    if built != Self.builtValue { try rebuild() }
    database.atCommit = terms
  }

  /// Fills the index from every task, in one transaction.
  private func rebuild() throws(StrideError) {
    try database.transaction { () throws(StrideError) in
      try database.execute(
        """
        DROP TABLE IF EXISTS task_search;
        CREATE VIRTUAL TABLE task_search USING fts5(
          title, raw_input, notes, steps, tokenize = 'ascii', columnsize = 0);
        """)
      let tasks = try database.statement(Self.texts)
      while try tasks.step() { try Self.insert(tasks, into: database) }
      try database.statement("INSERT OR REPLACE INTO store_state (key, value) VALUES (?, ?)")
        .bind(.text(Self.builtKey), .text(Self.builtValue)).run()
    }
  }

  /// Puts a task's text in the index, in place of what it held (`new`: it held nothing), when the transaction
  /// commits: from its rows as they stand then.
  package func update(_ task: StrideTask, new: Bool = false) {
    guard enabled else { return }
    terms.touched(task.id.rawValue, indexed: !new)
  }

  /// Takes a removed task out of the index when the transaction commits.
  package func remove(_ id: TaskID) {
    guard enabled else { return }
    terms.touched(id.rawValue, indexed: true)
  }

  /// Every task the query matches, best first.
  package func search(_ query: SearchQuery) throws(StrideError) -> [SearchHit] {
    enabled ? try indexed(query) : try scanned(query)
  }

  /// The index's answer. Terms are folded words and nothing else, so the expression needs no escaping.
  private func indexed(_ query: SearchQuery) throws(StrideError) -> [SearchHit] {
    let terms = query.terms.map { "\"\($0.words.joined(separator: " "))\"" + ($0.prefix ? "*" : "") }
    let statement = try database.statement(
      """
      SELECT t.id, t.status = 'completed', t.updated_at,
        CASE WHEN t.id IN (SELECT rowid FROM task_search WHERE task_search MATCH ?2) THEN t.title END
      FROM task_search JOIN tasks t ON t.id = task_search.rowid WHERE task_search MATCH ?1
      """
    ).bind(.text(terms.joined(separator: " AND ")), .text("title : (\(terms.joined(separator: " AND ")))"))
    var hits: [SearchHit] = []
    while try statement.step() {
      // Only a title the index matched is read again, to say how closely: in place where it can be.
      let title: SearchQuery.TitleMatch =
        statement.isNull(3)
        ? .elsewhere : (statement.withText(3, query.titleMatch(ascii:)) ?? nil) ?? query.titleMatch(statement.text(3))
      hits.append(
        SearchHit(
          id: TaskID(statement.int64(0)), title: title, finished: statement.int(1) != 0, updatedAt: statement.date(2)))
    }
    return SearchHit.ranked(hits)
  }

  /// The answer without an index: every task's text, read and matched. Also what the benchmark sets the index
  /// against.
  package func scanned(_ query: SearchQuery) throws(StrideError) -> [SearchHit] {
    let statement = try database.statement(
      """
      SELECT id, status = 'completed', updated_at, title, raw_input,
        (SELECT group_concat(text, char(10)) FROM task_notes WHERE task_id = tasks.id),
        (SELECT group_concat(title, char(10)) FROM subtasks WHERE task_id = tasks.id)
      FROM tasks
      """)
    var hits: [SearchHit] = []
    while try statement.step() {
      let title = statement.text(3)
      let texts = [title, statement.text(4), statement.optionalText(5) ?? "", statement.optionalText(6) ?? ""]
      guard query.matches(texts) else { continue }
      hits.append(
        SearchHit(
          id: TaskID(statement.int64(0)), title: query.titleMatch(title), finished: statement.int(1) != 0,
          updatedAt: statement.date(2)))
    }
    return SearchHit.ranked(hits)
  }
}
