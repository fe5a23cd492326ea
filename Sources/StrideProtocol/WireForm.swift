import Foundation
import StrideBase
import StrideModel
import StrideWire

// The one seam between the model and the wire: each of the daemon's values as the wire carries it (in StrideWire's
// types, which a client reads and the daemon writes), and back where the wire brings whole tasks in (`task.import`,
// the history's rows). A new field of a task is one line in each direction here; the compiler asks for both, as
// `Wire.Task`'s initializer names every field and `StrideTask`'s takes each.

extension Wire.Task {
  /// The task as the wire carries it; with a speaker, its times said in words (`said`).
  public init(_ task: StrideTask, saying speaker: Speaker? = nil) {
    self.init(
      id: task.id, title: task.title, rawInput: task.rawInput, energy: task.energy,
      estimateMinutes: task.estimateMinutes, status: task.status, type: task.type,
      subtasks: task.subtasks.enumerated().map { index, step in
        Wire.Step(
          index: index + 1, title: step.title, done: step.done, completedAt: step.completedAt.map(Timestamp.init))
      },
      progress: task.progress, blockedBy: task.blockedBy, due: task.due.map(Timestamp.init),
      start: task.start.map(Timestamp.init), tags: task.tags, deferral: task.deferral.map(Wire.Deferral.init),
      deferCount: task.deferCount, deferrals: task.deferrals.map(Wire.Deferral.init), waitingFor: task.waitingFor,
      followUp: task.followUp.map(Timestamp.init), createdAt: Timestamp(task.createdAt),
      updatedAt: Timestamp(task.updatedAt), completedAt: task.completedAt.map(Timestamp.init),
      repeat: task.recurrence.map { Wire.Repeat($0, missed: task.missed) }, pinned: task.pinned,
      notes: task.notes.map { Wire.Note(at: Timestamp($0.at), text: $0.text) }, list: task.list,
      spentSeconds: task.spentSeconds,
      focusSessions: task.focusSessions.map { Wire.FocusSession($0, at: task.updatedAt) },
      said: speaker.map { TaskSaid(task, $0) })
  }
}

extension StrideTask {
  /// A task the wire brought in whole (its times in words, which are not the task's, left behind). A repeat rule
  /// Stride does not keep is refused, naming it.
  public init(_ wire: Wire.Task) throws(StrideError) {
    let recurrence = try wire.repeat.map { rule throws(StrideError) in
      guard let recurrence = Recurrence(rrule: rule.rule, afterDone: rule.afterDone) else {
        throw StrideError.invalid("'\(rule.rule)' is not a repeat rule Stride keeps")
      }
      return recurrence
    }
    self.init(
      id: wire.id, title: wire.title, rawInput: wire.rawInput, energy: wire.energy,
      estimateMinutes: wire.estimateMinutes, status: wire.status, type: wire.type,
      subtasks: wire.subtasks.map { Subtask(title: $0.title, done: $0.done, completedAt: $0.completedAt?.date) },
      blockedBy: wire.blockedBy, due: wire.due?.date, start: wire.start?.date, tags: wire.tags,
      deferral: wire.deferral.map(Deferral.init), deferrals: wire.deferrals.map(Deferral.init),
      waitingFor: wire.waitingFor, followUp: wire.followUp?.date, createdAt: wire.createdAt.date,
      updatedAt: wire.updatedAt.date, completedAt: wire.completedAt?.date, recurrence: recurrence,
      pinned: wire.pinned, missed: wire.repeat?.missed ?? 0,
      notes: wire.notes.map { Note(at: $0.at.date, text: $0.text) }, list: wire.list,
      spentSeconds: wire.spentSeconds, focusSessions: wire.focusSessions.map(FocusSession.init))
  }
}

extension Wire.Deferral {
  public init(_ deferral: Deferral) {
    self.init(
      reason: deferral.reason, at: Timestamp(deferral.at), until: deferral.until.map(Timestamp.init),
      energy: deferral.energy)
  }
}

extension Deferral {
  public init(_ wire: Wire.Deferral) {
    self.init(reason: wire.reason, at: wire.at.date, until: wire.until?.date, energy: wire.energy)
  }
}

extension Wire.Repeat {
  /// A routine's rule; `missed` for a task's (a draft has none).
  public init(_ rule: Recurrence, missed: Int? = nil) {
    self.init(rule: rule.rrule, afterDone: rule.afterDone, words: rule.words, missed: missed)
  }
}

extension Wire.Draft {
  /// A capture as it was read; with a speaker, its times said and the reading in words.
  public init(_ draft: TaskDraft, saying speaker: Speaker? = nil) {
    self.init(
      title: draft.title, rawInput: draft.rawInput, steps: draft.steps, energy: draft.energy,
      estimateMinutes: draft.estimateMinutes, type: draft.type, due: draft.due.map(Timestamp.init),
      start: draft.start.map(Timestamp.init), tags: draft.tags, repeat: draft.recurrence.map { Wire.Repeat($0) },
      spans: draft.spans, list: draft.list, said: speaker.map { DraftSaid(draft, $0) })
  }
}

extension Wire.Suggestion {
  /// A suggestion as the wire carries it. Its why-lines say its times; its task says them too only with a speaker
  /// (an announcement to a subscriber that asked for words), so one kept now-list serves every connection.
  public init(_ suggestion: Suggestion, saying speaker: Speaker? = nil) {
    self.init(
      kind: suggestion.kind, task: Wire.Task(suggestion.task, saying: speaker), step: suggestion.step,
      prompt: suggestion.prompt, score: suggestion.score, terms: suggestion.terms, why: suggestion.why)
  }
}

extension Wire.NowResult {
  public init(_ answer: NowAnswer, saying speaker: Speaker? = nil) {
    self.init(
      suggestions: answer.suggestions.map { Wire.Suggestion($0, saying: speaker) }, openTasks: answer.openTasks,
      energy: answer.energy, hidden: answer.hidden, overdue: answer.overdue, tagged: answer.tagged,
      outOfViewLong: answer.outOfViewLong, outOfViewDays: answer.outOfViewDays,
      focus: answer.focus.map { Wire.Focus($0, saying: speaker) })
    learnedEnergy = answer.learnedEnergy
    calendar = answer.calendar.map(CalendarNow.init)
    ahead = answer.ahead ? true : nil
  }
}

extension CalendarNow {
  public init(_ line: CalendarLine) {
    func event(_ event: BusyTimes.Event?) -> CalendarEvent? {
      event.map { CalendarEvent(title: $0.title, start: Timestamp($0.start), end: Timestamp($0.end)) }
    }
    let moment = line.moment
    self.init(
      during: event(moment.during), busyUntil: moment.busyUntil.map(Timestamp.init), next: event(moment.next),
      minutes: moment.minutes, fitted: line.fitted, sentence: line.sentence)
  }
}

extension NowPrompt.Result {
  /// The prompt line of a now-list, holding until `until`.
  public init(_ answer: NowAnswer, until: Date) {
    let first = answer.suggestions.first
    self.init(
      first: first.map { ($0.task.id, $0.task.title, $0.step?.title) }, count: answer.suggestions.count,
      until: Timestamp(until), focus: answer.focus.map { NowPrompt.Result.PromptFocus(Wire.Focus($0)) })
  }
}

extension Wire.WakeUp {
  public init(_ wakeUp: WakeUp) {
    self.init(task: wakeUp.task, kind: wakeUp.kind, at: Timestamp(wakeUp.at))
  }
}

extension TaskPatch {
  /// The fields `task.update` changes; its repeat words are read by the daemon (`TimeReader.patch`).
  public init(_ params: Wire.TaskUpdate.Params) {
    self.init(
      title: params.title, energy: params.energy, estimateMinutes: params.estimateMinutes, type: params.type,
      due: params.due.map { $0?.date }, start: params.start.map { $0?.date }, tags: params.tags)
  }
}

extension Wire.FocusSession {
  /// A session as the task keeps it, its time counted at its end, or at `now` while it runs (a task's sessions are
  /// counted at its last change: `Wire.Focus` says the time of a running one at the moment of a reply).
  public init(_ session: FocusSession, at now: Date) {
    self.init(
      step: session.step, startedAt: Timestamp(session.startedAt), boxSeconds: session.boxSeconds,
      timeboxSeconds: session.timeboxSeconds,
      pauses: session.pauses.map { Wire.FocusSession.Pause(from: Timestamp($0.from), to: $0.to.map(Timestamp.init)) },
      uncountedSeconds: session.uncountedSeconds, spentSeconds: session.spentSeconds(at: now),
      endedAt: session.endedAt.map(Timestamp.init), ending: session.ending)
  }
}

extension FocusSession {
  public init(_ wire: Wire.FocusSession) {
    self.init(
      step: wire.step, startedAt: wire.startedAt.date, boxSeconds: wire.boxSeconds,
      timeboxSeconds: wire.timeboxSeconds,
      pauses: wire.pauses.map { FocusSession.Pause(from: $0.from.date, to: $0.to?.date) },
      uncountedSeconds: wire.uncountedSeconds, endedAt: wire.endedAt?.date, ending: wire.ending)
  }
}

extension Wire.Focus {
  /// A session as it stands at its moment: what it is on, the time spent and left; with a speaker, its times in
  /// words.
  public init(_ running: RunningFocus, saying speaker: Speaker? = nil) {
    let (task, session, now) = (running.task, running.session, running.at)
    // Once it ended, the task's next step is no longer what it is on.
    let step = session.isRunning || session.step != nil ? task.focusStep(of: session) : nil
    let endsAt = session.timeboxEnd(at: now)
    self.init(
      task: task.id, title: task.title, step: step.map { SuggestionStep(index: $0.index, title: $0.subtask.title) },
      onStep: session.step != nil, startedAt: Timestamp(session.startedAt), boxSeconds: session.boxSeconds,
      timeboxSeconds: session.timeboxSeconds, spentSeconds: session.spentSeconds(at: now),
      leftSeconds: session.leftSeconds(at: now), paused: session.isPaused, endsAt: endsAt.map(Timestamp.init),
      uncountedSeconds: session.uncountedSeconds == 0 ? nil : session.uncountedSeconds,
      endedAt: session.endedAt.map(Timestamp.init), ending: session.ending,
      said: speaker.map { speaker in
        Said(
          startedAt: speaker.time.describe(session.startedAt), endsAt: endsAt.map(speaker.time.describe),
          endedAt: session.endedAt.map(speaker.time.describe))
      })
  }
}
