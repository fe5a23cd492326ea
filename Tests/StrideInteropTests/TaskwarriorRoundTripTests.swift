import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideInterop
@testable import StrideModel
@testable import StridePlatform
@testable import StrideStore

/// Stride → the real `task` program (Debian's taskwarrior, which `.ci/run` installs) → Stride: every field
/// Docs/interop.md says survives comes back, and importing the same export into Taskwarrior twice changes nothing.
@Suite(
  "Taskwarrior: a round trip through the real task program",
  .enabled(
    if: Installed.runs(["task"]), "Taskwarrior is not installed ('sudo apt-get install taskwarrior'; .ci/run does)"))
struct TaskwarriorRoundTripTests {
  /// Taskwarrior judges `wait` by its own clock, so the tasks' times are set from the present (never its weekday).
  let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60)
  let utc = TimeZone(identifier: "UTC")!

  func hours(_ count: Double) -> Date { now.addingTimeInterval(count * 3600) }

  /// One task of each kind the round trip must keep.
  func tasks() throws -> [StrideTask] {
    var steps = Fixtures.task(1, "paint the fence", created: hours(-48), energy: .high, estimate: 90)
    steps.subtasks = [Subtask(title: "buy paint"), Subtask(title: "sand it", done: true, completedAt: hours(-2))]
    // Two notes in the same second: Taskwarrior keys annotations by their second, so they must not share one.
    steps.notes = [Note(at: hours(-3), text: "the green one"), Note(at: hours(-3), text: "two coats")]
    steps.tags = ["home"]
    var later = Fixtures.task(2, "plan the trip", created: hours(-48), due: hours(24 * 10))
    try later.deferTask(.wrongTime, until: hours(24 * 3), at: hours(-1))
    var unsure = Fixtures.task(3, "the tax letter", created: hours(-48))
    unsure.type = .obligation
    try unsure.deferTask(.unsure, until: nil, at: hours(-1))
    var tired = Fixtures.task(4, "clean the oven", created: hours(-48))
    try tired.deferTask(.noEnergy, until: nil, at: hours(-1))
    var plumber = Fixtures.task(5, "fix the sink", created: hours(-48), due: hours(24 * 2))
    // Its follow-up is after its due: Taskwarrior must not hide it past the due.
    try plumber.wait(for: "the plumber", followUp: hours(24 * 4), at: hours(-1))
    var blocked = Fixtures.task(6, "hang the pictures", created: hours(-48), blockedBy: [TaskID(1)])
    blocked.start = hours(24)
    var done = Fixtures.task(7, "buy bulbs", created: hours(-48))
    try done.complete(at: hours(-5))
    return [steps, later, unsure, tired, plumber, blocked, done]
  }

  @Test("every field the docs promise comes back, and a second task import changes nothing")
  func roundTrip() throws {
    let folder = Fixtures.temporaryDirectory()
    let rc = folder + "/taskrc"
    try "data.location=\(folder)/data\nconfirmation=off\nverbose=nothing\njson.array=on\nhooks=off\n".write(
      toFile: rc, atomically: true, encoding: .utf8)
    let original = try tasks()
    let export = folder + "/stride.json"
    try Exporter.data(original, format: .taskwarrior, now: now, timeZone: utc).write(to: URL(fileURLWithPath: export))

    #expect(try Self.task(rc, ["import", export]).status == 0)
    let first = try Self.task(rc, ["export"])
    #expect(try Self.task(rc, ["import", export]).status == 0)
    let second = try Self.task(rc, ["export"])
    #expect(
      Self.withoutUrgency(first.output) == Self.withoutUrgency(second.output), "a second import changed Taskwarrior")

    let plan = try ImportPlan.read(Data(first.output.utf8), format: .taskwarrior, now: now, timeZone: utc)
    #expect(plan.skipped.isEmpty)
    let (store, _) = try Fixtures.store()
    let back = Dictionary(uniqueKeysWithValues: try store.importTasks(plan.tasks, at: now).tasks.map { ($0.title, $0) })
    for task in original {
      let copy = try #require(back[task.title], "\(task.title) did not come back")
      #expect(copy.status == task.status, "\(task.title)")
      #expect(copy.deferral?.reason == task.deferral?.reason, "\(task.title)")
      #expect(copy.deferral?.until == task.deferral?.until, "\(task.title)")
      #expect(copy.waitingFor == task.waitingFor, "\(task.title)")
      #expect(copy.followUp == task.followUp, "\(task.title)")
      #expect(copy.due == task.due && copy.start == task.start, "\(task.title)")
      #expect(copy.tags == task.tags && copy.type == task.type, "\(task.title)")
      #expect(copy.energy == task.energy && copy.estimateMinutes == task.estimateMinutes, "\(task.title)")
      #expect(copy.subtasks.map(\.title) == task.subtasks.map(\.title), "\(task.title)")
      #expect(copy.subtasks.map(\.done) == task.subtasks.map(\.done), "\(task.title)")
      #expect(copy.notes.map(\.text) == task.notes.map(\.text), "\(task.title)")
      #expect(copy.completedAt == task.completedAt, "\(task.title)")
      #expect(copy.createdAt == task.createdAt, "\(task.title)")
      let blockers = copy.blockedBy.compactMap { id in back.values.first { $0.id == id }?.title }
      #expect(blockers == task.blockedBy.map { id in original.first { $0.id == id }!.title }, "\(task.title)")
    }
    // In Taskwarrior, the task waiting for the plumber shows again at its due, not after it.
    let items = try #require(JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [[String: Any]])
    let sink = try #require(items.first { $0["description"] as? String == "fix the sink" })
    #expect(sink["wait"] as? String == Timestamp.basic(hours(24 * 2)))
  }

  /// An export without `urgency`, which Taskwarrior works out anew (it grows with age) on every export.
  static func withoutUrgency(_ text: String) -> String {
    text.replacing(/,?"urgency":[0-9.e-]+/, with: "")
  }

  /// Runs `task` with its settings in `rc` (through the project's own `ExternalCommand`); its standard output, and
  /// how it ended (0, or 1 for any failure).
  static func task(_ rc: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let program = try #require(
      ["/usr/bin/task", "/usr/local/bin/task"].first { FileManager.default.isExecutableFile(atPath: $0) },
      "Taskwarrior is not installed; Debian: apt-get install taskwarrior (.ci/run does)")
    let home = (rc as NSString).deletingLastPathComponent
    let output = ExternalCommand.run(
      ["/usr/bin/env", "-i", "TASKRC=\(rc)", "HOME=\(home)", "TZ=UTC", program] + arguments, input: [], timeout: 60,
      limit: 4 << 20)
    return (output == nil ? 1 : 0, output.map { String(decoding: $0, as: UTF8.self) } ?? "")
  }
}
