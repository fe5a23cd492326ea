#if canImport(Glibc)
  import Glibc
#endif

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
    guard let session = ProcessStat(pid)?.session, session >= 0 else { return nil }
    guard session > 0 else { return "session 0 outside this namespace" }
    return "session \(session) started \(ProcessStat(session)?.started ?? 0)"
  }
}

/// What Linux's `/proc/PID/stat` says of a process: its state, its session and when it started (in clock ticks since
/// boot). Read as bytes: the daemon asks for every connection, and String's character-by-character search cost more
/// than the rest of a `now`.
struct ProcessStat {
  var state: UInt8
  var session: pid_t
  var started: UInt64

  /// Nil where `/proc` does not say (no such process).
  init?(_ pid: pid_t) {
    let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 1024)
    let count = read(descriptor, &bytes, bytes.count)
    guard count > 0, let name = bytes[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    // After the command's name in parentheses: state, ppid, pgrp, session, …, and the start time 20th.
    let fields = bytes[(name + 1)..<count].split(separator: UInt8(ascii: " "), maxSplits: 21)
    func number<Value: FixedWidthInteger>(_ index: Int) -> Value? {
      fields.count > index ? Value(String(decoding: fields[index], as: UTF8.self)) : nil
    }
    guard let state = fields.first?.first, let session: pid_t = number(3), let started: UInt64 = number(19) else {
      return nil
    }
    (self.state, self.session, self.started) = (state, session, started)
  }
}

extension System {
  /// Whether process `pid` runs: it exists and has not exited (a zombie, not yet reaped, has).
  public static func isRunning(_ pid: pid_t) -> Bool {
    guard let state = ProcessStat(pid)?.state else { return false }
    return state != UInt8(ascii: "Z") && state != UInt8(ascii: "X")
  }
}
