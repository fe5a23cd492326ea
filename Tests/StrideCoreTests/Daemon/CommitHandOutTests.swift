import Foundation
import StrideBase
import StrideTestSupport
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

/// What each commit changed reaches the daemon's events once the store's lock is let go of, commit by commit in
/// their order, and a subscriber's first state meets the events after it with nothing between them.
@Suite("Commits handed out after the lock", .serialized)
struct CommitHandOutTests {
  static func makeTasks() throws -> Tasks {
    let (store, _) = try Fixtures.store()
    _ = try store.capture(Fixtures.draft("the task already there"), at: Fixtures.now)
    return Tasks(store: store, timeZone: TimeZone(identifier: "UTC")!, config: StrideConfig())
  }

  /// Captures `count` thoughts from each of `threads` threads at once; returns when all are stored.
  static func capture(_ tasks: Tasks, threads: Int, count: Int) {
    let finished = DispatchGroup()
    for thread in 0..<threads {
      finished.enter()
      Thread.detachNewThread {
        defer { finished.leave() }
        for number in 0..<count {
          _ = try? tasks.capture(.init(text: "thought \(number) of \(thread)"), Tasks.Caller(now: Fixtures.now))
        }
      }
    }
    finished.wait()
  }

  @Test("each commit is handed out with the store's lock free, in commit order, before its change's reply")
  func afterTheLock() throws {
    let tasks = try Self.makeTasks()
    let heard = Locked<[(ids: [TaskID], lockFree: Bool)]>([])
    tasks.listen(
      committed: { [weak tasks] changes in
        // Another thread can take the store's lock while the commit is being handed out.
        let free = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [tasks] in
          _ = try? tasks?.locked { store throws(StrideError) in store.revision }
          free.signal()
        }
        let lockFree = free.wait(timeout: .now() + 10 * Double(Fixtures.slowdown)) == .success
        heard.withLock { $0.append((changes.flatMap { $0.tasks.map(\.id) }, lockFree)) }
      }, revisionMoved: {})
    let answered = try tasks.capture(.init(text: "one thought alone"), Tasks.Caller(now: Fixtures.now))
    #expect(heard.withLock { $0.last?.ids } == [try #require(answered.task?.id)], "heard before the reply")
    Self.capture(tasks, threads: 4, count: 5)
    let commits = heard.withLock { $0 }
    #expect(commits.allSatisfy { $0.lockFree }, "a commit was handed out with the store's lock held")
    let ids = commits.flatMap(\.ids)
    #expect(ids.count == 21)
    #expect(ids == ids.sorted(), "handed out in the order the tasks were stored")
  }

  @Test("a subscriber's first state and the commits handed out after it hold every change once")
  func subscriberInStep() throws {
    let tasks = try Self.makeTasks()
    let heard = Locked<[TaskID]>([])
    tasks.listen(committed: { changes in heard.withLock { $0 += changes.flatMap { $0.tasks.map(\.id) } } }) {}
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      Self.capture(tasks, threads: 3, count: 40)
      done.signal()
    }
    // Five subscribers start while the captures are being committed.
    var starts: [(open: [StrideTask], joined: Int)] = []
    for number in 1...5 {
      while heard.withLock({ $0.count }) < 15 * number { usleep(200) }
      let start = try tasks.subscriberStart(at: Fixtures.now) { heard.withLock { $0.count } }
      starts.append((start.open, start.joined))
    }
    done.wait()
    let all = heard.withLock { $0 }
    for start in starts {
      let before = Set(start.open.map(\.id)).subtracting([TaskID(1)])
      let after = Set(all[start.joined...])
      #expect(before.intersection(after).isEmpty, "a change was both in the first state and heard after it")
      #expect(before.union(after) == Set(all), "a change fell between the first state and its events")
    }
    #expect(heard.withLock { $0.count } == 120)
  }
}
