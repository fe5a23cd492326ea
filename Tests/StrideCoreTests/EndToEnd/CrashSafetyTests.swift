import Foundation
import Synchronization
import Testing

@testable import StrideCore

#if canImport(Glibc)
  import Glibc
#endif

/// Twenty SIGKILLs at seeded random moments while a client streams captures and step completions.
@Suite("Crash safety")
struct CrashSafetyTests {
  /// What the daemon acknowledged: tasks captured, and steps completed.
  final class Acknowledged: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var captured: [TaskID: String] = [:]
    private var completed: Set<String> = []

    func capture(_ id: TaskID, _ title: String) { lock.withLock { captured[id] = title } }
    func complete(_ id: TaskID, _ step: Int) { lock.withLock { _ = completed.insert("\(id).\(step)") } }
    var tasks: [TaskID: String] { lock.withLock { captured } }
    var steps: Set<String> { lock.withLock { completed } }
  }

  @Test("every acknowledged change survives SIGKILL, nothing half-applied appears, and the database stays sound")
  func killsWhileStreaming() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    var random = SeededRandom(2026)
    let acknowledged = Acknowledged()
    let started = Date()
    for round in 0..<20 {
      let daemon = try cli.startDaemon()
      let stopped = DispatchSemaphore(value: 0)
      let socket = cli.socket
      let seed = random.next()
      Thread.detachNewThread {
        defer { stopped.signal() }
        var local = SeededRandom(seed)
        guard let client = try? StrideClient(path: socket) else { return }
        for n in 0..<100_000 {
          let known = acknowledged.tasks.keys.sorted()
          if n % 3 == 2, let id = known.randomElement(using: &local) {
            let step = Int.random(in: 1...3, using: &local)
            do {
              _ = try client.call(SubtaskComplete.self, .init(id: id, index: step))
              acknowledged.complete(id, step)
            } catch ClientError.failed {
              // Already done, or the task is complete: refused, and nothing changed.
            } catch {
              return
            }
          } else {
            let title = "round \(round) thought \(n)"
            guard let task = try? client.call(TaskCapture.self, .init(text: "\(title): first, second, third")).task
            else { return }
            acknowledged.capture(task.id, title)
          }
        }
      }
      usleep(UInt32.random(in: 30_000...250_000, using: &random))
      kill(daemon.processIdentifier, SIGKILL)
      daemon.waitUntilExit()
      stopped.wait()
    }
    let daemon = try cli.startDaemon()
    defer {
      daemon.terminate()
      daemon.waitUntilExit()
    }
    let client = try StrideClient(path: cli.socket)
    let stored = try client.call(TaskList.self, .init(status: .all)).tasks
    let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
    for (id, title) in acknowledged.tasks {
      #expect(byID[id]?.title == title, "acknowledged task \(id) is missing")
    }
    for step in acknowledged.steps {
      let parts = step.split(separator: ".").map { Int64($0)! }
      #expect(byID[TaskID(parts[0])]?.subtasks[Int(parts[1]) - 1].done == true, "acknowledged step \(step) is not done")
    }
    // A capture is all or nothing: every task that exists has all three of its steps.
    for task in stored {
      #expect(task.subtasks.map(\.title) == ["first", "second", "third"], "task \(task.id) is half-applied")
    }
    #expect(stored.count <= acknowledged.tasks.count + 20, "more unacknowledged tasks than kills")
    #expect(acknowledged.tasks.count > 40, "the stream barely ran; the kills came too early")
    let database = try SQLiteDatabase(path: cli.database)
    #expect(try database.text("PRAGMA integrity_check") == "ok")
    database.close()
    #expect(Date().timeIntervalSince(started) < 120)
  }
}
