import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Every file in Engine/Scenarios is a situation with what must (and must not) be in the five.
@Suite("Engine scenarios")
struct ScenarioTests {
  static let directory = Repository.root + "/Tests/StrideModelTests/Engine/Scenarios"

  static let files: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".scenario") }.sorted()
  }()

  @Test("there are at least 40 scenarios")
  func enough() {
    #expect(Self.files.count >= 40)
  }

  @Test("each scenario holds", arguments: files)
  func scenario(_ file: String) throws {
    let text = try String(contentsOfFile: Self.directory + "/" + file, encoding: .utf8)
    let scenario = Scenario.parse(text, file: file)
    let evaluation = Ranking.evaluate(tasks: scenario.tasks, context: scenario.context)
    let shown = evaluation.suggestions.map(\.task.id.rawValue)
    let place = { (id: Int64) in shown.firstIndex(of: id) }
    for (line, check) in scenario.checks {
      let at = "\(file):\(line) \(check) — shown \(shown)"
      let colon = check.firstIndex(of: ":")!
      let head = check[..<colon].split(separator: " ")
      let value = check[check.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      let ids = value.split(separator: " ").compactMap { Int64($0) }
      switch head[0] {
      case "first": #expect(shown.first == ids.first, "\(at)")
      case "in": for id in ids { #expect(place(id) != nil, "\(at)") }
      case "out": for id in ids { #expect(place(id) == nil, "\(at)") }
      case "count": #expect(shown.count == ids.first.map(Int.init), "\(at)")
      case "most":
        let most = Int(head[1])!
        #expect(ids.count(where: { place($0) != nil }) <= most, "\(at)")
      case "before":
        let (a, b) = (place(ids[0]), place(ids[1]))
        #expect(a != nil && b != nil && a! < b!, "\(at)")
      case "why":
        let id = Int64(head[1])!
        let why = evaluation.suggestions.first { $0.task.id.rawValue == id }?.why ?? []
        #expect(why.contains { $0.contains(value) }, "\(at): why \(why)")
      case "never":
        let id = Int64(head[1])!
        let why = evaluation.suggestions.first { $0.task.id.rawValue == id }?.why ?? []
        #expect(!why.contains { $0.contains(value) }, "\(at): why \(why)")
      case "kind":
        let id = Int64(head[1])!
        #expect(evaluation.suggestions.first { $0.task.id.rawValue == id }?.kind.rawValue == value, "\(at)")
      case "prompt":
        let id = Int64(head[1])!
        #expect(evaluation.suggestions.first { $0.task.id.rawValue == id }?.prompt == value, "\(at)")
      case "hidden":
        let id = Int64(head[1])!
        // Hidden by a filter, or left out of the five (a stuck task waiting for its turn is).
        let hidden = (evaluation.hidden + evaluation.passedOver).first { $0.task.id.rawValue == id }?.hidden
        #expect(hidden?.reason.rawValue == value, "\(at): hidden as \(hidden?.reason.rawValue ?? "nothing")")
        // A pinned task never vanishes silently.
        if scenario.tasks.first(where: { $0.id.rawValue == id })?.pinned == true {
          #expect(hidden?.detail.hasPrefix("pinned, but ") == true, "\(at): \(hidden?.detail ?? "")")
        }
      default:
        Issue.record("\(at): unknown check")
      }
    }
    // Whatever the scenario, the engine's own promises hold.
    #expect(shown.count <= 5)
    #expect(Ranking.rank(tasks: scenario.tasks.reversed(), context: scenario.context).map(\.task.id.rawValue) == shown)
  }
}

/// Pairwise preferences (Engine/Scenarios/preferences.txt): in a list of just these tasks, A comes before B.
@Suite("Engine preferences")
struct PreferenceTests {
  static let lines: [String] = {
    let path = ScenarioTests.directory + "/preferences.txt"
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
  }()

  @Test("there are at least 60 preferences")
  func enough() {
    #expect(Self.lines.count >= 60)
  }

  @Test("each preference holds", arguments: lines)
  func preference(_ line: String) {
    let parts = line.components(separatedBy: "::").map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count >= 4 else {
      Issue.record("'\(line)': description :: context :: A :: B expected")
      return
    }
    var context = NowContext(instant: Scenario.defaultInstant, timeZone: Scenario.utc)
    for setting in parts[1].split(separator: " ") {
      let pair = setting.split(separator: "=").map(String.init)
      guard pair.count == 2 else { continue }
      switch pair[0] {
      case "energy": context.energy = EnergyLevel(rawValue: pair[1])
      case "minutes": context.minutes = Int(pair[1])
      case "at": context.instant = Scenario.time(pair[1])
      default: Issue.record("'\(line)': unknown setting \(pair[0])")
      }
    }
    let tasks = parts.dropFirst(2).enumerated().map { offset, spec in
      Scenario.task("task \(offset + 1): \(spec)", now: context.instant, line: 0, file: "preferences.txt")
    }
    let shown = Ranking.rank(tasks: tasks, context: context).map(\.task.id.rawValue)
    let (a, b) = (shown.firstIndex(of: 1), shown.firstIndex(of: 2))
    #expect(a != nil && (b == nil || a! < b!), "\(parts[0]): shown \(shown)")
  }
}
