import Foundation
import StrideTestSupport
import Testing

@testable import StrideModel
@testable import StrideStore

/// A no-energy deferral without a time ends on its own at the start of the day on which its hours run out: the
/// store wakes it then, so `show` and `list` say it is active, not deferred, as `now` already treats it.
@Suite("A no-energy pause ends on its own")
struct EnergyFallbackTests {
  @Test("woken at the start of the next day, stored active, and the wake timer knows the moment before it comes")
  func wokenAtDayStart() throws {
    let (store, _) = try Fixtures.store()
    store.calendar = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
    let monday = Fixtures.at("2026-11-23T10:00:00Z")
    let task = try store.capture(Fixtures.draft("write the speech"), at: monday)
    try store.apply(.deferTask(task.id, reason: .noEnergy, until: nil, energy: .low), at: monday)
    let tuesday = Fixtures.at("2026-11-24T09:00:00Z")
    #expect(store.nextWakeUp == WakeUp(task: task.id, kind: .deferral, at: tuesday))
    #expect(try store.wake(at: Fixtures.at("2026-11-24T08:59:00Z")).isEmpty)
    #expect(
      try store.wake(at: Fixtures.at("2026-11-24T09:30:00Z")) == [WakeUp(task: task.id, kind: .deferral, at: tuesday)])
    let woken = try #require(store.openByID.first { $0.id == task.id })
    #expect(woken.status == .active && woken.deferral == nil)
    #expect(woken.updatedAt == tuesday, "dated by the moment it ended, so it still counts as back untouched")
    #expect(try store.wake(at: Fixtures.at("2026-11-25T09:30:00Z")).isEmpty, "woken once")
    // A pause with a time of its own is not touched by this rule.
    let other = try store.capture(Fixtures.draft("sort the photos"), at: monday)
    try store.apply(
      .deferTask(other.id, reason: .noEnergy, until: Fixtures.at("2026-11-30T18:00:00Z"), energy: .low), at: monday)
    #expect(try store.wake(at: Fixtures.at("2026-11-26T09:30:00Z")).isEmpty)
  }
}
