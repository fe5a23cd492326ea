import StrideBase
import StrideClientKit
import StrideConnection
import StrideJSON
import StridePlatform
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// `stride watch`: prints events as they happen, or runs a command for each, and comes back after a restart.
extension Session {
  static let watchedByDefault: [EventTopic] = [.taskWoke, .taskChanged, .taskCompleted, .syncFinished, .focusTimeUp]
  /// How long an `--exec` command may run for one event before it is stopped.
  static let execTimeout = 60.0

  func watch(_ args: CommandArguments<WatchOptions>) throws {
    try args.noMorePositionals(than: 0, "watch")
    let topics = args.options.topics ?? Self.watchedByDefault
    let command = args.options.exec
    var connection = try client()
    var reconnected = false
    while true {
      let state = try connection.subscribe(topics)
      if command == nil { greet(state.result, reconnected: reconnected) }
      fflush(nil)
      do {
        while true {
          let event = try connection.nextEvent()
          if let command { run(command, for: event) } else { show(event) }
          // Each line as it happens, also into a pipe or a file.
          fflush(nil)
        }
      } catch {
        // The daemon stopped, restarted, or cut this subscriber off: connect again once it answers.
        if command == nil, !output.json {
          output.say("strided stopped answering; watching for it to come back (Ctrl-C ends this).")
          fflush(nil)
        }
      }
      connection = reconnect()
      reconnected = true
    }
  }

  /// Waits until the daemon answers again (it is not started from here: someone stopped it on purpose); the new
  /// connection is made as the first was, with this shell's context.
  private func reconnect() -> StrideClient {
    while true {
      disconnect()
      if let connection = try? client(autostart: false) { return connection }
      sleep(1)
    }
  }

  private func greet(_ state: Wire.SubscribeResult, reconnected: Bool) {
    guard !output.json else { return }
    let ready = state.now.suggestions.count
    var heard: [String] = []
    if state.topics.contains(.taskChanged) || state.topics.contains(.taskCompleted) { heard.append("changes") }
    if state.topics.contains(.taskWoke) { heard.append("wake-ups") }
    if state.topics.contains(.nowChanged) { heard.append("a new now-list") }
    if state.topics.contains(.syncFinished) { heard.append("sync") }
    var line =
      reconnected
      ? "strided is back. "
      : "Watching for \(heard.dropLast().joined(separator: ", "))\(heard.count > 1 ? " and " : "")\(heard.last ?? "events"). "
    line += ready == 1 ? "1 task is ready now" : "\(ready == 0 ? "No" : "\(ready)") tasks are ready now"
    if let next = state.nextWakeUp {
      line += "; the next comes back \(Output.said(state.said?.nextWakeUp, next.at))"
    }
    output.say(line + ".")
  }

  private func show(_ answer: Answer<Wire.Event>) {
    guard !output.json else { return output.emit(answer) }
    let event = answer.result
    // A pass that moved nothing is not news.
    if event.topic == .syncFinished, event.error == nil, event.sync == SyncReport() { return }
    output.say(Output.said(event.said?.clock, event.at) + "  " + Self.sentence(event))
  }

  /// Runs the `--exec` command with the event as JSON on stdin and a few variables for one-line commands; passes
  /// on what it prints.
  private func run(_ command: String, for answer: Answer<Wire.Event>) {
    let event = answer.result
    setenv("STRIDE_EVENT", event.topic.rawValue, 1)
    setenv("STRIDE_MESSAGE", Self.sentence(event), 1)
    setenv("STRIDE_TASK_ID", event.task.map { String($0.id.rawValue) } ?? "", 1)
    setenv("STRIDE_TASK_TITLE", event.task?.title ?? "", 1)
    let json = JSONWriter.write(answer.json)
    guard
      let printed = ExternalCommand.run(
        ["/bin/sh", "-c", command], input: json + [0x0A], timeout: Self.execTimeout)
    else {
      return note(
        "stride: the --exec command failed (or ran over \(Int(Self.execTimeout)) seconds) for \(event.topic.rawValue) "
          + "event \(event.seq); watching on.")
    }
    Terminal.write(printed)
  }

  /// The event as a sentence a person reads (also `$STRIDE_MESSAGE` for `--exec`).
  static func sentence(_ event: Wire.Event) -> String {
    if event.topic == .syncFinished {
      return event.sync.map(Session.sentence) ?? "Sync did not work: \(event.error ?? "no reason was given")."
    }
    if let focus = event.focus {
      if event.topic == .focusTimeUp {
        return (event.message ?? focus.timeUpMessage) + " (stride extend, stride done or stride stop)"
      }
      if let ending = focus.ending { return Self.ended(focus, ending) }
      return focus.sentence()
    }
    if let now = event.now {
      guard let first = now.suggestions.first else { return "Nothing is ready to start right now." }
      let others = now.suggestions.count - 1
      return "Now: \(Output.name(first.task)) first"
        + (others == 0 ? "." : ", and \(others) more \(others == 1 ? "task" : "tasks").")
    }
    guard let task = event.task else { return "Something changed (\(event.topic.rawValue))." }
    switch event.topic {
    case .taskWoke:
      let wakeUps = event.wakeUps ?? []
      let moment = wakeUps.first?.at ?? event.at
      let late = event.late == true ? " (it came due \(Output.said(event.said?.wakeUp, moment)))" : ""
      // A due time arriving brings nothing back: the task never went away.
      if WakeUpKind.onlyDue(wakeUps.map(\.kind)) {
        return "\(Output.subject(task)) is due now\(late)."
      }
      return "\(Output.subject(task)) is back: \(WakeUpKind.reasons(wakeUps.map(\.kind)))\(late)."
    case .taskCompleted:
      return "Done: \(Output.name(task))."
    default:
      if event.removed == true { return "Removed \(Output.name(task))." }
      switch event.action {
      case .deferTask:
        // A task deferred as blocked waits, with no deferral of its own.
        let blocked = task.status == .waiting || !task.blockedBy.isEmpty
        if let reason = task.deferral?.reason ?? (blocked ? .blocked : nil) {
          return deferred(task, as: reason, on: task.blockedBy.last)
        }
      case .complete:
        // A routine stays open: it was done, and is back at its next time.
        if let back = task.said?.backOn { return "Done: \(Output.name(task)). Back on \(back)." }
      case .pin:
        return "\(task.pinned ? "Pinned" : "Unpinned") \(Output.name(task))."
      case .block:
        if let other = task.blockedBy.last { return "\(Output.subject(task)) now waits on task \(other)." }
      default:
        break
      }
      return "\(Self.verb(event.action)) \(Output.name(task))."
    }
  }

  /// How a change to a task is said in the stream: "Added", "Deferred", "Brought in from another device:".
  static func verb(_ action: ChangeAction?) -> String {
    switch action {
    case .capture: "Added"
    case .importTasks: "Imported"
    case .update: "Edited"
    case .deferTask: "Deferred"
    case .reopen: "Reopened"
    case .addStep: "Added a step to"
    case .completeStep: "Finished a step of"
    case .reopenStep: "Reopened a step of"
    case .addNote: "Added a note to"
    case .removeNote: "Removed a note of"
    case .move: "Moved to another list:"
    case .wait: "Parked"
    case .resume: "Resumed"
    case .unblock: "Removed a dependency of"
    case .block: "Changed the dependencies of"
    case .skip: "Skipped this round of"
    case .undo: "Undid the last change to"
    case .syncReceive: "Brought in from another device:"
    case .complete: "Done:"
    case .pin: "Changed the pin of"
    case .delete: "Removed"
    case .wake: "Brought back"
    case .focusStart: "Started focusing on"
    case .focusStop: "Ended the focus session on"
    case .focusPause: "Paused the focus session on"
    case .focusResume: "Went on with the focus session on"
    case .focusExtend: "Gave more time to the focus session on"
    case .setContext, nil: "Changed"
    }
  }
}
