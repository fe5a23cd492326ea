import StrideBase

#if canImport(Glibc)
  import Glibc
#endif

extension System {
  /// Why a file or a stream could not be read or written, in the C library's words.
  public struct Failure: Error, CustomStringConvertible {
    public var code: Int32
    public init(code: Int32 = errno) { self.code = code }
    /// "No such file or directory".
    public var description: String { System.describe(code) }
  }

  /// The standard streams.
  public static let standardInput: Int32 = 0
  public static let standardOutput: Int32 = 1
  public static let standardError: Int32 = 2

  /// Everything `descriptor` gives until its end (standard input until end of file).
  public static func readToEnd(_ descriptor: Int32) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += buffer.prefix(count)
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw Failure()
      }
    }
  }

  /// The whole file at `path`.
  public static func contents(of path: String) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Failure() }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(code: EISDIR) }
    return try readToEnd(descriptor)
  }

  /// Writes all of `bytes` to `descriptor`, however many writes it takes.
  public static func write(_ bytes: some Collection<UInt8>, to descriptor: Int32) throws(Failure) {
    let failed: Int32? =
      bytes.withContiguousStorageIfAvailable { buffer in
        writeAll(UnsafeRawBufferPointer(buffer), to: descriptor)
      } ?? Array(bytes).withUnsafeBytes { writeAll($0, to: descriptor) }
    if let failed { throw Failure(code: failed) }
  }

  private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < buffer.count {
      let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if count >= 0 {
        offset += count
      } else if errno != EINTR {
        return errno
      }
    }
    return nil
  }

  /// Replaces the file at `path` with `bytes` all at once: written to a new file beside it, flushed to the disk and
  /// renamed over it, so a reader (or a crash) sees the old file or the new one, never half of one. A new file gets
  /// `mode` (less the umask); one that is replaced keeps its own. `durable: false` leaves out the flushes, for a file
  /// that need not outlive the machine's running (readers still see it whole).
  public static func replaceFile(
    _ path: String, with bytes: some Collection<UInt8>, mode: mode_t = 0o644, durable: Bool = true
  ) throws(Failure) {
    var info = stat()
    let keptMode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    // Ours by its name: one left by a process that had this pid and was killed mid-write goes.
    let temporary = "\(path).\(getpid()).new"
    unlink(temporary)
    // A new file gets `mode` less the umask, as open(2) applies it.
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw Failure() }
    do throws(Failure) {
      defer { close(descriptor) }
      if let keptMode { fchmod(descriptor, keptMode) }
      try write(bytes, to: descriptor)
      guard !durable || fsync(descriptor) == 0 else { throw Failure() }
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let failure = Failure()
      unlink(temporary)
      throw failure
    }
    // The rename itself is on the disk once the directory is.
    guard durable else { return }
    let directory = open(System.parent(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }
}
