import Foundation
import StrideBase
import StrideInterop
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// The use cases of other tools' files: every task written in an export format, and a file's tasks read and stored.
/// The text is converted outside the store's lock; only reading the tasks and storing them take it.
extension Tasks {
  func export(_ params: TaskExport.Params, at now: Date) throws(StrideError) -> TaskExport.Result {
    let format = params.format ?? .json
    let zone = try zone(params.timeZone)
    let tasks = try locked { store throws(StrideError) in
      try store.tasks(status: nil, tag: nil, at: now) + store.tasks(status: .completed, tag: nil, at: now)
    }.sorted { $0.id < $1.id }
    let data = try Exporter.data(tasks, format: format, now: now, timeZone: zone)
    return TaskExport.Result(
      format: format, text: String(decoding: data, as: UTF8.self), tasks: tasks.map(\.id),
      loss: Exporter.loss(tasks, format: format, timeZone: zone))
  }

  /// Whole tasks, or a file's text read in its format (worked out from the text when not named). A file that holds
  /// no task stores nothing and says what was left out.
  func importTasks(_ params: Wire.TaskImport.Params, _ caller: Caller) throws(StrideError) -> Wire.TaskImport.Result {
    var plan = ImportPlan()
    var format: ImportFormat?
    switch (params.tasks, params.text) {
    case (let tasks?, nil):
      plan.tasks = try tasks.map { task throws(StrideError) in try StrideTask(task) }
    case (nil, let text?):
      let data = Data(text.utf8)
      let read = params.format ?? ImportFormat.detect(data)
      plan = try ImportPlan.read(data, format: read, now: caller.now, timeZone: try zone(params.timeZone))
      format = read
    default:
      throw StrideError.invalid("task.import takes either 'tasks' or 'text' (a file's content), not both or neither")
    }
    var result = Wire.TaskImport.Result(
      tasks: [], renumbered: false, format: format, skipped: format.map { _ in plan.skipped },
      notes: format.map { _ in plan.notes })
    guard !plan.tasks.isEmpty else { return result }
    let (tasks, renumbered) = try locked(caller) { store throws(StrideError) in
      try store.importTasks(plan.tasks, at: caller.now, dryRun: params.dryRun == true)
    }
    result.tasks = tasks.map { caller.wire($0.settled(at: caller.now)) }
    result.renumbered = renumbered
    return result
  }
}
