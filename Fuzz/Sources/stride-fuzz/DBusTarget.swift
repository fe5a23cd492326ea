@testable import StrideDBus

/// What the session bus sends (and whoever is on the other end of it): any bytes, read as D-Bus messages one after
/// another as the connection reads them. Each read waits for more, refuses (bytes that are no message), or gives a
/// message no longer than the bytes; a message written again reads back the same, and every shorter prefix of it
/// waits for more rather than reading as something else. The first line, as a bus address
/// (`DBUS_SESSION_BUS_ADDRESS`), is read or refused.
enum DBusTarget {
  static func run(_ bytes: [UInt8]) {
    if let line = bytes.split(separator: 0x0A).first {
      _ = try? DBusAddress.parse(String(decoding: line, as: UTF8.self))
    }
    var rest = bytes[...]
    for _ in 0..<32 {
      let read: (message: DBusMessage, length: Int)?
      do { read = try DBusMessage.decode(Array(rest)) } catch { return }
      guard let (message, length) = read else { return }
      require(length > 0 && length <= rest.count, "a message of \(length) bytes read from \(rest.count)")
      let whole = Array(rest.prefix(length))
      require(waits(Array(whole.dropLast())), "a message's bytes but its last read as a message, or refused")
      let again = try? DBusMessage.decode(message.encoded(serial: message.serial))
      require(again?.message == message, "a message written again reads back otherwise: \(message)")
      rest = rest.dropFirst(length)
    }
  }

  /// Whether the bytes are taken for the start of a message still arriving.
  private static func waits(_ bytes: [UInt8]) -> Bool {
    do { return try DBusMessage.decode(bytes) == nil } catch { return false }
  }
}
