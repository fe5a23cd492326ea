import Foundation

/// A moment a task comes back by itself: its deferral ends, its follow-up is due, or its start time arrives.
public struct WakeUp: Codable, Equatable, Sendable {
  public enum Kind: String, Codable, Sendable {
    /// A deferral with an until-time ends: the task is active again.
    case deferral
    /// A waiting task's follow-up is due: it is offered as "check on it".
    case followUp = "follow-up"
    /// The time the task may start arrives: from now on it can be suggested.
    case start
    /// The day of a routine's next time begins while the last one is still not done: it moves on to that day's
    /// time, one task, and counts a miss.
    case routine
  }

  public var task: TaskID
  public var kind: Kind
  public var at: Date

  public init(task: TaskID, kind: Kind, at: Date) {
    self.task = task
    self.kind = kind
    self.at = at
  }

  enum CodingKeys: String, CodingKey { case task, kind, at }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    task = try container.decode(TaskID.self, forKey: .task)
    kind = try container.decode(Kind.self, forKey: .kind)
    at = try container.decode(Timestamp.self, forKey: .at).date
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(task, forKey: .task)
    try container.encode(kind, forKey: .kind)
    try container.encode(Timestamp(at), forKey: .at)
  }
}

extension StrideTask {
  /// The wake-ups still ahead of the task's last change. A wake-up is announced by a change (`task.wake`) made at
  /// or after its moment, so once announced it is behind `updatedAt` and never announced twice, not even after a
  /// restart. A time already past when it was set (a capture with a start of yesterday) is no wake-up either.
  public var wakeUps: [WakeUp] {
    var wakeUps: [WakeUp] = []
    if status == .deferred, let until = deferral?.until, until > updatedAt {
      wakeUps.append(WakeUp(task: id, kind: .deferral, at: until))
    }
    if status == .waiting, let followUp, followUp > updatedAt {
      wakeUps.append(WakeUp(task: id, kind: .followUp, at: followUp))
    }
    if status.isOpen, let start, start > updatedAt {
      wakeUps.append(WakeUp(task: id, kind: .start, at: start))
    }
    if status.isOpen, let recurrence, !recurrence.afterDone, let due {
      let calendar = Self.routineCalendar
      let following = recurrence.next(after: due, anchor: due, in: calendar)
      // At the start of that day: today's time is the one to do today, even before its clock time.
      let dayStarts = max(calendar.date(calendar.day(of: following), .startOfDay), due.addingTimeInterval(1))
      if dayStarts > updatedAt { wakeUps.append(WakeUp(task: id, kind: .routine, at: dayStarts)) }
    }
    return wakeUps
  }

  /// The zone routines move along in: the daemon's, the user's.
  static var routineCalendar: LocalCalendar { LocalCalendar(timeZone: .current) }

  /// The task once its wake-ups up to `moment` (the latest of those due) are announced: a finished deferral is
  /// settled into active, and the change is dated `moment`, which puts those wake-ups behind it. Dated by the
  /// wake-up's own moment, not the (maybe later) time it was announced, the task still counts as untouched since it
  /// came back, which is what the engine's `resurfaced` term asks.
  /// A routine moves along to the occurrence current at `now` in one step, however many it passed over.
  package func woken(at moment: Date, now: Date? = nil) -> StrideTask {
    var task = settled(at: moment)
    task.updatedAt = moment
    let calendar = Self.routineCalendar
    if let recurrence, let due,
      let current = recurrence.current(from: due, at: max(moment, now ?? moment), in: calendar)
    {
      task.moveOccurrence(to: current.due, at: moment)
      task.missed = missed + current.missed
    }
    return task
  }
}
