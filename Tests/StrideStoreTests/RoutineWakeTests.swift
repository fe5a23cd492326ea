import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel
@testable import StrideStore

/// A routine the store wakes: one wake-up for all the occurrences it missed.
@Suite("Routines the store wakes")
struct RoutineWakeTests {
  let utc = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)

  @Test("a missed routine moves on to its current time in one wake-up, counting what it passed over")
  func movesOn() throws {
    let daily = Recurrence(.daily)
    let current = try #require(
      daily.current(from: Fixtures.at("2026-11-14T07:00:00Z"), at: Fixtures.at("2026-11-21T09:00:00Z"), in: utc))
    #expect(current.due == Fixtures.at("2026-11-21T07:00:00Z"))
    #expect(current.missed == 7)
    #expect(daily.current(from: Fixtures.at("2026-11-21T07:00:00Z"), at: Fixtures.now, in: utc) == nil)
    #expect(
      Recurrence(.daily, afterDone: true).current(from: Fixtures.at("2026-11-14T07:00:00Z"), at: Fixtures.now, in: utc)
        == nil)
    let (store, _) = try Fixtures.store()
    var stretch = Fixtures.task(
      1, "stretch", created: Fixtures.at("2026-11-13T07:00:00Z"), due: Fixtures.at("2026-11-14T07:00:00Z"))
    stretch.recurrence = daily
    _ = try store.importTasks([stretch], at: Fixtures.at("2026-11-13T08:00:00Z"))
    let woken = try store.wake(at: Fixtures.now)
    #expect(woken.count == 1, "one wake-up, not seven")
    let moved = try store.task(TaskID(1), at: Fixtures.now)
    #expect(moved.missed == 7)
    let here = LocalCalendar(timeZone: .current)
    #expect(moved.due == daily.current(from: Fixtures.at("2026-11-14T07:00:00Z"), at: Fixtures.now, in: here)?.due)
    #expect(moved.wakeUps.allSatisfy { $0.at > Fixtures.now }, "the next move is ahead")
    #expect(try store.wake(at: Fixtures.now).isEmpty, "announced once")
  }
}
