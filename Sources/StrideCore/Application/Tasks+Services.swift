import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideStore

/// What the daemon's own services ask of the tasks: the committed changes for events, a subscriber's first state, the
/// wake-ups, the revision a kept answer holds at and when time alone may change it, and closing the store.
extension Tasks {
  /// Hands every committed change to `committed`, commit by commit in their order, once the store's lock is let go
  /// of (and before the change's own caller goes on); calls `revisionMoved`, under the lock, whenever the tasks or
  /// the context move on from what was read of them before.
  func listen(committed: @escaping @Sendable ([StoreChange]) -> Void, revisionMoved: @escaping @Sendable () -> Void) {
    store.handOut(to: committed)
    store.locked { $0.revisionMoved = revisionMoved }
  }

  /// What a subscriber starts from (the open tasks, the energy at `now`, the next wake-up), read so that its events
  /// follow on from it: `join`, which subscribes, runs once every change before the read has been handed out and
  /// before any change after it is.
  func subscriberStart<T>(at now: Date, join: () -> T) throws(StrideError) -> (
    open: [StrideTask], energy: EnergyLevel?, nextWakeUp: WakeUp?, joined: T
  ) {
    try store.locked(
      { store throws(StrideError) in
        (store.openByID, try userContext(store, at: now).energy, store.nextWakeUp)
      },
      thenInStep: { read in (read.0, read.1, read.2, join()) })
  }

  /// The revision of the tasks and the context: an answer worked out from them holds while it stands.
  var revision: Int { store.locked { $0.revision } }

  /// How many tasks are open.
  var openCount: Int { store.locked { $0.openCount } }

  /// Stores the wake-ups due by `now` as changes (their events follow); returns how many came due.
  func wake(at now: Date) throws(StrideError) -> Int {
    try locked { store throws(StrideError) in try store.wake(at: now).count }
  }

  /// Stores the wake-ups due by `now` as changes, and finds the next one to come.
  func wakeAndFindNext(at now: Date) throws(StrideError) -> WakeUp? {
    try locked { store throws(StrideError) in try store.wakeAndFindNext(at: now) }
  }

  /// The first moment after `now` at which time alone may change the now-list: a due time, a wake-up or the end of
  /// a deferral, or the stored energy lapsing. The tasks are read under the lock, and looked through after it.
  func nextMoment(after now: Date) throws(StrideError) -> Date? {
    let (open, lapsesAt, busy) = try locked { store throws(StrideError) in
      (store.openByID, try userContext(store, at: now).lapsesAt, store.busyTimes)
    }
    return [open.nextMoment(after: now), lapsesAt, busy.nextChange(after: now)].compactMap { $0 }.min()
  }

  /// Runs `body` under the store's lock if the tasks and the context are still at `revision`: what it writes then
  /// tells of them as they are, and a change since (which moves the revision on) wins.
  func ifStill(at revision: Int, _ body: () -> Void) {
    store.locked { store in if store.revision == revision { body() } }
  }

  /// Closes the store; `last` runs under its lock first, so that nothing waiting for the lock runs after it.
  func close(after last: () -> Void) {
    store.locked { store in
      last()
      store.close()
    }
  }
}
