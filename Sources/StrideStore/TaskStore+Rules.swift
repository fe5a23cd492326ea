import Foundation
import StrideBase
import StrideModel

/// What a change is checked by, and the ids a new task is given.
extension TaskStore {
  /// The next id: one past the largest ever given, so a deleted task's id is never reused.
  package func nextID() throws(StrideError) -> TaskID {
    let last = try database.statement("SELECT seq FROM sqlite_sequence WHERE name = 'tasks'").firstRow { $0.int64(0) }
    return TaskID((last ?? 0) + 1)
  }

  /// The rules that span tasks, over the tasks as they stand at `now`.
  package func rules(at now: Date) -> TaskRules {
    TaskRules(
      open: openByID, edges: { () throws(StrideError) in try self.rows.dependencyEdges() },
      find: { id throws(StrideError) in try self.task(id, at: now) }, calendar: calendar, dayStart: dayStart)
  }
}
