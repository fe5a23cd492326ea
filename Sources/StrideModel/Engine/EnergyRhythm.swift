import Foundation
import StrideBase

/// When a person usually has energy, learned from what they finished: the energy each finished task needed, by the
/// local hour it was finished at (weekdays and weekends apart once each has enough). With no energy set, `now` ranks
/// for the level at the hour, and says so (Docs/context-engine.md, "Energy that learns").
///
/// A pure value: the daemon builds it from the history's completions and hands it in; the engine only reads a level.
public struct EnergyRhythm: Sendable, Equatable {
  /// One finish: the energy the task needed, and when it was finished.
  public struct Finish: Sendable, Equatable {
    public var energy: EnergyLevel
    public var at: Date

    public init(energy: EnergyLevel, at: Date) {
      self.energy = energy
      self.at = at
    }
  }

  /// Which days a level is for.
  public enum Days: Sendable, Equatable {
    case every, weekdays, weekends
  }

  /// The fewest finishes before anything is learned: with fewer, the energy stays unknown when none is set.
  public static let overallMinimum = 30
  /// The fewest finishes within an hour and the hours either side of it before that hour has a level: of 8 finishes
  /// whose energy is the person's own two times in three, the level is right about 97 times in 100.
  public static let hourMinimum = 8
  /// Weekdays and weekends are learned apart once each has this many finishes.
  public static let splitMinimum = 30
  /// Only the most recent this many finishes count.
  public static let window = 400
  /// A finish this many days before the most recent one weighs half as much.
  public static let halfLifeDays = 60.0
  /// A neighbouring hour's finishes weigh this much against the hour's own.
  static let neighbourWeight = 0.5
  /// The share of an hour's finishes that must have needed a level, or more, for the hour to have it.
  static let canShare = 1.0 / 3

  /// How many finishes were counted (within `window`).
  public let finishes: Int
  /// The level at each hour of the day (0–23) over all days; nil where too few were finished around it, and all nil
  /// while fewer than `overallMinimum` were.
  public let everyDay: [EnergyLevel?]
  /// The levels of weekdays (Monday to Friday) and weekends apart; nil until each has `splitMinimum` finishes.
  public let weekdays: [EnergyLevel?]?
  public let weekends: [EnergyLevel?]?
  /// `comeBack`'s answers, worked out once (`weekOfStretchStarts()`).
  private var stretchStarts: [[Int?]]

  /// Whether anything is learned.
  public var learned: Bool { everyDay.contains { $0 != nil } }

  /// Nothing learned.
  public static let empty = EnergyRhythm(finishes: [], calendar: LocalCalendar(timeZone: .gmt))

  /// Learns the rhythm from finishes (in any order), their hours and days read in `calendar`: the most recent
  /// `window` count, each weighing half as much `halfLifeDays` before the most recent.
  public init(finishes all: [Finish], calendar: LocalCalendar) {
    let recent = all.sorted { $0.at > $1.at }.prefix(Self.window)
    finishes = recent.count
    guard recent.count >= Self.overallMinimum, let newest = recent.first?.at else {
      (everyDay, weekdays, weekends) = (Array(repeating: nil, count: 24), nil, nil)
      stretchStarts = []
      return
    }
    let points = recent.map { finish in
      Point(
        rank: Double(finish.energy.rank), hour: calendar.clock(of: finish.at).hour,
        weekend: calendar.day(of: finish.at).isoWeekday >= 6,
        weight: pow(0.5, newest.timeIntervalSince(finish.at) / Seconds.days(Self.halfLifeDays)))
    }
    everyDay = Self.levels(points)
    let weekend = points.filter(\.weekend)
    let weekday = points.filter { !$0.weekend }
    if weekend.count >= Self.splitMinimum, weekday.count >= Self.splitMinimum {
      (weekdays, weekends) = (Self.levels(weekday), Self.levels(weekend))
    } else {
      (weekdays, weekends) = (nil, nil)
    }
    stretchStarts = []
    if learned { stretchStarts = weekOfStretchStarts() }
  }

  /// The usual level at `instant` (its hour and day read in `calendar`): the weekday's or weekend's when they are
  /// learned apart and that hour has one, else every day's; nil when nothing is learned for that hour.
  public func level(at instant: Date, in calendar: LocalCalendar) -> EnergyLevel? {
    let hour = calendar.clock(of: instant).hour
    let apart = calendar.day(of: instant).isoWeekday >= 6 ? weekends : weekdays
    return apart?[hour] ?? everyDay[hour]
  }

  /// The levels of `days`, hour by hour (nil where nothing is learned).
  public func levels(_ days: Days) -> [EnergyLevel?] {
    switch days {
    case .every: everyDay
    case .weekdays: weekdays ?? everyDay
    case .weekends: weekends ?? everyDay
    }
  }

  /// When a task put off for lack of energy comes back: the start of the next stretch of hours, within a week, at
  /// which the person usually has `needed` energy or more. Put off in such a stretch, it waits for the next one (they
  /// said they have not the energy now, though they often do then); nil when none comes (or nothing is learned).
  /// A look-up in `stretchStarts`: the engine asks it of every task put off so, at every `now`.
  public func comeBack(needing needed: EnergyLevel, after instant: Date, in calendar: LocalCalendar) -> Date? {
    guard !stretchStarts.isEmpty else { return nil }
    let day = calendar.day(of: instant)
    let hour = calendar.clock(of: instant).hour
    guard let offset = stretchStarts[needed.rank][(day.isoWeekday - 1) * 24 + hour],
      let clock = ClockTime(hour: (hour + offset) % 24)
    else { return nil }
    return calendar.date(day.adding(days: (hour + offset) / 24), clock)
  }

  /// For each level needed (by rank), and each hour of the week from Monday 00:00 (its level as `level(at:in:)`
  /// reads it): how many hours on the next stretch with that level or more starts, within a week; nil when none
  /// does. Empty while nothing is learned.
  private func weekOfStretchStarts() -> [[Int?]] {
    var week: [EnergyLevel?] = []
    for index in 0..<(7 * 24) {
      let apart = index / 24 >= 5 ? weekends : weekdays
      week.append(apart?[index % 24] ?? everyDay[index % 24])
    }
    let hours = week.count
    return EnergyLevel.allCases.map { needed in
      let enough: [Bool] = week.map { level in level.map { $0 >= needed } ?? false }
      return (0..<hours).map { start -> Int? in
        (1...hours).first { step in enough[(start + step) % hours] && !enough[(start + step - 1) % hours] }
      }
    }
  }

  private struct Point {
    var rank: Double
    var hour: Int
    var weekend: Bool
    var weight: Double
  }

  /// Each hour's level: the highest level at least `canShare` of the energies finished in it (and, weighing
  /// `neighbourWeight`, in the hours either side) reached; nil with fewer than `hourMinimum` finishes in those three
  /// hours. What a person finished says what they could do, not the most they could: they take what is offered, and
  /// at an hour they have high energy they still do some medium tasks. A mean would sink to the level most offered.
  private static func levels(_ points: [Point]) -> [EnergyLevel?] {
    var count = Array(repeating: 0, count: 24)
    // The weight of the finishes at each hour that needed at least medium (index 1) and high (index 2), and all.
    var atLeast = Array(repeating: [0.0, 0.0, 0.0], count: 24)
    for point in points {
      count[point.hour] += 1
      for rank in 0...Int(point.rank) { atLeast[point.hour][rank] += point.weight }
    }
    return (0..<24).map { hour in
      let (before, after) = ((hour + 23) % 24, (hour + 1) % 24)
      guard count[before] + count[hour] + count[after] >= hourMinimum else { return nil }
      func share(_ rank: Int) -> Double {
        (atLeast[hour][rank] + neighbourWeight * (atLeast[before][rank] + atLeast[after][rank]))
          / (atLeast[hour][0] + neighbourWeight * (atLeast[before][0] + atLeast[after][0]))
      }
      return share(2) >= canShare ? .high : share(1) >= canShare ? .medium : .low
    }
  }
}
