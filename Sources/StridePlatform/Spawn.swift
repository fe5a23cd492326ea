import StrideBase

#if canImport(Glibc)
  import Glibc
#endif

/// Starting another program in the background, in a session of its own so it outlives the terminal.
public enum Spawn {
  /// glibc's POSIX_SPAWN_SETSID, which Swift's Glibc module does not export.
  private static let setSessionFlag: Int16 = 0x80

  /// Starts `executable` with `arguments`, stdin from /dev/null and stdout and stderr appended to `output`
  /// (nil: /dev/null). Returns the child's pid.
  public static func detached(
    executable: String, arguments: [String], output: String?, environment: [String: String]? = nil
  ) throws(StrideError) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    let target = output ?? "/dev/null"
    posix_spawn_file_actions_addopen(&actions, 1, target, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // A daemon must not keep its starter's pipes or files open (a caller reading our output to its end would
    // wait for the daemon to exit). glibc ignores a close action for a descriptor that is already closed.
    for descriptor in openDescriptors() where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let env = (environment ?? System.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }

    var pid: pid_t = 0
    let result = withChildAttributes(newSession: true) { attributes in
      posix_spawn(&pid, executable, &actions, &attributes, argv, env)
    }
    guard result == 0 else {
      throw StrideError(.internalError, "could not start \(executable): \(System.describe(result))")
    }
    return pid
  }

  /// Runs `body` with spawn attributes for a child that starts clean: no blocked signals (the daemon blocks its
  /// termination signals for `sigwait`) and SIGPIPE back at its default (the daemon ignores it).
  package static func withChildAttributes<T>(
    newSession: Bool = false, newProcessGroup: Bool = false, _ body: (inout posix_spawnattr_t) -> T
  ) -> T {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | (newSession ? setSessionFlag : 0)
    if newProcessGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= Int16(POSIX_SPAWN_SETPGROUP)
    }
    posix_spawnattr_setflags(&attributes, flags)
    return body(&attributes)
  }

  /// This process's open file descriptors.
  private static func openDescriptors() -> [Int32] {
    System.entries(of: "/proc/self/fd").compactMap { Int32($0) }
  }

  /// The full path of the program `name` in the first directory of `path` (a `PATH` value) that holds it as an
  /// executable file.
  public static func program(_ name: String, inPath path: String?) -> String? {
    for directory in (path ?? "").split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if System.isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  /// The directory of the running executable, from /proc/self/exe.
  public static func executableDirectory() -> String? {
    System.linkTarget("/proc/self/exe").map(System.parent)
  }
}
