import Foundation
import StrideBase
import StrideModel
import StrideStore

/// The day as the calendars know it: a now-list with no time asked for is fitted to the time free before the next
/// event, and says so in one line.
extension Tasks {
  /// When the calendars that count say the person is busy, as they stand.
  var busyTimes: BusyTimes { store.locked { $0.busyTimes } }

  /// What the calendars say of `instant`, read under the store's lock; without `titled`, its events are untitled
  /// ("an event").
  func calendarMoment(_ store: TaskStore, at instant: Date, titled: Bool) -> CalendarMoment? {
    guard var moment = store.busyTimes.moment(at: instant, horizon: calendarHorizonHours * 3600) else { return nil }
    if !titled {
      moment.during?.title = ""
      moment.next?.title = ""
    }
    return moment
  }

  /// The minutes a list is fitted to: those asked for, else the calendar's free time before its next event.
  static func minutes(asked: Int?, calendar: CalendarMoment?) -> Int? {
    asked ?? calendar?.minutes.map { min(max($0, 1), StrideTask.maximumEstimateMinutes) }
  }

  /// The line above the list, when the calendar has something to say of the moment.
  static func calendarLine(
    _ evaluated: Evaluated, at instant: Date, timeZone: TimeZone, asked: Int?
  ) -> CalendarLine? {
    evaluated.calendar.map { CalendarLine($0, at: instant, timeZone: timeZone, asked: asked) }
  }
}
