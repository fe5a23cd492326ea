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
    for query in queries {
      for shown in query.shown where shown.prompt == "make it smaller?" {
        if let task = tasks[shown.id], stepsOpen(task, at: query.lo) { figures.smallerWithSteps += 1 }
      }
    }
    return figures
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
