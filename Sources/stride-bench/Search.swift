import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StrideCore
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// Titles, notes and steps made of everyday words, some of them rare, so that a query can find a few tasks or
/// tens of thousands.
private func searchTasks(_ count: Int) -> [TaskDraft] {
  var random = Generator(seed: 7)
  let common = [
    "call", "email", "the", "bank", "pay", "rent", "book", "dentist", "buy", "milk", "fix", "bike", "write", "report",
    "plan", "trip", "clean", "kitchen", "renew", "passport", "send", "invoice", "read", "chapter", "water", "plants",
  ]
  // A rare word is one of 5,000 made-up ones: each is in about one task in 250.
  let syllables = ["ka", "lo", "mi", "ne", "ru", "ta", "vo", "zi", "pe", "sha"]
  func rare() -> String { (0..<4).map { _ in syllables[random.next(syllables.count)] }.joined() }
  func phrase(_ length: Int) -> String {
    (0..<length).map { _ in random.next(5) == 0 ? rare() : common[random.next(common.count)] }.joined(separator: " ")
  }
  return (0..<count).map { _ in
    var draft = TaskDraft(title: phrase(4), rawInput: "", energy: .medium)
    draft.rawInput = draft.title + " ~10m"
    if random.next(4) == 0 { draft.steps = (0..<3).map { _ in phrase(2) } }
    return draft
  }
}

/// `task.find` at 100,000 tasks (half of them finished, a quarter with a note), through the daemon, against
/// reading every task's text for the same answer.
func searchSection() throws {
  let count = quick ? 10_000 : 100_000
  let workspace = try Workspace(tasks: 0)
  try FileManager.default.createDirectory(atPath: workspace.root + "/data/stride", withIntermediateDirectories: true)
  let store = try TaskStore(path: workspace.root + "/data/stride/stride.db")
  var random = Generator(seed: 11)
  try store.batch { () throws(StrideError) in
    for (index, draft) in searchTasks(count).enumerated() {
      let at = now.addingTimeInterval(-Double(count - index) * 60)
      let task = try store.capture(draft, at: at)
      if random.next(4) == 0 { try store.apply(.addNote(task.id, text: "the plumber said thursday morning"), at: at) }
      if index % 2 == 0 { try store.apply(.complete(task.id), at: at) }
    }
  }
  let queries = ["kalomine", "dentist", "call bank", "\"pay the rent\"", "plumber thursday", "b"]
  print("search at \(count) tasks (how many each query matches in brackets):")
  for text in queries {
    let query = SearchQuery(text)!
    let matches = try store.search(query).count
    report("  full scan: \(text) (\(matches))", try measure(runs: 3) { _ = try store.rows.search.scanned(query) })
  }
  store.close()
  let (daemon, _) = try workspace.startDaemon()
  let client = try StrideClient(path: workspace.socket)
  for text in queries {
    let samples = try measure(runs: quick ? 5 : 21) { _ = try client.call(Wire.TaskFind.self, .init(query: text)) }
    report("  task.find round trip: \(text)", samples)
  }
  workspace.stop(daemon)
  workspace.remove()
}
