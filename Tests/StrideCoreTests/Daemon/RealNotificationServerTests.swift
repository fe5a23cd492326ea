import Foundation
import StrideTestSupport
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// Desktop reminders on real notification servers, each on a virtual X display (Xvfb) and a session bus of the
/// test's own: dunst, which offers buttons and leaves a notification up when one is pressed, and notify-osd, which
/// offers none. The scripted service (`fake_notifications.py`) says what is sent; these say that real servers take it.
@Suite(
  "Desktop reminders on real notification servers", .serialized,
  .enabled(
    if: Installed.runs(["/usr/bin/Xvfb", "dunst", "/usr/lib/\(RealNotifications.multiarch)/notify-osd", "dbus-monitor"]
    ),
    "Xvfb, dunst or notify-osd is not installed ('sudo apt-get install xvfb dunst notify-osd'; .ci/run does)"))
struct RealNotificationServerTests {
  typealias Rig = ReminderTests.Rig

  @Test("dunst: Later and Done act on the right task and close the reminder, also after dunst restarts between them")
  func dunst() throws {
    let bus = try SessionBus()
    defer { bus.stop() }
    let display = try VirtualDisplay()
    defer { display.stop() }
    var dunst = try RealNotifications(.dunst, bus: bus, display: display)
    defer { dunst.stop() }
    let rig = try Rig(.init(on: true), environment: bus.environment)
    defer { rig.stop() }
    #expect(rig.status()?.sentence.contains("with Done and Later buttons") == true)

    let first = ReminderServerRestartTests.due(rig, "call the bank", at: "10:00")
    rig.wake(at: "2026-11-21T10:00:00Z")
    #expect(Fixtures.wait { dunst.displayed == 1 })
    usleep(200_000)
    try dunst.press("Later")
    Fixtures.wait(seconds: 10) { rig.task(first)["status"]?.string == "deferred" }
    #expect(rig.task(first)["status"]?.string == "deferred")
    // dunst leaves a notification up when its button is pressed: strided closes it.
    #expect(Fixtures.wait(seconds: 10) { dunst.displayed == 0 }, "a handled reminder is closed")

    dunst.stop()
    dunst = try RealNotifications(.dunst, bus: bus, display: display)
    // Due before the first task's hour of Later is up: one reminder, from the new dunst, which counts from 1 again.
    let second = ReminderServerRestartTests.due(rig, "pay rent", at: "10:30")
    rig.wake(at: "2026-11-21T10:30:00Z")
    #expect(Fixtures.wait { dunst.displayed == 1 })
    usleep(200_000)
    try dunst.press("Done")
    Fixtures.wait(seconds: 10) { rig.task(second)["status"]?.string == "completed" }
    #expect(rig.task(second)["status"]?.string == "completed")
    #expect(rig.task(first)["status"]?.string == "deferred")
    #expect(Fixtures.wait(seconds: 10) { dunst.displayed == 0 }, "a handled reminder is closed")
  }

  @Test("dunst: a strided started after one that stopped takes over its reminder, and Done on it answers the new one")
  func dunstTakenOver() throws {
    let bus = try SessionBus()
    defer { bus.stop() }
    let display = try VirtualDisplay()
    defer { display.stop() }
    let dunst = try RealNotifications(.dunst, bus: bus, display: display)
    defer { dunst.stop() }
    let kept = Fixtures.temporaryDirectory() + "/strided.sock.reminders"
    let first = try Rig(.init(on: true), environment: bus.environment, remindersFile: kept)
    let id = ReminderServerRestartTests.due(first, "call the bank", at: "10:00")
    first.wake(at: "2026-11-21T10:00:00Z")
    #expect(Fixtures.wait { dunst.displayed == 1 })
    #expect(Fixtures.wait { FileManager.default.fileExists(atPath: kept) })
    first.stop()

    let next = try Rig(
      .init(on: true), environment: bus.environment, database: first.database, at: "2026-11-21T10:05:00Z",
      remindersFile: kept)
    defer { next.stop() }
    #expect(next.status()?.state == "desktop")
    usleep(500_000)
    #expect(dunst.displayed == 1, "shown again in its own place, not twice")
    try dunst.press("Done")
    Fixtures.wait(seconds: 10) { next.task(id)["status"]?.string == "completed" }
    #expect(next.task(id)["status"]?.string == "completed")
    #expect(Fixtures.wait(seconds: 10) { dunst.displayed == 0 }, "a handled reminder is closed")
  }

  @Test("notify-osd, which offers no buttons: reminders show without them, and one dealt with elsewhere is closed")
  func withoutButtons() throws {
    let bus = try SessionBus()
    defer { bus.stop() }
    let display = try VirtualDisplay()
    defer { display.stop() }
    let osd = try RealNotifications(.notifyOSD, bus: bus, display: display)
    defer { osd.stop() }
    let rig = try Rig(.init(on: true), environment: bus.environment)
    defer { rig.stop() }
    #expect(rig.status()?.sentence.contains("without buttons (your notification service offers none)") == true)

    let id = ReminderServerRestartTests.due(rig, "call the bank", at: "10:00")
    rig.wake(at: "2026-11-21T10:00:00Z")
    let sent = osd.calls(showing: #"string "It is due now.""#)
    #expect(sent.contains(#"string "call the bank""#))
    #expect(!sent.contains(#"string "done""#), "no buttons are sent to a server that offers none")
    // notify-osd gave the reminder an id: taken down when the task is done elsewhere.
    usleep(300_000)
    rig.send("task.complete", #"{"id":\#(id)}"#)
    #expect(osd.calls(showing: "member=CloseNotification").contains("member=CloseNotification"))
  }
}
