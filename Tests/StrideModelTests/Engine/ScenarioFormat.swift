import Foundation
import StrideTestSupport

@testable import StrideBase
@testable import StrideModel

/// A named situation for the engine, read from a `.scenario` file in Engine/Scenarios:
///
/// ```
/// # Low energy, twenty minutes: the short reply comes before the long report
/// at: 2026-11-23T09:00          (the instant; default Monday 2026-11-23 09:00 UTC)
/// energy: low                   (optional)
/// minutes: 20                   (optional)
/// tags: home                    (optional)
/// sightings: on                 (the daemon's memory of what was seen; implied by any task's `seen T`)
/// task 1: reply to landlord | obligation | low | 10m | due 2026-11-24T17:00
/// task 2: write report | goal | high | 90m
/// first: 1                      (what must lead)
/// in: 1                         (what must be among the suggestions)
/// out: 2                        (what must not)
/// before: 1 2                   (1 is shown above 2)
/// why 1: matches your low energy
/// never 1: energy is up           (no why-line of 1 says this)
/// kind 1: task
/// hidden 2: too-long            (hidden, for this reason)
/// count: 1                      (how many suggestions)
/// most 2: 3 4 5                 (at most two of these are among the suggestions)
/// ```
///
/// A task line is `title | type | energy | estimate (or -)`, then any of: `due T`, `created T`, `start T`,
/// `steps N`, `done K` (of the steps), `step-done T` (when the last done step was done), `tags a,b`,
/// `blocked-by ID`, `waiting`, `follow-up T`, `completed`, `deferred REASON [until T] [at T] [energy E]` (the
/// deferral in force), `was-deferred REASON [at T] [until T]` (one from the past), `updated T`, `repeat RRULE`
/// (a routine), `pinned`, `seen T` (last seen among the suggestions then). Times are UTC,
/// `YYYY-MM-DDTHH:MM`.
struct Scenario {
  var name: String
  var file: String
  var context: NowContext
  var tasks: [StrideTask] = []
  var checks: [(line: Int, text: String)] = []

  static let defaultInstant = Fixtures.at("2026-11-23T09:00:00Z")
  static let utc = TimeZone(identifier: "UTC")!

  static func time(_ text: String) -> Date {
    guard let date = Timestamp.parse(text + (text.count == 16 ? ":00Z" : "Z")) else {
      fatalError("bad time '\(text)' in a scenario")
    }
    return date
  }

  /// Reads a scenario file; a mistake in the file stops the test with the line.
  static func parse(_ text: String, file: String) -> Scenario {
    var scenario = Scenario(name: file, file: file, context: NowContext(instant: defaultInstant, timeZone: utc))
    let lines = text.components(separatedBy: "\n")
    // Context first, so task times like "created" default relative to it.
    for line in lines {
      let stripped = line.components(separatedBy: "  (")[0].trimmingCharacters(in: .whitespaces)
      if stripped.hasPrefix("# ") { scenario.name = String(stripped.dropFirst(2)) }
      guard let colon = stripped.firstIndex(of: ":") else { continue }
      let key = String(stripped[..<colon])
      let value = stripped[stripped.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      switch key {
      case "at": scenario.context.instant = time(value)
      case "energy": scenario.context.energy = EnergyLevel(rawValue: value)
      case "minutes": scenario.context.minutes = Int(value)
      case "tags": scenario.context.tags = value.split(separator: ",").map(String.init)
      case "limit": scenario.context.limit = Int(value) ?? 5
      case "sightings": scenario.context.sightings = value == "on" ? Sightings() : nil
      default: break
      }
    }
    for (number, line) in lines.enumerated() {
      let stripped = line.components(separatedBy: "  (")[0].trimmingCharacters(in: .whitespaces)
      if stripped.hasPrefix("task ") {
        let task = task(stripped, now: scenario.context.instant, line: number + 1, file: file)
        scenario.tasks.append(task)
        if let seen = stripped.components(separatedBy: "| seen ").dropFirst().first {
          scenario.context.sightings = scenario.context.sightings ?? Sightings()
          let when = time(String(seen.prefix(16)))
          scenario.context.sightings?.restore(Sightings.Record(id: task.id, latest: when, earlier: nil))
        }
      } else if [
        "first:", "in:", "out:", "before:", "why ", "kind ", "hidden ", "count:", "prompt ", "most ", "never ",
      ].contains(
        where: stripped.hasPrefix)
      {
        scenario.checks.append((number + 1, stripped))
      }
    }
    return scenario
  }

  /// `task 3: title | type | energy | estimate | attributes…`
  static func task(_ line: String, now: Date, line number: Int, file: String) -> StrideTask {
    let head = line.dropFirst("task ".count)
    guard let colon = head.firstIndex(of: ":"), let id = Int64(head[..<colon]) else {
      fatalError("\(file):\(number): a task line starts with 'task ID:'")
    }
    let fields = head[head.index(after: colon)...].split(separator: "|").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard fields.count >= 4, let type = TaskType(rawValue: fields[1]), let energy = EnergyLevel(rawValue: fields[2])
    else { fatalError("\(file):\(number): 'title | type | energy | estimate' expected") }
    var task = StrideTask(
      id: TaskID(id), title: fields[0], rawInput: fields[0], energy: energy,
      estimateMinutes: fields[3] == "-" ? nil : Durations.minutes(fields[3]), type: type,
      createdAt: now.addingTimeInterval(-7 * 86_400))
    var stepCount = 0
    var doneCount = 0
    var stepDone: Date?
    var updated: Date?
    for attribute in fields.dropFirst(4) {
      let words = attribute.split(separator: " ").map(String.init)
      func value(after keyword: String) -> String? {
        words.firstIndex(of: keyword).flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
      }
      switch words.first {
      case "due": task.due = time(words[1])
      case "created": task.createdAt = time(words[1])
      case "updated": updated = time(words[1])
      case "repeat": task.recurrence = Recurrence(rrule: words[1])
      case "pinned": task.pinned = true
      case "seen": break  // the scenario's sightings, read by `parse`
      case "start": task.start = time(words[1])
      case "steps": stepCount = Int(words[1]) ?? 0
      case "done": doneCount = Int(words[1]) ?? 0
      case "step-done": stepDone = time(words[1])
      case "tags": task.tags = words[1].split(separator: ",").map(String.init)
      case "blocked-by": task.blockedBy.append(TaskID(Int64(words[1])!))
      case "waiting": task.status = .waiting
      case "follow-up": task.followUp = time(words[1])
      case "completed":
        task.status = .completed
        task.completedAt = now
      case "deferred", "was-deferred":
        guard let reason = DeferReason(rawValue: words[1]) else {
          fatalError("\(file):\(number): unknown defer reason \(words[1])")
        }
        let at = value(after: "at").map(time) ?? now.addingTimeInterval(-86_400)
        let deferral = Deferral(
          reason: reason, at: at, until: value(after: "until").map(time),
          energy: value(after: "energy").flatMap(EnergyLevel.init(rawValue:)))
        task.deferrals.append(deferral)
        if words[0] == "deferred" {
          task.deferral = deferral
          task.status = .deferred
        }
      default:
        fatalError("\(file):\(number): unknown attribute '\(attribute)'")
      }
    }
    task.subtasks = (0..<stepCount).map { index in
      Subtask(
        title: "step \(index + 1)", done: index < doneCount,
        completedAt: index < doneCount ? (stepDone ?? now.addingTimeInterval(-3 * 86_400)) : nil)
    }
    // A task is last touched by its newest deferral, unless the file says otherwise.
    task.updatedAt = updated ?? task.deferrals.map(\.at).max() ?? task.createdAt
    return task
  }
}
