import Foundation
import StrideBase

/// When the person's calendars say they are busy, as the engine reads them: the events that take time, by start,
/// from the calendars they chose to count. Worked out when the calendars are read (recurrences expanded then), so a
/// question costs a binary search.
public struct BusyTimes: Sendable, Equatable {
  /// One event that takes time. A zero-length one (an event at a time, with no end) bounds the free time before it
  /// but is never one the person is in.
  public struct Event: Sendable, Equatable {
    public var start: Date
    public var end: Date
    /// Shown to the person on this machine only; never copied into a task, a log or anything that syncs.
    public var title: String

    public init(start: Date, end: Date, title: String) {
      (self.start, self.end, self.title) = (start, max(start, end), title)
    }

    /// The title as a sentence quotes it: "'dentist'", or "an event" when it has none.
    public var named: String { title.isEmpty ? "an event" : "'\(title)'" }
  }

  public private(set) var events: [Event]
  /// The latest end of the events up to each index: the events still running at an instant are found among those
  /// before it without a pass over every one.
  private var endsSoFar: [Date]

  public static let none = BusyTimes([])

  public init(_ events: [Event]) {
    self.events = events.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    var latest = Date.distantPast
    endsSoFar = self.events.map { event in
      latest = max(latest, event.end)
      return latest
    }
  }

  /// An event starting within this long of a moment counts as begun: nobody starts anything in the last seconds.
  public static let graceSeconds: TimeInterval = 60

  /// The calendar at `instant`: the event the person is in (the one running that ends last), the end of the run of
  /// events that follows from it without a free minute between, and the next event after that, with the whole
  /// minutes free before it when it starts within `horizon` seconds. Nil when no event is running or within the
  /// horizon.
  public func moment(at instant: Date, horizon: TimeInterval) -> CalendarMoment? {
    let soon = instant.addingTimeInterval(Self.graceSeconds)
    // The first event that starts after `soon`; every one before it has started (or is about to).
    let after = firstIndex(startingAfter: soon)
    var during: Event?
    var index = after - 1
    while index >= 0, endsSoFar[index] > instant {
      let event = events[index]
      if event.end > instant, event.end > event.start, during.map({ event.end > $0.end }) ?? true { during = event }
      index -= 1
    }
    var free = instant
    var next = after
    if let during {
      // The run of events that follow one another with less than a minute between.
      free = during.end
      var busyIndex = firstIndex(startingAfter: instant)
      while busyIndex < events.count, events[busyIndex].start <= free.addingTimeInterval(Self.graceSeconds) {
        free = max(free, events[busyIndex].end)
        busyIndex += 1
      }
      next = busyIndex
    }
    let upcoming = next < events.count && events[next].start.timeIntervalSince(free) <= horizon ? events[next] : nil
    guard during != nil || upcoming != nil else { return nil }
    return CalendarMoment(
      during: during, busyUntil: during == nil ? nil : free, next: upcoming,
      minutes: upcoming.map { Int((($0.start.timeIntervalSince(free)) / 60).rounded(.down)) })
  }

  /// The index of the first event that starts after `instant` (the count when none does).
  private func firstIndex(startingAfter instant: Date) -> Int { starting(after: instant).startIndex }

  /// The next moment after `instant` at which what `moment(at:)` says changes its sentence: an event's start (less
  /// the grace) or end. Nil when no event is ahead.
  public func nextChange(after instant: Date) -> Date? {
    let soon = instant.addingTimeInterval(Self.graceSeconds)
    let starting = events.dropFirst(firstIndex(startingAfter: soon)).first?.start.addingTimeInterval(-Self.graceSeconds)
    var ending: Date?
    var index = firstIndex(startingAfter: soon) - 1
    while index >= 0, endsSoFar[index] > instant {
      if events[index].end > instant { ending = min(ending ?? events[index].end, events[index].end) }
      index -= 1
    }
    return [starting, ending].compactMap { $0 }.min()
  }
}

/// What the calendar says of a moment: the event the person is in, when they are busy until, and the next event
/// with the minutes free before it.
public struct CalendarMoment: Sendable, Equatable {
  /// The event the person is in now; nil when they are free.
  public var during: BusyTimes.Event?
  /// With `during`: the end of the run of events that begins with it (its own end when another does not follow).
  public var busyUntil: Date?
  /// The next event after now (after `busyUntil` when busy), within the horizon; nil when none is.
  public var next: BusyTimes.Event?
  /// The whole minutes free before `next` (from now, or from `busyUntil`); nil without a next event.
  public var minutes: Int?

  public init(during: BusyTimes.Event?, busyUntil: Date?, next: BusyTimes.Event?, minutes: Int?) {
    (self.during, self.busyUntil, self.next, self.minutes) = (during, busyUntil, next, minutes)
  }
}

/// The calendar's line above a now-list: the moment, whether the list was fitted to its free time, and the
/// sentence, said in the asker's zone ("You have 25 minutes before 'dentist' at 15:00.").
public struct CalendarLine: Sendable, Equatable {
  public var moment: CalendarMoment
  public var fitted: Bool
  public var sentence: String

  /// The line for `moment` at `instant`. `asked`: the minutes the person said they have (the list was ranked for
  /// those, not fitted to the calendar's free time); when the next event comes sooner, the line says so.
  public init(_ moment: CalendarMoment, at instant: Date, timeZone: TimeZone, asked: Int? = nil) {
    self.moment = moment
    fitted = asked == nil && moment.minutes != nil
    let context = NowContext(instant: instant, timeZone: timeZone)
    let time = HumanTime(now: instant, timeZone: timeZone)
    // "10:30" today, "tomorrow at 09:00" on another day.
    func until(_ date: Date) -> String { time.day(date) == "today" ? time.clock(date) : time.describe(date) }
    var sentence = ""
    if let during = moment.during {
      sentence = "You are in \(during.named) until \(until(during.end))"
      if let end = moment.busyUntil, end > during.end { sentence += ", and in other events until \(until(end))" }
    }
    if let next = moment.next, let minutes = moment.minutes {
      let before = "before \(next.named) \(context.eventTime(next.start))"
      sentence +=
        moment.during == nil
        ? "You have \(Minutes.spoken(minutes)) \(before)" : ", then \(Minutes.spoken(minutes)) \(before)"
      if let asked, asked > minutes {
        sentence += ", less than the \(Minutes.spoken(asked)) you said you have; what is below is for those"
      }
    }
    self.sentence = sentence + "."
  }
}

extension BusyTimes {
  /// The events that start after `instant`, by start.
  public func starting(after instant: Date) -> ArraySlice<Event> {
    var (low, high) = (0, events.count)
    while low < high {
      let middle = (low + high) / 2
      if events[middle].start <= instant { low = middle + 1 } else { high = middle }
    }
    return events[low...]
  }
}
