import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Focus sessions in memory: the time they count, and the rules that start, hold, lengthen and end them.
@Suite("Focus sessions")
struct FocusSessionTests {
  let now = Fixtures.now

  func minutes(_ count: Double) -> Date { now.addingTimeInterval(count * 60) }

  func rules(_ tasks: [StrideTask]) -> TaskRules {
    TaskRules(
      open: tasks.filter(\.status.isOpen), edges: { () throws(StrideError) in [] },
      find: { id throws(StrideError) in
        guard let task = tasks.first(where: { $0.id == id }) else { throw StrideError.noTask(id) }
        return task
      }, calendar: LocalCalendar(timeZone: TimeZone(identifier: "UTC")!))
  }

  func start(
    _ task: StrideTask, step: Int? = nil, minutes box: Int = 5, among others: [StrideTask] = [],
    switching: Bool = false, at instant: Date? = nil
  ) throws -> (StrideTask, [StrideTask]) {
    let (after, changed) = try rules(others + [task]).applying(
      .focus(task.id, .start(step: step, boxSeconds: box * 60, switching: switching)), to: task, at: instant ?? now)
    return (after, changed.map(\.after))
  }

  @Test("the time counted is the time it ran, less its pauses and the time not counted; the box shows what is left")
  func counting() {
    var session = FocusSession(startedAt: now, boxSeconds: 300)
    #expect(session.spentSeconds(at: minutes(3)) == 180)
    #expect(session.leftSeconds(at: minutes(3)) == 120)
    #expect(session.timeboxEnd(at: minutes(3)) == minutes(5))
    session.pauses = [FocusSession.Pause(from: minutes(1), to: minutes(4))]
    #expect(session.spentSeconds(at: minutes(5)) == 120)
    #expect(session.timeboxEnd(at: minutes(5)) == minutes(8))
    // Asleep for an hour of the wall clock: not counted.
    session.uncountedSeconds = 3600
    #expect(session.spentSeconds(at: minutes(65)) == 120)
    // A pause that still lasts stops the count and the box.
    session.pauses.append(FocusSession.Pause(from: minutes(66)))
    #expect(session.isPaused)
    #expect(session.spentSeconds(at: minutes(90)) == session.spentSeconds(at: minutes(66)))
    #expect(session.timeboxEnd(at: minutes(90)) == nil)
    // Never less than none, whatever the clock did.
    #expect(FocusSession(startedAt: now, boxSeconds: 60).spentSeconds(at: minutes(-5)) == 0)
  }

  @Test("a start on a finished, waiting or blocked task, or a finished step, says what to do instead")
  func refusals() throws {
    let cases: [(StrideTask, Int?, String)] = [
      (Fixtures.task(1, status: .completed), nil, "reopen it first with: stride reopen 1"),
      (Fixtures.task(2, status: .waiting), nil, "stride resume 2"),
      (Fixtures.task(4, blockedBy: [TaskID(9)]), nil, "start that one: stride start 9"),
      (Fixtures.task(5, steps: [Subtask(title: "a", done: true)]), 1, "start the task: stride start 5"),
      (Fixtures.task(6), 2, "task 6 has no step 2"),
    ]
    for (task, step, advice) in cases {
      let error = try #require(throws: StrideError.self) { try start(task, step: step) }
      #expect(error.message.contains(advice), "\(error.message)")
      #expect(error.code == .invalidTransition || error.code == .subtaskNotFound)
    }
  }

  @Test("a task put off is taken up again by starting on it; a finished step's refusal names the next open one")
  func deferredAndNextStep() throws {
    var deferred = Fixtures.task(1, steps: [Subtask(title: "a", done: true), Subtask(title: "b")])
    deferred.status = .deferred
    deferred.deferral = Deferral(reason: .unsure, at: now, until: nil)
    let (started, _) = try start(deferred)
    #expect(started.status == .active && started.deferral == nil && started.runningFocus != nil)
    let error = try #require(throws: StrideError.self) { try start(deferred, step: 1) }
    #expect(error.message == "step 1 of task 1 is done already; start its next step: stride start 1.2")
  }

  @Test("one session at a time: a second start names the first and changes nothing; with switch it ends the first")
  func oneAtATime() throws {
    let (first, _) = try start(Fixtures.task(1, "write the speech"))
    let second = Fixtures.task(2, "pay rent")
    let error = try #require(throws: StrideError.self) { try start(second, among: [first], at: minutes(2)) }
    #expect(error.code == .focusRunning)
    #expect(
      error.message == "a focus session on task 1 (write the speech) is running, with 3 minutes left; "
        + "to switch to this one: stride start 2 --switch")
    let (started, others) = try start(second, among: [first], switching: true, at: minutes(2))
    #expect(started.runningFocus != nil)
    let ended = try #require(others.first)
    #expect(ended.runningFocus == nil)
    #expect(ended.focusSessions.last?.ending == .switched)
    #expect(ended.spentSeconds == 120)
    // The same task again is named as running, with a way to add time.
    let again = try #require(throws: StrideError.self) { try start(started, among: [ended], at: minutes(3)) }
    #expect(again.message.hasSuffix("to add time: stride extend"))
  }

  @Test("finishing the task, or the step it was started on, or the last step, finishes the session; a defer stops it")
  func endings() throws {
    let steps = [Subtask(title: "find the lease"), Subtask(title: "send it")]
    let task = Fixtures.task(1, steps: steps)
    func apply(_ change: TaskChange, to task: StrideTask, at instant: Date) throws -> StrideTask {
      try rules([task]).applying(change, to: task, at: instant).task
    }
    // On the whole task: the first step done, it goes on with the next.
    var (running, _) = try start(task)
    running = try apply(.completeStep(task.id, index: 1), to: running, at: minutes(2))
    #expect(running.runningFocus != nil)
    #expect(running.focusStep(of: running.runningFocus!)?.subtask.title == "send it")
    running = try apply(.completeStep(task.id, index: 2), to: running, at: minutes(4))
    #expect(running.focusSessions.last?.ending == .finished)
    #expect(running.spentSeconds == 240)
    // On one step: done, it ends.
    (running, _) = try start(task, step: 1)
    running = try apply(.completeStep(task.id, index: 1), to: running, at: minutes(1))
    #expect(running.focusSessions.last?.ending == .finished)
    // The task done, deferred or parked.
    (running, _) = try start(Fixtures.task(2))
    #expect(try apply(.complete(TaskID(2)), to: running, at: minutes(1)).focusSessions.last?.ending == .finished)
    (running, _) = try start(Fixtures.task(3))
    let deferred = try apply(.deferTask(TaskID(3), reason: .noEnergy, until: minutes(60)), to: running, at: minutes(1))
    #expect(deferred.focusSessions.last?.ending == .stopped)
    #expect(deferred.spentSeconds == 60)
  }

  @Test("keep going adds a box from the time spent once it ran out; pause and resume twice are refused")
  func extendAndPause() throws {
    var (task, _) = try start(Fixtures.task(1))
    try task.extendFocus(by: nil, at: minutes(7))
    // Ran out at 5; seven spent; one more box of five from there.
    #expect(task.runningFocus?.timeboxSeconds == 12 * 60)
    try task.extendFocus(by: 600, at: minutes(8))
    #expect(task.runningFocus?.timeboxSeconds == 22 * 60)
    try task.pauseFocus(true, at: minutes(8))
    #expect(throws: StrideError.self) { try task.pauseFocus(true, at: minutes(9)) }
    try task.pauseFocus(false, at: minutes(10))
    #expect(throws: StrideError.self) { try task.pauseFocus(false, at: minutes(11)) }
    try task.endFocus(.stopped, at: minutes(12))
    #expect(task.spentSeconds == 10 * 60)
    #expect(throws: StrideError.self) { try task.endFocus(.stopped, at: minutes(13)) }
  }

  @Test("undo takes a session back as one field with the time spent, and log says each change in words")
  func undoAndWords() throws {
    let before = Fixtures.task(1, "write the speech")
    var (after, _) = try start(before)
    #expect(after.changedFields(from: before) == ["time spent"])
    #expect(after.reverting(after, to: before).task.focusSessions.isEmpty)
    #expect(
      HistoryWords.phrase(.focusStart, before: [before], after: [after], summary: "")
        == "started focusing on task 1, \"write the speech\", for 5 minutes")
    let running = after
    try after.endFocus(.stopped, at: minutes(7))
    #expect(
      HistoryWords.phrase(.focusStop, before: [running], after: [after], summary: "")
        == "stopped focusing on task 1, \"write the speech\", after 7 minutes")
  }

  @Test("a change from elsewhere that finishes or puts aside the task ends its session; an import ends one that ran")
  func fromElsewhere() throws {
    var (task, _) = try start(Fixtures.task(1))
    var done = task
    done.status = .completed
    done.settleFocus(occurrenceDone: false, at: minutes(3))
    #expect(done.focusSessions.last?.ending == .finished)
    #expect(done.spentSeconds == 180)
    var parked = task
    parked.status = .waiting
    parked.settleFocus(occurrenceDone: false, at: minutes(2))
    #expect(parked.focusSessions.last?.ending == .stopped)
    var edited = task
    edited.title = "renamed on the phone"
    edited.settleFocus(occurrenceDone: false, at: minutes(2))
    #expect(edited.runningFocus != nil, "a change that leaves it active leaves the session running")
    // Imported from a file written while it ran elsewhere: it ended at that task's last change there.
    task.updatedAt = minutes(4)
    let (imported, _) = try TaskRules.imported([task], lastID: 0)
    #expect(imported[0].focusSessions.last?.ending == .interrupted)
    #expect(imported[0].focusSessions.last?.endedAt == minutes(4))
  }

  @Test("a routine's last step done ends its session (the steps open again for next time); skip and delete end it")
  func routineSkipDelete() throws {
    var routine = Fixtures.task(1, due: minutes(60), steps: [Subtask(title: "water"), Subtask(title: "feed")])
    routine.recurrence = Recurrence(rrule: "FREQ=DAILY")
    var (running, _) = try start(routine)
    func apply(_ change: TaskChange, to task: StrideTask, at instant: Date) throws -> StrideTask {
      try rules([task]).applying(change, to: task, at: instant).task
    }
    running = try apply(.completeStep(TaskID(1), index: 1), to: running, at: minutes(1))
    #expect(running.runningFocus != nil)
    running = try apply(.completeStep(TaskID(1), index: 2), to: running, at: minutes(2))
    #expect(running.subtasks.allSatisfy { !$0.done }, "the next time's steps are open")
    #expect(running.focusSessions.last?.ending == .finished)
    (running, _) = try start(running, at: minutes(3))
    #expect(try apply(.skip(TaskID(1)), to: running, at: minutes(4)).focusSessions.last?.ending == .stopped)
    let deleted = try apply(.delete(TaskID(1)), to: running, at: minutes(5))
    #expect(deleted.focusSessions.last?.ending == .stopped)
  }
}
