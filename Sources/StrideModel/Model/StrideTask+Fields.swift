import Foundation

/// A task's fields as a person names them ("the title", "the due"), each able to compare two versions of a task
/// and to copy itself from one to another: what `undo` takes back field by field, and what a change's summary names.
struct TaskField: Sendable {
  /// The field as a sentence names it: "title", "due", "status".
  let name: String
  let same: @Sendable (StrideTask, StrideTask) -> Bool
  let take: @Sendable (inout StrideTask, StrideTask) -> Void

  private static func one<T: Equatable & Sendable>(_ name: String, _ path: WritableKeyPath<StrideTask, T> & Sendable)
    -> TaskField
  {
    TaskField(
      name: name, same: { $0[keyPath: path] == $1[keyPath: path] }, take: { $0[keyPath: path] = $1[keyPath: path] })
  }

  /// Every field, in the order a summary names them. Where a task stands (its status with its deferral, wait and
  /// completion) is one field: those change together.
  static let all: [TaskField] = [
    one("title", \.title), one("thought as typed", \.rawInput), one("energy", \.energy),
    one("estimate", \.estimateMinutes), one("type", \.type), one("steps", \.subtasks),
    one("dependencies", \.blockedBy), one("due", \.due), one("start", \.start), one("tags", \.tags),
    TaskField(
      name: "status",
      same: {
        ($0.status, $0.completedAt, $0.deferral, $0.waitingFor, $0.followUp)
          == ($1.status, $1.completedAt, $1.deferral, $1.waitingFor, $1.followUp) && $0.deferrals == $1.deferrals
      },
      take: {
        ($0.status, $0.completedAt, $0.deferral, $0.waitingFor, $0.followUp) = (
          $1.status, $1.completedAt, $1.deferral, $1.waitingFor, $1.followUp
        )
        $0.deferrals = $1.deferrals
      }),
    TaskField(
      name: "routine", same: { $0.recurrence == $1.recurrence && $0.missed == $1.missed },
      take: {
        $0.recurrence = $1.recurrence
        $0.missed = $1.missed
      }),
    one("pin", \.pinned), one("notes", \.notes), one("list", \.list),
    TaskField(
      // The time the machine slept through a session is the daemon's measure, not a change anyone made: an undo
      // takes a session back whatever was measured since.
      name: "time spent",
      same: {
        $0.spentSeconds == $1.spentSeconds
          && $0.focusSessions.map(\.ignoringUncounted) == $1.focusSessions.map(\.ignoringUncounted)
      },
      take: {
        $0.spentSeconds = $1.spentSeconds
        $0.focusSessions = $1.focusSessions
      }),
  ]
}

extension StrideTask {
  /// The names of the fields that differ between this task and `other`: "title", "due".
  package func changedFields(from other: StrideTask) -> [String] {
    TaskField.all.filter { !$0.same(self, other) }.map(\.name)
  }

  /// Takes back what one change did (from `before` to `after`) to a task that has changed again since: a field
  /// still as the change left it goes back to `before`; a field changed again keeps the later value, and is named
  /// in the second result.
  package func reverting(_ after: StrideTask, to before: StrideTask) -> (task: StrideTask, kept: [String]) {
    var task = self
    var kept: [String] = []
    for field in TaskField.all where !field.same(before, after) {
      if field.same(self, after) { field.take(&task, before) } else { kept.append(field.name) }
    }
    return (task, kept)
  }
}
