import StrideModel
import StrideWire

/// A protocol method as the daemon answers it: the one declaration in StrideWire (its name, params and result),
/// whose params the daemon reads and whose result it writes.
///
/// Adding a method is a checklist (Docs/architecture.md): a case in `Method`, a type in StrideWire, its conformance
/// here, its route in the daemon's `Dispatcher` (the compiler asks for it), an example in Docs/protocol.md (which is
/// also its golden test).
public protocol RPCMethod: WireMethod where Params: Decodable, Result: Encodable {}

extension ServerInfo: RPCMethod {}
extension ClientContext: RPCMethod {}
extension TimeParse: RPCMethod {}
extension ContextGet: RPCMethod {}
extension ContextSet: RPCMethod {}
extension NowPrompt: RPCMethod {}
extension HistoryLog: RPCMethod {}
extension HistoryReview: RPCMethod {}
extension TaskExport: RPCMethod {}
extension SyncSetup: RPCMethod {}
extension SyncRun: RPCMethod {}
extension SyncStatus: RPCMethod {}
extension ListsGet: RPCMethod {}
extension ListsAdd: RPCMethod {}
extension ListsDefault: RPCMethod {}
extension ListsRemove: RPCMethod {}
extension ListsRename: RPCMethod {}
extension Wire.TaskCapture: RPCMethod {}
extension Wire.TaskGet: RPCMethod {}
extension Wire.TaskDuplicate: RPCMethod {}
extension Wire.TaskList: RPCMethod {}
extension Wire.TaskFind: RPCMethod {}
extension Wire.TaskUpdate: RPCMethod {}
extension Wire.TaskComplete: RPCMethod {}
extension Wire.TaskReopen: RPCMethod {}
extension Wire.TaskDelete: RPCMethod {}
extension Wire.TaskSkip: RPCMethod {}
extension Wire.TaskPin: RPCMethod {}
extension Wire.TaskDefer: RPCMethod {}
extension Wire.TaskWait: RPCMethod {}
extension Wire.TaskResume: RPCMethod {}
extension Wire.TaskBlock: RPCMethod {}
extension Wire.TaskUnblock: RPCMethod {}
extension Wire.TaskMove: RPCMethod {}
extension Wire.TaskImport: RPCMethod {}
extension Wire.TaskExplain: RPCMethod {}
extension Wire.SubtaskAdd: RPCMethod {}
extension Wire.SubtaskComplete: RPCMethod {}
extension Wire.SubtaskReopen: RPCMethod {}
extension Wire.NoteAdd: RPCMethod {}
extension Wire.NoteRemove: RPCMethod {}
extension Wire.HistoryUndo: RPCMethod {}
extension Wire.NowList: RPCMethod {}
extension Wire.EventsSubscribe: RPCMethod {}
