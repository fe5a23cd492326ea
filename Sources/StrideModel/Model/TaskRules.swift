import Foundation
import StrideBase

/// The rules that span tasks, as one pure value over what it is shown: how many pins there may be, which
/// dependencies would make a loop, which tasks a deletion frees, how a new routine starts, and how an import's ids
/// and dependencies are checked and renumbered. A rule about one task alone is a transition of `StrideTask`; a
/// deferral's effect is the defer policy (`DeferReason`). The store asks these, then writes what they return.
package struct TaskRules {
  /// The open tasks, in id order (for the pins).
  var open: [StrideTask]
  /// Every "waits on" edge, of open and finished tasks alike: (task, the task it waits on).
  var edges: () throws(StrideError) -> [(TaskID, TaskID)]
  /// Any task by id, open or finished, as it stands now; throws `noTask` when there is none.
  var find: (TaskID) throws(StrideError) -> StrideTask
  /// The zone a routine's occurrences are counted in.
  var calendar: LocalCalendar
  /// When the person's day starts: a pause without a time of their choosing ends then.
  var dayStart: ClockTime

  package init(
    open: [StrideTask], edges: @escaping () throws(StrideError) -> [(TaskID, TaskID)],
    find: @escaping (TaskID) throws(StrideError) -> StrideTask, calendar: LocalCalendar,
    dayStart: ClockTime = TimeParser.defaultDayStart
  ) {
    self.open = open
    self.edges = edges
    self.find = find
    self.calendar = calendar
    self.dayStart = dayStart
  }

  /// A change applied to `before`: the task afterwards, and the other tasks it changed on the way (for a delete,
  /// those that waited on it), each before and after.
  package func applying(_ change: TaskChange, to before: StrideTask, at now: Date) throws(StrideError) -> (
    task: StrideTask, others: [(before: StrideTask, after: StrideTask)]
  ) {
    var task = before
    switch change {
    case .complete: try task.complete(at: now, calendar: calendar)
    case .reopen: try task.reopen(at: now)
    case .addStep(_, let title): _ = try task.addStep(title, at: now)
    case .completeStep(_, let index): try task.completeStep(index, at: now, calendar: calendar)
    case .reopenStep(_, let index): try task.reopenStep(index, at: now)
    case .skip: try task.skip(at: now, calendar: calendar)
    case .pin(_, let pinned): try pin(&task, pinned, at: now)
    case .addNote(_, let text): _ = try task.addNote(text, at: now)
    case .removeNote(_, let index): try task.removeNote(index, at: now)
    case .move(_, let list):
      guard task.list != list else {
        throw StrideError.invalid("task \(task.id) is already in the list \(list); nothing was moved")
      }
      task.list = list
      task.updatedAt = now
    case .deferTask(_, .blocked, let until, let other?, let energy):
      // Blocked by another task: it becomes a dependency, and the deferral is still counted and kept.
      try block(&task, on: other, at: now)
      task.deferrals.append(Deferral(reason: .blocked, at: now, until: until, energy: energy))
    case .deferTask(_, let reason, let until, let other, let energy):
      if let refusal = reason.onRefusal(given: other != nil) { throw StrideError.invalid(refusal) }
      try task.deferTask(reason, until: until, energy: energy, at: now, calendar: calendar, dayStart: dayStart)
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
    case .delete:
      // A session running on it ends with it, so the history and the events say it ended.
      if task.runningFocus != nil { try task.endFocus(.stopped, at: now) }
      return (task, try dependents(of: task.id, at: now))
    case .focus(_, let change): return try focus(change, on: task, at: now)
    }
    try endFocus(of: &task, after: change, was: before, at: now)
    return (task, [])
  }

  /// At most `StrideTask.maximumPins` pins, and none on a finished task.
  func pin(_ task: inout StrideTask, _ pinned: Bool, at now: Date) throws(StrideError) {
    if pinned, !task.pinned {
      let pins = open.filter(\.pinned)
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
    // Asked for what is so already: said, and nothing recorded (an undo would take back nothing).
    guard task.pinned != pinned else {
      throw StrideError(
        .invalidTransition,
        pinned
          ? "task \(task.id) is pinned already; it stays in now until done or unpinned"
          : "task \(task.id) is not pinned, so there is nothing to unpin; to keep it in now: stride pin \(task.id)")
    }
    task.pinned = pinned
    task.updatedAt = now
  }

  /// `task` waits on `other`, unless one of them is done, it already does, or it would close a loop (also through
  /// a finished task: reopened, it would be stuck).
  func block(_ task: inout StrideTask, on other: TaskID, at now: Date) throws(StrideError) {
    guard other != task.id else {
      throw StrideError(.dependencyCycle, "task \(task.id) cannot wait on itself")
    }
    let blocker = try find(other)
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

  func unblock(_ task: inout StrideTask, from other: TaskID, at now: Date) throws(StrideError) {
    guard let position = task.blockedBy.firstIndex(of: other) else {
      throw StrideError(.invalidTransition, "task \(task.id) does not wait on task \(other)")
    }
    task.blockedBy.remove(at: position)
    task.updatedAt = now
  }

  /// The chain of "waits on" edges from `start` to `goal`, if there is one (start first, goal excluded).
  func dependencyPath(from start: TaskID, to goal: TaskID) throws(StrideError) -> [TaskID]? {
    var next: [TaskID: [TaskID]] = [:]
    for (task, blocker) in try edges() { next[task, default: []].append(blocker) }
    var previous: [TaskID: TaskID] = [:]
    var queue = [start]
    var seen: Set<TaskID> = [start]
    while !queue.isEmpty {
      let current = queue.removeFirst()
      for node in next[current] ?? [] where !seen.contains(node) {
        previous[node] = current
        if node == goal {
          var path: [TaskID] = []
          var step: TaskID? = current
          while let at = step {
            path.insert(at, at: 0)
            step = previous[at]
          }
          return path
        }
        seen.insert(node)
        queue.append(node)
      }
    }
    return nil
  }

  /// Tasks that wait on `id`, before and after dropping that dependency (for a delete).
  package func dependents(of id: TaskID, at now: Date) throws(StrideError) -> [(before: StrideTask, after: StrideTask)]
  {
    let ids = Set(try edges().filter { $0.1 == id }.map(\.0))
    return try ids.sorted().map { dependentID throws(StrideError) in
      let before = try find(dependentID)
      var after = before
      after.blockedBy.removeAll { $0 == id }
      after.updatedAt = now
      return (before, after)
    }
  }

  /// Tasks read from an export, checked and given their ids here. Their `blockedBy` refers to their ids in the
  /// file. Those ids are kept when all are above `lastID`, the largest id ever given here (so in an empty store);
  /// otherwise the tasks get the next free ids, in order, and their dependencies follow. In id order. A focus session
  /// that was running where the file was written ends at its task's last change (one runs at a time, here).
  /// A title with control characters or runs of white space (another program wrote it, a tab or a newline in it)
  /// is made one line, as `stride add` makes it, rather than refusing the whole file for one field.
  package static func imported(_ tasks: [StrideTask], lastID: Int64) throws(StrideError) -> (
    tasks: [StrideTask], renumbered: Bool
  ) {
    guard !tasks.isEmpty else { throw StrideError.invalid("there are no tasks to import") }
    let tasks = tasks.map { task in
      var copy = task
      if let title = try? StrideTask.checkedTitle(task.title) { copy.title = title }
      return copy
    }
    let fileIDs = tasks.map(\.id)
    guard Set(fileIDs).count == fileIDs.count else {
      throw StrideError.invalid("two tasks in the import share an id; each needs its own")
    }
    for task in tasks { try checkImported(task, among: fileIDs) }
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
    let keep = fileIDs.allSatisfy { $0.rawValue > lastID }
    var newIDs: [TaskID: TaskID] = [:]
    for (offset, id) in fileIDs.sorted().enumerated() {
      newIDs[id] = keep ? id : TaskID(lastID + Int64(offset) + 1)
    }
    let stored = tasks.map { task in
      var copy = task
      copy.id = newIDs[task.id]!
      copy.blockedBy = task.blockedBy.map { newIDs[$0]! }
      // A session that ran where the file was written is not running here: it ended at that task's last change.
      if copy.runningFocus != nil { try? copy.endFocus(.interrupted, at: copy.updatedAt) }
      return copy
    }.sorted { $0.id < $1.id }
    return (stored, !keep)
  }

  /// One task of an import as a capture would have made it: a usable title, one-word tags, an estimate in range,
  /// a status that fits its times, and dependencies inside the import.
  private static func checkImported(_ task: StrideTask, among fileIDs: [TaskID]) throws(StrideError) {
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
}
