import Foundation
import StrideBase
import StrideModel

/// What the engine learns from the finished tasks: how long they really took against their estimates; and what was
/// done late, for a review.
extension TaskStore {
  /// Tasks finished after their due time, due in `[since, until)`, routines aside: what became overdue and was
  /// done late.
  public func finishedLate(dueSince since: Date, until: Date) throws(StrideError) -> [StrideTask] {
    try rows.load(
      where: "status = 'completed' AND due >= ? AND due < ? AND completed_at > due AND repeat_rule IS NULL",
      .date(since), .date(until))
  }

  /// The most recent finished tasks with an estimate and time spent (at most `EstimateCalibration.window`): read
  /// through the status index, and only when `spentRevision` has moved, never for each `now`.
  public func calibrationSamples() throws(StrideError) -> [EstimateCalibration.Sample] {
    let recent = try rows.load(
      where: "id IN (SELECT id FROM tasks WHERE status = 'completed' AND spent_seconds > 0 AND estimate_minutes > 0 "
        + "AND completed_at IS NOT NULL AND \(Self.finishedInFocus) ORDER BY completed_at DESC, id DESC LIMIT ?)",
      .integer(Int64(EstimateCalibration.window)))
    return recent.compactMap(EstimateCalibration.Sample.init)
  }

  /// When the first and the latest change in the history were made; nil while it is empty. Two look-ups in the
  /// index by time, whatever the history's length: what learns from recent finishes reads back from the latest one.
  public func historySpan() throws(StrideError) -> (first: Date, latest: Date)? {
    // Each in a query of its own: SQLite answers a lone min or max from the index by time, but min and max in one
    // query by reading every row.
    try database.statement("SELECT (SELECT min(at) FROM history), (SELECT max(at) FROM history)").firstRow { row in
      row.isNull(0) ? nil : (row.date(0), row.date(1))
    } ?? nil
  }

  /// A task's time spent says how long it took only when it was finished in a focus session (or its time came from
  /// elsewhere, an import, with no sessions here): five minutes to start and the rest done without one is not the
  /// task's length. (SQL on `tasks`.)
  static let finishedInFocus =
    "(NOT EXISTS (SELECT 1 FROM focus_sessions f WHERE f.task_id = tasks.id) OR EXISTS (SELECT 1 FROM "
    + "focus_sessions f WHERE f.task_id = tasks.id AND f.ending = 'finished'))"
}
