import Foundation
import StrideTransport

#if canImport(Glibc)
  import Glibc
#endif

/// A connection to a message bus: the socket, the handshake (`AUTH EXTERNAL` with our user id, then `BEGIN`),
/// `Hello`, and then calls answered by serial and signals handed to `onSignal`.
///
/// One thread of its own reads the socket. `onSignal` runs on it, so it must hand work off rather than call back
/// into this connection (a call made there would wait for a reply only that thread can read).
public final class DBusConnection: @unchecked Sendable {
  // Sendable because `pending`, `nextSerial` and `closed` are only touched with `state` locked, and writes to the
  // socket with `writing` locked; `socket` itself is set once.
  private let socket: UnixSocket
  private let state = NSCondition()
  private let writing = NSLock()
  private var nextSerial: UInt32 = 1
  /// Calls waiting for their reply, by serial; the reply once it has come.
  private var pending: [UInt32: DBusMessage?] = [:]
  private var closed = false
  private let onSignal: @Sendable (DBusMessage) -> Void
  /// The name the bus gave this connection in reply to `Hello`.
  public private(set) var uniqueName = ""
  /// Where it is connected, for sentences.
  public let label: String
  /// The bus's own id (its guid, from the handshake): another bus, even at the same address, has another.
  public let busID: String

  /// How long a call waits for its reply.
  public static let replyTimeout = 10.0

  /// Connects to the first of `addresses` that answers, authenticates and says `Hello`.
  public static func open(
    _ addresses: [DBusAddress], onSignal: @escaping @Sendable (DBusMessage) -> Void = { _ in }
  ) throws(DBusError) -> DBusConnection {
    var failure = DBusError(.noBus, "no session bus address was given")
    for address in addresses {
      do throws(DBusError) {
        let socket = try connect(address)
        let busID = try authenticate(socket, address: address)
        let connection = DBusConnection(socket: socket, label: address.label, busID: busID, onSignal: onSignal)
        do throws(DBusError) {
          try connection.hello()
        } catch {
          connection.close()
          throw error
        }
        return connection
      } catch {
        failure = error
      }
    }
    throw failure
  }

  private init(
    socket: UnixSocket, label: String, busID: String, onSignal: @escaping @Sendable (DBusMessage) -> Void
  ) {
    self.socket = socket
    self.label = label
    self.busID = busID
    self.onSignal = onSignal
    Thread.detachNewThread { [self] in readMessages() }
  }

  private static func connect(_ address: DBusAddress) throws(DBusError) -> UnixSocket {
    do {
      switch address.socket {
      case .path(let path): return try UnixSocket.connect(path: path)
      case .abstract(let name): return try UnixSocket.connect(abstract: name)
      }
    } catch {
      throw DBusError(
        .unreachable, "nothing answers at \(address.label): \(String(cString: strerror(error.errno)).lowercased())")
    }
  }

  /// The SASL handshake: a NUL byte, `AUTH EXTERNAL` with our user id as hex digits of its decimal form, `OK`
  /// with the server's guid, `BEGIN`. Nothing after `BEGIN` is read here, so the reading thread starts clean. Returns
  /// the guid.
  private static func authenticate(_ socket: UnixSocket, address: DBusAddress) throws(DBusError) -> String {
    socket.setTimeouts(receive: replyTimeout, send: replyTimeout)
    let uid = String(getuid()).utf8.map { String($0, radix: 16) }.joined()
    do {
      try socket.write(Data([0]) + Data("AUTH EXTERNAL \(uid)\r\n".utf8))
      let answer = try line(from: socket)
      guard answer.hasPrefix("OK ") else {
        throw DBusError(
          .refused, "the session bus at \(address.label) did not let strided in (it said '\(answer)' to AUTH EXTERNAL)")
      }
      let guid = answer.dropFirst(3).trimmingCharacters(in: .whitespaces)
      if let expected = address.guid, expected != guid {
        throw DBusError(.refused, "the bus at \(address.label) is not the one its address names (another guid)")
      }
      try socket.write(Data("BEGIN\r\n".utf8))
      socket.setTimeouts(receive: 0, send: replyTimeout)
      return guid
    } catch let error as DBusError {
      throw error
    } catch {
      throw DBusError(.unreachable, "the session bus at \(address.label) stopped answering during the handshake")
    }
  }

  /// One line of the handshake, read a byte at a time so nothing after it is taken from the socket.
  private static func line(from socket: UnixSocket) throws -> String {
    var line: [UInt8] = []
    var byte = [UInt8](repeating: 0, count: 1)
    while line.count < 512 {
      guard try socket.read(into: &byte) == 1 else { break }
      if byte[0] == UInt8(ascii: "\n") {
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
      }
      line.append(byte[0])
    }
    throw DBusError(.refused, "the session bus closed the connection during the handshake")
  }

  private func hello() throws(DBusError) {
    let reply = try call(.call(Self.bus, Self.busPath, Self.bus, "Hello"))
    guard let name = reply.body.first?.text else { throw DBusError(.malformed, "the bus's Hello reply has no name") }
    uniqueName = name
  }

  static let bus = "org.freedesktop.DBus"
  static let busPath = "/org/freedesktop/DBus"

  /// Sends a method call and waits for its return; a D-Bus error reply is thrown as `remote`, with its message.
  @discardableResult
  public func call(_ message: DBusMessage, timeout: Double = replyTimeout) throws(DBusError) -> DBusMessage {
    let serial = try send(message, expectingReply: true)
    let deadline = Date().addingTimeInterval(timeout)
    state.lock()
    defer { state.unlock() }
    while !closed, pending[serial] == .some(nil), Date() < deadline { _ = state.wait(until: deadline) }
    let reply = pending.removeValue(forKey: serial) ?? nil
    guard let reply else {
      if closed { throw DBusError(.unreachable, "the session bus at \(label) closed the connection") }
      throw DBusError(
        .timedOut, "\(message.destination ?? "the bus") did not answer \(message.member ?? "a call") in time")
    }
    if reply.kind == .error {
      let name = reply.errorName ?? "org.freedesktop.DBus.Error.Failed"
      throw DBusError(.remote(name), reply.errorText ?? name)
    }
    return reply
  }

  /// Adds a match rule, so the bus sends this connection the signals it describes.
  public func addMatch(_ rule: String) throws(DBusError) {
    try call(.call(Self.bus, Self.busPath, Self.bus, "AddMatch", [.string(rule)]))
  }

  /// Numbers the message and writes it; returns its serial.
  @discardableResult
  public func send(_ message: DBusMessage, expectingReply: Bool = false) throws(DBusError) -> UInt32 {
    state.lock()
    let serial = nextSerial
    nextSerial = nextSerial == UInt32.max ? 1 : nextSerial + 1
    if expectingReply { pending[serial] = .some(nil) }
    let isClosed = closed
    state.unlock()
    guard !isClosed else { throw DBusError(.unreachable, "the connection to the session bus at \(label) is closed") }
    writing.lock()
    defer { writing.unlock() }
    do {
      try socket.write(Data(message.encoded(serial: serial)))
    } catch {
      throw DBusError(.unreachable, "the session bus at \(label) stopped taking messages")
    }
    return serial
  }

  /// Reads messages until the socket closes: replies go to the calls waiting for them, signals to `onSignal`.
  private func readMessages() {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    reading: while true {
      do {
        while let (message, length) = try DBusMessage.decode(buffer) {
          buffer.removeFirst(length)
          deliver(message)
        }
        let count = try socket.read(into: &chunk)
        if count == 0 { break reading }
        buffer += chunk[..<count]
      } catch {
        break reading
      }
    }
    state.lock()
    closed = true
    state.broadcast()
    state.unlock()
  }

  private func deliver(_ message: DBusMessage) {
    switch message.kind {
    case .methodReturn, .error:
      guard let serial = message.replySerial else { return }
      state.lock()
      if pending[serial] != nil {
        pending[serial] = .some(message)
        state.broadcast()
      }
      state.unlock()
    case .signal:
      onSignal(message)
    case .methodCall:
      // Nobody calls Stride's methods; the specification asks for an error reply rather than silence.
      guard message.flags & DBusMessage.noReplyExpected == 0, let sender = message.sender else { return }
      var reply = DBusMessage(kind: .error, body: [.string("strided offers no methods on the bus")])
      reply.errorName = "org.freedesktop.DBus.Error.UnknownMethod"
      reply.replySerial = message.serial
      reply.destination = sender
      _ = try? send(reply)
    }
  }

  /// Whether the bus has closed the connection.
  public var isClosed: Bool {
    state.lock()
    defer { state.unlock() }
    return closed
  }

  /// Closes the connection; calls waiting for a reply fail, and the reading thread ends.
  public func close() {
    socket.shutdown()
  }

  deinit { socket.shutdown() }
}
