import Foundation

/// The durable home of every task: SQLite on disk, with the open tasks also held in memory for ranking.
///
/// Every change is one transaction that also appends a history row; a method returns only after that transaction
/// has committed, so whatever it returns is stored. Not thread-safe: the daemon holds it behind `StoreLock`, and
/// reaches it only through that lock's `locked` (Docs/architecture.md).
public final class TaskStore {
  let database: SQLiteDatabase
  let rows: TaskRows
  let history: History
  /// Active, waiting and deferred tasks, in id order. The database is the truth; this is a copy kept for speed. A
  /// change puts its task in place (found by a binary search), so a `now` after it costs no sort and no copy; in id
  /// order, a pass over them also follows the order they were loaded into memory.
  private var openList: [StrideTask] = [] {
    didSet { revision &+= 1 }
  }
  /// Grows with every change to the open tasks or the context: an answer worked out at one revision holds only
  /// while it stands.
  public private(set) var revision = 0
  /// Changes committed but not yet handed to `observer`: inside a `batch`, they wait for its commit.
  private var journal: [StoreChange] = []
  private var batching = false
  /// Told of every change once it is durable, with the store still locked: the daemon turns them into events.
  public var observer: ((TaskStore, [StoreChange]) -> Void)?

  /// The zone a routine's next occurrence is counted in (its clock time stays the same across DST).
  public var calendar = LocalCalendar(timeZone: .current)
  /// Who makes the changes now: the terminal session of the client whose request is being applied (set for each
  /// request, under the store's lock), recorded with each change so `undo` takes back what was done there.
  public var origin: String?

  /// Opens the database at `path` (creating it and its schema if needed) and loads the open tasks.
  public init(path: String) throws(StrideError) {
    database = try SQLiteDatabase(path: path)
    try Schema.prepare(database)
    rows = TaskRows(database: database)
    history = History(database: database)
    openList = try rows.loadOpen()
  }

  /// Runs several changes as one transaction (a group commit: one sync to disk for all of them). Each change
  /// inside still succeeds or fails on its own; they become durable together when `body` returns. If that final
  /// commit fails, every change in it is lost, memory is reloaded from the disk, and the error is thrown.
  public func batch<T>(_ body: () throws(StrideError) -> T) throws(StrideError) -> T {
    let outer = !batching
    batching = true
    defer { if outer { batching = false } }
    do {
      let value = try database.transaction(body)
      if outer { announce() }
      return value
    } catch {
      // Memory may hold changes the failed commit lost: take it again from the disk, and tell no one of them.
      openList = (try? rows.loadOpen()) ?? []
      if outer { journal = [] }
      throw error
    }
  }

  /// Notes a committed change, and hands the journal to the observer unless a batch is still open.
  func record(_ change: StoreChange) {
    revision &+= 1
    journal.append(change)
    if !batching { announce() }
  }

  private func announce() {
    guard !journal.isEmpty else { return }
    let changes = journal
    journal = []
    observer?(self, changes)
  }

  /// Closes the database; the store cannot be used afterwards.
  public func close() {
    database.close()
  }

  /// Where the database file is.
  public var path: String { database.path }

  /// The open tasks as they stand at `instant`, in id order.
  public func open(at instant: Date) -> [StrideTask] {
    openByID.map { $0.settled(at: instant) }
  }

  /// The open tasks as stored, in id order.
  public var openByID: [StrideTask] { openList }

  /// How many tasks are open.
  public var openCount: Int { openList.count }

  /// Where the open task with this id is in `openList`, or where it would go.
  private func position(of id: TaskID) -> (index: Int, found: Bool) {
    var low = 0
    var high = openList.count
    while low < high {
      let middle = (low + high) / 2
      if openList[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return (low, low < openList.count && openList[low].id == id)
  }

  /// The task with this id as it stands at `instant`.
  public func task(_ id: TaskID, at instant: Date) throws(StrideError) -> StrideTask {
    if let task = openTask(id) { return task.settled(at: instant) }
    guard let task = try rows.load(id) else { throw StrideError.noTask(id) }
    return task
  }

  /// Tasks with a status (nil: every open task) and, optionally, a tag. Open tasks come in id order, completed
  /// ones newest first.
  public func tasks(status: TaskStatus?, tag: String?, at instant: Date) throws(StrideError) -> [StrideTask] {
    if status == .completed {
      return try rows.loadCompleted(tag: tag)
    }
    return open(at: instant).filter { task in
      (status == nil || task.status == status) && (tag == nil || task.tags.contains(tag!))
    }
  }

  /// Stores a new task made from a draft and returns it with its id.
  public func capture(_ draft: TaskDraft, at now: Date) throws(StrideError) -> StrideTask {
    var checked = draft
    checked.title = try StrideTask.checkedTitle(draft.title)
    checked.tags = try StrideTask.checkedTags(draft.tags)
    checked.estimateMinutes = try draft.estimateMinutes.map(StrideTask.checkedEstimate)
    checked.steps = try draft.steps.map { step throws(StrideError) in try StrideTask.checkedTitle(step) }
    let task = try database.transaction { () throws(StrideError) -> StrideTask in
      let task = checked.task(id: try nextID(), at: now)
      try rows.save(task)
      try history.record(
        action: .capture, summary: "added task \(task.id) (\(task.title))", before: [], after: [task], at: now,
        origin: origin)
      return task
    }
    remember(task)
    record(StoreChange(action: .capture, at: now, tasks: [task]))
    return task
  }

  /// Stores tasks read from an export, all in one transaction: all of them, or none. Their `blockedBy` refers to
  /// their ids in the file. Those ids are kept when all are above every id ever given here (an empty store);
  /// otherwise the tasks get the next free ids, in order, and their dependencies follow. One `undo` removes them.
  public func importTasks(_ tasks: [StrideTask], at now: Date) throws(StrideError) -> (
    tasks: [StrideTask], renumbered: Bool
  ) {
    guard !tasks.isEmpty else { throw StrideError.invalid("there are no tasks to import") }
    let fileIDs = tasks.map(\.id)
    guard Set(fileIDs).count == fileIDs.count else {
      throw StrideError.invalid("two tasks in the import share an id; each needs its own")
    }
    for task in tasks {
      func problem(_ text: String) -> StrideError { StrideError.invalid("task \(task.id) of the import \(text)") }
      guard (try? StrideTask.checkedTitle(task.title)) == task.title else { throw problem("has no usable title") }
      guard (try? StrideTask.checkedTags(task.tags)) == task.tags else {
        throw problem("has a tag that is not one word")
      }
      if let minutes = task.estimateMinutes, !(1...StrideTask.maximumEstimateMinutes).contains(minutes) {
        throw problem("has an estimate outside 1 minute to a week")
      }
      guard (task.status == .deferred) == (task.deferral != nil),
        (task.status == .completed) == (task.completedAt != nil)
      else { throw problem("has a status that does not fit its deferral or completion time") }
      if let missing = task.blockedBy.first(where: { !fileIDs.contains($0) }) {
        throw problem("waits on task \(missing), which is not in the import")
      }
    }
    var waitsOn = Dictionary(uniqueKeysWithValues: tasks.map { ($0.id, $0.blockedBy) })
    // Kahn's algorithm: what cannot be ordered sits on a loop.
    while let free = waitsOn.first(where: { $0.value.isEmpty })?.key {
      waitsOn[free] = nil
      for key in waitsOn.keys { waitsOn[key]?.removeAll { $0 == free } }
    }
    if let looped = waitsOn.keys.min() {
      throw StrideError(
        .dependencyCycle, "task \(looped) of the import waits on itself through other tasks; nothing there could start")
    }
    let last = try database.statement("SELECT seq FROM sqlite_sequence WHERE name = 'tasks'").firstRow { $0.int64(0) }
    let keep = fileIDs.allSatisfy { $0.rawValue > (last ?? 0) }
    var newIDs: [TaskID: TaskID] = [:]
    for (offset, id) in fileIDs.sorted().enumerated() {
      newIDs[id] = keep ? id : TaskID((last ?? 0) + Int64(offset) + 1)
    }
    let stored = tasks.map { task in
      var copy = task
      copy.id = newIDs[task.id]!
      copy.blockedBy = task.blockedBy.map { newIDs[$0]! }
      return copy
    }.sorted { $0.id < $1.id }
    try database.transaction { () throws(StrideError) in
      for task in stored { try rows.save(task) }
      try history.record(
        action: .importTasks, summary: "imported \(stored.count) task\(stored.count == 1 ? "" : "s")", before: [],
        after: stored, at: now)
    }
    stored.forEach(remember)
    record(StoreChange(action: .importTasks, at: now, tasks: stored))
    return (stored, !keep)
  }

  /// Applies a change and returns the task as it is afterwards (for a delete: as it was).
  @discardableResult
  public func apply(_ change: TaskChange, at now: Date) throws(StrideError) -> StrideTask {
    let before = try task(change.taskID, at: now)
    var task = before
    var others: [(before: StrideTask, after: StrideTask)] = []
    switch change {
    case .complete: try task.complete(at: now, calendar: calendar)
    case .reopen: try task.reopen(at: now)
    case .addStep(_, let title): _ = try task.addStep(title, at: now)
    case .completeStep(_, let index): try task.completeStep(index, at: now, calendar: calendar)
    case .skip: try task.skip(at: now, calendar: calendar)
    case .pin(_, let pinned):
      if pinned, !task.pinned {
        let pins = openByID.filter(\.pinned)
        guard pins.count < StrideTask.maximumPins else {
          let names = pins.map { "task \($0.id) (\($0.title))" }.joined(separator: ", ")
          throw StrideError(
            .invalidTransition,
            "you have \(StrideTask.maximumPins) pins already: \(names); unpin one first, like: stride unpin \(pins[0].id)"
          )
        }
      }
      guard task.status != .completed else {
        throw StrideError(.invalidTransition, "task \(task.id) is done; reopen it first with: stride reopen \(task.id)")
      }
      task.pinned = pinned
      task.updatedAt = now
    case .reopenStep(_, let index): try task.reopenStep(index, at: now)
    case .deferTask(_, .blocked, let until, let other?, _):
      // Blocked by another task: it becomes a dependency, and the deferral is still counted and kept.
      try block(&task, on: other, at: now)
      task.deferrals.append(Deferral(reason: .blocked, at: now, until: until))
    case .deferTask(_, let reason, let until, let other, let energy):
      guard other == nil else {
        throw StrideError.invalid("'on' goes with the reason blocked: the task this one waits on")
      }
      try task.deferTask(reason, until: until, energy: energy, at: now)
    case .wait(_, let note, let followUp): try task.wait(for: note, followUp: followUp, at: now)
    case .resume: try task.resume(at: now)
    case .update(_, let patch):
      try task.apply(patch, at: now)
      if let rule = task.recurrence, task.due == nil || patch.recurrence != nil {
        // A new routine is due at its first occurrence: from its due day if it has one, else from now.
        task.due = Capture.firstOccurrence(of: rule, clock: nil, due: task.due, at: now, calendar: calendar)
      }
    case .block(_, let other): try block(&task, on: other, at: now)
    case .unblock(_, let other): try unblock(&task, from: other, at: now)
    case .delete: others = try dependents(of: task.id, at: now)
    }
    let deleting = if case .delete = change { true } else { false }
    var summary = change.summary(of: before)
    if case .update = change, !task.changedFields(from: before).isEmpty {
      summary = "edited the \(listed(task.changedFields(from: before))) of task \(task.id) (\(before.title))"
    }
    try database.transaction { () throws(StrideError) in
      for other in others { try rows.save(other.after) }
      if deleting { try rows.delete(task.id) } else { try rows.save(task) }
      try history.record(
        action: change.action, summary: summary, before: [before] + others.map(\.before),
        after: (deleting ? [] : [task]) + others.map(\.after), at: now, origin: origin)
    }
    for other in others { remember(other.after) }
    if deleting { forget(task.id) } else { remember(task) }
    record(
      StoreChange(
        action: change.action, at: now, tasks: [task] + others.map(\.after), removed: deleting ? [task.id] : []))
    return task
  }

  /// Takes back the latest change made from `origin` (this terminal), else the latest a person made anywhere; with
  /// `fromSync`, the latest a sync pass received. Repeated, it walks back further. A task changed again since (in
  /// another terminal, on another device) gets back only the fields this change set, and keeps the later ones.
  public func undo(at now: Date, origin: String? = nil, fromSync: Bool = false) throws(StrideError) -> UndoneChange {
    let (entry, restored, removed, kept) = try database.transaction {
      () throws(StrideError) -> (HistoryEntry, [StrideTask], [TaskID], [String]) in
      guard let entry = try history.lastUndoable(origin: origin, fromSync: fromSync) else {
        throw StrideError(
          .nothingToUndo, fromSync ? "no change received from sync is left to undo" : "there is nothing to undo")
      }
      var restored: [StrideTask] = []
      var kept: [String] = []
      for before in entry.before {
        var task = before
        if let after = entry.after.first(where: { $0.id == before.id }) {
          guard let current = try stored(before.id) else {
            // Deleted since (on another device, say): that later change stands.
            kept.append("the deletion of task \(before.id)")
            continue
          }
          if current != after {
            let reverted = current.reverting(after, to: before)
            task = reverted.task
            task.updatedAt = now
            kept += reverted.kept.map { "the \($0) of task \(task.id)" }
          }
        }
        try rows.save(task)
        restored.append(task)
      }
      // The tasks the change created go.
      let existed = Set(entry.before.map(\.id))
      let removed = entry.after.map(\.id).filter { !existed.contains($0) }
      for id in removed where try stored(id) != nil { try rows.delete(id) }
      try history.recordUndo(of: entry, at: now, origin: self.origin)
      return (entry, restored, removed, kept)
    }
    restored.forEach(remember)
    removed.forEach(forget)
    record(
      StoreChange(
        action: .undo, at: now, tasks: restored + entry.after.filter { removed.contains($0.id) },
        removed: removed))
    let source: UndoneChange.Source =
      entry.origin == History.syncOrigin ? .sync : entry.origin == origin || origin == nil ? .here : .elsewhere
    return UndoneChange(
      action: entry.action, summary: entry.summary, at: entry.at, tasks: restored.map { $0.settled(at: now) },
      source: source, kept: kept)
  }

  /// Announces every wake-up due by `now` (deferrals that end, follow-ups and start times that arrive) as one
  /// change per task, recorded in the history but not undoable, and returns them.
  @discardableResult
  public func wake(at now: Date) throws(StrideError) -> [WakeUp] {
    let due = openByID.flatMap { $0.wakeUps.filter { $0.at <= now } }
    guard !due.isEmpty else { return [] }
    let woken = Dictionary(grouping: due, by: \.task).keys.sorted().compactMap(openTask)
    var changes: [StoreChange] = []
    try database.transaction { () throws(StrideError) in
      for before in woken {
        let kinds = due.filter { $0.task == before.id }
        let task = before.woken(at: kinds.map(\.at).max() ?? now, now: now)
        try rows.save(task)
        try history.record(
          action: .wake, summary: "task \(task.id) (\(task.title)) came back: " + Self.phrase(kinds),
          before: [before], after: [task], at: now, undoable: false)
        changes.append(StoreChange(action: .wake, at: now, tasks: [task], wakeUps: kinds))
      }
    }
    for change in changes { remember(change.tasks[0]) }
    journal += changes
    if !batching { announce() }
    return due
  }

  /// The first moment after `instant` at which an open task's standing may change by the clock alone: a due time
  /// passes, or a wake-up comes (a deferral ends, a follow-up or start time arrives, a routine moves on).
  public func nextMoment(after instant: Date) -> Date? {
    var next: Date?
    for task in openByID {
      if let due = task.due, due > instant, next.map({ due < $0 }) ?? true { next = due }
      for wakeUp in task.wakeUps where wakeUp.at > instant && next.map({ wakeUp.at < $0 }) ?? true {
        next = wakeUp.at
      }
    }
    return next
  }

  /// The earliest wake-up still to come, if any.
  public var nextWakeUp: WakeUp? {
    openByID.lazy.flatMap(\.wakeUps).min { $0.at < $1.at }
  }

  private static func phrase(_ wakeUps: [WakeUp]) -> String {
    wakeUps.map { wakeUp in
      switch wakeUp.kind {
      case .deferral: "its deferral ended"
      case .followUp: "its follow-up is due"
      case .start: "its start time arrived"
      case .routine: "its next time came"
      }
    }.joined(separator: " and ")
  }

  /// The user's current context.
  public func context() throws(StrideError) -> UserContext {
    let context = try database.statement("SELECT value, updated_at FROM context WHERE key = 'energy'").firstRow {
      UserContext(energy: $0.optionalText(0).flatMap(EnergyLevel.init(rawValue:)), updatedAt: $0.date(1))
    }
    return context ?? UserContext(energy: nil, updatedAt: nil)
  }

  /// Records the user's current energy (nil: unknown). Kept in the history for the record, but not undoable:
  /// `undo` is for changes to tasks.
  public func setEnergy(_ energy: EnergyLevel?, at now: Date) throws(StrideError) -> UserContext {
    let summary = energy.map { "set your energy to \($0.rawValue)" } ?? "cleared your energy"
    try database.transaction { () throws(StrideError) in
      try database.statement(
        "INSERT INTO context (key, value, updated_at) VALUES ('energy', ?, ?) "
          + "ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at"
      ).bind(.string(energy?.rawValue), .date(now)).run()
      try history.record(action: .setContext, summary: summary, before: [], after: [], at: now, undoable: false)
    }
    record(StoreChange(action: .setContext, at: now, tasks: []))
    return UserContext(energy: energy, updatedAt: now)
  }

  /// Keeps a task as it now stands in memory: in place if it is open, out if it is done.
  func remember(_ task: StrideTask) {
    let (index, found) = position(of: task.id)
    switch (found, task.status.isOpen) {
    case (true, true): openList[index] = task
    case (true, false): openList.remove(at: index)
    case (false, true): openList.insert(task, at: index)
    case (false, false): break
    }
  }

  /// An open task as stored, from memory.
  func openTask(_ id: TaskID) -> StrideTask? {
    let (index, found) = position(of: id)
    return found ? openList[index] : nil
  }

  /// Drops a deleted task from memory.
  func forget(_ id: TaskID) {
    let (index, found) = position(of: id)
    if found { openList.remove(at: index) }
  }

  /// The next id: one past the largest ever given, so a deleted task's id is never reused.
  func nextID() throws(StrideError) -> TaskID {
    let last = try database.statement("SELECT seq FROM sqlite_sequence WHERE name = 'tasks'").firstRow { $0.int64(0) }
    return TaskID((last ?? 0) + 1)
  }

  private func block(_ task: inout StrideTask, on other: TaskID, at now: Date) throws(StrideError) {
    guard other != task.id else {
      throw StrideError(.dependencyCycle, "task \(task.id) cannot wait on itself")
    }
    let blocker = try self.task(other, at: now)
    guard task.status != .completed else {
      throw StrideError(.invalidTransition, "task \(task.id) is done; reopen it before it can wait on anything")
    }
    guard blocker.status != .completed else {
      throw StrideError(.invalidTransition, "task \(other) is already done, so it cannot hold up task \(task.id)")
    }
    guard !task.blockedBy.contains(other) else {
      throw StrideError(.invalidTransition, "task \(task.id) already waits on task \(other)")
    }
    if let path = try dependencyPath(from: other, to: task.id) {
      let chain = (path + [task.id]).map { "task \($0)" }.joined(separator: ", which waits on ")
      throw StrideError(
        .dependencyCycle,
        "task \(task.id) cannot wait on task \(other): \(chain) — that would be a loop where nothing can start")
    }
    task.blockedBy.append(other)
    task.updatedAt = now
  }

  private func unblock(_ task: inout StrideTask, from other: TaskID, at now: Date) throws(StrideError) {
    guard let position = task.blockedBy.firstIndex(of: other) else {
      throw StrideError(.invalidTransition, "task \(task.id) does not wait on task \(other)")
    }
    task.blockedBy.remove(at: position)
    task.updatedAt = now
  }

  /// The chain of "waits on" edges from `start` to `goal`, if there is one (start first, goal excluded).
  private func dependencyPath(from start: TaskID, to goal: TaskID) throws(StrideError) -> [TaskID]? {
    var edges: [TaskID: [TaskID]] = [:]
    for (task, blocker) in try rows.dependencyEdges() {
      edges[task, default: []].append(blocker)
    }
    var previous: [TaskID: TaskID] = [:]
    var queue = [start]
    var seen: Set<TaskID> = [start]
    while !queue.isEmpty {
      let current = queue.removeFirst()
      for next in edges[current] ?? [] where !seen.contains(next) {
        previous[next] = current
        if next == goal {
          var path: [TaskID] = []
          var step: TaskID? = current
          while let node = step {
            path.insert(node, at: 0)
            step = previous[node]
          }
          return path
        }
        seen.insert(next)
        queue.append(next)
      }
    }
    return nil
  }

  /// Tasks that wait on `id`, before and after dropping that dependency (for a delete).
  func dependents(of id: TaskID, at now: Date) throws(StrideError) -> [(before: StrideTask, after: StrideTask)] {
    let ids = Set(try rows.dependencyEdges().filter { $0.1 == id }.map(\.0))
    return try ids.sorted().map { dependentID throws(StrideError) in
      let before = try task(dependentID, at: now)
      var after = before
      after.blockedBy.removeAll { $0 == id }
      after.updatedAt = now
      return (before, after)
    }
  }
}

/// A change that has committed, as the daemon's events report it: the action (a method name, or `task.wake`), and
/// the tasks it touched as they are afterwards (a removed task as it was).
public struct StoreChange: Sendable {
  public var action: ChangeAction
  public var at: Date
  public var tasks: [StrideTask]
  /// Tasks the change removed (a delete, or an undone capture).
  public var removed: [TaskID] = []
  /// For `task.wake`: what came due.
  public var wakeUps: [WakeUp] = []
}

/// What `undo` reverted, and the tasks as they are now.
public struct UndoneChange: Sendable {
  public var action: ChangeAction
  public var summary: String
  public var at: Date
  public var tasks: [StrideTask]
  /// Where the change undone was made.
  public var source: Source
  /// Later changes to the same tasks that were kept: "the energy of task 3".
  public var kept: [String]

  public enum Source: String, Codable, Sendable {
    /// In this terminal (or where nobody knows).
    case here
    /// In another terminal or program on this machine: this one had made no change left to undo.
    case elsewhere
    /// Received from another device by sync; the next pass sends the undo to the server.
    case sync
  }
}

/// The user's state that the ranking takes into account.
public struct UserContext: Equatable, Sendable {
  public var energy: EnergyLevel?
  public var updatedAt: Date?
  /// When a set energy goes back to unknown; nil when none is set.
  public var lapsesAt: Date?

  public init(energy: EnergyLevel?, updatedAt: Date?, lapsesAt: Date? = nil) {
    self.energy = energy
    self.updatedAt = updatedAt
    self.lapsesAt = lapsesAt
  }

  /// The context as it stands at `instant`: an energy set more than `lapseHours` ago is unknown again.
  public func lapsing(after lapseHours: Double, at instant: Date) -> UserContext {
    guard energy != nil, let updatedAt else { return self }
    let lapse = updatedAt.addingTimeInterval(lapseHours * 3600)
    return lapse <= instant
      ? UserContext(energy: nil, updatedAt: updatedAt)
      : UserContext(energy: energy, updatedAt: updatedAt, lapsesAt: lapse)
  }
}
