import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalendar
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

/// Every field Stride writes to a VTODO must read back equal on another device: otherwise each device sees a
/// difference on every pass and sends the task again, forever.
@Suite("Sync fields read back equal")
struct SyncRoundTripTests {
  @Test("random tasks written as VTODO text and read on a new device give the same fields, and a second trip too")
  func roundTrip() throws {
    var random = SeededRandom(29)
    let zone = TimeZone(identifier: "America/New_York")!
    for id in 1...400 {
      let task = random.syncedTask(id: Int64(id), now: Fixtures.now, zone: zone)
      let stepUIDs = task.subtasks.indices.map { "step-\(id)-\($0)" }
      let fields = SyncFields(task, uid: { "task-\($0)" }, stepUIDs: stepUIDs)
      let arrived = try readOnAnotherDevice(fields, task: task, zone: zone)
      #expect(arrived == fields, "task \(id) changed on the way: \(difference(fields, arrived))")
      // What the other device then holds, read from its own task, is what it would compare at its next pass.
      var copy = StrideTask(
        id: TaskID(Int64(id)), title: arrived.title, rawInput: arrived.note, createdAt: Fixtures.now)
      arrived.apply(to: &copy, id: { TaskID(Int64($0.dropFirst(5))!) })
      let held = SyncFields(copy, uid: { "task-\($0)" }, stepUIDs: stepUIDs)
      #expect(held == fields, "task \(id) differs once applied: \(difference(fields, held))")
    }
  }

  @Test(
    "a merge base is stored in a numbered shape; the first, unnumbered shape still reads; one it cannot read stops sync with a sentence"
  )
  func storedBase() throws {
    let (store, path) = try Fixtures.store()
    let task = try store.capture(Fixtures.draft("renew the passport"), at: Fixtures.now)
    let fields = SyncFields(task, uid: { "task-\($0)" }, stepUIDs: [])
    try store.recordSync(list: 1, saving: [SyncItem(uid: "task-1", taskID: task.id, base: fields)])
    #expect(try store.syncItems(list: 1).first?.base == fields)
    store.close()

    func read(_ base: String) throws(StrideError) -> SyncFields? {
      let database = try SQLiteDatabase(path: path)
      try database.statement("UPDATE sync_items SET base = ?").bind(.text(base)).run()
      database.close()
      let store = try TaskStore(path: path)
      defer { store.close() }
      return try store.syncItems(list: 1).first?.base
    }
    let database = try SQLiteDatabase(path: path)
    let stored = try #require(try database.text("SELECT base FROM sync_items"))
    database.close()
    #expect(stored.contains(#""shape":2"#) && stored.contains(#""fields":{"#), "\(stored)")
    // Shape 1, as the first Stride that synced wrote it: the bare fields, without the deferral history.
    var bare =
      try #require(try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any])["fields"]
      as? [String: Any]
    var state = try #require(bare?["state"] as? [String: Any])
    state["deferrals"] = nil
    bare?["state"] = state
    let first = String(decoding: try JSONSerialization.data(withJSONObject: bare as Any), as: UTF8.self)
    var expected = fields
    expected.state.deferrals = nil
    #expect(try read(first) == expected)

    let newer = stored.replacingOccurrences(of: #""shape":2"#, with: #""shape":3"#)
    #expect(
      throws: StrideError(
        .storageFailed,
        "the sync state of task 1 was written by a newer Stride (shape 3); update Stride to sync again, nothing has been merged"
      )
    ) {
      try read(newer)
    }
    let damaged = try #require(throws: StrideError.self) { try read(#"{"shape":2,"fields":{"title":"x"}}"#) }
    #expect(damaged.message.contains("the sync state of task 1 cannot be read ('fields.note' is missing)"))
    #expect(damaged.message.contains("stride sync setup URL"))
    let garbage = try #require(throws: StrideError.self) { try read("{{") }
    #expect(garbage.message.contains("(it is not JSON)"))
  }

  private func readOnAnotherDevice(_ fields: SyncFields, task: StrideTask, zone: TimeZone) throws -> SyncFields {
    let text = VTodo.text(
      task: fields, uid: "task-\(task.id)", created: task.createdAt, modified: task.updatedAt, now: Fixtures.now,
      timeZone: zone)
    var parsed = try #require(try VTodo.parse(text, timeZone: zone)).fields
    for (index, step) in fields.steps.enumerated() {
      let stepText = VTodo.text(
        step: step, position: index + 1, parent: "task-\(task.id)", modified: task.updatedAt, now: Fixtures.now)
      parsed.steps.append(try #require(try VTodo.parse(stepText, timeZone: zone)).step)
    }
    return parsed
  }

  private func difference(_ a: SyncFields, _ b: SyncFields) -> String {
    Mirror(reflecting: a).children.compactMap { child in
      let other = Mirror(reflecting: b).children.first { $0.label == child.label }
      return "\(child.value)" == "\(other?.value ?? "")"
        ? nil : "\(child.label ?? ""): \(child.value) ≠ \(other?.value ?? "")"
    }.joined(separator: "; ")
  }
}

extension SeededRandom {
  /// A task in any state sync carries: deferred for each reason, waiting on a task or a note, done, a routine, pinned,
  /// with steps, dates of every kind and a history of deferrals.
  mutating func syncedTask(id: Int64, now: Date, zone: TimeZone) -> StrideTask {
    var task = task(id: id, now: now)
    task.rawInput = Bool.random(using: &self) ? task.title : task.title + " by friday ~20m #home"
    task.tags = Bool.random(using: &self) ? [] : ["home", "money"].shuffled(using: &self)
    let calendar = LocalCalendar(timeZone: zone)
    switch Int.random(in: 0...3, using: &self) {
    case 0: task.due = nil
    case 1: task.due = calendar.date(calendar.day(of: now).adding(days: Int.random(in: 0...9, using: &self)), .endOfDay)
    default: break
    }
    if Bool.random(using: &self) {
      task.start = now.addingTimeInterval(Double(Int.random(in: -48...48, using: &self)) * 3600)
      if let due = task.due, due < task.start! { task.start = due }
    }
    for index in 0..<Int.random(in: 0...2, using: &self) {
      task.notes.append(
        Note(at: now.addingTimeInterval(Double(index - 2) * 3600), text: "note \(index); with, specials\nand a line"))
    }
    let deferrals = Int.random(in: 0...4, using: &self)
    for index in 0..<deferrals {
      task.deferrals.append(
        Deferral(
          reason: DeferReason.allCases.randomElement(using: &self)!,
          at: now.addingTimeInterval(Double(index - deferrals) * 86_400), until: nil))
    }
    switch Int.random(in: 0...5, using: &self) {
    case 0:
      let reason = DeferReason.allCases.filter { $0 != .blocked }.randomElement(using: &self)!
      let until = reason == .unsure ? nil : now.addingTimeInterval(Double(Int.random(in: 1...96, using: &self)) * 3600)
      let deferral = Deferral(
        reason: reason, at: now, until: until, energy: reason == .noEnergy ? .low : nil)
      task.deferrals.append(deferral)
      task.deferral = deferral
      task.status = .deferred
    case 1:
      task.deferrals.append(Deferral(reason: .blocked, at: now, until: nil))
      task.status = .waiting
      task.waitingFor = Bool.random(using: &self) ? "the landlord's answer" : "something else to happen first"
      task.followUp = now.addingTimeInterval(2 * 86_400)
      if Bool.random(using: &self) { task.blockedBy = [TaskID(id + 1000)] }
    case 2:
      task.status = .completed
      task.completedAt = now.addingTimeInterval(-3600)
    case 3:
      if task.due == nil { task.due = now.addingTimeInterval(86_400) }
      task.recurrence = [
        Recurrence(.weekly, weekdays: [2, 5]), Recurrence(.monthly, monthDays: [31]), Recurrence(.daily),
        Recurrence(.daily, interval: 3, afterDone: true),
      ].randomElement(using: &self)!
    default:
      break
    }
    task.pinned = task.status != .completed && Int.random(in: 0...5, using: &self) == 0
    task.updatedAt = now
    return task
  }
}
