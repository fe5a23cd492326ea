import StrideBase

/// `history.log`: the changes, newest first, in words; optionally of one task, within a period, a page at a time.
public enum HistoryLog: WireMethod {
  public static let method = Method.historyLog

  public struct Params: Codable, Sendable, Equatable {
    /// Only changes that touched this task.
    public var id: TaskID?
    /// Only changes at or after this time.
    public var since: Timestamp?
    /// Only changes before this time.
    public var until: Timestamp?
    /// At most this many (1 to 1,000; 50 when absent).
    public var limit: Int?
    /// Only changes older than this one (a `seq` from an earlier page): the next page.
    public var before: Int64?
    /// In parts (`"parts": true`): how many changes in all, `limit` at most in each part; every change that matches
    /// when absent. Without parts it is not read.
    public var total: Int?

    public init(
      id: TaskID? = nil, since: Timestamp? = nil, until: Timestamp? = nil, limit: Int? = nil, before: Int64? = nil,
      total: Int? = nil
    ) {
      self.id = id
      self.since = since
      self.until = until
      self.limit = limit
      self.before = before
      self.total = total
    }
  }

  public struct Entry: Codable, Sendable, Equatable {
    /// The change's place in the history: larger is later.
    public var seq: Int64
    public var at: Timestamp
    public var action: ChangeAction
    /// The task the change was about, when it was about one.
    public var id: TaskID?
    /// What happened, in words ("finished step 2 of task 12, "call the bank"").
    public var words: String
    /// Taken back since by `history.undo`.
    public var undone: Bool
    /// Made by a sync pass (received from another device), not here.
    public var fromSync: Bool
    /// `at` in words, and the day and clock a log is laid out by, for a connection that asked (`SaysTimes`).
    public var said: Said?

    public init(
      seq: Int64, at: Timestamp, action: ChangeAction, id: TaskID?, words: String, undone: Bool, fromSync: Bool
    ) {
      self.seq = seq
      self.at = at
      self.action = action
      self.id = id
      self.words = words
      self.undone = undone
      self.fromSync = fromSync
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var entries: [Entry]
    /// Whether older changes match too (ask again with `before` set to the last entry's `seq`).
    public var more: Bool
    public init(entries: [Entry], more: Bool) {
      self.entries = entries
      self.more = more
    }
  }
}

/// `history.review`: a look back over a period, worked out from the history and the tasks: what got done each day,
/// what keeps slipping and why, routines kept and missed, what became overdue, what was captured and never touched,
/// and when things get done.
public enum HistoryReview: WireMethod {
  public static let method = Method.historyReview

  public struct Params: Codable, Sendable, Equatable {
    /// The start of the period; or, absent, `days`.
    public var since: Timestamp?
    /// The last this many days, today included, counted in `timeZone` (1 to 366).
    public var days: Int?
    /// Its end; now when absent.
    public var until: Timestamp?
    /// The zone days and hours are counted in (an IANA name); the daemon's when absent.
    public var timeZone: String?
    /// At most this many tasks in `becameOverdue` and in `untouched` each, the most recent; every one when absent.
    public var named: Int?

    public init(
      since: Timestamp? = nil, days: Int? = nil, until: Timestamp? = nil, timeZone: String? = nil, named: Int? = nil
    ) {
      self.since = since
      self.days = days
      self.until = until
      self.timeZone = timeZone
      self.named = named
    }
  }

  /// One day of the period: how many tasks were finished, and their estimated minutes.
  public struct Day: Codable, Sendable, Equatable {
    /// The local date, `YYYY-MM-DD`.
    public var date: String
    public var done: Int
    public var minutes: Int
    /// The minutes spent in focus sessions started that day; absent when none.
    public var focusMinutes: Int?
    /// The day in words, in full (`date`) and short (`dateShort`), for a connection that asked (`SaysTimes`).
    public var said: Said?
    public init(date: String, done: Int, minutes: Int, focusMinutes: Int? = nil) {
      self.date = date
      self.done = done
      self.minutes = minutes
      self.focusMinutes = focusMinutes
    }
  }

  /// A task put off twice or more in the period.
  public struct Slipping: Codable, Sendable, Equatable {
    public var id: TaskID
    public var title: String
    /// How often it was put off in the period, and for what.
    public var deferrals: Int
    public var reasons: [ReasonCount]
    /// "put off 4 times: twice for no energy, twice for the wrong time".
    public var words: String
    /// One gentle next step that follows from the reasons.
    public var suggestion: String
    public init(
      id: TaskID, title: String, deferrals: Int, reasons: [ReasonCount], words: String, suggestion: String
    ) {
      self.id = id
      self.title = title
      self.deferrals = deferrals
      self.reasons = reasons
      self.words = words
      self.suggestion = suggestion
    }
  }

  public struct ReasonCount: Codable, Sendable, Equatable {
    public var reason: DeferReason
    public var count: Int
    public init(
      reason: DeferReason, count: Int
    ) {
      self.reason = reason
      self.count = count
    }
  }

  /// A routine in the period: occurrences done, skipped, and passed over.
  public struct Routine: Codable, Sendable, Equatable {
    public var id: TaskID
    public var title: String
    /// How it repeats, in words.
    public var repeats: String
    public var kept: Int
    public var skipped: Int
    /// Occurrences passed over undone: the next one came while it was still open.
    public var missed: Int
    /// When the occurrence still open fell due, when that time has passed (it is overdue, not yet passed over).
    public var openSince: Timestamp?
    /// `openSince` in words, for a connection that asked for them (`SaysTimes`).
    public var said: MomentSaid?
    public init(
      id: TaskID, title: String, repeats: String, kept: Int, skipped: Int, missed: Int, openSince: Timestamp? = nil
    ) {
      self.id = id
      self.title = title
      self.repeats = repeats
      self.kept = kept
      self.skipped = skipped
      self.missed = missed
      self.openSince = openSince
    }
  }

  /// A task named in a list of the review (overdue, untouched), with the time that put it there.
  public struct Named: Codable, Sendable, Equatable {
    public var id: TaskID
    public var title: String
    /// When it fell due (overdue) or was captured (untouched).
    public var at: Timestamp
    /// Finished since (late), for an overdue one.
    public var done: Bool
    /// `at` in words, for a connection that asked for them (`SaysTimes`).
    public var said: MomentSaid?
    public init(
      id: TaskID, title: String, at: Timestamp, done: Bool
    ) {
      self.id = id
      self.title = title
      self.at = at
      self.done = done
    }
  }

  /// What the person's finished tasks say of their estimates (time spent in focus sessions ÷ estimate), whatever
  /// the period: present once a finished task has both.
  public struct Estimates: Codable, Sendable, Equatable {
    /// Finished tasks counted: with an estimate and time spent, the most recent 200 at most.
    public var tasks: Int
    /// How many it takes before anything is learned.
    public var needed: Int
    /// Time spent ÷ estimate over them all, to a tenth; absent while there are fewer than `needed`.
    public var factor: Double?
    /// The tags with enough tasks of their own, most tasks first.
    public var tags: [TagFactor]
    /// Whether `now` uses it (`engine.calibrateEstimates`).
    public var used: Bool
    public init(tasks: Int, needed: Int, factor: Double?, tags: [TagFactor], used: Bool) {
      self.tasks = tasks
      self.needed = needed
      self.factor = factor
      self.tags = tags
      self.used = used
    }
  }

  /// When the person usually has energy over the day, learned from all they finished, whatever the period: present
  /// once a task has been finished.
  public struct EnergyDay: Codable, Sendable, Equatable {
    /// Finishes counted (the most recent 400 at most).
    public var finishes: Int
    /// How many it takes before anything is learned.
    public var needed: Int
    /// The usual level at each hour (24, from 00:00), every day; null at an hour with too few finishes around it,
    /// all null while there are fewer than `needed`.
    public var hours: [EnergyLevel?]
    /// Weekdays and weekends apart, once each has enough; absent until then.
    public var weekdays: [EnergyLevel?]?
    public var weekends: [EnergyLevel?]?
    /// Whether `now` uses it (`engine.learnEnergy`).
    public var used: Bool
    public init(
      finishes: Int, needed: Int, hours: [EnergyLevel?], weekdays: [EnergyLevel?]?, weekends: [EnergyLevel?]?,
      used: Bool
    ) {
      self.finishes = finishes
      self.needed = needed
      self.hours = hours
      self.weekdays = weekdays
      self.weekends = weekends
      self.used = used
    }
  }

  /// A task finished in the period that took far longer, or far shorter, than its estimate.
  public struct OffEstimate: Codable, Sendable, Equatable {
    public var id: TaskID
    public var title: String
    public var estimateMinutes: Int
    /// The time spent on it in focus sessions, in minutes.
    public var spentMinutes: Int
    public init(id: TaskID, title: String, estimateMinutes: Int, spentMinutes: Int) {
      self.id = id
      self.title = title
      self.estimateMinutes = estimateMinutes
      self.spentMinutes = spentMinutes
    }
  }

  /// A tag's own factor, to a tenth, and how many finished tasks it rests on.
  public struct TagFactor: Codable, Sendable, Equatable {
    public var tag: String
    public var factor: Double
    public var tasks: Int
    public init(tag: String, factor: Double, tasks: Int) {
      self.tag = tag
      self.factor = factor
      self.tasks = tasks
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var since: Timestamp
    public var until: Timestamp
    public var timeZone: String
    /// Every day of the period, days with nothing included.
    public var days: [Day]
    /// Tasks finished (an occurrence of a routine counts once each time).
    public var done: Int
    /// Steps finished (of tasks finished or not).
    public var stepsDone: Int
    /// The estimated minutes of the tasks finished, and how many had no estimate.
    public var estimatedMinutes: Int
    public var withoutEstimate: Int
    /// Tasks captured in the period.
    public var captured: Int
    /// Finished tasks by the hour of the day they were finished (24 counts, from 00:00).
    public var byHour: [Int]
    /// Finished tasks by the energy they needed.
    public var byEnergy: [String: Int]
    public var slipping: [Slipping]
    public var routines: [Routine]
    public var becameOverdue: [Named]
    /// Captured in the period, still open, and not changed since.
    public var untouched: [Named]
    /// How many tasks became overdue, and how many are untouched, in all: present when the request asked for at most
    /// `named` of each.
    public var becameOverdueCount: Int?
    public var untouchedCount: Int?
    /// What the finished tasks say of the estimates, whatever the period; absent before any has time spent.
    public var estimates: Estimates?
    /// When the person usually has energy over the day, whatever the period; absent before any task is finished.
    public var energy: EnergyDay?
    /// Tasks finished in the period whose time spent was at least twice their estimate, or at most half of it (and
    /// ten minutes or more away from it), furthest first; absent when none.
    public var offEstimate: [OffEstimate]?
    /// The period's ends in words (`since` as a day, `until` as a moment), for a connection that asked
    /// (`SaysTimes`).
    public var said: Said?

    public init(
      since: Timestamp, until: Timestamp, timeZone: String, days: [Day], done: Int, stepsDone: Int,
      estimatedMinutes: Int, withoutEstimate: Int, captured: Int, byHour: [Int], byEnergy: [String: Int],
      slipping: [Slipping], routines: [Routine], becameOverdue: [Named], untouched: [Named]
    ) {
      self.since = since
      self.until = until
      self.timeZone = timeZone
      self.days = days
      self.done = done
      self.stepsDone = stepsDone
      self.estimatedMinutes = estimatedMinutes
      self.withoutEstimate = withoutEstimate
      self.captured = captured
      self.byHour = byHour
      self.byEnergy = byEnergy
      self.slipping = slipping
      self.routines = routines
      self.becameOverdue = becameOverdue
      self.untouched = untouched
    }
  }
}
