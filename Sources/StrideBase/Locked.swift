#if canImport(Glibc)
  import Glibc
#endif

/// A value only one thread touches at a time, like the standard library's `Mutex`, but on a `pthread_mutex_t`.
///
/// On Linux the standard library's `Mutex` waits on a futex that ThreadSanitizer cannot see, so under
/// `swift test --sanitize=thread` every value it guards is reported as a data race (Swift 6.3; Docs/reliability.md).
/// ThreadSanitizer sees pthread's mutex, so with this lock its reports are the real ones.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var value: Value

  public init(_ value: consuming Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
