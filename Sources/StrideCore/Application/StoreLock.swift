import Foundation
import StrideModel

/// The one lock that owns the store. Recursive, so a group of requests can hold it from the first to the commit
/// while each request takes it again. Work that must follow a change but must not hold the lock (the engine for
/// subscribers) is handed to `afterUnlock` and runs on the same thread once the outermost hold ends.
final class StoreLock: @unchecked Sendable {
  // Sendable because `store`, `depth` and `pending` are only touched while `lock` is held.
  private let lock = NSRecursiveLock()
  private let store: TaskStore
  private var depth = 0
  private var pending: [() -> Void] = []

  init(_ store: TaskStore) { self.store = store }

  func withLock<T>(_ body: (TaskStore) -> T) -> T {
    enter()
    defer { leave() }
    return body(store)
  }

  /// `withLock` for a body that throws a `StrideError`.
  func locked<T>(_ body: (TaskStore) throws(StrideError) -> T) throws(StrideError) -> T {
    enter()
    defer { leave() }
    return try body(store)
  }

  /// Runs `work` on this thread when the lock is let go of at last; call it with the lock held.
  func afterUnlock(_ work: @escaping () -> Void) {
    pending.append(work)
  }

  private func enter() {
    lock.lock()
    depth += 1
  }

  private func leave() {
    depth -= 1
    var work: [() -> Void] = []
    if depth == 0 { swap(&work, &pending) }
    lock.unlock()
    for item in work { item() }
  }
}
