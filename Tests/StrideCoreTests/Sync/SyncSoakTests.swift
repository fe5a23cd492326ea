import Foundation
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCalendar
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore
@testable import StrideWire

/// The sync soak: rounds of random changes on two devices and in another app, with a fault proxy between the
/// devices and a real Radicale; then, with the faults off and two passes each, every device and the server must
/// hold the same tasks, every acknowledged change exactly once, and the conflicts named. `Scripts/sync-soak
/// --rounds N` runs many rounds (`STRIDE_SOAK_ROUNDS`, `STRIDE_SOAK_SEED`, `STRIDE_SOAK_REPORT`); the suite runs
/// a few.
@Suite("Sync through a hostile network", .serialized)
struct SyncSoakTests {
  private static let environment = ProcessInfo.processInfo.environment
  private static let rounds = environment["STRIDE_SOAK_ROUNDS"].flatMap { Int($0) } ?? 3
  private static let firstSeed = environment["STRIDE_SOAK_SEED"].flatMap { UInt64($0) } ?? 1

  @Test("random faults between two devices and the server, another app writing too: all converge, nothing doubled")
  func soak() throws {
    let server = try Radicale()
    var tally = SoakTally()
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.rounds)) {
      let round = try SoakRound(server: server, seed: seed, rate: 0.3)
      var problems: [String] = []
      do {
        try round.run(steps: 40)
        problems = try settle(round, tally: &tally)
      } catch {
        problems.append("the round stopped: \(error)")
      }
      tally.add(round)
      if !problems.isEmpty {
        Issue.record(
          Comment(
            rawValue: "round \(seed) (replay: Scripts/sync-soak --rounds 1 --seed \(seed)):\n"
              + problems.joined(separator: "\n") + "\n--- what happened:\n" + round.log.joined(separator: "\n")))
      }
    }
    if let path = Self.environment["STRIDE_SOAK_REPORT"] {
      try tally.text(rounds: Self.rounds, firstSeed: Self.firstSeed).write(
        toFile: path, atomically: true, encoding: .utf8)
    }
  }

  /// Turns the faults off, syncs each device twice, and says everything that is not as it must be.
  private func settle(_ round: SoakRound, tally: inout SoakTally) throws -> [String] {
    round.proxy.schedule = FaultProxy.Schedule()
    var problems: [String] = []
    for _ in 0..<2 {
      for (index, device) in round.devices.enumerated() {
        do { try device.sync() } catch {
          problems.append("\(round.names[index]): a pass without faults failed: \(error)")
        }
      }
    }
    for (index, device) in round.devices.enumerated() {
      let name = round.names[index]
      if let report = try? device.sync(), report != SyncReport() {
        problems.append("\(name): a settled pass still moved something: \(report)")
      }
      let pending = try device.call(SyncStatus.self, .init()).pending
      if pending != 0 {
        let database = try SQLiteDatabase(path: device.path)
        defer { database.close() }
        let rows = try database.statement(
          "SELECT uid, task_id, parent, href IS NOT NULL, etag, body IS NOT NULL, base IS NOT NULL, "
            + "EXISTS (SELECT 1 FROM tasks WHERE id = task_id) FROM sync_items")
        var ledger: [String] = []
        while try rows.step() {
          ledger.append((0..<8).map { rows.optionalText($0) ?? "-" }.joined(separator: " "))
        }
        problems.append(
          "\(name): \(pending) tasks still wait to be sent; its ledger:\n" + ledger.joined(separator: "\n"))
      }
    }
    let views =
      try round.devices.map { try SoakView(device: $0) } + [try SoakView(server: round.server, list: round.list)]
    for (index, view) in views.enumerated() {
      let name = index < round.names.count ? round.names[index] : "the server"
      problems += view.doubled.map { "\(name) holds \($0) more than once, or alone" }
      if index > 0, view.tasks != views[0].tasks {
        problems.append("\(name) differs from a: \(SoakView.difference(views[0].tasks, view.tasks))")
      }
    }
    problems += try expectations(round, view: views[0])
    tally.conflicts += try conflictedKeys(round).count
    return problems
  }

  /// What the acknowledged changes say must be true of the settled tasks.
  private func expectations(_ round: SoakRound, view: SoakView) throws -> [String] {
    var problems: [String] = []
    for (key, title) in round.created {
      // A task deleted on one side and kept for an edit on the other comes back as the other side had it: what
      // the deleting side changed before is rightly gone. Such a task is held only to be the same everywhere.
      guard !round.deleted.contains(key) else { continue }
      guard let task = view.tasks[key] else {
        problems.append("\(key) (\(title)) was lost: nobody deleted it")
        continue
      }
      let renames = round.renames[key, default: []]
      if renames.count == 1, task.title != renames[0].title {
        problems.append("\(key) reads \"\(task.title)\", not its one rename \"\(renames[0].title)\"")
      } else if !renames.isEmpty, !renames.contains(where: { $0.title == task.title }) {
        problems.append("\(key) reads \"\(task.title)\", none of its renames")
      } else if renames.isEmpty, task.title != title {
        problems.append("\(key) reads \"\(task.title)\", though nobody renamed it")
      }
      if round.completed.contains(key), !task.done { problems.append("\(key) was completed, and is open again") }
      for step in round.steps[key, default: []] where task.steps[step] == nil {
        problems.append("step \(step) of \(key) was lost")
      }
      for (step, done) in task.steps where round.ticked.contains(step) && !done {
        problems.append("step \(step) of \(key) was ticked, and is not done")
      }
    }
    let named = try conflictedKeys(round)
    for key in round.concurrent.subtracting(named).subtracting(round.deleted) {
      problems.append("\(key) was renamed on both devices at once, and no device named the conflict")
    }
    return problems
  }

  /// The keys of the tasks a device recorded a title conflict for.
  private func conflictedKeys(_ round: SoakRound) throws -> Set<String> {
    var keys: Set<String> = []
    for device in round.devices {
      let titles = Dictionary(try device.tasks.map { ($0.id, SoakView.key($0.title)) }, uniquingKeysWith: { a, _ in a })
      let database = try SQLiteDatabase(path: device.path)
      defer { database.close() }
      let statement = try database.statement("SELECT task_id FROM sync_conflicts WHERE field = 'title'")
      while try statement.step() {
        if let key = titles[TaskID(statement.int64(0))] { keys.insert(key) }
      }
    }
    return keys
  }
}

/// The tasks one side holds, by key: title, done, and steps by title with their done-ness.
struct SoakView {
  struct Task: Equatable {
    var title: String
    var done: Bool
    var steps: [String: Bool]
  }

  var tasks: [String: Task] = [:]
  /// Keys and steps held more than once, and steps without their task.
  var doubled: [String] = []

  static func key(_ title: String) -> String { String(title.prefix { $0 != " " }) }

  init(device: SyncDevice) throws {
    for task in try device.tasks {
      add(task.title, done: !task.status.isOpen, steps: task.subtasks.map { ($0.title, $0.done) })
    }
  }

  init(server: Radicale, list: String) throws {
    let dav = server.dav
    let listURL = URL(string: list)!
    var tasks: [String: VTodo.Parsed] = [:]
    var steps: [String: [SyncStep]] = [:]
    for entry in try dav.propfind(listURL, depth: 1, properties: "<d:getetag/>") where entry.href.hasSuffix(".ics") {
      let body = String(
        decoding: try dav.send("GET", DAVPath.url(entry.href, on: listURL), accept: [200]).body, as: UTF8.self)
      guard let parsed = try VTodo.parse(body, timeZone: TimeZone(identifier: "UTC")!) else { continue }
      if let parent = parsed.parent {
        steps[parent, default: []].append(parsed.step)
      } else {
        if tasks[parsed.uid] != nil { doubled.append("UID \(parsed.uid)") }
        tasks[parsed.uid] = parsed
      }
    }
    for (parent, orphans) in steps where tasks[parent] == nil {
      doubled += orphans.map { "step \($0.title) without its task (\(parent))" }
    }
    for (uid, task) in tasks {
      add(
        task.fields.title, done: task.fields.state.status == .completed,
        steps: steps[uid, default: []].map { ($0.title, $0.done) })
    }
  }

  private mutating func add(_ title: String, done: Bool, steps: [(String, Bool)]) {
    let key = Self.key(title)
    if tasks[key] != nil { doubled.append(key) }
    var byTitle: [String: Bool] = [:]
    for (step, stepDone) in steps {
      if byTitle[step] != nil { doubled.append("step \(step) of \(key)") }
      byTitle[step] = stepDone
    }
    tasks[key] = Task(title: title, done: done, steps: byTitle)
  }

  static func difference(_ a: [String: Task], _ b: [String: Task]) -> String {
    Set(a.keys).union(b.keys).sorted().compactMap { key in
      a[key] == b[key]
        ? nil : "\(key): \(a[key].map { "\($0)" } ?? "missing") against \(b[key].map { "\($0)" } ?? "missing")"
    }.joined(separator: "; ")
  }
}

/// What a run of rounds met, for `Docs/reliability.md`.
struct SoakTally {
  var requests = 0
  var faults: [FaultProxy.Fault: Int] = [:]
  var hidden = 0
  var failedPasses = 0
  var tasks = 0
  var conflicts = 0

  mutating func add(_ round: SoakRound) {
    let tally = round.proxy.tally
    requests += tally.requests
    hidden += tally.hidden
    faults.merge(tally.faults, uniquingKeysWith: +)
    failedPasses += round.failedPasses
    tasks += round.created.count
  }

  func text(rounds: Int, firstSeed: UInt64) -> String {
    var lines = [
      "rounds: \(rounds) (seeds \(firstSeed)…\(firstSeed + UInt64(rounds) - 1))",
      "tasks made: \(tasks)", "requests through the proxy: \(requests)",
      "passes that failed on a fault: \(failedPasses)", "title conflicts named: \(conflicts)",
      "sync-collection REPORTs refused (PROPFIND fallback): \(hidden)",
    ]
    lines += FaultProxy.Fault.allCases.map { "\($0.rawValue): \(faults[$0, default: 0])" }
    return lines.joined(separator: "\n") + "\n"
  }
}
