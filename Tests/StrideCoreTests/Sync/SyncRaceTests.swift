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

/// A collection that lets another app write to the server just before Stride's first write: the server then
/// refuses Stride's conditional PUT (412), as it would when two devices sync at the same moment.
private final class RacingCollection: SyncCollection {
  let inner: any SyncCollection
  let race = Locked<(@Sendable (String) -> Void)?>(nil)

  init(_ inner: any SyncCollection) { self.inner = inner }

  func changes(since token: String?) throws(StrideError) -> SyncChanges { try inner.changes(since: token) }
  func fetch(_ hrefs: [String]) throws(StrideError) -> [SyncResource] { try inner.fetch(hrefs) }
  func put(_ href: String, body: String, etag: String?) throws(StrideError) -> SyncWrite {
    race.withLock { race in
      race?(href)
      race = nil
    }
    return try inner.put(href, body: body, etag: etag)
  }
  func delete(_ href: String, etag: String?) throws(StrideError) -> SyncWrite { try inner.delete(href, etag: etag) }
  func href(for uid: String) -> String { inner.href(for: uid) }
}

@Suite("Sync when the server changes under a write", .serialized)
struct SyncRaceTests {
  @Test("a write refused because the server's copy changed (412) is merged and sent again, losing neither change")
  func preconditionFailed() throws {
    let server = try Radicale()
    let (store, _) = try Fixtures.store()
    let tasks = Tasks(store: store, timeZone: TimeZone(identifier: "UTC")!, config: StrideConfig())
    let account = SyncAccount(
      url: server.collection, user: Radicale.user, passwordCommand: nil, insecure: nil, name: nil)
    let collection = RacingCollection(try CalDAVConnector().collection(account, password: Radicale.password))
    let clock = TestClock()
    let inbox = try tasks.locked { store throws(StrideError) in try store.defaultList() }
    let pass = SyncPass(
      collection: collection, list: inbox, tasks: tasks, clock: { clock.now }, timeZone: TimeZone(identifier: "UTC")!)
    let task = try tasks.locked { store throws(StrideError) in
      try store.capture(Fixtures.draft("call the bank"), at: clock.now)
    }
    #expect(try pass.run().sent == 1)
    let href = try #require(try server.hrefs().first)

    // Here: a new title. On the server, just before Stride writes: another app lowers the energy.
    clock.advance(60)
    _ = try tasks.locked { store throws(StrideError) in
      try store.apply(.update(task.id, TaskPatch(title: "call the bank today")), at: clock.now)
    }
    let dav = server.dav
    let text = try server.get(href)
    collection.race.withLock {
      $0 = { _ in
        let changed = text.replacingOccurrences(of: "X-STRIDE-ENERGY:medium", with: "X-STRIDE-ENERGY:low")
        _ = try? dav.send(
          "PUT", DAVPath.url(href, on: dav.base), headers: ["Content-Type": "text/calendar"],
          body: Data(changed.utf8), accept: [204])
      }
    }
    let report = try pass.run()
    #expect(report.sent == 1)
    #expect(report.received == 1)
    #expect(report.conflicts == 0)
    let merged = try tasks.locked { store throws(StrideError) in try store.task(task.id, at: clock.now) }
    #expect(merged.title == "call the bank today")
    #expect(merged.energy == .low)
    let lines = ICalendarReader.unfold(try server.get(href))
    #expect(lines.contains("SUMMARY:call the bank today"))
    #expect(lines.contains("X-STRIDE-ENERGY:low"))
  }
}
