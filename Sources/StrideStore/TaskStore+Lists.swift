import Foundation
import StrideBase
import StrideModel

/// A list as the store keeps it: its id, its name, whether new tasks go there, and the CalDAV collection it syncs
/// with (the account as JSON), if any.
package struct StoredList: Equatable, Sendable {
  package var id: Int64
  package var name: String
  package var isDefault: Bool
  package var account: String?

  /// Whether `task` is in this list (a task's list is its list's name as stored).
  package func holds(_ task: StrideTask) -> Bool { task.list?.lowercased() == name.lowercased() }
}

/// The `lists` table. Every task is in exactly one list (`tasks.list_id`); the default list is where a capture
/// goes when it names none.
extension TaskStore {
  package func lists() throws(StrideError) -> [StoredList] {
    let statement = try database.statement("SELECT id, name, is_default, account FROM lists ORDER BY id")
    var lists: [StoredList] = []
    while try statement.step() {
      lists.append(
        StoredList(
          id: statement.int64(0), name: statement.text(1), isDefault: statement.int(2) != 0,
          account: statement.optionalText(3)))
    }
    return lists
  }

  /// The list with this name, whatever its case.
  package func list(named name: String) throws(StrideError) -> StoredList? {
    try lists().first { $0.name.lowercased() == name.lowercased() }
  }

  /// The list with this name, or an error that names the lists there are and how to make one.
  package func existingList(_ name: String) throws(StrideError) -> StoredList {
    let all = try lists()
    if let list = all.first(where: { $0.name.lowercased() == name.lowercased() }) { return list }
    let there = all.count == 1 ? "the only list is \(all[0].name)" : "the lists are \(listed(all.map(\.name)))"
    throw StrideError(
      .listNotFound, "there is no list called \(name); \(there); make it with: stride lists add \(name)")
  }

  package func defaultList() throws(StrideError) -> StoredList {
    let all = try lists()
    guard let list = all.first(where: \.isDefault) ?? all.first else {
      throw StrideError(.storageFailed, "the database has no lists; it may be damaged")
    }
    return list
  }

  /// Open and finished tasks per list id.
  package func taskCounts() throws(StrideError) -> [Int64: (open: Int, done: Int)] {
    let statement = try database.statement(
      "SELECT list_id, SUM(status <> 'completed'), SUM(status = 'completed') FROM tasks GROUP BY list_id")
    var counts: [Int64: (open: Int, done: Int)] = [:]
    while try statement.step() {
      counts[statement.int64(0)] = (statement.int(1), statement.int(2))
    }
    return counts
  }

  /// Makes a list; its name must be free (whatever its case).
  package func addList(_ name: String, account: String? = nil) throws(StrideError) -> StoredList {
    let name = try StrideTask.checkedListName(name)
    if let taken = try list(named: name) {
      throw StrideError.invalid("there is already a list called \(taken.name); choose another name")
    }
    try database.statement("INSERT INTO lists (name, is_default, account) VALUES (?, 0, ?)")
      .bind(.text(name), .string(account)).run()
    return try existingList(name)
  }

  /// Gives a list another name (its case alone may change too). Its tasks, and the history that `undo` reads, name
  /// it so from now on; a task list it syncs with keeps its own name.
  package func renameList(_ list: StoredList, to name: String) throws(StrideError) {
    let name = try StrideTask.checkedListName(name)
    if let taken = try self.list(named: name), taken.id != list.id {
      throw StrideError.invalid("there is already a list called \(taken.name); choose another name")
    }
    let (old, new) = (#""list":"\#(list.name)""#, #""list":"\#(name)""#)
    try database.transaction { () throws(StrideError) in
      try database.statement("UPDATE lists SET name = ? WHERE id = ?").bind(.text(name), .integer(list.id)).run()
      // The event calendars found through the list's account follow it.
      try database.statement("UPDATE calendars SET account = ? WHERE account = ? COLLATE NOCASE")
        .bind(.text(name), .text(list.name)).run()
      // The tasks a change was made to, as undo puts them back: in the list by its new name.
      try database.statement(
        "UPDATE history SET before = replace(before, ?1, ?2), after = replace(after, ?1, ?2) "
          + "WHERE instr(before, ?1) > 0 OR instr(after, ?1) > 0"
      ).bind(.text(old), .text(new)).run()
    }
    relabel(list, as: name)
    if list.isDefault { defaultListName = name }
  }

  /// Makes `id` the list captures go to.
  package func setDefaultList(_ id: Int64) throws(StrideError) {
    try database.transaction { () throws(StrideError) in
      try database.statement("UPDATE lists SET is_default = (id = ?)").bind(.integer(id)).run()
    }
    defaultListName = try defaultList().name
  }

  /// Sets the collection a list syncs with (nil: it no longer syncs); what sync knew of it goes, unless
  /// `keepingSync` (the same collection, set up again).
  package func setAccount(_ account: String?, of id: Int64, keepingSync: Bool = false) throws(StrideError) {
    try database.transaction { () throws(StrideError) in
      try database.statement("UPDATE lists SET account = ? WHERE id = ?").bind(.string(account), .integer(id)).run()
      if !keepingSync { try forgetSync(list: id) }
    }
  }

  /// Removes a list with no tasks in it (never the default).
  package func removeList(_ list: StoredList) throws(StrideError) {
    guard !list.isDefault else {
      throw StrideError.invalid(
        "\(list.name) is the default list, where new tasks go; make another the default first (stride lists "
          + "default NAME)")
    }
    let count =
      try database.statement("SELECT COUNT(*) FROM tasks WHERE list_id = ?").bind(.integer(list.id))
      .firstRow { $0.int(0) } ?? 0
    guard count == 0 else {
      throw StrideError.invalid(
        "the list \(list.name) still has \(count == 1 ? "1 task" : "\(count) tasks"); move them first (stride "
          + "move ID LIST) or delete them")
    }
    try database.transaction { () throws(StrideError) in
      try forgetSync(list: list.id)
      try database.statement("DELETE FROM lists WHERE id = ?").bind(.integer(list.id)).run()
    }
  }
}
