import Foundation
import StrideBase

/// A moment a task comes back, or comes up, by itself: its deferral ends, its follow-up is due, its start time
/// arrives, a routine moves on, or its due time arrives.
public struct WakeUp: Equatable, Sendable {
  public typealias Kind = WakeUpKind

  public var task: TaskID
  public var kind: Kind
  public var at: Date

  /// Whether wake-ups announced at `instant` came late: more than a minute after their time (they passed while
  /// strided was not running, or the machine slept).
  public static func late(_ wakeUps: [WakeUp], announcedAt instant: Date) -> Bool {
    wakeUps.contains { instant.timeIntervalSince($0.at) > 60 }
  }

  /// Whether only due times arrived: nothing came back (the task never went away), it "came due".
  public static func onlyDue(_ wakeUps: [WakeUp]) -> Bool { WakeUpKind.onlyDue(wakeUps.map(\.kind)) }

  public init(task: TaskID, kind: Kind, at: Date) {
    self.task = task
    self.kind = kind
    self.at = at
  }

}

/// When a `no-energy` deferral without a time ends on its own, if the energy never rises: at the start of the day on
/// which `noEnergyFallbackHours` run out (`Deferral.fallbackEnd`). The wake-ups ask it of every deferred task, so such
/// a task is stored as active again then, and `show` and `list` say so.
public struct EnergyFallback: Sendable {
  public var calendar: LocalCalendar
  public var settings: EngineSettings

  public init(calendar: LocalCalendar, settings: EngineSettings) {
    self.calendar = calendar
    self.settings = settings
  }

  /// When the task's no-energy pause ends on its own, if it is under one. Once woken it is active, so this is
  /// asked of it no more (a change after the end, made before the daemon woke it, does not keep it deferred).
  func end(of task: borrowing StrideTask) -> Date? {
    guard task.status == .deferred, let deferral = task.deferral, deferral.endsWithEnergy else { return nil }
    return deferral.fallbackEnd(needing: task.energy, calendar, settings)
  }
}

extension [StrideTask] {
  /// Every task's `wakeUps(by: instant)`, and the earliest wake-up after `instant`; with `fallback`, also the end of
  /// each no-energy pause without a time. Each task is looked at in place, and a list is made only for a task with
  /// something due: the wake timer asks this of every open task.
  public func wakeUps(by instant: Date, fallback: EnergyFallback? = nil) -> (due: [WakeUp], next: WakeUp?) {
    var due: [WakeUp] = []
    var next: WakeUp?
    withUnsafeBufferPointer { tasks in
      for index in tasks.indices {
        let id = tasks[index].id
        var come: [WakeUp] = []
        func consider(_ kind: WakeUpKind, _ moment: Date) {
          if moment <= instant {
            come.append(WakeUp(task: id, kind: kind, at: moment))
          } else if next.map({ moment < $0.at }) ?? true {
            next = WakeUp(task: id, kind: kind, at: moment)
          }
        }
        tasks[index].eachWakeUp(consider)
        if let end = fallback?.end(of: tasks[index]) { consider(.deferral, end) }
        if !come.isEmpty { due += StrideTask.announced(come) }
      }
    }
    return (due, next)
  }

  /// The first moment after `instant` at which one of these tasks' standing may change by the clock alone: a due
  /// time passes, or a wake-up comes (a deferral ends, a follow-up or start time arrives, a routine moves on).
  /// Each task is looked at in place and no list of its wake-ups is made: this runs over every open task after
  /// every change.
  public func nextMoment(after instant: Date) -> Date? {
    var next: Date?
    func consider(_ moment: Date) {
      if moment > instant, next.map({ moment < $0 }) ?? true { next = moment }
    }
    withUnsafeBufferPointer { tasks in
      for index in tasks.indices {
        if let due = tasks[index].due { consider(due) }
        tasks[index].eachWakeUp { _, moment in consider(moment) }
      }
    }
    return next
  }
}

extension StrideTask {
  /// The wake-ups that come by `instant`, as announced together then. A routine that moves on says so; the due time
  /// it moved past is no news of its own.
  public func wakeUps(by instant: Date) -> [WakeUp] {
    Self.announced(wakeUps.filter { $0.at <= instant })
  }

  /// Of a task's wake-ups that have come, those announced: all of them, but a due time when its routine moves on.
  static func announced(_ due: [WakeUp]) -> [WakeUp] {
    due.contains { $0.kind == .routine } ? due.filter { $0.kind != .due } : due
  }

  /// The wake-ups still ahead of the task's last change. A wake-up is announced by a change (`task.wake`) made at
  /// or after its moment, so once announced it is behind `updatedAt` and never announced twice, not even after a
  /// restart. A time already past when it was set (a capture with a start or a due time of yesterday) is no wake-up
  /// either.
  public var wakeUps: [WakeUp] {
    var wakeUps: [WakeUp] = []
    eachWakeUp { kind, moment in wakeUps.append(WakeUp(task: id, kind: kind, at: moment)) }
    return wakeUps
  }

  /// Each of `wakeUps`, in that order, without making the list.
  package func eachWakeUp(_ body: (WakeUpKind, Date) -> Void) {
    // Most open tasks have no time of their own: nothing to look at.
    guard due != nil || start != nil || status == .deferred || status == .waiting else { return }
    if status == .deferred, let until = deferral?.until, until > updatedAt { body(.deferral, until) }
    if status == .waiting, let followUp, followUp > updatedAt { body(.followUp, followUp) }
    if status.isOpen, let start, start > updatedAt { body(.start, start) }
    if status.isOpen, let due, due > updatedAt { body(.due, due) }
    if status.isOpen, let recurrence, !recurrence.afterDone, let due {
      let calendar = Self.routineCalendar
      let following = recurrence.next(after: due, anchor: due, in: calendar)
      // At the start of that day: today's time is the one to do today, even before its clock time. An hourly
      // one's time comes at that time.
      let dayStarts =
        recurrence.frequency == .hourly
        ? following : max(calendar.date(calendar.day(of: following), .startOfDay), due.addingTimeInterval(1))
      if dayStarts > updatedAt { body(.routine, dayStarts) }
    }
  }

  /// The zone routines move along in: the daemon's, the user's.
  static var routineCalendar: LocalCalendar { LocalCalendar(timeZone: .current) }

  /// The task once its wake-ups up to `moment` (the latest of those due) are announced: a finished deferral is
  /// settled into active, and the change is dated `moment`, which puts those wake-ups behind it. Dated by the
  /// wake-up's own moment, not the (maybe later) time it was announced, the task still counts as untouched since it
  /// came back, which is what the engine's `resurfaced` term asks.
  /// A routine moves along to the occurrence current at `now` in one step, however many it passed over; when that
  /// occurrence's due time has passed too, the move says it, so it is not announced again on its own.
  package func woken(at moment: Date, now: Date? = nil, fallback: EnergyFallback? = nil) -> StrideTask {
    var task = settled(at: moment)
    if let end = fallback?.end(of: self), end <= moment {
      task.status = .active
      task.deferral = nil
    }
    task.updatedAt = moment
    let calendar = Self.routineCalendar
    if let recurrence, let due,
      let current = recurrence.current(from: due, at: max(moment, now ?? moment), in: calendar)
    {
      task.moveOccurrence(to: current.due, at: moment)
      task.recurrence = recurrence.passing(current.missed)
      task.missed = missed + current.missed
      task.updatedAt = max(moment, min(now ?? moment, current.due))
    }
    return task
  }
}

extension WakeUp {
  /// What wake-ups that came together mean for their task, as one clause: "its deferral ended and it is due now".
  public static func reasons(_ wakeUps: [WakeUp]) -> String { WakeUpKind.reasons(wakeUps.map(\.kind)) }
}
