import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// Finding tasks: `task.list` by its filters and orders, and `task.find` by words.
extension Tasks {
  func list(_ params: Wire.TaskList.Params, _ caller: Caller) throws(StrideError) -> Wire.TaskListResult {
    let now = caller.now
    let tag = try params.tag.map { tag throws(StrideError) in try StrideTask.checkedTags([tag])[0] }
    let query = try params.search.map { text throws(StrideError) in try Self.query(text) }
    let doneSince = params.doneSince?.date
    // Finished since a time are finished tasks: that is what is listed unless a status is named.
    let status = params.status ?? (doneSince == nil ? .open : .completed)
    let (tasks, ranked, open) = try locked { store throws(StrideError) in
      let tasks: [StrideTask] =
        switch status {
        case .open: try store.tasks(status: nil, tag: tag, at: now)
        case .all:
          try store.tasks(status: nil, tag: tag, at: now)
            + store.tasks(status: .completed, tag: tag, at: now, doneSince: doneSince)
        default:
          try store.tasks(
            status: TaskStatus(rawValue: status.rawValue), tag: tag, at: now, doneSince: doneSince)
        }
      let list = try params.list.map { name throws(StrideError) in try store.existingList(name).name }
      return (
        tasks.filter { list == nil || $0.list == list },
        try query.map { query throws(StrideError) in try store.search(query).map(\.id) },
        Set(store.openByID.map(\.id))
      )
    }
    var kept = tasks.filter { Self.passes($0, params, at: now) }
    if let ranked {
      // Found tasks only; without an order of its own, best match first.
      let place = Dictionary(uniqueKeysWithValues: ranked.enumerated().map { ($1, $0) })
      kept = kept.filter { place[$0.id] != nil }
      if params.sort == nil { kept.sort { place[$0.id]! < place[$1.id]! } }
    }
    if let sort = params.sort { kept = Self.sorted(kept, by: sort) }
    let time = HumanTime(now: now, timeZone: try zone(params.timeZone))
    return Wire.TaskListResult(
      tasks: kept.map(caller.wire), found: query.map { query in kept.map(query.found) },
      statuses: kept.map { $0.standing(open: open, time: time) })
  }

  /// Whether a task passes every filter of `params` but status, tag and search (which choose what is read).
  static func passes(_ task: StrideTask, _ params: Wire.TaskList.Params, at now: Date) -> Bool {
    if params.pinned == true, !task.pinned { return false }
    if let energy = params.energy, task.energy != energy { return false }
    if let before = params.dueBefore?.date, (task.due ?? .distantFuture) >= before { return false }
    if params.overdue == true, task.status == .completed || (task.due ?? .distantFuture) >= now { return false }
    if let reason = params.deferredBy, !task.deferrals.contains(where: { $0.reason == reason }) { return false }
    if let since = params.doneSince?.date, (task.completedAt ?? .distantPast) < since { return false }
    return true
  }

  /// Tasks in a `task.list` order; ties keep id order. Tasks the key says nothing of stay last.
  static func sorted(_ tasks: [StrideTask], by sort: ListSort) -> [StrideTask] {
    func value(_ task: StrideTask) -> Double? {
      switch sort.key {
      case .due: task.due?.timeIntervalSince1970
      case .created: task.createdAt.timeIntervalSince1970
      case .energy: Double(EnergyLevel.allCases.firstIndex(of: task.energy) ?? 0)
      case .estimate: task.estimateMinutes.map(Double.init)
      case .deferrals: Double(task.deferCount)
      case .title: nil
      }
    }
    if sort.key == .title {
      let keyed = tasks.map { (SearchQuery.foldedText($0.title), $0) }
      return keyed.sorted { a, b in
        a.0 == b.0 ? a.1.id < b.1.id : (a.0 < b.0) != sort.descending
      }.map(\.1)
    }
    let descending = sort.descending
    return tasks.map { (value($0), $0) }.sorted { a, b in
      switch (a.0, b.0) {
      case (nil, nil): return a.1.id < b.1.id
      case (nil, _): return false
      case (_, nil): return true
      case (let x?, let y?): return x == y ? a.1.id < b.1.id : (x < y) != descending
      }
    }.map(\.1)
  }

  /// The tasks words find, best first, and how many there are.
  func find(_ params: Wire.TaskFind.Params, _ caller: Caller) throws(StrideError) -> Wire.FindResult {
    let query = try Self.query(params.query)
    let limit = params.limit ?? 10
    guard limit > 0 else { throw StrideError.invalid("limit must be at least 1, not \(limit)") }
    let (tasks, total) = try locked { store throws(StrideError) in
      let hits = try store.search(query)
      return (
        try hits.prefix(limit).map { hit throws(StrideError) in try store.task(hit.id, at: caller.now) }, hits.count
      )
    }
    // Where the words are, worked out with the store let go of.
    return Wire.FindResult(tasks: tasks.map(caller.wire), total: total, found: tasks.map(query.found))
  }

  private static func query(_ text: String) throws(StrideError) -> SearchQuery {
    guard let query = SearchQuery(text) else {
      throw StrideError.invalid(
        "'\(text)' has no word to look for; give one or more words, like: stride find lease, or a \"quoted phrase\"")
    }
    return query
  }
}
