import StrideBase

#if canImport(Glibc)
  import Glibc
#endif

/// A failed socket operation, with the system's explanation.
public struct SocketError: Error, Equatable, Sendable, CustomStringConvertible {
  public var operation: String
  public var path: String
  public var errno: Int32

  public init(_ operation: String, path: String, errno: Int32 = Glibc.errno) {
    self.operation = operation
    self.path = path
    self.errno = errno
  }

  public var description: String {
    "\(operation) \(path) failed: \(String(cString: strerror(errno)))"
  }

  /// True when a read or write gave up after the socket's timeout.
  public var timedOut: Bool { errno == EAGAIN || errno == EWOULDBLOCK }

  /// True when nothing is listening at the path (no socket file, or a stale one).
  public var meansNobodyListening: Bool { errno == ENOENT || errno == ECONNREFUSED }
}

/// A connected or listening Unix stream socket. It owns its descriptor and closes it once.
public final class UnixSocket: @unchecked Sendable {
  // Sendable because `descriptor` never changes after init except in `close()`, which the owner calls once
  // after every other use has ended; `shutdown` may be called from another thread, which the kernel allows.
  public private(set) var descriptor: Int32
  public let path: String

  init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit { close() }

  /// Binds a new socket at `path` with mode 0600 and starts listening.
  public static func listen(path: String, backlog: Int32 = 512) throws(SocketError) -> UnixSocket {
    var address = try socketAddress(path)
    let socket = try UnixSocket(descriptor: makeSocket(path), path: path)
    // The socket file takes its mode from the umask at bind time: no moment exists where others may connect.
    let previous = umask(0o177)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    umask(previous)
    guard bound == 0 else { throw SocketError("binding", path: path) }
    guard chmod(path, 0o600) == 0 else { throw SocketError("setting the mode of", path: path) }
    guard Glibc.listen(socket.descriptor, backlog) == 0 else { throw SocketError("listening on", path: path) }
    return socket
  }

  /// Adopts an already listening descriptor (for example one passed by systemd).
  public static func adopt(descriptor: Int32, path: String) -> UnixSocket {
    UnixSocket(descriptor: descriptor, path: path)
  }

  /// Connects to the socket at `path`.
  public static func connect(path: String) throws(SocketError) -> UnixSocket {
    try connect(to: socketAddress(path), length: socklen_t(MemoryLayout<sockaddr_un>.size), path: path)
  }

  /// Connects to a socket in Linux's abstract namespace (no file: the name is the address, as D-Bus's
  /// `unix:abstract=` gives it). Its `path` reads `@name`, the way `ss` shows such sockets.
  public static func connect(abstract name: [UInt8]) throws(SocketError) -> UnixSocket {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let label = "@" + String(decoding: name, as: UTF8.self)
    // A leading NUL, then the name; the address is exactly that long (no terminating NUL is part of it).
    guard !name.isEmpty, name.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw SocketError("using", path: label, errno: ENAMETOOLONG)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw[0] = 0
      raw.baseAddress!.advanced(by: 1).copyMemory(from: name, byteCount: name.count)
    }
    let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + 1 + name.count
    return try connect(to: address, length: socklen_t(length), path: label)
  }

  private static func connect(to address: sockaddr_un, length: socklen_t, path: String) throws(SocketError)
    -> UnixSocket
  {
    var address = address
    let socket = try UnixSocket(descriptor: makeSocket(path), path: path)
    while true {
      let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket.descriptor, $0, length) }
      }
      if result == 0 { return socket }
      if errno != EINTR { throw SocketError("connecting to", path: path) }
    }
  }

  /// Waits for the next connection; nil once the socket has been shut down or closed.
  public func accept() throws(SocketError) -> UnixSocket? {
    while true {
      let client = Glibc.accept(descriptor, nil, nil)
      if client >= 0 {
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        return UnixSocket(descriptor: client, path: path)
      }
      switch errno {
      case EINTR, ECONNABORTED: continue
      case EINVAL, EBADF: return nil
      case EMFILE, ENFILE, ENOBUFS, ENOMEM:
        // Out of descriptors or memory: say so, and let the caller pause rather than spin.
        throw SocketError("accepting on", path: path)
      default: throw SocketError("accepting on", path: path)
      }
    }
  }

  /// Reads what is available into `buffer`; 0 means the peer closed (or the timeout passed: see `timedOut`).
  public func read(into buffer: inout [UInt8]) throws(SocketError) -> Int {
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count >= 0 { return count }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK { throw SocketError("reading from (timed out)", path: path) }
      throw SocketError("reading from", path: path)
    }
  }

  /// Writes every byte, or throws (a send timeout counts as a failure: the peer is not reading).
  public func write(_ bytes: some Collection<UInt8>) throws(SocketError) {
    let failure =
      bytes.withContiguousStorageIfAvailable { send(UnsafeRawBufferPointer($0)) }
      ?? Array(bytes).withUnsafeBytes { send($0) }
    if let failure { throw failure }
  }

  private func send(_ buffer: UnsafeRawBufferPointer) -> SocketError? {
    var offset = 0
    while offset < buffer.count {
      let sent = Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
      if sent > 0 {
        offset += sent
      } else if sent < 0 && errno == EINTR {
        continue
      } else {
        return SocketError("writing to", path: path)
      }
    }
    return nil
  }

  /// The user id of the process at the other end (Linux `SO_PEERCRED`).
  public func peerUID() -> uid_t? { peerCredentials()?.uid }

  /// The process id at the other end, as it was when it connected.
  public func peerPID() -> pid_t? { peerCredentials()?.pid }

  private func peerCredentials() -> (pid: Int32, uid: UInt32, gid: UInt32)? {
    // struct ucred is { pid_t pid; uid_t uid; gid_t gid; }; Swift's Glibc module does not export it.
    var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
    var length = socklen_t(MemoryLayout.size(ofValue: credentials))
    guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
    return credentials
  }

  /// Bounds how long a read or a write may block, in seconds (0: forever).
  public func setTimeouts(receive: Double, send: Double) {
    for (option, seconds) in [(SO_RCVTIMEO, receive), (SO_SNDTIMEO, send)] {
      var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
      setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }
  }

  /// Wakes any thread blocked on this socket: reads return 0 and a blocked `accept` returns nil.
  public func shutdown() {
    Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
  }

  /// Closes the descriptor. Call once no other thread uses the socket.
  public func close() {
    if descriptor >= 0 {
      Glibc.close(descriptor)
      descriptor = -1
    }
  }

  private static func makeSocket(_ path: String) throws(SocketError) -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw SocketError("creating a socket for", path: path) }
    return descriptor
  }

  private static func socketAddress(_ path: String) throws(SocketError) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard !bytes.isEmpty, bytes.count < capacity else { throw SocketError("using", path: path, errno: ENAMETOOLONG) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return address
  }
}
