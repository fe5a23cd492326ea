import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

@Suite("Task transitions")
struct TaskTransitionTests {
  let now = Fixtures.now

  @Test("completing a task records when, and completing it twice says it is already done")
  func completeTwice() throws {
    var task = Fixtures.task(1)
    try task.complete(at: now)
    #expect(task.status == .completed)
    #expect(task.completedAt == now)
    #expect(throws: StrideError(.invalidTransition, "task 1 is already done; reopen it with: stride reopen 1")) {
      try task.complete(at: now)
    }
    try task.reopen(at: now)
    #expect(task.status == .active)
    #expect(task.completedAt == nil)
  }

  @Test("a title is kept on one line: runs of spaces, tabs and line breaks become one space, the ends trimmed")
  func titleOnOneLine() throws {
    #expect(try StrideTask.checkedTitle("call the dentist (crown) ~ok") == "call the dentist (crown) ~ok")
    #expect(try StrideTask.checkedTitle("  call\tthe   dentist\n") == "call the dentist")
    #expect(try StrideTask.checkedTitle("call\u{7F}the dentist") == "call the dentist")
    #expect(try StrideTask.checkedTitle("Café  au lait") == "Café au lait")
    #expect(try StrideTask.checkedTitle(String(repeating: "a", count: 1000)).count == 1000)
    #expect(throws: StrideError.invalid("the title is longer than 1000 characters; shorten it")) {
      try StrideTask.checkedTitle(String(repeating: "a", count: 1001))
    }
    #expect(throws: StrideError.invalid("the title is empty; say in a few words what it is")) {
      try StrideTask.checkedTitle(" \t ")
    }
  }

  @Test("completing the last open step completes the task; reopening a step reopens it")
  func lastStepCompletesTask() throws {
    var task = Fixtures.task(3, steps: [Subtask(title: "find number"), Subtask(title: "call")])
    try task.completeStep(1, at: now)
    #expect(task.status == .active)
    #expect(task.progress == StepProgress(done: 1, total: 2))
    #expect(task.nextStep?.index == 2)
    try task.completeStep(2, at: now)
    #expect(task.status == .completed)
    try task.reopenStep(2, at: now)
    #expect(task.status == .active)
    #expect(task.subtasks[1].done == false)
    // Asked for what is so already: each answer says the way to the other state.
    #expect(
      throws: StrideError(.invalidTransition, "step \(task.id).2 is not done; finish it with: stride done \(task.id).2")
    ) {
      try task.reopenStep(2, at: now)
    }
    #expect(
      throws: StrideError(
        .invalidTransition, "step \(task.id).1 is already done; bring it back with: stride reopen \(task.id).1")
    ) {
      try task.completeStep(1, at: now)
    }
    #expect(
      throws: StrideError(.invalidTransition, "task \(task.id) is not done; finish it with: stride done \(task.id)")
    ) {
      try task.reopen(at: now)
    }
    // A finished task's open step is not ticked: "that was the last step" would be said of a task done before.
    try task.complete(at: now)
    #expect(
      throws: StrideError(
        .invalidTransition,
        "task \(task.id) is already done, so its steps need no ticking; to work on it again: stride reopen \(task.id)")
    ) {
      try task.completeStep(2, at: now)
    }
  }

  @Test("a step that does not exist is named with the steps there are, or how to add one")
  func missingStep() {
    var task = Fixtures.task(12, steps: [Subtask(title: "a"), Subtask(title: "b"), Subtask(title: "c")])
    #expect(throws: StrideError(.subtaskNotFound, "task 12 has no step 4; it has 3 steps, 12.1 to 12.3")) {
      try task.completeStep(4, at: now)
    }
    var single = Fixtures.task(13, steps: [Subtask(title: "a")])
    #expect(throws: StrideError(.subtaskNotFound, "task 13 has no step 2; it has 1 step, 13.1")) {
      try single.completeStep(2, at: now)
    }
    var none = Fixtures.task(14)
    #expect(
      throws: StrideError(
        .subtaskNotFound, "task 14 has no step 1; it has no steps yet (add one with: stride step 14 \"…\")")
    ) {
      try none.completeStep(1, at: now)
    }
  }

  @Test("put off until after it is due, the sentence says so; back before it is due, it does not")
  func deferredPastDue() {
    let time = HumanTime(now: now, timeZone: TimeZone(identifier: "UTC")!)
    let settings = EngineSettings()
    let due = now.addingTimeInterval(2 * 86_400)
    let task = Fixtures.task(3, "pay electricity bill", due: due)
    let said = "; it is due before then (\(time.describe(due)))"
    let cases: [(Deferral, Bool)] = [
      (Deferral(reason: .wrongTime, at: now, until: now.addingTimeInterval(15 * 86_400)), true),
      (Deferral(reason: .wrongTime, at: now, until: now.addingTimeInterval(86_400)), false),
      (Deferral(reason: .notImportant, at: now, until: now.addingTimeInterval(7 * 86_400)), true),
      // Without a time, no energy ends on its own a day later: before this due time.
      (Deferral(reason: .noEnergy, at: now, until: nil, energy: .low), false),
      (Deferral(reason: .noEnergy, at: now, until: now.addingTimeInterval(3 * 86_400)), true),
      (Deferral(reason: .unsure, at: now, until: nil), false),
    ]
    for (deferral, after) in cases {
      let sentence = deferral.effect(for: task, time: time, settings: settings)
      #expect(sentence.hasSuffix(said) == after, "\(deferral.reason): \(sentence)")
    }
    let undated = Fixtures.task(4, "sort photos")
    let later = Deferral(reason: .wrongTime, at: now, until: now.addingTimeInterval(15 * 86_400))
    #expect(!later.effect(for: undated, time: time, settings: settings).contains("due before then"))
  }

  @Test("every defer reason keeps its own until rule: refused where it has none, needed where it means nothing without")
  func deferPolicy() throws {
    let until = now.addingTimeInterval(3600)
    for reason in DeferReason.allCases {
      for time in [until, nil] {
        var task = Fixtures.task(1)
        if let refusal = reason.untilRefusal(given: time != nil) {
          #expect(throws: StrideError.invalid(refusal)) { try task.deferTask(reason, until: time, at: now) }
          #expect(task.deferrals.isEmpty)
          continue
        }
        try task.deferTask(reason, until: time, at: now)
        // A blocked task waits for a check; every other reason defers it, for its pause when no time was given.
        #expect(task.status == (reason.whileDeferred == .waits ? .waiting : .deferred))
        #expect(
          task.deferrals.last?.until == time ?? reason.pauseDays.map { now.addingTimeInterval(Double($0 * 86_400)) })
      }
    }
    #expect(DeferReason.wrongTime.untilRefusal(given: false)?.contains("--until tonight") == true)
    #expect(DeferReason.unsure.untilRefusal(given: true)?.contains("defer it as wrong-time") == true)
    #expect(DeferReason.notImportant.pauseDays == 7)
  }

  @Test("a deferral counts, is kept in the history, and lapses without a write")
  func deferralLapses() throws {
    var task = Fixtures.task(1)
    let until = now.addingTimeInterval(3600)
    try task.deferTask(.noEnergy, until: until, at: now)
    try task.deferTask(.wrongTime, until: until, at: now)
    #expect(task.status == .deferred)
    #expect(task.deferCount == 2)
    #expect(task.deferrals.map(\.reason) == [.noEnergy, .wrongTime])
    #expect(task.settled(at: now.addingTimeInterval(60)).status == .deferred)
    let later = task.settled(at: until)
    #expect(later.status == .active)
    #expect(later.deferral == nil)
    #expect(later.deferCount == 2)
  }

  @Test("a deferral into the past is refused with what to do instead")
  func deferIntoPast() {
    var task = Fixtures.task(1)
    #expect(throws: StrideError.self) { try task.deferTask(.unsure, until: now, at: now) }
    #expect(task.status == .active)
  }

  @Test("waiting keeps a note; resume clears it; resuming an active task is refused")
  func waitAndResume() throws {
    var task = Fixtures.task(5)
    try task.wait(for: "  reply from Sam ", at: now)
    #expect(task.status == .waiting)
    #expect(task.waitingFor == "reply from Sam")
    try task.resume(at: now)
    #expect(task.status == .active)
    #expect(task.waitingFor == nil)
    #expect(throws: StrideError(.invalidTransition, "task 5 is already active, so there is nothing to resume")) {
      try task.resume(at: now)
    }
    // Every sentence says "waiting for" itself ("is waiting for Jo's numbers"), so the note does not repeat it.
    for note in ["waiting for Jo's numbers", "Waiting on Jo's numbers", "wait for Jo's numbers"] {
      try task.wait(for: note, at: now)
      #expect(task.waitingFor == "Jo's numbers", "\(note)")
    }
    try task.wait(for: "waiting for", at: now)
    #expect(task.waitingFor == "waiting for", "nothing left to say: kept as written")
  }

  @Test("edits check each field and refuse an empty edit")
  func patch() throws {
    var task = Fixtures.task(1)
    try task.apply(
      TaskPatch(title: "  call Sam ", estimateMinutes: .some(15), tags: ["#Health", "health", "calls"]), at: now)
    #expect(task.title == "call Sam")
    #expect(task.estimateMinutes == 15)
    #expect(task.tags == ["health", "calls"])
    try task.apply(TaskPatch(estimateMinutes: .some(nil)), at: now)
    #expect(task.estimateMinutes == nil)
    #expect(throws: StrideError.self) { try task.apply(TaskPatch(), at: now) }
    #expect(throws: StrideError.self) { try task.apply(TaskPatch(title: "   "), at: now) }
    #expect(throws: StrideError.self) { try task.apply(TaskPatch(tags: ["two words"]), at: now) }
    #expect(throws: StrideError.self) { try task.apply(TaskPatch(estimateMinutes: .some(0)), at: now) }
  }

}
