import Foundation
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
///
/// What each commit changed is handed out once the lock is let go of (`handOut(to:)`), commit by commit in their
/// order, before the caller whose hold made it goes on: the daemon turns it into events without holding up the store.
final class StoreLock: @unchecked Sendable {
  // Sendable because `store` and `announced` are only touched while `lock` is held, `waiting`, `leading` and each
  // waiting change's outcome only while `queue` is, and the rest are locks and atomics.
  private let lock = NSLock()
  private let store: TaskStore
  /// The thread that holds the lock (0: none), to catch a second hold on the same thread.
  private let holder = Atomic<UInt>(0)
  /// Guards the changes waiting for a commit, and wakes their threads when it is done.
  private let queue = NSCondition()
  private var waiting: [WaitingChange] = []
  /// Whether a thread is gathering and committing a group now.
  private var leading = false
  /// Whether the store told of a commit during the hold now: its changes are handed out once the hold ends.
  private var announced = false
  /// The commits the store told of, oldest first, each as the changes it made, waiting to be handed out.
  private let committed = Locked<[[StoreChange]]>([])
  /// Held while commits are handed out, so that they go out one after another, in commit order.
  private let handing = NSLock()
  /// Hears each commit's changes (`handOut(to:)`).
  private let listener = Locked<(@Sendable ([StoreChange]) -> Void)?>(nil)

  init(_ store: TaskStore) {
    self.store = store
    // Called under the lock: it only notes the commit, which is handed out after the lock is let go of.
    store.observer = { [unowned self] _, changes in
      announced = true
      committed.withLock { $0.append(changes) }
    }
  }

  /// Runs `body` on the store under the lock; it throws what `body` throws (nothing, or a `StrideError`). Once the
  /// lock is let go of, what it committed is handed out before it returns.
  func locked<T, E: Error>(_ body: (TaskStore) throws(E) -> T) throws(E) -> T {
    var madeCommits = false
    defer { if madeCommits { handOutCommitted() } }
    enter()
    defer { madeCommits = leave() }
    return try body(store)
  }

  /// Runs `read` under the lock, then `join` once every commit made before `read` has been handed out and before any
  /// made after it is: what `read` saw and what the listener hears from `join` on meet, with nothing between them
  /// and nothing twice (a subscriber's first state and its first event).
  func locked<T, U, E: Error>(_ read: (TaskStore) throws(E) -> T, thenInStep join: (T) -> U) throws(E) -> U {
    handing.lock()
    defer { handing.unlock() }
    enter()
    let value: T
    do {
      value = try read(store)
    } catch {
      _ = leave()
      throw error
    }
    _ = leave()
    handOutPending()
    return join(value)
  }

  /// Hands each commit's changes to `listener`, commit by commit in their order, with the lock let go of.
  func handOut(to listener: @escaping @Sendable ([StoreChange]) -> Void) {
    self.listener.withLock { $0 = listener }
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

  /// Lets go of the lock; returns whether the hold made commits, which are then waiting to be handed out.
  private func leave() -> Bool {
    let madeCommits = announced
    announced = false
    holder.store(0, ordering: .relaxed)
    lock.unlock()
    return madeCommits
  }

  /// Hands out the commits waiting, once those another thread is handing out are gone: when it returns, the ones
  /// this thread's hold made are out.
  private func handOutCommitted() {
    handing.lock()
    defer { handing.unlock() }
    handOutPending()
  }

  /// Hands out the commits waiting; called with `handing` held.
  private func handOutPending() {
    let commits = committed.withLock { commits in
      defer { commits = [] }
      return commits
    }
    guard !commits.isEmpty, let listener = listener.withLock({ $0 }) else { return }
    for changes in commits { listener(changes) }
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
