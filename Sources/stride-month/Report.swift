import Foundation
import StrideBase

/// The figures as aligned plain text.
struct Report {
  var text = ""

  mutating func heading(_ title: String) { text += "\n" + title + "\n" }

  mutating func line(_ label: String, _ value: String) {
    text += "  " + label.padding(toLength: max(52, label.count + 1), withPad: " ", startingAt: 0) + value + "\n"
  }

  mutating func note(_ words: String, indent: Int = 4) { text += String(repeating: " ", count: indent) + words + "\n" }

  static func percent(_ share: Share) -> String {
    guard let percent = share.percent else { return "n/a (0 cases)" }
    return String(format: "%5.1f%%  (%d of %d)", percent, share.hits, share.of)
  }

  static func days(_ value: Double) -> String { String(format: "%.1f d", value) }

  /// The whole report of one run.
  static func full(_ result: RunResult, _ options: Options) -> String {
    var report = Report()
    report.text = "stride-month: seed \(result.seed), \(options.days) days from \(TimeWords.stamp(options.start)) UTC, "
    report.text += String(format: "%.1f arrivals a day\n", options.arrivals)
    report.text += String(
      format: "ran in %.1f s: %d restarts of strided, %.0f ms each on average (p90 %.0f ms)\n", result.seconds,
      result.restarts.count, result.restartMean, result.restartP90)
    report.totals(result)
    report.starvation(result)
    report.due(result.figures.due)
    report.stuck(result)
    report.fit(result.figures.fit)
    report.claims(result.claims, start: options.start)
    report.heading("6. Stability (the same five, in order, one minute apart)")
    report.line("pairs the same", percent(result.figures.stability))
    for pair in result.unstable.prefix(5) { report.note(pair) }
    if let day = result.day {
      report.day([day], heading: "7. Your day (calendar \(day.calendarGiven ? "given" : "withheld"))")
    }
    report.notes(result)
    return report.text
  }

  mutating func totals(_ result: RunResult) {
    let totals = result.totals
    heading("Totals")
    line("tasks added", "\(totals.added)")
    line("tasks done (or finished by their last step)", "\(totals.done)")
    line("dropped (\"someday, or drop it?\")", "\(totals.dropped)")
    line("steps done / steps added", "\(totals.stepsDone) / \(totals.stepsAdded)")
    line("checked on (resumed) / worked 15 min only", "\(totals.resumed) / \(totals.firstFifteenWorked)")
    line("energy set", "\(totals.energySets) times")
    line("plain questions (pairs one minute apart)", "\(result.figures.plainQueries) (\(result.figures.stability.of))")
    line("deferrals", "\(result.deferralTotal)")
    for (label, count) in totals.deferrals.sorted(by: { $0.key < $1.key }) { line("  " + label, "\(count)") }
    heading("Backlog (open tasks)")
    for (day, open) in result.backlog { line("end of day \(day)", "\(open)") }
  }

  mutating func starvation(_ result: RunResult) {
    let starvation = result.figures.starvation
    heading("1. Starvation (longest run of questions at which a task was eligible but not shown)")
    line("tasks eligible at some question", "\(starvation.runs.count)")
    line(
      "median / 90th percentile / max",
      "\(Self.days(starvation.median)) / \(Self.days(starvation.p90)) / "
        + Self.days(starvation.max))
    line("waited 10 days or more", "\(starvation.tenDays)")
    let never = starvation.neverShown.compactMap { starvation.runs[$0] }
    line(
      "eligible, never shown at all",
      "\(never.count) (of which waiting 3+ d: \(never.count(where: { $0 >= 3 })), 7+ d: \(never.count(where: { $0 >= 7 })))"
    )
    note("longest waits:")
    for starver in result.starvers { note(starver, indent: 6) }
  }

  mutating func due(_ due: DueRecall) {
    heading("2. Due-soon recall (open eligible obligations, due ahead)")
    line("due within 3 h: in the five", Self.percent(due.within3h))
    line("due within 24 h: in the five", Self.percent(due.within24h))
    line("  leaving out fives full of sooner obligations", Self.percent(due.within24hUncrowded))
    if !due.misses.isEmpty { note("missed (within 3 h first, then within 24 h):") }
    for miss in due.misses { note(miss, indent: 6) }
  }

  mutating func stuck(_ result: RunResult) {
    let stuck = result.figures.stuck
    heading("3. Stuck tasks (deferred three times or more)")
    line("stuck tasks", "\(stuck.rows.count)")
    line("  shown with \"make it smaller?\" at some point", "\(stuck.rows.count(where: { $0.firstSmaller != nil }))")
    line("  never shown after becoming stuck", "\(stuck.rows.count(where: { $0.firstShown == nil }))")
    let gaps = stuck.rows.map(\.longestGap).sorted()
    line("  longest gap: median / max", "\(Self.days(Starvation.quantile(gaps, 0.5))) / \(Self.days(gaps.last ?? 0))")
    line("answers holding \"make it smaller?\"", "\(stuck.answersWithSmaller)")
    line("days a stuck task was eligible / none offered", "\(stuck.daysWithStuck) / \(stuck.daysWithoutSmaller)")
    for (fate, days) in stuck.rotaFates.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
      note("\(days) d: the other stuck tasks were \(fate)", indent: 6)
    }
    line(
      "hidden as stuck while back from no-energy",
      "\(stuck.stuckBackFromNoEnergyTasks.count) tasks, at \(stuck.stuckBackFromNoEnergy) questions")
    line("\"make it smaller?\" for a task with open steps", "\(stuck.smallerWithSteps)")
    line(
      "obligations due within a day hidden as stuck",
      "\(stuck.pressingHiddenTasks.count) tasks, at \(stuck.pressingHidden) questions")
    for hidden in stuck.pressingExamples.prefix(6) { note(hidden, indent: 6) }
    for row in result.stuckRows.prefix(12) { note(row) }
  }

  mutating func fit(_ fit: FitFigures) {
    heading("4. Fit (shown suggestions)")
    line("energy: needs no more than set (or first 15, check)", Self.percent(fit.energy))
    for level in EnergyLevel.allCases {
      if let share = fit.energyByLevel[level] { line("  at \(level.rawValue) energy", Self.percent(share)) }
    }
    line("  the first suggestion only", Self.percent(fit.energyFirst))
    line("time: estimate within the minutes given", Self.percent(fit.time))
    line("  of which without an estimate", "\(fit.timeWithoutEstimate)")
    for misfit in fit.misfits.prefix(4) { note(misfit) }
  }

  mutating func claims(_ claims: ClaimTally, start: Instant) {
    heading("5. Why-claims")
    line(
      "checked / false / unknown", "\(claims.checked) / \(claims.falseCount) / \(claims.unknown.values.reduce(0, +))")
    for (kind, count) in claims.byKind.sorted(by: { $0.key < $1.key }) {
      line("  \(kind)", "\(count.checked) checked, \(count.false) false")
    }
    if !claims.falses.isEmpty {
      note("false claims: \(claims.falseCases) cases (a task and a phrase); up to 20, spread over the cases:")
    }
    for example in claims.examples(20) {
      note(
        "day \(CivilDay(example.when).number - CivilDay(start).number + 1) \(TimeWords.stamp(example.when)) "
          + "task \(example.task) "
          + "\"\(example.title)\": \"\(example.phrase)\" — \(example.reason)", indent: 6)
    }
    if !claims.unknown.isEmpty { note("unknown phrases:") }
    for (phrase, count) in claims.unknown.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(15) {
      note("\(count)× \"\(phrase)\"", indent: 6)
    }
  }

  mutating func notes(_ result: RunResult) {
    let totals = result.totals
    heading("Notes")
    line("captures read otherwise than meant", "\(totals.captureMismatches.count)")
    for mismatch in totals.captureMismatches.prefix(6) { note(mismatch, indent: 6) }
    line("daemon's energy differs from the person's", "\(totals.energyDisagreements) questions")
    let deferrals = totals.deferralEnergy.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
    line("deferrals stored with another energy", deferrals.isEmpty ? "0" : deferrals.joined(separator: ", "))
    line("plain and `all` fives differ", "\(totals.plainAllDisagreements)")
    line("calls refused", "\(totals.errors.count)")
    for error in totals.errors.prefix(6) { note(error, indent: 6) }
  }
}
