import Foundation
import StrideBase

extension EventSeries {
  /// The most times of one event a window holds; more is a rule gone wild (FREQ=SECONDLY), not a calendar.
  static let occurrenceLimit = 2_000

  /// What a series gives within a window: each time's start and end (instants), and why the rule's walk stopped
  /// early, if it did.
  struct Occurrences {
    var times: [(start: Int, end: Int)] = []
    var stopped: EventRecurrence.Stop?
  }

  /// The series' times that overlap `window` (instants, the end excluded), less those EXDATE and `overridden` name.
  /// A time with no length counts when it falls inside the window.
  func occurrences(in window: Range<Int>, overridden: Exclusions, budget: inout Int) -> Occurrences {
    let zone = start.zone
    // Wall readings that can reach the window: widened by the length and a day for the zone's offset changes.
    let margin = Seconds.perDay + length.longest
    let low = zone.wall(ofInstant: window.lowerBound) - margin
    let high = zone.wall(ofInstant: window.upperBound) + Seconds.perDay
    var walls: [(wall: Int, end: Int?)] = []
    if start.wall >= low && start.wall <= high { walls.append((start.wall, nil)) }
    var result = Occurrences()
    if let rule {
      let recurrence = EventRecurrence(rule: rule, start: start.wall, untilWall: untilWall(rule))
      let found = recurrence.walls(from: low, through: high, budget: &budget, limit: Self.occurrenceLimit - walls.count)
      walls += found.walls.map { ($0, nil) }
      result.stopped = found.stopped
    }
    walls += extra.filter { $0.wall >= low && $0.wall <= high && $0.wall != start.wall }.map { ($0.wall, $0.end) }
    var seen = Set<Int>()
    for (wall, explicitEnd) in walls where seen.insert(wall).inserted {
      let instant = zone.instant(ofWall: wall)
      guard !excluded.contains(wall: wall, instant: instant), !overridden.contains(wall: wall, instant: instant)
      else { continue }
      let end = max(instant, explicitEnd ?? length.end(startWall: wall, zone: zone))
      let overlaps = end > instant ? end > window.lowerBound && instant < window.upperBound : window.contains(instant)
      if overlaps { result.times.append((instant, end)) }
    }
    return result
  }

  /// UNTIL on the series' clock: through the end of its day for a DATE, the series' reading of a UTC instant, or as
  /// written otherwise.
  private func untilWall(_ rule: EventRule) -> Int? {
    guard let until = rule.until else { return nil }
    if until.isDay { return until.wall + Seconds.perDay - 1 }
    return until.utc ? start.zone.wall(ofInstant: until.wall) : until.wall
  }

  /// The busy event a time of this series is.
  func busyEvent(start: Int, end: Int) -> BusyEvent {
    BusyEvent(
      start: Date(timeIntervalSince1970: TimeInterval(start)), end: Date(timeIntervalSince1970: TimeInterval(end)),
      title: title, allDay: self.start.isDay, markedBusy: markedBusy)
  }
}
