import StrideBase

/// `sync.setup`: find the task collection at a CalDAV address (a calendar URL, or a server from which it is
/// discovered), remember it, and sync once.
public enum SyncSetup: WireMethod {
  public static let method = Method.syncSetup

  public struct Params: Codable, Sendable, Equatable {
    public var url: String
    public var user: String?
    /// A program that prints the password; kept in the account (the password itself never is).
    public var passwordCommand: [String]?
    /// The password for this call and the daemon's memory only (the CLI passes `STRIDE_SYNC_PASSWORD`).
    public var password: String?
    /// Allows plain `http://` to a host that is not this machine.
    public var insecure: Bool?
    /// Make a task list called Stride when the server has none.
    public var create: Bool?
    /// Follow every task list found at the address.
    public var all: Bool?
    /// Follow the task lists found with these names (their display names, whatever the case).
    public var lists: [String]?
    /// Make a task list with this name on the server, and follow it.
    public var make: String?
    /// The list here that syncs with the one task list chosen (made when there is none of that name).
    public var list: String?

    public init(
      url: String, user: String? = nil, passwordCommand: [String]? = nil, password: String? = nil,
      insecure: Bool? = nil, create: Bool? = nil, all: Bool? = nil, lists: [String]? = nil, make: String? = nil,
      list: String? = nil
    ) {
      self.all = all
      self.lists = lists
      self.make = make
      self.list = list
      self.url = url
      self.user = user
      self.passwordCommand = passwordCommand
      self.password = password
      self.insecure = insecure
      self.create = create
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var account: SyncAccount
    /// The first pass, or nil when it failed (`error` says why; the account is kept).
    public var report: SyncReport?
    public var error: String?

    /// Every list that syncs with a task list on this server, after set-up.
    public var lists: [ListInfo]

    package init(account: SyncAccount, lists: [ListInfo], report: SyncReport? = nil, error: String? = nil) {
      self.account = account
      self.lists = lists
      self.report = report
      self.error = error
    }
  }
}

/// `sync.run`: sync now, and say what moved.
public enum SyncRun: WireMethod {
  public static let method = Method.syncRun

  public struct Params: Codable, Sendable, Equatable {
    /// As in `sync.setup`: kept in the daemon's memory only.
    public var password: String?
    public init(password: String? = nil) { self.password = password }
  }

  public typealias Result = SyncReport
}

/// `sync.status`: whether sync is set up, when it last succeeded, what waits to be sent, and the last error.
public enum SyncStatus: WireMethod {
  public static let method = Method.syncStatus
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    public var account: SyncAccount?
    public var lastSuccess: Timestamp?
    public var lastAttempt: Timestamp?
    /// The last pass's failure, as a sentence; nil once a pass succeeds.
    public var lastError: String?
    /// Tasks changed, new or deleted here that the server has not had yet.
    public var pending: Int
    /// When the daemon syncs next by itself.
    public var nextSync: Timestamp?
    /// How many passes in a row could not finish (absent when the last one did): the next sync is then a try again,
    /// sooner than the five-minute interval.
    public var failedPasses: Int?
    /// False when the daemon was built without sync.
    public var available: Bool
    /// Every list that syncs, each with its own account and state; the fields above are the default list's (or the
    /// first synced one's), but `pending` counts every list.
    public var lists: [ListInfo]
    /// This result's times in words, for a connection that asked for them (`SaysTimes`).
    public var said: Said?

    package init(
      account: SyncAccount? = nil, lastSuccess: Timestamp? = nil, lastAttempt: Timestamp? = nil,
      lastError: String? = nil, pending: Int, nextSync: Timestamp? = nil, failedPasses: Int? = nil, available: Bool,
      lists: [ListInfo] = []
    ) {
      self.lists = lists
      self.failedPasses = failedPasses
      self.account = account
      self.lastSuccess = lastSuccess
      self.lastAttempt = lastAttempt
      self.lastError = lastError
      self.pending = pending
      self.nextSync = nextSync
      self.available = available
    }
  }
}
