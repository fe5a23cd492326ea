import Foundation
import StrideBase
import StrideCalendar
import StrideModel

/// Reads and writes whole tasks as rows of `tasks` and its child tables. Callers hold the transaction.
package struct TaskRows {
  package let database: SQLiteDatabase
  /// The full-text index, written with each task.
  package let search: SearchIndex

  /// The columns read: those written, with the task's list as its id.
  private static let read = TaskColumn.allCases.map(\.name).joined(separator: ", ")

  /// Every column written, each set again when the task exists; the list is found by its name (the default list
  /// when there is none, or none of that name any more).
  private static let upsert: String = {
    let written = TaskColumn.allCases.filter { $0 != .id }
    let values = TaskColumn.allCases.map { $0 == .list ? TaskColumn.listByName : "?" }.joined(separator: ",")
    return """
      INSERT INTO tasks (\(read)) VALUES (\(values))
      ON CONFLICT (id) DO UPDATE SET \(written.map { "\($0.name) = excluded.\($0.name)" }.joined(separator: ", "))
      """
  }()

  /// Inserts the task, or replaces every row of it if it exists. A task with no list (or one of a list that is no
  /// more) goes in the default list. `new`: the id has never been used (a capture's, from `sqlite_sequence`), so
  /// there are no rows of it to clear first. `stored`: the task as its rows hold it now, when the caller knows it:
  /// the kinds of child rows, and the search text, that are the same in both are left as they are (completing a task
  /// writes one row, not every row it has).
  package func save(_ task: StrideTask, new: Bool = false, replacing stored: StrideTask? = nil) throws(StrideError) {
    try database.statement(Self.upsert).bind(TaskColumn.allCases.map { $0.value(of: task) }).run()
    /// Whether the rows of `table` are written again: cleared first, unless the id is new.
    func rewrites<Value: Equatable>(_ table: String, _ value: (StrideTask) -> Value) throws(StrideError) -> Bool {
      if let stored, value(stored) == value(task) { return false }
      if !new { try clearRows(of: task.id, in: table) }
      return true
    }
    if try rewrites("subtasks", \.subtasks) {
      for (position, subtask) in task.subtasks.enumerated() {
        try database.statement("INSERT INTO subtasks VALUES (?,?,?,?,?)")
          .bind(
            .integer(task.id.rawValue), .int(position + 1), .text(subtask.title), .int(subtask.done ? 1 : 0),
            .date(subtask.completedAt)
          ).run()
      }
    }
    if try rewrites("task_tags", \.tags) {
      for (position, tag) in task.tags.enumerated() {
        try database.statement("INSERT INTO task_tags VALUES (?,?,?)")
          .bind(.integer(task.id.rawValue), .int(position + 1), .text(tag)).run()
      }
    }
    if try rewrites("dependencies", \.blockedBy) {
      for (position, blocker) in task.blockedBy.enumerated() {
        try database.statement("INSERT INTO dependencies VALUES (?,?,?)")
          .bind(.integer(task.id.rawValue), .int(position + 1), .integer(blocker.rawValue)).run()
      }
    }
    if try rewrites("deferrals", \.deferrals) {
      for (position, deferral) in task.deferrals.enumerated() {
        try database.statement("INSERT INTO deferrals VALUES (?,?,?,?,?,?)")
          .bind(
            .integer(task.id.rawValue), .int(position + 1), .text(deferral.reason.rawValue), .date(deferral.at),
            .date(deferral.until), .string(deferral.energy?.rawValue)
          ).run()
      }
    }
    if try rewrites("task_notes", \.notes) {
      for (position, note) in task.notes.enumerated() {
        try database.statement("INSERT INTO task_notes VALUES (?,?,?,?)")
          .bind(.integer(task.id.rawValue), .int(position + 1), .date(note.at), .text(note.text)).run()
      }
    }
    if try rewrites("focus_sessions", \.focusSessions) {
      for (position, session) in task.focusSessions.enumerated() {
        try database.statement("INSERT INTO focus_sessions VALUES (?,?,?,?,?,?,?,?,?,?)")
          .bind(
            .integer(task.id.rawValue), .int(position + 1), .int(session.step), .date(session.startedAt),
            .int(session.boxSeconds), .int(session.timeboxSeconds), .text(FocusPauses.text(session.pauses)),
            .int(session.uncountedSeconds), .date(session.endedAt), .string(session.ending?.rawValue)
          ).run()
      }
    }
    if let stored, stored.searchTexts == task.searchTexts { return }
    search.update(task, new: new)
  }

  /// Removes the task and everything that belongs to it.
  package func delete(_ id: TaskID) throws(StrideError) {
    try deleteChildren(of: id)
    try database.statement("DELETE FROM tasks WHERE id = ?").bind(.integer(id.rawValue)).run()
    search.remove(id)
  }

  private func deleteChildren(of id: TaskID) throws(StrideError) {
    for table in ["subtasks", "task_tags", "dependencies", "deferrals", "task_notes", "focus_sessions"] {
      try clearRows(of: id, in: table)
    }
  }

  private func clearRows(of id: TaskID, in table: String) throws(StrideError) {
    try database.statement("DELETE FROM \(table) WHERE task_id = ?").bind(.integer(id.rawValue)).run()
  }

  /// The task with this id, if it exists.
  package func load(_ id: TaskID) throws(StrideError) -> StrideTask? {
    try load(where: "id = ?", .integer(id.rawValue)).first
  }

  /// Every task not completed: what the daemon holds in memory, in id order.
  ///
  /// With `sideBySide` (at start-up, before any change) a long list is read in parts side by side, each part a range
  /// of ids on a read-only connection of its own to the same file: loading 100,000 open tasks is mostly SQLite
  /// decoding rows, about a microsecond each. The daemon is the file's only writer and has written nothing yet, so
  /// the parts read one state. Should a part fail (no descriptor left, say), the list is read whole instead.
  package func loadOpen(sideBySide: Bool = false) throws(StrideError) -> [StrideTask] {
    let open = "status <> 'completed'"
    let path = database.path
    guard sideBySide, !path.isEmpty, path != ":memory:" else { return try load(where: open, [], mostMatch: true) }
    // The ends of the ids, at the ends of the table's tree: nothing is counted. The parts share the range of ids,
    // open tasks being spread over them well enough, and a range as long as `SideBySide.from` is read in parts.
    // (Counting the open tasks read every one of them once more: 127 M instructions at 100,000.)
    guard
      let (first, last) = try database.statement("SELECT min(id), max(id) FROM tasks").firstRow({ row in
        row.isNull(0) ? nil : (row.int64(0), row.int64(1))
      }) ?? nil,
      // Ids far apart (an import's, say) are read whole: the parts' arithmetic stays far from overflowing.
      case let (gap, overflow) = last.subtractingReportingOverflow(first), !overflow, gap < 1 << 40,
      gap + 1 >= SideBySide.from
    else { return try load(where: open, [], mostMatch: true) }
    let parts = SideBySide.parts(of: Int(last - first + 1)) { range in
      let ids = (first + Int64(range.lowerBound))..<(first + Int64(range.upperBound))
      return Result { () throws(StrideError) in
        let database = try SQLiteDatabase(path: path, readOnly: true)
        // Each row is read once, in order: a small page cache does, and leaves little memory behind.
        try database.execute("PRAGMA cache_size = -256")
        return try Self.load(from: database, where: open, [], mostMatch: true, ids: ids)
      }
    }
    var tasks: [StrideTask] = []
    for part in parts {
      guard case .success(let found) = part else { return try load(where: open, [], mostMatch: true) }
      tasks += found
    }
    return tasks
  }

  /// Completed tasks, newest first, optionally only those with a tag or finished since a time.
  package func loadCompleted(tag: String?, since: Date? = nil) throws(StrideError) -> [StrideTask] {
    let (condition, values) = Self.completed(tag: tag, since: since)
    let tasks = try load(where: condition, values)
    return tasks.sorted { ($0.completedAt ?? $0.updatedAt, $0.id) > ($1.completedAt ?? $1.updatedAt, $1.id) }
  }

  /// The ids of the tasks `loadCompleted` loads, in its order, sorted by SQLite: a listing in parts then loads the
  /// tasks a page at a time (`load(_:)`), holding only their ids meanwhile.
  package func completedIDs(tag: String?, since: Date? = nil) throws(StrideError) -> [TaskID] {
    let (condition, values) = Self.completed(tag: tag, since: since)
    let statement = try database.statement(
      "SELECT id FROM tasks WHERE \(condition) ORDER BY coalesce(completed_at, updated_at) DESC, id DESC")
    statement.bind(values)
    var ids: [TaskID] = []
    while try statement.step() { ids.append(TaskID(statement.int64(0))) }
    return ids
  }

  /// The stored tasks with these ids, in the order of `ids`; an id no longer stored is left out.
  ///
  /// Read `idsAtOnce` at a time through statements whose text never changes (the ids bound, the last group filled
  /// out with 0, which no task has): the connection keeps each statement it prepares, so ids written into the SQL
  /// would leave a new set of statements behind for every page a listing reads.
  package func load(_ ids: [TaskID]) throws(StrideError) -> [StrideTask] {
    var byID: [TaskID: StrideTask] = [:]
    let list = "IN (" + Array(repeating: "?", count: Self.idsAtOnce).joined(separator: ",") + ")"
    for start in stride(from: 0, to: ids.count, by: Self.idsAtOnce) {
      let group = ids[start..<min(start + Self.idsAtOnce, ids.count)].map { SQLiteValue.integer($0.rawValue) }
      let values = group + Array(repeating: .integer(0), count: Self.idsAtOnce - group.count)
      let tasks = try Self.load(
        from: database, where: "id " + list, values, mostMatch: false, owners: "task_id " + list)
      for task in tasks { byID[task.id] = task }
    }
    return ids.compactMap { byID[$0] }
  }

  /// The completed tasks whose ids are in `ids`, in id order: the range read in order, each child table's rows in
  /// it beside the tasks (an export's piece, whose ids come in order, with few others between them).
  package func loadCompleted(in ids: Range<Int64>) throws(StrideError) -> [StrideTask] {
    try Self.load(from: database, where: "status = 'completed'", [], mostMatch: true, ids: ids)
  }

  /// How many ids `load(_:)` reads at once.
  package static let idsAtOnce = 256

  /// The condition on `tasks`, and its values, of the completed tasks with a tag or finished since a time.
  private static func completed(tag: String?, since: Date?) -> (String, [SQLiteValue]) {
    var condition = "status = 'completed'"
    var values: [SQLiteValue] = []
    if let tag {
      condition += " AND id IN (SELECT task_id FROM task_tags WHERE tag = ?)"
      values.append(.text(tag))
    }
    if let since {
      condition += " AND completed_at >= ?"
      values.append(.date(since))
    }
    return (condition, values)
  }

  /// Every dependency edge in the database, open and completed tasks alike: (task, the task it waits on).
  package func dependencyEdges() throws(StrideError) -> [(TaskID, TaskID)] {
    let statement = try database.statement("SELECT task_id, blocked_by FROM dependencies")
    var edges: [(TaskID, TaskID)] = []
    while try statement.step() {
      edges.append((TaskID(statement.int64(0)), TaskID(statement.int64(1))))
    }
    return edges
  }

  /// Loads the tasks matching a condition on `tasks`, with their child rows, in id order.
  ///
  /// One query per table, each in task order, read side by side (a merge join): every task is built once and
  /// whole, with no table of half-built tasks to look them up in. Loading 100,000 open tasks at start-up is this.
  package func load(where condition: String, _ values: SQLiteValue...) throws(StrideError) -> [StrideTask] {
    try load(where: condition, values)
  }

  /// The same, with the values in an array.
  ///
  /// A child table's rows are matched to the tasks in one of two ways. By default SQLite first lists the ids of the
  /// tasks that match, for each child table: cheap when few match (one task, some finished ones). With `mostMatch`
  /// (every open task, at start-up) every child row is read, in the order of its table's key, and the rows of tasks
  /// the condition left out are passed over as the tasks are read beside them: the lists cost about 0.4 µs a
  /// matching task for each of the five tables (225 ms at 115,000 open tasks, with the child tables empty), and
  /// looking up each child row's task about 0.5 µs a row (55 ms at 100,000 open tasks with 84,000 steps and tags),
  /// where reading a row of a finished task to pass it over costs a tenth of that (Docs/benchmarks.md).
  package func load(where condition: String, _ values: [SQLiteValue], mostMatch: Bool = false) throws(StrideError)
    -> [StrideTask]
  {
    try Self.load(from: database, where: condition, values, mostMatch: mostMatch)
  }

  /// The same, from `database`, and only of tasks whose ids are in `ids` when given. `owners`, when given, is the
  /// condition on a child row's `task_id` that picks the rows of the tasks `condition` matches, with the same values
  /// (`task_id IN (…)` for `id IN (…)`): no task is then looked up for each child table.
  private static func load(
    from database: SQLiteDatabase, where condition: String, _ values: [SQLiteValue], mostMatch: Bool,
    ids: Range<Int64>? = nil, owners: String? = nil
  ) throws(StrideError) -> [StrideTask] {
    // The ids' range, as a condition on the column that holds the task's id, its ends bound (written into the SQL,
    // each range would leave statements of its own behind on the connection).
    func within(_ column: String) -> String { ids == nil ? "" : "? <= \(column) AND \(column) < ? AND " }
    let range = ids.map { [SQLiteValue.integer($0.lowerBound), .integer($0.upperBound)] } ?? []
    func children(_ columns: String, _ table: String) throws(StrideError) -> ChildRows {
      // Every row (in the ids' range), or those of the tasks the condition matches.
      let owners = mostMatch ? "1" : owners ?? "task_id IN (SELECT id FROM tasks WHERE \(condition))"
      let statement = try database.statement(
        "SELECT task_id, \(columns) FROM \(table) WHERE \(within("task_id"))\(owners) ORDER BY task_id, position")
      return try ChildRows(statement.bind(range + (mostMatch ? [] : values)))
    }
    var subtasks = try children("title, done, completed_at", "subtasks")
    var tags = try children("tag", "task_tags")
    var dependencies = try children("blocked_by", "dependencies")
    var deferrals = try children("reason, at, until, energy", "deferrals")
    var notes = try children("at, text", "task_notes")
    var sessions = try children(
      "step, started_at, box_seconds, timebox_seconds, pauses, uncounted_seconds, ended_at, ending", "focus_sessions")
    // A child table's rows past the last task read (those of finished tasks with higher ids) are never stepped to;
    // a statement left standing on a row keeps a read open on the connection, which holds the WAL from restarting
    // and refuses a VACUUM, so each is reset however the load ends.
    defer { [subtasks, tags, dependencies, deferrals, notes, sessions].forEach { $0.statement.reset() } }
    // The lists' names, read once: every task of a list shares its name.
    var listNames: [Int64: String] = [:]
    let names = try database.statement("SELECT id, name FROM lists")
    while try names.step() { listNames[names.int64(0)] = names.text(1) }
    let selectTasks = try database.statement(
      "SELECT \(Self.read) FROM tasks WHERE \(within("id"))(\(condition)) ORDER BY id")
    selectTasks.bind(range + values)
    var tasks: [StrideTask] = []
    var tagSets = SharedTags()
    while try selectTasks.step() {
      let id = selectTasks.int64(0)
      let steps = try subtasks.rows(of: id) { row throws(StrideError) in
        Subtask(title: row.text(1), done: row.int(2) != 0, completedAt: row.optionalDate(3))
      }
      let tagged = tagSets.shared(try tags.rows(of: id) { row throws(StrideError) in row.text(1) })
      let blockers = try dependencies.rows(of: id) { row throws(StrideError) in TaskID(row.int64(1)) }
      let deferred = try deferrals.rows(of: id) { row throws(StrideError) in try Self.deferral(row, database) }
      var task = try Self.task(
        from: selectTasks, subtasks: steps, tags: tagged, blockedBy: blockers, deferrals: deferred,
        list: listNames[selectTasks.int64(TaskColumn.list.rawValue)])
      let written = try notes.rows(of: id) { row throws(StrideError) in Note(at: row.date(1), text: row.text(2)) }
      if !written.isEmpty { task.notes = written }
      let focused = try sessions.rows(of: id) { row throws(StrideError) in try FocusPauses.session(row, database) }
      if !focused.isEmpty { task.focusSessions = focused }
      tasks.append(task)
    }
    return tasks
  }
}

extension TaskRows {
  /// A deferral from its row of `deferrals` (after the task's id: reason, at, until, energy).
  fileprivate static func deferral(_ row: SQLiteStatement, _ database: SQLiteDatabase) throws(StrideError) -> Deferral {
    guard let reason = DeferReason(rawValue: row.text(1)) else {
      throw database.storageError("unknown defer reason '\(row.text(1))'")
    }
    return Deferral(
      reason: reason, at: row.date(2), until: row.optionalDate(3),
      energy: row.optionalText(4).flatMap(EnergyLevel.init(rawValue:)))
  }
}

/// Tasks tagged alike, as they are loaded, share one array of tags: a few tags cover most tasks, and an array of
/// one tag is 64 bytes of memory (2 MB of the benchmark's 100,000 open tasks, a third of them tagged).
private struct SharedTags {
  private var arrays: [[String]: [String]] = [:]

  /// `tags`, or the same tags read before.
  mutating func shared(_ tags: [String]) -> [String] {
    guard !tags.isEmpty else { return tags }
    if let shared = arrays[tags] { return shared }
    // However many different sets there are, what is kept for finding them stays small.
    if arrays.count < 4096 { arrays[tags] = tags }
    return tags
  }
}

/// A child table's rows in task order, read alongside the tasks they belong to.
private struct ChildRows {
  package let statement: SQLiteStatement
  /// Whether the statement stands on a row not yet taken.
  package var pending: Bool

  package init(_ statement: SQLiteStatement) throws(StrideError) {
    self.statement = statement
    pending = try statement.step()
  }

  /// The rows of task `id` (column 0 is the task's id), each read by `read`. Rows of tasks before it, which the
  /// tasks' query did not return, are passed over.
  package mutating func rows<T>(of id: Int64, _ read: (SQLiteStatement) throws(StrideError) -> T) throws(StrideError)
    -> [T]
  {
    var found: [T] = []
    while pending, statement.int64(0) <= id {
      if statement.int64(0) == id { found.append(try read(statement)) }
      pending = try statement.step()
    }
    return found
  }
}

/// A focus session as `focus_sessions` holds it; its pauses as `focus_sessions.pauses` holds them: "from-to" pairs of Unix seconds, comma-separated, the
/// last one's `to` left out while it lasts.
enum FocusPauses {
  static func text(_ pauses: [FocusSession.Pause]) -> String {
    pauses.map { pause in
      "\(Int64(pause.from.timeIntervalSince1970))-" + (pause.to.map { String(Int64($0.timeIntervalSince1970)) } ?? "")
    }.joined(separator: ",")
  }

  /// A session from its row of `focus_sessions` (column 0 is its task's id).
  static func session(_ row: SQLiteStatement, _ database: SQLiteDatabase) throws(StrideError) -> FocusSession {
    FocusSession(
      step: row.optionalInt(1), startedAt: row.date(2), boxSeconds: row.int(3), timeboxSeconds: row.int(4),
      pauses: try read(row.text(5), database: database), uncountedSeconds: row.int(6),
      endedAt: row.optionalDate(7), ending: row.optionalText(8).flatMap(FocusEnding.init(rawValue:)))
  }

  static func read(_ text: String, database: SQLiteDatabase) throws(StrideError) -> [FocusSession.Pause] {
    var pauses: [FocusSession.Pause] = []
    for pair in text.split(separator: ",") {
      let ends = pair.split(separator: "-", omittingEmptySubsequences: false)
      guard ends.count == 2, let from = Int64(ends[0]), ends[1].isEmpty || Int64(ends[1]) != nil else {
        throw database.storageError("a focus session's pauses read '\(text)', which this Stride does not know")
      }
      pauses.append(
        FocusSession.Pause(
          from: Date(timeIntervalSince1970: TimeInterval(from)),
          to: Int64(ends[1]).map { Date(timeIntervalSince1970: TimeInterval($0)) }))
    }
    return pauses
  }
}
