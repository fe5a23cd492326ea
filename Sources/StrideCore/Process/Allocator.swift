#if canImport(Glibc)
  import Glibc
#endif

/// How the C library's allocator gives freed memory back to the system: set once, first thing as the daemon starts.
///
/// By default glibc raises the size from which it serves a block by `mmap` each time such a block is freed (up to
/// 32 MiB), and keeps free space at the top of a heap until twice that is free. So once a large block was freed,
/// the large blocks of later requests came from the heap and their space stayed with the daemon for good: at
/// 100,000 open tasks, 27 MB of heap after start-up became 48–64 MB after one `task.list` and a few captures
/// (Docs/benchmarks.md, issue 58, item 3).
/// Fixed sizes end that: a block of 4 MiB or more is mapped and unmapped on its own, and free space at a heap's top
/// beyond 8 MiB goes back. The ranking's lists (2 MB at 100,000 tasks) stay under the first, so a `now` still reuses
/// memory already touched.
public enum Allocator {
  /// A block this large or larger is mapped on its own and given back when freed.
  public static let mappedFrom: Int32 = 4 << 20
  /// Free space at the top of a heap beyond this goes back to the system.
  public static let trimmedBeyond: Int32 = 8 << 20

  public static func giveBackFreedMemory() {
    #if canImport(Glibc)
      // glibc's mallopt and its parameters' numbers (malloc.h, which the Glibc module does not include).
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      let (mmapThreshold, trimThreshold): (Int32, Int32) = (-3, -1)
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
      _ = mallopt(mmapThreshold, mappedFrom)
      _ = mallopt(trimThreshold, trimmedBeyond)
    #endif
  }
}
