import Foundation
import StrideBase

/// What one run leaves to report.
struct RunResult {
  let seed: UInt64
  let figures: Figures
  let totals: Totals
  let claims: ClaimTally
  let backlog: [(day: Int, open: Int)]
  let seconds: Double
  /// Milliseconds of each restart of the daemon (stop and start).
  let restarts: [Double]
  /// The tasks that waited longest, in words.
  let starvers: [String]
  let unstable: [String]
  let stuckRows: [String]
  /// With `--day`: what the person felt of the five, against their calendar and energy.
  let day: DayFigures?
}

extension Simulation {
  func result(seconds: Double) -> RunResult {
    let figures = figures()
    return RunResult(
      seed: seed, figures: figures, totals: totals, claims: claims, backlog: backlog, seconds: seconds,
      restarts: workspace.restarts, starvers: starvers(figures.starvation), unstable: unstable,
      stuckRows: figures.stuck.rows.map(describe), day: dayFigures())
  }

  private func starvers(_ starvation: Starvation) -> [String] {
    let worst = starvation.runs.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(6)
    return worst.map { id, days in
      guard let task = tasks[id] else { return "task \(id)" }
      let estimate = task.estimate.map { "\($0) min" } ?? "no estimate"
      let due = task.due.map { ", due \(TimeWords.stamp($0))" } ?? ""
      let state = task.open ? "still open" : "closed \(TimeWords.stamp(task.closedAt ?? 0))"
      return String(format: "%5.1f d  ", days)
        + "task \(id) \"\(task.title)\" (\(task.type.rawValue), \(task.energy.rawValue), \(estimate)\(due); "
        + "\(task.deferCount) deferrals; \(state))"
    }
  }

  private func describe(_ row: StuckRow) -> String {
    func when(_ instant: Instant?) -> String { instant.map(TimeWords.stamp) ?? "never" }
    return
      "task \(row.id) \"\(row.title)\": stuck \(TimeWords.stamp(row.stuckAt)); eligible \(when(row.firstEligible)); "
      + "first shown \(when(row.firstShown)); \"make it smaller?\" \(when(row.firstSmaller)); "
      + String(format: "longest gap %.1f d", row.longestGap) + (row.open ? "" : "; closed")
  }
}

extension RunResult {
  var restartMean: Double { restarts.isEmpty ? 0 : restarts.reduce(0, +) / Double(restarts.count) }
  var restartP90: Double { Starvation.quantile(restarts.sorted(), 0.9) }
  var openAtEnd: Int { backlog.last?.open ?? 0 }
  var deferralTotal: Int { totals.deferrals.values.reduce(0, +) }
}
