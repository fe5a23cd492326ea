import StrideBase

/// Stuck tasks: when each became eligible as stuck, when "make it smaller?" first came to it, and the longest wait.
extension Simulation {
  func stuckFigures() -> StuckFigures {
    var figures = StuckFigures()
    for task in tasks.values.sorted(by: { $0.id < $1.id }) where task.deferCount >= 3 {
      figures.rows.append(stuckRow(task))
    }
    for query in primaryQueries {
      if query.shown.contains(where: { $0.prompt == "make it smaller?" }) { figures.answersWithSmaller += 1 }
      for (id, reason) in query.hidden.sorted(by: { $0.key < $1.key }) where reason == .stuck {
        if let task = tasks[id], backFromNoEnergy(task, at: query.lo) {
          figures.stuckBackFromNoEnergy += 1
          figures.stuckBackFromNoEnergyTasks.insert(id)
        }
        guard let task = tasks[id], task.type == .obligation, let due = task.due, due <= query.lo + 86_400 else {
          continue
        }
        figures.pressingHidden += 1
        if figures.pressingHiddenTasks.insert(id).inserted {
          figures.pressingExamples.append(
            "from \(TimeWords.stamp(query.lo)): task \(id) \"\(task.title)\", \(TimeWords.deadline(due, now: query.lo)), "
              + "\(task.deferCount) deferrals")
        }
      }
    }
    rota(&figures)
    for query in queries {
      for shown in query.shown where shown.prompt == "make it smaller?" {
        if let task = tasks[shown.id], stepsOpen(task, at: query.lo) { figures.smallerWithSteps += 1 }
      }
    }
    return figures
  }

  /// The one-stuck-task-a-day rota: the days on which some stuck task was eligible, those on which none was offered,
  /// and, on those, what became of the stuck tasks not hidden as `stuck` (one of them is the day's pick).
  private func rota(_ figures: inout StuckFigures) {
    var stuckDays: Set<Int> = []
    var smallerDays: Set<Int> = []
    var firstQuery: [Int: QueryRecord] = [:]
    for query in primaryQueries {
      let stuckIDs = Set(figures.rows.filter { $0.stuckAt < query.lo }.map(\.id))
      if !stuckIDs.isDisjoint(with: query.eligible) {
        stuckDays.insert(query.day)
        if firstQuery[query.day] == nil { firstQuery[query.day] = query }
      }
      if query.shown.contains(where: { $0.kind == .stuck }) { smallerDays.insert(query.day) }
    }
    figures.daysWithStuck = stuckDays.count
    figures.daysWithoutSmaller = stuckDays.subtracting(smallerDays).count
    for day in stuckDays.subtracting(smallerDays).sorted() {
      guard let query = firstQuery[day] else { continue }
      var fates: [String] = []
      for row in figures.rows where row.stuckAt < query.lo {
        if let shown = query.shown.first(where: { $0.id == row.id }) {
          fates.append("shown as \(shown.kind.rawValue)")
        } else if let reason = query.hidden[row.id], reason != .stuck, reason != .completed {
          fates.append(reason.rawValue)
        } else if query.hidden[row.id] == .stuck, let task = tasks[row.id], backFromNoEnergy(task, at: query.lo) {
          fates.append("stuck though back from no-energy")
        }
      }
      figures.rotaFates[fates.isEmpty ? "none left to pick" : fates.sorted().joined(separator: " + "), default: 0] += 1
    }
  }

  /// Whether the task's last deferral before `instant` is a no-energy one without a time: it stays `deferred` in the
  /// store when it comes back (by energy or by its fallback), and the daemon's stuck rota takes only active tasks.
  func backFromNoEnergy(_ task: TaskTruth, at instant: Instant) -> Bool {
    guard let last = task.deferrals.last(where: { $0.at < instant }) else { return false }
    return last.reason == .noEnergy && last.until == nil && task.lastChange <= last.at
  }

  /// Whether the task had open steps at `instant`: added before it, not done by it.
  private func stepsOpen(_ task: TaskTruth, at instant: Instant) -> Bool {
    task.steps.contains { step in step.addedAt < instant && (step.doneAt.map { $0 > instant } ?? true) }
  }

  private func stuckRow(_ task: TaskTruth) -> StuckRow {
    var row = StuckRow(id: task.id, title: task.title, stuckAt: task.deferrals[2].at, open: task.open)
    var runStart: Instant?
    var runLast: Instant?
    var longest = 0
    for query in primaryQueries where query.lo > row.stuckAt {
      let eligible = query.eligible.contains(task.id)
      let shown = query.shown.first { $0.id == task.id }
      if eligible && row.firstEligible == nil { row.firstEligible = query.lo }
      if let shown {
        if row.firstShown == nil { row.firstShown = query.lo }
        if shown.prompt == "make it smaller?" && row.firstSmaller == nil { row.firstSmaller = query.lo }
      }
      if eligible && shown == nil {
        if runStart == nil { runStart = query.lo }
        runLast = query.lo
      } else if let start = runStart {
        longest = max(longest, (runLast ?? start) - start)
        runStart = nil
      }
    }
    if let start = runStart { longest = max(longest, (runLast ?? start) - start) }
    row.longestGap = Double(longest) / 86_400
    return row
  }
}
