import Foundation
import StrideBase
import StrideModel
import StrideWire

/// One protocol method: its dotted name and the shapes of its params and result.
///
/// Adding a method is a checklist (see Docs/architecture.md): a type here, an entry in `allMethodNames`, a case in
/// the daemon's `Dispatcher`, an example in Docs/protocol.md (which is also its golden test). The daemon reads its
/// params and writes its result, so both are Codable; a client needs only `WireMethod`. A method whose params and
/// result need nothing of the model is defined in StrideWire, so a client without Foundation shares its types.
public protocol RPCMethod: WireMethod where Params: Decodable, Result: Encodable {}

/// The daemon answers the methods a client finds in StrideWire.
extension ClientContext: RPCMethod {}
extension TimeParse: RPCMethod {}
extension HistoryLog: RPCMethod {}
extension HistoryReview: RPCMethod {}
extension ServerInfo: RPCMethod {}
extension NowPrompt: RPCMethod {}
extension ContextGet: RPCMethod {}
extension ContextSet: RPCMethod {}
extension TaskExport: RPCMethod {}
extension SyncSetup: RPCMethod {}
extension SyncRun: RPCMethod {}
extension SyncStatus: RPCMethod {}
extension ListsGet: RPCMethod {}
extension ListsAdd: RPCMethod {}
extension ListsDefault: RPCMethod {}
extension ListsRemove: RPCMethod {}
extension ListsRename: RPCMethod {}

/// The result of a method about one task: the task as it stands after the call.
public struct TaskResult: Codable, Sendable, Equatable {
  public var task: StrideTask
  /// `task.get`: fields a sync found changed on both sides, oldest first (absent when none).
  public var syncConflicts: [SyncConflictNote]?
  /// `task.get`: the repeat rule the task has on the server that Stride cannot follow (another app's `FREQ=HOURLY`),
  /// so a person knows it repeats elsewhere; absent when none.
  public var repeatsElsewhere: String?
  public init(task: StrideTask, syncConflicts: [SyncConflictNote]? = nil, repeatsElsewhere: String? = nil) {
    self.task = task
    self.syncConflicts = syncConflicts
    self.repeatsElsewhere = repeatsElsewhere
  }
}

/// The result of a method that returns several tasks.
public struct TaskListResult: Codable, Sendable, Equatable {
  public var tasks: [StrideTask]
  /// With a search (`task.list`'s `search`): where the words were found in each task, in the tasks' order.
  public var found: [SearchFound]?
  /// Each task's status as a list says it, in the tasks' order: "active", "blocked by 4", "starts Mon", "waiting",
  /// "deferred", "done" (`StrideTask.standing`). Absent from an older daemon.
  public var statuses: [String]?
  public init(tasks: [StrideTask], found: [SearchFound]? = nil, statuses: [String]? = nil) {
    self.tasks = tasks
    self.found = found
    self.statuses = statuses
  }
}
