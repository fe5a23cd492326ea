import Foundation
import StrideBase
import StrideJSON
import StrideModel
import StrideWire

/// History that does not weigh forever (issue 58). A change is written whole: its tasks as they were before and
/// after, every field, which is what `undo` restores. Once it is older than `undo` reaches (`history.undoDays`),
/// compaction cuts it down to what the log and the review still read of it, and marks it `slim`:
///
/// - every task keeps its id and title, and a routine its rule (`repeat`: the log says "did … for this time", the
///   review counts missed occurrences from it);
/// - a task the change touched keeps, before and after, the fields that differ, and of its notes, deferrals and
///   focus sessions only the ones the change added or altered (the notes a change added are still there to read);
/// - a task the change removed keeps all of it: it is kept nowhere else;
/// - a task the change created keeps its id and title (the task itself holds the rest).
///
/// What each change finished is kept apart, in `history_done`, from the moment it is written, so the review of any
/// period counts the same before and after compaction; the log words a slim row as it worded the whole one.
extension History {
  /// The fields that are neither read from a slim row nor worth keeping: the time a task changed is the row's own,
  /// the progress follows from the steps, and the words are written for a reader.
  private static let dropped: Set<String> = ["updatedAt", "progress", "said"]
  /// Lists that only grow, or whose earlier entries a change leaves as they were: a slim row keeps the entries
  /// after those the two sides share.
  private static let trimmed: Set<String> = ["notes", "deferrals", "focusSessions"]

  /// Cuts at most `limit` whole rows written before `cutoff` down to slim ones, oldest first, and returns how many
  /// it cut (fewer than `limit`: none are left). The caller holds the transaction.
  package func compact(before cutoff: Date, limit: Int) throws(StrideError) -> Int {
    let statement = try database.statement(
      """
      SELECT seq, at, action, summary, before, after, undoable, undone_by, origin, words,
        CASE WHEN words IS NULL AND action = 'history.undo'
          THEN (SELECT o.action FROM history o WHERE o.undone_by = history.seq) END
      FROM history WHERE slim = 0 AND at < ? ORDER BY seq LIMIT ?
      """
    ).bind(.date(cutoff), .int(limit))
    var rows: [[SQLiteValue]] = []
    while try statement.step() {
      rows.append([
        .integer(statement.int64(0)), .integer(statement.int64(1)), .text(statement.text(2)),
        .text(statement.text(3)), .text(statement.text(4)), .text(statement.text(5)),
        .integer(statement.int64(6)), .int(statement.optionalInt(7)),
        .string(statement.optionalText(8)), try words(of: statement),
      ])
    }
    for var row in rows {
      guard case .text(let before) = row[4], case .text(let after) = row[5],
        case .array(let old)? = try? JSONReader.parse(Array(before.utf8)),
        case .array(let new)? = try? JSONReader.parse(Array(after.utf8))
      else {
        throw database.storageError("history row \(row[0]) could not be read to compact it; check the database")
      }
      let (slimBefore, slimAfter) = Self.slimmed(before: old, after: new)
      row[4] = .text(String(decoding: JSONWriter.write(slimBefore), as: UTF8.self))
      row[5] = .text(String(decoding: JSONWriter.write(slimAfter), as: UTF8.self))
      // Deleted and written again, not updated: a row made smaller in place leaves its page mostly empty, while a
      // deletion lets SQLite merge the pages it leaves thin, so the pages compaction frees go to the free list,
      // for the incremental vacuum to give back.
      try database.statement("DELETE FROM history WHERE seq = ?").bind(row[0]).run()
      try database.statement(
        """
        INSERT INTO history (seq, at, action, summary, before, after, undoable, undone_by, origin, words, slim)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
        """
      ).bind(row).run()
    }
    return rows.count
  }

  /// The words of the row `statement` stands on (`compact`'s columns): kept, or, for a row written before schema
  /// 16, worded from its whole tasks before they are cut down.
  private func words(of statement: SQLiteStatement) throws(StrideError) -> SQLiteValue {
    if let words = statement.optionalText(9) { return .text(words) }
    guard let action = ChangeAction(rawValue: statement.text(2)) else { return .null }
    let (words, _) = Self.worded(
      action, summary: statement.text(3), before: try tasks(statement.text(4)), after: try tasks(statement.text(5)),
      undoing: statement.optionalText(10).flatMap(ChangeAction.init(rawValue:)))
    return .text(words)
  }

  /// Whether whole rows written before `cutoff` are left to compact.
  package func compactable(before cutoff: Date) throws(StrideError) -> Bool {
    try database.statement("SELECT 1 FROM history WHERE slim = 0 AND at < ? LIMIT 1").bind(.date(cutoff))
      .firstRow { _ in true } ?? false
  }

  /// Whether rows have been compacted (the oldest is, when any is: compaction goes oldest first): `undo` then says
  /// why it reaches no further.
  package var compacted: Bool {
    get throws(StrideError) {
      try database.statement("SELECT slim FROM history ORDER BY seq LIMIT 1").firstRow { $0.int(0) != 0 } ?? false
    }
  }

  /// A change's tasks cut down as the type's comment says: before and after, each task matched by its id.
  static func slimmed(before: [JSONValue], after: [JSONValue]) -> (JSONValue, JSONValue) {
    func id(_ task: JSONValue) -> Int64? { if case .integer(let id)? = task["id"] { id } else { nil } }
    let newByID = Dictionary(after.compactMap { task in id(task).map { ($0, task) } }) { first, _ in first }
    let oldIDs = Set(before.compactMap(id))
    let slimBefore = before.map { old -> JSONValue in
      guard let key = id(old), let new = newByID[key] else { return old }
      return slimmed(old, beside: new)
    }
    let slimAfter = after.map { new -> JSONValue in
      guard let key = id(new), oldIDs.contains(key), let old = before.first(where: { id($0) == key }) else {
        return .object(["id": new["id"] ?? .null, "title": new["title"] ?? .null])
      }
      return slimmed(new, beside: old)
    }
    return (.array(slimBefore), .array(slimAfter))
  }

  /// One side of a task's change (`task`), cut down against the other side (`other`). A wait's reason and a
  /// routine's rule are kept whether or not they changed: the log's words read them.
  private static func slimmed(_ task: JSONValue, beside other: JSONValue) -> JSONValue {
    guard case .object(let fields) = task, case .object(let others) = other else { return task }
    let focusChanged = fields["focusSessions"] != others["focusSessions"]
    var kept: [String: JSONValue] = [:]
    for (key, value) in fields where !dropped.contains(key) {
      let same = others[key] == value
      switch key {
      case "id", "title": kept[key] = value
      case "repeat", "waitingFor": if value != .null { kept[key] = value }
      case "subtasks": if !same || focusChanged { kept[key] = value }
      default:
        guard !same else { continue }
        if trimmed.contains(key), case .array(let entries) = value, case .array(let otherEntries)? = others[key] {
          let shared = zip(entries, otherEntries).prefix { $0 == $1 }.count
          kept[key] = .array(Array(entries.dropFirst(shared)))
        } else {
          kept[key] = value
        }
      }
    }
    return .object(kept)
  }

  /// What a slim row leaves out of a task, filled in so it reads as a task: the values that say nothing (no steps,
  /// no tags, medium energy, open). Only the fields the row kept are read from it.
  static let slimDefaults: [String: JSONValue] = [
    "rawInput": .string(""), "energy": .string(EnergyLevel.medium.rawValue),
    "status": .string(TaskStatus.active.rawValue), "type": .string(TaskType.chore.rawValue), "subtasks": .array([]),
    "blockedBy": .array([]), "tags": .array([]),
    "createdAt": .string(Timestamp(Date(timeIntervalSince1970: 0)).rfc3339),
    "updatedAt": .string(Timestamp(Date(timeIntervalSince1970: 0)).rfc3339),
  ]

  /// A slim row's task with what it left out filled in (`slimDefaults`), key by key: a slim row may keep any of them
  /// (a change to the words it was captured from keeps `rawInput`, and `updatedAt` is never kept). A whole task
  /// has them all and reads as it is.
  static func filled(_ task: JSONValue) -> JSONValue {
    guard case .object(var fields) = task else { return task }
    for (key, value) in slimDefaults where fields[key] == nil { fields[key] = value }
    return .object(fields)
  }
}
