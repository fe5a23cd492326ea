import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// A time Stride picks itself lands at the start of the person's day, a deferral is never "until now", a routine
/// done nearer its last time keeps its next one, and the log names a step with its task. Pure: explicit instants.
@Suite("Defer defaults, routines done late, steps in the log")
struct DeferDefaultsTests {
  let utc = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
  let nine = ClockTime(hour: 9)!

  private func deferred(
    _ reason: DeferReason, at instant: String, due: String? = nil, dayStart: ClockTime? = nil
  ) throws -> StrideTask {
    var task = Fixtures.task(1, "renew the permit", due: due.map(Fixtures.at))
    try task.deferTask(
      reason, until: nil, energy: .low, at: Fixtures.at(instant), calendar: utc, dayStart: dayStart ?? nine)
    return task
  }

  @Test(
    "a comeback Stride chose is the start of the day it falls on, never the minute it began nor the night",
    arguments: [
      ("2026-11-27T23:56:00Z", "2026-11-29T09:00:00Z"),  // Friday night: blocked checks in Sunday morning
      ("2026-11-21T00:10:00Z", "2026-11-23T09:00:00Z"),
      ("2026-11-21T09:00:00Z", "2026-11-23T09:00:00Z"),
    ])
  func blockedCheckIn(_ instant: String, _ expected: String) throws {
    let task = try deferred(.blocked, at: instant)
    #expect(task.followUp == Fixtures.at(expected))
  }

  @Test("not-important's week and no-energy's fallback land at the day start the setting names")
  func weekAndFallback() throws {
    let week = try deferred(.notImportant, at: "2026-11-25T23:55:00Z")
    #expect(week.deferral?.until == Fixtures.at("2026-12-02T09:00:00Z"))
    let early = try deferred(.notImportant, at: "2026-11-25T23:55:00Z", dayStart: ClockTime(hour: 7, minute: 30))
    #expect(early.deferral?.until == Fixtures.at("2026-12-02T07:30:00Z"))
    let tired = try deferred(.noEnergy, at: "2026-11-21T00:10:00Z")
    var settings = EngineSettings()
    let back = try #require(tired.deferral?.fallbackEnd(needing: .medium, utc, settings))
    #expect(back == Fixtures.at("2026-11-22T09:00:00Z"), "tomorrow at 09:00, not tomorrow at 00:10")
    settings.noEnergyFallbackHours = 2
    let late = try deferred(.noEnergy, at: "2026-11-21T15:00:00Z")
    #expect(
      late.deferral?.fallbackEnd(needing: .medium, utc, settings) == Fixtures.at("2026-11-22T09:00:00Z"),
      "never before it began")
    let time = HumanTime(now: Fixtures.at("2026-11-21T00:10:00Z"), timeZone: TimeZone(identifier: "UTC")!)
    #expect(
      tired.deferral?.effect(for: tired, time: time, settings: EngineSettings()).hasSuffix("tomorrow at 09:00") == true)
    // Put off at high energy there is no higher energy to wait for: only the day's start is promised.
    var spent = Fixtures.task(2, "write the speech")
    try spent.deferTask(.noEnergy, until: nil, energy: .high, at: Fixtures.at("2026-11-21T00:10:00Z"), calendar: utc)
    let effect = try #require(spent.deferral?.effect(for: spent, time: time, settings: EngineSettings()))
    #expect(effect == "it comes back on its own tomorrow at 09:00, since your energy is already high")
    #expect(!effect.contains("higher than high"))
  }

  @Test(
    "a week and a check-in are calendar days: across the end of summer time they keep their weekday",
    arguments: [
      // Paris leaves summer time on Sunday 25 October 2026, a day of 25 hours; 09:00 after it is 08:00 UTC.
      (DeferReason.notImportant, "2026-10-20T22:30:00Z", "2026-10-28T08:00:00Z"),  // Wed 00:30 → Wed 28 Oct
      (.blocked, "2026-10-23T22:30:00Z", "2026-10-26T08:00:00Z"),  // Sat 00:30 → Mon 26 Oct
    ])
  func calendarDaysAcrossSummerTime(_ reason: DeferReason, _ instant: String, _ expected: String) throws {
    let paris = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Paris")!)
    var task = Fixtures.task(1, "renew the permit")
    try task.deferTask(reason, until: nil, at: Fixtures.at(instant), calendar: paris, dayStart: nine)
    #expect((task.deferral?.until ?? task.followUp) == Fixtures.at(expected), "\(reason)")
  }

  @Test("blocked before a due time: the check-in comes before it, else the reply says it is due before then")
  func blockedBeforeDue() throws {
    // Due Friday 17:00, put off Wednesday: checked on Friday morning, not Friday night.
    let friday = try deferred(.blocked, at: "2026-11-25T10:00:00Z", due: "2026-11-27T08:00:00Z")
    #expect(friday.followUp == Fixtures.at("2026-11-26T09:00:00Z"), "the last day start before an 08:00 due")
    let thursday = try deferred(.blocked, at: "2026-11-25T10:00:00Z", due: "2026-11-26T17:00:00Z")
    #expect(thursday.followUp == Fixtures.at("2026-11-26T09:00:00Z"))
    // Due in three minutes: no day start is left before it, so the check-in stays and the sentence says so.
    let tonight = try deferred(.blocked, at: "2026-11-25T23:56:00Z", due: "2026-11-25T23:59:00Z")
    let checkIn = try #require(tonight.followUp)
    #expect(checkIn == Fixtures.at("2026-11-27T09:00:00Z"))
    let time = HumanTime(now: Fixtures.at("2026-11-25T23:56:00Z"), timeZone: TimeZone(identifier: "UTC")!)
    #expect(Deferral.dueBefore(checkIn, tonight, time: time) == "; it is due before then (today at 23:59)")
  }

  @Test("a check-in Stride set is said as one; a follow-up the person gave is theirs")
  func checkInWords() throws {
    let stride = try deferred(.blocked, at: "2026-11-21T09:00:00Z")
    #expect(Deferral.isStridesCheckIn(stride))
    var asked = Fixtures.task(2, "ask about the parcel")
    try asked.deferTask(.blocked, until: Fixtures.at("2026-11-23T08:00:00Z"), at: Fixtures.now, calendar: utc)
    #expect(!Deferral.isStridesCheckIn(asked))
    var waited = Fixtures.task(3, "hear from Sam")
    try waited.wait(for: "Sam", followUp: Fixtures.at("2026-11-23T09:00:00Z"), at: Fixtures.now)
    #expect(!Deferral.isStridesCheckIn(waited))
    let context = NowContext(
      instant: Fixtures.at("2026-11-23T09:30:00Z"), energy: .medium, timeZone: TimeZone(identifier: "UTC")!)
    let result = Ranking.evaluate(tasks: [stride, asked, waited], context: context)
    let why = Dictionary(uniqueKeysWithValues: result.suggestions.map { ($0.task.id, $0.why.first ?? "") })
    #expect(why[TaskID(1)] == "a check-in on what blocked it, today at 09:00")
    #expect(why[TaskID(2)] == "you asked to check on it today at 08:00")
    #expect(why[TaskID(3)] == "you asked to check on it today at 09:00")
  }

  @Test(
    "\"in 0 minutes\" and \"in 0 hours\" are now, not the whole of today; a defer until now is refused",
    arguments: ["in 0 minutes", "in 0 hours", "in 0 mins", "in 0 seconds"])
  func zeroIsNow(_ text: String) throws {
    let parser = TimeParser(reference: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)
    #expect(parser.parse(text)?.value == Fixtures.instant("2026-11-21T09:00:00Z"), "\(text)")
    var task = Fixtures.task(1, "repaint the fence")
    #expect(throws: StrideError.self) {
      try task.deferTask(.wrongTime, until: Fixtures.now, at: Fixtures.now.addingTimeInterval(2))
    }
    do {
      try task.deferTask(.wrongTime, until: Fixtures.now, at: Fixtures.now.addingTimeInterval(2))
    } catch {
      #expect(error.message.contains("is now") && error.message.contains("give a later time"))
    }
    #expect(parser.parse("in 0 days")?.value == Fixtures.day("2026-11-21"), "days stay a day")
  }

  @Test(
    "a routine done nearer its last time than its next keeps the next one; done on its day or just before, it moves on",
    arguments: [
      // (rule, due, done at, next due)
      ("FREQ=WEEKLY;BYDAY=MO", "2026-11-30T23:59:59Z", "2026-11-25T10:00:00Z", "2026-11-30T23:59:59Z"),
      ("FREQ=WEEKLY;BYDAY=MO", "2026-11-23T23:59:59Z", "2026-11-25T10:00:00Z", "2026-11-30T23:59:59Z"),
      ("FREQ=WEEKLY;BYDAY=MO", "2026-11-30T23:59:59Z", "2026-11-28T10:00:00Z", "2026-12-07T23:59:59Z"),
      ("FREQ=WEEKLY;BYDAY=MO", "2026-11-30T23:59:59Z", "2026-11-30T10:00:00Z", "2026-12-07T23:59:59Z"),
      ("FREQ=WEEKLY;BYDAY=FR", "2026-11-27T23:59:59Z", "2026-11-22T10:00:00Z", "2026-11-27T23:59:59Z"),
      ("FREQ=WEEKLY;BYDAY=MO,TH", "2026-11-26T09:00:00Z", "2026-11-24T10:00:00Z", "2026-11-26T09:00:00Z"),
      ("FREQ=DAILY", "2026-11-22T09:00:00Z", "2026-11-21T10:00:00Z", "2026-11-22T09:00:00Z"),
      ("FREQ=DAILY", "2026-11-21T23:59:59Z", "2026-11-21T10:00:00Z", "2026-11-22T23:59:59Z"),
      ("FREQ=DAILY;INTERVAL=3", "2026-11-28T23:59:59Z", "2026-11-25T10:00:00Z", "2026-11-28T23:59:59Z"),
      ("FREQ=DAILY;INTERVAL=3", "2026-11-28T23:59:59Z", "2026-11-27T10:00:00Z", "2026-12-01T23:59:59Z"),
      ("FREQ=MONTHLY;BYMONTHDAY=1", "2026-12-01T23:59:59Z", "2026-11-05T10:00:00Z", "2026-12-01T23:59:59Z"),
      ("FREQ=MONTHLY;BYMONTHDAY=1", "2026-12-01T23:59:59Z", "2026-11-25T10:00:00Z", "2027-01-01T23:59:59Z"),
      ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "2026-11-23T23:59:59Z", "2026-11-12T10:00:00Z", "2026-11-23T23:59:59Z"),
      ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "2026-11-23T23:59:59Z", "2026-11-18T10:00:00Z", "2026-12-07T23:59:59Z"),
    ])
  func doneNearer(_ rule: String, _ due: String, _ done: String, _ next: String) throws {
    // A routine kept for a while: every time before its due is one of its own.
    var task = Fixtures.task(1, "water the plants", created: Fixtures.at("2026-10-01T09:00:00Z"), due: Fixtures.at(due))
    task.recurrence = Recurrence(rrule: rule)
    let counted = task.occurrenceDone(at: Fixtures.at(done), calendar: utc)
    try task.complete(at: Fixtures.at(done), calendar: utc)
    #expect(task.due == Fixtures.at(next), "\(rule) due \(due), done \(done)")
    #expect(task.status == .active)
    // What is said to have been counted is what moved: the current one when it moved on, the one before when not.
    #expect(
      (counted?.counted == Fixtures.at(due)) == (next != due),
      "\(rule) due \(due), done \(done): \(String(describing: counted))")
    #expect(counted?.next == Fixtures.at(next))
  }

  @Test("a routine done just after it was captured counts its first time, early, not one from before it existed")
  func doneJustCaptured() throws {
    // Captured on Saturday 28 November, every Thursday at 09:00: due Thursday 3 December.
    var task = Fixtures.task(
      1, "water the plants", created: Fixtures.at("2026-11-28T20:00:00Z"), due: Fixtures.at("2026-12-03T09:00:00Z"))
    task.recurrence = Recurrence(rrule: "FREQ=WEEKLY;BYDAY=TH")
    let done = Fixtures.at("2026-11-28T21:00:00Z")
    // Thursday 26 November is nearer, but the routine did not exist then.
    #expect(task.occurrenceDone(at: done, calendar: utc)?.counted == Fixtures.at("2026-12-03T09:00:00Z"))
    try task.complete(at: done, calendar: utc)
    #expect(task.due == Fixtures.at("2026-12-10T09:00:00Z"))
  }

  @Test("skip still moves past the current time, whenever it is asked")
  func skipMovesOn() throws {
    var task = Fixtures.task(1, "water the plants", due: Fixtures.at("2026-11-30T23:59:59Z"))
    task.recurrence = Recurrence(.weekly, weekdays: [1])
    try task.skip(at: Fixtures.at("2026-11-25T10:00:00Z"), calendar: utc)
    #expect(task.due == Fixtures.at("2026-12-07T23:59:59Z"))
  }

  @Test("the log names a finished step with its task and its title, old rows included, and a last step's effect")
  func stepInTheLog() throws {
    var before = Fixtures.task(12, "pay rent")
    before.subtasks = [Subtask(title: "find the lease"), Subtask(title: "sign it")]
    var after = before
    try after.completeStep(1, at: Fixtures.now, calendar: utc)
    let summary = TaskChange.completeStep(TaskID(12), index: 1).summary(of: after)
    #expect(
      HistoryWords.phrase(.completeStep, before: [before], after: [after], summary: summary)
        == "finished step 1 of task 12, \"pay rent\": find the lease")
    // An old row's summary, read the same way.
    #expect(
      HistoryWords.phrase(
        .completeStep, before: [before], after: [after], summary: "completed step 1 of task 12 (pay rent)"
      )
      .hasSuffix(": find the lease"))
    var last = after
    try last.completeStep(2, at: Fixtures.now, calendar: utc)
    #expect(
      HistoryWords.phrase(
        .completeStep, before: [after], after: [last], summary: "completed step 2 of task 12 (pay rent)")
        == "finished step 2 of task 12, \"pay rent\": sign it (the last step, which finished the task)")
    // A routine's last step opens its steps again: the summary still says which one it was.
    var routine = before
    routine.recurrence = Recurrence(.daily)
    routine.due = Fixtures.at("2026-11-21T23:59:59Z")
    routine.subtasks[0].done = true
    var moved = routine
    try moved.completeStep(2, at: Fixtures.now, calendar: utc)
    #expect(
      HistoryWords.phrase(.completeStep, before: [routine], after: [moved], summary: "completed step 2 of task 12 (x)")
        == "finished step 2 of task 12, \"pay rent\": sign it (the last step, which finished the routine for this time)"
    )
  }
}
