import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore
@testable import StrideWire

/// Desktop reminders against real parts: a dbus-daemon session bus and a notification service written with jeepney
/// (`fake_notifications.py`), both started here in a temporary folder. The daemon's clock is the test's, and the
/// wake-up timer is run by hand at the instants the test names, as Docs/protocol.md's ⏰ lines do.
@Suite("Desktop reminders", .serialized)
struct ReminderTests {
  /// The daemon's clock, set by the test.
  /// A dispatcher with reminders set as asked, on `environment`, with its own clock.
  struct Rig {
    let clock = TestClock(Fixtures.at("2026-11-21T09:00:00Z"))
    let dispatcher: Dispatcher

    let database: String

    /// With a new database, or the one at `database` (as a restarted daemon opens it), its clock at `time`.
    init(
      _ reminders: StrideConfig.RemindersSettings, environment: [String: String], database: String? = nil,
      at time: String = "2026-11-21T09:00:00Z", remindersFile: String? = nil
    ) throws {
      let clock = self.clock
      clock.set(time)
      let (store, path) = try database.map { (try TaskStore(path: $0), $0) } ?? Fixtures.store()
      self.database = path
      dispatcher = TestDispatcher.make(
        store: store, clock: { clock.now }, config: StrideConfig(reminders: reminders), environment: environment,
        remindersFile: remindersFile)
      dispatcher.startReminders()
    }

    /// Sends a request (params as JSON) and returns the reply's result.
    @discardableResult
    func send(_ method: String, _ params: String = "{}", from session: ConnectionSession? = nil) -> JSONValue {
      let line = TestDispatcher.reply(
        dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#, session: session)
      return (try? JSONReader.parse(Array(line.utf8)))?["result"] ?? .null
    }

    /// The task as `task.get` gives it.
    func task(_ id: Int) -> JSONValue {
      send("task.get", #"{"id":\#(id)}"#)["task"] ?? .null
    }

    func capture(_ text: String) -> Int {
      if case .integer(let id)? = send("task.capture", #"{"text":"\#(text)"}"#)["task"]?["id"] { return Int(id) }
      return 0
    }

    /// Runs the wake-up timer at `time`, as its thread does when that moment comes; returns its next deadline.
    @discardableResult
    func wake(at time: String) -> Date? {
      clock.set(time)
      return dispatcher.wake(at: clock.now)
    }

    /// The reminders' state in `server.info`, once it is no longer `connecting` (or after 15 seconds).
    func status() -> RemindersStatus? {
      var state: RemindersStatus?
      Fixtures.wait {
        let info = send("server.info")["reminders"]
        state = RemindersStatus(state: info?["state"]?.string ?? "", sentence: info?["sentence"]?.string ?? "")
        return state?.state != "connecting"
      }
      return state
    }

    func stop() { dispatcher.close() }
  }

  @Test("a deferred task coming back: one reminder with its title, why and Done and Later; Done completes it")
  func backAndDone() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let rig = try Rig(.init(on: true), environment: desktop.environment)
    defer { rig.stop() }
    #expect(rig.status()?.state == "desktop")
    #expect(rig.status()?.sentence.contains("with Done and Later buttons") == true)

    let terminal = ConnectionSession(origin: "pts/1")
    let id = rig.capture("call the bank")
    rig.send("task.defer", #"{"id":\#(id),"reason":"no-energy","until":"2026-11-21T10:00:00Z"}"#, from: terminal)
    rig.wake(at: "2026-11-21T09:30:00Z")
    rig.wake(at: "2026-11-21T10:00:00Z")
    let note = try #require(fake.note(1))
    #expect(note["summary"] as? String == "call the bank")
    #expect(note["body"] as? String == "Its deferral ended; you put it off as no-energy.")
    #expect(note["actions"] as? [String] == ["done", "Done", "later", "Later"])
    #expect(note["app"] as? String == "Stride")

    fake.press("done", on: note["id"] as? Int ?? 0)
    Fixtures.wait(seconds: 10) { rig.task(id)["status"]?.string == "completed" }
    #expect(rig.task(id)["status"]?.string == "completed")
    // Pressed on the desktop after the terminal's deferral, it is what undo in that terminal takes back.
    let undone = rig.send("history.undo", from: terminal)["undone"]
    #expect(undone?["action"]?.string == "task.complete")
    #expect(undone?["from"]?.string == "here")
    #expect(fake.notes.count == 1, "one wake-up, one reminder")
  }

  @Test("a due time arriving is reminded once; Later puts the task off as no-energy for an hour, then it is back")
  func dueAndLater() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let rig = try Rig(.init(on: true), environment: desktop.environment)
    defer { rig.stop() }
    let id = rig.capture("water the plants")
    rig.send("task.update", #"{"id":\#(id),"due":"2026-11-21T10:30:00Z"}"#)
    #expect(rig.wake(at: "2026-11-21T10:00:00Z") == Fixtures.at("2026-11-21T10:30:00Z"), "the due time is a wake-up")
    rig.wake(at: "2026-11-21T10:30:00Z")
    rig.wake(at: "2026-11-21T10:31:00Z")
    let note = try #require(fake.note(1))
    #expect(note["summary"] as? String == "water the plants")
    #expect(note["body"] as? String == "It is due now.")

    fake.press("later", on: note["id"] as? Int ?? 0)
    Fixtures.wait(seconds: 10) { rig.task(id)["status"]?.string == "deferred" }
    let task = rig.task(id)
    #expect(task["deferral"]?["reason"]?.string == "no-energy")
    #expect(task["deferral"]?["until"]?.string == "2026-11-21T11:31:00Z")

    rig.wake(at: "2026-11-21T11:31:00Z")
    let back = try #require(fake.note(2))
    #expect(back["body"] as? String == "Its deferral ended; you put it off as no-energy.")
    #expect(fake.notes.count == 2, "the due time was reminded once")
  }

  @Test("in the quiet hours nothing is shown; what came is said once when they end, without what was dealt with")
  func quietHours() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let rig = try Rig(.init(on: true, quiet: QuietHours(written: "22:00-08:00")), environment: desktop.environment)
    defer { rig.stop() }
    #expect(rig.status()?.sentence.hasSuffix("Quiet hours are 22:00 to 08:00.") == true)
    rig.wake(at: "2026-11-21T21:00:00Z")
    let titles = ["call mum", "pay rent", "book the dentist", "answer Sam", "water the plants"]
    let ids = titles.map { rig.capture($0) }
    for (id, until) in zip(ids, ["23:00", "23:30", "01:00", "01:30"]) {
      let day = until.hasPrefix("2") ? "21" : "22"
      rig.send("task.defer", #"{"id":\#(id),"reason":"wrong-time","until":"2026-11-\#(day)T\#(until):00Z"}"#)
    }
    rig.send("task.update", #"{"id":\#(ids[4]),"due":"2026-11-22T02:00:00Z"}"#)
    for time in ["2026-11-21T23:00:00Z", "2026-11-21T23:30:00Z", "2026-11-22T01:00:00Z", "2026-11-22T01:30:00Z"] {
      rig.wake(at: time)
    }
    // Sam was answered in the night: it is left out of the morning's reminder.
    rig.send("task.complete", #"{"id":\#(ids[3])}"#)
    #expect(rig.wake(at: "2026-11-22T02:00:00Z") == Fixtures.at("2026-11-22T08:00:00Z"), "the timer wakes at 08:00")
    usleep(300_000)
    #expect(fake.notes.isEmpty, "nothing is shown in the quiet hours")

    rig.wake(at: "2026-11-22T08:00:00Z")
    let summary = try #require(fake.note(1))
    #expect(summary["summary"] as? String == "While it was quiet")
    #expect(
      summary["body"] as? String == "3 tasks came back and 1 came due: call mum, pay rent, book the dentist and 1 more."
    )
    #expect(summary["actions"] as? [String] == [], "buttons belong to a reminder of one task")
    rig.wake(at: "2026-11-22T08:01:00Z")
    usleep(300_000)
    #expect(fake.notes.count == 1, "said once")
  }

  @Test("a restart in the quiet hours keeps what came before it: the morning's summary still says it")
  func restartInQuietHours() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let settings = StrideConfig.RemindersSettings(on: true, quiet: QuietHours(written: "22:00-08:00"))
    let evening = try Rig(settings, environment: desktop.environment, at: "2026-11-21T21:00:00Z")
    let ids = ["call mum", "pay rent", "answer Sam"].map { evening.capture($0) }
    evening.send("task.defer", #"{"id":\#(ids[0]),"reason":"wrong-time","until":"2026-11-21T23:00:00Z"}"#)
    evening.send("task.update", #"{"id":\#(ids[1]),"due":"2026-11-22T01:00:00Z"}"#)
    evening.send("task.defer", #"{"id":\#(ids[2]),"reason":"wrong-time","until":"2026-11-22T01:30:00Z"}"#)
    for time in ["2026-11-21T23:00:00Z", "2026-11-22T01:00:00Z", "2026-11-22T01:30:00Z"] { evening.wake(at: time) }
    // Sam was answered before strided stopped: left out.
    evening.send("task.complete", #"{"id":\#(ids[2])}"#)
    evening.stop()

    let night = try Rig(
      settings, environment: desktop.environment, database: evening.database, at: "2026-11-22T03:00:00Z")
    defer { night.stop() }
    #expect(night.wake(at: "2026-11-22T03:00:00Z") == Fixtures.at("2026-11-22T08:00:00Z"), "the timer wakes at 08:00")
    usleep(300_000)
    #expect(fake.notes.isEmpty, "nothing is shown in the quiet hours")
    night.wake(at: "2026-11-22T08:00:00Z")
    let summary = try #require(fake.note(1))
    #expect(summary["summary"] as? String == "While it was quiet")
    #expect(summary["body"] as? String == "1 task came back and 1 came due: call mum and pay rent.")
  }

  @Test("a strided started after another takes over its reminders: shown again in place, Done answers it")
  func takenOver() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let kept = Fixtures.temporaryDirectory() + "/strided.sock.reminders"
    let first = try Rig(.init(on: true), environment: desktop.environment, remindersFile: kept)
    let ids = ["call the bank", "pay rent"].map { first.capture($0) }
    for id in ids { first.send("task.update", #"{"id":\#(id),"due":"2026-11-21T10:00:00Z"}"#) }
    first.wake(at: "2026-11-21T10:00:00Z")
    let bank = try #require(fake.note(1))
    let rent = try #require(fake.note(2))
    #expect(Fixtures.poll { Reminders.read(kept).count == 2 ? true : nil } == true, "both kept beside the socket")
    first.stop()
    // Rent paid while no strided showed reminders (a sync, or a crash before the file was written).
    let store = try TaskStore(path: first.database)
    _ = try store.apply(.complete(TaskID(Int64(ids[1]))), at: Fixtures.at("2026-11-21T10:02:00Z"))
    store.close()

    let next = try Rig(
      .init(on: true), environment: desktop.environment, database: first.database, at: "2026-11-21T10:05:00Z",
      remindersFile: kept)
    defer { next.stop() }
    let again = try #require(fake.note(3))
    #expect(again["replaces"] as? Int == bank["id"] as? Int, "shown again in its own place")
    #expect(again["summary"] as? String == "call the bank")
    #expect(again["body"] as? String == bank["body"] as? String)
    #expect(again["actions"] as? [String] == ["done", "Done", "later", "Later"])
    let closed = fake.wait { $0["call"] as? String == "CloseNotification" }
    #expect(closed?["id"] as? Int == rent["id"] as? Int, "the one whose task was done is taken down")

    fake.press("done", on: again["id"] as? Int ?? 0)
    Fixtures.wait(seconds: 10) { next.task(ids[0])["status"]?.string == "completed" }
    #expect(next.task(ids[0])["status"]?.string == "completed")
    #expect(Fixtures.poll { FileManager.default.fileExists(atPath: kept) ? nil : true } == true, "nothing left up")
  }

  @Test("what an earlier login's strided left on another bus is not taken over, though its unique names repeat")
  func notTakenOverFromAnotherBus() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let (store, database) = try Fixtures.store()
    store.close()
    let kept = Fixtures.temporaryDirectory() + "/strided.sock.reminders"
    let first = try Rig(.init(), environment: desktop.environment, database: database)
    let id = first.capture("call the bank")
    first.stop()
    let server = try #require(fake.uniqueName)
    let left =
      #"[{"task":\#(id),"id":7,"server":"\#(server)","bus":"0123456789abcdef0123456789abcdef","summary":"call "#
      + #"the bank","body":"It is due now.","focus":false}]"#
    try left.write(toFile: kept, atomically: true, encoding: .utf8)
    #expect(Reminders.read(kept).count == 1)

    let next = try Rig(.init(on: true), environment: desktop.environment, database: database, remindersFile: kept)
    defer { next.stop() }
    #expect(next.status()?.state == "desktop")
    #expect(Fixtures.wait { !FileManager.default.fileExists(atPath: kept) }, "the stale file is dropped")
    usleep(300_000)
    #expect(fake.notes.isEmpty, "nothing of another bus is shown again")
    #expect(!fake.calls.contains("CloseNotification"), "nor is an id of another bus closed")
  }

  @Test("more than three at once are said in one; a reminder whose task is done elsewhere is taken down")
  func togetherAndTakenDown() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let rig = try Rig(.init(on: true), environment: desktop.environment)
    defer { rig.stop() }
    for title in ["one", "two", "three", "four"] {
      let id = rig.capture(title)
      rig.send("task.defer", #"{"id":\#(id),"reason":"wrong-time","until":"2026-11-21T10:00:00Z"}"#)
    }
    rig.wake(at: "2026-11-21T10:00:00Z")
    let together = try #require(fake.note(1))
    #expect(together["summary"] as? String == "Several tasks came up")
    #expect(together["body"] as? String == "4 tasks came back: one, two, three and 1 more.")

    let id = rig.capture("post the letter")
    rig.send("task.update", #"{"id":\#(id),"due":"2026-11-21T11:00:00Z"}"#)
    rig.wake(at: "2026-11-21T11:00:00Z")
    let note = try #require(fake.note(2))
    // The service records the call before it replies with the id the daemon keeps: give the reply a moment.
    usleep(200_000)
    rig.send("task.complete", #"{"id":\#(id)}"#)
    let closed = fake.wait { $0["call"] as? String == "CloseNotification" }
    #expect(closed?["id"] as? Int == note["id"] as? Int)
  }

  @Test("no notification service yet, then one, then another in its place: each next reminder finds the one there")
  func serviceComesAndGoes() throws {
    let bus = try SessionBus()
    defer { bus.stop() }
    let rig = try Rig(.init(on: true), environment: bus.environment)
    defer { rig.stop() }
    let status = try #require(rig.status())
    #expect(status.state == "no-service")
    #expect(status.sentence.contains("start your desktop's notification service (such as dunst or mako)"))

    let first = try FakeNotifications(bus: bus)
    defer { first.stop() }
    let id = rig.capture("call the bank")
    rig.send("task.update", #"{"id":\#(id),"due":"2026-11-21T10:00:00Z"}"#)
    rig.wake(at: "2026-11-21T10:00:00Z")
    #expect(first.note(1)?["body"] as? String == "It is due now.")
    #expect(rig.status()?.state == "desktop")

    first.stop()
    let second = try FakeNotifications(bus: bus)
    defer { second.stop() }
    rig.send("task.defer", #"{"id":\#(id),"reason":"no-energy","until":"2026-11-21T11:00:00Z"}"#)
    rig.wake(at: "2026-11-21T11:00:00Z")
    #expect(second.note(1)?["body"] as? String == "Its deferral ended; you put it off as no-energy.")
  }

  @Test("reminders off: the bus is never asked, and server.info says they are off and how to turn them on")
  func off() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let rig = try Rig(.init(), environment: desktop.environment)
    defer { rig.stop() }
    let id = rig.capture("call the bank")
    rig.send("task.defer", #"{"id":\#(id),"reason":"no-energy","until":"2026-11-21T10:00:00Z"}"#)
    rig.wake(at: "2026-11-21T10:00:00Z")
    usleep(500_000)
    #expect(fake.calls.isEmpty)
    #expect(rig.status()?.state == "off")
    #expect(rig.status()?.sentence.contains(#""reminders": {"on": true}"#) == true)
  }

  @Test("no session bus: server.info says so in a sentence with what to do, and wake-ups go on; notify-send stands in")
  func noBus() throws {
    let rig = try Rig(.init(on: true), environment: ["PATH": "/nonexistent"])
    defer { rig.stop() }
    let status = try #require(rig.status())
    #expect(status.state == "no-bus")
    #expect(status.sentence.hasPrefix("Desktop reminders are on, but no desktop session bus was found"))
    #expect(status.sentence.contains("set DBUS_SESSION_BUS_ADDRESS"))
    let id = rig.capture("call the bank")
    rig.send("task.defer", #"{"id":\#(id),"reason":"no-energy","until":"2026-11-21T10:00:00Z"}"#)
    rig.wake(at: "2026-11-21T10:00:00Z")
    #expect(rig.task(id)["status"]?.string == "active")
    #expect(rig.status()?.state == "no-bus")
    let gone = try Rig(.init(on: true), environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
    defer { gone.stop() }
    #expect(
      gone.status()?.sentence.hasPrefix(
        "Desktop reminders are on, but the desktop session bus could not be used (nothing answers at "
          + "/nonexistent/bus: no such file or directory); start strided from within your desktop session") == true)

    // A bus this client cannot speak to (tcp:), and notify-send on the PATH: it shows them, without buttons.
    let folder = Fixtures.temporaryDirectory()
    try "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \(folder)/shown\n".write(
      toFile: folder + "/notify-send", atomically: true, encoding: .utf8)
    chmod(folder + "/notify-send", 0o755)
    let fallback = try Rig(
      .init(on: true), environment: ["DBUS_SESSION_BUS_ADDRESS": "tcp:host=127.0.0.1,port=1", "PATH": folder])
    defer { fallback.stop() }
    #expect(fallback.status()?.state == "notify-send")
    #expect(fallback.status()?.sentence.contains("strided speaks only unix:path= and unix:abstract=") == true)
    let other = fallback.capture("pay rent")
    fallback.send("task.update", #"{"id":\#(other),"due":"2026-11-21T10:00:00Z"}"#)
    fallback.wake(at: "2026-11-21T10:00:00Z")
    let shown =
      Fixtures.poll(seconds: 10) {
        (try? String(contentsOfFile: folder + "/shown", encoding: .utf8)).flatMap {
          $0.contains("It is due now.") ? $0 : nil
        }
      } ?? ""
    #expect(shown == "--app-name=Stride\n--\npay rent\nIt is due now.\n")
  }
}
