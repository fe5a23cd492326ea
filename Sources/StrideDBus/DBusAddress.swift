import Foundation

/// Where a bus listens, read from an address such as `DBUS_SESSION_BUS_ADDRESS` (the D-Bus Specification, "Server
/// Addresses"): `unix:path=/run/user/1000/bus`, `unix:abstract=/tmp/dbus-XXXX,guid=…`, several separated by `;`.
public struct DBusAddress: Equatable, Sendable {
  /// The socket to connect to.
  public enum Socket: Equatable, Sendable {
    /// A socket file.
    case path(String)
    /// A name in Linux's abstract namespace.
    case abstract([UInt8])
  }

  public var socket: Socket
  /// The server's id, when the address gives one: the bus must answer the handshake with the same.
  public var guid: String?

  public init(socket: Socket, guid: String? = nil) {
    self.socket = socket
    self.guid = guid
  }

  /// The session bus's addresses: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus` when that socket exists
  /// (where systemd's user manager and dbus-broker put it). Throws `noBus` when there is neither, and
  /// `unsupportedAddress` when the variable names only transports this client does not speak.
  public static func session(environment: [String: String]) throws(DBusError) -> [DBusAddress] {
    if let text = environment["DBUS_SESSION_BUS_ADDRESS"], !text.isEmpty {
      return try parse(text)
    }
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      var info = stat()
      let path = runtime + "/bus"
      if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK { return [DBusAddress(socket: .path(path))] }
    }
    throw DBusError(.noBus, "DBUS_SESSION_BUS_ADDRESS is not set and there is no bus socket in $XDG_RUNTIME_DIR")
  }

  /// The addresses in `text` this client can use, in order; the others (tcp:, launchd:) are left out.
  public static func parse(_ text: String) throws(DBusError) -> [DBusAddress] {
    var usable: [DBusAddress] = []
    var transports: [String] = []
    for entry in text.split(separator: ";") where !entry.isEmpty {
      guard let colon = entry.firstIndex(of: ":") else {
        throw DBusError(.unsupportedAddress, "the bus address '\(entry)' has no transport (such as unix:)")
      }
      let transport = String(entry[..<colon])
      transports.append(transport)
      let keys = try pairs(entry[entry.index(after: colon)...])
      guard transport == "unix" else { continue }
      if let path = keys["path"] {
        usable.append(DBusAddress(socket: .path(String(decoding: path, as: UTF8.self)), guid: guid(keys)))
      } else if let name = keys["abstract"] {
        usable.append(DBusAddress(socket: .abstract(name), guid: guid(keys)))
      }
    }
    guard !usable.isEmpty else {
      let named = transports.isEmpty ? "no transport" : transports.joined(separator: ", ")
      throw DBusError(
        .unsupportedAddress,
        "the session bus address names \(named); strided speaks only unix:path= and unix:abstract=")
    }
    return usable
  }

  private static func guid(_ keys: [String: [UInt8]]) -> String? {
    keys["guid"].map { String(decoding: $0, as: UTF8.self) }
  }

  /// `key=value,key=value`, each value with its `%XX` escapes undone.
  private static func pairs(_ text: Substring) throws(DBusError) -> [String: [UInt8]] {
    var keys: [String: [UInt8]] = [:]
    for pair in text.split(separator: ",") where !pair.isEmpty {
      guard let equals = pair.firstIndex(of: "="), let value = unescaped(pair[pair.index(after: equals)...]) else {
        throw DBusError(.unsupportedAddress, "the bus address part '\(pair)' is not key=value")
      }
      keys[String(pair[..<equals])] = value
    }
    return keys
  }

  /// The bytes a value stands for: `%2f` is `/`; nil for a `%` without two hex digits.
  static func unescaped(_ text: Substring) -> [UInt8]? {
    var bytes: [UInt8] = []
    var utf8 = text.utf8[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard utf8.count >= 2, let number = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else {
        return nil
      }
      bytes.append(number)
      utf8 = utf8.dropFirst(2)
    }
    return bytes
  }

  /// How the address reads in a sentence: the socket's path, or `@name` for an abstract one.
  public var label: String {
    switch socket {
    case .path(let path): path
    case .abstract(let name): "@" + String(decoding: name, as: UTF8.self)
    }
  }
}
