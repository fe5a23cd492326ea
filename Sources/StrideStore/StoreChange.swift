import Foundation
import StrideBase
import StrideCalendar
import StrideModel

/// A change that has committed, as the daemon's events report it: its action, and
/// the tasks it touched as they are afterwards (a removed task as it was).
public struct StoreChange: Sendable {
  public var action: ChangeAction
  public var at: Date
  public var tasks: [StrideTask]
  /// Tasks the change removed (a delete, or an undone capture).
  public var removed: [TaskID] = []
  /// For `task.wake`: what came due.
  public var wakeUps: [WakeUp] = []
}
