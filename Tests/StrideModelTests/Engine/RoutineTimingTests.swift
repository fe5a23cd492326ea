import Foundation
import StrideTestSupport
import Testing

@testable import StrideModel

/// Routines keep to their own days: today's time is the one to do today, a routine done for its period waits for
/// its next time, and a morning of routines leaves room for the rest.
@Suite("Routines on their own day")
struct RoutineTimingTests {
  let utc = TimeZone(identifier: "UTC")!
  var calendar: LocalCalendar { LocalCalendar(timeZone: utc) }

  func routine(_ id: Int64, _ title: String, _ rule: String, due: String) -> StrideTask {
    var task = Fixtures.task(id, title, created: Fixtures.at("2026-10-01T09:00:00Z"), due: Fixtures.at(due))
    task.recurrence = Recurrence(rrule: rule)
    return task
  }

  func evaluate(_ tasks: [StrideTask], at instant: String) -> Ranking.Evaluation {
    Ranking.evaluate(tasks: tasks, context: NowContext(instant: Fixtures.at(instant), timeZone: utc))
  }

  @Test(
    "a routine missed last week moves to today's time at the start of today, even before that time; done, it is next",
    arguments: [
      ("FREQ=WEEKLY;BYDAY=MO", "2026-11-16T19:00:00Z", "2026-11-23T19:00:00Z", "2026-11-30T19:00:00Z"),
      ("FREQ=DAILY", "2026-11-20T07:30:00Z", "2026-11-23T07:30:00Z", "2026-11-24T07:30:00Z"),
      ("FREQ=WEEKLY;BYDAY=MO,TH", "2026-11-19T23:59:59Z", "2026-11-23T23:59:59Z", "2026-11-26T23:59:59Z"),
    ])
  func todaysTime(_ rule: String, _ missedDue: String, _ today: String, _ next: String) throws {
    var task = routine(1, "water the plants", rule, due: missedDue)
    task.updatedAt = Fixtures.at(missedDue)
    // Monday 23 November, 06:00: today's time has not come yet.
    let morning = Fixtures.at("2026-11-23T06:00:00Z")
    let wake = try #require(task.wakeUps.filter { $0.kind == .routine }.map(\.at).min())
    #expect(wake <= morning, "it moves on by the start of today, not at today's clock time")
    #expect(task.woken(at: morning, now: morning).due == Fixtures.at(today))
    // Done this morning, whether or not the daemon moved it on first, the next time is after today.
    var done = task
    try done.complete(at: morning, calendar: calendar)
    #expect(done.due == Fixtures.at(next))
    var moved = task.woken(at: morning, now: morning)
    try moved.complete(at: morning, calendar: calendar)
    #expect(moved.due == Fixtures.at(next))
  }

  @Test(
    "a routine done for its period stays out of now until around its time, and why says when it comes back",
    arguments: [
      // rule, next due, a day it is hidden, the first day it shows
      ("FREQ=MONTHLY;BYMONTHDAY=1", "2027-01-01T23:59:59Z", "2026-12-20T09:00:00Z", "2026-12-29T00:00:00Z"),
      ("FREQ=WEEKLY;BYDAY=TU", "2026-12-01T23:59:59Z", "2026-11-28T09:00:00Z", "2026-11-30T00:00:00Z"),
      ("FREQ=DAILY", "2026-11-24T07:30:00Z", "2026-11-23T12:00:00Z", "2026-11-24T00:00:00Z"),
      ("FREQ=YEARLY", "2027-03-10T23:59:59Z", "2027-02-20T09:00:00Z", "2027-03-03T00:00:00Z"),
    ])
  func hiddenUntilItsTime(_ rule: String, _ due: String, _ hiddenAt: String, _ showsAt: String) throws {
    let rent = routine(1, "pay the rent", rule, due: due)
    let hidden = evaluate([rent], at: hiddenAt)
    #expect(hidden.suggestions.isEmpty, "\(rule) shows weeks ahead")
    let reason = try #require(hidden.hidden.first?.hidden)
    #expect(reason.reason == .routineLater)
    #expect(reason.detail.hasPrefix("it is a routine whose next time is "), "\(reason.detail)")
    let day = HumanTime(now: Fixtures.at(hiddenAt), timeZone: utc).day(Fixtures.at(showsAt))
    #expect(reason.detail.hasSuffix("; it shows from \(day)"), "\(reason.detail)")
    #expect(evaluate([rent], at: showsAt).suggestions.map(\.task.id) == [rent.id], "\(rule) on its day")
    #expect(!evaluate([rent], at: showsAt).suggestions.isEmpty)
    // A pin keeps it in now whatever its time.
    var pinned = rent
    pinned.pinned = true
    #expect(evaluate([pinned], at: hiddenAt).suggestions.count == 1)
  }

  @Test("on a morning when five routines are due, at most two take places and the rest go to other work")
  func routinesLeaveRoom() throws {
    let routines = ["stretch", "take the vitamins", "water the plants", "feed the fish", "make the bed"].enumerated()
      .map {
        routine(Int64($0.offset + 1), $0.element, "FREQ=DAILY", due: "2026-11-23T10:00:00Z")
      }
    let others = ["write the report", "call the bank", "book the dentist"].enumerated().map {
      Fixtures.task(Int64($0.offset + 10), $0.element, created: Fixtures.at("2026-11-20T09:00:00Z"))
    }
    let result = evaluate(routines + others, at: "2026-11-23T08:00:00Z")
    #expect(result.suggestions.count == 5)
    #expect(result.suggestions.count { $0.task.repeats } == 2, "\(result.suggestions.map(\.task.title))")
    let left = try #require(result.passedOver.first { $0.task.repeats })
    #expect(left.hidden.detail == "2 routines are shown already, to leave room for the rest")
  }

  @Test("two routines on different days are named by their days, never both 'your weekly routine'")
  func namedByDays() {
    let names = [
      "FREQ=WEEKLY;BYDAY=TU,FR", "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=WEEKLY;BYDAY=MO", "FREQ=MONTHLY;BYMONTHDAY=1",
      "FREQ=MONTHLY;BYMONTHDAY=15", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "FREQ=MONTHLY;BYDAY=2TU", "FREQ=DAILY",
    ].map { Recurrence(rrule: $0)!.routineName }
    #expect(Set(names).count == names.count, "\(names)")
    #expect(names[0] == "your Tuesday and Friday routine")
    #expect(names[3] == "your routine on the 1st of the month")
    #expect(names[5] == "your routine every 2 weeks on Monday")
  }

  @Test("a task left out for scoring lower is shown numbers that really are lower, however close; pins are counted")
  func higherIsTrue() throws {
    var random = SeededRandom(7)
    var tasks = (1...300).map { random.task(id: Int64($0), now: Fixtures.now) }
    tasks[0].pinned = true
    var sawOnePin = false
    for hour in stride(from: 0, to: 96, by: 7) {
      // One pin, then two.
      if hour > 48 { tasks[1].pinned = true }
      let context = NowContext(instant: Fixtures.now.addingTimeInterval(Double(hour) * 3600), timeZone: utc)
      let evaluation = Ranking.evaluate(tasks: tasks, context: context)
      let pins = evaluation.suggestions.filter { $0.task.pinned }.count
      for left in evaluation.passedOver {
        let detail = left.hidden.detail
        if detail.hasPrefix("the tasks shown score higher") {
          let numbers = detail.split { !"0123456789.".contains($0) }.compactMap { Double($0) }
          #expect(numbers.count == 2 && numbers[0] > numbers[1], "\(detail)")
        }
        // Pins are counted as they are: "your pins" are two or more that took places from it.
        if detail.contains("your pin") { #expect(pins >= 1, "\(detail)") }
        if detail.contains("your pins") { #expect(pins > 1, "\(detail)") }
        sawOnePin = sawOnePin || detail.contains("your pin,") || detail.hasSuffix("your pin")
      }
    }
    #expect(sawOnePin, "one pin is said as one")
  }
}
