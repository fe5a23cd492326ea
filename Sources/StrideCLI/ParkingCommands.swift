import StrideBase
import StrideClientKit
import StrideConnection
import StridePlatform
import StrideWire

/// Putting a task off and taking changes back: defer, wait, resume, block and unblock, delete, undo.
extension Session {
  func deferTask(_ args: CommandArguments<DeferOptions>) throws {
    try args.noMorePositionals(than: 2, "defer")
    let id = try args.taskID("defer", example: "stride defer 12 no-energy --until 2026-12-01T19:00")
    guard args.positionals.count == 2 else {
      throw UsageError("defer needs a reason after the id: one of \(DeferReason.validWords)")
    }
    guard let reason = DeferReason(rawValue: args.positionals[1]) else {
      throw UsageError("'\(args.positionals[1])' is not a defer reason; use one of \(DeferReason.validWords)")
    }
    let until = try time(args.options.until)
    if let refusal = reason.untilRefusal(given: until != nil) { throw UsageError(refusal) }
    let on = args.options.on
    if on != nil, let refusal = reason.onRefusal(given: true) { throw UsageError(refusal) }
    let result = try call(Wire.TaskDefer.self, .init(id: id, reason: reason, until: until, on: on))
    output.report(Self.deferred(result.task, as: reason, on: on), json: result)
  }

  /// What a deferral did, as the sentence `defer` and the Now view say.
  static func deferred(_ task: Wire.Task, as reason: DeferReason, on: TaskID? = nil) -> String {
    let sentence: String =
      switch (reason, task.status) {
      case (.blocked, .waiting): "\(Output.subject(task)) is waiting" + checkIn(task)
      case (.blocked, _): "\(Output.subject(task)) now waits on task \(on.map(String.init(describing:)) ?? "")"
      default:
        "Deferred \(Output.name(task)), as \(reason.rawValue): "
          + (task.said?.deferral ?? reason.rule)
      }
    return sentence + "."
  }

  func wait(_ args: CommandArguments<WaitOptions>) throws {
    let id = try args.taskID("wait", example: "stride wait 12 \"reply from Sam\"")
    let note = args.positionals.dropFirst().joined(separator: " ")
    let followUp = try time(args.options.followUp)
    let result = try call(Wire.TaskWait.self, .init(id: id, note: note.isEmpty ? nil : note, followUp: followUp))
    let what = result.task.waitingFor.map { " for \($0)" } ?? ""
    output.report("\(Output.subject(result.task)) is waiting\(what)\(Self.checkIn(result.task)).", json: result)
  }

  /// "; Stride asks you to check on it Friday at 09:00", and, when that is after the task's due time, "; it is due
  /// before then (today at 17:00)", as a deferral that comes back after it says; "" without a follow-up.
  static func checkIn(_ task: Wire.Task) -> String {
    guard let said = task.said?.followUp else { return "" }
    let late = task.followUp.flatMap { followUp in task.due.flatMap { $0 < followUp ? task.said?.due : nil } }
    return "; Stride asks you to check on it \(said)" + (late.map { "; it is due before then (\($0))" } ?? "")
  }

  func resume(_ args: CommandArguments<NoOptions>) throws {
    // Alone: a paused focus session goes on.
    guard !args.positionals.isEmpty else { return try resumeFocus() }
    let id = try args.onlyTaskID("resume")
    let result = try call(Wire.TaskResume.self, .init(id: id))
    output.report("\(Output.subject(result.task)) is active again.", json: result)
  }

  func block(_ args: CommandArguments<BlockOptions>, blocking: Bool) throws {
    let command = blocking ? "block" : "unblock"
    try args.noMorePositionals(than: 1, command)
    let id = try args.taskID(command, example: "stride \(command) 12 --on 7")
    guard let other = args.options.on else {
      throw UsageError("\(command) needs the other task, like: stride \(command) \(id) --on 7")
    }
    if blocking {
      let result = try call(Wire.TaskBlock.self, .init(id: id, on: other))
      output.report("\(Output.subject(result.task)) now waits on task \(other).", json: result)
    } else {
      let result = try call(Wire.TaskUnblock.self, .init(id: id, on: other))
      output.report("\(Output.subject(result.task)) no longer waits on task \(other).", json: result)
    }
  }

  func delete(_ args: CommandArguments<NoOptions>) throws {
    let id = try args.onlyTaskID("delete")
    let result = try call(Wire.TaskDelete.self, .init(id: id))
    output.report("Deleted \(Output.name(result.task)). To bring it back: stride undo", json: result)
  }

  func undo(_ args: CommandArguments<UndoOptions>) throws {
    try args.noMorePositionals(than: 0, "undo")
    let result = try call(Wire.HistoryUndo.self, .init(sync: args.options.sync ? true : nil))
    output.report(result.sentence, json: result)
  }
}
