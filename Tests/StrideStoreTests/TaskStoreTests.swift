import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore
@testable import StrideWire

@Suite("Task store")
struct TaskStoreTests {
  let now = Fixtures.now

  @Test("every acknowledged change is there after the store is closed and reopened")
  func closeAndReopen() throws {
    let (store, path) = try Fixtures.store()
    let dentist = try store.capture(Fixtures.draft("call the dentist", steps: ["find number", "call"]), at: now)
    // A finished task between open ones: its steps and tags are in the database, not in what is loaded.
    let shed = try store.capture(Fixtures.draft("sort the shed", steps: ["empty it", "sweep"]), at: now)
    try store.apply(.update(shed.id, TaskPatch(tags: ["home"])), at: now)
    try store.apply(.complete(shed.id), at: now)
    let report = try store.capture(Fixtures.draft("write report"), at: now)
    try store.apply(.completeStep(dentist.id, index: 1), at: now)
    try store.apply(.deferTask(report.id, reason: .noEnergy, until: now.addingTimeInterval(7200)), at: now)
    try store.apply(.block(report.id, on: dentist.id), at: now)
    try store.apply(
      .update(dentist.id, TaskPatch(due: .some(Fixtures.at("2026-11-23T17:00:00Z")), tags: ["health"])), at: now)
    try store.apply(.addNote(dentist.id, text: "ask about the crown"), at: now)
    // Changes that leave the steps, tags, notes and words alone write the task's row only: the rest stays as it was.
    try store.apply(.pin(dentist.id, true), at: now)
    try store.apply(.resume(report.id), at: now)
    let before = store.open(at: now)
    store.close()

    let reopened = try TaskStore(path: path)
    #expect(reopened.open(at: now) == before)
    #expect(before.map(\.id) == [dentist.id, report.id])
    #expect(try reopened.task(shed.id, at: now).subtasks.count == 2)
    let again = try reopened.task(dentist.id, at: now)
    #expect(again.subtasks.map(\.done) == [true, false])
    #expect(again.tags == ["health"])
    #expect(again.notes.map(\.text) == ["ask about the crown"] && again.pinned)
    #expect(try reopened.task(report.id, at: now).deferrals.count == 1)
    #expect(try reopened.task(report.id, at: now).blockedBy == [dentist.id])
    #expect(try reopened.search(SearchQuery("crown")!).map(\.id) == [dentist.id])
    #expect(try reopened.search(SearchQuery("find number")!).map(\.id) == [dentist.id])
  }

  @Test("opening a store leaves no read open: a finished task's steps and tags after the last open task are passed by")
  func openingLeavesNoReadOpen() throws {
    let (store, path) = try Fixtures.store()
    _ = try store.capture(Fixtures.draft("call the dentist"), at: now)
    // The newest task, finished, with a step and a tag: rows past the last open task in their tables.
    let shed = try store.capture(Fixtures.draft("sort the shed", steps: ["empty it"]), at: now)
    try store.apply(.update(shed.id, TaskPatch(tags: ["home"])), at: now)
    try store.apply(.complete(shed.id), at: now)
    store.close()
    let reopened = try TaskStore(path: path)
    defer { reopened.close() }
    #expect(reopened.open(at: now).count == 1)
    // A part-read statement would hold the WAL from restarting and refuse the VACUUM that gives space back.
    #expect(reopened.database.busyStatements == 0)
    try reopened.database.execute("VACUUM")
  }

  @Test("completed tasks leave memory but stay in the database")
  func completedStayInDatabase() throws {
    let (store, _) = try Fixtures.store()
    let task = try store.capture(Fixtures.draft("water plants"), at: now)
    try store.apply(.complete(task.id), at: now)
    #expect(store.openCount == 0)
    #expect(try store.task(task.id, at: now).status == .completed)
    #expect(try store.tasks(status: .completed, tag: nil, at: now).map(\.id) == [task.id])
  }

  @Test("undo walks back one change at a time, and then says there is nothing left")
  func undoRepeatable() throws {
    let (store, path) = try Fixtures.store()
    let task = try store.capture(Fixtures.draft("call the dentist"), at: now)
    try store.apply(.addStep(task.id, title: "find number"), at: now)
    try store.apply(.complete(task.id), at: now)
    _ = try store.setEnergy(.low, at: now)

    #expect(try store.undo(at: now).action == .complete)
    #expect(try store.task(task.id, at: now).status == .active)
    #expect(try store.undo(at: now).action == .addStep)
    #expect(try store.task(task.id, at: now).subtasks.isEmpty)
    #expect(try store.undo(at: now).action == .capture)
    #expect(throws: StrideError.noTask(task.id)) { try store.task(task.id, at: now) }
    #expect(throws: StrideError(.nothingToUndo, "there is nothing to undo")) { try store.undo(at: now) }
    #expect(try store.context().energy == .low)

    store.close()
    let reopened = try TaskStore(path: path)
    #expect(reopened.openCount == 0)
  }

  @Test("a deleted task comes back with undo, with the dependencies that pointed at it")
  func deleteAndUndo() throws {
    let (store, _) = try Fixtures.store()
    let first = try store.capture(Fixtures.draft("buy stamps"), at: now)
    let second = try store.capture(Fixtures.draft("post the letter"), at: now)
    try store.apply(.block(second.id, on: first.id), at: now)
    try store.apply(.delete(first.id), at: now)
    #expect(try store.task(second.id, at: now).blockedBy.isEmpty)
    _ = try store.undo(at: now)
    #expect(try store.task(first.id, at: now).title == "buy stamps")
    #expect(try store.task(second.id, at: now).blockedBy == [first.id])
  }

  @Test("ids are never reused, even after the newest task is deleted or its capture undone")
  func idsNeverReused() throws {
    let (store, path) = try Fixtures.store()
    let first = try store.capture(Fixtures.draft("one"), at: now)
    let second = try store.capture(Fixtures.draft("two"), at: now)
    try store.apply(.delete(second.id), at: now)
    let third = try store.capture(Fixtures.draft("three"), at: now)
    _ = try store.undo(at: now)
    store.close()
    let reopened = try TaskStore(path: path)
    let fourth = try reopened.capture(Fixtures.draft("four"), at: now)
    #expect([first.id, second.id, third.id, fourth.id].map(\.rawValue) == [1, 2, 3, 4])
  }

  @Test("a dependency loop is refused, also through a finished task")
  func cycles() throws {
    let (store, _) = try Fixtures.store()
    let a = try store.capture(Fixtures.draft("a"), at: now)
    let b = try store.capture(Fixtures.draft("b"), at: now)
    let c = try store.capture(Fixtures.draft("c"), at: now)
    try store.apply(.block(a.id, on: b.id), at: now)
    try store.apply(.block(b.id, on: c.id), at: now)
    #expect(throws: StrideError.self) { try store.apply(.block(c.id, on: a.id), at: now) }
    #expect(throws: StrideError.self) { try store.apply(.block(a.id, on: a.id), at: now) }
    try store.apply(.complete(b.id), at: now)
    #expect(throws: StrideError.self) { try store.apply(.block(c.id, on: a.id), at: now) }
    #expect(try store.task(c.id, at: now).blockedBy.isEmpty)
  }

  @Test("a failed change leaves nothing behind, in memory or on disk")
  func failedChangeWritesNothing() throws {
    let (store, path) = try Fixtures.store()
    let task = try store.capture(Fixtures.draft("one"), at: now)
    #expect(throws: StrideError.self) { try store.apply(.completeStep(task.id, index: 3), at: now) }
    #expect(throws: StrideError.self) { try store.apply(.update(task.id, TaskPatch(title: "")), at: now) }
    #expect(try store.task(task.id, at: now) == task)
    store.close()
    #expect(try TaskStore(path: path).task(task.id, at: now) == task)
  }

  @Test("a title is found among the open tasks whatever its case, through every change and an undo")
  func openTaskTitled() throws {
    let (store, _) = try Fixtures.store()
    let mum = try store.capture(Fixtures.draft("Call Mum"), at: now)
    #expect(store.openTask(titled: "call mum") == mum.id, "the first question builds the index")
    let gas = try store.capture(Fixtures.draft("pay the gas bill"), at: now)
    let again = try store.capture(Fixtures.draft("CALL MUM"), at: now)
    #expect(store.openTask(titled: "Pay the Gas Bill") == gas.id)
    #expect(store.openTask(titled: "call mum") == mum.id, "the first of two with the title")
    try store.apply(.complete(mum.id), at: now)
    #expect(store.openTask(titled: "call mum") == again.id, "a done task is not open")
    try store.apply(.update(again.id, TaskPatch(title: "call dad")), at: now)
    #expect(store.openTask(titled: "call mum") == nil)
    #expect(store.openTask(titled: "Call Dad") == again.id, "an edited title is found by its new words")
    try store.apply(.delete(gas.id), at: now)
    #expect(store.openTask(titled: "pay the gas bill") == nil)
    _ = try store.undo(at: now)
    #expect(store.openTask(titled: "pay the gas bill") == gas.id, "undo brings the title back with the task")
    #expect(store.openTask(titled: "call") == nil, "a whole title, not a part of one")
  }

  @Test("lists filter by status and tag; a lapsed deferral lists as active")
  func listing() throws {
    let (store, _) = try Fixtures.store()
    var draft = Fixtures.draft("dentist")
    draft.tags = ["health"]
    let dentist = try store.capture(draft, at: now)
    let report = try store.capture(Fixtures.draft("report"), at: now)
    try store.apply(.deferTask(report.id, reason: .wrongTime, until: now.addingTimeInterval(60)), at: now)
    #expect(try store.tasks(status: nil, tag: "health", at: now).map(\.id) == [dentist.id])
    #expect(try store.tasks(status: .deferred, tag: nil, at: now).map(\.id) == [report.id])
    #expect(
      try store.tasks(status: .active, tag: nil, at: now.addingTimeInterval(61)).map(\.id) == [dentist.id, report.id])
  }
}

@Suite("Schema and migrations")
struct SchemaTests {
  @Test("a new database is in WAL mode at the current schema version, with FULL sync")
  func freshDatabase() throws {
    let (store, path) = try Fixtures.store()
    store.close()
    let database = try SQLiteDatabase(path: path)
    #expect(try database.integer("PRAGMA user_version") == Schema.currentVersion)
    #expect(try database.text("PRAGMA journal_mode") == "wal")
  }

  @Test("an empty database file is migrated forward; a newer one is refused with what to do")
  func versions() throws {
    let path = Fixtures.temporaryDirectory() + "/old.db"
    let empty = try SQLiteDatabase(path: path)
    #expect(try empty.integer("PRAGMA user_version") == 0)
    empty.close()
    let store = try TaskStore(path: path)
    _ = try store.capture(Fixtures.draft("after migration"), at: Fixtures.now)
    store.close()

    let newer = try SQLiteDatabase(path: path)
    try newer.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
    newer.close()
    #expect {
      _ = try TaskStore(path: path)
    } throws: { error in
      (error as? StrideError)?.message.contains("newer Stride") == true
    }
  }

  @Test("each change writes exactly one history row in its transaction")
  func historyRows() throws {
    let (store, path) = try Fixtures.store()
    let task = try store.capture(Fixtures.draft("one"), at: Fixtures.now)
    try store.apply(.complete(task.id), at: Fixtures.now)
    #expect(throws: StrideError.self) { try store.apply(.complete(task.id), at: Fixtures.now) }
    store.close()
    let database = try SQLiteDatabase(path: path)
    #expect(try database.integer("SELECT count(*) FROM history") == 2)
    #expect(try database.text("SELECT group_concat(action, ',') FROM history") == "task.capture,task.complete")
  }

  @Test("a change's recorded action is the protocol method that asked for it, spelled once")
  func actionsAreMethodNames() {
    let methods: [(ChangeAction, String)] = [
      (.capture, Wire.TaskCapture.name), (.importTasks, Wire.TaskImport.name), (.update, Wire.TaskUpdate.name),
      (.skip, Wire.TaskSkip.name), (.pin, Wire.TaskPin.name), (.complete, Wire.TaskComplete.name),
      (.reopen, Wire.TaskReopen.name),
      (.delete, Wire.TaskDelete.name), (.deferTask, Wire.TaskDefer.name), (.wait, Wire.TaskWait.name),
      (.resume, Wire.TaskResume.name),
      (.block, Wire.TaskBlock.name), (.unblock, Wire.TaskUnblock.name), (.addStep, Wire.SubtaskAdd.name),
      (.completeStep, Wire.SubtaskComplete.name), (.reopenStep, Wire.SubtaskReopen.name),
      (.undo, Wire.HistoryUndo.name),
      (.setContext, ContextSet.name), (.addNote, Wire.NoteAdd.name), (.removeNote, Wire.NoteRemove.name),
      (.move, Wire.TaskMove.name), (.focusStart, Wire.FocusStart.name), (.focusStop, Wire.FocusStop.name),
      (.focusPause, Wire.FocusPause.name), (.focusResume, Wire.FocusResume.name), (.focusExtend, Wire.FocusExtend.name),
    ]
    for (action, method) in methods { #expect(action.rawValue == method) }
    // The two the daemon makes by itself are not methods a client can call.
    let own = Set(ChangeAction.allCases).subtracting(methods.map(\.0))
    #expect(own == [.wake, .syncReceive])
  }

  @Test("a history row whose action this Stride does not know is a sentence on undo, not a silent skip")
  func unknownAction() throws {
    let (store, path) = try Fixtures.store()
    let task = try store.capture(Fixtures.draft("one"), at: Fixtures.now)
    try store.apply(.complete(task.id), at: Fixtures.now)
    store.close()
    let database = try SQLiteDatabase(path: path)
    try database.execute("UPDATE history SET action = 'task.teleport' WHERE action = 'task.complete'")
    database.close()
    let reopened = try TaskStore(path: path)
    let error = try #require(throws: StrideError.self) { try reopened.undo(at: Fixtures.now) }
    #expect(error.message.contains("'task.teleport', a change this Stride does not know"))
    #expect(try reopened.task(task.id, at: Fixtures.now).status == .completed)
  }

  @Test("a long list of open tasks is read in parts side by side, and comes out as one read of it all would give")
  func longListInParts() throws {
    let path = Fixtures.temporaryDirectory() + "/stride.db"
    let writer = try TaskStore(path: path, searchIndex: false)
    // Enough open tasks to be read in parts, their ids in two runs far apart: the parts are not even.
    let numbers = Array(1...12_000) + Array(400_001...428_000)
    try writer.database.transaction { () throws(StrideError) in
      for number in numbers {
        var task = Fixtures.task(
          Int64(number), "task \(number)", due: number % 3 == 0 ? Fixtures.now.addingTimeInterval(Double(number)) : nil,
          steps: number % 4 == 0 ? [Subtask(title: "first"), Subtask(title: "second", done: true)] : [],
          blockedBy: number % 10 == 0 ? [TaskID(Int64(number - 1))] : [])
        if number % 3 == 1 { task.tags = ["home", "tag \(number % 7)"] }
        // Finished tasks among the open ones, their steps and tags in the database but not in what is loaded.
        if number % 9 == 0 { task.status = .completed }
        try writer.rows.save(task, new: true)
      }
    }
    writer.close()
    let store = try TaskStore(path: path)
    let whole = try store.rows.load(where: "status <> 'completed'", [], mostMatch: true)
    #expect(whole.count == numbers.filter { $0 % 9 != 0 }.count)
    #expect(whole.count >= SideBySide.from, "enough to be read in parts")
    // Every child row read and those of finished tasks passed over, as SQLite's list of the open ids gives them.
    let listed = try store.rows.load(where: "status <> 'completed'", [])
    let sameChildren = listed == whole
    #expect(sameChildren, "each open task with its own steps, tags and blockers, none of a finished one")
    // Compared as one answer: a failure would otherwise print every task.
    let parts = try store.rows.loadOpen(sideBySide: true)
    let sameParts = parts == whole
    #expect(sameParts, "read in parts: \(parts.count) tasks against \(whole.count)")
    let sameAtStart = store.openByID == whole
    #expect(sameAtStart, "the same tasks, in id order, each with its own steps, tags and blockers")
  }

  @Test("finished tasks read by a list of ids, or by a range of ids, come with their own steps, tags and notes")
  func finishedByIDsAndRange() throws {
    let (store, _) = try Fixtures.store()
    try store.database.transaction { () throws(StrideError) in
      for number in 1...700 {
        var task = Fixtures.task(
          Int64(number), "task \(number)", steps: number % 4 == 0 ? [Subtask(title: "first")] : [],
          blockedBy: number % 10 == 0 ? [TaskID(Int64(number - 1))] : [])
        if number % 3 == 1 { task.tags = ["home", "tag \(number % 7)"] }
        if number % 5 == 0 { task.notes = [Note(at: Fixtures.now, text: "note \(number)")] }
        if number % 3 != 0 { task.status = .completed }
        try store.rows.save(task, new: true)
      }
    }
    // Each task as a query of its own id reads it.
    func alone(_ ids: [Int64]) throws -> [StrideTask] { try ids.compactMap { try store.rows.load(TaskID($0)) } }
    // More ids than are read at once, out of order, one of them never stored.
    let ids = (1...700).map { Int64(($0 * 337) % 701) } + [9_999]
    let byIDs = try store.rows.load(ids.map { TaskID($0) })
    let sameByIDs = try byIDs == alone(ids)
    #expect(sameByIDs && byIDs.count == 700)
    let range = try store.rows.loadCompleted(in: 120..<390)
    let sameRange = try range == alone(Array(120..<390)).filter { $0.status == .completed }
    #expect(sameRange && range.map(\.id.rawValue) == (120..<390).filter { $0 % 3 != 0 })
  }
}
