import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

/// Events as a subscriber sees them on the socket: the state first, then changes and wake-ups in order.
@Suite("Events and wake-ups")
struct EventTests {
  /// Connects, subscribes and returns the connection with the subscription's reply.
  static func subscribe(_ server: RunningServer, topics: String = "", context: String? = nil) throws -> (
    RawConnection, JSONValue
  ) {
    let connection = try RawConnection(server.socket)
    _ = try connection.readLine()
    if let context {
      _ = try connection.call(#"{"jsonrpc":"2.0","id":0,"method":"client.context","params":\#(context)}"#)
    }
    let params = topics.isEmpty ? "" : #","params":{"topics":[\#(topics)]}"#
    let reply = try connection.call(#"{"jsonrpc":"2.0","id":1,"method":"events.subscribe"\#(params)}"#)
    return (connection, reply)
  }

  /// The next notification, decoded.
  static func next(_ connection: RawConnection) throws -> JSONValue {
    let line = try #require(try connection.readLine(), "the daemon closed the subscription")
    return try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
  }

  @Test("a subscriber gets the state, then each change once, in order, with a rising sequence number")
  func changesInOrder() throws {
    let server = try RunningServer()
    defer { server.stop() }
    let (events, reply) = try Self.subscribe(server, topics: #""task.changed","task.completed""#)
    #expect(reply["result"]?["now"]?["openTasks"] == .integer(0))
    #expect(reply["result"]?["topics"] == .array([.string("task.changed"), .string("task.completed")]))
    let client = try RawConnection(server.socket)
    _ = try client.readLine()
    _ = try client.call(#"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":"water the plants"}}"#)
    _ = try client.call(#"{"jsonrpc":"2.0","id":2,"method":"task.complete","params":{"id":1}}"#)
    let captured = try Self.next(events)
    let completed = try Self.next(events)
    #expect(captured["method"] == .string("task.changed"))
    #expect(captured["params"]?["action"] == .string("task.capture"))
    #expect(captured["params"]?["task"]?["title"] == .string("water the plants"))
    #expect(completed["method"] == .string("task.completed"))
    #expect(completed["params"]?["task"]?["status"] == .string("completed"))
    guard case .integer(let first)? = captured["params"]?["seq"],
      case .integer(let second)? = completed["params"]?["seq"]
    else {
      Issue.record("events carry no seq")
      return
    }
    #expect(second == first + 1)
    // The connection still answers requests.
    #expect(try events.call(#"{"jsonrpc":"2.0","id":2,"method":"server.info"}"#)["result"]?["openTasks"] == .integer(0))
  }

  @Test("a change's reply does not wait for the engine: now.changed is worked out after it and follows its events")
  func nowChangedAfterReply() throws {
    let dispatcher = try TestDispatcher.make()
    let session = ConnectionSession()
    func written() -> [String] {
      (session.subscription?.take().lines ?? []).map { String(decoding: $0, as: UTF8.self) }
    }
    _ = TestDispatcher.reply(dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe"}"#, session: session)
    // The engine's queue is busy, as with a long run: the capture is answered all the same, at once.
    let busy = DispatchSemaphore(value: 0)
    dispatcher.nowCache.background.async { busy.wait() }
    let capture = #"{"jsonrpc":"2.0","id":2,"method":"task.capture","params":{"text":"water the plants"}}"#
    let reply = String(decoding: dispatcher.respond(to: Array(capture.utf8), session: session), as: UTF8.self)
    #expect(reply.contains(#""title":"water the plants""#))
    let before = written()
    #expect(before.count == 1 && before[0].contains(#""method":"task.changed""#), "\(before)")
    busy.signal()
    dispatcher.settle()
    let after = written()
    #expect(after.count == 1 && after[0].contains(#""method":"now.changed""#), "\(after)")
    #expect(after.first?.contains(#""title":"water the plants""#) == true, "the list as it stands after the change")
  }

  @Test("an empty now-list is news when its reason changes: nothing open, or nothing that fits")
  func emptyListKeys() {
    let none = NowAnswer(suggestions: [], openTasks: 0, energy: nil)
    let deferred = NowAnswer(suggestions: [], openTasks: 3, energy: nil)
    #expect(Dispatcher.key(none) != Dispatcher.key(deferred), "the view says another sentence for each")
    #expect(Dispatcher.key(deferred) == Dispatcher.key(NowAnswer(suggestions: [], openTasks: 4, energy: nil)))
    #expect(Dispatcher.key(none) != Dispatcher.key(NowAnswer(suggestions: [], openTasks: 0, energy: .low)))
  }

  @Test("each subscriber hears times said in its own zone, or no words when it asked for none")
  func eventsSayTimesPerZone() throws {
    let server = try RunningServer()
    defer { server.stop() }
    func subscriber(_ context: String?) throws -> RawConnection {
      let connection = try RawConnection(server.socket)
      _ = try connection.readLine()
      if let context {
        _ = try connection.call(#"{"jsonrpc":"2.0","id":0,"method":"client.context","params":\#(context)}"#)
      }
      _ = try connection.call(
        #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["task.changed"]}}"#)
      return connection
    }
    let tokyo = try subscriber(#"{"timeZone":"Asia/Tokyo","said":true}"#)
    let newYork = try subscriber(#"{"timeZone":"America/New_York","said":true}"#)
    let plain = try subscriber(nil)
    let client = try RawConnection(server.socket)
    _ = try client.readLine()
    _ = try client.call(#"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":"renew the passport"}}"#)
    // The server's clock says 09:00 UTC on 21 November: 18:00 in Tokyo, 04:00 in New York.
    for (connection, clock) in [(tokyo, "18:00"), (newYork, "04:00")] {
      let event = try Self.next(connection)
      #expect(event["params"]?["said"]?["clock"] == .string(clock), "\(event)")
      #expect(event["params"]?["task"]?["said"]?["created"] == .string("today at \(clock)"))
    }
    let unsaid = try Self.next(plain)
    #expect(unsaid["params"]?["task"]?["title"] == .string("renew the passport"))
    #expect(unsaid["params"]?["said"] == nil && unsaid["params"]?["task"]?["said"] == nil)
  }

  @Test("a deferral that ends wakes its task at that second: the event comes, and now lists the task again")
  func deferralWakes() throws {
    let (store, _) = try Fixtures.store()
    let dispatcher = TestDispatcher.make(store: store, clock: Dispatcher.wholeSecondClock)
    dispatcher.startWakeUps()
    let server = try RunningServer(dispatcher: dispatcher)
    defer { server.stop() }
    let (events, reply) = try Self.subscribe(server, topics: #""task.woke""#)
    #expect(reply["result"]?["nextWakeUp"] == .null)
    let client = try RawConnection(server.socket)
    _ = try client.readLine()
    _ = try client.call(#"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":"call mum"}}"#)
    let until = Dispatcher.wholeSecondClock().addingTimeInterval(2)
    let deferred = try client.call(
      #"{"jsonrpc":"2.0","id":2,"method":"task.defer","params":{"id":1,"reason":"wrong-time","until":"\#(Timestamp.format(until))"}}"#
    )
    #expect(deferred["result"]?["task"]?["status"] == .string("deferred"))

    let woke = try Self.next(events)
    #expect(woke["method"] == .string("task.woke"))
    #expect(woke["params"]?["task"]?["status"] == .string("active"))
    #expect(woke["params"]?["wakeUps"]?[0]?["kind"] == .string("deferral"))
    #expect(woke["params"]?["late"] == .bool(false))
    let at = try #require(woke["params"]?["at"]?.string.flatMap(Timestamp.parse))
    #expect(at >= until)
    let now = try client.call(#"{"jsonrpc":"2.0","id":3,"method":"now.list"}"#)
    #expect(now["result"]?["suggestions"]?[0]?["task"]?["id"] == .integer(1))
  }

  @Test(
    "wake-ups that passed while the daemon was down are announced once at start-up, and kept for the first subscriber")
  func catchUpAtStart() throws {
    let (store, path) = try Fixtures.store()
    let task = try store.capture(Fixtures.draft("renew the passport"), at: Fixtures.now)
    try store.apply(
      .deferTask(task.id, reason: .wrongTime, until: Fixtures.now.addingTimeInterval(3600)), at: Fixtures.now)
    store.close()

    // The daemon starts a day later.
    let later = Fixtures.now.addingTimeInterval(86_400)
    let clock = Locked(later)
    let dispatcher = TestDispatcher.make(store: try TaskStore(path: path), clock: { clock.withLock { $0 } })
    #expect(dispatcher.startWakeUps() == 1)
    let server = try RunningServer(dispatcher: dispatcher)
    // Nobody listens until the Monday after.
    clock.withLock { $0 = later.addingTimeInterval(86_400) }
    let (events, reply) = try Self.subscribe(server, context: #"{"timeZone":"Asia/Tokyo","said":true}"#)
    #expect(reply["result"]?["missedWakeUps"] == .integer(1))
    let woke = try Self.next(events)
    #expect(woke["method"] == .string("task.woke"))
    #expect(woke["params"]?["late"] == .bool(true))
    // Said in the subscriber's zone as of when it hears it: 10:00 UTC on Saturday is 19:00 in Tokyo, and the
    // subscriber hears it on Monday.
    #expect(woke["params"]?["said"]?["wakeUp"] == .string("Sat 21 Nov at 19:00"), "\(woke)")
    #expect(woke["params"]?["task"]?["title"] == .string("renew the passport"))
    server.stop()

    // Announced once: the next start finds nothing to catch up on.
    let again = TestDispatcher.make(store: try TaskStore(path: path), clock: { later.addingTimeInterval(60) })
    #expect(again.startWakeUps() == 0)
    again.close()
  }

  @Test("a subscriber that stops reading is cut off with an error, and the daemon keeps answering everyone else")
  func slowSubscriberIsClosed() throws {
    let (store, _) = try Fixtures.store()
    // The subscriber is cut off for falling behind, not for the send timeout while the captures run (a slow
    // machine, or a sanitizer, can take longer than 10 s over them).
    var limits = Server.Limits()
    limits.sendTimeout = 300
    let server = try RunningServer(
      limits: limits,
      dispatcher: TestDispatcher.make(store: store, clock: { Fixtures.now }, hub: EventHub(queueLimit: 8)))
    defer { server.stop() }
    let (events, _) = try Self.subscribe(server, topics: #""task.changed""#)
    let client = try RawConnection(server.socket)
    _ = try client.readLine()
    let title = String(repeating: "a long title to fill the socket buffer ", count: 20)
    for id in 1...400 {
      let reply = try client.call(
        #"{"jsonrpc":"2.0","id":\#(id),"method":"task.capture","params":{"text":"\#(title)\#(id)"}}"#)
      #expect(reply["result"] != nil)
    }
    var last: JSONValue?
    while let line = try events.readLine() {
      last = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
    }
    #expect(last?.reason == "overloaded")
  }

  @Test("a wake-up is stored as a change: the task is active, announced once, and still boosted as resurfaced")
  func wakeIsAChange() throws {
    let (store, _) = try Fixtures.store()
    let task = try store.capture(Fixtures.draft("stretch"), at: Fixtures.now)
    let until = Fixtures.now.addingTimeInterval(3600)
    try store.apply(.deferTask(task.id, reason: .wrongTime, until: until), at: Fixtures.now)
    #expect(store.nextWakeUp == WakeUp(task: task.id, kind: .deferral, at: until))
    // Announced two hours late (the laptop slept): once, and dated by the wake-up's own moment.
    let late = until.addingTimeInterval(7200)
    #expect(try store.wake(at: late).map(\.kind) == [.deferral])
    #expect(try store.wake(at: late).isEmpty)
    #expect(store.nextWakeUp == nil)
    let woken = try store.task(task.id, at: late)
    #expect(woken.status == .active && woken.updatedAt == until)
    let context = NowContext(instant: late, energy: nil, minutes: nil, limit: 5, tags: [], timeZone: .gmt)
    let suggestion = try #require(Ranking.rank(tasks: store.open(at: late), context: context).first)
    #expect(suggestion.terms.contains { $0.term == .resurfaced && $0.contribution > 0 })
  }

  @Test("a due time is a wake-up once: not when already past as set, and it leaves a task back from a deferral boosted")
  func dueIsAWakeUp() throws {
    let (store, _) = try Fixtures.store()
    let past = try store.capture(
      Fixtures.draft("pay the fine", due: Fixtures.now.addingTimeInterval(-3600)), at: Fixtures.now)
    #expect(past.wakeUps.isEmpty, "a due time already past when it was set is no wake-up")
    let due = Fixtures.now.addingTimeInterval(2 * 3600)
    let task = try store.capture(Fixtures.draft("call the bank", due: due), at: Fixtures.now)
    let until = Fixtures.now.addingTimeInterval(3600)
    try store.apply(.deferTask(task.id, reason: .noEnergy, until: until), at: Fixtures.now)
    #expect(try store.wake(at: until).map(\.kind) == [.deferral])
    #expect(store.nextWakeUp == WakeUp(task: task.id, kind: .due, at: due))
    #expect(try store.wake(at: due).map(\.kind) == [.due])
    #expect(try store.wake(at: due.addingTimeInterval(60)).isEmpty, "announced once")
    let woken = try store.task(task.id, at: due)
    #expect(woken.status == .active && woken.due == due && woken.updatedAt == due)
    // The due time's own wake-up is no touch: the task back from its deferral is still boosted.
    let context = NowContext(instant: due, energy: nil, minutes: nil, limit: 5, tags: [], timeZone: .gmt)
    let suggestion = try #require(
      Ranking.rank(tasks: store.open(at: due), context: context).first { $0.task.id == task.id })
    #expect(suggestion.terms.contains { $0.term == .resurfaced && $0.contribution > 0 })
  }

  @Test("the wake timer's one look at every task finds what each task's own wake-ups say, and the next one after")
  func oneLookAtEveryTask() throws {
    let base = Fixtures.now
    func hours(_ count: Double) -> Date { base.addingTimeInterval(count * 3600) }
    var deferred = Fixtures.task(1, "stretch", created: hours(-48))
    deferred.status = .deferred
    deferred.deferral = Deferral(reason: .wrongTime, at: hours(-48), until: hours(2))
    var waiting = Fixtures.task(2, "hear back from Jo", created: hours(-48))
    waiting.status = .waiting
    waiting.followUp = hours(5)
    var started = Fixtures.task(3, "book the train", created: hours(-48), due: hours(9))
    started.start = hours(1)
    let plain = Fixtures.task(4, "sort the shed", created: hours(-48))
    // A daily routine two days behind: its routine wake-up has come, and so its due time is no news of its own.
    var routine = Fixtures.task(5, "water the plants", created: hours(-96), due: hours(-40))
    routine.recurrence = Recurrence(rrule: "FREQ=DAILY")
    routine.updatedAt = hours(-40)
    let tasks = [deferred, waiting, started, plain, routine].map { task -> StrideTask in
      var task = task
      if task.updatedAt < task.createdAt { task.updatedAt = task.createdAt }
      return task
    }
    for instant in [hours(-50), hours(0), hours(1), hours(3), hours(6), hours(12)] {
      let (due, next) = tasks.wakeUps(by: instant)
      #expect(due == tasks.flatMap { $0.wakeUps(by: instant) })
      let ahead = tasks.flatMap(\.wakeUps).filter { $0.at > instant }
      #expect(next?.at == ahead.map(\.at).min())
      #expect(next.map { ahead.contains($0) } ?? ahead.isEmpty)
    }
    #expect(tasks.wakeUps(by: hours(0)).due.map(\.kind) == [.routine], "the routine's own, without its due time")
    #expect(tasks.wakeUps(by: hours(0)).next == WakeUp(task: TaskID(3), kind: .start, at: hours(1)))

    // In the store: what is due is announced, and the next one is found among the tasks as they are afterwards.
    let (store, _) = try Fixtures.store()
    let stretch = try store.capture(Fixtures.draft("stretch"), at: base)
    try store.apply(.deferTask(stretch.id, reason: .wrongTime, until: hours(1)), at: base)
    let bank = try store.capture(Fixtures.draft("call the bank", due: hours(3)), at: base)
    #expect(try store.wakeAndFindNext(at: base) == WakeUp(task: stretch.id, kind: .deferral, at: hours(1)))
    #expect(try store.wakeAndFindNext(at: hours(2)) == WakeUp(task: bank.id, kind: .due, at: hours(3)))
    #expect(try store.task(stretch.id, at: hours(2)).status == .active, "the deferral that ended was announced")
    #expect(try store.wakeAndFindNext(at: hours(4)) == nil)
  }
}
