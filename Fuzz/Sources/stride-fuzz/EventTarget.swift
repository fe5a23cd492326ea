import Foundation

@testable import StrideBase
@testable import StrideCalendar

/// A calendar's events, as webcal and CalDAV serve them: read in a two-month window, the text either is refused with
/// a sentence or gives busy times that are in order, within the window, no longer than they may be, and problems
/// that are sentences. The first RRULE line is also walked on its own from a fixed start, so the rules get the
/// fuzzer's attention whether or not the rest is a calendar.
enum EventTarget {
  static func run(_ bytes: [UInt8]) {
    let (zone, text) = ParserTargets.split(bytes)
    let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    if let line = lines.first(where: { $0.hasPrefix("RRULE:") }) { walkRule(String(line.dropFirst(6))) }
    let window = DateInterval(start: reference.addingTimeInterval(-86_400), duration: 61 * 86_400)
    let reading: EventReading
    do {
      reading = try EventReader.read(text, window: window, timeZone: zone, addresses: ["me@example.com"])
    } catch {
      require(!error.message.isEmpty, "a calendar refused without a sentence")
      return
    }
    require(reading.events.count <= EventReader.totalLimit, "\(reading.events.count) busy times in one reading")
    var previous = Date.distantPast
    for event in reading.events {
      require(event.start >= previous, "busy times out of order: \(event.start) after \(previous)")
      require(event.end >= event.start, "\(event.title.debugDescription) ends before it starts")
      let overlaps =
        event.end > event.start
        ? event.end > window.start && event.start < window.end : window.start <= event.start && event.start < window.end
      require(overlaps, "\(event.title.debugDescription) at \(event.start)…\(event.end) is outside the window")
      previous = event.start
    }
    for problem in reading.problems {
      require(problem.hasSuffix(".") && problem.first?.isLowercase == false, "not a sentence: \(problem)")
    }
  }

  /// A repeat rule from a fixed start: its times come in order, after the start, within the
  /// bounds asked for, no more than the limit, COUNT and UNTIL allow.
  static func walkRule(_ line: String) {
    guard let rule = EventRule.read(line) else { return }
    let start = Int(reference.timeIntervalSince1970) + Int(line.utf8.count) * 3_607
    let untilWall = rule.until.map { $0.isDay ? $0.wall + Seconds.perDay - 1 : $0.wall }
    let recurrence = EventRecurrence(rule: rule, start: start, untilWall: untilWall)
    let (low, high) = (start + 30 * Seconds.perDay, start + 90 * Seconds.perDay)
    var budget = EventReader.eventBudget
    let found = recurrence.walls(from: low, through: high, budget: &budget, limit: 500)
    require(found.walls.count <= 500, "\(found.walls.count) times past the limit of 500 for \(line)")
    require(zip(found.walls, found.walls.dropFirst()).allSatisfy { $0 < $1 }, "times out of order for \(line)")
    require(found.walls.allSatisfy { $0 > start && $0 >= low && $0 <= high }, "a time out of bounds for \(line)")
    if let untilWall { require(found.walls.allSatisfy { $0 <= untilWall }, "a time after UNTIL for \(line)") }
    if let count = rule.count { require(found.walls.count <= max(0, count - 1), "more times than COUNT for \(line)") }
  }
}
