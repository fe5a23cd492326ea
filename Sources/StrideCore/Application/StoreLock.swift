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
final class StoreLock: @unchecked Sendable {
  // Sendable because `store` is only touched while `lock` is held.
  private let lock = NSLock()
  private let store: TaskStore
  /// The thread that holds the lock (0: none), to catch a second hold on the same thread.
  private let holder = Atomic<UInt>(0)

  init(_ store: TaskStore) { self.store = store }

  /// Runs `body` on the store under the lock; it throws what `body` throws (nothing, or a `StrideError`).
  func locked<T, E: Error>(_ body: (TaskStore) throws(E) -> T) throws(E) -> T {
    enter()
    defer { leave() }
    return try body(store)
  }

  private static var thread: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

  private func enter() {
    precondition(
      holder.load(ordering: .relaxed) != Self.thread,
      "the store's lock was taken twice on one thread; pass the store it holds down instead (Tasks.Caller.held)")
    lock.lock()
    holder.store(Self.thread, ordering: .relaxed)
  }

  private func leave() {
    holder.store(0, ordering: .relaxed)
    lock.unlock()
  }
}
