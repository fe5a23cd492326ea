import StrideBase
import StrideModel
import StrideStore
import StrideWire

// The store's own values as the wire carries them: the store hands out what it keeps (an undone change, the
// person's context, a page of the log, a sync conflict), and the application says it in the wire's types, as
// StrideProtocol/WireForm.swift does for the model's.

extension Wire.UndoResult {
  /// What `undo` reverted, and the tasks as they are now.
  init(_ change: UndoneChange, saying speaker: Speaker? = nil) {
    self.init(
      undone: Change(action: change.action, summary: change.summary, at: Timestamp(change.at), from: change.source),
      tasks: change.tasks.map { Wire.Task($0, saying: speaker) }, kept: change.kept.isEmpty ? nil : change.kept)
  }
}

extension ContextResult {
  init(_ context: UserContext) {
    self.init(
      energy: context.energy, updatedAt: context.updatedAt.map(Timestamp.init),
      lapsesAt: context.lapsesAt.map(Timestamp.init))
  }
}

extension HistoryLog.Result {
  /// A page of the log, newest first.
  init(_ page: HistoryPage) {
    self.init(entries: page.entries.map(HistoryLog.Entry.init), more: page.more)
  }
}

extension HistoryLog.Entry {
  init(_ change: LoggedChange) {
    self.init(
      seq: change.seq, at: Timestamp(change.at), action: change.action, id: change.id, words: change.words,
      undone: change.undone, fromSync: change.fromSync)
  }
}

extension SyncConflictNote {
  init(_ conflict: SyncConflict) {
    self.init(
      at: Timestamp(conflict.at), field: conflict.field, kept: conflict.kept, lost: conflict.lost,
      keptFrom: conflict.keptFrom)
  }
}
