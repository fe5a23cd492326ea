import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideDBus

#if canImport(Glibc)
  import Glibc
#endif

/// Says that a program a real-desktop test needs is missing, as a failure with what to install: these tests never
/// pass without running (.ci/run installs the programs).
func requireProgram(_ path: String) throws {
  guard !FileManager.default.isExecutableFile(atPath: path) else { return }
  let sentence =
    "\(path) is missing: run 'sudo apt-get install xvfb dunst notify-osd' (.ci/run installs them), then the tests again"
  Issue.record(Comment(rawValue: sentence))
  throw StrideError(.internalError, sentence)
}

/// Stops a process the test started and reaps it.
func end(_ process: Process) {
  guard process.isRunning else { return }
  kill(process.processIdentifier, SIGKILL)
  var status: Int32 = 0
  waitpid(process.processIdentifier, &status, 0)
}

/// A virtual X display (Xvfb, with no screen), started by the test on the first free display number.
final class VirtualDisplay {
  let process = Process()
  /// Its name, for DISPLAY: ":0", ":1", …
  let name: String

  init() throws {
    try requireProgram("/usr/bin/Xvfb")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    // -displayfd: Xvfb takes the first free number and writes it once it listens.
    process.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1024x768x24"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let number = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard Int(number) != nil else { throw StrideError(.internalError, "Xvfb did not start (it wrote '\(number)')") }
    name = ":" + number
  }

  /// Ended outright (Xvfb may not end at SIGTERM while a client holds on), and its lock and socket removed.
  func stop() {
    guard process.isRunning else { return }
    end(process)
    let number = name.dropFirst()
    for file in ["/tmp/.X\(number)-lock", "/tmp/.X11-unix/X\(number)"] { unlink(file) }
  }

  deinit { stop() }
}

/// A real notification server on a `VirtualDisplay` and a `SessionBus`, with its settings in a temporary folder:
/// dunst (which offers buttons, and leaves a notification up when one is pressed) or notify-osd (which offers none).
/// What is sent to it is followed with dbus-monitor.
final class RealNotifications {
  enum Server {
    case dunst, notifyOSD

    var program: String {
      switch self {
      case .dunst: "/usr/bin/dunst"
      case .notifyOSD: "/usr/lib/\(RealNotifications.multiarch)/notify-osd"
      }
    }
  }

  static let multiarch = "\(ProcessInfo.processInfo.machineHardwareName)-linux-gnu"

  let folder = Fixtures.temporaryDirectory()
  let process = Process()
  let monitor = Process()
  private let watcher: DBusConnection
  private let seen = Locked("")

  init(_ server: Server, bus: SessionBus, display: VirtualDisplay) throws {
    try requireProgram(server.program)
    // dunst's context menu is a dmenu program given the actions, one a line: this one chooses the label in `label`.
    try """
    [global]
    dmenu = \(folder)/choose
    [urgency_normal]
    timeout = 0
    """.write(toFile: folder + "/dunstrc", atomically: true, encoding: .utf8)
    try "#!/bin/sh\ntee \(folder)/menu | grep -m1 \"^#$(cat \(folder)/label) (\"\n".write(
      toFile: folder + "/choose", atomically: true, encoding: .utf8)
    chmod(folder + "/choose", 0o755)
    process.executableURL = URL(fileURLWithPath: server.program)
    process.arguments = server == .dunst ? ["-config", folder + "/dunstrc"] : []
    process.environment = bus.environment.merging(["DISPLAY": display.name, "HOME": folder]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    watcher = try DBusConnection.open(try DBusAddress.session(environment: bus.environment))
    try follow(bus)
    try process.run()
    guard Fixtures.wait(until: { self.owned }) else {
      stop()
      throw StrideError(.internalError, "\(server.program) did not take the notification service's name")
    }
  }

  /// Follows the calls of the notification service's methods on the bus, as dbus-monitor prints them.
  private func follow(_ bus: SessionBus) throws {
    monitor.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-monitor")
    monitor.arguments = [
      "--address", bus.address, "type='method_call',interface='\(DesktopNotifications.service)'",
    ]
    let out = Pipe()
    monitor.standardOutput = out
    monitor.standardError = FileHandle.nullDevice
    try monitor.run()
    RunningCommand.follow(out.fileHandleForReading) { [seen] line in
      seen.withLock { $0 += String(decoding: line, as: UTF8.self) + "\n" }
    }
  }

  /// Whether a program owns the notification service's name.
  private var owned: Bool {
    let call = DBusMessage.call(
      DBusConnection.bus, DBusConnection.busPath, DBusConnection.bus, "NameHasOwner",
      [.string(DesktopNotifications.service)])
    return (try? watcher.call(call))?.body.first == .boolean(true)
  }

  /// What dbus-monitor printed so far of the calls to the service, once `text` is among it (or after 15 seconds).
  func calls(showing text: String) -> String {
    Fixtures.poll { seen.withLock { $0.contains(text) ? $0 : nil } } ?? seen.withLock { $0 }
  }

  /// How many notifications dunst shows now (its `displayedLength`), or nil when it does not say.
  var displayed: UInt32? {
    let call = DBusMessage.call(
      DesktopNotifications.service, "/org/freedesktop/Notifications", "org.freedesktop.DBus.Properties", "Get",
      [.string("org.dunstproject.cmd0"), .string("displayedLength")])
    guard case .variant(.uint32(let count))? = (try? watcher.call(call))?.body.first else { return nil }
    return count
  }

  /// Chooses the button labelled `label` in dunst's context menu, as a person does.
  func press(_ label: String) throws {
    try label.write(toFile: folder + "/label", atomically: true, encoding: .utf8)
    try watcher.call(
      .call(DesktopNotifications.service, "/org/freedesktop/Notifications", "org.dunstproject.cmd0", "ContextMenuCall"))
  }

  func stop() {
    end(process)
    end(monitor)
    watcher.close()
  }

  deinit { stop() }
}

extension ProcessInfo {
  /// The machine's architecture as uname names it: x86_64, aarch64, …
  fileprivate var machineHardwareName: String {
    var names = utsname()
    uname(&names)
    return withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }
}
