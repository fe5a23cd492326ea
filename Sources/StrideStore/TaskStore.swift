import Foundation
import StrideBase
import StrideCalendar
import StrideModel

/// The durable home of every task: SQLite on disk, with the open tasks also held in memory for ranking.
///
/// Every change is one transaction that also appends a history row; a method returns only after that transaction
/// has committed, so whatever it returns is stored. Not thread-safe: the daemon holds it behind `StoreLock` and
/// reaches it only while holding that lock (Docs/architecture.md).
public final class TaskStore {
  package let database: SQLiteDatabase
  package let rows: TaskRows
  package let history: History
  /// Active, waiting and deferred tasks, in id order. The database is the truth; this is a copy kept for speed. A
  /// change puts its task in place (found by a binary search), so a `now` after it costs no sort and no copy; in id
  /// order, a pass over them also follows the order they were loaded into memory.
  private var openList: [StrideTask] = [] {
    didSet { revision &+= 1 }
  }
  /// Each open task's title with case set aside, hashed, at its task's index in `openList`: a capture looks for a
  /// task with its title in these few bytes instead of in every task. Built when a capture first asks, kept in step
  /// by every change after that, and dropped whenever the list is loaded again.
  private var titleKeys: [UInt32]?
  /// Grows with every change to the open tasks or the context: an answer worked out at one revision holds only
  /// while it stands.
  public private(set) var revision = 0 {
    didSet { revisionMoved?() }
  }
  /// Called, under the store's lock, each time `revision` moves: what was worked out before no longer holds.
  public var revisionMoved: (() -> Void)?
  /// Grows with every change to a task with time spent, a removal, or a failed commit: what is learned from the
  /// finished tasks (`calibrationSamples`) is learned again only when it moves.
  public private(set) var spentRevision = 0
  /// Grows with every change that may finish a task or take a finish back (a completion, an undo, what sync
  /// receives), or a failed commit: the energy rhythm (`History.completions`) is learned again only when it moves.
  public private(set) var finishRevision = 0
  /// The open task whose focus session runs, if one does: read when the open tasks are loaded and kept by each
  /// change (`remember`, `forget`), so finding it takes no pass over them.
  package private(set) var focusedID: TaskID?
  /// Changes committed but not yet handed to `observer`: inside a `batch`, they wait for its commit.
  private var journal: [StoreChange] = []
  private var batching = false
  /// Told of every change once it is durable, with the store still locked: the daemon only notes them here, and
  /// turns them into events once it has let go of the store.
  public var observer: ((TaskStore, [StoreChange]) -> Void)?

  /// The zone a routine's next occurrence is counted in (its clock time stays the same across DST).
  public var calendar = LocalCalendar(timeZone: .current)
  /// When the person's day starts (`time.dayStart`): a pause Stride times itself ends then.
  public var dayStart = TimeParser.defaultDayStart
  /// How long a no-energy deferral without a time lasts if the energy never rises (`engine.noEnergyFallbackHours`):
  /// it is woken, and stored as active, at the start of the day on which they run out.
  public var noEnergyFallbackHours = EngineSettings().noEnergyFallbackHours
  /// When the person usually has energy, once learned: a no-energy pause without a time ends by it (`energyFallback`).
  public var energyRhythm: EnergyRhythm?
  /// When the calendars that count say the person is busy (`loadBusyTimes`): a now-list's answer depends on them.
  public package(set) var busyTimes = BusyTimes.none {
    didSet { revision &+= 1 }
  }

  /// Who makes the changes now: the terminal session of the client whose request is being applied (set for each
  /// request, under the store's lock), recorded with each change so `undo` takes back what was done there.
  public var origin: String?
  /// The list a task goes in when it names none (kept here: every task remembered has its list's name).
  public package(set) var defaultListName = "inbox"

  /// Opens the database at `path` (creating it and its schema if needed) and loads the open tasks. Without
  /// `searchIndex` (or without FTS5 in this SQLite), a search reads every task instead of the full-text index.
  public init(path: String, searchIndex: Bool = true) throws(StrideError) {
    database = try SQLiteDatabase(path: path)
    try Schema.prepare(database)
    rows = TaskRows(database: database, search: try SearchIndex(database: database, enabled: searchIndex))
    history = History(database: database)
    defaultListName = try defaultList().name
    openList = try rows.loadOpen(sideBySide: true)
    focusedID = try runningFocusID()
    try loadBusyTimes()
  }

  /// The open tasks of `list` in memory take its new name (the database has it already).
  package func relabel(_ list: StoredList, as name: String) {
    openList = openList.map { task in
      guard list.holds(task) else { return task }
      var task = task
      task.list = name
      return task
    }
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
      focusedID = (try? runningFocusID()) ?? nil
      titleKeys = nil
      spentRevision &+= 1
      finishRevision &+= 1
      defaultListName = (try? defaultList().name) ?? defaultListName
      if outer { journal = [] }
      throw error
    }
  }

  /// Notes a committed change, and hands the journal to the observer unless a batch is still open.
  package func record(_ change: StoreChange) {
    revision &+= 1
    if !change.removed.isEmpty || change.tasks.contains(where: { $0.spentSeconds > 0 }) { spentRevision &+= 1 }
    if [.complete, .completeStep, .undo, .syncReceive].contains(change.action) { finishRevision &+= 1 }
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

  /// The first open task whose title is `title` once case is set aside.
  public func openTask(titled title: String) -> TaskID? {
    let keys = titleKeys ?? openList.map { Self.titleKey($0.title) }
    titleKeys = keys
    let key = Self.titleKey(title)
    let folded = title.lowercased()
    // Titles are folded again only where the keys match: almost never, unless it is the same title.
    var next = keys.startIndex
    while let index = keys[next...].firstIndex(of: key) {
      if openList[index].title.lowercased() == folded { return openList[index].id }
      next = index + 1
    }
    return nil
  }

  private static func titleKey(_ title: String) -> UInt32 {
    UInt32(truncatingIfNeeded: title.lowercased().hashValue)
  }

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
  public func tasks(status: TaskStatus?, tag: String?, at instant: Date, doneSince: Date? = nil) throws(StrideError)
    -> [StrideTask]
  {
    if status == .completed {
      return try rows.loadCompleted(tag: tag, since: doneSince)
    }
    return open(at: instant).filter { task in
      (status == nil || task.status == status) && (tag == nil || task.tags.contains(tag!))
    }
  }

  /// Every task a search matches, open and finished, best first.
  public func search(_ query: SearchQuery) throws(StrideError) -> [SearchHit] { try rows.search.search(query) }

  /// Whether searches read the full-text index (SQLite has FTS5), rather than every task.
  public var searchIndexed: Bool { rows.search.enabled }

  /// Stores a new task made from a draft and returns it with its id.
  public func capture(_ draft: TaskDraft, at now: Date) throws(StrideError) -> StrideTask {
    var checked = draft
    checked.title = try StrideTask.checkedTitle(draft.title)
    checked.tags = try StrideTask.checkedTags(draft.tags)
    checked.estimateMinutes = try draft.estimateMinutes.map(StrideTask.checkedEstimate)
    checked.steps = try draft.steps.map { step throws(StrideError) in try StrideTask.checkedTitle(step) }
    checked.list = try draft.list.map { name throws(StrideError) in try existingList(name).name } ?? defaultListName
    let task = try database.transaction { () throws(StrideError) -> StrideTask in
      let task = checked.task(id: try nextID(), at: now)
      try rows.save(task, new: true)
      try history.record(
        action: .capture, summary: "added task \(task.id) (\(task.title))", before: [], after: [task], at: now,
        origin: origin)
      return task
    }
    remember(task)
    record(StoreChange(action: .capture, at: now, tasks: [task]))
    return task
  }

  /// Stores tasks read from an export, all in one transaction: all of them, or none, with the ids
  /// `TaskRules.imported` gives them. One `undo` removes them. `dryRun`: checked and numbered, but not stored.
  public func importTasks(_ tasks: [StrideTask], at now: Date, dryRun: Bool = false) throws(StrideError) -> (
    tasks: [StrideTask], renumbered: Bool
  ) {
    var (stored, renumbered) = try TaskRules.imported(tasks, lastID: try nextID().rawValue - 1)
    // Into the list of that name here, else the default list.
    let names = Dictionary(try lists().map { ($0.name.lowercased(), $0.name) }, uniquingKeysWith: { a, _ in a })
    for index in stored.indices {
      stored[index].list = stored[index].list.flatMap { names[$0.lowercased()] } ?? defaultListName
    }
    guard !dryRun else { return (stored, renumbered) }
    try database.transaction { () throws(StrideError) in
      for task in stored { try rows.save(task) }
      try history.record(
        action: .importTasks, summary: "imported \(stored.count) task\(stored.count == 1 ? "" : "s")", before: [],
        after: stored, at: now)
    }
    stored.forEach(remember)
    record(StoreChange(action: .importTasks, at: now, tasks: stored))
    return (stored, renumbered)
  }

  /// Applies a change and returns the task as it is afterwards (for a delete: as it was).
  @discardableResult
  public func apply(_ change: TaskChange, at now: Date) throws(StrideError) -> StrideTask {
    let before = try task(change.taskID, at: now)
    let (task, others) = try rules(at: now).applying(change, to: before, at: now)
    let deleting = if case .delete = change { true } else { false }
    var summary = change.summary(of: before)
    if case .update = change, !task.changedFields(from: before).isEmpty {
      summary = "edited the \(listed(task.changedFields(from: before))) of task \(task.id) (\(before.title))"
    }
    try database.transaction { () throws(StrideError) in
      for other in others { try rows.save(other.after, replacing: other.before) }
      if deleting { try rows.delete(task.id) } else { try rows.save(task, replacing: before) }
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
        let past = try history.compacted ? "; older changes are past undo's reach (history.undoDays)" : ""
        throw StrideError(
          .nothingToUndo,
          (fromSync ? "no change received from sync is left to undo" : "there is nothing to undo") + past)
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
        if let focusKept = focusAfterUndo(&task, undoing: entry, at: now) { kept.append(focusKept) }
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
      entry.origin == History.syncOrigin
      ? .sync
      : entry.origin == origin || origin == nil || entry.origin == History.desktopOrigin ? .here : .elsewhere
    // Said as `stride log` says it, a task named as every reply names one: 'added task 2, "call mum"'.
    let summary = HistoryWords.phrase(entry.action, before: entry.before, after: entry.after, summary: entry.summary)
    return UndoneChange(
      action: entry.action, summary: summary, at: entry.at, tasks: restored.map { $0.settled(at: now) },
      source: source, kept: kept)
  }

  /// The wake-ups due by `now`, announced, and the next one to come (`wakeAndFindNext(at:)`).
  func wake(lookingAhead now: Date) throws(StrideError) -> (due: [WakeUp], next: WakeUp?) {
    let fallback = energyFallback
    let (due, next) = openList.wakeUps(by: now, fallback: fallback)
    guard !due.isEmpty else { return ([], next) }
    let woken = Dictionary(grouping: due, by: \.task).keys.sorted().compactMap(openTask)
    var changes: [StoreChange] = []
    try database.transaction { () throws(StrideError) in
      for before in woken {
        let kinds = due.filter { $0.task == before.id }
        let task = before.woken(at: kinds.map(\.at).max() ?? now, now: now, fallback: fallback)
        try rows.save(task)
        try history.record(
          action: .wake, summary: "task \(task.id) (\(task.title)) " + Self.phrase(kinds),
          before: [before], after: [task], at: now, undoable: false)
        changes.append(StoreChange(action: .wake, at: now, tasks: [task], wakeUps: kinds))
      }
    }
    for change in changes { remember(change.tasks[0]) }
    journal += changes
    if !batching { announce() }
    // A woken task may have moved on (a routine's next due time): look again.
    return (due, nextWakeUp)
  }

  /// Keeps a task as it now stands in memory: in place if it is open, out if it is done.
  package func remember(_ task: StrideTask) {
    var task = task
    if task.list == nil { task.list = defaultListName }
    if task.runningFocus != nil, task.status.isOpen {
      focusedID = task.id
    } else if focusedID == task.id {
      focusedID = nil
    }
    let (index, found) = position(of: task.id)
    switch (found, task.status.isOpen) {
    case (true, true):
      openList[index] = task
      titleKeys?[index] = Self.titleKey(task.title)
    case (true, false):
      openList.remove(at: index)
      titleKeys?.remove(at: index)
    case (false, true):
      openList.insert(task, at: index)
      titleKeys?.insert(Self.titleKey(task.title), at: index)
    case (false, false): break
    }
  }

  /// An open task as stored, from memory.
  package func openTask(_ id: TaskID) -> StrideTask? {
    let (index, found) = position(of: id)
    return found ? openList[index] : nil
  }

  /// Drops a deleted task from memory.
  package func forget(_ id: TaskID) {
    let (index, found) = position(of: id)
    if focusedID == id { focusedID = nil }
    if found {
      openList.remove(at: index)
      titleKeys?.remove(at: index)
    }
  }
}
