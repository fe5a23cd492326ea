import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideStore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The one lock that owns the store: a plain lock, taken once. A group commit holds it from the first quick change
/// of a run to the commit, and the changes inside run on the store it holds (`Tasks.Caller.held`), so nothing takes
/// it twice; a thread that did would wait on itself for ever, so that stops the daemon with a sentence instead.
///
/// Changes from different connections share commits too (`change`): while one thread commits, the changes that
/// arrive wait for it, and the next of them commits them all in one transaction — one sync to disk for the lot.
final class StoreLock: @unchecked Sendable {
  // Sendable because `store` is only touched while `lock` is held, and `waiting`, `leading` and each waiting
  // change's outcome only while `queue` is.
  private let lock = NSLock()
  private let store: TaskStore
  /// The thread that holds the lock (0: none), to catch a second hold on the same thread.
  private let holder = Atomic<UInt>(0)
  /// Guards the changes waiting for a commit, and wakes their threads when it is done.
  private let queue = NSCondition()
  private var waiting: [WaitingChange] = []
  /// Whether a thread is gathering and committing a group now.
  private var leading = false

  init(_ store: TaskStore) { self.store = store }

  /// Runs `body` on the store under the lock; it throws what `body` throws (nothing, or a `StrideError`).
  func locked<T, E: Error>(_ body: (TaskStore) throws(E) -> T) throws(E) -> T {
    enter()
    defer { leave() }
    return try body(store)
  }

  /// Runs a change on the store under the lock, committed with whatever other changes wait at the same moment:
  /// it returns (or throws) only once the commit that holds it is on disk. Each change still succeeds or fails on
  /// its own (the store's changes are savepoints inside the group's transaction); if the shared commit fails, every
  /// change of the group that was made throws that error, and the store takes its tasks again from the disk.
  func change<T>(_ body: (TaskStore) throws(StrideError) -> T) throws(StrideError) -> T {
    // Waiting for a group while holding the lock would wait for ever: the group needs the lock.
    checkNotHeld()
    return try withoutActuallyEscaping(body) { body throws(StrideError) -> T in
      var outcome: Result<T, StrideError>?
      let mine = WaitingChange { store in
        do throws(StrideError) { outcome = .success(try body(store)) } catch { outcome = .failure(error) }
      }
      queue.lock()
      waiting.append(mine)
      while leading && !mine.done { queue.wait() }
      let mustLead = !mine.done
      if mustLead { leading = true }
      queue.unlock()
      if mustLead { commitWaiting() }
      // A change the group could not run (its transaction did not begin) has the group's error.
      guard let outcome else {
        throw mine.commitFailed ?? StrideError(.internalError, "a change was left out of its commit; try it again")
      }
      // A change that failed on its own says why; one that was made is lost with the group's commit.
      if case .success = outcome, let failed = mine.commitFailed { throw failed }
      return try outcome.get()
    }
  }

  /// How many changes wait for a commit now (the one committing them counts until it takes them).
  var waitingChanges: Int {
    queue.lock()
    defer { queue.unlock() }
    return waiting.count
  }

  /// Runs every waiting change, and those that arrive meanwhile, in one transaction; then tells each it is done. A
  /// change alone is run as it is, its own transaction, with no savepoint inside another.
  private func commitWaiting() {
    var group: [WaitingChange] = []
    let failed: StrideError? = locked { store in
      guard let first = takeWaiting() else { return nil }
      group = first
      if first.count == 1 {
        Self.run(first, on: store)
        return nil
      }
      do throws(StrideError) {
        try store.batch { () throws(StrideError) in
          Self.run(first, on: store)
          while let next = takeWaiting() {
            Self.run(next, on: store)
            group += next
          }
        }
        return nil
      } catch {
        return error
      }
    }
    queue.lock()
    for change in group {
      // Run or not (a transaction that did not begin runs none), a change's code may not outlive its caller's call.
      change.run = nil
      change.commitFailed = failed
      change.done = true
    }
    leading = false
    queue.broadcast()
    queue.unlock()
  }

  private static func run(_ changes: [WaitingChange], on store: TaskStore) {
    for change in changes {
      change.run?(store)
      // Let go of the change's code before it is told it is done: it may not outlive its caller's call.
      change.run = nil
    }
  }

  /// The changes waiting now, or nil when there are none.
  private func takeWaiting() -> [WaitingChange]? {
    queue.lock()
    defer { queue.unlock() }
    guard !waiting.isEmpty else { return nil }
    defer { waiting = [] }
    return waiting
  }

  private static var thread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

  private func checkNotHeld() {
    precondition(
      holder.load(ordering: .relaxed) != Self.thread,
      "the store's lock was taken twice on one thread; pass the store it holds down instead (Tasks.Caller.held)")
  }

  private func enter() {
    checkNotHeld()
    lock.lock()
    holder.store(Self.thread, ordering: .relaxed)
  }

  private func leave() {
    holder.store(0, ordering: .relaxed)
    lock.unlock()
  }
}

/// A change waiting for a group commit: run by the thread that commits the group, on the store it holds.
private final class WaitingChange {
  var run: ((TaskStore) -> Void)?
  /// Set (under the queue's lock) once the group that ran it has committed or failed to.
  var done = false
  var commitFailed: StrideError?

  init(_ run: @escaping (TaskStore) -> Void) { self.run = run }
}
