import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol

/// The daemon keeps its last now-list answer: these are the moments it must not be reused.
@Suite("The kept now-list answer")
struct NowListCacheTests {
  static func now(_ dispatcher: Dispatcher) -> JSONValue {
    let line = TestDispatcher.reply(dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"now.list"}"#)
    return (try? JSONReader.parse(Array(line.utf8)))?["result"] ?? .null
  }

  @Test("a due time, a deferral's end and a change each make the next now-list new, within one minute")
  func timeAndChanges() throws {
    let clock = TestClock(Fixtures.at("2026-11-23T09:00:05Z"))
    let dispatcher = TestDispatcher.make(store: try Fixtures.store().0, clock: { clock.now })
    let capture = #"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":"call the bank"}}"#
    _ = TestDispatcher.reply(dispatcher, capture)
    _ = TestDispatcher.reply(
      dispatcher,
      #"{"jsonrpc":"2.0","id":2,"method":"task.update","params":{"id":1,"due":"2026-11-23T09:00:30Z"}}"#)
    clock.set("2026-11-23T09:00:10Z")
    #expect(Self.now(dispatcher)["overdue"] == .integer(0))
    #expect(Self.now(dispatcher)["overdue"] == .integer(0))

    // 09:00:40: the due time passed inside the same minute, with no change stored.
    clock.set("2026-11-23T09:00:40Z")
    #expect(Self.now(dispatcher)["overdue"] == .integer(1))

    // A change: the new task is in the next answer.
    _ = TestDispatcher.reply(dispatcher, capture.replacingOccurrences(of: "call the bank", with: "water the plants"))
    #expect(Self.now(dispatcher)["openTasks"] == .integer(2))

    // A deferral that ends at 09:00:50 (no wake timer runs here): before, the task is left out; after, it is back.
    _ = TestDispatcher.reply(
      dispatcher,
      #"{"jsonrpc":"2.0","id":3,"method":"task.defer","params":{"id":2,"reason":"wrong-time","until":"2026-11-23T09:00:50Z"}}"#
    )
    clock.set("2026-11-23T09:00:45Z")
    let before = Self.now(dispatcher)["suggestions"]
    #expect(before?[1] == nil)
    clock.set("2026-11-23T09:00:55Z")
    #expect(Self.now(dispatcher)["suggestions"]?[1] != nil)
  }

  @Test("the clock jumping hours forward and back: now follows it at once, and wake-ups come once")
  func clockJumps() throws {
    let clock = TestClock(Fixtures.at("2026-11-23T09:00:05Z"))
    let dispatcher = TestDispatcher.make(store: try Fixtures.store().0, clock: { clock.now })
    func titles() -> [String] {
      guard case .array(let suggestions)? = Self.now(dispatcher)["suggestions"] else { return [] }
      return suggestions.compactMap { if case .string(let title)? = $0["task"]?["title"] { title } else { nil } }
    }
    _ = TestDispatcher.reply(
      dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":"water the plants"}}"#)
    _ = TestDispatcher.reply(
      dispatcher,
      #"{"jsonrpc":"2.0","id":2,"method":"task.defer","params":{"id":1,"reason":"wrong-time","until":"2026-11-23T11:00:00Z"}}"#
    )
    #expect(titles().isEmpty)
    // The next wake-up is the deferral's end.
    #expect(dispatcher.wake(at: clock.now) == Fixtures.at("2026-11-23T11:00:00Z"))

    // Three hours forward at once: the task is back at the very next now, and its wake-up is announced once.
    clock.set("2026-11-23T12:00:05Z")
    #expect(titles() == ["water the plants"])
    #expect(dispatcher.wake(at: clock.now) == nil)
    let history = TestDispatcher.reply(dispatcher, #"{"jsonrpc":"2.0","id":3,"method":"task.get","params":{"id":1}}"#)
    #expect(history.contains(#""status":"active""#))

    // Five hours back, before the deferral was even made: nothing is announced again, the task stays out in the
    // open, and the answer kept from the later time is not reused for a deferral made now.
    clock.set("2026-11-23T07:00:05Z")
    #expect(dispatcher.wake(at: clock.now) == nil)
    #expect(titles() == ["water the plants"])
    _ = TestDispatcher.reply(
      dispatcher,
      #"{"jsonrpc":"2.0","id":4,"method":"task.defer","params":{"id":1,"reason":"wrong-time","until":"2026-11-23T08:00:00Z"}}"#
    )
    #expect(titles().isEmpty)
    clock.set("2026-11-23T07:30:05Z")
    #expect(titles().isEmpty, "half an hour on, the deferral still holds")
    clock.set("2026-11-23T09:00:05Z")
    #expect(titles() == ["water the plants"])
  }

  @Test("one zone under two names, or left to the daemon, is one question with one answer")
  func zoneNames() throws {
    let dispatcher = TestDispatcher.make(store: try Fixtures.store().0, clock: { Fixtures.now })
    _ = TestDispatcher.reply(
      dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":"pay rent by friday"}}"#)
    let plain = TestDispatcher.reply(dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"now.list"}"#)
    let named = TestDispatcher.reply(
      dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"now.list","params":{"timeZone":"UTC"}}"#)
    #expect(plain == named)
    let elsewhere = TestDispatcher.reply(
      dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"now.list","params":{"timeZone":"Pacific/Auckland"}}"#)
    #expect(elsewhere != plain)
  }

  @Test("the run after a change keeps its order and yields to commands: a thread of its own at a lower priority")
  func backgroundQueue() {
    let queue = BackgroundQueue()
    let seen = Locked<[Int32]>([])
    for piece in 1...3 {
      queue.async {
        // The thread's own nice value: a command that wakes while the run goes on gets the processor first.
        errno = 0
        let niceness = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        seen.withLock { $0.append(errno == 0 ? niceness : -100) }
        if piece == 1 { usleep(20_000) }
        seen.withLock { $0.append(Int32(piece) * 100) }
      }
    }
    queue.waitForQueued()
    #expect(seen.withLock { $0 } == [10, 100, 10, 200, 10, 300], "in order, all three done before the wait ends")
  }

  @Test("a now-list asked while the run after a change cannot go on is answered all the same, with the change in it")
  func answeredWhileTheRunIsHeld() throws {
    let dispatcher = try TestDispatcher.make()
    // Answered without waiting for what follows the reply (`TestDispatcher.reply` would wait for the background queue).
    func capture(_ text: String) {
      _ = dispatcher.respond(
        to: Array(#"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":"\#(text)"}}"#.utf8))
    }
    capture("call the bank")
    _ = Self.now(dispatcher)
    // The background queue is held, as a busy machine would hold a run at a lower priority; a guard lets it go after 10 s.
    let held = DispatchSemaphore(value: 0)
    let letGo = Locked(false)
    dispatcher.nowCache.background.async { held.wait() }
    capture("water the plants")
    DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
      letGo.withLock { $0 = true }
      held.signal()
    }
    let line = dispatcher.respond(to: Array(#"{"jsonrpc":"2.0","id":2,"method":"now.list"}"#.utf8))
    let list = String(decoding: line, as: UTF8.self)
    #expect(!letGo.withLock { $0 }, "answered without waiting for the held run")
    #expect(list.contains("water the plants"), "\(list)")
    held.signal()
    dispatcher.settle()
  }
}
