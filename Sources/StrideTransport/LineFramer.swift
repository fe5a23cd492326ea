import StrideBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a byte stream into lines: one message per `\n`-terminated line.
///
/// A trailing `\r` is dropped and blank lines are skipped. A line longer than `maxLineBytes` is reported once as
/// `.tooLong`, after which the framer yields nothing more: the connection is to be closed.
public struct LineFramer {
  /// What the framer found in the bytes it was given.
  public enum Frame: Equatable {
    case line([UInt8])
    case tooLong
  }

  public let maxLineBytes: Int
  private var buffer: [UInt8] = []
  /// Where the search for the next newline resumes, so no byte is scanned twice.
  private var scanned = 0
  private var failed = false

  public init(maxLineBytes: Int) {
    self.maxLineBytes = maxLineBytes
  }

  /// Adds bytes read from the connection and returns every complete line they finish.
  public mutating func append(_ bytes: [UInt8]) -> [Frame] { append(bytes[...]) }

  /// Adds bytes read from the connection and returns every complete line they finish. Not generic: a client
  /// built for size would run the unspecialized copy, whose first call asks the runtime for the sequence's types.
  public mutating func append(_ bytes: ArraySlice<UInt8>) -> [Frame] {
    guard !failed else { return [] }
    buffer.append(contentsOf: bytes)
    var frames: [Frame] = []
    var lineStart = 0
    while let newline = Self.newline(in: buffer, from: scanned) {
      var end = newline
      if end > lineStart, buffer[end - 1] == 0x0D { end -= 1 }
      if end - lineStart > maxLineBytes {
        failed = true
        buffer.removeAll()
        return frames + [.tooLong]
      }
      if end > lineStart { frames.append(.line(Array(buffer[lineStart..<end]))) }
      lineStart = newline + 1
      scanned = lineStart
    }
    buffer.removeFirst(lineStart)
    scanned = buffer.count
    // A partial line may still grow by a `\r` that is not counted; anything past that is too long already.
    if buffer.count > maxLineBytes + 1 {
      failed = true
      buffer.removeAll()
      frames.append(.tooLong)
    }
    return frames
  }

  /// The index of the first `\n` in `bytes` from `start` on: found by `memchr`, a long reply's lines being megabytes.
  private static func newline(in bytes: [UInt8], from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, let found = memchr(base + start, 0x0A, buffer.count - start) else {
        return nil
      }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Bytes received after the last complete line.
  public var pendingByteCount: Int { buffer.count }
}
