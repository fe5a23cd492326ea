import Foundation
import StrideTestSupport
import Testing

@testable import StrideModel

/// The engine's reading of busy times: the event the person is in, a run of events back to back, the next one
/// within the horizon, and the free minutes before it.
@Suite("Busy times")
struct BusyTimesTests {
  static func at(_ clock: String) -> Date { Fixtures.at("2026-11-21T\(clock):00Z") }

  static let busy = BusyTimes([
    .init(start: at("10:00"), end: at("10:30"), title: "standup"),
    .init(start: at("10:30"), end: at("11:00"), title: "review"),
    .init(start: at("10:45"), end: at("10:50"), title: "overlap"),
    .init(start: at("13:00"), end: at("13:00"), title: "call back"),
    .init(start: at("15:00"), end: at("16:00"), title: "dentist"),
  ])

  @Test("free: the next event within the horizon and the whole minutes before it; none beyond the horizon")
  func free() {
    let moment = Self.busy.moment(at: Self.at("09:20"), horizon: 4 * 3600)
    #expect(moment?.during == nil && moment?.next?.title == "standup" && moment?.minutes == 40)
    #expect(Self.busy.moment(at: Self.at("05:00"), horizon: 4 * 3600) == nil)
    // An event with no length bounds the time before it, and nobody is ever in it.
    let afterLunch = Self.busy.moment(at: Self.at("12:00"), horizon: 4 * 3600)
    #expect(afterLunch?.next?.title == "call back" && afterLunch?.minutes == 60)
    #expect(Self.busy.moment(at: Self.at("13:00"), horizon: 4 * 3600)?.during == nil)
  }

  @Test("busy: the event that ends last, the run of events back to back, then the next and the minutes between")
  func busyRun() {
    let moment = Self.busy.moment(at: Self.at("10:10"), horizon: 4 * 3600)
    #expect(moment?.during?.title == "standup")
    #expect(moment?.busyUntil == Self.at("11:00"), "standup runs into review")
    #expect(moment?.next?.title == "call back" && moment?.minutes == 120)
    let overlapped = Self.busy.moment(at: Self.at("10:46"), horizon: 4 * 3600)
    #expect(overlapped?.during?.title == "review", "the running event that ends last")
    // Within a minute of its start an event has begun.
    #expect(Self.busy.moment(at: Self.at("09:59").addingTimeInterval(30), horizon: 3600)?.during?.title == "standup")
  }

  @Test("the moment the sentence changes next: an event's start (less the minute) or an end")
  func nextChange() {
    #expect(Self.busy.nextChange(after: Self.at("09:00")) == Self.at("09:59"))
    #expect(Self.busy.nextChange(after: Self.at("10:10")) == Self.at("10:29"))
    #expect(Self.busy.nextChange(after: Self.at("16:30")) == nil)
  }

  @Test("the line: free, busy with what follows, and a day apart; without titles, 'an event'")
  func sentences() {
    let utc = TimeZone(identifier: "UTC")!
    func line(_ clock: String, _ busy: BusyTimes = Self.busy) -> String? {
      busy.moment(at: Self.at(clock), horizon: 4 * 3600).map {
        CalendarLine($0, at: Self.at(clock), timeZone: utc).sentence
      }
    }
    #expect(line("09:20") == "You have 40 minutes before 'standup' at 10:00.")
    #expect(
      line("10:10")
        == "You are in 'standup' until 10:30, and in other events until 11:00, then 2 hours before 'call back' at 13:00."
    )
    #expect(line("15:30") == "You are in 'dentist' until 16:00.")
    let untitled = BusyTimes([.init(start: Self.at("23:30").addingTimeInterval(3600), end: Self.at("23:59"), title: "")]
    )
    #expect(line("23:00", untitled) == "You have 1 hour and 30 minutes before an event tomorrow at 00:30.")
  }
}
