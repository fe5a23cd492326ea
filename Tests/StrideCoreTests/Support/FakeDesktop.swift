import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase

#if canImport(Glibc)
  import Glibc
#endif

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

  /// The service's unique name on the bus, as it said when it was ready.
  var uniqueName: String? { records.withLock { $0.first { $0["ready"] != nil }?["ready"] as? String } }

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

  /// Closes notification `id` for `reason` (1 expired, 2 dismissed), as the server does.
  func close(_ id: Int, reason: Int) {
    input.fileHandleForWriting.write(Data("close \(id) \(reason)\n".utf8))
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
