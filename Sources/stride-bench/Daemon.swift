import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StrideCore
import StrideModel
import StridePlatform
import StrideProtocol
import StrideStore
import StrideTransport
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// A private set of XDG directories with a database of `count` generated tasks, and the built binaries.
struct Workspace {
  let root: String
  let environment: [String: String]
  let binaries: String
  var socket: String { root + "/run/stride/strided.sock" }

  init(tasks count: Int) throws {
    var template = Array("/tmp/stride-bench-XXXXXX".utf8CString)
    root = String(cString: mkdtemp(&template)!)
    mkdir(root + "/run", 0o700)
    environment = [
      "HOME": root, "XDG_RUNTIME_DIR": root + "/run", "XDG_DATA_HOME": root + "/data",
      "XDG_STATE_HOME": root + "/state", "XDG_CONFIG_HOME": root + "/config", "PATH": "/usr/bin:/bin", "TZ": "UTC",
    ]
    binaries = Spawn.executableDirectory() ?? "."
    guard FileManager.default.isExecutableFile(atPath: binaries + "/strided") else {
      print(
        "strided is not next to stride-bench: build everything first with 'swift build -c release --static-swift-stdlib'"
      )
      exit(69)
    }
    guard count > 0 else { return }
    try FileManager.default.createDirectory(atPath: root + "/data/stride", withIntermediateDirectories: true)
    let store = try TaskStore(path: root + "/data/stride/stride.db")
    let tasks = makeTasks(count)
    try store.batch { () throws(StrideError) in
      for task in tasks {
        let draft = TaskDraft(
          title: task.title, rawInput: task.rawInput, steps: task.subtasks.map(\.title), energy: task.energy,
          estimateMinutes: task.estimateMinutes, type: task.type, due: task.due, tags: task.tags)
        _ = try store.capture(draft, at: task.createdAt)
      }
    }
    store.close()
  }

  /// Starts `strided` (under `wrapper`, such as valgrind, when given) and returns it once it answers, with how long
  /// that took.
  func startDaemon(under wrapper: [String] = []) throws -> (Process, Double) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wrapper.first ?? binaries + "/strided")
    process.arguments = wrapper.isEmpty ? [] : Array(wrapper.dropFirst()) + [binaries + "/strided"]
    process.environment = environment
    process.standardError = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    try process.run()
    while (try? StrideClient(path: socket, timeout: 2)) == nil { usleep(1_000) }
    return (process, Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
  }

  func stop(_ process: Process) {
    process.terminate()
    process.waitUntilExit()
  }

  /// Runs a command to its end with the workspace's environment; returns the wall time in milliseconds, or infinity
  /// when it ran past `limit` milliseconds and was stopped. posix_spawn and a blocking waitpid (a millisecond's poll
  /// under a limit): Foundation's `waitUntilExit` polls every 50 ms, too coarse to time by.
  func time(
    _ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
    limit: Double = .infinity
  ) throws -> Double {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let env = environment.merging(extra) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, executable, &actions, nil, argv, env) == 0 else {
      throw StrideError(.internalError, "could not run \(executable)")
    }
    var status: Int32 = 0
    let elapsed = { Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000 }
    while limit.isFinite, waitpid(pid, &status, WNOHANG) == 0 {
      guard elapsed() < limit else {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .infinity
      }
      usleep(1_000)
    }
    if !limit.isFinite { while waitpid(pid, &status, 0) < 0 && errno == EINTR {} }
    return elapsed()
  }

  /// Durable captures a second from one client that waits for each reply.
  func captureRate(_ count: Int) throws -> Double {
    let client = try StrideClient(path: socket)
    let start = DispatchTime.now().uptimeNanoseconds
    for n in 0..<count { _ = try client.call(Wire.TaskCapture.self, .init(text: "one by one \(n)")) }
    return Double(count) / seconds(since: start)
  }

  /// Durable captures a second from `clients` clients at once, each waiting for its replies; `count` each.
  func captureRate(_ count: Int, clients: Int) -> Double {
    let group = DispatchGroup()
    let start = DispatchTime.now().uptimeNanoseconds
    for worker in 0..<clients {
      group.enter()
      let path = socket
      Thread.detachNewThread {
        defer { group.leave() }
        guard let client = try? StrideClient(path: path) else { return }
        for n in 0..<count { _ = try? client.call(Wire.TaskCapture.self, .init(text: "worker \(worker) \(n)")) }
      }
    }
    group.wait()
    return Double(count * clients) / seconds(since: start)
  }

  /// Durable captures a second from one client that sends up to 64 requests before reading the replies.
  func pipelinedRate(_ count: Int) throws -> Double {
    let socket = try UnixSocket.connect(path: self.socket)
    var framer = LineFramer(maxLineBytes: 1 << 20)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    _ = try socket.read(into: &buffer)  // the greeting
    let start = DispatchTime.now().uptimeNanoseconds
    var sent = 0
    var received = 0
    while received < count {
      var batch = Data()
      while sent < count && sent - received < 64 {
        batch.append(
          contentsOf: Array(
            #"{"jsonrpc":"2.0","id":\#(sent),"method":"task.capture","params":{"text":"ahead \#(sent)"}}"#.utf8) + [10])
        sent += 1
      }
      if !batch.isEmpty { try socket.write(batch) }
      let got = try socket.read(into: &buffer)
      received += framer.append(buffer[0..<got]).count
    }
    return Double(count) / seconds(since: start)
  }

  func remove() { try? FileManager.default.removeItem(atPath: root) }
}

func seconds(since start: UInt64) -> Double {
  Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000_000
}

func residentMegabytes(_ pid: Int32) -> Double {
  let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
  let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
  return Double(line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) / 1024
}

func daemonSection() throws {
  // Durable captures: one client waiting for each reply, one client sending ahead, eight clients.
  let empty = try Workspace(tasks: 0)
  let (daemon, startup) = try empty.startDaemon()
  reportValue("daemon start-up, empty database", String(format: "%.1f ms", startup))
  reportValue("daemon memory (RSS), idle", String(format: "%.1f MB", residentMegabytes(daemon.processIdentifier)))
  let count = quick ? 300 : 2_000
  reportValue("durable captures/s, 1 client, one at a time", String(format: "%.0f", try empty.captureRate(count)))
  reportValue("durable captures/s, 1 client, sending ahead", String(format: "%.0f", try empty.pipelinedRate(count * 2)))
  reportValue("durable captures/s, 8 clients", String(format: "%.0f", empty.captureRate(count / 4, clients: 8)))
  empty.stop(daemon)
  empty.remove()

  for tasks in quick ? [1_000, 10_000] : [1_000, 10_000, 100_000] {
    let workspace = try Workspace(tasks: tasks)
    let (daemon, startup) = try workspace.startDaemon()
    let client = try StrideClient(path: workspace.socket)
    let samples = try measure(runs: quick ? 5 : 31) { _ = try client.call(Wire.NowList.self, .init()) }
    report("now.list round trip, \(tasks) open tasks", samples)
    reportValue("daemon start-up, \(tasks) open tasks", String(format: "%.1f ms", startup))
    reportValue(
      "daemon memory (RSS), \(tasks) open tasks", String(format: "%.1f MB", residentMegabytes(daemon.processIdentifier))
    )
    workspace.stop(daemon)
    workspace.remove()
  }
}

func cliSection() throws {
  for tasks in [1_000, 10_000] {
    let workspace = try Workspace(tasks: tasks)
    let (daemon, _) = try workspace.startDaemon()
    let stride = workspace.binaries + "/stride"
    let runs = quick ? 5 : 21
    // Each run adds a new task, or completes the next generated one (ids 1, 2, 3…).
    let commands: [(String, (Int) -> [String])] = [
      ("now", { _ in ["now"] }), ("add", { ["add", "benchmark thought \($0)"] }), ("done", { ["done", "\($0)"] }),
    ]
    for (name, arguments) in commands {
      var run = 0
      report(
        "stride \(name), \(tasks) open tasks",
        try measure(runs: runs) {
          run += 1
          _ = try workspace.time(stride, arguments(run))
        })
    }
    workspace.stop(daemon)
    workspace.remove()
  }
}
