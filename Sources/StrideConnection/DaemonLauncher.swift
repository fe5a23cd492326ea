import StrideBase
import StridePlatform
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// Starts `strided` in the background and waits until it answers, like gpg-agent is started on demand.
public enum DaemonLauncher {
  /// Finds the `strided` next to the running program, else on `PATH`.
  public static func locateDaemon(environment: [String: String]) -> String? {
    if let directory = Spawn.executableDirectory(),
      System.isExecutableFile(directory + "/strided")
    {
      return directory + "/strided"
    }
    return Spawn.program("strided", inPath: environment["PATH"])
  }

  /// Starts the daemon with `arguments` in a session of its own, logging to `paths.logFile`, and waits up to
  /// `timeout` seconds for a greeting on `paths.socket`. Returns the pid of the daemon that answers.
  public static func launch(
    executable: String, arguments: [String], paths: StridePaths, timeout: Double = 10
  ) throws(ClientError) -> Int32 {
    do {
      try PrivateDirectory.prepare(paths.stateDirectory, strict: false)
    } catch {
      throw ClientError.unreachable("cannot start strided: \(error.message)")
    }
    let child: pid_t
    do {
      child = try Spawn.detached(executable: executable, arguments: arguments, output: paths.logFile)
    } catch {
      throw ClientError.unreachable("cannot start strided: \(error.message)")
    }
    let deadline = System.uptime + timeout
    var exitedAt: Double?
    while System.uptime < deadline {
      if let client = try? StrideClient(path: paths.socket, timeout: 2),
        let info = try? client.call(DaemonPID.self, NoParams())
      {
        if exitedAt == nil { reap(child) }
        return info.pid
      }
      // The child may have exited because another daemon won the race to start; give that one a moment.
      if exitedAt == nil, reap(child) { exitedAt = System.uptime }
      if let exitedAt, System.uptime - exitedAt > 2 { break }
      usleep(20_000)
    }
    let reason = lastLogLine(paths.logFile).map { ": \($0)" } ?? ""
    throw ClientError.unreachable("strided did not start\(reason) (the log is \(paths.logFile))")
  }

  /// Collects the child if it has exited; true if it has.
  @discardableResult
  private static func reap(_ child: pid_t) -> Bool {
    var status: Int32 = 0
    return waitpid(child, &status, WNOHANG) == child
  }

  private static func lastLogLine(_ path: String) -> String? {
    guard let bytes = try? System.contents(of: path) else { return nil }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").last.map { line in
      // Log lines start with a time and "strided: "; the message is what helps.
      line.firstRange(ofText: "strided: ").map { String(line[$0.upperBound...]) } ?? String(line)
    }
  }
}

/// `server.info` as the launcher reads it: only which daemon answered.
private enum DaemonPID: WireMethod {
  static let method = Method.serverInfo
  typealias Params = NoParams
  struct Result: Decodable, Sendable {
    var pid: Int32
  }
}
