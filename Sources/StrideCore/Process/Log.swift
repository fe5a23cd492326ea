import Foundation
import StrideBase
import StrideModel
import StrideProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// The daemon's log: one plain line per event, with the time, on stderr (a file when detached).
public struct Log: Sendable {
  public init() {}

  /// Writes one line. `write(2)` on a single buffer keeps lines from different threads whole.
  public func info(_ message: String) {
    let line = "\(Timestamp.format(Date())) strided: \(message)\n"
    line.withCString { _ = Glibc.write(STDERR_FILENO, $0, strlen($0)) }
  }
}
