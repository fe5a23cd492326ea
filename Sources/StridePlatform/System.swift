import StrideBase

#if canImport(Glibc)
  import Glibc
#endif

/// What Stride asks of the operating system, through Glibc: the environment, directories and files, a clock that
/// only moves forward. No Foundation, so `stride` starts as fast as a process can.
public enum System {
  /// This process's environment; a name given twice keeps its last value, as Foundation's `ProcessInfo` does (so a
  /// daemon started with it agrees with a client that read `ProcessInfo`).
  public static var environment: [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      // Found as a byte: a search by Character costs more than the rest of a short command's start.
      if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
        let name = UnsafeBufferPointer(
          start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: equals - pointer)
        variables[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
      }
      entry += 1
    }
    return variables
  }

  /// The working directory ("/" if it has been removed from under us).
  public static var currentDirectory: String {
    guard let path = getcwd(nil, 0) else { return "/" }
    defer { free(path) }
    return String(cString: path)
  }

  /// What `errno` (or a returned error number) means, in the C library's words ("No such file or directory").
  public static func describe(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

  /// Creates `path` and any missing parents with exactly `mode` whatever the umask, as `mkdir -p`.
  public static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(Failure) {
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, mode) == 0 {
        chmod(prefix, mode)
      } else if errno != EEXIST {
        throw Failure()
      }
    }
  }

  /// The names in a directory, without `.` and `..`; empty when it cannot be read.
  public static func entries(of directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      // Through a pointer: an entry is only as long as its name, so copying the whole 256-byte field reads past it.
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether `path` is a regular file this process may run.
  public static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
  }

  /// Where a symbolic link points; nil when `path` is not one.
  public static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The name of this process's time zone ("Europe/Berlin"), as the C library finds it: `TZ` (a leading `:` and a
  /// zoneinfo path are read as the name they hold; empty is UTC), else where `/etc/localtime` links. Nil when
  /// neither says, or `TZ` is a file outside the zoneinfo database.
  public static func timeZoneName(environment: [String: String], localtime: String = "/etc/localtime") -> String? {
    func zoneName(inPath path: String) -> String? {
      guard let range = path.firstRange(ofText: "zoneinfo/") else { return nil }
      let name = String(path[range.upperBound...])
      // Debian's posix/ and right/ trees hold the same zones under another name.
      for tree in ["posix/", "right/"] where name.hasPrefix(tree) { return String(name.dropFirst(tree.count)) }
      return name.isEmpty ? nil : name
    }
    if var name = environment["TZ"] {
      if name.hasPrefix(":") { name.removeFirst() }
      if name.isEmpty { return "UTC" }
      return name.hasPrefix("/") ? zoneName(inPath: name) : name
    }
    return linkTarget(localtime).flatMap(zoneName(inPath:))
  }

  /// The directory part of a path, as `dirname` ("/usr/bin/stride" → "/usr/bin", "stride" → ".").
  public static func parent(of path: String) -> String {
    let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// `path` made absolute (from the working directory) with its `.`, `..` and repeated slashes worked out, as
  /// Foundation's `standardizedFileURL` does; symbolic links are left as they are.
  public static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    for part in absolute.split(separator: "/") where part != "." {
      if part == ".." {
        _ = parts.popLast()
      } else {
        parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// Seconds since 1970 on the wall clock (CLOCK_REALTIME): the time as the daemon reads it too.
  public static var secondsSince1970: Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Seconds on a clock that never jumps (CLOCK_MONOTONIC), for deadlines and timeouts.
  public static var uptime: Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
