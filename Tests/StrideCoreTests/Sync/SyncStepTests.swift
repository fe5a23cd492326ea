import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCalendar
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideWire

/// A collection that shows each write to a hook before making it: the hook fails the write (as a network that drops
/// it) or changes the server under it (as another app at the same moment). `after` sees a write the server made,
/// and may fail it still (as a network that loses the answer).
private final class HookedCollection: SyncCollection {
  typealias Hook = @Sendable (_ href: String, _ body: String?) throws(StrideError) -> Void
  let inner: any SyncCollection
  let hook = Locked<Hook?>(nil)
  let after = Locked<Hook?>(nil)

  init(_ inner: any SyncCollection) { self.inner = inner }

  func changes(since token: String?) throws(StrideError) -> SyncChanges { try inner.changes(since: token) }
  func fetch(_ hrefs: [String]) throws(StrideError) -> [SyncResource] { try inner.fetch(hrefs) }
  func put(_ href: String, body: String, etag: String?) throws(StrideError) -> SyncWrite {
    try hook.withLock { $0 }?(href, body)
    let written = try inner.put(href, body: body, etag: etag)
    try after.withLock { $0 }?(href, body)
    return written
  }
  func delete(_ href: String, etag: String?) throws(StrideError) -> SyncWrite {
    try hook.withLock { $0 }?(href, nil)
    return try inner.delete(href, etag: etag)
  }
  func href(for uid: String) -> String { inner.href(for: uid) }
}

/// A store syncing with passes of its own through a `HookedCollection`.
private struct StepDevice {
  let tasks: Tasks
  let collection: HookedCollection
  let pass: SyncPass
  let clock = TestClock()

  init(_ server: Radicale) throws {
    let (store, _) = try Fixtures.store()
    let utc = TimeZone(identifier: "UTC")!
    tasks = Tasks(store: store, timeZone: utc, config: StrideConfig())
    let account = SyncAccount(
      url: server.collection, user: Radicale.user, passwordCommand: nil, insecure: nil, name: nil)
    collection = HookedCollection(try CalDAVConnector().collection(account, password: Radicale.password))
    let clock = clock
    let inbox = try tasks.locked { store throws(StrideError) in try store.defaultList() }
    pass = SyncPass(collection: collection, list: inbox, tasks: tasks, clock: { clock.now }, timeZone: utc)
  }

  func capture(_ title: String, steps: [String]) throws -> StrideTask {
    try tasks.locked { store throws(StrideError) in
      try store.capture(Fixtures.draft(title, steps: steps), at: clock.now)
    }
  }

  func apply(_ change: TaskChange) throws {
    clock.advance(60)
    _ = try tasks.locked { store throws(StrideError) in try store.apply(change, at: clock.now) }
  }

  /// The task titled so, if there is one.
  func task(_ title: String) throws -> StrideTask? {
    try tasks.locked { store throws(StrideError) in try store.tasks(status: nil, tag: nil, at: clock.now) }.first {
      $0.title == title
    }
  }
}

@Suite("Sync of steps when a write is lost (Radicale)", .serialized)
struct SyncStepTests {
  /// Fails every write whose text matches `matching`, as a network that drops the request.
  private static func failing(_ matching: @escaping @Sendable (String?) -> Bool) -> HookedCollection.Hook {
    { _, body throws(StrideError) in
      if matching(body) { throw StrideError(.syncFailed, "the request was dropped (a test's network)") }
    }
  }

  @Test("a tick whose step's write fails after its task's went out is sent again, and arrives")
  func tickAfterTask() throws {
    let server = try Radicale()
    let (a, b) = (try StepDevice(server), try StepDevice(server))
    let task = try a.capture("pack for the trip", steps: ["passport", "charger"])
    _ = try a.pass.run()
    _ = try b.pass.run()

    // The task's write (its progress) reaches the server; the step's does not.
    try a.apply(.completeStep(task.id, index: 1))
    a.collection.hook.withLock { $0 = Self.failing { $0?.contains("RELATED-TO") == true } }
    #expect(throws: StrideError.self) { try a.pass.run() }
    a.collection.hook.withLock { $0 = nil }
    _ = try a.pass.run()
    _ = try b.pass.run()
    let there = try #require(try b.task("pack for the trip"))
    #expect(there.subtasks.map(\.done) == [true, false])
  }

  @Test("a new step whose write's answer was lost merges against what was sent: a tick made elsewhere survives")
  func lostAnswer() throws {
    let server = try Radicale()
    let (a, b) = (try StepDevice(server), try StepDevice(server))
    let task = try b.capture("call the plumber", steps: ["find the number", "book a time"])
    // The step reaches the server, but its answer does not reach b.
    b.collection.after.withLock { $0 = Self.failing { $0?.contains("RELATED-TO") == true } }
    #expect(throws: StrideError.self) { try b.pass.run() }
    b.collection.after.withLock { $0 = nil }
    _ = try a.pass.run()
    let there = try #require(try a.task("call the plumber"))
    try a.apply(.completeStep(there.id, index: 1))
    _ = try a.pass.run()
    // b changes the task later than a's tick: the tick is still a's change to the step as b sent it.
    try b.apply(.update(task.id, TaskPatch(title: "call the plumber today")))
    _ = try b.pass.run()
    _ = try a.pass.run()
    for device in [a, b] {
      #expect(try device.task("call the plumber today")?.subtasks.map(\.done) == [true, false])
    }
  }

  @Test("a new step whose write never reached the server stays new here when the task changed there meanwhile")
  func lostRequest() throws {
    let server = try Radicale()
    let (a, b) = (try StepDevice(server), try StepDevice(server))
    let task = try a.capture("water the plants", steps: ["balcony"])
    _ = try a.pass.run()
    _ = try b.pass.run()
    try a.apply(.addStep(task.id, title: "kitchen"))
    a.collection.hook.withLock { $0 = Self.failing { $0?.contains("SUMMARY:kitchen") == true } }
    #expect(throws: StrideError.self) { try a.pass.run() }
    a.collection.hook.withLock { $0 = nil }
    let there = try #require(try b.task("water the plants"))
    try b.apply(.update(there.id, TaskPatch(title: "water the plants well")))
    _ = try b.pass.run()
    _ = try a.pass.run()
    _ = try b.pass.run()
    for device in [a, b] {
      #expect(try device.task("water the plants well")?.subtasks.map(\.title) == ["balcony", "kitchen"])
    }
  }

  @Test("a new task's steps wait for their task's write, so a failed one leaves no step alone on the server")
  func stepsAfterNewTask() throws {
    let server = try Radicale()
    let (a, b) = (try StepDevice(server), try StepDevice(server))
    _ = try a.capture("plan the party", steps: ["invite", "cake"])
    // The task's write is slow, then dropped: the other writes in flight meanwhile must not be its steps'.
    a.collection.hook.withLock {
      $0 = { _, body throws(StrideError) in
        guard body?.contains("RELATED-TO") == false else { return }
        Thread.sleep(forTimeInterval: 0.3)
        throw StrideError(.syncFailed, "the request was dropped (a test's network)")
      }
    }
    #expect(throws: StrideError.self) { try a.pass.run() }
    #expect(try server.hrefs().isEmpty)
    a.collection.hook.withLock { $0 = nil }
    _ = try a.pass.run()
    #expect(try server.hrefs().count == 3)
    _ = try b.pass.run()
    #expect(try b.task("plan the party")?.subtasks.map(\.title) == ["invite", "cake"])
  }

  @Test("a step another app writes before its task, read before the task is there, arrives with its task")
  func stepBeforeTask() throws {
    let server = try Radicale()
    let device = try StepDevice(server)
    _ = try device.pass.run()
    try server.put(
      "phone-step.ics",
      SyncTrustTests.phoneTask([
        "UID:phone-step", "DTSTAMP:20261120T100000Z", "SUMMARY:find the tickets", "STATUS:NEEDS-ACTION",
        "RELATED-TO;RELTYPE=PARENT:phone-task",
      ]))
    _ = try device.pass.run()
    #expect(try device.task("go to the concert") == nil)
    try server.put(
      "phone-task.ics",
      SyncTrustTests.phoneTask([
        "UID:phone-task", "DTSTAMP:20261120T100000Z", "SUMMARY:go to the concert", "STATUS:NEEDS-ACTION",
      ]))
    _ = try device.pass.run()
    #expect(try device.task("go to the concert")?.subtasks.map(\.title) == ["find the tickets"])
  }

  @Test("a step written while another app deletes its task is deleted too, never left on the server alone")
  func stepAfterDelete() throws {
    let server = try Radicale()
    let device = try StepDevice(server)
    let task = try device.capture("fix the bike", steps: ["buy a tube"])
    _ = try device.pass.run()

    // The task's write goes out; then, just before its new step's, another app deletes the task with its steps.
    try device.apply(.addStep(task.id, title: "find the pump"))
    let (dav, list) = (server.dav, URL(string: server.collection)!)
    device.collection.hook.withLock {
      $0 = { _, body throws(StrideError) in
        guard body?.contains("RELATED-TO") == true else { return }
        for entry in (try? dav.propfind(list, depth: 1, properties: "<d:getetag/>")) ?? []
        where entry.href.hasSuffix(".ics") {
          _ = try? dav.send("DELETE", DAVPath.url(entry.href, on: list), accept: [200, 204, 404])
        }
      }
    }
    _ = try device.pass.run()
    device.collection.hook.withLock { $0 = nil }
    _ = try device.pass.run()
    #expect(try device.task("fix the bike") == nil)
    #expect(try server.hrefs().isEmpty)
  }
}
