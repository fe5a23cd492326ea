import Foundation

/// The now-list's ranking: a pure function of the open tasks and the moment.
///
/// This is the simple, honest ordering the backbone ships with (Docs/context-engine.md): it keeps only tasks that
/// can be started — active, not blocked by an unfinished task, not needing far more energy than the user has, not
/// longer than the time they have — and orders them overdue and soonest due first, then started, then oldest.
public enum Ranking {
  /// At most `context.limit` suggestions from `tasks`, best first. The order of `tasks` does not matter.
  public static func rank(tasks: [StrideTask], context: NowContext) -> [Suggestion] {
    let open = Set(tasks.filter { $0.status.isOpen }.map(\.id))
    let candidates = tasks.map { $0.settled(at: context.instant) }.filter { task in
      task.status == .active && !task.blockedBy.contains(where: open.contains) && fitsEnergy(task, context)
        && fitsTime(task, context)
    }
    let ordered = candidates.sorted { comesFirst($0, $1) }
    let phrases = WhyPhrases(context: context)
    return ordered.prefix(max(0, min(context.limit, NowContext.maximumLimit))).map { task in
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
  private let calendar: Calendar

  init(context: NowContext) {
    self.context = context
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = context.timeZone
    self.calendar = calendar
  }

  /// Up to three phrases: the deadline, progress, then whichever of fit and age applies.
  func reasons(for task: StrideTask) -> [String] {
    var reasons: [String] = []
    if let due = task.due { reasons.append(dueText(due)) }
    let progress = task.progress
    if progress.started { reasons.append("\(progress.done) of \(progress.total) steps done") }
    if let energy = context.energy, task.energy == energy { reasons.append("matches your \(energy.rawValue) energy") }
    if let minutes = context.minutes, let estimate = task.estimateMinutes, estimate <= minutes {
      reasons.append("fits your \(minutes) minutes")
    }
    if reasons.count < 2 { reasons.append(ageText(task.createdAt)) }
    return Array(reasons.prefix(3))
  }

  func dueText(_ due: Date) -> String {
    let days = dayDistance(to: due)
    let clock = clockText(due)
    if due <= context.instant {
      let hours = Int(context.instant.timeIntervalSince(due) / 3600)
      if days == 0 { return hours == 0 ? "was due just now" : "was due \(plural(hours, "hour")) ago" }
      if days == -1 { return "was due yesterday" }
      return "was due \(plural(-days, "day")) ago"
    }
    switch days {
    case 0: return "due today at \(clock)"
    case 1: return "due tomorrow at \(clock)"
    case 2...6: return "due \(weekdayName(due)) at \(clock)"
    default: return "due \(monthDay(due))"
    }
  }

  func ageText(_ created: Date) -> String {
    let days = -dayDistance(to: created)
    return switch days {
    case ...0: "added today"
    case 1: "added yesterday"
    default: "added \(plural(days, "day")) ago"
    }
  }

  /// Calendar days from the context's instant to `date` (negative in the past).
  private func dayDistance(to date: Date) -> Int {
    let start = calendar.startOfDay(for: context.instant)
    let end = calendar.startOfDay(for: date)
    return calendar.dateComponents([.day], from: start, to: end).day ?? 0
  }

  private func clockText(_ date: Date) -> String {
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
  }

  private func weekdayName(_ date: Date) -> String {
    let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    return names[(calendar.component(.weekday, from: date) - 1) % 7]
  }

  private func monthDay(_ date: Date) -> String {
    let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let parts = calendar.dateComponents([.month, .day], from: date)
    return "\(names[(parts.month ?? 1) - 1]) \(parts.day ?? 1)"
  }
}

/// "1 day", "3 days".
func plural(_ count: Int, _ noun: String) -> String {
  count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}
