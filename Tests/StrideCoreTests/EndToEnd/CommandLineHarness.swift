import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StridePlatform
import StrideTestSupport
import StrideWire

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `stride` and `strided` binaries the way a person would, in a private set of XDG directories.
final class CommandLineHarness {
  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  let root = Fixtures.temporaryDirectory()
  let binaries: String
  var environment: [String: String]

  /// - at: the instant the daemons it starts take for now (their clock runs on from it), for a test whose
  ///   expectations name a weekday or an hour. Without it they run at `STRIDE_TEST_AT` when the suite is run at
  ///   another moment (Scripts/suite-at), else by the system's clock.
  init(at instant: String? = nil) {
    binaries = Spawn.executableDirectory() ?? ""
    environment = [
      "HOME": root + "/home",
      "XDG_RUNTIME_DIR": root + "/run",
      "XDG_DATA_HOME": root + "/data",
      "XDG_STATE_HOME": root + "/state",
      "XDG_CONFIG_HOME": root + "/config",
      "PATH": "/usr/bin:/bin",
      "TZ": "UTC",
    ]
    // Under `swift test --sanitize=…` the programs the tests start are sanitized too, and take the same options.
    for name in ["ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS"] {
      environment[name] = ProcessInfo.processInfo.environment[name]
    }
    mkdir(root + "/run", 0o700)
    if let instant = instant ?? ProcessInfo.processInfo.environment["STRIDE_TEST_AT"] {
      pin(at: instant)
    }
  }

  /// Sets the clock of the daemons started from now on to `instant` ("2026-11-27T17:45:00Z"), running on from it. The
  /// shift is whole seconds rounded up, so the clock starts at `instant` or within a second after it, never before: a
  /// test pinned to the start of a minute stays in that minute (rounded to the nearest, it could start half a second
  /// early, and a line kept "to the end of the minute" ran out at once).
  func pin(at instant: String) {
    clockShift = Fixtures.at(instant).timeIntervalSinceNow.rounded(.up)
    environment["STRIDE_CLOCK_SHIFT"] = String(Int(clockShift))
  }

  /// How far the daemons' clock runs ahead of the system's, in seconds.
  private(set) var clockShift: TimeInterval = 0

  /// The instant the daemons take for now.
  var now: Date { Date().addingTimeInterval(clockShift) }

  var socket: String { root + "/run/stride/strided.sock" }
  var database: String { root + "/data/stride/stride.db" }

  /// Runs `stride` with arguments (and optional standard input, in a working directory) and waits for it.
  @discardableResult
  func stride(_ arguments: String..., input: String? = nil, in directory: String? = nil) -> Outcome {
    run(binaries + "/stride", arguments, input: input, directory: directory)
  }

  /// Runs any program with the harness's environment (in `directory`, else the test's own working directory).
  func run(
    _ executable: String, _ arguments: [String], input: String? = nil, extraEnvironment: [String: String] = [:],
    directory: String? = nil
  ) -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment = environment.merging(extraEnvironment) { $1 }
    let out = Pipe()
    let err = Pipe()
    let stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin
    do {
      try process.run()
    } catch {
      return Outcome(status: -1, stdout: "", stderr: "could not run \(executable): \(error)")
    }
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try? stdin.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a chatty process never blocks on a full pipe.
    let errors = Locked(Data())
    let errorsRead = DispatchSemaphore(value: 0)
    let errorHandle = err.fileHandleForReading
    Thread.detachNewThread {
      let data = errorHandle.readDataToEndOfFile()
      errors.withLock { $0 = data }
      errorsRead.signal()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    errorsRead.wait()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errors.withLock { $0 }, as: UTF8.self))
  }

  /// Starts a long-running `stride` (such as `watch`) and collects what it prints, line by line.
  func spawn(_ arguments: String..., extraEnvironment: [String: String] = [:]) throws -> RunningCommand {
    try RunningCommand(
      binaries + "/stride", arguments, environment: environment.merging(extraEnvironment) { $1 })
  }

  /// `strided` in the foreground with the harness's environment, not yet started.
  func daemonProcess() -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binaries + "/strided")
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return process
  }

  /// Starts `strided` in the foreground as a child of the test, and waits until it answers.
  func startDaemon() throws -> Process {
    let process = daemonProcess()
    try process.run()
    let deadline = Date().addingTimeInterval(10 * Double(Fixtures.slowdown))
    while Date() < deadline {
      if (try? StrideClient(path: socket, timeout: 2)) != nil { return process }
      usleep(5_000)
    }
    throw StrideError(.internalError, "strided did not answer within \(10 * Fixtures.slowdown) seconds")
  }

  /// The pid of the running daemon, from `stride daemon status --json`.
  func daemonPID() -> pid_t? {
    let outcome = stride("daemon", "status", "--json")
    guard outcome.status == 0, let data = outcome.stdout.data(using: .utf8),
      let info = try? JSONDecoder().decode(ServerInfo.Result.self, from: data)
    else { return nil }
    return info.pid
  }

  /// Stops the daemon if it runs and removes the directories. Safe to call more than once.
  func finish() {
    if let pid = daemonPID() {
      stride("daemon", "stop")
      kill(pid, SIGKILL)
    }
    try? FileManager.default.removeItem(atPath: root)
  }
}

/// A command left running while the test goes on, with its standard output gathered as it comes.
final class RunningCommand: @unchecked Sendable {
  // Sendable because only `lines` (behind its mutex) is touched by the reading thread.
  let process = Process()
  private let lines = Locked<[String]>([])

  init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    Self.follow(out.fileHandleForReading) { [lines] line in
      lines.withLock { $0.append(String(decoding: line, as: UTF8.self)) }
    }
  }

  /// Reads a program's output on a thread of its own, handing each line (without its newline) to `each`, until
  /// the program closes it.
  static func follow(_ handle: FileHandle, each: @escaping @Sendable (Data) -> Void) {
    Thread.detachNewThread {
      var pending = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { return }
        pending.append(chunk)
        while let newline = pending.firstIndex(of: 0x0A) {
          each(Data(pending[pending.startIndex..<newline]))
          pending.removeSubrange(pending.startIndex...newline)
        }
      }
    }
  }

  /// Every line printed so far.
  var output: [String] { lines.withLock { $0 } }

  /// Waits (up to 15 seconds, more under a sanitizer) for a line containing `text`; returns it, or nil.
  func waitForLine(containing text: String) -> String? {
    let deadline = Date().addingTimeInterval(15 * Double(Fixtures.slowdown))
    while Date() < deadline {
      if let line = output.first(where: { $0.contains(text) }) { return line }
      usleep(20_000)
    }
    return nil
  }

  /// Ends it with SIGKILL: the test runner's children inherit a mask that blocks SIGTERM.
  func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }
}
