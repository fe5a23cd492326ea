import Foundation
import StrideBase
import StrideModel
import StridePlatform
import StrideProtocol
import StrideTransport
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// Accepts connections on the daemon's socket and serves each on a thread of its own (`ConnectionThreads`: one
/// that served an earlier connection, when one waits).
///
/// Blocking calls (`accept`, `read`, `write`) stay on these dedicated threads, off Swift's cooperative pool. A slow
/// or silent client only ever holds its own thread; a bad request only ever gets its own error.
public final class Server: Sendable {
  /// The limits announced in the greeting and enforced per connection.
  public struct Limits: Sendable {
    public var maxLineBytes = 1 << 20
    public var maxConnections = 512
    /// How long a reply may wait for a client that does not read, in seconds, before the connection is dropped.
    public var sendTimeout = 10.0
    /// How long a connection may stay silent (no complete request), in seconds, before it is closed, so that silent
    /// clients cannot hold every connection slot.
    public var idleTimeout = 300.0
    public init() {}
  }

  private struct Connections: ~Copyable {
    var nextID = 0
    var open: [Int: (socket: UnixSocket, busy: Bool)] = [:]
    var stopping = false
  }

  private enum Admission {
    case admitted(Int)
    case full
    case stopping
  }

  private let listener: UnixSocket
  private let dispatcher: Dispatcher
  private let limits: Limits
  private let hello: Data
  private let log: Log
  private let connections = Locked(Connections())
  private let running = DispatchGroup()
  /// Each connection's thread, kept a while after its connection ends for the next one.
  private let threads: ConnectionThreads<(UnixSocket, Int)>
  /// Wakes the accept loop to stop. The listening socket itself is left alone: systemd may have passed it, and
  /// shutting it down would stop it listening for systemd too.
  private let stopAccepting: WakePipe

  public init(
    listener: UnixSocket, dispatcher: Dispatcher, limits: Limits = Limits(), serverName: String, log: Log
  ) throws(StrideError) {
    stopAccepting = try WakePipe()
    threads = ConnectionThreads(group: running)
    self.listener = listener
    self.dispatcher = dispatcher
    self.limits = limits
    self.log = log
    hello = Self.greeting(serverName: serverName, limits: limits)
  }

  /// The `server.hello` line written first on every connection.
  public static func greeting(serverName: String, limits: Limits) -> Data {
    let hello = ServerHello(
      server: serverName,
      limits: .init(maxLineBytes: limits.maxLineBytes, maxConnections: limits.maxConnections))
    // Encoding a struct of strings and integers cannot fail.
    return (try? WireEncoder().notification(method: ServerHello.method, params: hello)) ?? Data()
  }

  /// Starts accepting on a thread of its own and returns at once.
  public func start() {
    running.enter()
    Thread.detachNewThread { [self] in
      defer { running.leave() }
      acceptLoop()
    }
  }

  /// Stops accepting, lets requests already being handled finish and reply, and waits (up to `grace` seconds)
  /// for every connection to end. Returns false if some connection did not end in time. Then the listening socket
  /// is shut down, so clients still queued on it are refused, unless `keepListening` (systemd passed it, and keeps
  /// it for the next start).
  @discardableResult
  public func stop(grace: Double = 10, keepListening: Bool = false) -> Bool {
    connections.withLock { state in
      state.stopping = true
      // An idle connection is blocked in read: shutting its read side down wakes it, and it ends. This happens
      // under the lock, because a connection closes its socket only once it is out of `open`, and a descriptor
      // shut down after that could already be another file's.
      for (socket, busy) in state.open.values where !busy { Glibc.shutdown(socket.descriptor, Int32(SHUT_RD)) }
    }
    stopAccepting.signal()
    threads.stop()
    let finished = running.wait(timeout: .now() + grace) == .success
    if !keepListening { listener.shutdown() }
    return finished
  }

  private func acceptLoop() {
    while stopAccepting.waitReadable(listener.descriptor) {
      let client: UnixSocket
      do {
        guard let accepted = try listener.accept() else { return }
        client = accepted
      } catch {
        log.info("\(error); pausing before accepting again")
        usleep(100_000)
        continue
      }
      guard client.peerUID() == getuid() else {
        log.info("refused a connection from user \(client.peerUID().map(String.init) ?? "unknown")")
        client.close()
        continue
      }
      client.setTimeouts(receive: limits.idleTimeout, send: limits.sendTimeout)
      let admission = connections.withLock { state -> Admission in
        guard !state.stopping else { return .stopping }
        guard state.open.count < limits.maxConnections else { return .full }
        state.nextID += 1
        state.open[state.nextID] = (client, false)
        return .admitted(state.nextID)
      }
      switch admission {
      case .stopping:
        try? client.write(WireEncoder().response(id: nil, error: StrideError(.shuttingDown, "strided is stopping")))
        client.close()
        return
      case .full:
        let error = StrideError(
          .overloaded, "strided is serving \(limits.maxConnections) connections already; try again in a moment")
        try? client.write(WireEncoder().response(id: nil, error: error))
        client.close()
      case .admitted(let id):
        threads.run((client, id)) { [self] client, id in serve(client, id: id) }
      }
    }
  }

  /// Greets the client, then answers its requests in order until it hangs up or the daemon stops. Once it has
  /// subscribed to events, its thread also writes them as they come.
  private func serve(_ client: UnixSocket, id: Int) {
    defer {
      connections.withLock { _ = $0.open.removeValue(forKey: id) }
      client.close()
    }
    let encoder = WireEncoder()
    let peer = client.peerPID()
    let session = ConnectionSession(origin: peer.flatMap(TerminalSession.of))
    session.writeAhead = { data in try client.write(data) }
    var framer = LineFramer(maxLineBytes: limits.maxLineBytes)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    do {
      try client.write(hello)
      while session.subscription == nil {
        let count = try client.read(into: &buffer)
        guard count > 0, try answer(buffer[0..<count], from: client, id: id, framer: &framer, session: session) else {
          return
        }
      }
      if let subscription = session.subscription {
        defer { dispatcher.hub.unsubscribe(subscription) }
        try stream(subscription, to: client, id: id, framer: &framer, buffer: &buffer, session: session)
      }
    } catch  where error.timedOut && error.operation.hasPrefix("reading") && !stopping {
      // Silent for too long: say so (the client may be gone) and close; only this connection ends.
      try? client.write(
        encoder.response(
          id: nil,
          error: StrideError(
            .invalidRequest,
            "the connection was idle for \(Int(limits.idleTimeout)) seconds and is closed; connect again to continue")))
    } catch {
      // The client hung up or stopped reading: only this connection ends.
    }
  }

  /// Answers the requests in bytes just read. Requests that arrived together are answered together: their changes
  /// share one commit. Returns false when the connection must end.
  private func answer(
    _ bytes: ArraySlice<UInt8>, from client: UnixSocket, id: Int, framer: inout LineFramer, session: ConnectionSession
  ) throws(SocketError) -> Bool {
    let encoder = WireEncoder()
    var lines: [[UInt8]] = []
    var tooLong = false
    for frame in framer.append(bytes) {
      switch frame {
      case .line(let line): lines.append(line)
      case .tooLong: tooLong = true
      }
    }
    for start in stride(from: 0, to: lines.count, by: 64) {
      guard setBusy(id, true) else {
        try client.write(encoder.response(id: nil, error: StrideError(.shuttingDown, "strided is stopping")))
        return false
      }
      let group = Array(lines[start..<min(start + 64, lines.count)])
      let replies = dispatcher.respond(to: group, encoder: encoder, session: session)
      // A client that went away during a reply in parts gets nothing more.
      guard !session.hungUp else { return false }
      try client.write(replies.reduce(into: Data()) { $0.append($1) })
      guard setBusy(id, false) else { return false }
    }
    if tooLong {
      let error = StrideError(
        .payloadTooLarge, "a request line is longer than \(limits.maxLineBytes) bytes; the connection is closed")
      try client.write(encoder.response(id: nil, error: error))
      return false
    }
    return true
  }

  /// Writes a subscriber's events as they come, and still answers its requests, until it hangs up, falls too far
  /// behind, or the daemon stops. A subscription has no idle timeout: hearing nothing is normal.
  private func stream(
    _ subscription: Subscription, to client: UnixSocket, id: Int, framer: inout LineFramer, buffer: inout [UInt8],
    session: ConnectionSession
  ) throws(SocketError) {
    let encoder = WireEncoder()
    while true {
      let (events, overflowed) = subscription.take()
      if !events.isEmpty { try client.write(events.reduce(into: Data()) { $0.append($1) }) }
      if overflowed {
        let error = StrideError(
          .overloaded,
          "this subscriber fell \(dispatcher.hub.queueLimit) events behind and its subscription is closed; "
            + "subscribe again on a new connection")
        try client.write(encoder.response(id: nil, error: error))
        return
      }
      guard subscription.waiting.waitReadable(client.descriptor) else { continue }
      let count = try client.read(into: &buffer)
      guard count > 0 else {
        if stopping {
          try client.write(encoder.response(id: nil, error: StrideError(.shuttingDown, "strided is stopping")))
        }
        return
      }
      guard try answer(buffer[0..<count], from: client, id: id, framer: &framer, session: session) else { return }
    }
  }

  private var stopping: Bool { connections.withLock { $0.stopping } }

  /// Marks a connection as handling a request (or not); false once the daemon is stopping.
  private func setBusy(_ id: Int, _ busy: Bool) -> Bool {
    connections.withLock { state in
      state.open[id]?.busy = busy
      return !state.stopping
    }
  }
}
