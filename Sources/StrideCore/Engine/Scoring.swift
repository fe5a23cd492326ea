import Foundation

/// The score: a weighted sum of bounded terms (each value between 0 and 1). Docs/context-engine.md has the table.
struct Scoring {
  let evaluator: Evaluator

  var context: NowContext { evaluator.context }
  var settings: EngineSettings { evaluator.settings }

  func terms(for task: StrideTask, kind: Suggestion.Kind, resurfaced: DeferReason?) -> [TermScore] {
    let weights = settings.weights
    func term(_ term: Term, _ reading: (String, Double)) -> TermScore {
      TermScore(term: term, input: reading.0, value: min(1, max(0, reading.1)), weight: weights[term])
    }
    let terms = [
      term(.deadline, deadline(task)),
      term(.value, value(task)),
      term(.energyFit, energyFit(task)),
      term(.timeFit, timeFit(task, kind)),
      term(.momentum, momentum(task)),
      term(.unblocks, unblocks(task)),
      term(.resurfaced, (resurfaced.map { "back from \($0.rawValue)" } ?? "no", resurfaced == nil ? 0 : 1)),
      term(.age, age(task)),
      term(.deferPenalty, deferPenalty(task)),
    ]
    return terms.sorted { ($0.contribution, $1.term.rawValue) > ($1.contribution, $0.term.rawValue) }
  }

  /// Hyperbolic: half at `deadlineHalfLifeHours` before the due time, full when due or overdue.
  func deadline(_ task: StrideTask) -> (String, Double) {
    guard let due = task.due else { return ("no due time", 0) }
    let hours = due.timeIntervalSince(context.instant) / 3600
    if hours <= 0 { return ("overdue by \(Self.hours(-hours))", 1) }
    let half = settings.deadlineHalfLifeHours
    return ("due in \(Self.hours(hours))", half / (half + hours))
  }

  /// Obligations highest; each not-important deferral halves it.
  func value(_ task: StrideTask) -> (String, Double) {
    let base: Double =
      switch task.type {
      case .obligation: 1
      case .goal: 0.7
      case .chore: 0.4
      }
    let dismissed = task.deferrals.count(where: { $0.reason == .notImportant })
    let note = dismissed > 0 ? ", put off as not important \(dismissed == 1 ? "once" : "\(dismissed) times")" : ""
    return (task.type.rawValue + note, base * pow(0.5, Double(dismissed)))
  }

  /// 1 when the task needs the energy the user has; less when it needs more; a little less when it needs less.
  func energyFit(_ task: StrideTask) -> (String, Double) {
    // Unknown energy says nothing about fit: no contribution, for any task.
    guard let energy = context.energy else { return ("task \(task.energy.rawValue), yours unknown", 0) }
    let input = "task \(task.energy.rawValue), yours \(energy.rawValue)"
    switch task.energy.rank - energy.rank {
    case 0: return (input, 1)
    case -1: return (input, 0.8)
    case -2: return (input, 0.6)
    case 1: return (input, 0.3)
    default: return (input, 0)
    }
  }

  /// Estimates inflated for the planning fallacy: 1 when it fits the minutes available; without minutes, shorter
  /// is better.
  func timeFit(_ task: StrideTask, _ kind: Suggestion.Kind) -> (String, Double) {
    if kind == .firstFifteen { return ("the first 15 minutes", 1) }
    guard let estimate = task.estimateMinutes else { return ("no estimate", 0.5) }
    let inflated = Double(estimate) * settings.planningFallacy
    let input = "\(Minutes.format(estimate)), \(Minutes.format(Int(inflated.rounded()))) with slack"
    guard let minutes = context.minutes else { return (input, 1 / (1 + inflated / 30)) }
    return (input + ", you have \(Minutes.format(minutes))", min(1, Double(minutes) / inflated))
  }

  /// Started tasks pull: half for having begun, up to full with the steps done; full right after a step.
  func momentum(_ task: StrideTask) -> (String, Double) {
    let progress = task.progress
    guard progress.started else { return ("not started", 0) }
    let justNow = task.subtasks.contains {
      $0.done && ($0.completedAt.map { context.instant.timeIntervalSince($0) <= 3 * 3600 } ?? false)
    }
    if justNow { return ("a step done in the last 3 hours", 1) }
    return (
      "\(progress.done) of \(progress.total) steps done", 0.5 + 0.5 * Double(progress.done) / Double(progress.total)
    )
  }

  /// Other open tasks wait on this one: a third for each, up to three.
  func unblocks(_ task: StrideTask) -> (String, Double) {
    let count = evaluator.waitingOn[task.id] ?? 0
    return (count == 0 ? "nothing waits on it" : "\(count) waiting on it", Double(count) / 3)
  }

  /// So nothing starves: grows over 30 days.
  func age(_ task: StrideTask) -> (String, Double) {
    let days = max(0, context.instant.timeIntervalSince(task.createdAt) / 86_400)
    return ("\(Int(days)) days old", days / 30)
  }

  /// Subtracted: a fifth for each deferral, up to five.
  func deferPenalty(_ task: StrideTask) -> (String, Double) {
    ("deferred \(task.deferCount) times", Double(task.deferCount) / 5)
  }

  static func hours(_ hours: Double) -> String {
    hours < 48 ? "\(Int(hours.rounded())) h" : "\(Int((hours / 24).rounded())) days"
  }
}
