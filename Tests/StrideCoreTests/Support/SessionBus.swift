import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel

#if canImport(Glibc)
  import Glibc
#endif

/// A real `dbus-daemon` acting as a desktop's session bus, started by the test in a temporary folder (with a
/// configuration of its own: no services to start on demand) and stopped at its end.
final class SessionBus {
  let folder = Fixtures.temporaryDirectory()
  let process = Process()
  /// The address to put in DBUS_SESSION_BUS_ADDRESS.
  let address: String

  /// A bus on a socket file, or on a name in the abstract namespace.
  init(abstract: Bool = false) throws {
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
      Issue.record("dbus-daemon did not start (it printed '\(line)')")
      throw StrideError(.internalError, "dbus-daemon did not start")
    }
  }

  /// The environment a program on this bus has.
  var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"] }

  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    var status: Int32 = 0
    waitpid(process.processIdentifier, &status, 0)
  }

  deinit { stop() }
}

/// The fake notification service (`Daemon/fake_notifications.py`, on jeepney) on a `SessionBus`: what it was asked,
/// line by line, and a way to press its buttons.
final class FakeNotifications: @unchecked Sendable {
  // Sendable because `records` is only touched behind its lock; `input` is written from the test's thread only.
  static let script = Repository.root + "/Tests/StrideCoreTests/Daemon/fake_notifications.py"
  private static let modules = PythonPackage.path(module: "jeepney", package: "jeepney")

  let process = Process()
  private let input = Pipe()
  private let records = Locked<[[String: Any]]>([])

  init(bus: SessionBus, capabilities: [String] = ["actions", "body"]) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      (Self.modules.map { ["PYTHONPATH=" + $0] } ?? []) + ["python3", Self.script, capabilities.joined(separator: ",")]
    process.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { $1 }
    let out = Pipe()
    process.standardOutput = out
    process.standardInput = input
    process.standardError = FileHandle.nullDevice
    try process.run()
    RunningCommand.follow(out.fileHandleForReading) { [records] line in
      if let record = try? JSONSerialization.jsonObject(with: line) as? [String: Any] {
        records.withLock { $0.append(record) }
      }
    }
    guard wait(for: { $0["ready"] != nil }) != nil else {
      Issue.record("the fake notification service did not start; run \(Self.script) by hand to see why")
      throw StrideError(.internalError, "the fake notification service did not start")
    }
  }

  /// The Notify calls so far, oldest first.
  var notes: [[String: Any]] { records.withLock { $0 }.filter { $0["call"] as? String == "Notify" } }

  /// Every call so far, by method name.
  var calls: [String] { records.withLock { $0 }.compactMap { $0["call"] as? String } }

  /// Waits (up to 15 seconds) for a record that `matches`; returns it, or nil.
  @discardableResult
  func wait(for matches: ([String: Any]) -> Bool) -> [String: Any]? {
    Fixtures.poll { records.withLock { $0.first(where: matches) } }
  }

  /// Waits for the `count`th Notify call (from 1); returns it, or nil.
  func note(_ count: Int) -> [String: Any]? {
    Fixtures.poll {
      let notes = self.notes
      return notes.count >= count ? notes[count - 1] : nil
    }
  }

  /// Presses a button of notification `id`, as a person does.
  func press(_ key: String, on id: Int) {
    input.fileHandleForWriting.write(Data("invoke \(id) \(key)\n".utf8))
  }

  func stop() {
    try? input.fileHandleForWriting.close()
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    var status: Int32 = 0
    waitpid(process.processIdentifier, &status, 0)
  }

  deinit { stop() }
}

/// A session bus with the fake notification service on it: the desktop a reminder test runs against, stopped as one.
final class FakeDesktop {
  let bus: SessionBus
  let notifications: FakeNotifications

  init() throws {
    bus = try SessionBus()
    notifications = try FakeNotifications(bus: bus)
  }

  /// What a program needs to find this desktop's bus.
  var environment: [String: String] { bus.environment }

  func stop() {
    notifications.stop()
    bus.stop()
  }
}
