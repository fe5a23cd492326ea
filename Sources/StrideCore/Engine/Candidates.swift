import Foundation

/// A task that passed every filter, with the way it is offered and its score.
public struct Candidate: Sendable, Equatable {
  public var task: StrideTask
  public var kind: Suggestion.Kind
  public var step: Suggestion.Step?
  public var prompt: String?
  public var terms: [TermScore]
  public var score: Double
  /// Short enough to start right away (or offered as a way in: a breakdown, the first 15 minutes).
  public var quick: Bool
  /// An obligation due by the end of today: always shown.
  public var pinned: Bool
}

/// The filters and the candidates: which tasks can be offered now, how, and which are hidden and why.
struct Evaluator {
  let context: NowContext
  let settings: EngineSettings
  let calendar: LocalCalendar
  let today: CivilDate
  /// Ids of open tasks, for "blocked by an unfinished task".
  let open: Set<TaskID>
  /// How many open tasks wait on each task.
  let waitingOn: [TaskID: Int]
  /// The one stuck task offered today, if any.
  let stuckPick: TaskID?

  init(tasks: [StrideTask], context: NowContext, settings: EngineSettings) {
    self.context = context
    self.settings = settings
    calendar = LocalCalendar(timeZone: context.timeZone)
    today = calendar.day(of: context.instant)
    open = Set(tasks.lazy.filter { $0.status.isOpen }.map(\.id))
    var waitingOn: [TaskID: Int] = [:]
    for task in tasks where task.status.isOpen {
      for blocker in task.blockedBy { waitingOn[blocker, default: 0] += 1 }
    }
    self.waitingOn = waitingOn
    // At most one stuck task a day: the same one all day, a different one each day.
    let stuck = tasks.filter { $0.status == .active && $0.deferCount >= settings.stuckAfterDeferrals }.map(\.id)
      .sorted()
    stuckPick = stuck.isEmpty ? nil : stuck[((today.dayNumber % stuck.count) + stuck.count) % stuck.count]
  }

  /// The task as a candidate, or why it is hidden.
  func evaluate(_ stored: StrideTask) -> Result<Candidate, HiddenTask> {
    let task = stored.settled(at: context.instant)
    func hide(_ reason: String, _ detail: String) -> Result<Candidate, HiddenTask> {
      .failure(HiddenTask(task: task, hidden: Hidden(reason, detail)))
    }
    let time = HumanTime(now: context.instant, timeZone: context.timeZone)
    var kind: Suggestion.Kind?
    var resurfaced: DeferReason?
    switch task.status {
    case .completed:
      return hide("completed", "it is done")
    case .waiting:
      guard let followUp = task.followUp, followUp <= context.instant else {
        let what = task.waitingFor.map { " for \($0)" } ?? ""
        let until = task.followUp.map { "; Stride checks back \(time.describe($0))" } ?? ""
        return hide("waiting", "it is waiting\(what)\(until)")
      }
      kind = .checkOn
    case .deferred:
      guard let deferral = task.deferral else { return hide("deferred", "it is deferred until you resume it") }
      switch deferral.reason {
      case .unsure:
        break
      case .noEnergy where deferral.until == nil:
        guard energyIsBack(deferral) else {
          return hide(
            "low-energy",
            "it was put off for lack of energy and comes back when your energy is higher than "
              + "\((deferral.energy ?? .low).rawValue)")
        }
        resurfaced = .noEnergy
      default:
        let until = deferral.until.map { "until \(time.describe($0))" } ?? "until you resume it"
        return hide("deferred", "it is deferred as \(deferral.reason.rawValue) \(until)")
      }
    case .active:
      resurfaced = resurfacedReason(task)
    }
    let openBlockers = task.blockedBy.filter(open.contains)
    if !openBlockers.isEmpty {
      let list = openBlockers.map { "task \($0)" }.joined(separator: ", ")
      return hide("blocked", "it waits on \(list), which is not done yet")
    }
    if let start = task.start, start > context.instant {
      return hide("not-started", "it starts \(time.describe(start))")
    }
    if !context.tags.isEmpty, !task.tags.contains(where: context.tags.contains) {
      return hide("not-tagged", "it has none of the tags \(context.tags.joined(separator: ", "))")
    }
    let pressing = isPressing(task)
    if let energy = context.energy, task.energy.rank - energy.rank >= 2, !pressing {
      return hide("too-much-energy", "it needs \(task.energy.rawValue) energy and yours is \(energy.rawValue)")
    }
    if let window = wrongTimeWindow(task), !window.contains(context.instant), !pressing {
      return hide(
        "wrong-time", "you chose \(time.clock(window.lowerBound)) for it; it shows from then for a few hours each day")
    }
    if task.deferCount >= settings.stuckAfterDeferrals, kind == nil {
      guard stuckPick == task.id else {
        return hide("stuck", "it is stuck (deferred \(task.deferCount) times); one stuck task is offered a day")
      }
      kind = .stuck
    }
    // The filter takes the estimate as given; the score inflates it for the planning fallacy.
    if kind == nil, let minutes = context.minutes, let estimate = task.estimateMinutes, estimate > minutes {
      guard mattersEnough(task), minutes >= 15 else {
        return hide("too-long", "it takes about \(Minutes.format(estimate)), more than your \(Minutes.format(minutes))")
      }
      kind = .firstFifteen
    }
    let step = task.nextStep.map { Suggestion.Step(index: $0.index, title: $0.subtask.title) }
    if kind == nil, task.status == .deferred, task.deferral?.reason == .unsure, step == nil { kind = .breakdown }
    if kind == nil, notImportantTwice(task) { kind = .stuck }
    let finalKind = kind ?? (step == nil ? .task : .nextStep)
    let terms = Scoring(evaluator: self).terms(for: task, kind: finalKind, resurfaced: resurfaced)
    let score = terms.reduce(0) { $0 + $1.contribution }
    let quick =
      [.breakdown, .firstFifteen, .checkOn].contains(finalKind)
      || task.estimateMinutes.map { Double($0) * settings.planningFallacy <= settings.quickStartMinutes } ?? false
    let pinned =
      task.type == .obligation && task.due.map { calendar.day(of: $0) <= today } ?? false && finalKind != .stuck
    return .success(
      Candidate(
        task: task, kind: finalKind, step: step, prompt: prompt(finalKind, task), terms: terms, score: score,
        quick: quick, pinned: pinned))
  }

  /// Due within `pressingHours` (or overdue): shown whatever energy it needs or window it was deferred to.
  func isPressing(_ task: StrideTask) -> Bool {
    guard let due = task.due else { return false }
    return due.timeIntervalSince(context.instant) <= settings.pressingHours * 3600
  }

  /// An obligation, or due within `firstFifteenDueDays`: worth starting even without time to finish.
  func mattersEnough(_ task: StrideTask) -> Bool {
    if task.type == .obligation { return true }
    guard let due = task.due else { return false }
    return due.timeIntervalSince(context.instant) <= settings.firstFifteenDueDays * 86_400
  }

  /// A no-energy deferral without a time ends when the user's energy is higher than it was, or after the
  /// fallback period.
  func energyIsBack(_ deferral: Deferral) -> Bool {
    if let energy = context.energy, energy > (deferral.energy ?? .low) { return true }
    return context.instant.timeIntervalSince(deferral.at) >= settings.noEnergyFallbackHours * 3600
  }

  /// A task back from a no-energy or wrong-time deferral and not touched since is boosted, once.
  func resurfacedReason(_ task: StrideTask) -> DeferReason? {
    guard let last = task.deferrals.last, [.noEnergy, .wrongTime].contains(last.reason),
      let until = last.until, until <= context.instant, task.updatedAt <= last.at
    else { return nil }
    return last.reason
  }

  /// After a wrong-time deferral to a time of day (not midnight), the hours of each day the task is shown in:
  /// from that time of day for `wrongTimeWindowHours`. Nil when there is no such window.
  func wrongTimeWindow(_ task: StrideTask) -> Range<Date>? {
    guard task.status == .active, let last = task.deferrals.last, last.reason == .wrongTime, let until = last.until,
      until <= context.instant
    else { return nil }
    let clock = calendar.clock(of: until)
    guard clock != .startOfDay else { return nil }
    // The window on the day of the instant, or the one that began yesterday and runs past midnight.
    for offset in [0, -1] {
      let start = calendar.date(today.adding(days: offset), clock)
      let window = start..<start.addingTimeInterval(settings.wrongTimeWindowHours * 3600)
      if window.contains(context.instant) { return window }
    }
    let start = calendar.date(today, clock)
    return start..<start.addingTimeInterval(settings.wrongTimeWindowHours * 3600)
  }

  /// Put off as not important twice or more, and back: time to ask whether it should stay.
  func notImportantTwice(_ task: StrideTask) -> Bool {
    task.deferrals.count(where: { $0.reason == .notImportant }) >= 2
  }

  func prompt(_ kind: Suggestion.Kind, _ task: StrideTask) -> String? {
    switch kind {
    case .task, .nextStep: nil
    case .breakdown: "break it into steps"
    case .firstFifteen: "start the first 15 minutes"
    case .checkOn: "check on it"
    case .stuck: notImportantTwice(task) ? "someday, or drop it?" : "make it smaller?"
    }
  }
}

/// A task the filters hide, and why.
public struct HiddenTask: Error, Sendable, Equatable {
  public var task: StrideTask
  public var hidden: Hidden
}
