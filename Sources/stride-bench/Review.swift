import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StrideCore
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// `history.review` over a month of history with 10,000 tasks finished in it (and a deferral or two on a tenth of
/// them), through the daemon.
func reviewSection() throws {
  let count = quick ? 2_000 : 10_000
  let workspace = try Workspace(tasks: 0)
  try FileManager.default.createDirectory(atPath: workspace.root + "/data/stride", withIntermediateDirectories: true)
  let store = try TaskStore(path: workspace.root + "/data/stride/stride.db")
  let start = now.addingTimeInterval(-Seconds.days(30))
  var random = Generator(seed: 3)
  try store.batch { () throws(StrideError) in
    for index in 0..<count {
      let at = start.addingTimeInterval(Seconds.days(Double(index) * 30) / Double(count))
      var draft = TaskDraft(
        title: "finished thing \(index)", rawInput: "", energy: EnergyLevel.allCases[random.next(3)])
      draft.rawInput = draft.title
      draft.estimateMinutes = [nil, 5, 15, 30][random.next(4)]
      let task = try store.capture(draft, at: at)
      if random.next(10) == 0 {
        try store.apply(.deferTask(task.id, reason: .noEnergy, until: nil, energy: .low), at: at)
        try store.apply(.resume(task.id), at: at)
      }
      try store.apply(.complete(task.id), at: at.addingTimeInterval(600))
    }
  }
  store.close()
  let (daemon, _) = try workspace.startDaemon()
  let client = try StrideClient(path: workspace.socket)
  let params = HistoryReview.Params(
    since: Timestamp(start), until: Timestamp(now.addingTimeInterval(Seconds.days(1))), timeZone: "Europe/Berlin")
  var done = 0
  let samples = try measure(runs: quick ? 5 : 21) { done = try client.call(HistoryReview.self, params).done }
  precondition(done == count, "the review counted \(done) of \(count) finished tasks")
  report("history.review, a month, \(count) finished", samples)
  workspace.stop(daemon)
  workspace.remove()
}
