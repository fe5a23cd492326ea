import Foundation
import StrideJSON
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore
@testable import StrideWire

@Suite("History compaction: slim rows past undo's reach, and the migration that brings them")
struct HistoryCompactionTests {
  /// A history of every kind of change a person makes, in October 2026: captures with steps, edits, deferrals,
  /// waits, dependencies, notes, a pin, a move, focus, a routine done and skipped, a deletion, an import and an undo.
  private func history() throws -> (TaskStore, String) {
    let (store, path) = try Fixtures.store()
    _ = try store.addList("work")
    var clock = Fixtures.at("2026-10-01T09:00:00Z")
    func at() -> Date {
      clock.addTimeInterval(600)
      return clock
    }
    let bank = try store.capture(Fixtures.draft("call the bank", steps: ["find the number", "ask"]), at: at()).id
    let tax = try store.capture(Fixtures.draft("sort the tax papers", energy: .high), at: at()).id
    var draft = Fixtures.draft("water the plants", due: Fixtures.at("2026-10-02T08:00:00Z"))
    draft.recurrence = Recurrence(.daily)
    let plants = try store.capture(draft, at: at()).id
    let changes: [TaskChange] = [
      .update(tax, TaskPatch(title: "sort the tax papers for 2025", energy: .low, estimateMinutes: .some(30))),
      .deferTask(tax, reason: .noEnergy, until: nil), .resume(tax), .addNote(tax, text: "the folder is in the attic"),
      .addNote(tax, text: "ask about the pension form"), .wait(tax, note: "the accountant"), .resume(tax),
      .block(bank, on: tax), .unblock(bank, on: tax), .pin(bank, true),
      .focus(bank, .start(step: 1, boxSeconds: 600, switching: false)), .focus(bank, .end(.stopped)),
      .completeStep(bank, index: 1), .addStep(bank, title: "write it down"), .move(bank, list: "work"),
      .complete(plants), .skip(plants), .completeStep(bank, index: 2), .removeNote(tax, index: 1),
      .complete(tax), .reopen(tax), .complete(tax), .delete(bank),
    ]
    for change in changes { try store.apply(change, at: at()) }
    _ = try store.importTasks([Fixtures.task(9, "renew the passport", created: clock)], at: at())
    _ = try store.undo(at: at())
    return (store, path)
  }

  private func tasks(_ store: sending TaskStore) -> Tasks {
    Tasks(store: store, timeZone: .gmt, config: StrideConfig())
  }

  private func review(_ tasks: Tasks) throws -> HistoryReview.Result {
    try tasks.review(
      .init(
        since: Timestamp(Fixtures.at("2026-10-01T00:00:00Z")), until: Timestamp(Fixtures.at("2026-10-03T00:00:00Z")),
        timeZone: "UTC"),
      at: Fixtures.at("2026-12-01T12:00:00Z"))
  }

  private func bytes(_ path: String) throws -> Int64 {
    let database = try SQLiteDatabase(path: path)
    defer { database.close() }
    return try database.integer("SELECT sum(length(before) + length(after)) FROM history")
  }

  /// Compacts as the daemon does, step after step until none is left, on `day`; how many rows were cut.
  @discardableResult
  private func compact(_ tasks: Tasks, on day: String) throws -> Int {
    try tasks.locked { store throws(StrideError) -> Int in
      var cut = 0
      while true {
        let step = try store.compactHistory(undoDays: 30, at: Fixtures.at(day))
        cut += step
        if step < TaskStore.compactionBatch { return cut }
      }
    }
  }

  private func integrity(_ tasks: Tasks) throws -> String? {
    try tasks.locked { store throws(StrideError) in try store.database.text("PRAGMA integrity_check") }
  }

  @Test("compacted, every change reads in the log and counts in the review as it did whole, in far fewer bytes")
  func logAndReviewKeep() throws {
    let (store, path) = try history()
    let tasks = tasks(store)
    let log = try tasks.log(.init(limit: 1_000)).entries.map(\.words)
    let counted = try review(tasks)
    let whole = try bytes(path)

    // Thirty days on, nothing is old enough to compact; two months on, every row is.
    #expect(try compact(tasks, on: "2026-10-15T00:00:00Z") == 0)
    #expect(try compact(tasks, on: "2026-12-01T00:00:00Z") == log.count)
    let left = try tasks.locked { store throws(StrideError) in
      try store.historyToCompact(undoDays: 30, at: Fixtures.at("2026-12-01T00:00:00Z"))
    }
    #expect(!left)

    #expect(try tasks.log(.init(limit: 1_000)).entries.map(\.words) == log)
    let again = try review(tasks)
    #expect(again.done == counted.done && again.days.map(\.done) == counted.days.map(\.done))
    #expect(again.byEnergy == counted.byEnergy && again.stepsDone == counted.stepsDone)
    #expect(again.captured == counted.captured && again.routines.map(\.skipped) == counted.routines.map(\.skipped))
    #expect(counted.done == 3, "the plants once and the tax papers twice (finished, reopened, finished again)")
    #expect(try bytes(path) * 3 < whole, "a slim row is a fraction of a whole one")

    // Past undo's reach: nothing left to take back, said with why; and the store is whole.
    #expect {
      try tasks.locked { store throws(StrideError) in try store.undo(at: Fixtures.at("2026-12-01T00:00:00Z")) }
    } throws: { error in
      (error as? StrideError)?.message.contains("history.undoDays") == true
    }
    #expect(try integrity(tasks) == "ok")
    // Every compacted row still reads back as tasks (what it left out read as nothing set).
    let rows = try tasks.locked { store throws(StrideError) -> Int in
      let statement = try store.database.statement("SELECT before, after FROM history")
      var read = 0
      while try statement.step() {
        read += try store.history.tasks(statement.text(0)).count + store.history.tasks(statement.text(1)).count
      }
      return read
    }
    #expect(rows > 0)
  }

  @Test("a change within undo's reach stays whole, and undo takes it back after older ones are compacted")
  func undoWithinReach() throws {
    let (store, _) = try history()
    let recent = try store.capture(Fixtures.draft("book the dentist"), at: Fixtures.at("2026-11-25T09:00:00Z"))
    try store.apply(.addNote(recent.id, text: "the crown"), at: Fixtures.at("2026-11-25T09:10:00Z"))
    let tasks = tasks(store)
    try compact(tasks, on: "2026-12-01T00:00:00Z")
    let undone = try tasks.locked { store throws(StrideError) in
      try store.undo(at: Fixtures.at("2026-12-01T00:00:00Z"))
    }
    #expect(undone.action == .addNote)
    let notes = try tasks.locked { store throws(StrideError) in try store.task(recent.id, at: Fixtures.now).notes }
    #expect(notes.isEmpty)
  }

  @Test("a store written before schema 16 migrates: its finishes are counted as before, and it compacts")
  func migration() throws {
    let (store, path) = try history()
    let before = tasks(store)
    let counted = try review(before)
    let log = try before.log(.init(limit: 1_000)).entries
    before.close(after: {})
    // The store as the code before schema 16 left it: the same rows, without what 16 adds.
    let old = try SQLiteDatabase(path: path)
    try old.execute(
      """
      DROP TABLE history_done; DROP INDEX history_by_action; DROP INDEX history_whole;
      DROP INDEX tasks_by_completion; DROP INDEX tasks_by_due;
      ALTER TABLE history DROP COLUMN slim; ALTER TABLE history DROP COLUMN words; PRAGMA user_version = 15;
      """)
    old.close()

    let tasks = tasks(try TaskStore(path: path))
    let again = try review(tasks)
    #expect(again.done == counted.done && again.byEnergy == counted.byEnergy)
    #expect(again.days.map(\.minutes) == counted.days.map(\.minutes))
    #expect(try tasks.log(.init(limit: 1_000)).entries == log, "rows without their words are worded from their tasks")
    try compact(tasks, on: "2026-12-01T00:00:00Z")
    #expect(try review(tasks).done == counted.done)
    #expect(try tasks.log(.init(limit: 1_000)).entries == log, "and keep those words once compacted")
    #expect(try integrity(tasks) == "ok")
  }

  @Test("space comes back: an older file is rewritten once for the incremental vacuum, which then frees in steps")
  func vacuum() throws {
    let (store, path) = try history()
    #expect(try store.incrementalVacuum, "a new file takes the incremental vacuum from its start")
    store.close()
    let old = try SQLiteDatabase(path: path)
    try old.execute("PRAGMA auto_vacuum = NONE; VACUUM")
    old.close()
    let reopened = try TaskStore(path: path)
    #expect(try !reopened.incrementalVacuum, "asked for, but a file with tables needs a VACUUM to take it")
    try reopened.vacuumWhole()
    #expect(try reopened.incrementalVacuum)
    #expect(try reopened.vacuumStep() == 0)
    #expect(try reopened.database.text("PRAGMA integrity_check") == "ok")
  }

  @Test("a slim task that kept any field reads as a task: what it left out is filled in key by key")
  func slimTaskReadsBack() throws {
    // A change to the words a task was captured from (a calendar note from sync) keeps rawInput, not status.
    let slim = JSONValue.object([
      "id": .integer(4), "title": .string("call the bank"), "rawInput": .string("new words"),
    ])
    let task = try StrideTask(Wire.Task(json: History.filled(slim)))
    #expect(task.title == "call the bank" && task.rawInput == "new words" && task.status == .active)
  }
}
