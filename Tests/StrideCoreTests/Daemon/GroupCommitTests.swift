import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

/// Changes made at the same moment on different connections, and changes that came together on one, share one commit
/// (one sync to disk) through one queue, and each is still answered for itself.
@Suite("Changes from many connections share commits", .serialized)
struct GroupCommitTests {
  /// What each change was answered, and the changes the store announced, commit by commit.
  final class Record: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var answersByTitle: [String: Result<TaskID, StrideError>] = [:]
    private var commitSizes: [Int] = []

    func answer(_ title: String, _ result: Result<TaskID, StrideError>) {
      lock.withLock { answersByTitle[title] = result }
    }
    func committed(_ count: Int) { lock.withLock { commitSizes.append(count) } }
    var answers: [String: Result<TaskID, StrideError>] { lock.withLock { answersByTitle } }
    var commits: [Int] { lock.withLock { commitSizes } }
  }

  static let titles = (1...7).map { "thought \($0) from another shell" }
  /// The captures of a run that came together on one connection, around a completion of a task that does not exist.
  static let run = ["first of a run", "second of a run"]

  /// A store with one task, the record of its commits, and `Tasks` over it.
  func makeTasks() throws -> (Tasks, Record, String) {
    let (store, path) = try Fixtures.store()
    _ = try store.capture(Fixtures.draft("the task already there"), at: Fixtures.now)
    let record = Record()
    let tasks = Tasks(store: store, timeZone: TimeZone(identifier: "UTC")!, config: StrideConfig())
    tasks.listen(committed: { changes in record.committed(changes.count) }) {}
    return (tasks, record, path)
  }

  /// Seven captures and one completion of a task that does not exist, each on a thread of its own, and a run of
  /// three changes that came together (two captures around another such completion), sent while the store is held
  /// elsewhere; `whileHeld` runs once all eleven wait. Returns when every one has its answer.
  func changeTogether(_ tasks: Tasks, _ record: Record, whileHeld: (TaskStore) throws -> Void = { _ in }) throws {
    let finished = DispatchGroup()
    try tasks.store.locked { store in
      for title in Self.titles {
        finished.enter()
        Thread.detachNewThread {
          defer { finished.leave() }
          do throws(StrideError) {
            let result = try tasks.capture(.init(text: title), Tasks.Caller(now: Fixtures.now))
            record.answer(title, .success(result.task?.id ?? TaskID(0)))
          } catch {
            record.answer(title, .failure(error))
          }
        }
      }
      finished.enter()
      Thread.detachNewThread {
        defer { finished.leave() }
        do throws(StrideError) {
          let result = try tasks.apply(.complete(TaskID(99)), Tasks.Caller(now: Fixtures.now))
          record.answer("done 99", .success(result.task.id))
        } catch {
          record.answer("done 99", .failure(error))
        }
      }
      finished.enter()
      Thread.detachNewThread {
        defer { finished.leave() }
        let caller = Tasks.Caller(now: Fixtures.now)
        func capture(_ title: String) -> Result<TaskID, StrideError> {
          Result { () throws(StrideError) in try tasks.capture(.init(text: title), caller).task?.id ?? TaskID(0) }
        }
        let outcomes = tasks.together([
          { capture(Self.run[0]) },
          { Result { () throws(StrideError) in try tasks.apply(.complete(TaskID(98)), caller).task.id } },
          { capture(Self.run[1]) },
        ])
        for (name, outcome) in zip([Self.run[0], "done 98", Self.run[1]], outcomes) {
          record.answer(name, outcome.flatMap { $0 })
        }
      }
      let deadline = Date().addingTimeInterval(30 * Double(Fixtures.slowdown))
      while tasks.store.waitingChanges < 11 && Date() < deadline { usleep(1_000) }
      #expect(tasks.store.waitingChanges == 11, "all eleven changes wait for the store")
      try whileHeld(store)
    }
    #expect(finished.wait(timeout: .now() + 30 * Double(Fixtures.slowdown)) == .success)
  }

  @Test("changes that wait for the store are committed together, and each succeeds or fails on its own")
  func together() throws {
    let (tasks, record, _) = try makeTasks()
    try changeTogether(tasks, record)
    #expect(record.commits == [9], "the nine captures were announced as one commit: \(record.commits)")
    let answers = record.answers
    for title in Self.titles + Self.run {
      guard case .success(let id)? = answers[title] else {
        Issue.record("\(title): \(String(describing: answers[title]))")
        continue
      }
      #expect(
        try tasks.get(id, Tasks.Caller(now: Fixtures.now)).task.title == title,
        "each capture is answered with its own task")
    }
    for name in ["done 99", "done 98"] {
      guard case .failure(let error)? = answers[name] else {
        Issue.record("completing a task that does not exist succeeded")
        continue
      }
      #expect(error.code == .taskNotFound)
    }
    let open = try tasks.locked { $0.openByID.map(\.title) }
    #expect(Set(open) == Set(Self.titles + Self.run + ["the task already there"]))
  }

  @Test("when the shared commit fails, every change made in it is told so, and none of them is kept")
  func failedTogether() throws {
    let (tasks, record, path) = try makeTasks()
    // The file removed while the daemon runs: the commit refuses to write on into it.
    try changeTogether(tasks, record) { _ in try FileManager.default.removeItem(atPath: path) }
    let answers = record.answers
    for title in Self.titles + Self.run {
      guard case .failure(let error)? = answers[title] else {
        Issue.record("\(title) was acknowledged into a removed file")
        continue
      }
      #expect(error.code == .storageFailed && error.message.contains("is gone"), "\(error.message)")
    }
    for name in ["done 99", "done 98"] {
      guard case .failure(let error)? = answers[name] else {
        Issue.record("completing a task that does not exist succeeded")
        continue
      }
      #expect(error.code == .taskNotFound, "a change that failed on its own says why")
    }
    #expect(record.commits.isEmpty, "nothing was announced")
    #expect(try tasks.locked { $0.openByID.map(\.title) } == ["the task already there"])
  }

  @Test("when the group's transaction cannot even begin, every change is told so, and the daemon carries on")
  func groupNeverBegan() throws {
    let (tasks, record, _) = try makeTasks()
    // A closed database: BEGIN fails before any change of the group runs.
    try changeTogether(tasks, record) { store in store.close() }
    let answers = record.answers
    #expect(answers.count == 11)
    for (name, answer) in answers {
      guard case .failure(let error) = answer else {
        Issue.record("\(name) was acknowledged though nothing could be stored")
        continue
      }
      #expect(error.code == .storageFailed, "\(name): \(error.message)")
    }
    #expect(record.commits.isEmpty)
  }
}
