import Foundation
import StrideBase

/// Several seeds: a row each, then the figures pooled over all of them.
extension Report {
  static let columns = [
    ("seed", 5), ("added", 6), ("done", 5), ("open", 5), ("starve med/p90/max d", 21), (">=10d", 6), ("never", 6),
    ("due3h", 7), ("due24h", 7), ("24h*", 7), ("stuck", 6), ("smaller", 8), ("energy", 7), ("time", 7),
    ("claims/false/unk", 17), ("stable", 7), ("secs", 6),
  ]

  static func cell(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  static func short(_ share: Share) -> String { share.percent.map { String(format: "%.1f%%", $0) } ?? "n/a" }

  static func row(_ result: RunResult) -> String {
    let figures = result.figures
    let starvation = figures.starvation
    let claims = result.claims
    let values = [
      "\(result.seed)" + (result.day.map { $0.calendarGiven ? " cal" : " off" } ?? ""), "\(result.totals.added)",
      "\(result.totals.done)", "\(result.openAtEnd)",
      String(format: "%.1f/%.1f/%.1f", starvation.median, starvation.p90, starvation.max), "\(starvation.tenDays)",
      "\(starvation.neverShown.count)", short(figures.due.within3h), short(figures.due.within24h),
      short(figures.due.within24hUncrowded), "\(figures.stuck.rows.count)", "\(figures.stuck.answersWithSmaller)",
      short(figures.fit.energy), short(figures.fit.time),
      "\(claims.checked)/\(claims.falseCount)/\(claims.unknown.values.reduce(0, +))", short(figures.stability),
      String(format: "%.0f", result.seconds),
    ]
    return zip(values, columns).map { cell($0, $1.1) }.joined(separator: " ")
  }

  /// A row per seed, the pooled figures, and the false claims and unknown phrases of all seeds.
  static func summary(_ results: [RunResult], _ options: Options) -> String {
    var report = Report()
    report.text = "stride-month: seeds \(results.map(\.seed).map(String.init).joined(separator: ",")), "
    report.text += "\(options.days) days from \(TimeWords.stamp(options.start)) UTC, "
    report.text += String(format: "%.1f arrivals a day\n\n", options.arrivals)
    report.text += columns.map { cell($0.0, $0.1) }.joined(separator: " ") + "\n"
    for result in results { report.text += row(result) + "\n" }
    report.note("24h* leaves out fives full of sooner obligations; energy and time: share of shown that fit", indent: 0)
    report.pooled(results)
    if results.contains(where: { $0.day != nil }) {
      report.note("seed N cal: the calendar given to the daemon; N off: withheld", indent: 0)
      for given in [true, false] {
        let runs = results.compactMap(\.day).filter { $0.calendarGiven == given }
        if !runs.isEmpty { report.day(runs, heading: "Your day, pooled: calendar \(given ? "given" : "withheld")") }
      }
    }
    var claims = ClaimTally()
    for result in results {
      claims.checked += result.claims.checked
      claims.falseCount += result.claims.falseCount
      claims.falses += result.claims.falses
      for (kind, count) in result.claims.byKind {
        claims.byKind[kind, default: (0, 0)].checked += count.checked
        claims.byKind[kind, default: (0, 0)].false += count.false
      }
      claims.unknown.merge(result.claims.unknown, uniquingKeysWith: +)
    }
    report.claims(claims, start: options.start)
    return report.text
  }

  mutating func pooled(_ results: [RunResult]) {
    heading("Pooled over the seeds")
    let runs = results.flatMap { $0.figures.starvation.runs.values }.sorted()
    line(
      "starvation median / p90 / max",
      "\(Self.days(Starvation.quantile(runs, 0.5))) / \(Self.days(Starvation.quantile(runs, 0.9))) / "
        + Self.days(runs.last ?? 0))
    line(
      "waited 10 days or more / never shown",
      "\(runs.count(where: { $0 >= 10 })) / "
        + "\(results.map(\.figures.starvation.neverShown.count).reduce(0, +)) of \(runs.count)")
    line("due within 3 h: in the five", Self.percent(results.map(\.figures.due.within3h).reduce(Share(), +)))
    line("due within 24 h: in the five", Self.percent(results.map(\.figures.due.within24h).reduce(Share(), +)))
    line(
      "  leaving out fives full of sooner obligations",
      Self.percent(results.map(\.figures.due.within24hUncrowded).reduce(Share(), +)))
    line(
      "obligations due within a day hidden as stuck",
      "\(results.map(\.figures.stuck.pressingHiddenTasks.count).reduce(0, +)) tasks, at "
        + "\(results.map(\.figures.stuck.pressingHidden).reduce(0, +)) questions")
    line(
      "hidden as stuck while back from no-energy",
      "\(results.map(\.figures.stuck.stuckBackFromNoEnergyTasks.count).reduce(0, +)) tasks, at "
        + "\(results.map(\.figures.stuck.stuckBackFromNoEnergy).reduce(0, +)) questions")
    line(
      "days a stuck task was eligible / none offered",
      "\(results.map(\.figures.stuck.daysWithStuck).reduce(0, +)) / "
        + "\(results.map(\.figures.stuck.daysWithoutSmaller).reduce(0, +))")
    line(
      "\"make it smaller?\" for a task with open steps", "\(results.map(\.figures.stuck.smallerWithSteps).reduce(0, +))"
    )
    line("energy fit", Self.percent(results.map(\.figures.fit.energy).reduce(Share(), +)))
    line("time fit", Self.percent(results.map(\.figures.fit.time).reduce(Share(), +)))
    line("stability", Self.percent(results.map(\.figures.stability).reduce(Share(), +)))
    let restarts = results.flatMap(\.restarts)
    line(
      "run time",
      String(
        format: "%.0f s in all, %d restarts, %.0f ms each on average", results.map(\.seconds).reduce(0, +),
        restarts.count, restarts.reduce(0, +) / Double(max(1, restarts.count))))
  }
}
