import StrideBase

#if canImport(Glibc)
  import Glibc
#endif

/// A pipe one thread polls beside a socket and another writes to, to wake it without touching the socket.
public final class WakePipe: Sendable {
  /// Readable once `signal` has been called and until `drain`.
  public let readDescriptor: Int32
  private let writeDescriptor: Int32

  public init() throws(StrideError) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else {
      throw StrideError(.overloaded, "strided has run out of file descriptors; try again in a moment")
    }
    // Swift's Glibc module has no pipe2.
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
  }

  deinit {
    close(readDescriptor)
    close(writeDescriptor)
  }

  /// Makes the read end readable. Never blocks: a full pipe is readable already.
  public func signal() {
    var byte: UInt8 = 1
    _ = write(writeDescriptor, &byte, 1)
  }

  /// Empties the pipe, so it is readable again only after the next `signal`.
  public func drain() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(readDescriptor, &buffer, buffer.count) > 0 {}
  }

  /// Waits until `descriptor` is readable (true) or the pipe is signalled (false).
  package func waitReadable(_ descriptor: Int32) -> Bool {
    var watched = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&watched, 2, -1) < 0 {
      guard errno == EINTR else { return false }
    }
    return watched[0].revents != 0
  }
}
