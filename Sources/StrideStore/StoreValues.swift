import Foundation
import StrideBase
import StrideModel

/// What `undo` reverted, and the tasks as they are now.
public struct UndoneChange: Sendable {
  public var action: ChangeAction
  public var summary: String
  public var at: Date
  public var tasks: [StrideTask]
  /// Where the change undone was made.
  public var source: Source
  /// Later changes to the same tasks that were kept: "the energy of task 3".
  public var kept: [String]

  package init(action: ChangeAction, summary: String, at: Date, tasks: [StrideTask], source: Source, kept: [String]) {
    self.action = action
    self.summary = summary
    self.at = at
    self.tasks = tasks
    self.source = source
    self.kept = kept
  }

  public typealias Source = ChangeSource
}

/// The user's state that the ranking takes into account.
public struct UserContext: Equatable, Sendable {
  public var energy: EnergyLevel?
  public var updatedAt: Date?
  /// When a set energy goes back to unknown; nil when none is set.
  public var lapsesAt: Date?

  public init(energy: EnergyLevel?, updatedAt: Date?, lapsesAt: Date? = nil) {
    self.energy = energy
    self.updatedAt = updatedAt
    self.lapsesAt = lapsesAt
  }

  /// The context as it stands at `instant`: an energy set more than `lapseHours` ago is unknown again.
  public func lapsing(after lapseHours: Double, at instant: Date) -> UserContext {
    guard energy != nil, let updatedAt else { return self }
    let lapse = updatedAt.addingTimeInterval(Seconds.hours(lapseHours))
    return lapse <= instant
      ? UserContext(energy: nil, updatedAt: updatedAt)
      : UserContext(energy: energy, updatedAt: updatedAt, lapsesAt: lapse)
  }
}

/// A page of the history's log, newest first, and whether there are older changes past it.
public struct HistoryPage: Sendable {
  public var entries: [LoggedChange]
  public var more: Bool
}

/// One change as the log tells it.
public struct LoggedChange: Sendable {
  /// The change's place in the history: larger is later.
  public var seq: Int64
  public var at: Date
  public var action: ChangeAction
  /// The task the change was about, when it was about one.
  public var id: TaskID?
  /// What happened, in words ("finished step 2 of task 12, "call the bank"").
  public var words: String
  /// Taken back since by `history.undo`.
  public var undone: Bool
  /// Made by a sync pass (received from another device), not here.
  public var fromSync: Bool
}

/// A field of a task that changed on both sides when sync merged it: what was kept, what was lost, and from where.
public struct SyncConflict: Sendable {
  public var at: Date
  public var field: String
  public var kept: String
  public var lost: String
  public var keptFrom: ConflictSide
}
