import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideStore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The one lock that owns the store: a plain lock, taken once; a thread that took it twice would wait on itself for
/// ever, so that stops the daemon with a sentence instead.
///
/// Every change goes through one path, `change`, and shares its commit with the changes waiting at the same moment:
/// while one thread commits, the changes that arrive wait for it, and the next of them commits them all in one
/// transaction — one sync to disk for the lot. Changes that arrive together on one connection join that queue as
/// one piece (`together`), run one after another by the thread that commits them; a change made there joins the
/// group on the store it holds, without taking the lock again.
///
/// What each commit changed is handed out once the lock is let go of (`handOut(to:)`), commit by commit in their
/// order, before the caller whose hold made it goes on: the daemon turns it into events without holding up the store.
final class StoreLock: @unchecked Sendable {
  // Sendable because `store`, `running` and `announced` are only touched while `lock` is held, `waiting`, `leading`
  // and each waiting change's outcome only while `queue` is, and the rest are locks and atomics.
  private let lock = NSLock()
  private let store: TaskStore
  /// The thread that holds the lock (0: none), to catch a second hold on the same thread.
  private let holder = Atomic<UInt>(0)
  /// Guards the changes waiting for a commit, and wakes their threads when it is done.
  private let queue = NSCondition()
  private var waiting: [WaitingChanges] = []
  /// Whether a thread is gathering and committing a group now.
  private var leading = false
  /// The part of a group that the thread committing it runs now: the changes it makes join the group.
  private var running: (changes: WaitingChanges, part: Int)?
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
    let read = Result { () throws(E) in try read(store) }
    _ = leave()
    handOutPending()
    return join(try read.get())
  }

  /// Hands each commit's changes to `listener`, commit by commit in their order, with the lock let go of. The
  /// listener only notes and queues what it needs: a change it made itself could wait for the commit it is told of.
  func handOut(to listener: @escaping @Sendable ([StoreChange]) -> Void) {
    self.listener.withLock { $0 = listener }
  }

  /// Runs a change on the store under the lock, committed with whatever other changes wait at the same moment:
  /// it returns (or throws) only once the commit that holds it is on disk. Each change still succeeds or fails on
  /// its own (the store's changes are savepoints inside the group's transaction); if the shared commit fails, every
  /// change of the group that was made throws that error, and the store takes its tasks again from the disk. Made
  /// by a part of `together`, it joins the group that part runs in.
  func change<T>(_ body: (TaskStore) throws(StrideError) -> T) throws(StrideError) -> T {
    if holder.load(ordering: .relaxed) == Self.thread, let (changes, part) = running {
      let value = try body(store)
      changes.made[part] = true
      return value
    }
    return try withoutActuallyEscaping(body) { body throws(StrideError) -> T in
      let outcome = together([{ Result { () throws(StrideError) in try self.change(body) } }])[0]
      // The commit's error for a change it lost, else the change's own outcome.
      return try outcome.get().get()
    }
  }

  /// Runs `parts` one after another, as one piece of a group commit with whatever other changes wait at the same
  /// moment (changes that arrived together on one connection): each part makes its changes through `change`, which
  /// joins them to the group. Returns once the commit is on disk, with each part's value; or the commit's error,
  /// for a part that made a change the commit lost or that could not run at all (its transaction never began).
  func together<T>(_ parts: [() -> T]) -> [Result<T, StrideError>] {
    // Waiting for a group while holding the lock would wait for ever: the group needs the lock.
    checkNotHeld()
    var values = [T?](repeating: nil, count: parts.count)
    let mine = WaitingChanges(parts.indices.map { index in { values[index] = parts[index]() } })
    queue.lock()
    waiting.append(mine)
    while leading && !mine.done { queue.wait() }
    let mustLead = !mine.done
    if mustLead { leading = true }
    queue.unlock()
    if mustLead { commitWaiting() }
    return zip(values, mine.made).map { value, made in
      guard let value else {
        return .failure(
          mine.commitFailed ?? StrideError(.internalError, "a change was left out of its commit; try it again"))
      }
      // A part whose change was made loses it with the group's commit; one that failed on its own says why.
      if made, let failed = mine.commitFailed { return .failure(failed) }
      return .success(value)
    }
  }

  /// How many changes wait for a commit now (the one committing them counts until it takes them).
  var waitingChanges: Int {
    queue.lock()
    defer { queue.unlock() }
    return waiting.reduce(0) { $0 + $1.parts.count }
  }

  /// Runs every waiting change, and those that arrive meanwhile, in one transaction; then tells each it is done. A
  /// change alone is run as it is, its own transaction, with no savepoint inside another.
  private func commitWaiting() {
    var group: [WaitingChanges] = []
    let failed: StrideError? = locked { store in
      guard let first = takeWaiting() else { return nil }
      group = first
      if first.count == 1, first[0].parts.count == 1 {
        run(first)
        return nil
      }
      do throws(StrideError) {
        try store.batch { () throws(StrideError) in
          run(first)
          while let next = takeWaiting() {
            run(next)
            group += next
          }
        }
        return nil
      } catch {
        return error
      }
    }
    queue.lock()
    for changes in group {
      // Run or not (a transaction that did not begin runs none), a part's code may not outlive its caller's call.
      changes.parts = []
      changes.commitFailed = failed
      changes.done = true
    }
    leading = false
    queue.broadcast()
    queue.unlock()
  }

  /// Runs the parts of each piece in order, on the thread that holds the lock: the changes they make join the group.
  private func run(_ pieces: [WaitingChanges]) {
    for changes in pieces {
      for part in changes.parts.indices {
        running = (changes, part)
        changes.parts[part]()
        running = nil
      }
      // Let go of the parts' code before they are told they are done: it may not outlive its caller's call.
      changes.parts = []
    }
  }

  /// The changes waiting now, or nil when there are none.
  private func takeWaiting() -> [WaitingChanges]? {
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
      "the store's lock was taken twice on one thread; only a change made as a part of a group may reach the store "
        + "its group holds")
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

/// Changes that came together (one, or a connection's run of them), waiting for a group commit: their parts are run
/// in order by the thread that commits the group, and each part makes its changes through `StoreLock.change`.
private final class WaitingChanges {
  var parts: [() -> Void]
  /// Which parts made a change: those lose it if the group's commit fails. Set under the store's lock.
  var made: [Bool]
  /// Set (under the queue's lock) once the group that ran it has committed or failed to.
  var done = false
  var commitFailed: StrideError?

  init(_ parts: [() -> Void]) {
    self.parts = parts
    made = Array(repeating: false, count: parts.count)
  }
}
