import Foundation
import StrideModel

/// `server.info`: what the daemon is and where it keeps things.
public enum ServerInfo: RPCMethod {
  public static let name = "server.info"
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    public var `protocol`: Int
    public var server: String
    public var version: String
    public var pid: Int32
    public var socket: String
    public var database: String
    public var startedAt: Timestamp
    public var openTasks: Int
    /// How desktop reminders stand (absent from a daemon older than them).
    public var reminders: RemindersStatus?
    /// This result's times in words, for a connection that asked for them (`SaysTimes`).
    public var said: [String: String]?

    public init(
      server: String, version: String, pid: Int32, socket: String, database: String, startedAt: Date,
      openTasks: Int
    ) {
      self.protocol = protocolVersion
      self.server = server
      self.version = version
      self.pid = pid
      self.socket = socket
      self.database = database
      self.startedAt = Timestamp(startedAt)
      self.openTasks = openTasks
    }
  }
}

/// How desktop reminders stand, for `stride daemon status`: a state from a closed set, and the same in a sentence
/// that says what to do when something is missing.
public struct RemindersStatus: Codable, Sendable, Equatable {
  /// `off`; `connecting` (at start-up); `desktop` (the desktop's notification service shows them); `notify-send`
  /// (the bus could not be used, notify-send shows them); `no-bus` (no session bus was found or reached);
  /// `no-service` (nothing on the bus shows notifications). A client shows `sentence`; new states may come.
  public var state: String
  public var sentence: String

  public init(state: String, sentence: String) {
    self.state = state
    self.sentence = sentence
  }
}

/// `history.undo`: take back the last change made from this client's terminal (else the last a person made
/// anywhere); with `sync`, the last change a sync pass received. Repeat to walk further back.
public enum HistoryUndo: RPCMethod {
  public static let name = "history.undo"

  public struct Params: Codable, Sendable, Equatable {
    /// Undo what sync received from another device, instead of a change made here.
    public var sync: Bool?
    public init(sync: Bool? = nil) { self.sync = sync }
  }

  public struct Result: Codable, Sendable, Equatable {
    /// The change that was reverted.
    public struct Change: Codable, Sendable, Equatable {
      public var action: ChangeAction
      public var summary: String
      public var at: Timestamp
      /// Where it was made: `here`, `elsewhere` (another terminal: this one had nothing left to undo) or `sync`.
      public var from: UndoneChange.Source?
    }

    public var undone: Change
    /// The tasks the change touched, as they are now (a task the change created is gone and not listed).
    public var tasks: [StrideTask]
    /// Later changes to the same tasks that were kept ("the energy of task 3", "the deletion of task 4"); absent
    /// when there were none.
    public var kept: [String]?

    public init(_ change: UndoneChange) {
      undone = Change(
        action: change.action, summary: change.summary, at: Timestamp(change.at), from: change.source)
      tasks = change.tasks
      kept = change.kept.isEmpty ? nil : change.kept
    }

    /// What was undone, as a person reads it: where the change was made, and what later changes were kept.
    public var sentence: String {
      let what =
        switch undone.from ?? .here {
        case .here: "Undid: \(undone.summary)."
        case .elsewhere:
          "Nothing done in this terminal is left to undo, so this undid the latest change made elsewhere: "
            + "\(undone.summary)."
        case .sync:
          "Undid what sync received: \(undone.summary). The next sync sends this to the server, so your other "
            + "devices take it back too."
        }
      return what + (kept.map { " Kept what changed since: \(listed($0))." } ?? "")
    }
  }
}

/// The user's context as the wire carries it: `energy` is null while unknown, or once it has lapsed.
public struct ContextResult: Codable, Sendable, Equatable {
  public var energy: EnergyLevel?
  public var updatedAt: Timestamp?
  /// When the energy goes back to unknown (config `context.energyLapseHours`).
  public var lapsesAt: Timestamp?
  /// These times in words, for a connection that asked for them (`SaysTimes`).
  public var said: [String: String]?

  public init(_ context: UserContext) {
    energy = context.energy
    updatedAt = context.updatedAt.map(Timestamp.init)
    lapsesAt = context.lapsesAt.map(Timestamp.init)
  }

  enum CodingKeys: String, CodingKey { case energy, updatedAt, lapsesAt, said }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(energy, forKey: .energy)
    try container.encode(updatedAt, forKey: .updatedAt)
    try container.encode(lapsesAt, forKey: .lapsesAt)
    try container.encodeIfPresent(said, forKey: .said)
  }
}

/// `context.get`: the user's current energy.
public enum ContextGet: RPCMethod {
  public static let name = "context.get"
  public typealias Params = NoParams
  public typealias Result = ContextResult
}

/// `context.set`: set the user's current energy (`null` for unknown).
public enum ContextSet: RPCMethod {
  public static let name = "context.set"

  public struct Params: Codable, Sendable, Equatable {
    public var energy: EnergyLevel?
    public init(energy: EnergyLevel?) { self.energy = energy }

    enum CodingKeys: String, CodingKey { case energy }

    public init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      guard container.contains(.energy) else {
        throw DecodingError.keyNotFound(
          CodingKeys.energy, .init(codingPath: [], debugDescription: "energy is required; null means unknown"))
      }
      energy = try container.decode(EnergyLevel?.self, forKey: .energy)
    }

    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(energy, forKey: .energy)
    }
  }

  public typealias Result = ContextResult
}

/// `now.list`: at most five suggestions for what to start now, each with its why.
public enum NowList: RPCMethod {
  public static let name = "now.list"

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

    public init(
      at: Date? = nil, energy: EnergyLevel? = nil, minutes: Int? = nil, limit: Int? = nil, tags: [String]? = nil,
      all: Bool? = nil, timeZone: String? = nil, list: String? = nil
    ) {
      self.list = list
      self.timeZone = timeZone
      self.at = at.map(Timestamp.init)
      self.energy = energy
      self.minutes = minutes
      self.limit = limit
      self.tags = tags
      self.all = all
    }
  }

  /// A task left out, and why (with `all`).
  public struct HiddenEntry: Codable, Sendable, Equatable {
    public var id: TaskID
    public var title: String
    public var reason: HiddenReason
    public var detail: String

    public init(_ hidden: HiddenTask) {
      id = hidden.task.id
      title = hidden.task.title
      reason = hidden.hidden.reason
      detail = hidden.hidden.detail
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var suggestions: [Suggestion]
    /// How many tasks are open in all; lets a client say why the list is short without listing them.
    public var openTasks: Int
    /// The energy the list was ranked for: the param, else the stored context; null when unknown.
    public var energy: EnergyLevel?
    /// With `all`: every open task left out, and why; the candidates that ranked below the five say `not-in-top`.
    public var hidden: [HiddenEntry]?
    /// How many open tasks are past their due time, hidden ones included (0 from a daemon that does not say).
    public var overdue: Int
    /// With `tags`: how many open tasks have one of them (so a client can say that none has, rather than why
    /// they are hidden).
    public var tagged: Int?

    public init(
      suggestions: [Suggestion], openTasks: Int, energy: EnergyLevel?, hidden: [HiddenEntry]? = nil, overdue: Int = 0,
      tagged: Int? = nil
    ) {
      self.tagged = tagged
      self.suggestions = suggestions
      self.openTasks = openTasks
      self.energy = energy
      self.hidden = hidden
      self.overdue = overdue
    }

    enum CodingKeys: String, CodingKey { case suggestions, openTasks, energy, hidden, overdue, tagged }

    public init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      suggestions = try container.decode([Suggestion].self, forKey: .suggestions)
      openTasks = try container.decode(Int.self, forKey: .openTasks)
      energy = try container.decodeIfPresent(EnergyLevel.self, forKey: .energy)
      hidden = try container.decodeIfPresent([HiddenEntry].self, forKey: .hidden)
      overdue = try container.decodeIfPresent(Int.self, forKey: .overdue) ?? 0
      tagged = try container.decodeIfPresent(Int.self, forKey: .tagged)
    }

    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(suggestions, forKey: .suggestions)
      try container.encode(openTasks, forKey: .openTasks)
      try container.encode(energy, forKey: .energy)
      try container.encodeIfPresent(hidden, forKey: .hidden)
      try container.encode(overdue, forKey: .overdue)
      try container.encodeIfPresent(tagged, forKey: .tagged)
    }
  }
}

/// `task.explain`: the whole score of one task for the moment asked about, or the filter that hides it.
public enum TaskExplain: RPCMethod {
  public static let name = "task.explain"

  public struct Params: Codable, Sendable, Equatable {
    public var id: TaskID
    public var at: Timestamp?
    public var energy: EnergyLevel?
    public var minutes: Int?
    public var tags: [String]?
    /// As for `now.list`.
    public var timeZone: String?

    public init(
      id: TaskID, at: Date? = nil, energy: EnergyLevel? = nil, minutes: Int? = nil, tags: [String]? = nil,
      timeZone: String? = nil
    ) {
      self.timeZone = timeZone
      self.id = id
      self.at = at.map(Timestamp.init)
      self.energy = energy
      self.minutes = minutes
      self.tags = tags
    }

    /// The same question as a now-list.
    public var nowParams: NowList.Params {
      NowList.Params(at: at?.date, energy: energy, minutes: minutes, tags: tags, timeZone: timeZone)
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var task: StrideTask
    /// 1 to 5 when the task is among the suggestions, else null.
    public var position: Int?
    /// How it is (or would be) offered; null when a filter hides it.
    public var kind: Suggestion.Kind?
    public var prompt: String?
    /// Every term, largest contribution first; empty when a filter hides it.
    public var terms: [TermScore]
    public var score: Double?
    /// Why it is not among the suggestions: a filter, or `not-in-top`.
    public var hidden: Hidden?
    /// The energy the question was asked for.
    public var energy: EnergyLevel?

    public init(
      task: StrideTask, position: Int?, kind: Suggestion.Kind?, prompt: String?, terms: [TermScore], score: Double?,
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

    enum CodingKeys: String, CodingKey { case task, position, kind, prompt, terms, score, hidden, energy }

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
    }
  }
}

/// Every method the daemon answers, for `method-not-found` messages and the docs test.
public let allMethodNames: [String] = [
  ServerInfo.name, ClientContext.name, TaskCapture.name, TaskGet.name, TaskList.name, TaskUpdate.name,
  TaskComplete.name,
  TaskReopen.name, TaskDelete.name, SubtaskAdd.name, SubtaskComplete.name, SubtaskReopen.name, TaskDefer.name,
  TaskWait.name, TaskResume.name, TaskBlock.name, TaskUnblock.name, HistoryUndo.name, ContextGet.name,
  ContextSet.name, NowList.name, TimeParse.name, TaskExplain.name, EventsSubscribe.name,
  TaskImport.name, TaskExport.name, TaskSkip.name, TaskPin.name, SyncSetup.name, SyncRun.name, SyncStatus.name,
  NoteAdd.name, NoteRemove.name, TaskFind.name, HistoryLog.name, HistoryReview.name, ListsGet.name, ListsAdd.name,
  ListsDefault.name, ListsRemove.name, TaskMove.name,
]
