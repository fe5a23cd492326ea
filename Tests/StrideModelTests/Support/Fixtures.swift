import Foundation

@testable import StrideBase
@testable import StrideModel

/// The model's tests' shared values: a fixed instant, times written as text, and tasks and drafts in memory.
enum Fixtures {
  /// Saturday 2026-11-21 09:00 UTC: the instant every pure test treats as now.
  static let now = Date(timeIntervalSince1970: 1_795_251_600)

  static func at(_ text: String) -> Date {
    guard let date = Timestamp.parse(text) else { fatalError("bad test timestamp \(text)") }
    return date
  }

  /// "2026-12-01" as the time parser's whole-day value.
  static func day(_ text: String) -> TimeParser.Value {
    let parts = text.split(separator: "-").map { Int($0)! }
    return .day(CivilDate(year: parts[0], month: parts[1], day: parts[2])!)
  }

  /// "2026-12-01T19:00:00Z" as the time parser's instant value.
  static func instant(_ text: String) -> TimeParser.Value { .instant(at(text)) }

  static func task(
    _ id: Int64, _ title: String = "task", created: Date = now, due: Date? = nil, energy: EnergyLevel = .medium,
    estimate: Int? = nil, steps: [Subtask] = [], status: TaskStatus = .active, blockedBy: [TaskID] = []
  ) -> StrideTask {
    StrideTask(
      id: TaskID(id), title: title, rawInput: title, energy: energy, estimateMinutes: estimate, status: status,
      subtasks: steps, blockedBy: blockedBy, due: due, createdAt: created)
  }
}

/// Where the repository's files are (the scenarios, the capture fixtures, Docs/capture.md and the shared corpora),
/// found from this source file's path.
enum Repository {
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()
}
