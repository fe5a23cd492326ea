import StrideBase

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a helper program with input on stdin and collects its stdout, within a time limit.
public enum ExternalCommand {
  /// The program's standard output, or nil if it could not start, failed, wrote more than `limit` bytes, or did
  /// not finish within `timeout` seconds (then it is killed). Its stderr goes to the daemon's own.
  public static func run(_ command: [String], input: [UInt8], timeout: Double, limit: Int = 256 * 1024) -> [UInt8]? {
    guard let child = start(command, capturingOutput: true, newProcessGroup: true), let fromChild = child.output else {
      return nil
    }
    defer { close(fromChild) }
    // The input is small; a child that does not read it simply sees it in the pipe.
    writeIgnoringBrokenPipe(child.input, input.prefix(60 * 1024))
    close(child.input)

    let deadline = System.uptime + timeout
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    var finished = false
    while !finished {
      let remaining = deadline - System.uptime
      guard remaining > 0, output.count <= limit else { break }
      var poller = pollfd(fd: fromChild, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000))
      if ready < 0 && errno != EINTR { break }
      guard ready > 0 else { continue }
      let count = read(fromChild, &buffer, buffer.count)
      if count > 0 {
        output += buffer.prefix(count)
      } else if count == 0 || errno != EINTR {
        finished = true
      }
    }
    // The helper has a process group of its own: a timeout ends it and whatever it started.
    if !finished || output.count > limit { kill(-child.pid, SIGKILL) }
    let status = waitStatus(child.pid)
    return finished && status == 0 && output.count <= limit ? output : nil
  }

  /// Runs `command` (`/bin/sh -c` and a command line, say) with `input` on its standard input and this process's
  /// output and terminal, and waits for it to end: a pager. Its exit status, or nil when it could not start. A program
  /// that stops reading early (a pager quit before the end) is no error.
  public static func feed(_ input: [UInt8], to command: [String]) -> Int32? {
    guard let child = start(command, capturingOutput: false, newProcessGroup: false) else { return nil }
    writeIgnoringBrokenPipe(child.input, input[...])
    close(child.input)
    return waitStatus(child.pid)
  }

  /// A started program: its pid, the write end of its stdin, and the read end of its stdout when that was asked for.
  private struct Child {
    var pid: pid_t
    var input: Int32
    var output: Int32?
  }

  /// Starts `command` (found through PATH) with a pipe on its stdin, and on its stdout when `capturingOutput`; nil
  /// when it could not start.
  private static func start(_ command: [String], capturingOutput: Bool, newProcessGroup: Bool) -> Child? {
    guard let program = command.first else { return nil }
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = []
    guard pipe(&toChild) == 0 else { return nil }
    if capturingOutput {
      fromChild = [0, 0]
      guard pipe(&fromChild) == 0 else {
        toChild.forEach { close($0) }
        return nil
      }
    }
    // Close-on-exec, so no other program started meanwhile keeps our pipe open (the child gets its own copies
    // on 0 and 1). Swift's Glibc module has no pipe2.
    for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    if capturingOutput { posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1) }
    let argv = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let started = Spawn.withChildAttributes(newProcessGroup: newProcessGroup) { attributes in
      posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
    }
    close(toChild[0])
    if capturingOutput { close(fromChild[1]) }
    guard started == 0 else {
      close(toChild[1])
      if capturingOutput { close(fromChild[0]) }
      return nil
    }
    return Child(pid: pid, input: toChild[1], output: capturingOutput ? fromChild[0] : nil)
  }

  /// Waits for `pid` to end: its exit status, or 128 and the signal that ended it, as a shell says it.
  private static func waitStatus(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }

  /// Writes to a pipe whose reader may already be gone, without SIGPIPE ending this process: the signal is
  /// blocked in this thread for the write, and a pending one is consumed.
  private static func writeIgnoringBrokenPipe(_ descriptor: Int32, _ data: ArraySlice<UInt8>) {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    try? System.write(data, to: descriptor)
    var pending = sigset_t()
    sigpending(&pending)
    if sigismember(&pending, SIGPIPE) == 1 {
      var immediately = timespec()
      sigtimedwait(&pipeSignal, nil, &immediately)
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }
}
