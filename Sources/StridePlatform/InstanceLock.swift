import StrideBase

#if canImport(Glibc)
  import Glibc
#endif

/// One daemon per database: an exclusive `flock` on a file beside it, held for the life of the process.
///
/// The kernel drops the lock when the process dies, however it dies, so a crash never leaves a stale lock; but a
/// daemon just stopped or killed may hold it a moment longer while it exits (on a busy machine, for a good part of a
/// second), so a lock that is held is tried again for a while before the refusal. The file holds the owner's pid so
/// the refusal can name it.
public final class InstanceLock {
  private var descriptor: Int32

  /// Takes the lock, waiting up to `patience` seconds for a holder that is on its way out, or says who holds it.
  public init(path: String, patience: Double = 3) throws(StrideError) {
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw StrideError(.storageFailed, "cannot open the lock file \(path): \(System.describe())")
    }
    let deadline = System.uptime + patience
    var taken = flock(descriptor, LOCK_EX | LOCK_NB) == 0
    while !taken, System.uptime < deadline {
      usleep(20_000)
      taken = flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
    guard taken else {
      var buffer = [UInt8](repeating: 0, count: 32)
      let count = pread(descriptor, &buffer, buffer.count, 0)
      let owner = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).trimmingWhitespace
      Glibc.close(descriptor)
      let pid = owner.isEmpty ? "" : " (pid \(owner))"
      throw StrideError(
        .invalidTransition,
        "strided is already running for this database\(pid); stop it with 'stride daemon stop' or use it as it is")
    }
    let pid = "\(getpid())\n"
    _ = ftruncate(descriptor, 0)
    _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
  }

  deinit { release() }

  /// True while some process holds the lock at `path` (without taking it or writing to the file).
  public static func isHeld(path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { Glibc.close(descriptor) }
    return flock(descriptor, LOCK_SH | LOCK_NB) != 0
  }

  /// Gives the lock up. Safe to call more than once.
  public func release() {
    if descriptor >= 0 {
      Glibc.close(descriptor)
      descriptor = -1
    }
  }
}
