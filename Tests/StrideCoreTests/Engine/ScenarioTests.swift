import Foundation
import Testing

@testable import StrideCore

/// Every file in Engine/Scenarios is a situation with what must (and must not) be in the five.
@Suite("Engine scenarios")
struct ScenarioTests {
  static let directory = Repository.root + "/Tests/StrideCoreTests/Engine/Scenarios"

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
      case "before":
        let (a, b) = (place(ids[0]), place(ids[1]))
        #expect(a != nil && b != nil && a! < b!, "\(at)")
      case "why":
        let id = Int64(head[1])!
        let why = evaluation.suggestions.first { $0.task.id.rawValue == id }?.why ?? []
        #expect(why.contains { $0.contains(value) }, "\(at): why \(why)")
      case "kind":
        let id = Int64(head[1])!
        #expect(evaluation.suggestions.first { $0.task.id.rawValue == id }?.kind.rawValue == value, "\(at)")
      case "prompt":
        let id = Int64(head[1])!
        #expect(evaluation.suggestions.first { $0.task.id.rawValue == id }?.prompt == value, "\(at)")
      case "hidden":
        let id = Int64(head[1])!
        let hidden = evaluation.hidden.first { $0.task.id.rawValue == id }?.hidden.reason
        #expect(hidden == value, "\(at): hidden as \(hidden ?? "nothing")")
      default:
        Issue.record("\(at): unknown check")
      }
    }
    // Whatever the scenario, the engine's own promises hold.
    #expect(shown.count <= 5)
    #expect(Ranking.rank(tasks: scenario.tasks.reversed(), context: scenario.context).map(\.task.id.rawValue) == shown)
  }
}
