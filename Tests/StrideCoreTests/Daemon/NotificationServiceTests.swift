import Foundation
import StrideBase
import StrideTestSupport
import Testing

@testable import StrideDBus

/// Stride's notification client against the fake notification service (`fake_notifications.py`, on jeepney) that the
/// reminder tests use too: what it is sent, and the buttons pressed on it. (The rest of the D-Bus client is tested in
/// StrideDBusTests.)
@Suite("D-Bus: the desktop's notification service")
struct NotificationServiceTests {
  @Test("the notification service (jeepney): capabilities, Notify as sent, buttons pressed, markup kept as text")
  func notificationService() throws {
    let bus = try SessionBus()
    defer { bus.stop() }
    let fake = try FakeNotifications(bus: bus, capabilities: ["actions", "body", "body-markup"])
    defer { fake.stop() }
    let events = Locked<[DesktopNotifications.Event]>([])
    let service = try DesktopNotifications(environment: bus.environment) { event in
      events.withLock { $0.append(event) }
    }
    defer { service.disconnect() }
    #expect(service.capabilities == ["actions", "body", "body-markup"])
    let shown = try service.notify(
      .init(summary: "fix <b> & co", body: "It is due <now> & then.", actions: [("done", "Done")]), appName: "Stride")
    let id = shown.id
    let note = try #require(fake.note(1))
    #expect(note["id"] as? Int == Int(id))
    #expect(note["app"] as? String == "Stride")
    #expect(note["summary"] as? String == "fix <b> & co", "a summary is never markup")
    #expect(note["body"] as? String == "It is due &lt;now&gt; &amp; then.")
    #expect(note["actions"] as? [String] == ["done", "Done"])
    #expect((note["hints"] as? [String: Any])?["urgency"] as? Int == 1)
    #expect(note["timeout"] as? Int == -1)

    func heard(_ count: Int) -> [DesktopNotifications.Event] {
      Fixtures.wait(seconds: 10) { events.withLock { $0.count } >= count }
      return events.withLock { $0 }
    }
    #expect(shown.server == fake.uniqueName, "an id is known with the server that gave it")
    fake.press("done", on: Int(id))
    #expect(heard(1) == [.action(shown, key: "done")])
    try service.close(shown)
    #expect(heard(2) == [.action(shown, key: "done"), .closed(shown, reason: 3)])
  }

  @Test("a restarted service: its predecessor's leaving is heard, and its ids are never sent to the new one")
  func restartedService() throws {
    let bus = try SessionBus()
    defer { bus.stop() }
    let first = try FakeNotifications(bus: bus)
    defer { first.stop() }
    let events = Locked<[DesktopNotifications.Event]>([])
    let service = try DesktopNotifications(environment: bus.environment) { event in
      events.withLock { $0.append(event) }
    }
    defer { service.disconnect() }
    let old = try service.notify(.init(summary: "call the bank", body: ""), appName: "Stride")
    let firstName = try #require(first.uniqueName)
    #expect(old == .init(id: 1, server: firstName))

    first.stop()
    Fixtures.wait(seconds: 10) { events.withLock { $0.contains(.serverGone(firstName)) } }
    #expect(events.withLock { $0 } == [.serverGone(firstName)])
    let second = try FakeNotifications(bus: bus, capabilities: ["body"])
    defer { second.stop() }
    let new = try service.notify(
      .init(summary: "pay rent", body: "", actions: [("done", "Done")], replaces: old), appName: "Stride")
    #expect(new == .init(id: 1, server: try #require(second.uniqueName)))
    #expect(second.note(1)?["replaces"] as? Int == 0, "the old server's id 1 is not the new one's")
    #expect(second.note(1)?["actions"] as? [String] == [], "the new server's capabilities are asked anew")
    #expect(service.capabilities == ["body"])
    try service.close(old)
    try service.close(new)
    #expect(second.wait { $0["call"] as? String == "CloseNotification" }?["id"] as? Int == 1)
    #expect(second.calls.filter { $0 == "CloseNotification" }.count == 1, "only the new server's own is closed")
  }
}
