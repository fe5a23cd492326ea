import Foundation
import StrideBase
import StrideInterop
import StrideModel
import StrideStore
import StrideWire

/// `task.export` a part at a time, for a reply in parts (Docs/protocol.md, "Replies in parts"): a Stride export's
/// file (`json`) in pieces of `Tasks.tasksPerPart` tasks, each read from the store when it is sent, so neither side
/// holds the whole file; asked with `taskValues`, a piece's tasks come as values, which the client puts into the
/// file between their separators. The other formats' files are still made whole, and come as one part.
extension Tasks {
  func exportPages(_ params: TaskExport.Params, at now: Date) throws(StrideError) -> PageReader<TaskExport.Result> {
    guard (params.format ?? .json) == .json else {
      var whole: TaskExport.Result? = try export(params, at: now)
      return PageReader {
        defer { whole = nil }
        return whole.map { ($0, $0.tasks.count) }
      }
    }
    // Every task's id, open and finished, in the file's order (8 bytes each while the file is sent).
    let ids = try locked { store throws(StrideError) in
      try (store.openByID.map(\.id) + store.rows.completedIDs(tag: nil)).sorted()
    }
    var (sent, wrote, done) = (0, false, false)
    return PageReader { () throws(StrideError) in
      guard !done else { return nil }
      let next = Array(ids[sent..<min(sent + Self.tasksPerPart, ids.count)])
      let tasks = try self.exportedTasks(next, at: now)
      var piece = TaskExport.Result(
        format: .json, text: sent == 0 ? StrideExport.head(exportedAt: now) : "", tasks: tasks.map(\.id), loss: nil)
      if params.taskValues == true {
        // The tasks as values, each the bytes of its line: nothing escaped into a string, nothing read back.
        piece.taskValues = tasks.map { Wire.Task($0) }
      } else {
        for task in tasks {
          piece.text += (wrote ? TaskExport.betweenTasks : TaskExport.beforeFirstTask) + StrideExport.line(task)
          wrote = true
        }
      }
      wrote = wrote || !tasks.isEmpty
      sent += next.count
      done = sent == ids.count
      if done {
        let end = StrideExport.end(afterTasks: wrote)
        if piece.taskValues == nil { piece.text += end } else { piece.end = end }
      }
      return (piece, tasks.count)
    }
  }

  /// The tasks of `ids` (in id order) as a whole export has them: open ones as they stand at `now`, finished ones as
  /// stored (a task deleted since its id was read is left out). The finished ones are read as the range of the ids
  /// in order, one pass over each table: a piece's ids are every task's between its first and its last.
  private func exportedTasks(_ ids: [TaskID], at now: Date) throws(StrideError) -> [StrideTask] {
    try locked { store throws(StrideError) in
      let open = ids.compactMap { store.openTask($0)?.settled(at: now) }
      guard let first = ids.first?.rawValue, let last = ids.last?.rawValue, last < Int64.max else { return open }
      let piece = Set(ids)
      let finished = try store.rows.loadCompleted(in: first..<last + 1).filter {
        piece.contains($0.id) && store.openTask($0.id) == nil
      }
      return (open + finished).sorted { $0.id < $1.id }
    }
  }
}
