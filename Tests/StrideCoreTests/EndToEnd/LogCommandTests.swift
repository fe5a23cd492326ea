import Foundation
import StrideBase
import Testing

@testable import StrideModel
@testable import StrideStore

/// `stride log` reads the history in parts as they come (Docs/protocol.md, "history.log"): every change once, newest
/// first, each day's heading once however the parts fall; `--json` one document; `--limit` stops where asked.
@Suite("End to end: the log in parts")
struct LogCommandTests {
  /// 300 tasks captured ten minutes apart from Sunday 22 November 10:00, every third finished five minutes later: 400
  /// changes over three days, more than the first part and the next hold.
  private func harness() throws -> CommandLineHarness {
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    try FileManager.default.createDirectory(atPath: cli.root + "/data/stride", withIntermediateDirectories: true)
    let store = try TaskStore(path: cli.database)
    defer { store.close() }
    let start = try #require(Timestamp.parse("2026-11-22T10:00:00Z"))
    try store.batch { () throws(StrideError) in
      for index in 0..<300 {
        let at = start.addingTimeInterval(Double(index) * 600)
        let task = try store.capture(TaskDraft(title: "chore \(index + 1)", rawInput: "chore", energy: .low), at: at)
        if index % 3 == 0 { _ = try store.apply(.complete(task.id), at: at.addingTimeInterval(300)) }
      }
    }
    return cli
  }

  @Test("log --all: every change once, newest first, under each day's heading once; --json the same changes")
  func wholeLog() throws {
    let cli = try harness()
    defer { cli.finish() }
    let lines = cli.stride("log", "--all").stdout.split(separator: "\n").map(String.init)
    let headings = lines.filter { !$0.hasPrefix(" ") }
    #expect(headings == ["Tuesday 24 November", "Monday 23 November", "Sunday 22 November"])
    let changes = lines.filter { $0.hasPrefix("  ") }
    #expect(changes.count == 400)
    #expect(Set(changes).count == 400, "no change twice")
    #expect(changes.first?.contains("chore 300") == true)
    #expect(changes.last?.contains("chore 1\"") == true)
    // Newest first: within a day the clocks run back.
    var clocks: [String] = []
    for line in lines {
      guard line.hasPrefix("  ") else {
        clocks = []
        continue
      }
      let clock = String(line.dropFirst(2).prefix(5))
      #expect(clocks.last.map { $0 >= clock } ?? true, "\(line)")
      clocks.append(clock)
    }
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(cli.stride("log", "--all", "--json").stdout.utf8))
        as? [String: Any])
    let entries = try #require(json["entries"] as? [[String: Any]])
    let seqs = entries.map { $0["seq"] as? Int ?? 0 }
    #expect(seqs.count == 400)
    #expect(seqs == seqs.sorted(by: >))
    #expect(entries.compactMap { $0["words"] as? String } == changes.map { String($0.dropFirst(9)) })
    #expect(json["more"] as? Bool == false)
  }

  @Test("log --limit stops where asked and says there is more; with --json too")
  func limited() throws {
    let cli = try harness()
    defer { cli.finish() }
    let lines = cli.stride("log", "--limit", "150").stdout.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix("  ") }.count == 150)
    #expect(lines.last == "There is more before this; see it with --all, or a longer --limit.")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(cli.stride("log", "--limit", "150", "--json").stdout.utf8))
        as? [String: Any])
    #expect((json["entries"] as? [Any])?.count == 150)
    #expect(json["more"] as? Bool == true)
  }
}
