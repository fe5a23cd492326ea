import Foundation
import StrideBase
import StrideModel
import StrideStore
import StrideWire

/// `task.list` a page at a time, for a reply in parts (Docs/protocol.md, "Replies in parts").
extension Tasks {
  /// How many tasks a part holds: few enough that the first screen comes at once and a part weighs a few hundred
  /// kilobytes, enough that what each part costs (the lock, a read, a line) is spread thin.
  static let tasksPerPart = 256

  /// The same tasks as `list`, in the same order, a page at a time: open tasks in id order from memory, then finished
  /// ones newest first, in the order SQLite sorts their ids into, each page loaded from the store when it is read.
  /// Between pages it holds only where it is (and the finished tasks' ids), so the daemon's memory does not grow with
  /// the tasks. A search, or an order of its own, needs every task before the first: that listing is worked out
  /// whole, as `list` does, and handed out a page at a time. The first page says what a table needs to know before
  /// the rows come (`ListColumns`).
  func listPages(_ params: Wire.TaskList.Params, _ caller: Caller) throws(StrideError) -> PageReader<
    Wire.TaskListResult
  > {
    let columns = try locked { store throws(StrideError) in
      let named = try params.list.map { name throws(StrideError) in try store.existingList(name).name }
      var lists = named.map { [$0] } ?? []
      if named == nil { lists = try store.lists().map(\.name) }
      return Wire.ListColumns(largestID: TaskID(try store.nextID().rawValue - 1), lists: lists)
    }
    guard params.search == nil, params.sort == nil else {
      let whole = try list(params, caller)
      return .slices(of: whole.tasks.count, size: Self.tasksPerPart) { range in
        Wire.TaskListResult(
          tasks: Array(whole.tasks[range]), found: whole.found.map { Array($0[range]) },
          statuses: whole.statuses.map { Array($0[range]) }, columns: range.lowerBound == 0 ? columns : nil)
      }
    }
    var source = try ListSource(params, caller, tasks: self)
    var first = true
    return PageReader { () throws(StrideError) in
      guard let page = try source.next(self), !page.tasks.isEmpty else { return nil }
      var result = page
      if first { result.columns = columns }
      first = false
      return (result, result.tasks.count)
    }
  }
}

/// Where a listing in parts stands between its pages, and how it reads the next one.
private struct ListSource {
  let params: Wire.TaskList.Params
  let caller: Tasks.Caller
  let tag: String?
  /// The status of open task a listing of one wants (active, waiting, deferred); nil: any open one.
  let openStatus: TaskStatus?
  let time: HumanTime
  /// Whether the open tasks are still to come, and after which id.
  var open: TaskID?
  /// The finished tasks' ids in their order, once read, and how many of them have been handed out.
  var finished: [TaskID]?
  var handed = 0
  /// The open tasks sent, so one finished while the listing is sent is not sent again among the finished.
  var sentOpen: Set<TaskID> = []
  let wantsFinished: Bool

  init(_ params: Wire.TaskList.Params, _ caller: Tasks.Caller, tasks: Tasks) throws(StrideError) {
    self.params = params
    self.caller = caller
    tag = try params.tag.map { tag throws(StrideError) in try StrideTask.checkedTags([tag])[0] }
    let status = params.status ?? (params.doneSince == nil ? .open : .completed)
    openStatus = TaskStatus(rawValue: status.rawValue).flatMap { $0 == .completed ? nil : $0 }
    open = status == .completed ? nil : TaskID(0)
    wantsFinished = status == .all || status == .completed
    time = HumanTime(now: caller.now, timeZone: try tasks.zone(params.timeZone))
  }

  /// Whether tasks may be left to read.
  private var more: Bool { open != nil || wantsFinished && handed < finished?.count ?? .max }

  /// The next page: up to `Tasks.tasksPerPart` tasks that pass the listing's filters, with their statuses; an empty
  /// page once there are no more.
  mutating func next(_ tasks: Tasks) throws(StrideError) -> Wire.TaskListResult? {
    var page: [StrideTask] = []
    var blockers: Set<TaskID> = []
    while page.count < Tasks.tasksPerPart, more {
      let room = Tasks.tasksPerPart - page.count
      let (read, openBlockers) = try tasks.locked { store throws(StrideError) in
        let read = try open == nil ? readFinished(store, room) : readOpen(store, room)
        return (read, Set(read.flatMap(\.blockedBy).filter { store.openTask($0) != nil }))
      }
      page += read
      blockers.formUnion(openBlockers)
    }
    return Wire.TaskListResult(
      tasks: page.map(caller.wire), statuses: page.map { $0.standing(open: blockers, time: time) })
  }

  /// Open tasks after the last one read, in id order, as they stand now, that pass the filters.
  private mutating func readOpen(_ store: TaskStore, _ room: Int) throws(StrideError) -> [StrideTask] {
    let all = store.openByID
    var index = Self.firstIndex(in: all, after: open ?? TaskID(0))
    var read: [StrideTask] = []
    let list = try params.list.map { name throws(StrideError) in try store.existingList(name).name }
    while index < all.count, read.count < room {
      let task = all[index].settled(at: caller.now)
      index += 1
      if passes(task, list: list) { read.append(task) }
    }
    if wantsFinished { sentOpen.formUnion(read.map(\.id)) }
    open = index < all.count ? all[index - 1].id : nil
    return read
  }

  /// Finished tasks after those handed out, newest first, that pass the filters.
  private mutating func readFinished(_ store: TaskStore, _ room: Int) throws(StrideError) -> [StrideTask] {
    if finished == nil { finished = try store.rows.completedIDs(tag: tag, since: params.doneSince?.date) }
    let ids = finished ?? []
    let next = Array(ids[handed..<min(handed + room, ids.count)])
    handed += next.count
    let list = try params.list.map { name throws(StrideError) in try store.existingList(name).name }
    return try store.rows.load(next).filter {
      $0.status == .completed && !sentOpen.contains($0.id) && passes($0, list: list)
    }
  }

  /// Whether a task passes every filter of the listing's (status, tag, list and the rest).
  private func passes(_ task: StrideTask, list: String?) -> Bool {
    if let openStatus, task.status != openStatus { return false }
    if let tag, !task.tags.contains(tag) { return false }
    if let list, task.list != list { return false }
    return Tasks.passes(task, params, at: caller.now)
  }

  /// The index of the first task in `tasks` (in id order) whose id is after `id`.
  private static func firstIndex(in tasks: [StrideTask], after id: TaskID) -> Int {
    var (low, high) = (0, tasks.count)
    while low < high {
      let middle = (low + high) / 2
      if tasks[middle].id <= id { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
