import Foundation
import StrideModel
import StrideProtocol

/// The terminal session a process runs in, as a name that stays the same for everything typed in one terminal (its
/// shell, each `stride` command, the Now view) and differs between terminals: what `undo` means by "here".
///
/// Read from Linux's `/proc`: the session id, with the start time of the session's leader, so that a session id
/// the system hands out again later is not taken for the same session.
public enum TerminalSession {
  /// The session of process `pid`; nil where `/proc` does not say.
  ///
  /// Session 0 is a session whose leader lives outside this PID namespace (a container entered with `exec`): every
  /// process in it shares that one session, and a process that calls `setsid` leaves it as it would any other.
  public static func of(pid: pid_t) -> String? {
    guard let session = stat(of: pid)?.session, session >= 0 else { return nil }
    guard session > 0 else { return "session 0 outside this namespace" }
    return "session \(session) started \(stat(of: session)?.started ?? 0)"
  }

  /// The session id and start time (in clock ticks since boot) from `/proc/PID/stat`.
  private static func stat(of pid: pid_t) -> (session: pid_t, started: UInt64)? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    // After the command's name in parentheses: state, ppid, pgrp, session, …, and the start time 20th.
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let session = pid_t(fields[3]), let started = UInt64(fields[19]) else { return nil }
    return (session, started)
  }
}
