import Foundation
import StrideBase

/// The score: a weighted sum of bounded terms (each value between 0 and 1). Docs/context-engine.md has the table.
struct Scoring {
  let evaluator: Evaluator

  // Lent in place, not copied: the scan reads them for every candidate.
  var context: NowContext { _read { yield evaluator.context } }
  var settings: EngineSettings { _read { yield evaluator.settings } }

  /// Every term with its input in words, largest contribution first: for the few suggestions and explanations.
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
      term(.resurfaced, self.resurfaced(task, resurfaced)),
      term(.age, age(task)),
      term(.waited, waited(task)),
      term(.deferPenalty, deferPenalty(task)),
    ]
    return terms.sorted { ($0.contribution, $1.term.rawValue) > ($1.contribution, $0.term.rawValue) }
  }

  /// The same total as `terms`, without writing any text: for ranking every candidate. `outOfView` is
  /// `evaluator.outOfViewSince(task)`, which the scan has worked out already.
  func score(for task: borrowing StrideTask, kind: Suggestion.Kind, resurfaced: DeferReason?, outOfView: Date)
    -> Double
  {
    let weights = settings.weights
    func clamp(_ value: Double) -> Double { min(1, max(0, value)) }
    var total = weights.deadline * clamp(deadlineValue(task))
    total += weights.value * clamp(valueValue(task))
    total += weights.energyFit * clamp(energyFitValue(task))
    total += weights.timeFit * clamp(timeFitValue(task, kind))
    total += weights.momentum * clamp(momentumValue(task))
    total += weights.unblocks * clamp(unblocksValue(task))
    total += weights.resurfaced * clamp(resurfacedValue(task, resurfaced))
    total += weights.age * clamp(ageValue(task))
    total += weights.waited * clamp(waitedValue(since: outOfView))
    total -= weights.deferPenalty * clamp(Double(task.deferrals.count) / 5)
    return total
  }

  func deadlineValue(_ task: borrowing StrideTask) -> Double {
    guard let due = task.due else { return 0 }
    let hours = Seconds.inHours(due.timeIntervalSince(context.instant))
    let half = settings.deadlineHalfLifeHours
    // Rising to full at the due time, then down towards the floor: what can still be done on time comes before
    // what is late already, and late work keeps at least the floor.
    let pressure =
      hours > 0
      ? half / (half + hours) : settings.overdueFloor + (1 - settings.overdueFloor) * half / (half - hours)
    // A routine comes round again: a missed one presses no more than one due within a day.
    return task.repeats ? min(pressure, settings.routineDeadlineCap) : pressure
  }

  func valueValue(_ task: borrowing StrideTask) -> Double {
    let base: Double =
      switch task.type {
      case .obligation: 1
      case .goal: 0.7
      case .chore: 0.4
      }
    if task.deferrals.isEmpty { return base }
    return base * pow(0.5, Double(task.deferrals.count(where: \.reason.lowersValue)))
  }

  func energyFitValue(_ task: borrowing StrideTask) -> Double {
    guard let energy = context.energy else { return 0 }
    switch task.energy.rank - energy.rank {
    case 0: return 1
    case -1: return 0.8
    case -2: return 0.6
    case 1: return 0.3
    default: return 0
    }
  }

  /// Offered as its first 15 minutes because time is short: those fit. (A task offered so because it needs far
  /// more energy than the user has is scored as the whole task: a lower energy never raises it.)
  func fitsAsFirstFifteen(_ task: borrowing StrideTask, _ kind: Suggestion.Kind) -> Bool {
    kind == .firstFifteen && !evaluator.isOverreach(task)
  }

  func timeFitValue(_ task: borrowing StrideTask, _ kind: Suggestion.Kind) -> Double {
    if fitsAsFirstFifteen(task, kind) { return 1 }
    guard let estimate = task.estimateMinutes else { return 0.5 }
    let inflated = evaluator.inflatedMinutes(task, estimate)
    guard let minutes = context.minutes else { return 1 / (1 + inflated / 30) }
    return min(1, Double(minutes) / inflated)
  }

  func momentumValue(_ task: borrowing StrideTask) -> Double {
    if task.subtasks.isEmpty { return 0 }
    let done = task.subtasks.count(where: \.done)
    if done == 0 { return 0 }
    return stepJustDone(task) ? 1 : 0.5 + 0.5 * Double(done) / Double(task.subtasks.count)
  }

  /// A step was done in the last three hours.
  func stepJustDone(_ task: borrowing StrideTask) -> Bool {
    task.subtasks.contains { step in
      step.done && step.completedAt.map { context.instant.timeIntervalSince($0) <= Seconds.hours(3) } ?? false
    }
  }

  func unblocksValue(_ task: borrowing StrideTask) -> Double {
    Double(evaluator.waitingOn[task.id]) / 3
  }

  func ageValue(_ task: borrowing StrideTask) -> Double {
    max(0, Seconds.inDays(context.instant.timeIntervalSince(task.createdAt))) / 30
  }

  /// Back at the time the person chose, full at first and less each hour, gone when `pressingHours` have passed:
  /// the boost fades as "back at the time you chose" stops being news, with no cliff at its end.
  func resurfacedValue(_ task: borrowing StrideTask, _ reason: DeferReason?) -> Double {
    guard reason != nil, let back = evaluator.backAt(task) else { return 0 }
    return 1 - context.instant.timeIntervalSince(back) / Seconds.hours(settings.pressingHours)
  }

  /// Days out of view (since it was last seen among the suggestions before today, put off, or added) over
  /// `waitedDays`.
  func waitedValue(_ task: borrowing StrideTask) -> Double {
    waitedValue(since: evaluator.outOfViewSince(task))
  }

  /// The same, from when the task went out of view.
  func waitedValue(since outOfView: Date) -> Double {
    max(0, Seconds.inDays(context.instant.timeIntervalSince(outOfView))) / settings.waitedDays
  }

  /// Hyperbolic: half at `deadlineHalfLifeHours` before the due time, full at it, then down towards `overdueFloor`
  /// (half-way there `deadlineHalfLifeHours` after it): due in the next hour comes before three days late.
  func deadline(_ task: StrideTask) -> (String, Double) {
    guard let due = task.due else { return ("no due time", 0) }
    let hours = Seconds.inHours(due.timeIntervalSince(context.instant))
    var input =
      hours <= 0
      ? HumanTime(now: context.instant, timeZone: context.timeZone).overdue(since: due) : "due in \(Self.hours(hours))"
    if let rule = task.recurrence { input += ", a routine (\(rule.words))" }
    return (input, deadlineValue(task))
  }

  /// Obligations highest; each not-important deferral halves it.
  func value(_ task: StrideTask) -> (String, Double) {
    let dismissed = task.deferrals.count(where: \.reason.lowersValue)
    let note = dismissed > 0 ? ", put off as not important \(dismissed == 1 ? "once" : "\(dismissed) times")" : ""
    return (task.type.rawValue + note, valueValue(task))
  }

  /// 1 when the task needs the energy the user has; less when it needs more; a little less when it needs less.
  func energyFit(_ task: StrideTask) -> (String, Double) {
    // Unknown energy says nothing about fit: no contribution, for any task.
    let yours = context.energy.map { context.energyIsLearned ? "usually \($0.rawValue) now" : $0.rawValue } ?? "unknown"
    return ("task \(task.energy.rawValue), yours \(yours)", energyFitValue(task))
  }

  /// Estimates inflated for the planning fallacy, or by the person's own past once learned: 1 when it fits the
  /// minutes available; without minutes, shorter is better.
  func timeFit(_ task: StrideTask, _ kind: Suggestion.Kind) -> (String, Double) {
    if fitsAsFirstFifteen(task, kind) { return ("the first 15 minutes", 1) }
    guard let estimate = task.estimateMinutes else { return ("no estimate", 0.5) }
    let input =
      if let applied = evaluator.calibration(for: task) {
        "\(Minutes.format(estimate)), about \(Minutes.format(applied.minutes(estimate))) as \(applied.words)"
      } else {
        "\(Minutes.format(estimate)), \(Minutes.format(Int(evaluator.inflatedMinutes(task, estimate).rounded())))"
          + " with slack"
      }
    return (input + (context.minutes == nil ? "" : ", \(context.timeAvailable)"), timeFitValue(task, kind))
  }

  /// Started tasks pull: half for having begun, up to full with the steps done; full right after a step.
  func momentum(_ task: StrideTask) -> (String, Double) {
    let progress = task.progress
    guard progress.started else { return ("not started", 0) }
    let input =
      stepJustDone(task) ? "a step done in the last 3 hours" : "\(progress.done) of \(progress.total) steps done"
    return (input, momentumValue(task))
  }

  /// Other open tasks wait on this one: a third for each, up to three.
  func unblocks(_ task: StrideTask) -> (String, Double) {
    let count = evaluator.waitingOn[task.id]
    return (count == 0 ? "nothing waits on it" : "\(count) waiting on it", unblocksValue(task))
  }

  func resurfaced(_ task: StrideTask, _ reason: DeferReason?) -> (String, Double) {
    guard let reason else { return ("no", 0) }
    let hours = evaluator.backAt(task).map { Self.hours(Seconds.inHours(context.instant.timeIntervalSince($0))) }
    return ("back from \(reason.rawValue)" + (hours.map { ", \($0) ago" } ?? ""), resurfacedValue(task, reason))
  }

  /// So nothing waits unseen for long: grows over `waitedDays` from when it was last in view.
  func waited(_ task: StrideTask) -> (String, Double) {
    // Counted in calendar days, as the why-line says it.
    let days = -HumanTime(now: context.instant, timeZone: context.timeZone).dayDistance(
      to: evaluator.outOfViewSince(task))
    return ("out of view \(days == 1 ? "1 day" : "\(days) days")", waitedValue(task))
  }

  /// Grows over 30 days.
  func age(_ task: StrideTask) -> (String, Double) {
    let days = max(0, Seconds.inDays(context.instant.timeIntervalSince(task.createdAt)))
    return ("\(Int(days)) days old", ageValue(task))
  }

  /// Subtracted: a fifth for each deferral, up to five.
  func deferPenalty(_ task: StrideTask) -> (String, Double) {
    let count = task.deferCount
    return (count == 0 ? "never deferred" : count == 1 ? "deferred once" : "deferred \(count) times", Double(count) / 5)
  }

  static func hours(_ hours: Double) -> String {
    hours < 48 ? "\(Int(hours.rounded())) h" : "\(Int((hours / 24).rounded())) days"
  }
}
