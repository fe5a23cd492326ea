import StrideBase
import StrideWire

/// What `stride review` says of the estimates: how long the finished tasks took against them, and whether `now`
/// uses it.
extension ReviewText {
  var estimates: [String] {
    guard let estimates = review.estimates else { return [] }
    let tasks = estimates.tasks == 1 ? "1 finished task has" : "\(estimates.tasks) finished tasks have"
    guard let factor = estimates.factor else {
      return [
        "  \(tasks) an estimate and time spent in focus sessions; from \(estimates.needed), Stride learns how long "
          + "yours really take."
      ]
    }
    var lines = [
      "  \(tasks) an estimate and time spent: they took \(Self.against(factor)) (the recent ones count most)."
    ]
    lines += estimates.tags.map { tag in
      "  #\(tag.tag): \(Self.against(tag.factor)), from \(tag.tasks) tasks."
    }
    lines.append(
      estimates.used
        ? "  Stride uses this to judge what fits the time you have."
        : "  Stride does not use this to judge what fits your time, since engine.calibrateEstimates is off.")
    return lines
  }

  /// "about 1.6× your estimate", "about as long as your estimate": a factor given to a tenth.
  static func against(_ factor: Double) -> String {
    let tenths = Int((factor * 10).rounded())
    if tenths == 10 { return "about as long as your estimate" }
    let times = tenths % 10 == 0 ? "\(tenths / 10)×" : "\(tenths / 10).\(tenths % 10)×"
    return "about \(times) your estimate"
  }
}
