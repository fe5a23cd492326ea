import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideTransport

#if canImport(Glibc)
  import Glibc
#endif

/// What systemd hands a service it starts, read without libsystemd: the sd_listen_fds(3) and sd_notify(3)
/// conventions are a few environment variables, a descriptor number and a datagram.
public enum Systemd {
  /// The first descriptor systemd passes (SD_LISTEN_FDS_START).
  static let firstPassedDescriptor: Int32 = 3

  /// The listening socket systemd passed to this process, if it passed one: `LISTEN_PID` names this process and
  /// `LISTEN_FDS` is at least 1. The variables are then removed, so programs this process starts do not take
  /// the socket for theirs. A passed descriptor that is not a listening Unix stream socket is refused.
  public static func passedListener(environment: [String: String]) throws(StrideError) -> UnixSocket? {
    guard let pid = environment["LISTEN_PID"].flatMap(Int32.init), pid == getpid(),
      let count = environment["LISTEN_FDS"].flatMap(Int32.init), count >= 1
    else { return nil }
    for variable in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(variable) }
    let descriptor = firstPassedDescriptor
    guard option(descriptor, SO_TYPE) == Int32(SOCK_STREAM.rawValue), option(descriptor, SO_ACCEPTCONN) == 1,
      let path = boundPath(descriptor)
    else {
      throw StrideError(
        .storageFailed,
        "systemd passed a descriptor that is not a listening Unix stream socket; check ListenStream= in "
          + "strided.socket")
    }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    if count > 1 {
      // Only the first is used; the rest would otherwise stay open for nothing.
      for extra in (descriptor + 1)..<(descriptor + count) { close(extra) }
    }
    return UnixSocket.adopt(descriptor: descriptor, path: path)
  }

  /// Tells systemd about the service's state (`READY=1`, `STOPPING=1`, `STATUS=…`) when it asked to be told,
  /// through the datagram socket in `NOTIFY_SOCKET`. Without that variable, does nothing.
  public struct Notifier: Sendable {
    private let address: String?

    public init(environment: [String: String]) {
      address = environment["NOTIFY_SOCKET"].flatMap { $0.hasPrefix("/") || $0.hasPrefix("@") ? $0 : nil }
      unsetenv("NOTIFY_SOCKET")
    }

    /// Whether systemd is listening for notifications.
    public var isActive: Bool { address != nil }

    /// Sends the state lines; returns false if systemd asked for them and they could not be sent.
    @discardableResult
    public func notify(_ state: String) -> Bool {
      guard let address else { return true }
      let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var target = sockaddr_un()
      target.sun_family = sa_family_t(AF_UNIX)
      var bytes = Array(address.utf8)
      // An abstract socket is written with a leading '@' and has a NUL byte there instead.
      if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
      guard bytes.count < MemoryLayout.size(ofValue: target.sun_path) else { return false }
      withUnsafeMutableBytes(of: &target.sun_path) { $0.copyBytes(from: bytes) }
      let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
      let message = Array(state.utf8)
      let sent = withUnsafePointer(to: &target) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          sendto(descriptor, message, message.count, Int32(MSG_NOSIGNAL), $0, length)
        }
      }
      return sent == message.count
    }
  }

  private static func option(_ descriptor: Int32, _ name: Int32) -> Int32? {
    var value: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    return getsockopt(descriptor, SOL_SOCKET, name, &value, &length) == 0 ? value : nil
  }

  /// The path a Unix socket is bound to; nil for another kind of descriptor.
  private static func boundPath(_ descriptor: Int32) -> String? {
    var address = sockaddr_un()
    var length = socklen_t(MemoryLayout<sockaddr_un>.size)
    let found = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard found == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
    return withUnsafeBytes(of: &address.sun_path) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
