import Foundation
import StrideBase

/// The desktop's notification service, `org.freedesktop.Notifications` on the session bus (the Desktop
/// Notifications Specification 1.2): ask what it can do, show a notification, take one down, and hear which action
/// the person chose and when a notification closed.
public final class DesktopNotifications: Sendable {
  public static let service = "org.freedesktop.Notifications"
  static let path = "/org/freedesktop/Notifications"

  /// What the service says happened to a notification.
  public enum Event: Equatable, Sendable {
    /// The person chose the action with this key (`ActionInvoked`, `us`).
    case action(id: UInt32, key: String)
    /// It closed: expired, dismissed, taken down by a call, or for no given reason (`NotificationClosed`, `uu`).
    case closed(id: UInt32, reason: UInt32)
  }

  /// One notification to show.
  public struct Notification: Sendable {
    public var summary: String
    public var body: String
    /// Pairs of an action's key and the label its button shows.
    public var actions: [(key: String, label: String)]
    /// The notification this one takes the place of (0: a new one).
    public var replaces: UInt32

    public init(summary: String, body: String, actions: [(key: String, label: String)] = [], replaces: UInt32 = 0) {
      self.summary = summary
      self.body = body
      self.actions = actions
      self.replaces = replaces
    }
  }

  private let connection: DBusConnection
  /// The capabilities the service named when it was connected: `actions`, `body`, `body-markup`, …
  public let capabilities: Set<String>

  /// Connects to the session bus, asks the service its capabilities (which starts it if the bus can) and listens
  /// for its signals. `onEvent` runs on the connection's own thread: hand work off from it; `isClosed` says when the
  /// bus has closed the connection.
  public init(environment: [String: String], onEvent: @escaping @Sendable (Event) -> Void) throws(DBusError) {
    let owner = Locked<String?>(nil)
    let connection = try DBusConnection.open(
      try DBusAddress.session(environment: environment),
      onSignal: { message in
        // Only the service's own signals: another program on the bus must not be able to press a button.
        guard message.interface == Self.service, message.path == Self.path, owner.owns(message.sender),
          let event = Self.event(message)
        else { return }
        onEvent(event)
      })
    do {
      let reply = try connection.call(.call(Self.service, Self.path, Self.service, "GetCapabilities"))
      owner.learn(reply.sender)
      for member in ["ActionInvoked", "NotificationClosed"] {
        try connection.addMatch(
          "type='signal',sender='\(Self.service)',path='\(Self.path)',interface='\(Self.service)',member='\(member)'")
      }
      capabilities = Set(reply.body.first?.texts ?? [])
    } catch {
      connection.close()
      throw error
    }
    self.connection = connection
    self.owner = owner
  }

  private let owner: Locked<String?>

  /// Whether the service offers buttons.
  public var offersActions: Bool { capabilities.contains("actions") }

  /// Where the bus is, for sentences.
  public var busLabel: String { connection.label }

  /// Whether the bus has closed the connection (it restarted, or the session ended).
  public var isClosed: Bool { connection.isClosed }

  /// Shows a notification from `appName`; returns the id the service gave it. Actions are sent only when the
  /// service offers them. `timeout` in milliseconds: -1 leaves it to the service.
  public func notify(_ notification: Notification, appName: String, timeout: Int32 = -1) throws(DBusError) -> UInt32 {
    let actions = offersActions ? notification.actions.flatMap { [$0.key, $0.label] } : []
    // A service that reads markup in bodies would take a title's "<" or "&" for some.
    let body = capabilities.contains("body-markup") ? notification.body.markupEscaped : notification.body
    let hints = DBusValue.stringVariants([("urgency", .byte(1))])
    let reply = try connection.call(
      .call(
        Self.service, Self.path, Self.service, "Notify",
        [
          .string(appName), .uint32(notification.replaces), .string(""), .string(notification.summary),
          .string(body), .strings(actions), hints, .int32(timeout),
        ]))
    owner.learn(reply.sender)
    guard let id = reply.body.first?.uint32 else {
      throw DBusError(.malformed, "the notification service answered Notify without an id")
    }
    return id
  }

  /// Takes a notification down (a reminder whose task was dealt with elsewhere).
  public func close(id: UInt32) throws(DBusError) {
    try connection.call(.call(Self.service, Self.path, Self.service, "CloseNotification", [.uint32(id)]))
  }

  /// Closes the connection to the bus.
  public func disconnect() {
    connection.close()
  }

  static func event(_ message: DBusMessage) -> Event? {
    switch (message.member, message.body.count > 1 ? message.body[0].uint32 : nil) {
    case ("ActionInvoked", let id?):
      return message.body[1].text.map { .action(id: id, key: $0) }
    case ("NotificationClosed", let id?):
      return message.body[1].uint32.map { .closed(id: id, reason: $0) }
    default:
      return nil
    }
  }
}

/// The unique name of the connection that owns the notification service, learned from its replies.
extension Locked where Value == String? {
  fileprivate func learn(_ sender: String?) {
    guard let sender else { return }
    withLock { $0 = sender }
  }

  /// Whether `sender` is the owner; true while no reply has named one (the bus's rule already filters by name).
  fileprivate func owns(_ sender: String?) -> Bool { withLock { $0 == nil || $0 == sender } }
}
