import StrideBase

#if canImport(Glibc)
  import Glibc
#endif

extension System {
  /// Runs `body` on a thread of its own that nobody joins (a POSIX thread, as Foundation's `Thread` makes one).
  public static func startThread(_ body: @escaping @Sendable () -> Void) {
    final class Work: Sendable {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
        return nil
      }, work)
    guard started == 0 else {
      Unmanaged<Work>.fromOpaque(work).release()
      fatalError("could not start a thread: \(describe(started))")
    }
    pthread_detach(thread)
  }
}
