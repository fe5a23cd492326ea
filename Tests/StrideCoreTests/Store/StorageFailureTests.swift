import Foundation
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

#if canImport(Glibc)
  import Glibc
#endif

/// A full disk, a read-only database and a torn write: a clear error, and never a reply that claims a change that
/// was not stored.
@Suite("Storage failures", .serialized)
struct StorageFailureTests {
  /// Whether this process may mount a filesystem: root, with the right to mount (root in an unprivileged container
  /// has not), tried once on a scratch directory.
  static let canMount: Bool = {
    guard getuid() == 0, let directory = try? mount(size: "64k") else { return false }
    unmount(directory)
    return true
  }()

  /// Mounts a small tmpfs on a new directory; unmounted by `unmount`.
  static func mount(size: String) throws -> String {
    let directory = Fixtures.temporaryDirectory()
    let outcome = CommandLineHarness().run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=700", "tmpfs", directory])
    guard outcome.status == 0 else { throw StrideError(.internalError, "mount failed: \(outcome.stderr)") }
    return directory
  }

  static func remount(_ directory: String, _ options: String) {
    _ = CommandLineHarness().run("/bin/mount", ["-o", "remount,\(options)", directory])
  }

  static func unmount(_ directory: String) {
    _ = CommandLineHarness().run("/bin/umount", ["-l", directory])
  }

  @Test(
    "a full disk gives a clear storage error; nothing half-stored, and the store agrees with the disk",
    .enabled(
      if: canMount, "skipped: needs the right to mount a tiny filesystem (root, not in an unprivileged container)"))
  func fullDisk() throws {
    let directory = try Self.mount(size: "1m")
    defer { Self.unmount(directory) }
    let path = directory + "/stride.db"
    let store = try TaskStore(path: path)
    let padding = String(repeating: "x", count: 6_000)
    var acknowledged: [TaskID] = []
    var failure: StrideError?
    for n in 0..<500 {
      do {
        let draft = TaskDraft(title: "thought \(n)", rawInput: "thought \(n) \(padding)")
        acknowledged.append(try store.capture(draft, at: Fixtures.now).id)
      } catch {
        failure = error
        break
      }
    }
    let error = try #require(failure, "the disk never filled")
    // Filled midway, not by the empty database itself (400 kB was once enough; a fresh database's schema grew).
    #expect(acknowledged.count > 5, "the disk filled after \(acknowledged.count) tasks")
    #expect(error.code == .storageFailed)
    #expect(error.message.contains("could not be written"), "\(error.message)")
    #expect(error.message.contains("nothing was changed"))
    #expect(store.openCount == acknowledged.count, "memory holds only what was stored")
    // A completion needs less room than a capture: it may still fit in the pages the log has free. Either it is
    // refused and changes nothing, or it is acknowledged and stays.
    var stillOpen = acknowledged
    do {
      _ = try store.apply(.complete(acknowledged[0]), at: Fixtures.now)
      stillOpen.removeFirst()
    } catch {
      #expect(error.code == .storageFailed)
      #expect(
        try store.task(acknowledged[0], at: Fixtures.now).status == .active, "a failed completion changes nothing")
    }
    store.close()
    Self.remount(directory, "size=8m")
    let reopened = try TaskStore(path: path)
    #expect(reopened.open(at: Fixtures.now).map(\.id) == stillOpen)
    #expect(try SQLiteDatabase(path: path).text("PRAGMA integrity_check") == "ok")
    // With room again, writing works again.
    _ = try reopened.capture(Fixtures.draft("after the disk was freed"), at: Fixtures.now)
    reopened.close()
  }

  @Test(
    "a read-only database: the daemon does not start, and the client says why",
    .enabled(
      if: canMount, "skipped: needs the right to mount a read-only filesystem (root, not in an unprivileged container)")
  )
  func readOnly() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    let data = cli.root + "/data"
    mkdir(data, 0o700)
    _ = cli.run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m,mode=700", "tmpfs", data])
    defer { Self.unmount(data) }
    #expect(cli.stride("add", "something to keep").status == 0)
    #expect(cli.stride("daemon", "stop").status == 0)
    Self.remount(data, "ro")
    let outcome = cli.stride("now")
    #expect(outcome.status == 69)
    #expect(outcome.stderr.contains("strided did not start"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("Read-only file system"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains(cli.root + "/data/stride"), "the message names where")
    Self.remount(data, "rw")
    #expect(cli.stride("now").stdout.contains("something to keep"))
  }

  @Test("a torn write at the end of the WAL after a crash loses nothing acknowledged")
  func tornWAL() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    for n in 1...10 { #expect(cli.stride("add", "thought \(n)").status == 0) }
    let pid = try #require(cli.daemonPID())
    kill(pid, SIGKILL)
    while kill(pid, 0) == 0 { usleep(5_000) }
    // A frame that was being written when the power went: garbage after the last committed frame.
    var random = SeededRandom(5)
    let garbage = Data((0..<3_000).map { _ in UInt8.random(in: 0...255, using: &random) })
    let wal = try #require(FileHandle(forWritingAtPath: cli.database + "-wal"), "no WAL left by the crash")
    wal.seekToEndOfFile()
    wal.write(garbage)
    try wal.close()
    let listed = cli.stride("list", "--json")
    #expect(listed.status == 0, "\(listed.stderr)")
    let titles = try JSONDecoder().decode(Wire.TaskListResult.self, from: Data(listed.stdout.utf8)).tasks.map(\.title)
    #expect(titles == (1...10).map { "thought \($0)" })
    #expect(try SQLiteDatabase(path: cli.database).text("PRAGMA integrity_check") == "ok")
  }
}
