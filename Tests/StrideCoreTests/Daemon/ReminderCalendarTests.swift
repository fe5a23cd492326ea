import Foundation
import StrideTestSupport
import Testing

@testable import StrideCore
@testable import StrideModel

/// Reminders and the calendars, against the same real parts as the other reminders (a session bus and a scripted
/// notification service): a heads-up before an event, and reminders that wait while the person is in one.
@Suite("Reminders and calendars", .serialized)
struct ReminderCalendarTests {
  static let standup = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//EN\r
    BEGIN:VEVENT\r
    UID:standup\r
    DTSTAMP:20261101T000000Z\r
    DTSTART:20261121T100000Z\r
    DTEND:20261121T103000Z\r
    SUMMARY:standup\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

  static func rig(_ desktop: FakeDesktop, waiting: Bool = true) throws -> ReminderTests.Rig {
    var settings = StrideConfig.RemindersSettings(on: true)
    settings.eventHeadsUpMinutes = 10
    settings.waitDuringEvents = waiting
    let rig = try ReminderTests.Rig(settings, environment: desktop.environment)
    let path = Fixtures.temporaryDirectory() + "/work.ics"
    try standup.write(toFile: path, atomically: true, encoding: .utf8)
    rig.send("calendars.add", #"{"location":"\#(path)"}"#)
    return rig
  }

  @Test("a heads-up before an event; in it reminders wait, and what came is said in one when it ends")
  func waitsDuringAnEvent() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let rig = try Self.rig(desktop)
    defer { rig.stop() }
    let id = rig.capture("call mum")
    rig.send("task.defer", #"{"id":\#(id),"reason":"wrong-time","until":"2026-11-21T10:15:00Z"}"#)
    #expect(rig.wake(at: "2026-11-21T09:45:00Z") == Fixtures.at("2026-11-21T09:50:00Z"), "wakes for the heads-up")
    rig.wake(at: "2026-11-21T09:50:00Z")
    let soon = try #require(fake.note(1))
    #expect(soon["summary"] as? String == "Soon: standup")
    #expect(soon["body"] as? String == "'standup' starts at 10:00, in 10 minutes.")
    rig.wake(at: "2026-11-21T09:55:00Z")
    #expect(rig.wake(at: "2026-11-21T10:15:00Z") == Fixtures.at("2026-11-21T10:30:00Z"), "waits for the end")
    usleep(300_000)
    #expect(fake.notes.count == 1, "the heads-up is given once, and nothing shows during the event")
    rig.wake(at: "2026-11-21T10:30:00Z")
    let after = try #require(fake.note(2))
    #expect(after["summary"] as? String == "While you were busy")
    #expect((after["body"] as? String)?.contains("call mum") == true)
  }

  @Test("with waitDuringEvents off, a reminder shows in the middle of an event")
  func showsWhenAsked() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let rig = try Self.rig(desktop, waiting: false)
    defer { rig.stop() }
    let id = rig.capture("call mum")
    rig.send("task.defer", #"{"id":\#(id),"reason":"wrong-time","until":"2026-11-21T10:15:00Z"}"#)
    rig.wake(at: "2026-11-21T10:15:00Z")
    let shown = try #require(desktop.notifications.note(1))
    #expect(shown["summary"] as? String == "call mum")
  }
}
