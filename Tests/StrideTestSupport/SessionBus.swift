import Foundation
import StrideBase

#if canImport(Glibc)
  import Glibc
#endif

/// A real `dbus-daemon` acting as a desktop's session bus, started by the test in a temporary folder (with a
/// configuration of its own: no services to start on demand) and stopped at its end.
public final class SessionBus {
  public let folder = Fixtures.temporaryDirectory()
  public let process = Process()
  /// The address to put in DBUS_SESSION_BUS_ADDRESS.
  public let address: String

  /// A bus on a socket file, or on a name in the abstract namespace.
  public init(abstract: Bool = false) throws {
    let listen = abstract ? "unix:abstract=\(folder)/abstract-bus" : "unix:path=\(folder)/bus"
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>\(listen)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """.write(toFile: folder + "/bus.conf", atomically: true, encoding: .utf8)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    process.arguments = ["--config-file=\(folder)/bus.conf", "--nofork", "--print-address=1"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The daemon prints its full address (with its guid) once it listens.
    let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
    address = line.trimmingCharacters(in: .whitespacesAndNewlines)
    guard address.hasPrefix("unix:") else {
      throw StrideError(.internalError, "dbus-daemon did not start (it printed '\(line)')")
    }
  }

  /// The environment a program on this bus has.
  public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"] }

  public func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    var status: Int32 = 0
    waitpid(process.processIdentifier, &status, 0)
  }

  deinit { stop() }
}
