import Foundation
import StrideTestSupport
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// Reminders across a restart of the notification service: a server's ids belong to its lifetime, so a new server
/// that counts from 1 again must never have its notifications taken for the old one's; and a reminder whose button
/// was handled is closed, since a server may leave it up with its buttons still looking live.
@Suite("Desktop reminders: the notification service restarts", .serialized)
struct ReminderServerRestartTests {
  typealias Rig = ReminderTests.Rig

  /// Captures a task due at `due` (this morning, UTC).
  static func due(_ rig: Rig, _ title: String, at due: String) -> Int {
    let id = rig.capture(title)
    rig.send("task.update", #"{"id":\#(id),"due":"2026-11-21T\#(due):00Z"}"#)
    return id
  }

  @Test("three reminders, a restart, three more with the same ids: buttons and done act on the task they show")
  func restartBetweenReminders() throws {
    let bus = try SessionBus()
    defer { bus.stop() }
    let first = try FakeNotifications(bus: bus)
    defer { first.stop() }
    let rig = try Rig(.init(on: true), environment: bus.environment)
    defer { rig.stop() }
    let old = ["call the bank", "pay rent", "book the dentist"].map { Self.due(rig, $0, at: "10:00") }
    rig.wake(at: "2026-11-21T10:00:00Z")
    let oldIDs = (1...3).compactMap { first.note($0)?["id"] as? Int }
    #expect(oldIDs.count == 3)

    first.stop()
    let second = try FakeNotifications(bus: bus)
    defer { second.stop() }
    let new = ["water the plants", "answer Sam", "post the letter"].map { Self.due(rig, $0, at: "11:00") }
    rig.wake(at: "2026-11-21T11:00:00Z")
    let newNotes = (1...3).compactMap { second.note($0) }
    #expect(newNotes.compactMap { $0["id"] as? Int } == oldIDs, "the new server counts from the start again")
    #expect(newNotes.allSatisfy { $0["replaces"] as? Int == 0 }, "nothing of the old server's is replaced")
    #expect(newNotes.map { $0["summary"] as? String } == ["water the plants", "answer Sam", "post the letter"])
    // The service records the call before the daemon has its reply: give the reply a moment.
    usleep(200_000)

    // Later on the new first one puts off the new first task, not the old one of the same id.
    second.press("later", on: oldIDs[0])
    Fixtures.wait(seconds: 10) { rig.task(new[0])["status"]?.string == "deferred" }
    #expect(rig.task(new[0])["status"]?.string == "deferred")
    #expect(rig.task(old[0])["status"]?.string == "active")
    // Handled, it is closed: a server may leave it up with its buttons still looking live.
    #expect(second.wait { $0["call"] as? String == "CloseNotification" }?["id"] as? Int == oldIDs[0])

    // Done elsewhere on the old second task closes nothing of the new server's: its id is the new second's.
    rig.send("task.complete", #"{"id":\#(old[1])}"#)
    // A task of the old server's that comes up again is a new notification, not one in place of another's.
    rig.send("task.defer", #"{"id":\#(old[2]),"reason":"no-energy","until":"2026-11-21T12:00:00Z"}"#)
    rig.wake(at: "2026-11-21T12:00:00Z")
    let again = try #require(second.note(4))
    #expect(again["summary"] as? String == "book the dentist")
    #expect(again["replaces"] as? Int == 0)
    usleep(300_000)
    #expect(second.calls.filter { $0 == "CloseNotification" }.count == 1, "only the reminder whose Later was handled")

    // The new second reminder is still live: Done completes its own task.
    second.press("done", on: oldIDs[1])
    Fixtures.wait(seconds: 10) { rig.task(new[1])["status"]?.string == "completed" }
    #expect(rig.task(new[1])["status"]?.string == "completed")
  }

  @Test("a button of a notification no reminder of this daemon's is now (another program's, or gone) does nothing")
  func unknownIDs() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let rig = try Rig(.init(on: true), environment: desktop.environment)
    defer { rig.stop() }
    let id = Self.due(rig, "call the bank", at: "10:00")
    rig.wake(at: "2026-11-21T10:00:00Z")
    let shown = try #require(fake.note(1)?["id"] as? Int)
    usleep(200_000)
    fake.press("done", on: shown + 1)
    usleep(300_000)
    #expect(rig.task(id)["status"]?.string == "active")
    #expect(!fake.calls.contains("CloseNotification"), "another program's notification is not ours to close")

    // Closed by the person, it is forgotten: a later press of that id is not taken for it.
    fake.close(shown, reason: 2)
    usleep(300_000)
    fake.press("done", on: shown)
    usleep(300_000)
    #expect(rig.task(id)["status"]?.string == "active")
  }
}
