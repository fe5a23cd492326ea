import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCore
@testable import StrideModel
@testable import StrideWire

/// Writes a server cannot take now: answered busy (503 with `Retry-After`), locked (423), or refused as changed
/// there (412) by the fault proxy in front of a real Radicale; each is tried again within the pass, and a pass that
/// cannot finish is tried again soon, by itself. The waits between tries are noted, not slept.
@Suite("Sync writes a busy server bears", .serialized)
struct SyncPacingTests {
  /// A device following the proxy's address for Radicale's task list, with nothing to send yet.
  private func setUp(firstRetry: Double = 15) throws -> (Radicale, FaultProxy, SyncDevice) {
    let server = try Radicale()
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 57)
    let device = try SyncDevice(firstRetry: firstRetry)
    #expect(try device.setUp(server, url: proxy.url(for: server.collection)).error == nil)
    return (server, proxy, device)
  }

  private func status(_ device: SyncDevice) throws -> SyncStatus.Result {
    try device.call(SyncStatus.self, NoParams())
  }

  @Test("a write answered 503 with Retry-After waits as long as the server asked (seconds or a date) and goes")
  func retryAfter() throws {
    let (server, proxy, device) = try setUp()
    try device.capture("call the bank")
    // A date is counted from the server's own clock (its Date header), so the wait is the same on any machine.
    proxy.schedule.writeAnswers = [
      .init(status: 503, headers: [("Retry-After", "3")]),
      .init(
        status: 503,
        headers: [("Date", "Sat, 21 Nov 2026 09:00:00 GMT"), ("Retry-After", "Sat, 21 Nov 2026 09:00:04 GMT")]),
    ]
    let report = try device.sync()
    #expect(report.sent == 1)
    let pauses = device.pauses.withLock { $0 }
    #expect(pauses.count == 2)
    #expect(pauses.first == 3)
    #expect(pauses.last == 4)
    #expect(try server.hrefs().count == 1)
    #expect(try status(device).pending == 0)
  }

  @Test("a write answered 423 Locked is tried again after a short wait, twice as long each time")
  func locked() throws {
    let (server, proxy, device) = try setUp()
    let task = try device.capture("fix the fence")
    try device.sync()
    _ = try device.call(Wire.TaskDelete.self, .init(id: task.id))
    proxy.schedule.writeAnswers = [.init(status: 423), .init(status: 423)]
    let report = try device.sync()
    #expect(report.deletedThere == 1)
    #expect(device.pauses.withLock { $0 } == [0.25, 0.5])
    #expect(try server.hrefs().isEmpty)
  }

  @Test("a write refused as changed on the server (412) is read again, merged and written")
  func changedThere() throws {
    let (server, proxy, device) = try setUp()
    let task = try device.capture("read the lease")
    try device.sync()
    let href = try #require(try server.hrefs().first)
    // Another app adds a category on the server; here, the title changes; the proxy refuses the first write as
    // changed there, as a server does when the two meet.
    let text = try server.get(href)
    try server.put(
      String(href.split(separator: "/").last!),
      text.replacingOccurrences(of: "END:VTODO", with: "CATEGORIES:home\r\nEND:VTODO"))
    _ = try device.call(Wire.TaskUpdate.self, .init(id: task.id, title: "read the new lease"))
    proxy.schedule.writeAnswers = [.init(status: 412)]
    let report = try device.sync()
    #expect(proxy.schedule.writeAnswers.isEmpty)
    #expect(report.sent == 1)
    let stored = try server.get(href)
    #expect(stored.contains("SUMMARY:read the new lease"))
    #expect(stored.contains("CATEGORIES:home"))
    #expect(try device.task("read the new lease").tags == ["home"])
    #expect(try status(device).pending == 0)
  }

  @Test("a deletion refused as changed there (412) when nothing changed there is sent again, and stays deleted")
  func deletionRefusedForNothing() throws {
    let (server, proxy, device) = try setUp()
    let task = try device.capture("cancel the gym")
    try device.sync()
    _ = try device.call(Wire.TaskDelete.self, .init(id: task.id))
    proxy.schedule.writeAnswers = [.init(status: 412)]
    let report = try device.sync()
    #expect(proxy.schedule.writeAnswers.isEmpty)
    #expect(report.deletedThere == 1)
    #expect(try device.tasks.isEmpty)
    #expect(try server.hrefs().isEmpty)
  }

  @Test("a pass the server stays busy for says so calmly, and is tried again soon by itself")
  func triedAgainSoon() throws {
    let (server, proxy, device) = try setUp(firstRetry: 0.5)
    try device.capture("book the flight")
    // Two passes' worth of busy answers: the pass planned at start may come before the one asked for on a loaded
    // machine, and the one asked for must meet four of them all the same.
    proxy.schedule.writeAnswers = Array(repeating: .init(status: 503), count: 2 * SyncPacing.tries)
    device.dispatcher.sync.start()
    let failure = try #require(throws: StrideError.self) { try device.sync() }
    #expect(
      failure.message
        == "the server had a problem (HTTP 503) 4 times in a row; your changes wait here and Stride tries again at "
        + "the next sync")
    let waiting = try status(device)
    #expect((1...2).contains(waiting.failedPasses ?? 0))
    #expect(waiting.pending == 1)
    let next = try #require(waiting.nextSync?.date)
    #expect(next.timeIntervalSinceNow < 1)
    // The next pass comes by itself, half a second on, and the server takes the write.
    let deadline = Date().addingTimeInterval(10)
    var now = try status(device)
    while Date() < deadline, now.pending > 0 || now.failedPasses != nil {
      usleep(100_000)
      now = try status(device)
    }
    #expect(now.pending == 0)
    #expect(now.failedPasses == nil)
    #expect(now.lastError == nil)
    #expect(try server.hrefs().count == 1)
  }

  @Test("a server that asks for a longer wait than a pass makes is not waited on: the next try comes when it asked")
  func longRetryAfter() throws {
    let (server, proxy, device) = try setUp()
    try device.capture("renew the passport")
    proxy.schedule.writeAnswers = [.init(status: 503, headers: [("Retry-After", "120")])]
    device.dispatcher.sync.start()
    let failure = try #require(throws: StrideError.self) { try device.sync() }
    #expect(failure.message.hasPrefix("the server had a problem (HTTP 503); your changes wait here"))
    #expect(device.pauses.withLock { $0 }.isEmpty)
    // Not even the pass planned at start-up comes sooner.
    let next = try #require(try status(device).nextSync?.date)
    #expect((100...121).contains(next.timeIntervalSinceNow))
    #expect(try server.hrefs().isEmpty)
  }

  @Test("one server's request to wait holds its own lists only: another server's list syncs on, and soon")
  func waitHoldsItsOwnLists() throws {
    let (server, proxy, device) = try setUp(firstRetry: 0.5)
    // A second list on the same server, followed by its own address rather than through the proxy: to Stride, a
    // collection of another server.
    let home = try server.makeList("home", name: "Home")
    _ = try device.call(SyncSetup.self, .init(url: home, user: Radicale.user, list: "home"))
    try device.capture("renew the passport")
    try device.capture("fix the tap list:home")
    proxy.schedule.writeAnswers = [.init(status: 503, headers: [("Retry-After", "120")])]
    let first = try device.sync()
    #expect(first.sent == 1)
    #expect(first.notes.contains { $0.hasPrefix("the list inbox did not sync: the server had a problem (HTTP 503)") })
    #expect(try server.hrefs(in: home).count == 1)
    // The other list's next pass is not put off by the first server's two minutes.
    device.dispatcher.sync.start()
    let next = try #require(try status(device).nextSync?.date)
    #expect(next.timeIntervalSinceNow < 60)
    // Whichever pass comes next, the one planned or the one asked for, leaves the waiting list alone.
    try device.capture("water the plants list:home")
    let requests = proxy.tally.requests
    let second = try device.sync()
    #expect(second.notes.contains { $0.hasPrefix("the list inbox waits: its server asked Stride to wait") })
    #expect(proxy.tally.requests == requests, "the list whose server asked to wait was left alone")
    #expect(try server.hrefs(in: home).count == 2)
    #expect(try server.hrefs().isEmpty)
  }

  @Test("writes that meet answered busy halve how many go at once, down to one, and every write goes")
  func learnsOneAtATime() throws {
    let pacing = SyncPacing(pause: { _ in })
    let inFlight = Locked(0)
    let stored = Locked(0)
    // A thread for each worker, as a pass has, so their writes meet even on one processor (each write sleeps).
    let group = DispatchGroup()
    for worker in 0..<SyncPacing.most {
      group.enter()
      Thread {
        defer { group.leave() }
        write(as: worker)
      }.start()
    }
    group.wait()
    #expect(pacing.limit == 1)
    #expect(stored.withLock { $0 } >= 40)

    // Each worker writes while the pacing lets it, as a pass's workers do.
    @Sendable func write(as worker: Int) {
      while worker < pacing.limit, stored.withLock({ $0 }) < 40 {
        let outcome = try? pacing.write(now: { Date() }, stopping: { false }) { () throws(StrideError) -> SyncWrite in
          let together = inFlight.withLock { count -> Int in
            count += 1
            return count
          }
          usleep(2000)
          inFlight.withLock { $0 -= 1 }
          return together > 1 ? .busy("the server was busy (HTTP 423 Locked)", retryAfter: nil) : .stored(etag: nil)
        }
        if outcome == .stored(etag: nil) { stored.withLock { $0 += 1 } }
      }
    }
  }

  @Test("after a pass that could not finish, the next try comes soon, then later each time, never past the interval")
  func retryDelays() {
    let timing = SyncTiming(pause: { _ in })
    #expect((1...7).map { timing.delay(after: $0, interval: 300) } == [15, 30, 60, 120, 240, 300, 300])
  }

  @Test("Retry-After is read as seconds or as an HTTP date counted from the server's own clock")
  func retryAfterWords() {
    func reply(_ headers: [String: String]) -> DAVSession.Reply { .init(status: 503, headers: headers, body: Data()) }
    #expect(CalDAVCollection.retryAfter(reply(["Retry-After": "120"])) == 120)
    #expect(
      CalDAVCollection.retryAfter(
        reply(["retry-after": "Sat, 28 Nov 2026 12:01:30 GMT", "Date": "Sat, 28 Nov 2026 12:00:00 GMT"])) == 90)
    #expect(CalDAVCollection.retryAfter(reply(["Retry-After": "soon"])) == nil)
    #expect(CalDAVCollection.retryAfter(reply([:])) == nil)
  }
}
