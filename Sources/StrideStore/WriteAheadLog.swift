import Foundation
import StrideBase
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The database's write-ahead log, synced to disk by its owner rather than by SQLite inside each `COMMIT`.
///
/// SQLite in WAL mode with `synchronous = NORMAL` writes a commit's pages to the log and syncs the log only before a
/// checkpoint copies it into the database (and the log's header when it starts again), so a commit is whole and in
/// order but may not yet be on the disk. Calling `sync()` after the commit, before anything about it is told to
/// anyone, makes it exactly as durable as `synchronous = FULL` would have: one `fdatasync` of the log, which covers
/// every commit whose pages were written before the call. What this gains is *when* the sync happens: after the
/// store's lock is let go of, so the next group of changes is made while this one's pages go to the disk
/// (`StoreLock`).
package final class WriteAheadLog: Sendable {
  /// The log's path: the database's path with `-wal`, as SQLite names it.
  package let path: String
  /// A descriptor of the log's file, opened at the first sync and again if the file at `path` is another one.
  /// Closing it releases no lock of SQLite's: SQLite locks the database and its `-shm` file, never the log.
  private let file = Mutex<Int32>(-1)

  init(databasePath: String) {
    path = databasePath + "-wal"
  }

  deinit {
    file.withLock { descriptor in
      if descriptor >= 0 { close(descriptor) }
    }
  }

  /// Puts every commit written to the log so far on the disk. Throws when the log is gone (it cannot be, while the
  /// daemon's connection is open, unless something removed it) or the disk reports an error: then the commits since
  /// the last sync that succeeded may not be on the disk, and must not be reported as stored.
  package func sync() throws(StrideError) {
    let failure: String? = file.withLock { descriptor in
      if !Self.names(descriptor, path) {
        if descriptor >= 0 { close(descriptor) }
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "the write-ahead log \(path) could not be opened: \(Self.reason(errno))" }
      }
      while fdatasync(descriptor) != 0 {
        guard errno == EINTR else { return "the disk reported an error (\(Self.reason(errno)))" }
      }
      return nil
    }
    if let failure {
      throw StrideError(
        .storageFailed,
        "the changes could not be put on the disk: \(failure). Nothing more is stored until the daemon starts again: "
          + "check the disk, then run 'stride daemon stop'")
    }
  }

  /// Whether `descriptor` is open on the file `path` names now.
  private static func names(_ descriptor: Int32, _ path: String) -> Bool {
    guard descriptor >= 0 else { return false }
    var opened = stat()
    var named = stat()
    guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0 else { return false }
    return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

extension SQLiteDatabase {
  /// Leaves the sync of each commit to the caller, who must call the returned log's `sync()` after a commit and
  /// before telling anyone of it (`StoreLock` does, for the daemon). Until then, as when the database is opened,
  /// every `COMMIT` syncs the log itself.
  package func syncCommitsLater() throws(StrideError) -> WriteAheadLog {
    guard try text("PRAGMA journal_mode")?.lowercased() == "wal" else {
      throw storageError("the database is not in write-ahead logging, so its commits cannot be synced apart")
    }
    try execute("PRAGMA synchronous = NORMAL")
    // A checkpoint runs inside the commit that fills the log to this many pages, under the store's lock, and costs
    // three syncs (the log, the database, the log's new header) and the database pages it copies: at SQLite's 1,000
    // it came every 60 captures, 5% of the syncs. At 4,000 (a log of up to 16 MB) it comes a quarter as often, and
    // copies the pages rewritten meanwhile (the same index pages, again and again) once.
    try execute("PRAGMA wal_autocheckpoint = 4000")
    return WriteAheadLog(databasePath: path)
  }
}

extension TaskStore {
  /// How many write transactions the store has committed (or begun to): what a sync of its log must cover.
  package var commits: Int { database.commits }

  /// Leaves the sync of each commit to the caller, who syncs the returned log before telling anyone of a commit
  /// (`SQLiteDatabase.syncCommitsLater`).
  package func syncCommitsLater() throws(StrideError) -> WriteAheadLog { try database.syncCommitsLater() }
}
