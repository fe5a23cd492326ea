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
    let id = try service.notify(
      .init(summary: "fix <b> & co", body: "It is due <now> & then.", actions: [("done", "Done")]), appName: "Stride")
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
    fake.press("done", on: Int(id))
    #expect(heard(1) == [.action(id: id, key: "done")])
    try service.close(id: id)
    #expect(heard(2) == [.action(id: id, key: "done"), .closed(id: id, reason: 3)])
  }
}
