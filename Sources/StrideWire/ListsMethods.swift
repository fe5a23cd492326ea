import StrideBase

/// One list: its name, whether captures go there, its tasks, and the task list on a server it syncs with.
public struct ListInfo: Codable, Sendable, Equatable {
  public var name: String
  /// Captures that name no list go here.
  public var isDefault: Bool
  public var open: Int
  public var done: Int
  /// The server's task list this one syncs with; nil for a list kept here only.
  public var account: SyncAccount?
  public var lastSuccess: Timestamp?
  public var lastAttempt: Timestamp?
  /// The last pass's failure, as a sentence; nil once a pass succeeds.
  public var lastError: String?
  /// Tasks changed, new or deleted here that the server has not had yet.
  public var pending: Int
  /// The server stopped taking this account's changes (its rights were taken away): changes here are kept here.
  public var readOnly: Bool
  /// These times in words, for a connection that asked for them (`SaysTimes`).
  public var said: Said?

  package init(
    name: String, isDefault: Bool, open: Int, done: Int, account: SyncAccount? = nil, lastSuccess: Timestamp? = nil,
    lastAttempt: Timestamp? = nil, lastError: String? = nil, pending: Int = 0, readOnly: Bool = false
  ) {
    (self.name, self.isDefault, self.open, self.done, self.account) = (name, isDefault, open, done, account)
    (self.lastSuccess, self.lastAttempt, self.lastError) = (lastSuccess, lastAttempt, lastError)
    (self.pending, self.readOnly) = (pending, readOnly)
  }
}

/// Params that name one list.
public struct ListRef: Codable, Sendable, Equatable {
  public var name: String
  public init(name: String) { self.name = name }
}

/// `lists.get`: every list, in the order they were made.
public enum ListsGet: WireMethod {
  public static let method = Method.listsGet
  public typealias Params = NoParams
  public struct Result: Codable, Sendable, Equatable {
    public var lists: [ListInfo]
    package init(lists: [ListInfo]) { self.lists = lists }
  }
}

/// `lists.add`: make a list kept here (`sync.setup` makes one that syncs).
public enum ListsAdd: WireMethod {
  public static let method = Method.listsAdd
  public typealias Params = ListRef
  public typealias Result = ListInfo
}

/// `lists.default`: make a list the one captures go to when they name none.
public enum ListsDefault: WireMethod {
  public static let method = Method.listsDefault
  public typealias Params = ListRef
  public typealias Result = ListInfo
}

/// `lists.remove`: remove an empty list that is not the default (the server's task list is left as it is).
public enum ListsRemove: WireMethod {
  public static let method = Method.listsRemove
  public typealias Params = ListRef
  public typealias Result = ListInfo
}

/// `lists.rename`: give a list another name here (a task list it syncs with keeps its own name on the server).
public enum ListsRename: WireMethod {
  public static let method = Method.listsRename

  public struct Params: Codable, Sendable, Equatable {
    public var name: String
    /// The new name: one word of letters, digits, - or _, free among the lists (whatever its case).
    public var to: String
    public init(name: String, to: String) {
      self.name = name
      self.to = to
    }
  }

  public typealias Result = ListInfo
}
