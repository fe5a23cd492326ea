import StrideBase
import StrideNowView
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

  /// The time spent in focus sessions, in all and each day (week, month) that had some.
  var focusTime: [String] {
    let (unit, periods) = Self.periods(review.days)
    let total = periods.reduce(0) { $0 + $1.focus }
    guard total > 0 else { return [] }
    let some = periods.filter { $0.focus > 0 }
    let each = some.count == 1 ? "" : ", over \(plural(some.count, unit))"
    let heading = "  \(Minutes.spoken(total)) in all\(each)."
    if plain { return [heading] + some.map { "  \($0.spoken): \(Minutes.spoken($0.focus))." } }
    let width = some.map { TerminalColumns.width($0.label) }.max() ?? 0
    return [heading] + some.map { "  " + TerminalColumns.pad($0.label, to: width) + "  " + Minutes.format($0.focus) }
  }

  /// Tasks finished in the period that took far longer or shorter than estimated, furthest first.
  var offEstimate: [String] {
    let tasks = review.offEstimate ?? []
    let rows = tasks.prefix(Self.named).map { task in
      "  Task \(task.id), \"\(task.title)\": estimated \(Minutes.format(task.estimateMinutes)), took "
        + "\(task.spentMinutes == 0 ? "under a minute" : Minutes.format(task.spentMinutes))."
    }
    return tasks.count > Self.named ? ["  The \(Self.named) furthest of \(tasks.count):"] + rows : rows
  }

  /// "about 1.6× your estimate", "about as long as your estimate": a factor given to a tenth.
  static func against(_ factor: Double) -> String {
    let tenths = Int((factor * 10).rounded())
    if tenths == 10 { return "about as long as your estimate" }
    let times = tenths % 10 == 0 ? "\(tenths / 10)×" : "\(tenths / 10).\(tenths % 10)×"
    return "about \(times) your estimate"
  }
}
