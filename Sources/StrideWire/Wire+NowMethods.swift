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

  public static func < (lhs: EventTopic, rhs: EventTopic) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A task left out of the now-list, and why (`now.list` with `all`).
public struct HiddenEntry: Codable, Sendable, Equatable {
  public var id: TaskID
  public var title: String
  public var reason: HiddenReason
  public var detail: String

  public init(id: TaskID, title: String, reason: HiddenReason, detail: String) {
    self.id = id
    self.title = title
    self.reason = reason
    self.detail = detail
  }
}

/// `now.prompt`: the now-list as one short line for a shell prompt: what to start first, and how many more there are.
/// The daemon also keeps it in a file beside its socket (`StridePaths.promptFile`), so a prompt reads it there with no
/// round trip while it holds.
public enum NowPrompt: WireMethod {
  public static let method = Method.nowPrompt
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    /// The first suggestion's task; absent when nothing is ready to start.
    public var task: TaskID?
    /// What to start: the task's title, and its next step after a colon when the suggestion is a step.
    public var title: String?
    /// How many more suggestions the now-list has (0 to 4).
    public var more: Int
    /// Until when this line holds unless a task or the context changes first: the next minute, or sooner a moment
    /// that changes some task's standing (a due time, a wake-up, the energy lapsing).
    public var until: Timestamp

    public init(task: TaskID?, title: String?, more: Int, until: Timestamp) {
      self.task = task
      self.title = title
      self.more = more
      self.until = until
    }

    /// The line of a now-list of `count` suggestions whose first is `first` (its task, the task's title and the
    /// step that is the way in, if one is), holding until `until`: what to start is said as the title, and the step
    /// after a colon.
    public init(first: (task: TaskID, title: String, step: String?)?, count: Int, until: Timestamp) {
      self.init(
        task: first?.task, title: first.map { first in first.step.map { "\(first.title): \($0)" } ?? first.title },
        more: max(count - 1, 0), until: until)
    }

    /// The line of a now-list as a client read it (from a daemon older than `now.prompt`), holding until `until`.
    public init(_ now: Wire.NowResult, until: Timestamp) {
      let first = now.suggestions.first
      self.init(
        first: first.map { ($0.task.id, $0.task.title, $0.step?.title) }, count: now.suggestions.count, until: until)
    }
  }
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

      public init(
        at: Timestamp? = nil, energy: EnergyLevel? = nil, minutes: Int? = nil, limit: Int? = nil, tags: [String]? = nil,
        all: Bool? = nil, timeZone: String? = nil, list: String? = nil, terms: Bool? = nil
      ) {
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
  public struct NowResult: Decodable, Sendable, Equatable {
    public var suggestions: [Suggestion]
    public var openTasks: Int
    public var energy: EnergyLevel?
    public var hidden: [HiddenEntry]?
    public var overdue: Int
    public var tagged: Int?
    /// Left out though out of view for `outOfViewDays` days or more (nil from an older daemon, or none).
    public var outOfViewLong: Int? = nil
    public var outOfViewDays: Int? = nil
  }

  /// `task.explain`'s result: the whole score of one task, or the filter that hides it.
  public struct Explanation: Decodable, Sendable, Equatable {
    public var task: Task
    public var position: Int?
    public var kind: SuggestionKind?
    public var prompt: String?
    public var terms: [TermScore]
    public var score: Double?
    public var hidden: Hidden?
    public var energy: EnergyLevel?
  }

  /// `history.undo`'s result: the change reverted, the tasks it touched as they are now, and what was kept.
  public struct UndoResult: Decodable, Sendable, Equatable {
    public struct Change: Decodable, Sendable, Equatable {
      public var action: ChangeAction
      public var summary: String
      public var at: Timestamp
      public var from: ChangeSource?
    }
    public var undone: Change
    public var tasks: [Task]
    public var kept: [String]?
  }

  /// `events.subscribe`'s result: the topics heard, the state as it stands, and what comes next.
  public struct SubscribeResult: Decodable, Sendable, Equatable {
    public var topics: [EventTopic]
    public var seq: Int
    public var now: NowResult
    public var nextWakeUp: WakeUp?
    public var missedWakeUps: Int
    public var said: [String: String]?
  }

  /// An event's params; which keys are present depends on the topic.
  public struct Event: Decodable, Sendable, Equatable {
    public var topic: EventTopic
    public var seq: Int
    public var at: Timestamp
    public var action: ChangeAction?
    public var task: Task?
    public var removed: Bool?
    public var wakeUps: [WakeUp]?
    public var late: Bool?
    public var now: NowResult?
    public var sync: SyncReport?
    public var error: String?
    public var said: [String: String]?
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
