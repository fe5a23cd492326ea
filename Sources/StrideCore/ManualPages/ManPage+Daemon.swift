import Foundation
import StrideManual
import StridePlatform

extension ManPage {
  /// The page as roff source when strided prints it (`strided --man PAGE`): strided(8) and stride-config(5). Nil for
  /// stride(1), which the client prints from its own command table (`writeStride`, in StrideClientKit).
  public func renderedByDaemon() -> String? {
    switch self {
    case .stride: nil
    case .strided: render(writing: Self.writeDaemon)
    case .strideConfig: render(writing: Self.writeConfig)
    }
  }
}

/// strided(8): the daemon, from `DaemonOptions` and what Docs/daemon.md says of its files, start and stop.
extension ManPage {
  static func writeDaemon(_ roff: inout Roff) {
    let summary = DaemonOptions.summary.split(separator: "\n").map(String.init)
    roff.section("NAME")
    roff.text(set: "strided \\- " + Roff.escape(daemonTagline(summary.first ?? "")))
    roff.section("SYNOPSIS")
    write(HelpText(DaemonOptions.synopsis).forms, into: &roff)
    roff.paragraph(set: Roff.code("strided --help | --version"))
    roff.section("DESCRIPTION")
    roff.paragraph(summary.joined(separator: "\n"))
    daemonDescription.forEach { roff.paragraph($0) }
    roff.subsection("How it starts")
    write(daemonStarts, into: &roff)
    roff.section("OPTIONS")
    write(HelpText(DaemonOptions.optionLines), into: &roff)
    roff.section("SIGNALS")
    write(daemonSignals, into: &roff)
    roff.section("FILES")
    write(files, into: &roff)
    roff.section("ENVIRONMENT")
    write(daemonEnvironment, into: &roff)
    write(directoryVariables, into: &roff)
    roff.section("EXIT STATUS")
    for status in ExitStatus.allCases {
      daemonExit(status).map { roff.item(Roff.bold(String(status.rawValue)), [$0]) }
    }
    roff.section("EXAMPLES")
    daemonExamples.forEach { roff.item(Roff.code($0.line), [$0.meaning]) }
  }

  /// "The Stride daemon: keeps your tasks …" as a NAME line: "the Stride daemon".
  static func daemonTagline(_ first: String) -> String {
    let name = first.prefix { $0 != ":" }
    return name.prefix(1).lowercased() + name.dropFirst()
  }

  /// What a status means when strided ends with it; nil for one it never uses.
  static func daemonExit(_ status: ExitStatus) -> String? {
    switch status {
    case .ok:
      "It stopped on a signal after finishing the requests in flight; or it printed its help or version; or, with "
        + "--detach, the daemon it started answers."
    case .failure:
      "It could not start: another strided holds the lock for this database, the socket is taken or unsafe, or "
        + "the database or config.json cannot be used (the message, or the log, says which); or, with --detach, "
        + "the daemon it started did not answer within 10 seconds."
    case .usage: "An option it does not know, or one without its value."
    case .unavailable: nil
    }
  }

  static let daemonDescription = [
    """
    It keeps every task in one SQLite database and the open ones in memory for ranking. A reply that says a
    change was made is sent only after the change is committed to disk, so a crash or SIGKILL loses nothing
    that was acknowledged, and every change is also written to a history that stride undo reads.
    """,
    """
    One daemon runs per database: it holds an exclusive lock (flock(2)) on strided.lock beside the database, and
    a second one for the same database says so and exits 1. It runs with umask 077. The directory of the default
    socket is created with mode 0700 and, if it exists, must be a real directory owned by you and closed to
    others; the socket is 0600, and a connection from any other user is closed at once. A socket left by a
    daemon that was killed is removed when nobody answers on it; a file there that is not a socket is refused.
    """,
    """
    It logs one line per event on standard error: to the log file when it was started in the background, to the
    journal under systemd. It reads config.json once, at start-up (stride-config(5)): restart it after a change.
    """,
  ]

  /// The three ways the daemon starts.
  static let daemonStarts: [(name: String, meaning: String)] = [
    (
      "On demand",
      "Any stride command that finds nobody listening on the socket starts strided --detach and waits until it "
        + "answers, the way gpg-agent is started; stride --no-autostart fails instead."
    ),
    (
      "By hand",
      "stride daemon start, or strided in a terminal, in the foreground with its log on standard error."
    ),
    (
      "By systemd",
      "stride daemon install writes a socket unit and a service unit into ~/.config/systemd/user; once enabled, "
        + "systemd listens on the socket from login and starts strided on the first connection, passing it the "
        + "socket (LISTEN_FDS) and hearing when it is ready (NOTIFY_SOCKET); no libsystemd is needed."
    ),
  ]

  static let daemonSignals: [(name: String, meaning: String)] = [
    (
      "SIGTERM, SIGINT",
      "Stop accepting, let the requests in flight finish and reply (up to 10 seconds) and a sync pass end, close "
        + "the database, remove the socket it made (one systemd passed is left in place) and release the lock. "
        + "stride daemon stop sends SIGTERM and waits for the lock to be released."
    ),
    ("SIGHUP", "The same: the daemon has no terminal to hang up."),
    ("SIGPIPE", "Ignored, so a client that hangs up never ends the daemon."),
    (
      "SIGKILL",
      "Loses nothing acknowledged; the next start finds the stale socket, removes it and carries on."
    ),
  ]

  static let daemonEnvironment: [(name: String, meaning: String)] = [
    ("STRIDE_SOCKET", "The socket to listen on, when --socket is not given."),
    (
      "STRIDE_SYNC_PASSWORD",
      "The CalDAV password, when the sync account has no password command and no client passed one."
    ),
    (
      "LISTEN_PID, LISTEN_FDS",
      "Socket activation (sd_listen_fds(3)): when LISTEN_PID is the daemon's pid and LISTEN_FDS is at least 1, "
        + "descriptor 3 is its socket. Both are removed, so programs it starts do not take the socket for theirs."
    ),
    (
      "STRIDE_CLOCK_SHIFT",
      "Seconds to run the daemon's clock ahead of the system's (behind, when negative), to see how Stride behaves "
        + "at another moment; tests use it so that they pass on any day. Unset in everyday use."
    ),
    (
      "NOTIFY_SOCKET",
      "Readiness (sd_notify(3)): the daemon sends READY=1 once it serves and STOPPING=1 when a signal starts its "
        + "shutdown."
    ),
  ]

  static let daemonExamples: [(line: String, meaning: String)] = [
    ("strided", "Run in the foreground, with the log on the terminal; Ctrl-C stops it."),
    ("strided --detach", "Start in the background, as stride does on demand, and return once it answers."),
    (
      "strided --socket /tmp/try.sock --data-dir /tmp/try",
      "A second daemon with tasks of its own, for trying things out: stride --socket /tmp/try.sock now."
    ),
    (
      "systemctl --user enable --now \(SystemdUnits.socketName) \(SystemdUnits.serviceName)",
      "After stride daemon install: let systemd start it at login and on first use."
    ),
  ]
}
