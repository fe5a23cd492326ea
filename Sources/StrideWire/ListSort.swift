import StrideBase

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
