import Foundation
import StrideModel

/// Which tasks `task.list` returns: one status, every open task (the default), or all of them.
public enum ListStatus: String, WireEnum, Sendable {
  case open, active, waiting, deferred, completed, all
}

/// What `task.list` orders tasks by.
public enum ListSortKey: String, WireEnum, Sendable {
  /// Soonest due first; tasks with no due time last.
  case due
  /// Oldest first.
  case created
  /// Least energy first.
  case energy
  /// Shortest first; tasks with no estimate last.
  case estimate
  /// Put off most often first.
  case deferrals
  /// Alphabetical, ignoring case and accents.
  case title
}

/// A `task.list` order: a key, written with a leading `-` to reverse it (`-due`: latest due first). Tasks the key
/// says nothing of (no due time, no estimate) stay last either way.
public struct ListSort: Codable, Sendable, Equatable {
  public var key: ListSortKey
  public var descending: Bool

  public init(key: ListSortKey, descending: Bool = false) {
    self.key = key
    self.descending = descending
  }

  /// Reads `due` or `-due`; nil for anything else.
  public init?(_ text: String) {
    let descending = text.hasPrefix("-")
    guard let key = ListSortKey(rawValue: descending ? String(text.dropFirst()) : text) else { return nil }
    self.init(key: key, descending: descending)
  }

  public var text: String { (descending ? "-" : "") + key.rawValue }

  /// The words a sort can be, for errors and completions.
  public static var validWords: String { ListSortKey.validWords + " (with - before one to reverse it)" }

  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let sort = ListSort(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "must be one of \(Self.validWords), not '\(text)'")
    }
    self = sort
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}

/// `task.list`: tasks by status, tag and the other filters, in an order. Every filter given must hold.
public enum TaskList: RPCMethod {
  public static let name = "task.list"

  public struct Params: Codable, Sendable, Equatable {
    /// Which tasks; the default is every open one, or the finished ones when `doneSince` is given.
    public var status: ListStatus?
    public var tag: String?
    /// Only pinned tasks (true).
    public var pinned: Bool?
    /// The order; without it, open tasks come in id order and finished ones newest first (or best match first,
    /// with `search`).
    public var sort: ListSort?
    /// Only tasks that need this energy.
    public var energy: EnergyLevel?
    /// Only tasks due before this time.
    public var dueBefore: Timestamp?
    /// Only open tasks whose due time has passed (true).
    public var overdue: Bool?
    /// Only tasks put off at least once for this reason (now or before).
    public var deferredBy: DeferReason?
    /// Only tasks finished at or after this time.
    public var doneSince: Timestamp?
    /// Only tasks these words find, as `task.find` reads them.
    public var search: String?
    /// Only tasks in this list.
    public var list: String?

    public init(
      status: ListStatus? = nil, tag: String? = nil, pinned: Bool? = nil, sort: ListSort? = nil,
      energy: EnergyLevel? = nil, dueBefore: Date? = nil, overdue: Bool? = nil, deferredBy: DeferReason? = nil,
      doneSince: Date? = nil, search: String? = nil, list: String? = nil
    ) {
      self.list = list
      self.status = status
      self.tag = tag
      self.pinned = pinned
      self.sort = sort
      self.energy = energy
      self.dueBefore = dueBefore.map(Timestamp.init)
      self.overdue = overdue
      self.deferredBy = deferredBy
      self.doneSince = doneSince.map(Timestamp.init)
      self.search = search
    }
  }

  public typealias Result = TaskListResult
}

/// `task.find`: tasks, open and finished, by words in the title, the thought as typed, notes and steps. Every word
/// must match (a bare word matches the start of a word; a "quoted phrase" its words side by side), case and accents
/// aside. Best first: a match in the title, then open before finished, then recently changed.
public enum TaskFind: RPCMethod {
  public static let name = "task.find"

  public struct Params: Codable, Sendable, Equatable {
    public var query: String
    /// How many to return (the first ones); 10 when absent.
    public var limit: Int?
    public init(query: String, limit: Int? = nil) {
      self.query = query
      self.limit = limit
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    /// The best matches, best first.
    public var tasks: [StrideTask]
    /// How many tasks match in all.
    public var total: Int
    /// Where the words were found in each task, in the tasks' order.
    public var found: [SearchFound]?
    public init(tasks: [StrideTask], total: Int, found: [SearchFound]? = nil) {
      self.tasks = tasks
      self.total = total
      self.found = found
    }
  }
}
