import Foundation

/// The now-list's ranking: a pure function of the open tasks and the moment.
///
/// This is the simple, honest ordering the backbone ships with (Docs/context-engine.md): it keeps only tasks that
/// can be started — active, not blocked by an unfinished task, not needing far more energy than the user has, not
/// longer than the time they have — and orders them overdue and soonest due first, then started, then oldest.
public enum Ranking {
  /// At most `context.limit` suggestions from `tasks`, best first. The order of `tasks` does not matter.
  public static func rank(tasks: [StrideTask], context: NowContext) -> [Suggestion] {
    let limit = max(0, min(context.limit, NowContext.maximumLimit))
    let open = Set(tasks.lazy.filter { $0.status.isOpen }.map(\.id))
    // One pass that keeps the best `limit` so far: no sort of every open task.
    var best: [StrideTask] = []
    for stored in tasks {
      let task = stored.settled(at: context.instant)
      guard task.status == .active, !task.blockedBy.contains(where: open.contains), hasStarted(task, context),
        fitsEnergy(task, context), fitsTime(task, context)
      else { continue }
      guard best.count < limit || comesFirst(task, best[best.count - 1]) else { continue }
      best.insert(task, at: best.firstIndex { comesFirst(task, $0) } ?? best.count)
      if best.count > limit { best.removeLast() }
    }
    let phrases = WhyPhrases(context: context)
    return best.map { task in
      let step = task.nextStep.map { Suggestion.Step(index: $0.index, title: $0.subtask.title) }
      return Suggestion(
        kind: step == nil ? .task : .nextStep, task: task, step: step, why: phrases.reasons(for: task))
    }
  }

  /// Within a day of its due time (or past it), a task is shown whatever the energy or time available.
  static func isPressing(_ task: StrideTask, _ context: NowContext) -> Bool {
    guard let due = task.due else { return false }
    return due.timeIntervalSince(context.instant) <= 24 * 3600
  }

  /// Hides a task whose start time is still ahead ("after 6pm").
  static func hasStarted(_ task: StrideTask, _ context: NowContext) -> Bool {
    task.start.map { $0 <= context.instant } ?? true
  }

  /// Hides a task that needs two energy levels more than the user has (high when they are low).
  static func fitsEnergy(_ task: StrideTask, _ context: NowContext) -> Bool {
    guard let energy = context.energy else { return true }
    return task.energy.rank - energy.rank < 2 || isPressing(task, context)
  }

  /// Hides a task whose estimate is longer than the minutes the user has.
  static func fitsTime(_ task: StrideTask, _ context: NowContext) -> Bool {
    guard let minutes = context.minutes, let estimate = task.estimateMinutes else { return true }
    return estimate <= minutes || isPressing(task, context)
  }

  /// Due tasks first, soonest (so overdue) first; then started tasks; then oldest; then lowest id.
  static func comesFirst(_ a: StrideTask, _ b: StrideTask) -> Bool {
    switch (a.due, b.due) {
    case (let x?, let y?) where x != y: return x < y
    case (.some, nil): return true
    case (nil, .some): return false
    default: break
    }
    if a.progress.started != b.progress.started { return a.progress.started }
    if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
    return a.id < b.id
  }
}

/// Writes the short reasons shown with a suggestion, in the user's time zone.
struct WhyPhrases {
  let context: NowContext
  private let time: HumanTime

  init(context: NowContext) {
    self.context = context
    time = HumanTime(now: context.instant, timeZone: context.timeZone)
  }

  /// Up to three phrases: the deadline, progress, then whichever of fit and age applies.
  func reasons(for task: StrideTask) -> [String] {
    var reasons: [String] = []
    if let due = task.due { reasons.append(dueText(due)) }
    let progress = task.progress
    if progress.started { reasons.append("\(progress.done) of \(progress.total) steps done") }
    if let energy = context.energy, task.energy == energy { reasons.append("matches your \(energy.rawValue) energy") }
    if let minutes = context.minutes, let estimate = task.estimateMinutes, estimate <= minutes {
      reasons.append("fits your \(Minutes.format(minutes))")
    }
    if reasons.count < 2 { reasons.append(ageText(task.createdAt)) }
    return Array(reasons.prefix(3))
  }

  /// Overdue is stated plainly, never shouted: "was due yesterday", "was due 3 hours ago".
  func dueText(_ due: Date) -> String {
    guard due <= context.instant else { return "due \(time.describe(due))" }
    let days = -time.dayDistance(to: due)
    switch days {
    case 0:
      let hours = Int(context.instant.timeIntervalSince(due) / 3600)
      return hours == 0 ? "was due just now" : "was due \(plural(hours, "hour")) ago"
    case 1: return "was due yesterday"
    default: return "was due \(plural(days, "day")) ago"
    }
  }

  func ageText(_ created: Date) -> String {
    let days = -time.dayDistance(to: created)
    return switch days {
    case ...0: "added today"
    case 1: "added yesterday"
    default: "added \(plural(days, "day")) ago"
    }
  }
}

/// "1 day", "3 days".
func plural(_ count: Int, _ noun: String) -> String {
  count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}
