import Foundation
import StrideBase
import StrideModel
import StrideStore
import StrideWire

/// Estimates that learn: what the finished tasks say of the person's estimates, kept between questions.
extension Tasks {
  /// The calibration the engine is given, or nil when `engine.calibrateEstimates` is off. Called under the store's
  /// lock; the finished tasks are read only when a task with time spent has changed since they last were, so a
  /// `now` costs a comparison of two numbers.
  func calibration(_ store: TaskStore) -> EstimateCalibration? {
    engine.calibrateEstimates ? learnedCalibration(store) : nil
  }

  /// What the finished tasks say, whether or not the engine uses it (a review states it either way).
  func learnedCalibration(_ store: TaskStore) -> EstimateCalibration {
    let revision = store.spentRevision
    if let kept = learned.withLock({ $0 }), kept.revision == revision { return kept.calibration }
    // Finished tasks that cannot be read leave the planning fallacy to stand; they are read again next time.
    guard let samples = try? store.calibrationSamples() else { return .empty }
    let calibration = EstimateCalibration(samples: samples)
    learned.withLock { $0 = (revision, calibration) }
    return calibration
  }

  /// What a review says of the estimates: nil before any finished task has an estimate and time spent.
  static func estimates(_ calibration: EstimateCalibration, used: Bool) -> HistoryReview.Estimates? {
    guard calibration.samples > 0 else { return nil }
    func tenths(_ factor: EstimateCalibration.Factor) -> Double { (factor.value * 10).rounded() / 10 }
    return HistoryReview.Estimates(
      tasks: calibration.samples, needed: EstimateCalibration.overallMinimum, factor: calibration.overall.map(tenths),
      tags: calibration.tags.map {
        HistoryReview.TagFactor(tag: $0.tag, factor: tenths($0.factor), tasks: $0.factor.samples)
      },
      used: used)
  }
}
