import StrideBase

#if canImport(Glibc)
  import Glibc
#endif

/// Where Stride keeps its files, from the XDG base directories (or the overrides a person gives).
///
/// | what | where |
/// |---|---|
/// | database | `$XDG_DATA_HOME/stride/stride.db` (`~/.local/share/stride/stride.db`) |
/// | instance lock | `strided.lock` beside the database |
/// | socket | `$STRIDE_SOCKET`, else `$XDG_RUNTIME_DIR/stride/strided.sock`, else `/tmp/stride-$UID/strided.sock` |
/// | prompt line | the socket's path and `.prompt` (`strided.sock.prompt`), while the daemon runs |
/// | log when detached | `$XDG_STATE_HOME/stride/strided.log` (`~/.local/state/stride/strided.log`) |
/// | settings | `$XDG_CONFIG_HOME/stride/config.json` (`~/.config/stride/config.json`) |
/// | manual pages | `$XDG_DATA_HOME/man/man1/stride.1` (`~/.local/share/man`), and `man8`, `man5` |
public struct StridePaths: Equatable, Sendable {
  public var dataDirectory: String
  public var socket: String
  public var stateDirectory: String
  public var configDirectory: String
  /// Where `stride daemon install` puts the manual pages, in `man1`, `man5` and `man8` below it.
  public var manDirectory: String

  public var database: String { dataDirectory + "/stride.db" }
  public var lockFile: String { dataDirectory + "/strided.lock" }
  public var logFile: String { stateDirectory + "/strided.log" }
  public var configFile: String { configDirectory + "/config.json" }
  /// The prompt line the daemon keeps beside its socket for `stride prompt` (`PromptFile`).
  public var promptFile: String { socket + ".prompt" }
  /// The desktop reminders on screen, kept beside the socket so that the next daemon of this session takes them over.
  public var remindersFile: String { socket + ".reminders" }

  /// Resolves every path from an environment; `socket` and `dataDirectory` override the defaults.
  public init(environment: [String: String], socket: String? = nil, dataDirectory: String? = nil) {
    let home = environment["HOME"].flatMap(Self.absolute) ?? "/"
    func base(_ variable: String, _ fallback: String) -> String {
      environment[variable].flatMap(Self.absolute) ?? home + "/" + fallback
    }
    self.dataDirectory = dataDirectory.map(Self.makeAbsolute) ?? base("XDG_DATA_HOME", ".local/share") + "/stride"
    stateDirectory = base("XDG_STATE_HOME", ".local/state") + "/stride"
    configDirectory = base("XDG_CONFIG_HOME", ".config") + "/stride"
    manDirectory = base("XDG_DATA_HOME", ".local/share") + "/man"
    self.socket =
      socket.map(Self.makeAbsolute) ?? environment["STRIDE_SOCKET"].flatMap { $0.isEmpty ? nil : Self.makeAbsolute($0) }
      ?? Self.defaultSocket(environment)
  }

  /// The socket path when nothing overrides it.
  package static func defaultSocket(_ environment: [String: String]) -> String {
    if let runtime = environment["XDG_RUNTIME_DIR"].flatMap(absolute) {
      return runtime + "/stride/strided.sock"
    }
    return "/tmp/stride-\(getuid())/strided.sock"
  }

  /// XDG says relative paths in these variables are invalid and must be ignored.
  private static func absolute(_ path: String) -> String? {
    path.hasPrefix("/") ? path : nil
  }

  private static func makeAbsolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : System.currentDirectory + "/" + path
  }

  /// Whether the socket sits in a directory Stride chose (and so must guard), rather than one a person named.
  public func socketDirectoryIsStrides(environment: [String: String]) -> Bool {
    socket == Self.defaultSocket(environment)
  }
}

/// Directory checks, like tmux makes for its socket directory.
public enum PrivateDirectory {
  /// Creates `path` (and its parents) with mode 0700 if missing. With `strict`, an existing directory must be a
  /// real directory, not a symlink, owned by this user and closed to everyone else; otherwise it is refused.
  public static func prepare(_ path: String, strict: Bool) throws(StrideError) {
    var info = stat()
    if lstat(path, &info) != 0 {
      guard errno == ENOENT else { throw failure(path, "cannot be examined: \(System.describe())") }
      do {
        try System.makeDirectories(path, mode: 0o700)
      } catch {
        throw failure(path, "could not be created: \(error)")
      }
      guard lstat(path, &info) == 0 else { throw failure(path, "vanished right after it was created") }
    }
    guard strict else { return }
    if (info.st_mode & S_IFMT) == S_IFLNK {
      throw failure(path, "is a symbolic link, which someone else could point elsewhere; remove it")
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else { throw failure(path, "is not a directory; remove it") }
    guard info.st_uid == getuid() else {
      throw failure(path, "belongs to user \(info.st_uid), not you; remove it or set XDG_RUNTIME_DIR")
    }
    guard info.st_mode & 0o077 == 0 else {
      throw failure(path, "can be opened by other users; run: chmod 700 \(path)")
    }
  }

  private static func failure(_ path: String, _ detail: String) -> StrideError {
    StrideError(.storageFailed, "the directory \(path) \(detail)")
  }
}
