import Foundation
import StrideBase

/// A commit on the disk before anything about it is told: the store's commits are written to the log under the
/// lock and synced after it is let go of, by one thread at a time, each sync covering every commit written before it
/// began. While one group's commit is synced the next group is made; a hold waits for the sync only after it has let
/// go of the lock.
extension StoreLock {
  /// How many of the store's commits are on the disk (all of them when each `COMMIT` syncs itself).
  var durableCommits: Int {
    guard log != nil else { return Int.max }
    durability.lock()
    defer { durability.unlock() }
    return durable
  }

  /// Whether a thread is syncing the log now.
  var syncInFlight: Bool {
    durability.lock()
    defer { durability.unlock() }
    return syncing
  }

  /// Waits until the store's first `commits` commits are on the disk, syncing the log when no other thread is;
  /// returns why they cannot be, once a sync has failed (from then on, for every hold that waits for one).
  func awaitDurable(_ commits: Int) -> StrideError? {
    guard let log else { return nil }
    durability.lock()
    defer { durability.unlock() }
    while durable < commits {
      if let syncFailed { return syncFailed }
      if syncing {
        durability.wait()
        continue
      }
      syncing = true
      // Every commit counted here was written to the log before the lock was let go of: before this sync begins.
      let target = written.load(ordering: .acquiring)
      durability.unlock()
      let outcome = Result { () throws(StrideError) in try log.sync() }
      durability.lock()
      syncing = false
      switch outcome {
      case .success: durable = max(durable, target)
      case .failure(let error): syncFailed = error
      }
      durability.broadcast()
      // A group being made waits for the disk to be free before it commits (`takeWaitingWhileSyncing`). The queue is
      // taken without `durability` held: the group's thread takes them the other way round.
      durability.unlock()
      queue.lock()
      queue.broadcast()
      queue.unlock()
      durability.lock()
    }
    return nil
  }
}
