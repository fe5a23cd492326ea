import CSQLite
import Foundation
import StrideBase
import StrideCalendar
import StrideModel

/// What the changes of a transaction leave to be done once, at its end, inside it: the full-text index's terms,
/// which FTS5 would otherwise write as a segment of their own at every savepoint of a group commit.
package protocol CommitWork: AnyObject {
  /// Does the work, just before the outermost transaction commits; an error rolls the transaction back.
  func commit(in database: SQLiteDatabase) throws(StrideError)
  /// Forgets the work: the transaction rolled back, and what it was for with it.
  func drop()
}

/// A connection to one SQLite database file. Not thread-safe: one owner (the `TaskStore`) uses it at a time.
package final class SQLiteDatabase {
  private var handle: OpaquePointer?
  private var statements: [String: SQLiteStatement] = [:]
  package let path: String
  /// The file's device and inode when it was opened: a commit checks the path still names it.
  private var identity: (dev_t, ino_t)?
  /// Work a transaction's changes leave for its end (`CommitWork`): done inside the outermost transaction just
  /// before its `COMMIT`, or dropped when it rolls back.
  package var atCommit: (any CommitWork)?

  /// Opens (creating if needed) the database at `path`; with `readOnly`, only one that exists, for reading.
  package init(path: String, readOnly: Bool = false) throws(StrideError) {
    self.path = path
    let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
    let result = sqlite3_open_v2(path, &handle, flags, nil)
    guard result == SQLITE_OK else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      handle = nil
      throw StrideError(.storageFailed, "cannot open the database at \(path): \(message)")
    }
    sqlite3_extended_result_codes(handle, 1)
    identity = Self.identity(of: path)
  }

  private static func identity(of path: String) -> (dev_t, ino_t)? {
    var status = stat()
    return stat(path, &status) == 0 ? (status.st_dev, status.st_ino) : nil
  }

  /// Refuses a commit when the file was removed or replaced while it was open: SQLite would write on into the
  /// removed file, and the change would be acknowledged and then lost.
  private func checkStillThere() throws(StrideError) {
    guard let identity else { return }
    if let now = Self.identity(of: path), now == identity { return }
    throw StrideError(
      .storageFailed,
      "the database file \(path) is gone: it was removed or replaced while strided ran, so the change was not made; "
        + "put it back, or run 'stride daemon stop' so the next command starts with a new database")
  }

  deinit { close() }

  /// Finalizes every statement and closes the file. Safe to call more than once.
  package func close() {
    statements.values.forEach { $0.finalize() }
    statements.removeAll()
    if let handle {
      sqlite3_close_v2(handle)
    }
    handle = nil
  }

  /// Runs one or more statements that return no rows.
  package func execute(_ sql: String) throws(StrideError) {
    var message: UnsafeMutablePointer<CChar>?
    let result = sqlite3_exec(handle, sql, nil, nil, &message)
    guard result == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
      sqlite3_free(message)
      throw storageError(text)
    }
  }

  /// How many prepared statements the connection keeps.
  package var preparedStatements: Int { statements.count }

  /// How many of the connection's statements stand part-read (stepped, not yet reset or run to their end): each
  /// keeps a read open, which holds the WAL from restarting and refuses a VACUUM.
  package var busyStatements: Int {
    var count = 0
    var statement = sqlite3_next_stmt(handle, nil)
    while let current = statement {
      if sqlite3_stmt_busy(current) != 0 { count += 1 }
      statement = sqlite3_next_stmt(handle, current)
    }
    return count
  }

  /// A prepared statement for `sql`, cached for the life of the connection and reset for reuse.
  package func statement(_ sql: String) throws(StrideError) -> SQLiteStatement {
    if let cached = statements[sql] {
      cached.reset()
      return cached
    }
    var raw: OpaquePointer?
    guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil) == SQLITE_OK, let raw
    else { throw storageError(lastMessage) }
    let statement = SQLiteStatement(raw: raw, database: self)
    statements[sql] = statement
    return statement
  }

  /// How many transactions are open: the outermost is a real one, those inside it savepoints.
  private var depth = 0

  /// Runs `body` inside one transaction: committed if it returns, rolled back if it throws. Inside another
  /// transaction it is a savepoint: its changes are kept or undone on their own, and become durable (or are lost)
  /// with the outer transaction.
  package func transaction<T>(_ body: () throws(StrideError) -> T) throws(StrideError) -> T {
    let outer = depth == 0
    // An error inside an earlier savepoint (a full disk, an I/O error) can make SQLite roll back the whole
    // transaction: a savepoint now would begin a transaction of its own, stored whatever the outer one's fate.
    if !outer, sqlite3_get_autocommit(handle) != 0 {
      throw storageError("the transaction this change was part of was rolled back")
    }
    let savepoint = "change\(depth)"
    let undo = outer ? "ROLLBACK" : "ROLLBACK TO \(savepoint); RELEASE \(savepoint)"
    // Kept prepared, as every statement is: a change would otherwise parse these four words again each time.
    try statement(outer ? "BEGIN IMMEDIATE" : "SAVEPOINT \(savepoint)").run()
    depth += 1
    defer { depth -= 1 }
    let value: T
    do throws(StrideError) {
      value = try body()
      if outer {
        // SQLite may have rolled the whole transaction back under a change that failed: its commit work would then
        // write each statement as a transaction of its own.
        if sqlite3_get_autocommit(handle) != 0 {
          throw storageError("the transaction these changes were part of was rolled back")
        }
        try atCommit?.commit(in: self)
        try checkStillThere()
      }
      try statement(outer ? "COMMIT" : "RELEASE \(savepoint)").run()
    } catch {
      try? execute(undo)
      if outer { atCommit?.drop() }
      throw error
    }
    return value
  }

  /// Runs `body`'s reads in one read transaction: SQLite then takes its lock and checks the file once, not for each
  /// query (a review asks thousands). Inside a transaction already, `body` just runs in it.
  package func reading<T>(_ body: () throws(StrideError) -> T) throws(StrideError) -> T {
    guard depth == 0, sqlite3_get_autocommit(handle) != 0 else { return try body() }
    try statement("BEGIN DEFERRED").run()
    defer { try? statement("COMMIT").run() }
    return try body()
  }

  package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  package var lastMessage: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "the database is closed" }

  package func storageError(_ detail: String) -> StrideError {
    let code = handle.map { sqlite3_errcode($0) & 0xFF } ?? SQLITE_OK
    if code == SQLITE_CORRUPT || code == SQLITE_NOTADB {
      return StrideError(
        .storageFailed,
        "the database at \(path) is damaged or is not Stride's (\(detail)); it is left as it is: move it aside or put "
          + "back a copy, then run stride again")
    }
    return StrideError(
      .storageFailed, "the database at \(path) could not be written or read (\(detail)); nothing was changed")
  }

  /// A single integer from a query such as a pragma.
  package func integer(_ sql: String) throws(StrideError) -> Int64 {
    guard let value = try statement(sql).firstRow({ $0.int64(0) }) else { throw storageError("no result for \(sql)") }
    return value
  }

  /// A single text value from a query such as `PRAGMA journal_mode`.
  package func text(_ sql: String) throws(StrideError) -> String? {
    try statement(sql).firstRow { $0.text(0) }
  }
}

/// A compiled SQL statement: bind parameters by position (from 1), step, read columns (from 0).
package final class SQLiteStatement {
  private let raw: OpaquePointer
  private unowned let database: SQLiteDatabase

  package init(raw: OpaquePointer, database: SQLiteDatabase) {
    self.raw = raw
    self.database = database
  }

  package func finalize() { sqlite3_finalize(raw) }

  package func reset() {
    sqlite3_reset(raw)
    sqlite3_clear_bindings(raw)
  }

  /// Binds each value in order to parameters 1, 2, ….
  @discardableResult
  package func bind(_ values: SQLiteValue...) -> SQLiteStatement { bind(values) }

  /// Binds each value in order to parameters 1, 2, ….
  @discardableResult
  package func bind(_ values: [SQLiteValue]) -> SQLiteStatement {
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      switch value {
      case .null: sqlite3_bind_null(raw, index)
      case .integer(let number): sqlite3_bind_int64(raw, index, number)
      case .text(let string): sqlite3_bind_text(raw, index, string, -1, sqliteTransient)
      }
    }
    return self
  }

  /// Advances to the next row; false when there are no more rows.
  package func step() throws(StrideError) -> Bool {
    switch sqlite3_step(raw) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw database.storageError(database.lastMessage)
    }
  }

  /// Reads the first row, if any, and resets the statement so it holds no read open.
  package func firstRow<T>(_ read: (SQLiteStatement) -> T) throws(StrideError) -> T? {
    defer { sqlite3_reset(raw) }
    return try step() ? read(self) : nil
  }

  /// Steps a statement that returns no rows.
  package func run() throws(StrideError) {
    while try step() {}
  }

  package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(raw, column) == SQLITE_NULL }
  package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(raw, column) }
  package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(raw, column)) }

  package func text(_ column: Int32) -> String {
    guard let pointer = sqlite3_column_text(raw, column) else { return "" }
    return String(cString: pointer)
  }

  package func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

  /// What `body` makes of the column's text, read as bytes where SQLite keeps them; nil when it is null.
  package func withText<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
    guard let pointer = sqlite3_column_text(raw, column) else { return nil }
    return body(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(raw, column))))
  }

  /// Whether two columns hold the same text, compared where SQLite keeps it, with no string made of either.
  package func sameText(_ first: Int32, _ second: Int32) -> Bool {
    guard let a = sqlite3_column_text(raw, first) else { return sqlite3_column_type(raw, second) == SQLITE_NULL }
    let count = Int(sqlite3_column_bytes(raw, first))
    guard let b = sqlite3_column_text(raw, second), Int(sqlite3_column_bytes(raw, second)) == count else {
      return false
    }
    return memcmp(a, b, count) == 0
  }

  /// The value of `words` the column's text names, or nil when it names none (or is null): compared byte for byte
  /// where SQLite keeps the text, with no string made of it. Loading the open tasks reads three such words a task.
  @inline(__always)
  package func word<T>(_ column: Int32, in words: ColumnWords<T>) -> T? {
    withText(column) { bytes in words.entries.first { $0.0.elementsEqual(bytes) }?.1 } ?? nil
  }

  package func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

  /// A time stored as whole seconds since 1970.
  package func date(_ column: Int32) -> Date { Date(timeIntervalSince1970: TimeInterval(int64(column))) }
  package func optionalDate(_ column: Int32) -> Date? { isNull(column) ? nil : date(column) }
}

/// The words a column may hold, each with its bytes: what `SQLiteStatement.word` compares a column's text with.
package struct ColumnWords<T>: Sendable where T: Sendable {
  let entries: [([UInt8], T)]

  /// Every case of `T`, spelled as its raw value.
  package init(_ cases: [T]) where T: RawRepresentable, T.RawValue == String {
    entries = cases.map { (Array($0.rawValue.utf8), $0) }
  }
}

/// A value bound to a statement parameter.
package enum SQLiteValue {
  case null
  case integer(Int64)
  case text(String)

  package static func int(_ value: Int?) -> SQLiteValue { value.map { .integer(Int64($0)) } ?? .null }
  package static func string(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
  package static func date(_ value: Date?) -> SQLiteValue {
    value.map { .integer(Int64($0.timeIntervalSince1970.rounded(.down))) } ?? .null
  }
}

/// SQLite's SQLITE_TRANSIENT: tells SQLite to copy bound text before the call returns.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
