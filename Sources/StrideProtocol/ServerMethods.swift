import Foundation
import StrideBase
import StrideModel
import StrideWire

/// `history.undo`: take back the last change made from this client's terminal (else the last a person made
/// anywhere); with `sync`, the last change a sync pass received. Repeat to walk further back.
public enum HistoryUndo: RPCMethod {
  public static let name = Wire.HistoryUndo.name
  public typealias Params = Wire.HistoryUndo.Params

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
    public var sentence: String { Wire.UndoResult.sentence(summary: undone.summary, from: undone.from, kept: kept) }
  }
}

/// `now.list`: at most five suggestions for what to start now, each with its why.
public enum NowList: RPCMethod {
  public static let name = Wire.NowList.name
  public typealias Params = Wire.NowList.Params

  public typealias HiddenEntry = StrideWire.HiddenEntry

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
    /// How many tasks that could be started now are left out though they have been out of view for
    /// `outOfViewDays` days or more; both absent when none has.
    public var outOfViewLong: Int?
    public var outOfViewDays: Int?

    public init(
      suggestions: [Suggestion], openTasks: Int, energy: EnergyLevel?, hidden: [HiddenEntry]? = nil, overdue: Int = 0,
      tagged: Int? = nil, outOfViewLong: Int? = nil, outOfViewDays: Int? = nil
    ) {
      self.tagged = tagged
      self.outOfViewLong = outOfViewLong
      self.outOfViewDays = outOfViewDays
      self.suggestions = suggestions
      self.openTasks = openTasks
      self.energy = energy
      self.hidden = hidden
      self.overdue = overdue
    }

    /// The same list with every suggestion's terms left out (the `terms: false` param).
    public var withoutTerms: Result {
      var result = self
      for index in result.suggestions.indices { result.suggestions[index].terms = [] }
      return result
    }

    enum CodingKeys: String, CodingKey {
      case suggestions, openTasks, energy, hidden, overdue, tagged, outOfViewLong, outOfViewDays
    }

    public init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      suggestions = try container.decode([Suggestion].self, forKey: .suggestions)
      openTasks = try container.decode(Int.self, forKey: .openTasks)
      energy = try container.decodeIfPresent(EnergyLevel.self, forKey: .energy)
      hidden = try container.decodeIfPresent([HiddenEntry].self, forKey: .hidden)
      overdue = try container.decodeIfPresent(Int.self, forKey: .overdue) ?? 0
      tagged = try container.decodeIfPresent(Int.self, forKey: .tagged)
      outOfViewLong = try container.decodeIfPresent(Int.self, forKey: .outOfViewLong)
      outOfViewDays = try container.decodeIfPresent(Int.self, forKey: .outOfViewDays)
    }

    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(suggestions, forKey: .suggestions)
      try container.encode(openTasks, forKey: .openTasks)
      try container.encode(energy, forKey: .energy)
      try container.encodeIfPresent(hidden, forKey: .hidden)
      try container.encode(overdue, forKey: .overdue)
      try container.encodeIfPresent(tagged, forKey: .tagged)
      try container.encodeIfPresent(outOfViewLong, forKey: .outOfViewLong)
      try container.encodeIfPresent(outOfViewDays, forKey: .outOfViewDays)
    }
  }
}

/// `task.explain`: the whole score of one task for the moment asked about, or the filter that hides it.
public enum TaskExplain: RPCMethod {
  public static let name = Wire.TaskExplain.name
  public typealias Params = Wire.TaskExplain.Params

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
  ContextSet.name, NowList.name, NowPrompt.name, TimeParse.name, TaskExplain.name, EventsSubscribe.name,
  TaskImport.name, TaskExport.name, TaskSkip.name, TaskPin.name, SyncSetup.name, SyncRun.name, SyncStatus.name,
  NoteAdd.name, NoteRemove.name, TaskFind.name, HistoryLog.name, HistoryReview.name, ListsGet.name, ListsAdd.name,
  ListsDefault.name, ListsRename.name, ListsRemove.name, TaskMove.name,
]

extension HiddenEntry {
  public init(_ hidden: HiddenTask) {
    self.init(id: hidden.task.id, title: hidden.task.title, reason: hidden.hidden.reason, detail: hidden.hidden.detail)
  }
}

extension ContextResult {
  public init(_ context: UserContext) {
    self.init(
      energy: context.energy, updatedAt: context.updatedAt.map(Timestamp.init),
      lapsesAt: context.lapsesAt.map(Timestamp.init))
  }
}
