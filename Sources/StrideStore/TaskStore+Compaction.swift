import Foundation
import StrideBase

/// The history's compaction and the space it gives back, a small step at a time so that no request waits long
/// for one (`History+Compaction.swift` says what a compacted row keeps).
extension TaskStore {
  /// How many rows one step of compaction cuts down, in one transaction: a few milliseconds.
  public static let compactionBatch = 500
  /// How many free pages one step of the incremental vacuum gives back (4 KiB each: 512 KB). Each page given back
  /// from the middle of the file moves one from its end: 512 pages a step took up to 680 ms on the decade's 1.9 GB
  /// file on a loaded machine, so a step is kept to 128.
  public static let vacuumPages = 128

  /// Cuts down the whole rows of the history older than `undoDays` days before `now` (at most
  /// `compactionBatch`, in one transaction) and returns how many it cut; fewer than the batch: none are left.
  public func compactHistory(undoDays: Double, at now: Date) throws(StrideError) -> Int {
    let cutoff = now.addingTimeInterval(-Seconds.days(undoDays))
    return try database.transaction { () throws(StrideError) -> Int in
      try history.compact(before: cutoff, limit: Self.compactionBatch)
    }
  }

  /// Whether rows older than `undoDays` days before `now` are left to compact.
  public func historyToCompact(undoDays: Double, at now: Date) throws(StrideError) -> Bool {
    try history.compactable(before: now.addingTimeInterval(-Seconds.days(undoDays)))
  }

  /// The free pages in the file, which the incremental vacuum can give back.
  public func freePages() throws(StrideError) -> Int {
    Int(try database.integer("PRAGMA freelist_count"))
  }

  /// Gives back at most `vacuumPages` free pages to the file system (they leave the file at the next checkpoint)
  /// and returns how many are left. A file made before schema 16 has no incremental vacuum until its one full
  /// `VACUUM` (`vacuumWhole`); there it gives back nothing and returns the free pages as they are.
  @discardableResult
  public func vacuumStep() throws(StrideError) -> Int {
    if try incrementalVacuum { try database.execute("PRAGMA incremental_vacuum(\(Self.vacuumPages))") }
    return try freePages()
  }

  /// Whether the file gives its free pages back a step at a time (`PRAGMA auto_vacuum` is INCREMENTAL).
  public var incrementalVacuum: Bool {
    get throws(StrideError) { try database.integer("PRAGMA auto_vacuum") == 2 }
  }

  /// Rewrites the whole file once, which gives back every free page and turns the incremental vacuum on for a file
  /// made before schema 16 (`Schema.prepare` asks for it; only a VACUUM makes it so). It takes as long as copying
  /// the file: the compactor runs it once, when compaction has left most of the file free.
  public func vacuumWhole() throws(StrideError) {
    try database.execute("PRAGMA auto_vacuum = INCREMENTAL; VACUUM")
  }

  /// The pages in the file.
  public func pages() throws(StrideError) -> Int {
    Int(try database.integer("PRAGMA page_count"))
  }
}
