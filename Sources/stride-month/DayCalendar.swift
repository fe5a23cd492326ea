import Foundation

/// One event that takes the person's time, as they know it: the truth the fit of `now` is measured against.
struct Meeting: Equatable {
  let start: Instant
  let end: Instant
  let title: String
}

/// A meeting that repeats each week on some weekdays (every `weeks` weeks), at a time of day, for a length.
struct Series {
  let uid: String
  let title: String
  /// 0 Sunday … 6 Saturday.
  let weekdays: Set<Int>
  let weeks: Int
  /// Minutes after midnight (UTC) it starts, and how long it lasts.
  let minute: Int
  let length: Int
  /// The occurrences (by their original start) that do not happen (EXDATE).
  var excluded: Set<Instant> = []
  /// Occurrences moved: original start to the new start (a RECURRENCE-ID override, same length).
  var moved: [Instant: Instant] = [:]
}

/// The person's calendar for the simulated days: repeating meetings with an excluded day and a moved occurrence, and
/// a few one-off appointments. Drawn from a generator of its own, so it is the same whether or not the daemon is
/// given it, and whatever the daemon answers.
struct DayCalendar {
  let series: [Series]
  let appointments: [Meeting]
  /// The first simulated midnight and the number of days.
  let midnight: Instant
  let days: Int
  /// Every occurrence, exceptions applied, by start.
  let meetings: [Meeting]

  /// How far ahead the next event bounds the time free, as the daemon's `calendars.horizonHours` (4).
  static let horizon = 4 * 3600

  init(seed: UInt64, start: Instant, days: Int) {
    var random = Random(seed: seed, stream: 0xCA1E_0DA7)
    midnight = TimeWords.startOfDay(start)
    self.days = days
    var standup = Series(
      uid: "standup", title: "standup", weekdays: [1, 2, 3, 4, 5], weeks: 1,
      minute: random.pick([9 * 60 + 15, 9 * 60 + 30, 10 * 60]), length: 15)
    var oneToOne = Series(
      uid: "one-to-one", title: "1:1 with Sam", weekdays: [random.pick([2, 3, 4])], weeks: 1,
      minute: random.pick([11 * 60, 14 * 60, 15 * 60 + 30]), length: 30)
    let planning = Series(
      uid: "planning", title: "planning", weekdays: [random.pick([1, 4])], weeks: 2,
      minute: random.pick([10 * 60, 13 * 60]), length: 120)
    let gym = Series(
      uid: "gym-class", title: "gym class", weekdays: [2, 4], weeks: 1, minute: random.pick([18 * 60, 18 * 60 + 30]),
      length: 60)
    let first = midnight
    // One standup of the second week does not happen; one 1:1 of the third week moves to the next day, an hour later.
    if let skipped = Self.occurrences(standup, from: first, days: days).dropFirst(5 + random.int(0...4)).first {
      standup.excluded.insert(skipped)
    }
    if let moving = Self.occurrences(oneToOne, from: first, days: days).dropFirst(2).first {
      oneToOne.moved[moving] = moving + 86_400 + 3600
    }
    series = [standup, oneToOne, planning, gym]
    appointments = Self.appointments(&random, midnight: midnight, days: days)
    var all = appointments
    for item in series {
      for start in Self.occurrences(item, from: first, days: days) where !item.excluded.contains(start) {
        let begins = item.moved[start] ?? start
        all.append(Meeting(start: begins, end: begins + item.length * 60, title: item.title))
      }
    }
    meetings = all.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
  }

  /// A few one-off appointments on days drawn from the month, in working hours or the early evening.
  private static func appointments(_ random: inout Random, midnight: Instant, days: Int) -> [Meeting] {
    let kinds: [(String, [Int], Int)] = [
      ("dentist", [9 * 60 + 40, 15 * 60], 50), ("haircut", [11 * 60, 17 * 60 + 15], 45),
      ("call with the bank", [12 * 60 + 20, 16 * 60 + 40], 30), ("lunch with Ana", [12 * 60 + 30], 75),
      ("school play", [17 * 60 + 30], 90), ("car service drop-off", [8 * 60 + 20], 40),
    ]
    return random.shuffled(kinds).prefix(5).map { title, minutes, length in
      let start = midnight + random.int(0...max(0, days - 1)) * 86_400 + random.pick(minutes) * 60
      return Meeting(start: start, end: start + length * 60, title: title)
    }
  }

  /// The original starts of a series' occurrences over the days, in order: the weeks counted from the Monday of
  /// the week of its first occurrence, as RFC 5545 counts a weekly INTERVAL with WKST=MO.
  static func occurrences(_ series: Series, from midnight: Instant, days: Int) -> [Instant] {
    var starts: [Instant] = []
    var firstMonday: Int?
    for day in 0..<days {
      let date = CivilDay(midnight + day * 86_400)
      guard series.weekdays.contains(date.weekday) else { continue }
      let monday = date.number - (date.weekday + 6) % 7
      let base = firstMonday ?? monday
      firstMonday = base
      guard ((monday - base) / 7) % series.weeks == 0 else { continue }
      starts.append(date.number * 86_400 + series.minute * 60)
    }
    return starts
  }

  /// The meeting the person is in at `instant` (one starting within a minute counts as begun, as the daemon reads
  /// it), and when the run of meetings that follows from it with less than a minute between ends.
  func busyUntil(_ instant: Instant) -> Instant? {
    var until: Instant?
    for meeting in meetings where meeting.end > instant {
      if meeting.start > (until ?? instant) + 60 { break }
      until = max(until ?? instant, meeting.end)
    }
    return until
  }

  /// The next meeting after `instant` within the horizon, and the whole minutes free before it; nil when the
  /// person is in a meeting, or none starts within four hours.
  func free(at instant: Instant) -> (minutes: Int, next: Meeting)? {
    guard busyUntil(instant) == nil,
      let next = meetings.first(where: { $0.start > instant }), next.start - instant <= Self.horizon
    else { return nil }
    return ((next.start - instant) / 60, next)
  }
}
