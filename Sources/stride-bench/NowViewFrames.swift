import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StrideModel
import StridePlatform
import StrideProtocol
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// A program on the far side of a real pseudo-terminal, as a person's terminal runs it: the pty is its controlling
/// terminal and its standard input, output and error, 40 rows by 120 columns. What it draws is read from the near
/// side; keys are written there.
final class PseudoTerminal {
  let near: Int32
  let pid: pid_t
  /// What was read and not yet looked at.
  private var unread: [UInt8] = []

  init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
    guard let open = Self.libc("posix_openpt", as: PTCall.self), let grant = Self.libc("grantpt", as: PTCall.self),
      let unlock = Self.libc("unlockpt", as: PTCall.self), let ptsName = Self.libc("ptsname", as: PTName.self)
    else { throw StrideError(.internalError, "this C library has no pseudo-terminals (posix_openpt)") }
    near = open(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard near >= 0 else { throw StrideError(.internalError, "could not open a pseudo-terminal (errno \(errno))") }
    guard grant(near) == 0, unlock(near) == 0, let name = ptsName(near) else {
      close(near)
      throw StrideError(.internalError, "could not set up a pseudo-terminal (errno \(errno))")
    }
    var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(near, UInt(TIOCSWINSZ), &size)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }
    var child: pid_t = 0
    // A session of its own: the terminal it opens first becomes its controlling terminal.
    let started = Spawn.withChildAttributes(newSession: true) { attributes in
      posix_spawn(&child, executable, &actions, &attributes, argv, env)
    }
    guard started == 0 else {
      close(near)
      throw StrideError(.internalError, "could not run \(executable) on a pseudo-terminal")
    }
    pid = child
  }

  // glibc declares these only for X/Open programs, which the Glibc module is not: they are looked up by name.
  private typealias PTCall = @convention(c) (Int32) -> Int32
  private typealias PTName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
  private static func libc<Function>(_ name: String, as type: Function.Type) -> Function? {
    dlsym(dlopen(nil, RTLD_NOW), name).map { unsafeBitCast($0, to: type) }
  }

  func type(_ keys: String) {
    var bytes = Array(keys.utf8)
    _ = write(near, &bytes, bytes.count)
  }

  /// Milliseconds from `start` (an uptime in nanoseconds) until a whole frame has been read whose text holds
  /// `text` (any frame when nil); nil when none came within `timeout` seconds. The view starts a frame by moving
  /// home (ESC [ H) and ends it by clearing below it (ESC [ J).
  func frame(containing text: String? = nil, since start: UInt64, timeout: Double) -> Double? {
    let deadline = start + UInt64(timeout * 1e9)
    let end: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "J")]
    let wanted = text.map { Array($0.utf8) }
    while true {
      while let close = unread.firstRange(of: end) {
        let frame = unread[..<close.upperBound]
        unread.removeSubrange(..<close.upperBound)
        if wanted.map({ frame.firstRange(of: $0) != nil }) ?? true {
          return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        }
      }
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline, read(waiting: Int32((deadline - now) / 1_000_000) + 1) else { return nil }
    }
  }

  /// Reads and forgets whatever comes until nothing has for `quiet` seconds.
  func drain(quiet: Double) {
    while read(waiting: Int32(quiet * 1000)) {}
    unread = []
  }

  /// Reads what is there within `milliseconds`; false when nothing came.
  private func read(waiting milliseconds: Int32) -> Bool {
    var ready = pollfd(fd: near, events: Int16(POLLIN), revents: 0)
    guard poll(&ready, 1, milliseconds) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let count = Glibc.read(near, &buffer, buffer.count)
    guard count > 0 else { return false }
    unread += buffer[..<count]
    return true
  }

  private var finished = false

  /// Asks the program to quit with `keys`, and makes sure it has ended.
  func finish(with keys: String) {
    guard !finished else { return }
    finished = true
    type(keys)
    var status: Int32 = 0
    for _ in 0..<200 where waitpid(pid, &status, WNOHANG) == 0 { usleep(10_000) }
    if kill(pid, 0) == 0 {
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
    }
    close(near)
  }

  /// A terminal given up on (no first frame) still ends its program and closes.
  deinit { finish(with: "q") }
}

/// What a person feels of the Now view with `workspace`'s tasks: each key's time to the frame it changes, the time
/// from another shell's `stride add` to the frame that shows the new task, and how long a `stride add` takes while
/// the view is open (its reply must not wait for the engine working out the view's new list).
struct NowViewFeel {
  var keys: [String: [Double]] = [:]
  var captures: [Double] = []
  /// `stride add` with the view of all lists open, and the same with no view open, each after the same pause.
  var adds: [Double] = []
  var addsAlone: [Double] = []
  var missed: [String] = []

  /// The keys of one round, each with the screen it leaves: down, up, open the task and back, finish the task and
  /// take that back. Each is timed to the first frame after it (for x and u, the one that says what was done).
  static let round: [(name: String, keys: String)] = [
    ("j", "j"), ("k", "k"), ("o", "o"), ("esc", "\u{1B}"), ("x", "x"), ("u", "u"),
  ]

  init(_ workspace: Workspace, rounds: Int) throws {
    let stride = workspace.binaries + "/stride"
    if let view = open(workspace, []) {
      defer { view.finish(with: "q") }
      for round in 0..<rounds {
        timeKeys(view)
        adds.append(try workspace.time(stride, ["add", "benchmark thought \(round) with a view"]))
        view.drain(quiet: 0.05)
      }
    }
    for round in 0..<rounds {
      addsAlone.append(try workspace.time(stride, ["add", "benchmark thought \(round) without a view"]))
      usleep(50_000)
    }
    // Among 10,000 tasks a new one is rarely in the five of all lists, so the captures go to a list of their own,
    // which a second view shows; it hears of every change to a task, as a view of one list does.
    _ = try workspace.time(stride, ["lists", "add", "probes"])
    guard let view = open(workspace, ["now", "-i", "--list", "probes"]) else { return }
    defer { view.finish(with: "q") }
    for round in 0..<rounds {
      // From the other shell's start to the frame with the new task.
      let title = "pty probe \(round)"
      let start = DispatchTime.now().uptimeNanoseconds
      _ = try workspace.time(stride, ["add", "\(title) list:probes ~5m"])
      if let time = view.frame(containing: title, since: start, timeout: 2) {
        captures.append(time)
      } else {
        missed.append("'\(title)' did not appear in the view")
      }
      // Done, so the next one is not hidden as much like it, and the list stays small.
      let client = try StrideClient(path: workspace.socket)
      for task in try client.call(Wire.TaskList.self, .init(list: "probes")).tasks {
        _ = try client.call(Wire.TaskComplete.self, .init(id: task.id))
      }
      view.drain(quiet: 0.05)
    }
  }

  /// `stride` with `arguments` on a pseudo-terminal, once it has drawn its first frame (nil, and a line in `missed`,
  /// when it drew none).
  private mutating func open(_ workspace: Workspace, _ arguments: [String]) -> PseudoTerminal? {
    let environment = workspace.environment.merging(["TERM": "xterm"]) { $1 }
    guard let view = try? PseudoTerminal(workspace.binaries + "/stride", arguments, environment: environment),
      view.frame(since: DispatchTime.now().uptimeNanoseconds, timeout: 10) != nil
    else {
      missed.append("stride \(arguments.joined(separator: " ")) drew no Now view within 10 s")
      return nil
    }
    view.drain(quiet: 0.2)
    return view
  }

  /// One round of keys, each timed to the first frame after it.
  private mutating func timeKeys(_ view: PseudoTerminal) {
    for (name, typed) in Self.round {
      let start = DispatchTime.now().uptimeNanoseconds
      view.type(typed)
      if let time = view.frame(since: start, timeout: 2) {
        keys[name, default: []].append(time)
      } else {
        missed.append("no frame after \(name)")
      }
      // Frames the daemon's news brings after the key (the list after x and u) are not the key's.
      view.drain(quiet: 0.05)
    }
  }
}
