import Foundation
import StrideBase

/// The desktop's notification service, `org.freedesktop.Notifications` on the session bus (the Desktop
/// Notifications Specification 1.2): ask what it can do, show a notification, take one down, and hear which action
/// the person chose and when a notification closed.
///
/// A notification's id is the server's own count, and a server that restarts counts again from the start: the ids it
/// gave belong to its lifetime. So every notification is known as `Shown`, its id with the unique name of the server
/// that gave it; the owner of the service's name is followed on the bus (`NameOwnerChanged`), calls go to that
/// owner's unique name rather than to the service's name, and an id of a server that is gone is never sent to another.
public final class DesktopNotifications: Sendable {
  public static let service = "org.freedesktop.Notifications"
  static let path = "/org/freedesktop/Notifications"

  /// One notification as the server that showed it knows it: its id, and that server's unique name on the bus.
  public struct Shown: Hashable, Sendable {
    public var id: UInt32
    public var server: String

    public init(id: UInt32, server: String) {
      self.id = id
      self.server = server
    }
  }

  /// What the service says happened to a notification, or to itself.
  public enum Event: Equatable, Sendable {
    /// The person chose the action with this key (`ActionInvoked`, `us`).
    case action(Shown, key: String)
    /// It closed: expired, dismissed, taken down by a call, or for no given reason (`NotificationClosed`, `uu`).
    case closed(Shown, reason: UInt32)
    /// The server with this unique name left the bus (it stopped, or another took the service's name): what it
    /// showed is gone with it, and its ids may be given again by the next one.
    case serverGone(String)
  }

  /// One notification to show.
  public struct Notification: Sendable {
    public var summary: String
    public var body: String
    /// Pairs of an action's key and the label its button shows.
    public var actions: [(key: String, label: String)]
    /// The notification this one takes the place of, when its server is still the one showing them.
    public var replaces: Shown?

    public init(summary: String, body: String, actions: [(key: String, label: String)] = [], replaces: Shown? = nil) {
      self.summary = summary
      self.body = body
      self.actions = actions
      self.replaces = replaces
    }
  }

  let connection: DBusConnection
  let servers = Locked(Servers())

  /// Connects to the session bus, follows who owns the service, asks it its capabilities (which starts it if the bus
  /// can) and listens for its signals. `onEvent` runs on the connection's own thread: hand work off from it;
  /// `isClosed` says when the bus has closed the connection.
  public init(environment: [String: String], onEvent: @escaping @Sendable (Event) -> Void) throws(DBusError) {
    let servers = self.servers
    let connection = try DBusConnection.open(
      try DBusAddress.session(environment: environment),
      onSignal: { message in
        if let gone = servers.withLock({ $0.heard(message) }) { onEvent(.serverGone(gone)) }
        // Only the current server's own signals: another program on the bus must not be able to press a button.
        guard message.interface == Self.service, message.path == Self.path,
          let sender = message.sender, servers.withLock({ $0.current?.name == sender }),
          let event = Self.event(message, from: sender)
        else { return }
        onEvent(event)
      })
    self.connection = connection
    do {
      try connection.addMatch(
        "type='signal',sender='\(DBusConnection.bus)',path='\(DBusConnection.busPath)',"
          + "interface='\(DBusConnection.bus)',member='NameOwnerChanged',arg0='\(Self.service)'")
      for member in ["ActionInvoked", "NotificationClosed"] {
        try connection.addMatch(
          "type='signal',sender='\(Self.service)',path='\(Self.path)',interface='\(Self.service)',member='\(member)'")
      }
      _ = try currentServer()
    } catch {
      connection.close()
      throw error
    }
  }

  /// The capabilities the current server named: `actions`, `body`, `body-markup`, … (none while none is known).
  public var capabilities: Set<String> { servers.withLock { $0.current?.capabilities } ?? [] }

  /// The unique name of the current server, when one is known.
  public var serverName: String? { servers.withLock { $0.current?.name } }

  /// Whether the current server offers buttons.
  public var offersActions: Bool { capabilities.contains("actions") }

  /// The bus's own id: a unique name is unique on this bus only.
  public var busID: String { connection.busID }

  /// Where the bus is, for sentences.
  public var busLabel: String { connection.label }

  /// Whether the bus has closed the connection (it restarted, or the session ended).
  public var isClosed: Bool { connection.isClosed }

  /// Shows a notification from `appName`; returns it as its server knows it. Actions are sent only when the server
  /// offers them, and `replaces` only to the server that gave it. `timeout` in milliseconds: -1 leaves it to the
  /// server.
  public func notify(_ notification: Notification, appName: String, timeout: Int32 = -1) throws(DBusError) -> Shown {
    let server = try currentServer()
    let actions = server.offersActions ? notification.actions.flatMap { [$0.key, $0.label] } : []
    // A server that reads markup in bodies would take a title's "<" or "&" for some.
    let body = server.capabilities.contains("body-markup") ? notification.body.markupEscaped : notification.body
    let replaces = notification.replaces.flatMap { $0.server == server.name ? $0.id : nil } ?? 0
    let hints = DBusValue.stringVariants([("urgency", .byte(1))])
    let reply = try call(
      server, "Notify",
      [
        .string(appName), .uint32(replaces), .string(""), .string(notification.summary), .string(body),
        .strings(actions), hints, .int32(timeout),
      ])
    guard let id = reply.body.first?.uint32 else {
      throw DBusError(.malformed, "the notification service answered Notify without an id")
    }
    return Shown(id: id, server: server.name)
  }

  /// Takes a notification down (a reminder whose task was dealt with elsewhere, or whose button was handled). One of
  /// a server that is gone went with it: nothing is sent, so another server's notification of that id stays.
  public func close(_ shown: Shown) throws(DBusError) {
    guard let server = servers.withLock({ $0.current }), server.name == shown.server else { return }
    try call(server, "CloseNotification", [.uint32(shown.id)])
  }

  /// Closes the connection to the bus.
  public func disconnect() {
    connection.close()
  }

  static func event(_ message: DBusMessage, from server: String) -> Event? {
    switch (message.member, message.body.count > 1 ? message.body[0].uint32 : nil) {
    case ("ActionInvoked", let id?):
      return message.body[1].text.map { .action(Shown(id: id, server: server), key: $0) }
    case ("NotificationClosed", let id?):
      return message.body[1].uint32.map { .closed(Shown(id: id, server: server), reason: $0) }
    default:
      return nil
    }
  }
}
