import Foundation
import StrideBase

extension DesktopNotifications {
  /// One notification server: the connection that owns the service's name, and what it said it can do.
  struct Server: Sendable {
    var name: String
    var capabilities: Set<String>
    var offersActions: Bool { capabilities.contains("actions") }
  }

  /// Who shows the notifications, as far as this connection has heard: the current server, and the unique names of
  /// those that left (the bus never gives a unique name twice, so a late reply from one of them is not taken for the
  /// current server's).
  struct Servers: Sendable {
    var current: Server?
    var departed: Set<String> = []

    /// Takes in a `NameOwnerChanged` of the service from the bus; returns the server that left, if one did.
    mutating func heard(_ message: DBusMessage) -> String? {
      guard message.kind == .signal, message.sender == DBusConnection.bus, message.member == "NameOwnerChanged",
        message.body.count == 3, message.body[0].text == DesktopNotifications.service,
        let old = message.body[1].text, let new = message.body[2].text
      else { return nil }
      if !old.isEmpty { departed.insert(old) }
      // The next server's capabilities are asked before it is first used: they may differ from the last one's.
      if current?.name != new { current = nil }
      return old.isEmpty ? nil : old
    }

    /// Learns the server that answered GetCapabilities, unless it has left since.
    mutating func learn(_ server: Server) -> Server? {
      guard !departed.contains(server.name) else { return nil }
      current = server
      return server
    }
  }

  /// The current server; when none is known (at the start, or after one left), asks the service's name for its
  /// capabilities, which starts a server if the bus can, and learns who answered.
  func currentServer() throws(DBusError) -> Server {
    if let current = servers.withLock({ $0.current }) { return current }
    let reply = try connection.call(.call(Self.service, Self.path, Self.service, "GetCapabilities"))
    guard let name = reply.sender else {
      throw DBusError(.malformed, "the notification service's reply to GetCapabilities does not say who sent it")
    }
    let server = Server(name: name, capabilities: Set(reply.body.first?.texts ?? []))
    guard let learned = servers.withLock({ $0.learn(server) }) else {
      throw DBusError(.unreachable, "the notification service stopped as it answered")
    }
    return learned
  }

  /// Calls `member` of the server itself, by its unique name: should it have left, the call fails rather than reach
  /// the next server with an id that is not that one's.
  @discardableResult
  func call(_ server: Server, _ member: String, _ body: [DBusValue] = []) throws(DBusError) -> DBusMessage {
    try connection.call(.call(server.name, Self.path, Self.service, member, body))
  }
}
