import StrideModel
import StrideProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// Termination signals, taken synchronously by one thread with `sigwait` instead of by an async handler.
public enum TerminationSignals {
  /// Blocks SIGTERM, SIGINT and SIGHUP in the calling thread and every thread it starts afterwards, and ignores
  /// SIGPIPE (a peer that hangs up must not kill the daemon). Call first thing in `main`.
  public static func block() {
    signal(SIGPIPE, SIG_IGN)
    var set = signals()
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  /// Waits until one of the blocked signals arrives and returns it.
  public static func wait() -> Int32 {
    var set = signals()
    var received: Int32 = 0
    while sigwait(&set, &received) != 0 {}
    return received
  }

  /// The signal's name for the log.
  public static func name(_ signal: Int32) -> String {
    switch signal {
    case SIGTERM: "SIGTERM"
    case SIGINT: "SIGINT"
    case SIGHUP: "SIGHUP"
    default: "signal \(signal)"
    }
  }

  private static func signals() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGHUP)
    return set
  }
}
