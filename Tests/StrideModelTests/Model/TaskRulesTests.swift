import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// The rules that span tasks, on tasks held in memory: no store, no daemon.
@Suite("Rules across tasks")
struct TaskRulesTests {
  let now = Fixtures.now

  /// Rules over `tasks`, open and finished, with the dependencies their `blockedBy` names.
  func rules(_ tasks: [StrideTask]) -> TaskRules {
    TaskRules(
      open: tasks.filter(\.status.isOpen),
      edges: { () throws(StrideError) in tasks.flatMap { task in task.blockedBy.map { (task.id, $0) } } },
      find: { id throws(StrideError) in
        guard let task = tasks.first(where: { $0.id == id }) else { throw StrideError.noTask(id) }
        return task
      }, calendar: LocalCalendar(timeZone: TimeZone(identifier: "UTC")!))
  }

  @Test("a fourth pin is refused with the three pins named; a finished task cannot be pinned")
  func pins() throws {
    var tasks = (1...4).map { Fixtures.task(Int64($0), "task \($0)") }
    for index in 0..<3 { tasks[index].pinned = true }
    let error = try #require(throws: StrideError.self) {
      try rules(tasks).applying(.pin(TaskID(4), true), to: tasks[3], at: now)
    }
    #expect(error.message.contains("task 1 (task 1), task 2 (task 2), task 3 (task 3); unpin one first"))
    // Unpinning one makes room.
    let unpinned = try rules(tasks).applying(.pin(TaskID(1), false), to: tasks[0], at: now).task
    tasks[0] = unpinned
    #expect(try rules(tasks).applying(.pin(TaskID(4), true), to: tasks[3], at: now).task.pinned)
    let done = Fixtures.task(5, status: .completed)
    #expect(throws: StrideError.self) { try rules(tasks + [done]).applying(.pin(TaskID(5), true), to: done, at: now) }
  }

  @Test("a dependency that would close a loop is refused with the chain, also through a finished task")
  func loops() throws {
    let tasks = [
      Fixtures.task(1, blockedBy: [TaskID(2)]), Fixtures.task(2, status: .completed, blockedBy: [TaskID(3)]),
      Fixtures.task(3),
    ]
    let error = try #require(throws: StrideError.self) {
      try rules(tasks).applying(.block(TaskID(3), on: TaskID(1)), to: tasks[2], at: now)
    }
    #expect(error.code == .dependencyCycle)
    #expect(error.message.contains("task 1, which waits on task 2, which waits on task 3"))
    #expect(throws: StrideError(.dependencyCycle, "task 3 cannot wait on itself")) {
      try rules(tasks).applying(.block(TaskID(3), on: TaskID(3)), to: tasks[2], at: now)
    }
    let blocked = try rules(tasks).applying(.block(TaskID(1), on: TaskID(3)), to: tasks[0], at: now).task
    #expect(blocked.blockedBy == [TaskID(2), TaskID(3)])
  }

  @Test("deleting a task frees the tasks that waited on it, and says which")
  func dependents() throws {
    let tasks = [Fixtures.task(1), Fixtures.task(2, blockedBy: [TaskID(1)]), Fixtures.task(3, blockedBy: [TaskID(1)])]
    let (task, others) = try rules(tasks).applying(.delete(TaskID(1)), to: tasks[0], at: now)
    #expect(task.id == TaskID(1))
    #expect(others.map(\.before.id) == [TaskID(2), TaskID(3)])
    #expect(others.allSatisfy { $0.after.blockedBy.isEmpty && $0.after.updatedAt == now })
  }

  @Test(
    "an import keeps its ids in an empty store, renumbers them (and their dependencies) otherwise, and refuses a loop")
  func imports() throws {
    let file = [Fixtures.task(7, "pack", blockedBy: [TaskID(3)]), Fixtures.task(3, "book")]
    let kept = try TaskRules.imported(file, lastID: 0)
    #expect(kept.renumbered == false)
    #expect(kept.tasks.map(\.id) == [TaskID(3), TaskID(7)])
    let moved = try TaskRules.imported(file, lastID: 5)
    #expect(moved.renumbered)
    #expect(moved.tasks.map(\.title) == ["book", "pack"])
    #expect(moved.tasks.map(\.id) == [TaskID(6), TaskID(7)])
    #expect(moved.tasks[1].blockedBy == [TaskID(6)])
    let looped = [Fixtures.task(1, blockedBy: [TaskID(2)]), Fixtures.task(2, blockedBy: [TaskID(1)])]
    #expect(throws: StrideError.self) { try TaskRules.imported(looped, lastID: 0) }
    #expect(throws: StrideError.invalid("task 1 of the import waits on task 9, which is not in the import")) {
      try TaskRules.imported([Fixtures.task(1, blockedBy: [TaskID(9)])], lastID: 0)
    }
  }
}
