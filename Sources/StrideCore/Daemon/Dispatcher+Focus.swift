import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// The focus session's events: a change to it, and the end of its timebox.
extension Dispatcher {
  /// Starts the focus timer, after settling a session the daemon was not running for; returns what happened to it,
  /// for the log.
  public func startFocusTimer() -> String? {
    focusTimer.start()
  }

  /// `focus.changed` for each session a commit changed (started, paused, let go on, given time, or ended with what
  /// it was on; after an undo, the task's session as it is now, or none), and the timer told to look again.
  func publishFocus(_ changes: [StoreChange]) {
    var changed = false
    // Each task's last change of the commit only: a step finished and the session ended in one commit is one event.
    var last: [TaskID: Int] = [:]
    for (index, change) in changes.enumerated() { for task in change.tasks { last[task.id] = index } }
    for (index, change) in changes.enumerated() {
      for task in change.tasks where last[task.id] == index {
        let last = task.focusSessions.last
        let touched = Self.isFocusAction(change.action) || last?.isRunning == true || last?.endedAt == change.at
        guard touched || change.action == .undo else { continue }
        changed = true
        let running = last.flatMap { touched ? RunningFocus(task: task, session: $0, at: change.at) : nil }
        hub.publish(.focusChanged, at: change.at) { seq, speaker in
          Wire.Event(
            topic: .focusChanged, seq: seq, at: Timestamp(change.at), action: change.action,
            task: running == nil ? Wire.Task(task, saying: speaker) : nil,
            focus: running.map { Wire.Focus($0, saying: speaker) })
        }
      }
    }
    if changed { focusTimer.poke() }
  }

  static func isFocusAction(_ action: ChangeAction) -> Bool {
    [.focusStart, .focusStop, .focusPause, .focusResume, .focusExtend].contains(action)
  }

  /// The end of a timebox: `focus.timeUp` with the calm question, and a reminder on the desktop when they are on.
  static func announceTimeUp(_ running: RunningFocus, hub: EventHub, reminders: Reminders) {
    let message = Wire.Focus(running).timeUpMessage
    hub.publish(.focusTimeUp, at: running.at) { seq, speaker in
      Wire.Event(
        topic: .focusTimeUp, seq: seq, at: Timestamp(running.at), focus: Wire.Focus(running, saying: speaker),
        message: message)
    }
    reminders.timeUp(running, message: message)
  }
}
