import Foundation
import StrideBase
import StrideTestSupport
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

/// A change is answered only once its commit is on the disk: the daemon syncs the database's log itself, after it
/// lets go of the store, and refuses every change once a sync has failed.
@Suite("Commits on the disk before they are answered", .serialized)
struct DurableCommitTests {
  static func makeTasks() throws -> (Tasks, String) {
    let (store, path) = try Fixtures.store()
    _ = try store.capture(Fixtures.draft("the task already there"), at: Fixtures.now)
    return (Tasks(store: store, timeZone: TimeZone(identifier: "UTC")!, config: StrideConfig()), path)
  }

  @Test("every commit a change was answered from has been synced, from one client and from several at once")
  func syncedBeforeAnswered() throws {
    let (tasks, _) = try Self.makeTasks()
    #expect(tasks.store.log != nil, "the daemon syncs the log itself")
    for number in 0..<5 {
      _ = try tasks.capture(.init(text: "thought \(number)"), Tasks.Caller(now: Fixtures.now))
      let (made, synced) = (tasks.store.written.load(ordering: .acquiring), tasks.store.durableCommits)
      #expect(synced == made, "answered after \(synced) of \(made) commits were on the disk")
    }
    let finished = DispatchGroup()
    let unsynced = Locked(0)
    for thread in 0..<6 {
      finished.enter()
      Thread.detachNewThread {
        defer { finished.leave() }
        for number in 0..<5 {
          // The commit that holds the change is made after this count: it is on the disk only once more are.
          let before = tasks.store.written.load(ordering: .acquiring)
          let answer = try? tasks.capture(
            .init(text: "thought \(number) of \(thread)"), Tasks.Caller(now: Fixtures.now))
          if answer == nil || tasks.store.durableCommits <= before { unsynced.withLock { $0 += 1 } }
        }
      }
    }
    #expect(finished.wait(timeout: .now() + 60 * Double(Fixtures.slowdown)) == .success)
    #expect(unsynced.withLock { $0 } == 0)
    #expect(tasks.store.durableCommits == tasks.store.written.load(ordering: .acquiring), "every commit was synced")
    #expect(try tasks.locked { $0.openByID.count } == 36)
  }

  @Test("when the log cannot be synced, the change is refused, and so is every change after it, with what to do")
  func refusedAfterAFailedSync() throws {
    let (tasks, path) = try Self.makeTasks()
    _ = try tasks.capture(.init(text: "stored before"), Tasks.Caller(now: Fixtures.now))
    // The log removed under the daemon: SQLite writes on into the removed file, which no restart would read.
    try FileManager.default.removeItem(atPath: path + "-wal")
    for text in ["written into the removed log", "and the one after it"] {
      #expect {
        _ = try tasks.capture(.init(text: text), Tasks.Caller(now: Fixtures.now))
      } throws: { error in
        guard let error = error as? StrideError else { return false }
        return error.code == .storageFailed && error.message.contains("could not be put on the disk")
          && error.message.contains("stride daemon stop")
      }
    }
  }
}
