import Foundation
import StrideBase
import StrideModel
import StrideStore

/// The commands a person uses after a year, side by side with Taskwarrior's nearest, on the same 20,000 tasks (14,000
/// of them finished over the past year) in both, alternated in one run so the ratio holds on a noisy machine (issue
/// 58's sixth point: each at most half of Taskwarrior's time). With `--keep` the workspace stays, and its path is
/// printed, to profile `strided` and `stride` on the same data.
func taskwarriorSharedSection(task: String) throws {
  let count = quick ? 2_000 : 20_000
  let workspace = try Workspace(tasks: 0)
  let records = try fillStride(workspace, count: count)
  let (taskEnvironment, _) = try taskwarriorData(
    task, in: workspace, importing: JSONSerialization.data(withJSONObject: records))
  let (daemon, _) = try workspace.startDaemon()
  let stride = workspace.binaries + "/stride"
  let yearAgo = String(Timestamp.format(now.addingTimeInterval(-Seconds.days(365))).prefix(10))
  // Each of Stride's commands beside Taskwarrior's nearest: `log` lists what changed, Taskwarrior's nearest list of
  // what happened is `completed`; `find` searches every task's words, `task /word/ all` every task's description.
  let pairs: [(String, [String], [String])] = [
    ("list --status all", ["list", "--status", "all"], ["all"]),
    ("export --format json", ["export", "--format", "json"], ["export"]),
    ("review, a year", ["review", "--since", yearAgo], ["history.monthly"]),
    ("log --all", ["log", "--all"], ["completed"]),
    ("find, a word in a tenth", ["find", "errand"], ["/errand/", "all"]),
    ("now", ["now"], ["next"]),
  ]
  let runs = quick ? 3 : 7
  for (name, ours, theirs) in pairs {
    var strideTimes: [Double] = []
    var taskTimes: [Double] = []
    _ = try workspace.time(stride, ours)
    _ = try workspace.time(task, theirs, environment: taskEnvironment)
    for _ in 0..<runs {
      strideTimes.append(try workspace.time(stride, ours))
      taskTimes.append(try workspace.time(task, theirs, environment: taskEnvironment))
    }
    strideTimes.sort()
    taskTimes.sort()
    report("stride \(name), \(count) tasks", strideTimes)
    report("task \(theirs.joined(separator: " ")), \(count) tasks", taskTimes)
    reportValue(
      "  Stride ÷ Taskwarrior", String(format: "%.2f×", percentile(strideTimes, 0.5) / percentile(taskTimes, 0.5)))
  }
  workspace.stop(daemon)
  if arguments.contains("--keep") {
    print("kept: XDG_DATA_HOME=\(workspace.root)/data XDG_RUNTIME_DIR=\(workspace.root)/run HOME=\(workspace.root)")
    print("      TASKRC=\(taskEnvironment["TASKRC"] ?? "") TASKDATA=\(taskEnvironment["TASKDATA"] ?? "")")
  } else {
    workspace.remove()
  }
}

/// Captures `count` tasks into the workspace's store over the past year, seven in ten of them finished within 20 days
/// (those whose day has come), a tenth of all titles holding "errand", and returns the same tasks as Taskwarrior's
/// import records.
private func fillStride(_ workspace: Workspace, count: Int) throws -> [[String: Any]] {
  try FileManager.default.createDirectory(atPath: workspace.root + "/data/stride", withIntermediateDirectories: true)
  let store = try TaskStore(path: workspace.root + "/data/stride/stride.db")
  defer { store.close() }
  func stamp(_ date: Date) -> String {
    Timestamp.format(date).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
  }
  var random = Generator(seed: 58)
  var records: [[String: Any]] = []
  try store.batch { () throws(StrideError) in
    for index in 0..<count {
      let created = now.addingTimeInterval(-Seconds.days(365) * Double(count - index) / Double(count))
      let title = index % 10 == 0 ? "run an errand \(index)" : "task \(index) of the year"
      var draft = TaskDraft(title: title, rawInput: title, energy: EnergyLevel.allCases[random.next(3)])
      if random.next(4) == 0 { draft.tags = [["home", "work", "health"][random.next(3)]] }
      let task = try store.capture(draft, at: created)
      var record: [String: Any] = [
        "uuid": uuid(index + 1), "description": title, "status": "pending", "entry": stamp(created),
        "modified": stamp(created),
      ]
      if !draft.tags.isEmpty { record["tags"] = draft.tags }
      let end = created.addingTimeInterval(Seconds.days(Double(random.next(20))))
      if index % 10 < 7, end < now {
        try store.apply(.complete(task.id), at: end)
        record["status"] = "completed"
        record["end"] = stamp(end)
        record["modified"] = stamp(end)
      }
      records.append(record)
    }
  }
  return records
}
