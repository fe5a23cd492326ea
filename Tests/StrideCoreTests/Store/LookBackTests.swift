import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

@Suite("Looking back: the review and the log")
struct LookBackTests {
  /// A history with known counts, made at known instants, around the end of October in New York (a month
  /// boundary, and the night summer time ends: 1 November 2026, 06:00 UTC).
  private func history() throws -> Tasks {
    let (store, _) = try Fixtures.store()
    func at(_ text: String) -> Date { Fixtures.at(text) }
    func capture(
      _ title: String, _ when: String, energy: EnergyLevel = .medium, minutes: Int? = nil, due: String? = nil,
      steps: [String] = [], repeats: String? = nil
    ) throws -> TaskID {
      var draft = Fixtures.draft(title, steps: steps, due: due.map(at), energy: energy)
      draft.estimateMinutes = minutes
      draft.recurrence = repeats.flatMap { Recurrence(rrule: $0) }
      return try store.capture(draft, at: at(when)).id
    }
    // Before the period: captured, and one finished, which the review leaves out.
    let early = try capture("file the old receipts", "2026-10-29T10:00:00Z")
    try store.apply(.complete(early), at: at("2026-10-29T12:00:00Z"))
    let slipping = try capture("sort the tax papers", "2026-10-29T10:00:00Z")
    try store.apply(.deferTask(slipping, reason: .unsure, until: nil), at: at("2026-10-29T11:00:00Z"))
    try store.apply(.resume(slipping), at: at("2026-10-29T11:30:00Z"))
    let routine = try capture(
      "water the plants", "2026-10-29T10:00:00Z", due: "2026-10-30T13:00:00Z", repeats: "FREQ=DAILY")

    // In the period (30 October to 2 November, New York).
    let late = try capture("pay the phone bill", "2026-10-30T12:00:00Z", energy: .low, minutes: 10)
    // 23:30 on Friday 30 October in New York; Saturday in UTC.
    try store.apply(.complete(late), at: at("2026-10-31T03:30:00Z"))
    try store.apply(.complete(routine), at: at("2026-10-31T13:00:00Z"))
    try store.apply(.skip(routine), at: at("2026-11-01T13:00:00Z"))
    let big = try capture("book the flights", "2026-10-30T12:00:00Z", energy: .high)
    // 09:00 on Sunday 1 November, after the clocks went back.
    try store.apply(.complete(big), at: at("2026-11-01T14:00:00Z"))
    let undone = try capture("call the bank", "2026-10-30T12:00:00Z", minutes: 20)
    try store.apply(.complete(undone), at: at("2026-11-02T15:00:00Z"))
    _ = try store.undo(at: at("2026-11-02T15:01:00Z"))
    let stepped = try capture("plan the party", "2026-10-30T12:00:00Z", steps: ["guests", "food"])
    try store.apply(.completeStep(stepped, index: 1), at: at("2026-11-02T16:00:00Z"))
    for (reason, when) in [(DeferReason.noEnergy, "2026-10-30T20:00:00Z"), (.noEnergy, "2026-11-01T20:00:00Z")] {
      try store.apply(.deferTask(slipping, reason: reason, until: nil, energy: .low), at: at(when))
      try store.apply(.resume(slipping), at: at(when).addingTimeInterval(60))
    }
    try store.apply(
      .deferTask(slipping, reason: .wrongTime, until: at("2026-11-09T09:00:00Z")), at: at("2026-11-02T09:00:00Z"))
    let overdue = try capture("renew the parking permit", "2026-10-30T12:00:00Z", due: "2026-10-31T16:00:00Z")
    let doneLate = try capture("return the library books", "2026-10-30T12:00:00Z", due: "2026-11-01T16:00:00Z")
    try store.apply(.complete(doneLate), at: at("2026-11-02T18:00:00Z"))
    _ = try capture("send the invoice", "2026-10-31T12:00:00Z", due: "2026-11-09T16:00:00Z")
    #expect([overdue, late, stepped].count == 3)

    // After the period.
    let after = try capture("buy stamps", "2026-11-03T06:00:00Z")
    try store.apply(.complete(after), at: at("2026-11-03T06:30:00Z"))
    return Tasks(store: store, timeZone: TimeZone(identifier: "UTC")!, config: StrideConfig())
  }

  @Test("every figure of a review is true of its history: per local day across a month's end and a clock change")
  func review() throws {
    let tasks = try history()
    let review = try tasks.review(
      .init(
        since: Timestamp(Fixtures.at("2026-10-30T04:00:00Z")), until: Timestamp(Fixtures.at("2026-11-03T05:00:00Z")),
        timeZone: "America/New_York"),
      at: Fixtures.at("2026-11-03T12:00:00Z"))
    #expect(review.days.map(\.date) == ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"])
    // Friday: the phone bill (23:30 there); Saturday: the plants; Sunday: the flights; Monday: the library books
    // (the bank call was taken back).
    #expect(review.days.map(\.done) == [1, 1, 1, 1])
    #expect(review.days.map(\.minutes) == [10, 0, 0, 0])
    #expect(review.done == 4)
    #expect(review.stepsDone == 1)
    #expect(review.estimatedMinutes == 10)
    #expect(review.withoutEstimate == 3)
    #expect(review.captured == 7)
    var hours = Array(repeating: 0, count: 24)
    hours[23] = 1  // the phone bill
    hours[9] = 1  // the plants, 09:00 EDT
    hours[9] += 1  // the flights, 09:00 EST
    hours[13] = 1  // the library books, 13:00 EST
    #expect(review.byHour == hours)
    #expect(review.byEnergy == ["low": 1, "medium": 2, "high": 1])
    #expect(review.slipping.map(\.id) == [TaskID(2)])
    #expect(review.slipping.first?.words == "put off 3 times: twice for no energy and once for the wrong time")
    #expect(review.slipping.first?.suggestion.hasPrefix("Make it smaller") == true)
    #expect(review.routines.map { [$0.kept, $0.skipped, $0.missed] } == [[1, 1, 0]])
    #expect(review.becameOverdue.map(\.title) == ["renew the parking permit", "return the library books"])
    #expect(review.becameOverdue.map(\.done) == [false, true])
    // The bank call was finished and taken back: as it stands, it is as it was captured.
    #expect(review.untouched.map(\.title) == ["call the bank", "renew the parking permit", "send the invoice"])
    #expect(review.untouchedCount == nil && review.becameOverdueCount == nil, "counts only when asked for fewer")
    // Asked for one task a list at most (as stride review asks for ten): the most recent, and how many in all.
    let one = try tasks.review(
      .init(
        since: Timestamp(Fixtures.at("2026-10-30T04:00:00Z")), until: Timestamp(Fixtures.at("2026-11-03T05:00:00Z")),
        timeZone: "America/New_York", named: 1),
      at: Fixtures.at("2026-11-03T12:00:00Z"))
    #expect(one.becameOverdue.map(\.title) == ["return the library books"])
    #expect(one.untouched.map(\.title) == ["send the invoice"])
    #expect([one.becameOverdueCount, one.untouchedCount] == [2, 3])
    #expect(one.days == review.days && one.byHour == review.byHour && one.slipping == review.slipping)

    // The same history in UTC: the phone bill moves to Saturday, and the period has other days.
    let utc = try tasks.review(
      .init(
        since: Timestamp(Fixtures.at("2026-10-30T00:00:00Z")), until: Timestamp(Fixtures.at("2026-11-03T00:00:00Z")),
        timeZone: "UTC"),
      at: Fixtures.at("2026-11-03T12:00:00Z"))
    #expect(utc.days.map(\.done) == [0, 2, 1, 1])
  }

  @Test("a routine left undone past its time is still open in a review; a task captured late never became overdue")
  func openRoutineAndLateCapture() throws {
    let (store, _) = try Fixtures.store()
    let captured = Fixtures.at("2026-10-20T12:00:00Z")
    let draft = try Capture.draft(from: "pay rent every month on the 31st", at: captured, timeZone: .gmt)
    let rent = try store.capture(draft, at: captured)
    #expect(rent.due.map { Timestamp($0).rfc3339.hasPrefix("2026-10-31") } == true)
    // Captured on the 10th, due the day before: it was late from the start.
    _ = try store.capture(
      Fixtures.draft("file the form", due: Fixtures.at("2026-11-09T09:00:00Z")), at: Fixtures.at("2026-11-10T09:00:00Z")
    )
    let onTime = try store.capture(
      Fixtures.draft("post the card", due: Fixtures.at("2026-11-12T09:00:00Z")), at: Fixtures.at("2026-11-10T09:00:00Z")
    )
    // Put off twice for one reason: said once, not counted again.
    try store.apply(
      .deferTask(onTime.id, reason: .wrongTime, until: Fixtures.at("2026-11-13T09:00:00Z")),
      at: Fixtures.at("2026-11-11T10:00:00Z"))
    try store.apply(
      .deferTask(onTime.id, reason: .wrongTime, until: Fixtures.at("2026-11-14T09:00:00Z")),
      at: Fixtures.at("2026-11-13T10:00:00Z"))
    let tasks = Tasks(store: store, timeZone: .gmt, config: StrideConfig())
    let review = try tasks.review(.init(days: 7), at: Fixtures.at("2026-11-15T12:00:00Z"))
    let routine = try #require(review.routines.first)
    #expect(routine.kept == 0 && routine.skipped == 0 && routine.missed == 0)
    #expect(routine.openSince == rent.due.map(Timestamp.init))
    #expect(review.becameOverdue.map(\.id) == [onTime.id])
    #expect(review.slipping.first?.words == "put off twice, both times for the wrong time")
  }

  @Test("a routine that moved on after a week away counts as missed in a review only the times that fell in it")
  func missedAfterAGap() throws {
    let (store, _) = try Fixtures.store()
    var stretch = Fixtures.task(
      1, "stretch", created: Fixtures.at("2026-11-13T07:00:00Z"), due: Fixtures.at("2026-11-14T07:00:00Z"))
    stretch.recurrence = Recurrence(.daily)
    _ = try store.importTasks([stretch], at: Fixtures.at("2026-11-13T08:00:00Z"))
    // The daemon was away a week: the wake-up at its return passes over seven at once.
    _ = try store.wake(at: Fixtures.now)
    #expect(try store.task(TaskID(1), at: Fixtures.now).missed == 7)
    let tasks = Tasks(store: store, timeZone: .gmt, config: StrideConfig())
    func missed(_ since: String, _ until: String) throws -> Int? {
      try tasks.review(
        .init(since: Timestamp(Fixtures.at(since)), until: Timestamp(Fixtures.at(until)), timeZone: "UTC"),
        at: Fixtures.now
      ).routines.first?.missed
    }
    #expect(try missed("2026-11-20T00:00:00Z", "2026-11-21T00:00:00Z") == 1, "one day, one time")
    #expect(try missed("2026-11-14T00:00:00Z", "2026-11-21T00:00:00Z") == 7)
    #expect(try missed("2026-11-10T00:00:00Z", "2026-11-14T00:00:00Z") == 0, "before its first time")
  }

  @Test("the log says each change in words, newest first, of one task or all, a page at a time")
  func log() throws {
    let tasks = try history()
    let all = try tasks.log(.init(limit: 3))
    #expect(all.more)
    #expect(
      all.entries.map(\.words) == [
        "finished task 11, \"buy stamps\"", "added task 11, \"buy stamps\"",
        "added task 10, \"send the invoice\"",
      ])
    let next = try tasks.log(.init(limit: 2, before: all.entries.last!.seq))
    #expect(next.entries.first?.words == "finished task 9, \"return the library books\"")
    let bank = try tasks.log(.init(id: TaskID(6)))
    #expect(
      bank.entries.map(\.words) == [
        "took back: finished task 6, \"call the bank\"", "finished task 6, \"call the bank\"",
        "added task 6, \"call the bank\"",
      ])
    #expect(bank.entries.map(\.undone) == [false, true, false])
    #expect(!bank.more)
    let steps = try tasks.log(.init(id: TaskID(7), since: Timestamp(Fixtures.at("2026-11-02T00:00:00Z"))))
    #expect(steps.entries.map(\.words) == ["finished step 1 of task 7, \"plan the party\": guests"])
    #expect(throws: StrideError.self) { try tasks.log(.init(limit: 0)) }
  }
}
