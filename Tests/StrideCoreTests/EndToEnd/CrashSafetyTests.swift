import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

#if canImport(Glibc)
  import Glibc
#endif

/// SIGKILL at seeded random moments while several clients capture, complete steps, defer, delete and undo. After
/// every restart each acknowledged change must be there, nothing unacknowledged may be half there, and SQLite's
/// integrity check must pass. 50 kills here; `STRIDE_SOAK_KILLS` (set by `Scripts/soak --kills N`) asks for more.
@Suite("Crash safety")
struct CrashSafetyTests {
  static let kills = ProcessInfo.processInfo.environment["STRIDE_SOAK_KILLS"].flatMap { Int($0) } ?? 50
  static let clients = 4

  @Test("every acknowledged change survives SIGKILL, nothing half-applied appears, and the database stays sound")
  func killsWhileClientsWork() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    let model = SoakModel()
    let gate = UndoGate()
    var random = SeededRandom(2026)
    let started = Date()
    for round in 0...Self.kills {
      let daemon = try cli.startDaemon()
      let stored = try StrideClient(path: cli.socket).call(Wire.TaskList.self, .init(status: .all)).tasks
      let problems = model.settle(stored)
      for problem in problems.prefix(5) { Issue.record("after kill \(round): \(problem)") }
      guard problems.isEmpty, round < Self.kills else {
        daemon.terminate()
        daemon.waitUntilExit()
        break
      }
      let finished = DispatchGroup()
      for client in 0..<Self.clients {
        let (socket, seed) = (cli.socket, random.next())
        finished.enter()
        Thread.detachNewThread {
          defer { finished.leave() }
          Self.work(client, socket: socket, model: model, gate: gate, seed: seed)
        }
      }
      usleep(UInt32.random(in: 20_000...300_000, using: &random))
      kill(daemon.processIdentifier, SIGKILL)
      daemon.waitUntilExit()
      finished.wait()
      let database = try SQLiteDatabase(path: cli.database)
      let integrity = try database.text("PRAGMA integrity_check")
      database.close()
      #expect(integrity == "ok", "after kill \(round + 1) the integrity check says \(integrity ?? "nothing")")
    }
    let tally = model.tally
    #expect(
      tally.acknowledged > Self.kills * 10 / Fixtures.slowdown, "the clients barely ran; the kills came too early")
    #expect(tally.undone > 0, "no undo was ever acknowledged")
    print(
      "Crash soak: \(Self.kills) kills of strided, \(tally.acknowledged) acknowledged changes (\(tally.undone) of them "
        + "undos, and \(tally.refusedUndos) undos rightly told there was nothing to undo), all found after every "
        + "restart; \(tally.inFlight) requests in flight at a kill (\(tally.committed) "
        + "had committed, the rest left no trace); integrity check ok after every kill; "
        + String(format: "%.0f s.", Date().timeIntervalSince(started)))
  }

  /// One client: its own tasks, changed until the daemon goes away. Every request is noted as in flight before it
  /// is sent and as acknowledged once its reply is read.
  static func work(_ client: Int, socket: String, model: SoakModel, gate: UndoGate, seed: UInt64) {
    var random = SeededRandom(seed)
    guard let connection = try? StrideClient(path: socket) else { return }
    for n in 0..<1_000_000 {
      let operation = model.choose(for: client, serial: n, &random)
      do throws(ClientError) {
        if case .undo = operation {
          try gate.alone { () throws(ClientError) in
            model.begin(client, operation)
            do throws(ClientError) {
              let action = try connection.call(Wire.HistoryUndo.self, .init()).undone.action
              // Which change it took back, when the order of the newest ones is not known: the one that no longer
              // shows in its task.
              var current: [TaskID: Wire.Task] = [:]
              for id in model.candidates(for: action.rawValue) {
                do throws(ClientError) {
                  current[id] = try connection.call(Wire.TaskGet.self, TaskRef(id: id)).task
                } catch .failed {
                  // Not found: it is gone.
                }
              }
              model.undone(client, action.rawValue, current: current)
            } catch .failed(let error) where error.code == .nothingToUndo {
              model.refused(client, nothingToUndo: true)
            }
          }
          continue
        }
        try gate.alongside { () throws(ClientError) in
          model.begin(client, operation)
          switch operation {
          case .capture(let title):
            let task = try connection.call(Wire.TaskCapture.self, .init(text: "\(title): first, second, third")).task
            model.acknowledge(client, captured: task!.id)
          case .step(let id, let index):
            _ = try connection.call(Wire.SubtaskComplete.self, StepRef(id: id, index: index))
            model.acknowledge(client)
          case .deferral(let id):
            // Far ahead whatever the daemon's clock reads (Scripts/suite-at runs it at other instants).
            let until = Fixtures.at("2099-01-01T09:00:00Z")
            _ = try connection.call(Wire.TaskDefer.self, .init(id: id, reason: .noEnergy, until: Timestamp(until)))
            model.acknowledge(client)
          case .deletion(let id):
            _ = try connection.call(Wire.TaskDelete.self, TaskRef(id: id))
            model.acknowledge(client)
          case .undo:
            break
          }
        }
      } catch .failed {
        // Refused (a step of a finished task, say): nothing changed.
        model.refused(client, nothingToUndo: false)
      } catch {
        return  // The daemon is gone; what was in flight stays so until the next start settles it.
      }
    }
  }
}

/// An undo takes back the newest change of anyone, so it runs alone: while it is in flight no other change is,
/// and what it took back is always the newest acknowledged change (or one of those in flight at the last kill).
final class UndoGate: @unchecked Sendable {
  private let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)

  init() {
    var attributes = pthread_rwlockattr_t()
    pthread_rwlockattr_init(&attributes)
    // Undo must not wait for a gap between the other clients' changes that never comes.
    pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
    pthread_rwlock_init(lock, &attributes)
  }

  deinit {
    pthread_rwlock_destroy(lock)
    lock.deallocate()
  }

  func alongside<T>(_ body: () throws(ClientError) -> T) throws(ClientError) -> T {
    pthread_rwlock_rdlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body()
  }

  func alone<T>(_ body: () throws(ClientError) -> T) throws(ClientError) -> T {
    pthread_rwlock_wrlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body()
  }
}

/// What the clients were told, in the order the daemon committed it: the tasks as they must stand, and the changes
/// an undo would take back, newest last.
final class SoakModel: @unchecked Sendable {
  struct Task: Equatable {
    var title: String
    var owner: Int
    var done: Set<Int> = []
    var deferrals = 0
  }

  enum Operation {
    case capture(String)
    case step(TaskID, Int)
    case deferral(TaskID)
    case deletion(TaskID)
    case undo
  }

  enum Change {
    case capture(TaskID, Task)
    case step(TaskID, Int)
    case deferral(TaskID)
    case deletion(TaskID, Task)

    var action: String {
      switch self {
      case .capture: Wire.TaskCapture.name
      case .step: Wire.SubtaskComplete.name
      case .deferral: Wire.TaskDefer.name
      case .deletion: Wire.TaskDelete.name
      }
    }

    var task: TaskID {
      switch self {
      case .capture(let id, _), .step(let id, _), .deferral(let id), .deletion(let id, _): id
      }
    }
  }

  struct Tally {
    var acknowledged = 0
    var undone = 0
    var refusedUndos = 0
    var inFlight = 0
    var committed = 0
  }

  // Everything below is guarded by `lock`.
  private let lock = NSLock()
  private var tasks: [TaskID: Task] = [:]
  /// Acknowledged changes, newest last. Replies to different clients may be read in another order than their
  /// commits, so the newest few are in an order not quite known: an undo looks among the last `window`.
  private var undoable: [Change] = []
  private let window = 16
  private var inFlight: [Int: Operation] = [:]
  private var counts = Tally()

  var tally: Tally { lock.withLock { counts } }

  /// The next thing `client` does, to one of its own tasks. It keeps about two dozen, so the store stays small.
  func choose(for client: Int, serial: Int, _ random: inout SeededRandom) -> Operation {
    lock.withLock {
      let own = tasks.filter { $0.value.owner == client }.keys.sorted()
      let roll = Int.random(in: 0..<100, using: &random)
      let unfinished = own.filter { tasks[$0]!.done.count < 3 }
      switch roll {
      case 0..<30 where own.count < 25, _ where own.isEmpty:
        return .capture("thought c\(client)n\(serial)r\(Int.random(in: 0..<1_000_000, using: &random))")
      case 30..<60 where !unfinished.isEmpty:
        let id = unfinished.randomElement(using: &random)!
        let open = (1...3).filter { !tasks[id]!.done.contains($0) }
        return .step(id, open.randomElement(using: &random)!)
      case 60..<75: return .deferral(own.randomElement(using: &random)!)
      case 90..<100: return .undo
      default: return .deletion(own.randomElement(using: &random)!)
      }
    }
  }

  func begin(_ client: Int, _ operation: Operation) { lock.withLock { inFlight[client] = operation } }

  /// The daemon acknowledged what `client` had in flight (`captured`: the new task's id).
  func acknowledge(_ client: Int, captured: TaskID? = nil) {
    lock.withLock {
      let change = change(inFlight.removeValue(forKey: client)!, of: client, captured: captured)!
      counts.acknowledged += 1
      apply(change)
      undoable.append(change)
    }
  }

  /// The change an operation makes to the model (nil for an undo, which takes one back).
  private func change(_ operation: Operation, of client: Int, captured: TaskID?) -> Change? {
    switch operation {
    case .capture(let title): .capture(captured!, Task(title: title, owner: client))
    case .step(let id, let index): .step(id, index)
    case .deferral(let id): .deferral(id)
    case .deletion(let id): .deletion(id, tasks[id]!)
    case .undo: nil
    }
  }

  /// Nothing changed: the daemon refused the request.
  func refused(_ client: Int, nothingToUndo: Bool) {
    lock.withLock {
      inFlight[client] = nil
      if nothingToUndo {
        counts.refusedUndos += 1
        if !undoable.isEmpty { pendingProblems.append("undo said there was nothing to undo, with changes left") }
      }
    }
  }

  /// The tasks of the newest changes of this kind, when there is more than one an undo may have taken back.
  func candidates(for action: String) -> [TaskID] {
    lock.withLock {
      let tasks = undoable.suffix(window).filter { $0.action == action }.map(\.task)
      return tasks.count > 1 ? tasks : []
    }
  }

  /// Takes back the newest change of the last few that `reverted` says is no longer there.
  private func takeBack(where reverted: (Change) -> Bool) -> Bool {
    guard let index = undoable.indices.suffix(window).reversed().first(where: { reverted(undoable[$0]) }) else {
      return false
    }
    revert(undoable.remove(at: index))
    return true
  }

  /// An undo was acknowledged for `action`: it took back the newest change of that kind; among changes whose order
  /// is not known, the one whose task (`current`, absent when it is gone) no longer shows it.
  func undone(_ client: Int, _ action: String, current: [TaskID: Wire.Task]) {
    lock.withLock {
      inFlight[client] = nil
      counts.acknowledged += 1
      counts.undone += 1
      let matching = undoable.suffix(window).filter { $0.action == action }
      let found = takeBack { change in
        change.action == action && (matching.count == 1 || !stands(change, in: current[change.task]))
      }
      if !found {
        pendingProblems.append(
          "an undo of \(action) was acknowledged, but the newest changes were \(undoable.suffix(window).map(\.action))")
      }
    }
  }

  /// After a restart: settles what was in flight at the kill (committed or not, by what is stored) and returns
  /// every way the store differs from what the clients were told.
  func settle(_ stored: [Wire.Task]) -> [String] {
    lock.withLock {
      let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
      var committed: [Change] = []
      var undos = 0
      // Changes first, then undos: a change in flight that committed would otherwise look to an undo settled
      // before it like an earlier change the undo took back.
      for (client, operation) in inFlight.sorted(by: { $0.key < $1.key }) {
        counts.inFlight += 1
        switch operation {
        case .undo:
          undos += 1
          continue
        case .capture(let title):
          guard let task = stored.first(where: { $0.title == title }) else { continue }
          committed.append(change(operation, of: client, captured: task.id)!)
        case .step(let id, let index):
          guard byID[id]?.subtasks[index - 1].done == true else { continue }
          committed.append(change(operation, of: client, captured: nil)!)
        case .deferral(let id):
          guard let task = byID[id], task.deferrals.count == (tasks[id]?.deferrals ?? 0) + 1 else { continue }
          committed.append(change(operation, of: client, captured: nil)!)
        case .deletion(let id):
          guard byID[id] == nil, tasks[id] != nil else { continue }
          committed.append(change(operation, of: client, captured: nil)!)
        }
        apply(committed.last!)
      }
      inFlight = [:]
      counts.committed += committed.count
      undoable += committed
      for _ in 0..<undos where takeBack(where: { !stands($0, in: byID[$0.task]) }) { counts.committed += 1 }
      var problems = pendingProblems
      pendingProblems = []
      for (id, task) in tasks.sorted(by: { $0.key < $1.key }) {
        guard let found = byID[id] else {
          problems.append("acknowledged task \(id) (\(task.title)) is missing")
          continue
        }
        let done = Set(found.subtasks.indices.filter { found.subtasks[$0].done }.map { $0 + 1 })
        if found.title != task.title { problems.append("task \(id) is titled \(found.title), not \(task.title)") }
        if found.subtasks.map(\.title) != ["first", "second", "third"] {
          problems.append("task \(id) is half there: its steps are \(found.subtasks.map(\.title))")
        }
        if done != task.done {
          problems.append("task \(id) has steps \(done.sorted()) done, not \(task.done.sorted())")
        }
        if found.deferrals.count != task.deferrals {
          problems.append("task \(id) was deferred \(found.deferrals.count) times, not \(task.deferrals)")
        }
      }
      for task in stored where tasks[task.id] == nil {
        problems.append("task \(task.id) (\(task.title)) is stored, but no client was told of it")
      }
      return problems
    }
  }

  private var pendingProblems: [String] = []

  /// Whether `change` still shows in the task as it is now (nil: not stored).
  private func stands(_ change: Change, in task: Wire.Task?) -> Bool {
    switch change {
    case .capture: task != nil
    case .step(_, let index): task?.subtasks[index - 1].done == true
    case .deferral(let id): task?.deferrals.count == tasks[id]?.deferrals
    case .deletion: task == nil
    }
  }

  private func apply(_ change: Change) {
    switch change {
    case .capture(let id, let task): tasks[id] = task
    case .step(let id, let index): tasks[id]?.done.insert(index)
    case .deferral(let id): tasks[id]?.deferrals += 1
    case .deletion(let id, _): tasks[id] = nil
    }
  }

  private func revert(_ change: Change) {
    switch change {
    case .capture(let id, _): tasks[id] = nil
    case .step(let id, let index): tasks[id]?.done.remove(index)
    case .deferral(let id): tasks[id]?.deferrals -= 1
    case .deletion(let id, let task): tasks[id] = task
    }
  }
}
