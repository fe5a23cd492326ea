import Foundation
import StrideBase

extension TaskRules {
  /// The session running on any open task, with that task.
  var runningFocus: (task: StrideTask, session: FocusSession)? {
    for task in open { if let session = task.runningFocus { return (task, session) } }
    return nil
  }

  /// A change to a task's focus session. One session runs at a time, whatever task it is on: a start while another
  /// runs names it and changes nothing, unless it is asked to switch, when that one ends in its place.
  func focus(_ change: FocusChange, on before: StrideTask, at now: Date) throws(StrideError) -> (
    task: StrideTask, others: [(before: StrideTask, after: StrideTask)]
  ) {
    var task = before
    switch change {
    case .start(let step, let box, let switching):
      try task.checkFocusable(step: step)
      var others: [(before: StrideTask, after: StrideTask)] = []
      if let (other, session) = runningFocus {
        let on = Self.focusName(of: session, on: other)
        guard switching else {
          let same = other.id == task.id && session.step == step
          throw StrideError(
            .focusRunning,
            same
              ? "a focus session on \(on) is running already, with \(Self.left(session, at: now)) left; "
                + "to add time: stride extend"
              : "a focus session on \(on) is running, with \(Self.left(session, at: now)) left; "
                + "to switch to this one: stride start \(task.id)\(step.map { ".\($0)" } ?? "") --switch")
        }
        var ended = other
        try ended.endFocus(.switched, at: now)
        if other.id == task.id { task = ended } else { others.append((other, ended)) }
      }
      try task.startFocus(step: step, boxSeconds: box, at: now)
      return (task, others)
    case .end(let ending): try task.endFocus(ending, at: now)
    case .pause(let paused): try task.pauseFocus(paused, at: now)
    case .extend(let seconds): try task.extendFocus(by: seconds, at: now)
    }
    return (task, [])
  }

  /// A session ends with what it was on: it is finished when the task is done (a routine's occurrence too) or when
  /// the step it was started on is, or the last open one; it stops when the task is put off, set waiting, made to
  /// wait on another, or a routine's time is skipped.
  func endFocus(of task: inout StrideTask, after change: TaskChange, was before: StrideTask, at now: Date)
    throws(StrideError)
  {
    guard let session = before.runningFocus, task.runningFocus != nil else { return }
    // A routine's occurrence done (its last step, which opens them all again for the next time) is finished too.
    let occurrenceDone = before.recurrence != nil && task.due != before.due
    switch change {
    case .complete:
      try task.endFocus(.finished, at: now)
    case .completeStep(_, let index) where session.step == index || task.nextStep == nil || occurrenceDone:
      try task.endFocus(.finished, at: now)
    case .deferTask, .wait, .block, .skip:
      try task.endFocus(.stopped, at: now)
    default:
      break
    }
  }

  /// "step 2 of task 12 (write the speech)", or "task 12 (write the speech)".
  static func focusName(of session: FocusSession, on task: StrideTask) -> String {
    "\(session.step.map { "step \($0) of " } ?? "")task \(task.id) (\(task.title))"
  }

  /// "3 minutes", "no time".
  static func left(_ session: FocusSession, at now: Date) -> String {
    let minutes = Seconds.minutesRoundedUp(session.leftSeconds(at: now))
    return minutes == 0 ? "no time" : Minutes.spoken(minutes)
  }
}
