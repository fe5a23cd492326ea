import Foundation
import StrideBase
import StrideCore
import StrideModel
import StrideProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// Taskwarrior side by side: the same generated tasks imported with `task import`, and the same three commands,
/// alternated with Stride's in one run so the ratio holds on a noisy machine; then the commands of a year's use
/// (`taskwarriorSharedSection`).
func taskwarriorSection() throws {
  guard let task = locateTaskwarrior() else {
    print("taskwarrior: not found and could not be installed (apt-get install taskwarrior); section skipped")
    return
  }
  for count in [1_000, 10_000] {
    let workspace = try Workspace(tasks: count)
    let (daemon, _) = try workspace.startDaemon()
    let (taskEnvironment, importTime) = try taskwarriorData(
      task, in: workspace, importing: importFile(makeTasks(count)))
    reportValue("taskwarrior import, \(count) tasks", String(format: "%.0f ms", importTime))

    let stride = workspace.binaries + "/stride"
    let runs = quick ? 3 : (count >= 10_000 ? 7 : 15)
    var strideTimes: [String: [Double]] = [:]
    var taskTimes: [String: [Double]] = [:]
    for run in 0..<runs {
      strideTimes["now", default: []].append(try workspace.time(stride, ["now"]))
      taskTimes["now", default: []].append(try workspace.time(task, ["next"], environment: taskEnvironment))
      strideTimes["add", default: []].append(try workspace.time(stride, ["add", "bench \(run)"]))
      taskTimes["add", default: []].append(
        try workspace.time(task, ["add", "bench \(run)"], environment: taskEnvironment))
      strideTimes["done", default: []].append(try workspace.time(stride, ["done", "\(run + 1)"]))
      taskTimes["done", default: []].append(
        try workspace.time(task, [uuid(run + 1), "done"], environment: taskEnvironment))
    }
    for (command, taskCommand) in [("now", "next"), ("add", "add"), ("done", "done")] {
      let ours = strideTimes[command]!.sorted()
      let theirs = taskTimes[command]!.sorted()
      report("stride \(command), \(count) tasks (alternating)", ours)
      report("task \(taskCommand), \(count) tasks (alternating)", theirs)
      reportValue(
        "  Taskwarrior ÷ Stride, \(command)", String(format: "%.1f×", percentile(theirs, 0.5) / percentile(ours, 0.5)))
    }
    workspace.stop(daemon)
    workspace.remove()
  }
  try taskwarriorSharedSection(task: task)
}

/// The commands of a year's use beside Taskwarrior's alone (`taskwarriorSharedSection`), without the section's first
/// part; with `--keep` the workspace stays, for a profile.
func taskwarriorYearSection() throws {
  guard let task = locateTaskwarrior() else {
    print("taskwarrior: not found and could not be installed (apt-get install taskwarrior); section skipped")
    return
  }
  try taskwarriorSharedSection(task: task)
}

/// A Taskwarrior data folder and settings in the workspace, with `records` (its `task export` JSON) imported: the
/// environment that points `task` at them, and how long the import took in milliseconds.
func taskwarriorData(_ task: String, in workspace: Workspace, importing records: Data) throws -> (
  environment: [String: String], milliseconds: Double
) {
  let data = workspace.root + "/taskwarrior"
  try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
  let rc = workspace.root + "/taskrc"
  try "data.location=\(data)\nconfirmation=off\nhooks=off\nverbose=nothing\n".write(
    toFile: rc, atomically: true, encoding: .utf8)
  let file = workspace.root + "/import.json"
  try records.write(to: URL(fileURLWithPath: file))
  let environment = ["TASKRC": rc, "TASKDATA": data]
  return (environment, try workspace.time(task, ["import", file], environment: environment))
}

/// `task` on PATH, or Debian's package installed when running as root.
func locateTaskwarrior() -> String? {
  let candidates = ["/usr/bin/task", "/usr/local/bin/task"]
  if let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) { return found }
  guard getuid() == 0 else { return nil }
  print("taskwarrior: installing Debian's package (apt-get install taskwarrior)…")
  for command in [["update", "-qq"], ["install", "-y", "-qq", "taskwarrior"]] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/apt-get")
    process.arguments = command
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
    process.waitUntilExit()
  }
  return candidates.first(where: FileManager.default.isExecutableFile(atPath:))
}

/// A stable uuid for generated task `index`.
func uuid(_ index: Int) -> String {
  String(format: "00000000-0000-4000-8000-%012d", index)
}

/// The generated tasks as Taskwarrior's `task export` JSON.
func importFile(_ tasks: [StrideTask]) throws -> Data {
  func stamp(_ date: Date) -> String {
    Timestamp.format(date).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
  }
  let records: [[String: Any]] = tasks.map { task in
    var record: [String: Any] = [
      "uuid": uuid(Int(task.id.rawValue)), "description": task.title, "status": "pending",
      "entry": stamp(task.createdAt),
    ]
    if let due = task.due { record["due"] = stamp(due) }
    if !task.tags.isEmpty { record["tags"] = task.tags }
    if !task.blockedBy.isEmpty {
      record["depends"] = task.blockedBy.map { uuid(Int($0.rawValue)) }.joined(separator: ",")
    }
    return record
  }
  return try JSONSerialization.data(withJSONObject: records)
}
