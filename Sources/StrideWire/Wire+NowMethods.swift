import StrideBase

/// What a subscriber can hear about. The notification's method is the topic's name.
public enum EventTopic: String, WireEnum, Sendable, Comparable {
  /// A task came back, or came up, by itself: its deferral ended, its follow-up is due, its start or due time
  /// arrived, or a routine moved on.
  case taskWoke = "task.woke"
  /// A task was captured, edited, deferred, deleted, undone… any change except a completion.
  case taskChanged = "task.changed"
  /// A task was completed (reported only here, not also as `task.changed`).
  case taskCompleted = "task.completed"
  /// The now-list (its tasks, their order or what each asks) is different from the last one announced.
  case nowChanged = "now.changed"
  /// A sync pass ended: what moved, or why it failed.
  case syncFinished = "sync.finished"
  /// A focus session started, was paused or went on, was given more time, or ended (`focus`: it as it stands).
  case focusChanged = "focus.changed"
  /// The running session's timebox ran out (`focus`, and `message`, the calm question to put to the person).
  case focusTimeUp = "focus.timeUp"

  public static func < (lhs: EventTopic, rhs: EventTopic) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The now-list, why a task is (not) in it, undo and events, as a client calls them.
extension Wire {
  public enum NowList: WireMethod {
    public static let method = Method.nowList

    public struct Params: Codable, Sendable, Equatable {
      /// A what-if instant; the daemon's clock when absent.
      public var at: Timestamp?
      /// The user's energy for this question; the stored context when absent.
      public var energy: EnergyLevel?
      /// The minutes the user has; no limit when absent.
      public var minutes: Int?
      /// How many suggestions, 1 to 5 (default 5).
      public var limit: Int?
      /// Only tasks with one of these tags.
      public var tags: [String]?
      /// Only tasks in this list (the ranking still weighs every list: what waits on a task elsewhere counts).
      public var list: String?
      /// Also list every hidden task with why.
      public var all: Bool?
      /// The user's time zone (an IANA name such as `Europe/Berlin`), for the words of the why-lines ("due today at
      /// 17:00") and time-of-day windows; the daemon's when absent.
      public var timeZone: String?
      /// False: every suggestion's `terms` comes empty, for a client that shows the why-lines only (they are most of
      /// the reply).
      public var terms: Bool?
      /// False: the calendar's events are called "an event", not by their titles, for a client that passes what
      /// it is told on to someone else (an assistant): event titles stay on this machine.
      public var eventTitles: Bool?

      public init(
        at: Timestamp? = nil, energy: EnergyLevel? = nil, minutes: Int? = nil, limit: Int? = nil, tags: [String]? = nil,
        all: Bool? = nil, timeZone: String? = nil, list: String? = nil, terms: Bool? = nil, eventTitles: Bool? = nil
      ) {
        self.eventTitles = eventTitles
        self.terms = terms
        self.list = list
        self.timeZone = timeZone
        self.at = at
        self.energy = energy
        self.minutes = minutes
        self.limit = limit
        self.tags = tags
        self.all = all
      }
    }

    public typealias Result = NowResult
  }

  public enum TaskExplain: WireMethod {
    public static let method = Method.taskExplain

    public struct Params: Codable, Sendable, Equatable {
      public var id: TaskID
      public var at: Timestamp?
      public var energy: EnergyLevel?
      public var minutes: Int?
      public var tags: [String]?
      /// As for `now.list`.
      public var timeZone: String?

      public init(
        id: TaskID, at: Timestamp? = nil, energy: EnergyLevel? = nil, minutes: Int? = nil, tags: [String]? = nil,
        timeZone: String? = nil
      ) {
        self.timeZone = timeZone
        self.id = id
        self.at = at
        self.energy = energy
        self.minutes = minutes
        self.tags = tags
      }

      /// The same question as a now-list.
      public var nowParams: NowList.Params {
        NowList.Params(at: at, energy: energy, minutes: minutes, tags: tags, timeZone: timeZone)
      }
    }

    public typealias Result = Explanation
  }

  public enum HistoryUndo: WireMethod {
    public static let method = Method.historyUndo

    public struct Params: Codable, Sendable, Equatable {
      /// Undo what sync received from another device, instead of a change made here.
      public var sync: Bool?
      public init(sync: Bool? = nil) { self.sync = sync }
    }

    public typealias Result = UndoResult
  }

  public enum EventsSubscribe: WireMethod {
    public static let method = Method.eventsSubscribe

    public struct Params: Codable, Sendable, Equatable {
      /// The topics to hear; all of them when absent.
      public var topics: [EventTopic]?
      public init(topics: [EventTopic]? = nil) { self.topics = topics }
    }

    public typealias Result = SubscribeResult
  }

  /// `now.list`'s result: the suggestions, and what a client needs to say why the list is short.
  public struct NowResult: Sendable, Equatable {
    public var suggestions: [Suggestion]
    /// How many tasks are open in all; lets a client say why the list is short without listing them.
    public var openTasks: Int
    /// The energy the list was ranked for: the param, else the stored context; null when unknown.
    public var energy: EnergyLevel?
    /// With no energy set: the one the person usually has at this hour, learned from what they finished, which the
    /// list was ranked for; absent when none is learned (then the energy is unknown).
    public var learnedEnergy: LearnedEnergy?
    /// With `all`: every open task left out, and why; the candidates that ranked below the five say `not-in-top`.
    public var hidden: [HiddenEntry]?
    /// How many open tasks are past their due time, hidden ones included (0 from a daemon that does not say).
    public var overdue: Int
    /// With `tags`: how many open tasks have one of them (so a client can say that none has, rather than why
    /// they are hidden).
    public var tagged: Int?
    /// How many tasks that could be started now are left out though they have been out of view for
    /// `outOfViewDays` days or more; both absent when none has.
    public var outOfViewLong: Int?
    public var outOfViewDays: Int?
    /// True when the list is of a day to come (`now --at friday`): the days out of view are counted as if nothing
    /// is shown before then; absent otherwise.
    public var ahead: Bool?
    /// The focus session that runs, shown first and apart from the suggestions; absent when none runs.
    public var focus: Focus?
    /// What the person's calendars say of that moment: the event they are in, the next one and the time free before
    /// it; absent when no event is running or near.
    public var calendar: CalendarNow?

    public init(
      suggestions: [Suggestion], openTasks: Int, energy: EnergyLevel?, hidden: [HiddenEntry]? = nil, overdue: Int = 0,
      tagged: Int? = nil, outOfViewLong: Int? = nil, outOfViewDays: Int? = nil, focus: Focus? = nil
    ) {
      self.suggestions = suggestions
      self.openTasks = openTasks
      self.energy = energy
      self.hidden = hidden
      self.overdue = overdue
      self.tagged = tagged
      self.outOfViewLong = outOfViewLong
      self.outOfViewDays = outOfViewDays
      self.focus = focus
    }
  }

  /// `task.explain`'s result: the whole score of one task for the moment asked about, or the filter that hides it.
  public struct Explanation: Codable, Sendable, Equatable {
    public var task: Task
    /// 1 to 5 when the task is among the suggestions, else null.
    public var position: Int?
    /// How it is (or would be) offered; null when a filter hides it.
    public var kind: SuggestionKind?
    public var prompt: String?
    /// Every term, largest contribution first; empty when a filter hides it.
    public var terms: [TermScore]
    public var score: Double?
    /// Why it is not among the suggestions: a filter, or `not-in-top`.
    public var hidden: Hidden?
    /// The energy the question was asked for.
    public var energy: EnergyLevel?
    /// With no energy set: the one the person usually has at that hour, which the task was judged for; absent when
    /// none is learned.
    public var learnedEnergy: LearnedEnergy?

    public init(
      task: Task, position: Int?, kind: SuggestionKind?, prompt: String?, terms: [TermScore], score: Double?,
      hidden: Hidden?, energy: EnergyLevel?
    ) {
      self.task = task
      self.position = position
      self.kind = kind
      self.prompt = prompt
      self.terms = terms
      self.score = score.map(TermScore.rounded)
      self.hidden = hidden
      self.energy = energy
    }

    /// The same explanation, judged for `learned` when no energy was set.
    public func learning(_ learned: LearnedEnergy?) -> Explanation {
      var explanation = self
      explanation.learnedEnergy = learned
      return explanation
    }

    enum CodingKeys: String, CodingKey {
      case task, position, kind, prompt, terms, score, hidden, energy, learnedEnergy
    }

    /// Every key, `null` for an absent value.
    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(task, forKey: .task)
      try container.encode(position, forKey: .position)
      try container.encode(kind, forKey: .kind)
      try container.encode(prompt, forKey: .prompt)
      try container.encode(terms, forKey: .terms)
      try container.encode(score, forKey: .score)
      try container.encode(hidden, forKey: .hidden)
      try container.encode(energy, forKey: .energy)
      try container.encodeIfPresent(learnedEnergy, forKey: .learnedEnergy)
    }
  }

  /// `history.undo`'s result: the change reverted, the tasks it touched as they are now, and what was kept.
  public struct UndoResult: Codable, Sendable, Equatable {
    /// The change that was reverted.
    public struct Change: Codable, Sendable, Equatable {
      public var action: ChangeAction
      public var summary: String
      public var at: Timestamp
      /// Where it was made: `here`, `elsewhere` (another terminal: this one had nothing left to undo) or `sync`.
      public var from: ChangeSource?

      public init(action: ChangeAction, summary: String, at: Timestamp, from: ChangeSource?) {
        self.action = action
        self.summary = summary
        self.at = at
        self.from = from
      }
    }
    public var undone: Change
    /// The tasks the change touched, as they are now (a task the change created is gone and not listed).
    public var tasks: [Task]
    /// Later changes to the same tasks that were kept ("the energy of task 3", "the deletion of task 4"); absent
    /// when there were none.
    public var kept: [String]?

    public init(undone: Change, tasks: [Task], kept: [String]?) {
      self.undone = undone
      self.tasks = tasks
      self.kept = kept
    }
  }

  /// `events.subscribe`'s result: the topics heard, the state as it stands, and what comes next.
  public struct SubscribeResult: Codable, Sendable, Equatable {
    /// The topics this connection now hears, sorted.
    public var topics: [EventTopic]
    /// The last sequence number given out; the events that follow carry larger ones.
    public var seq: Int
    /// The now-list as it stands.
    public var now: NowResult
    /// The next moment a task comes back by itself, if any.
    public var nextWakeUp: WakeUp?
    /// Wake-ups announced while no one listened (also those found at start-up): they follow as `task.woke`
    /// notifications, marked `late` when they come more than a minute after their moment.
    public var missedWakeUps: Int
    /// `nextWakeUp`'s moment in words, for a connection that asked for them (`client.context`).
    public var said: Said?

    public init(topics: [EventTopic], seq: Int, now: NowResult, nextWakeUp: WakeUp?, missedWakeUps: Int) {
      self.topics = topics
      self.seq = seq
      self.now = now
      self.nextWakeUp = nextWakeUp
      self.missedWakeUps = missedWakeUps
    }

    enum CodingKeys: String, CodingKey { case topics, seq, now, nextWakeUp, missedWakeUps, said }

    /// `nextWakeUp` is `null` when there is none.
    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(topics, forKey: .topics)
      try container.encode(seq, forKey: .seq)
      try container.encode(now, forKey: .now)
      try container.encode(nextWakeUp, forKey: .nextWakeUp)
      try container.encode(missedWakeUps, forKey: .missedWakeUps)
      try container.encodeIfPresent(said, forKey: .said)
    }
  }

  /// An event's params. Which keys are present depends on the topic; `seq`, `topic` and `at` always are.
  public struct Event: Codable, Sendable, Equatable {
    public var topic: EventTopic
    /// Increases by one with every event this daemon sends, whoever hears it; it starts again at 1 when the daemon
    /// restarts.
    public var seq: Int
    /// When it happened.
    public var at: Timestamp
    /// `task.*`: the method that made the change (`task.defer`, `history.undo`…), or `task.wake`.
    public var action: ChangeAction?
    /// `task.*`: the task after the change (a deleted one as it was).
    public var task: Task?
    /// `task.changed`: true when the change removed the task (a delete, or an undone capture).
    public var removed: Bool?
    /// `task.woke`: what came due.
    public var wakeUps: [WakeUp]?
    /// `task.woke`: true when the event comes more than a minute after the moment (the daemon was down or asleep).
    public var late: Bool?
    /// `now.changed`: the new list.
    public var now: NowResult?
    /// `sync.finished`: what the pass moved (absent when it failed).
    public var sync: SyncReport?
    /// `sync.finished`: why the pass failed, as a sentence.
    public var error: String?
    /// `focus.*`: the session as it stands (`focus.changed` after a session ended: as it ended).
    public var focus: Focus?
    /// `focus.timeUp`: what to say to the person, a calm question.
    public var message: String?
    /// For a subscriber that asked for words (`client.context`): `at` in words and as a clock ("14:05"), and
    /// `wakeUp`, the moment the first wake-up came due, in words.
    public var said: Said?

    public init(
      topic: EventTopic, seq: Int, at: Timestamp, action: ChangeAction? = nil, task: Task? = nil, removed: Bool? = nil,
      wakeUps: [WakeUp]? = nil, late: Bool? = nil, now: NowResult? = nil, sync: SyncReport? = nil,
      error: String? = nil, focus: Focus? = nil, message: String? = nil
    ) {
      self.topic = topic
      self.seq = seq
      self.at = at
      self.action = action
      self.task = task
      self.removed = removed
      self.wakeUps = wakeUps
      self.late = late
      self.now = now
      self.sync = sync
      self.error = error
      self.focus = focus
      self.message = message
    }
  }
}

extension Wire.UndoResult {
  /// What was undone, as a person reads it.
  public var sentence: String { Self.sentence(summary: undone.summary, from: undone.from, kept: kept) }

  /// What was undone, as a person reads it: where the change was made, and what later changes were kept.
  public static func sentence(summary: String, from: ChangeSource?, kept: [String]?) -> String {
    let what =
      switch from ?? .here {
      case .here: "Undid: \(summary)."
      case .elsewhere:
        "Nothing done in this terminal is left to undo, so this undid the latest change made elsewhere: "
          + "\(summary)."
      case .sync:
        "Undid what sync received: \(summary). The next sync sends this to the server, so your other "
          + "devices take it back too."
      }
    return what + (kept.map { " Kept what changed since: \(listed($0))." } ?? "")
  }
}
