import Foundation
import StrideBase
import StrideDBus
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

extension Reminders {
  /// What the person did with a notification, or what became of its server: Done completes its task and Later puts
  /// it off for an hour, and then it is closed (some servers leave a notification up when a button is pressed, its
  /// buttons still looking live); a closed one is forgotten; when a server leaves, all it showed is forgotten, since
  /// the next server gives the same ids to notifications of its own. Only a notification known to be on screen now,
  /// from the server that showed it, is acted on.
  func act(on event: DesktopNotifications.Event) {
    let (shown, key): (DesktopNotifications.Shown, String?)
    switch event {
    case .action(let pressed, let pressedKey): (shown, key) = (pressed, pressedKey)
    case .closed(let closed, _): (shown, key) = (closed, nil)
    case .serverGone(let server): return forget(server)
    }
    let (task, timeUp) = state.withLock { state -> (TaskID?, TaskID?) in
      if let timeUp = state.timeUp, timeUp.showing.shown == shown {
        state.timeUp = nil
        return (nil, timeUp.task)
      }
      guard let task = state.shown.first(where: { $0.value.shown == shown })?.key else { return (nil, nil) }
      state.shown[task] = nil
      return (task, nil)
    }
    guard task != nil || timeUp != nil else { return }
    keep()
    guard let key else { return }
    if let timeUp { answer(key, forSessionOn: timeUp) }
    if let task { press(key, on: task) }
    desktop.withLock { $0 }?.takeDown(shown)
  }

  /// Forgets the notifications a server that left showed: they went with it.
  private func forget(_ server: String) {
    state.withLock { state in
      state.shown = state.shown.filter { $0.value.shown.server != server }
      if state.timeUp?.showing.shown.server == server { state.timeUp = nil }
    }
    keep()
  }

  /// A button of a task's reminder: Done completes the task, Later puts it off for an hour.
  private func press(_ key: String, on task: TaskID) {
    let now = clock()
    // Recorded as pressed on the desktop: `stride undo` in any terminal takes it back while it is the newest there.
    let caller = Tasks.Caller(now: now, origin: History.desktopOrigin)
    do {
      switch key {
      case Self.doneKey:
        _ = try tasks.apply(.complete(task), caller)
        log.info("reminders: task \(task) done from its notification")
      case Self.laterKey:
        let params = Wire.TaskDefer.Params(
          id: task, reason: .noEnergy, until: Timestamp(now.addingTimeInterval(Self.later)))
        _ = try tasks.deferTask(params, caller)
        log.info("reminders: task \(task) put off for an hour from its notification")
      default:
        return
      }
    } catch {
      log.info("reminders: the \(key) button of task \(task)'s notification did nothing: \(error.message)")
    }
  }

  /// A button of the question at the end of a timebox: Keep going gives one more box, Done finishes what the session
  /// is on, Stop ends it. Only while that session still runs on the task it asked about.
  private func answer(_ key: String, forSessionOn task: TaskID) {
    let caller = Tasks.Caller(now: clock(), origin: History.desktopOrigin)
    guard tasks.runningFocus(at: caller.now)?.task.id == task else { return }
    do {
      switch key {
      case Self.keepGoingKey: _ = try tasks.extendFocus(Wire.FocusExtend.Params(), caller)
      case Self.doneKey: _ = try tasks.stopFocus(Wire.FocusStop.Params(finish: true), caller)
      case Self.stopKey: _ = try tasks.stopFocus(Wire.FocusStop.Params(), caller)
      default: return
      }
      log.info("reminders: the focus session on task \(task): \(key) from its notification")
    } catch {
      log.info("reminders: the \(key) button of the focus session's notification did nothing: \(error.message)")
    }
  }
}
