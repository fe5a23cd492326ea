import Foundation
import StrideBase

/// A task that passed every filter, with the way it is offered and its score.
public struct Candidate: Sendable, Equatable {
  public var task: StrideTask
  public var kind: Suggestion.Kind
  public var step: Suggestion.Step?
  public var prompt: String?
  public var terms: [TermScore]
  public var score: Double
  /// A way in: something the user can start in their current energy and time (a short task, a next step, a
  /// breakdown, a first 15 minutes, a check). At least one is among the suggestions whenever one exists.
  public var wayIn: Bool
  /// Asked for at this moment, so always shown within the variety limits: an obligation due by the end of today, a
  /// follow-up that has come, a task back within the last day at the time the user chose.
  public var requested: Bool
}

/// What the filters decided about one task: hidden, or a candidate with its kind (nil: the task itself or its
/// next step) and the deferral it came back from.
enum Verdict {
  case hidden(HiddenCode)
  case candidate(Suggestion.Kind?, resurfaced: DeferReason?)
}

/// The filters and the candidates: which tasks can be offered now, how, and which are hidden and why.
///
/// Built for speed: a pass over the tasks for what the filters need to know of all of them, then one through the
/// filters, with one counted copy of each task and no text until a task is chosen or explained. A class: the scan asks
/// it a dozen questions of every task, and a struct of this size was copied onto the stack for each of them.
final class Evaluator: Sendable {
  let context: NowContext
  let settings: EngineSettings
  let calendar: LocalCalendar
  let today: CivilDate
  let endOfToday: Date
  /// How many open tasks wait on each task that some task waits on.
  let waitingOn: IDCounts
  /// Tasks that others wait on and that are open (each counted once): only these can block.
  let openBlockers: IDCounts
  /// When today began: a task's sightings before it are what count today.
  let startOfToday: Date
  /// The same, in the minutes the sightings are kept in: worked out once, not for every task.
  let startOfTodayMinute: Int32
  /// The calendar gave the minutes available.
  let minutesFromCalendar: Bool
  /// What the person's past taught of their estimates, when the setting lets it count (`calibration(for:)`).
  let calibrating: EstimateCalibration?
  /// The question named tags or a list (`NowContext.hides`): without, nothing is asked of each task for them.
  let asksFilter: Bool
  /// Open one-off tasks whose due time has passed (in the list asked about, when one is): a pile of them gets one
  /// calm line above the list.
  let overdue: Int

  init(tasks: [StrideTask], context: NowContext, settings: EngineSettings) {
    self.context = context
    self.settings = settings
    let calendar = LocalCalendar(timeZone: context.timeZone)
    let today = calendar.day(of: context.instant)
    self.calendar = calendar
    self.today = today
    endOfToday = calendar.date(today, .endOfDay)
    // One pass over the tasks (in parts side by side, for a long list); the open ones' ids are kept, so which of
    // them others wait on is found without reading the tasks again.
    let (instant, list) = (context.instant, context.list)
    let parts = SideBySide.parts(of: tasks.count) { range in
      // Built inside the closure and returned: captured `var`s would be checked on every change.
      tasks.withUnsafeBufferPointer {
        buffer -> (largest: Int64, open: [TaskID], blockers: [TaskID], overdue: Int) in
        var (largest, open, blockers, overdue) = (Int64(0), [TaskID](), [TaskID](), 0)
        open.reserveCapacity(range.count)
        for index in range {
          largest = max(largest, buffer[index].id.rawValue)
          guard buffer[index].status.isOpen else { continue }
          open.append(buffer[index].id)
          // A routine comes round again: a missed one is no part of a pile; nor is a task in a list not asked about.
          let inList = list.map { buffer[index].list == $0 } ?? true
          if let due = buffer[index].due, due <= instant, !buffer[index].repeats, inList { overdue += 1 }
          if !buffer[index].blockedBy.isEmpty { blockers += buffer[index].blockedBy }
        }
        return (largest, open, blockers, overdue)
      }
    }
    let largest = parts.map(\.largest).max() ?? 0
    var waitingOn = IDCounts(largest: largest, count: tasks.count)
    for part in parts {
      for blocker in part.blockers { waitingOn.add(blocker) }
    }
    // Looked up by id in an array when the ids are dense, as the counts are: hashing each open id cost more.
    var openBlockers = IDCounts(largest: waitingOn.isEmpty ? 0 : largest, count: tasks.count)
    if !waitingOn.isEmpty {
      for part in parts {
        for id in part.open where waitingOn[id] > 0 && openBlockers[id] == 0 { openBlockers.add(id) }
      }
    }
    self.waitingOn = waitingOn
    self.openBlockers = openBlockers
    overdue = parts.reduce(0) { $0 + $1.overdue }
    startOfToday = calendar.date(today, .startOfDay)
    startOfTodayMinute = Sightings.minutes(startOfToday)
    minutesFromCalendar = context.calendar != nil
    asksFilter = !context.tags.isEmpty || context.list != nil
    calibrating = settings.calibrateEstimates ? context.calibration : nil
  }

  /// Whether `id` is an open task that others wait on.
  func isOpenBlocker(_ id: TaskID) -> Bool { openBlockers[id] > 0 }

  /// The status as it stands now: a deferral whose until-time has passed counts as active.
  func status(_ task: borrowing StrideTask) -> TaskStatus {
    if task.status == .deferred, let until = task.deferral?.until, until <= context.instant { return .active }
    return task.status
  }

  /// The filters, in order.
  func check(_ task: borrowing StrideTask) -> Verdict {
    var kind: Suggestion.Kind?
    var resurfaced: DeferReason?
    let status = status(task)
    switch status {
    case .completed:
      return .hidden(.completed)
    case .waiting:
      guard let followUp = task.followUp, followUp <= context.instant else { return .hidden(.waiting) }
      kind = .checkOn
    case .deferred:
      guard let deferral = task.deferral else { return .hidden(.deferred) }
      switch deferral.reason.whileDeferred {
      case .offeredAtOnce:
        break
      case .backWithEnergy where deferral.until == nil:
        guard energyIsBack(deferral, needing: task.energy) else { return .hidden(.lowEnergy) }
        resurfaced = resurfacedReason(task)
      case .backWithEnergy, .hidden, .waits:
        return .hidden(.deferred)
      }
    case .active:
      resurfaced = resurfacedReason(task)
    }
    if !task.blockedBy.isEmpty, task.blockedBy.contains(where: isOpenBlocker) { return .hidden(.blocked) }
    if let start = task.start, start > context.instant { return .hidden(.notStarted) }
    if let comes = routineComes(task), comes > context.instant, !task.pinned { return .hidden(.routineLater) }
    if asksFilter, let asked = context.hides(task) { return .hidden(asked) }
    // A pin keeps a task past the filters of the moment; a state the user chose still hides it, and says so.
    let pinned = task.pinned
    if isOverreach(task), !isPressing(task), !pinned { return .hidden(.tooMuchEnergy) }
    if task.deferrals.last?.reason.keepsDailyWindow == true, let window = wrongTimeWindow(task, status: status),
      !window.contains(context.instant), !isPressing(task), !pinned
    {
      return .hidden(.wrongTime)
    }
    // Stuck: "make it smaller?", or its next step once it is in steps; one at a time in turn (`inStuckRota`), but
    // one back today at the time the person chose is not held back, and an unsure one is offered at once.
    if kind == nil, task.deferrals.count >= settings.stuckAfterDeferrals, !askedAtOnce(task, status: status),
      !task.subtasks.contains(where: { !$0.done })
    {
      return .candidate(.stuck, resurfaced: resurfaced)
    }
    // The filter takes the estimate as given, or as the person's own past calibrates it; the score inflates it.
    if kind == nil, let minutes = context.minutes, let estimate = task.estimateMinutes,
      expectedMinutes(task, estimate) > minutes
    {
      if (mattersEnough(task) || pinned), minutes >= 15 {
        kind = .firstFifteen
      } else if !staysThoughTooLong(task) {
        return .hidden(.tooLong)
      }
    }
    if kind == nil, status == .deferred, task.deferral?.reason.whileDeferred == .offeredAtOnce,
      !task.subtasks.contains(where: { !$0.done })
    {
      kind = .breakdown
    }
    return .candidate(kind ?? lastKind(task), resurfaced: resurfaced)
  }

  /// The way a candidate no filter decided on is offered: pressing but far beyond the user's energy, a start, not the
  /// whole task; put off as not important twice, a question; else the task or its next step (nil).
  private func lastKind(_ task: borrowing StrideTask) -> Suggestion.Kind? {
    if isOverreach(task), !task.subtasks.contains(where: { !$0.done }), (task.estimateMinutes ?? Int.max) > 15 {
      return .firstFifteen
    }
    return notImportantTwice(task) ? .stuck : nil
  }

  /// The kind a candidate is offered as, once the filters have spoken.
  func kind(_ verdictKind: Suggestion.Kind?, _ task: borrowing StrideTask) -> Suggestion.Kind {
    verdictKind ?? (task.subtasks.contains(where: { !$0.done }) ? .nextStep : .task)
  }

  /// Needs two or more levels more energy than the user has: hidden, unless pressing.
  func isOverreach(_ task: borrowing StrideTask) -> Bool {
    guard let energy = context.energy else { return false }
    return task.energy.rank - energy.rank >= 2
  }

  /// Needs no more energy than the user has (any task, while the energy is unknown).
  func energyFits(_ task: borrowing StrideTask) -> Bool {
    guard let energy = context.energy else { return true }
    return task.energy <= energy
  }

  /// A way in: a check on something waited for, or, within the user's energy, a breakdown, a next step, a first
  /// 15 minutes or a task short enough to start right away. (The filters have already left out what does not fit
  /// the minutes available.)
  func isWayIn(_ task: borrowing StrideTask, _ kind: Suggestion.Kind) -> Bool {
    if kind == .checkOn { return true }
    guard energyFits(task) else { return false }
    switch kind {
    case .breakdown, .firstFifteen, .nextStep: return true
    case .stuck, .checkOn: return false
    case .task:
      guard let estimate = task.estimateMinutes else { return false }
      return inflatedMinutes(task, estimate) <= settings.quickStartMinutes
    }
  }

  /// When a routine enters now: around its time, not weeks ahead — on its day for a daily rule or one of several
  /// days a week, the day before for a weekly one, three days before for a monthly one, a week before for a yearly
  /// one; an hourly one at the start of its step. Nil for a task that does not repeat (or has no due).
  func routineComes(_ task: borrowing StrideTask) -> Date? {
    guard let due = task.due, task.repeats, let rule = task.recurrence else { return nil }
    if rule.frequency == .hourly { return due.addingTimeInterval(-rule.hourStep) }
    let lead =
      switch rule.frequency {
      case .hourly, .daily: 0
      case .weekly: rule.weekdays.count > 1 && rule.interval == 1 ? 0 : 1
      case .monthly: 3
      case .yearly: 7
      }
    return calendar.date(calendar.day(of: due).adding(days: -lead), .startOfDay)
  }

  /// A warm-up for low energy: within the user's energy and no longer than `warmUpMinutes` as estimated.
  func isWarmUp(_ task: borrowing StrideTask) -> Bool {
    guard energyFits(task), let estimate = task.estimateMinutes else { return false }
    return Double(estimate) <= settings.warmUpMinutes
  }

  /// What is asked for at this moment, in the order it is taken (within the variety limits), before any other
  /// candidate whatever it scores.
  enum Ask: Int, Comparable {
    /// An obligation due within `dueSoonHours`.
    case dueWithinHours
    /// What the person asked for themselves: a follow-up that has come ("check on it"), a task deferred as unsure
    /// within the last day (`defer` promised it "at once"), a task back within the last day at the time they chose.
    case byThePerson
    /// An obligation due by the end of today or within `pressingHours`.
    case dueWithinDay
    /// A stuck task, in the rota: the first of these that fits is taken, and the others wait for their turn.
    case stuckTurn

    static func < (a: Ask, b: Ask) -> Bool { a.rawValue < b.rawValue }
  }

  /// What the task is asked for as, if it is.
  func ask(_ task: borrowing StrideTask, _ kind: Suggestion.Kind, resurfaced: DeferReason?, rota: Bool) -> Ask? {
    if isDueWithinHours(task) { return .dueWithinHours }
    if kind == .checkOn || resurfaced != nil || askedAtOnce(task, status: status(task)) { return .byThePerson }
    if isDueSoon(task) { return .dueWithinDay }
    return rota ? .stuckTurn : nil
  }

  /// The full candidate, with its terms and prompt: for the few that are shown or explained.
  func candidate(_ task: StrideTask, kind verdictKind: Suggestion.Kind?, resurfaced: DeferReason?) -> Candidate {
    let settled = task.settled(at: context.instant)
    let kind = kind(verdictKind, settled)
    let terms = Scoring(evaluator: self).terms(for: settled, kind: kind, resurfaced: resurfaced)
    return Candidate(
      task: settled, kind: kind,
      step: settled.nextStep.map { Suggestion.Step(index: $0.index, title: $0.subtask.title) },
      prompt: prompt(kind, settled), terms: terms, score: terms.reduce(0) { $0 + $1.contribution },
      wayIn: isWayIn(settled, kind),
      requested: ask(settled, kind, resurfaced: resurfaced, rota: inStuckRota(settled, kind, resurfaced: resurfaced))
        != nil)
  }

  /// Due within `pressingHours` (or overdue): shown whatever energy it needs or window it was deferred to.
  /// An obligation due within hours stays, as itself, when the calendar set the time, not the person: the next
  /// question may come only after the event, past its due time.
  func staysThoughTooLong(_ task: borrowing StrideTask) -> Bool {
    minutesFromCalendar && isDueWithinHours(task)
  }

  func isPressing(_ task: borrowing StrideTask) -> Bool {
    guard let due = task.due else { return false }
    return due.timeIntervalSince(context.instant) <= Seconds.hours(settings.pressingHours)
  }

  /// An obligation, or due within `firstFifteenDueDays`: worth starting even without time to finish.
  func mattersEnough(_ task: borrowing StrideTask) -> Bool {
    if task.type == .obligation { return true }
    guard let due = task.due else { return false }
    return due.timeIntervalSince(context.instant) <= Seconds.days(settings.firstFifteenDueDays)
  }

  /// A no-energy deferral without a time ends when the user's energy is higher than it was (one they set, not one
  /// learned), or after the fallback period (learned, or fixed).
  func energyIsBack(_ deferral: Deferral, needing needed: EnergyLevel) -> Bool {
    if !context.energyIsLearned, let energy = context.energy, energy > (deferral.energy ?? .low) { return true }
    return context.instant >= deferral.fallbackEnd(needing: needed, calendar, settings)
  }

  /// A task back from a no-energy or wrong-time deferral and not touched since is boosted, once. The daemon's
  /// wake-ups, dated by the until-time itself or by the due time that came after it, are not touches.
  func resurfacedReason(_ task: borrowing StrideTask) -> DeferReason? {
    // Back within the last day: weeks later, "back at the time you chose" would no longer be true of the moment.
    guard let last = task.deferrals.last, last.reason.resurfaces, let back = backAt(task),
      context.instant.timeIntervalSince(back) < Seconds.hours(settings.pressingHours),
      task.updatedAt <= last.at || task.updatedAt == back || (task.updatedAt == task.due && back < task.updatedAt)
    else { return nil }
    return last.reason
  }

  /// After a wrong-time deferral to a time of day (not midnight, nor the small hours), the hours of each day the task
  /// is shown in:
  /// from that time of day for `wrongTimeWindowHours`. Nil when there is no such window.
  func wrongTimeWindow(_ task: borrowing StrideTask, status: TaskStatus) -> Range<Date>? {
    guard status == .active, let last = task.deferrals.last, last.reason.keepsDailyWindow, let until = last.until,
      until <= context.instant
    else { return nil }
    let clock = calendar.clock(of: until)
    guard DeferReason.dailyWindow(startsAt: clock) else { return nil }
    // The window on the day of the instant, or the one that began yesterday and runs past midnight.
    let length = Seconds.hours(settings.wrongTimeWindowHours)
    for offset in [0, -1] {
      let start = calendar.date(today.adding(days: offset), clock)
      if (start..<start.addingTimeInterval(length)).contains(context.instant) {
        return start..<start.addingTimeInterval(length)
      }
    }
    let start = calendar.date(today, clock)
    return start..<start.addingTimeInterval(length)
  }

  /// Put off as not important twice or more: time to ask whether it should stay.
  func notImportantTwice(_ task: borrowing StrideTask) -> Bool {
    task.deferrals.count(where: \.reason.lowersValue) >= 2
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
