import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StridePlatform
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// A private set of XDG directories and the `strided` built beside this program, run with its clock shifted to a
/// simulated instant. Moving simulated time is stopping the daemon and starting it again with a new shift.
final class Workspace {
  let root: String
  let binaries: String
  private let environment: [String: String]
  private var socket: String { root + "/run/stride/strided.sock" }
  private var pid: pid_t = 0
  private var shift = 0
  private(set) var client: StrideClient?
  /// Milliseconds each stop and start took, together.
  private(set) var restarts: [Double] = []

  init() throws {
    var template = Array("/tmp/stride-month-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw MonthError("could not make a directory in /tmp") }
    root = String(cString: made)
    mkdir(root + "/run", 0o700)
    environment = [
      "HOME": root, "XDG_RUNTIME_DIR": root + "/run", "XDG_DATA_HOME": root + "/data",
      "XDG_STATE_HOME": root + "/state", "XDG_CONFIG_HOME": root + "/config", "PATH": "/usr/bin:/bin", "TZ": "UTC",
    ]
    binaries = Spawn.executableDirectory() ?? "."
    guard FileManager.default.isExecutableFile(atPath: binaries + "/strided") else {
      throw MonthError("strided is not next to stride-month: build both first ('swift build')")
    }
  }

  /// Stops the daemon if it runs, and starts it with its clock at `instant` (it runs on from there in real time).
  func restart(at instant: Instant) throws {
    let began = DispatchTime.now().uptimeNanoseconds
    stop()
    try start(at: instant)
    restarts.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1_000_000)
  }

  private func start(at instant: Instant) throws {
    shift = instant - Int(time(nil))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, root + "/strided.log", O_WRONLY | O_CREAT | O_APPEND, 0o600)
    let executable = binaries + "/strided"
    let argv = [strdup(executable), nil]
    defer { argv.forEach { free($0) } }
    var variables = environment
    variables["STRIDE_CLOCK_SHIFT"] = String(shift)
    let env = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }
    guard posix_spawn(&pid, executable, &actions, nil, argv, env) == 0 else {
      throw MonthError("could not start \(executable)")
    }
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if let connected = try? StrideClient(path: socket, timeout: 30) {
        client = connected
        return
      }
      usleep(2_000)
    }
    throw MonthError("strided did not answer within 20 s; see \(root)/strided.log")
  }

  /// Stops the daemon (SIGTERM) and waits for it to end.
  func stop() {
    client = nil
    guard pid > 0 else { return }
    kill(pid, SIGTERM)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    pid = 0
  }

  /// Calls a method; the instants (simulated) just before and just after bound the daemon's clock at the call.
  func call<M: WireMethod>(_ method: M.Type, _ params: M.Params) throws -> (Answer<M.Result>, Instant, Instant) {
    guard let client else { throw MonthError("strided is not running") }
    let before = Int(time(nil)) + shift
    let answer = try client.answer(method, params)
    return (answer, before, Int(time(nil)) + shift)
  }

  /// The simulated instant now, by the daemon's clock.
  var now: Instant { Int(time(nil)) + shift }

  func remove() {
    stop()
    try? FileManager.default.removeItem(atPath: root)
  }
}

/// A failure of the simulation itself, in words.
struct MonthError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
