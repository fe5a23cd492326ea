import Foundation
import StrideBase
import StrideTestSupport
import Testing

@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideStore
@testable import StrideWire

/// The focus timer in the daemon, with the daemon's two clocks in the test's hands: the wall clock, and the one that
/// stops while the machine sleeps. A suspend is the wall clock running ahead of the other; the end of a timebox goes
/// out as `focus.timeUp` and, with reminders on, through a real session bus to a notification service.
@Suite("Focus timer", .serialized)
struct FocusTimerTests {
  /// A dispatcher whose wall clock and awake clock the test moves.
  struct Rig {
    let wall = TestClock(Fixtures.at("2026-11-21T09:00:00Z"))
    let awake = Locked(1_000.0)
    let dispatcher: Dispatcher
    let session = ConnectionSession()

    init(reminders: StrideConfig.RemindersSettings = .init(), environment: [String: String] = [:]) throws {
      let (wall, awake) = (wall, awake)
      dispatcher = TestDispatcher.make(
        store: try Fixtures.store().0, clock: { wall.now }, config: StrideConfig(reminders: reminders),
        environment: environment, awake: { awake.withLock { $0 } })
      dispatcher.startReminders()
      _ = send("events.subscribe", #"{"topics":["focus.changed","focus.timeUp"]}"#)
    }

    /// Both clocks on by `seconds` (awake: the machine ran), or only the wall clock (asleep).
    func pass(_ seconds: Double, asleep: Bool = false) {
      wall.advance(seconds)
      if !asleep { awake.withLock { $0 += seconds } }
    }

    /// What the focus timer's thread does at this moment; returns when it looks next.
    @discardableResult
    func look() -> Date? { dispatcher.focusTimer.look(at: wall.now) }

    @discardableResult
    func send(_ method: String, _ params: String = "{}") -> JSONValue {
      let line = TestDispatcher.reply(
        dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#, session: session)
      let reply = try? JSONReader.parse(Array(line.utf8))
      return reply?["result"] ?? reply?["error"] ?? .null
    }

    /// The events heard since the last call, by topic.
    func heard() -> [(String, JSONValue)] {
      dispatcher.settle()
      return (session.subscription?.take().lines ?? []).compactMap { line in
        guard let json = try? JSONReader.parse(Array(line)) else { return nil }
        return (json["method"]?.string ?? "", json["params"] ?? .null)
      }
    }

    func stop() { dispatcher.close() }
  }

  @Test("a suspend is not counted: the wall clock ran ahead of the awake one; a clock set back loses nothing")
  func suspendNotCounted() throws {
    let rig = try Rig()
    defer { rig.stop() }
    rig.send("task.capture", #"{"text":"write the speech"}"#)
    rig.send("focus.start", #"{"id":1}"#)
    rig.look()
    rig.pass(60)
    rig.look()
    // The lid closed for an hour, then a minute of work.
    rig.pass(3_600, asleep: true)
    rig.look()
    rig.pass(60)
    rig.look()
    var focus = try #require(rig.send("focus.get")["focus"])
    #expect(focus["spentSeconds"] == .integer(120))
    #expect(focus["leftSeconds"] == .integer(180))
    #expect(focus["uncountedSeconds"] == .integer(3_600))
    #expect(focus["endsAt"]?.string == "2026-11-21T10:05:00Z")
    #expect(!rig.heard().contains { $0.0 == "focus.timeUp" }, "an hour asleep is not the time up")
    // The clock set back ten minutes while a minute passed: that minute counts.
    rig.wall.advance(-600)
    rig.awake.withLock { $0 += 60 }
    rig.look()
    focus = try #require(rig.send("focus.get")["focus"])
    #expect(focus["spentSeconds"] == .integer(180))
    // Stopped: the task keeps the time spent, awake only.
    let stopped = rig.send("focus.stop")
    #expect(stopped["task"]?["spentSeconds"] == .integer(180))
    #expect(stopped["focus"]?["ending"]?.string == "stopped")
  }

  @Test("the end of the timebox is said once, calmly; keep going gives the same box again and is said again")
  func timeUpOnce() throws {
    let rig = try Rig()
    defer { rig.stop() }
    rig.send("task.capture", #"{"text":"pay rent: find the lease; send it"}"#)
    rig.send("focus.start", #"{"id":1}"#)
    #expect(rig.look() == Fixtures.at("2026-11-21T09:05:00Z"), "the timer wakes when the box runs out")
    rig.pass(299)
    rig.look()
    #expect(!rig.heard().contains { $0.0 == "focus.timeUp" })
    rig.pass(1)
    rig.look()
    rig.pass(30)
    rig.look()
    let up = rig.heard().filter { $0.0 == "focus.timeUp" }
    #expect(up.count == 1)
    #expect(
      up.first?.1["message"]?.string == "Your 5 minutes are up on 'find the lease'. Keep going, finish, or stop here?")
    // Keep going: five more minutes from the time spent.
    let more = rig.send("focus.extend")
    #expect(more["focus"]?["leftSeconds"] == .integer(300))
    rig.pass(300)
    rig.look()
    #expect(rig.heard().filter { $0.0 == "focus.timeUp" }.count == 1)
    // Paused, the box waits.
    rig.send("focus.extend", #"{"minutes":5}"#)
    rig.send("focus.pause")
    #expect(rig.look() == nil)
    rig.pass(900)
    rig.look()
    #expect(!rig.heard().contains { $0.0 == "focus.timeUp" })
  }

  @Test("at the end of the timebox a reminder asks, with Keep going, Done and Stop; each does what it says")
  func reminderButtons() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let rig = try Rig(reminders: .init(on: true), environment: desktop.environment)
    defer { rig.stop() }
    rig.send("task.capture", #"{"text":"write the speech: outline; draft"}"#)
    rig.send("focus.start", #"{"id":1}"#)
    rig.look()
    rig.pass(300)
    rig.look()
    let first = try #require(fake.note(1))
    #expect(first["summary"] as? String == "Focus: write the speech")
    #expect(first["body"] as? String == "Your 5 minutes are up on 'outline'. Keep going, finish, or stop here?")
    #expect(first["actions"] as? [String] == ["keep-going", "Keep going", "done", "Done", "stop", "Stop"])

    fake.press("keep-going", on: first["id"] as? Int ?? 0)
    Fixtures.wait(seconds: 10) { rig.send("focus.get")["focus"]?["timeboxSeconds"] == .integer(600) }
    #expect(rig.send("focus.get")["focus"]?["leftSeconds"] == .integer(300))

    rig.pass(300)
    rig.look()
    let second = try #require(fake.note(2))
    fake.press("done", on: second["id"] as? Int ?? 0)
    Fixtures.wait(seconds: 10) { rig.send("focus.get")["focus"] == nil }
    let task = rig.send("task.get", #"{"id":1}"#)["task"]
    #expect(task?["subtasks"]?[0]?["done"] == .bool(true), "Done finished the step the session was on")
    #expect(task?["focusSessions"]?[0]?["ending"]?.string == "finished")

    rig.send("focus.start", #"{"id":1}"#)
    rig.look()
    rig.pass(300)
    rig.look()
    let third = try #require(fake.note(3))
    #expect(third["body"] as? String == "Your 5 minutes are up on 'draft'. Keep going, finish, or stop here?")
    fake.press("stop", on: third["id"] as? Int ?? 0)
    Fixtures.wait(seconds: 10) { rig.send("focus.get")["focus"] == nil }
    let after = rig.send("task.get", #"{"id":1}"#)["task"]
    #expect(after?["focusSessions"]?[1]?["ending"]?.string == "stopped")
    #expect(after?["subtasks"]?[1]?["done"] == .bool(false), "Stop finishes nothing")
  }

  @Test(
    "undo: the time between a stop and its undo is a pause; an undo never makes two sessions run; time asleep is no change"
  )
  func undoRules() throws {
    let rig = try Rig()
    defer { rig.stop() }
    rig.send("task.capture", #"{"text":"write the speech"}"#)
    rig.send("task.capture", #"{"text":"pay rent"}"#)
    let here = ConnectionSession(origin: "pts/1")
    @discardableResult
    func send(_ method: String, _ params: String = "{}", from session: ConnectionSession) -> JSONValue {
      let line = TestDispatcher.reply(
        rig.dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#, session: session)
      return (try? JSONReader.parse(Array(line.utf8)))?["result"] ?? .null
    }
    send("focus.start", #"{"id":1}"#, from: here)
    rig.look()
    rig.pass(120)
    send("focus.stop", from: here)
    rig.pass(600)
    send("history.undo", from: here)
    let back = try #require(rig.send("focus.get")["focus"])
    #expect(back["spentSeconds"] == .integer(120), "the ten minutes between the stop and its undo were a pause")
    // Stopped here, started elsewhere, then the stop undone here: the other one runs, this one stays stopped.
    send("focus.stop", from: here)
    rig.send("focus.start", #"{"id":2}"#)
    let undone = send("history.undo", from: here)
    #expect(undone["kept"]?[0]?.string == "the end of the focus session on task 1, since the one on task 2 runs now")
    #expect(rig.send("focus.get")["focus"]?["task"] == .integer(2))
    #expect(rig.send("task.get", #"{"id":1}"#)["task"]?["focusSessions"]?[0]?["ending"]?.string == "stopped")
    // A suspend measured since a start does not keep an undo from taking the start back.
    send("focus.start", #"{"id":1,"switch":true}"#, from: here)
    rig.look()
    rig.pass(3_600, asleep: true)
    rig.look()
    send("history.undo", from: here)
    #expect(rig.send("focus.get")["focus"]?["task"] == .integer(2), "the switch was taken back whole")
  }

  @Test("the end of a timebox is said once also across a restart of the daemon")
  func timeUpOnceAcrossRestart() throws {
    let path = Fixtures.temporaryDirectory() + "/stride.db"
    let wall = TestClock(Fixtures.at("2026-11-21T09:00:00Z"))
    func daemon() throws -> (Dispatcher, ConnectionSession) {
      let dispatcher = TestDispatcher.make(
        store: try TaskStore(path: path), clock: { wall.now }, awake: { wall.now.timeIntervalSince1970 })
      let session = ConnectionSession()
      _ = TestDispatcher.reply(
        dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["focus.timeUp"]}}"#,
        session: session)
      return (dispatcher, session)
    }
    var (first, heard) = try daemon()
    _ = TestDispatcher.reply(first, #"{"jsonrpc":"2.0","id":2,"method":"task.capture","params":{"text":"a"}}"#)
    _ = TestDispatcher.reply(first, #"{"jsonrpc":"2.0","id":3,"method":"focus.start","params":{"id":1}}"#)
    _ = first.startFocusTimer()
    wall.advance(301)
    _ = first.focusTimer.look(at: wall.now)
    first.settle()
    #expect(heard.subscription?.take().lines.count == 1)
    first.close()
    wall.advance(30)
    (first, heard) = try daemon()
    defer { first.close() }
    _ = first.startFocusTimer()
    _ = first.focusTimer.look(at: wall.now)
    first.settle()
    #expect(heard.subscription?.take().lines.isEmpty == true, "said once, not again after the restart")
  }
}
