import StrideBase
import StrideClientKit
import StrideConnection
import StrideManual
import StridePlatform
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// `stride daemon start|stop|status`. These never start the daemon as a side effect, except `start`.
extension Session {
  /// The facts `daemon` commands print with `--json`.
  struct DaemonState: Encodable {
    var running: Bool
    var pid: Int32?
    var socket: String
    var database: String?
    var openTasks: Int?
  }

  func daemon(_ args: CommandArguments<NoOptions>) throws {
    try args.noMorePositionals(than: 1, "daemon")
    switch args.positionals.first {
    case "start": try daemonStart()
    case "stop": try daemonStop()
    case "status": try daemonStatus()
    case "install": try daemonInstall()
    case let other?:
      throw UsageError("daemon has no subcommand '\(other)'; use start, stop, status or install")
    case nil:
      throw UsageError("daemon needs a subcommand: start, stop, status or install")
    }
  }

  private func runningInfo() -> ServerInfo.Result? {
    try? client(autostart: false).call(ServerInfo.self, NoParams())
  }

  private func daemonStart() throws {
    if let info = runningInfo() {
      return output.report(
        "strided is already running (pid \(info.pid)) on \(info.socket).",
        json: DaemonState(running: true, pid: info.pid, socket: info.socket, database: info.database))
    }
    let pid = try startDaemon(quietly: false)
    output.report(
      "strided is running (pid \(pid)) on \(paths.socket); its log is \(paths.logFile).",
      json: DaemonState(running: true, pid: pid, socket: paths.socket))
  }

  private func daemonStop() throws {
    guard let info = runningInfo() else {
      return output.report(
        "strided is not running, so there is nothing to stop.",
        json: DaemonState(running: false, socket: paths.socket))
    }
    guard kill(info.pid, SIGTERM) == 0 else {
      throw ClientError.unreachable("could not signal strided (pid \(info.pid)): \(System.describe())")
    }
    // Wait until that process has exited (its grace period is 10 s), so the next command meets a new daemon, not
    // this one on its way out. The process, not only the instance lock beside the database: the lock file may be
    // gone with the data folder, and then nothing there says the daemon still runs.
    let lockFile = StridePaths(
      environment: environment, dataDirectory: System.parent(of: info.database)
    ).lockFile
    let stopped = { !System.isRunning(info.pid) && !InstanceLock.isHeld(path: lockFile) }
    let deadline = System.uptime + 15
    while System.uptime < deadline, !stopped() {
      usleep(20_000)
    }
    guard stopped() else {
      throw ClientError.unreachable("strided (pid \(info.pid)) did not stop within 15 seconds; see \(paths.logFile)")
    }
    output.report(
      "Stopped strided (pid \(info.pid)). It starts again by itself the next time you use stride.",
      json: DaemonState(running: false, pid: info.pid, socket: info.socket, database: info.database))
  }

  /// What `daemon install` did, with `--json`.
  struct Installed: Encodable {
    var units: [String]
    var commands: [String]
    var manPages: [String]
    /// Whether man(1) looks where the pages went, as this shell's PATH and MANPATH stand.
    var manFindsThem: Bool
  }

  /// Writes the systemd user units for the strided found beside this stride and the manual pages, and says how to
  /// turn the units on and how to read the pages.
  private func daemonInstall() throws {
    guard let executable = DaemonLauncher.locateDaemon(environment: environment) else {
      throw ClientError.unreachable(
        "strided could not be found next to stride or on PATH; install both programs together, then run this again")
    }
    // Every page first: one strided cannot print (an older one) stops the install before anything is written.
    let roffs = try ManPage.allCases.map { page throws(ClientError) in (page, try manPage(page)) }
    let directory = System.parent(of: paths.configDirectory) + "/systemd/user"
    let units = [
      (SystemdUnits.socketName, SystemdUnits.socket),
      (SystemdUnits.serviceName, SystemdUnits.service(executable: executable)),
    ]
    do {
      try System.makeDirectories(directory, mode: 0o755)
      for (name, text) in units { try System.replaceFile(directory + "/" + name, with: text.utf8) }
    } catch {
      throw ClientError.unreachable(
        "could not write the units into \(directory) (\(error)); check that you can write there")
    }
    let commands = [
      "systemctl --user daemon-reload",
      "systemctl --user enable --now \(SystemdUnits.socketName) \(SystemdUnits.serviceName)",
    ]
    let files = units.map { directory + "/" + $0.0 }
    let pages = try ManPage.install(roffs, into: paths.manDirectory)
    let found = ManPage.manFinds(paths.manDirectory, environment: environment)
    guard !output.json else {
      return output.emit(Installed(units: files, commands: commands, manPages: pages, manFindsThem: found))
    }
    output.say("Wrote the systemd user units for \(executable):")
    files.forEach { output.say("  " + $0) }
    if runningInfo() != nil {
      output.say("strided is running now; stop it first, so systemd can start its own: stride daemon stop")
    }
    output.say("Turn them on with:")
    commands.forEach { output.say("  " + $0) }
    sayWhereManPagesAre(pages, found: found)
  }

  /// Where the manual pages went and how to read them, also when man does not look there yet.
  private func sayWhereManPagesAre(_ pages: [String], found: Bool) {
    let names = ManPage.allCases.map(\.reference)
    output.say(
      "Wrote the manual pages \(listed(names)) into "
        + "\(paths.manDirectory):")
    pages.forEach { output.say("  " + $0) }
    guard !found else { return output.say("Read them with: man stride") }
    output.say(
      "man does not look there yet: it looks beside the directories on your PATH, so it will once "
        + "\(ManPage.binDirectory(beside: paths.manDirectory)) is on your PATH.")
    output.say("Until then, read them with: MANPATH=\"\(paths.manDirectory):\" man stride")
  }

  private func daemonStatus() throws {
    guard let info = runningInfo() else {
      output.report(
        "strided is not running. It starts by itself when you use stride, or now with: stride daemon start",
        json: DaemonState(running: false, socket: paths.socket))
      throw ExitStatus.unavailable
    }
    guard !output.json else { return output.emit(info) }
    let tasks = info.openTasks == 1 ? "1 open task" : "\(info.openTasks) open tasks"
    output.say(
      "\(info.server) is running (pid \(info.pid)) since \(Output.said(info.said?.startedAt, info.startedAt)), "
        + "with \(tasks).")
    if let reminders = info.reminders { output.say(reminders.sentence) }
    (info.unknownSettings ?? []).forEach { output.say($0) }
    Output.columns([
      ["Socket:", info.socket], ["Database:", info.database], ["Log:", paths.logFile], ["Settings:", paths.configFile],
    ])
    .forEach { output.say("  " + $0) }
  }
}
