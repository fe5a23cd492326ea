import Foundation
import StrideBase
import StrideModel

/// What the engine learns from the finished tasks: how long they really took against their estimates.
extension TaskStore {
  /// The most recent finished tasks with an estimate and time spent (at most `EstimateCalibration.window`): read
  /// through the status index, and only when `spentRevision` has moved, never for each `now`.
  public func calibrationSamples() throws(StrideError) -> [EstimateCalibration.Sample] {
    let recent = try rows.load(
      where: "id IN (SELECT id FROM tasks WHERE status = 'completed' AND spent_seconds > 0 AND estimate_minutes > 0 "
        + "AND completed_at IS NOT NULL ORDER BY completed_at DESC, id DESC LIMIT ?)",
      .integer(Int64(EstimateCalibration.window)))
    return recent.compactMap(EstimateCalibration.Sample.init)
  }
}
