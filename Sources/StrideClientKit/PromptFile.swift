import StrideBase
import StrideJSON
import StridePlatform
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// The prompt line the daemon keeps in a file beside its socket: `now.prompt`'s result, one JSON line, with the moment
/// it was worked out for (`from`) and the daemon's `pid`. `stride prompt` runs before every shell prompt, so it reads
/// the line there, with no round trip to the daemon, while the line holds. The daemon writes it whenever it works out
/// the plain now-list, and removes it the moment a task or the context changes, before that change's reply goes out,
/// and when it stops; time alone ends it at its `until`.
public enum PromptFile {
  /// The line kept at `path`, if there is one that holds at `now` (seconds since 1970). Nil when there is none, the
  /// clock is outside its span (run out, or set back), its daemon is gone (killed, it could not remove the file), it
  /// cannot be read, or it is not this user's own regular file.
  public static func read(_ path: String, now: Double) -> NowPrompt.Result? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else { return nil }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0, count < bytes.count, let json = try? JSONReader.parse(bytes[0..<count]),
      let line = try? NowPrompt.Result(json: json), let fields = try? JSONFields(json, "the prompt line's file"),
      let from: Timestamp = try? fields("from"), let pid: Int = try? fields("pid"),
      from.secondsSince1970 <= now, now < line.until.secondsSince1970,
      let daemon = pid_t(exactly: pid), System.isRunning(daemon)
    else { return nil }
    return line
  }
}
