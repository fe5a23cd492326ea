import Foundation
import StrideModel

/// `sync.setup`: find the task collection at a CalDAV address (a calendar URL, or a server from which it is
/// discovered), remember it, and sync once.
public enum SyncSetup: RPCMethod {
  public static let name = "sync.setup"

  public struct Params: Codable, Sendable, Equatable {
    public var url: String
    public var user: String?
    /// A program that prints the password; kept in the account (the password itself never is).
    public var passwordCommand: [String]?
    /// The password for this call and the daemon's memory only (the CLI passes `STRIDE_SYNC_PASSWORD`).
    public var password: String?
    /// Allows plain `http://` to a host that is not this machine.
    public var insecure: Bool?
    /// Make a task list when the server has none.
    public var create: Bool?

    public init(
      url: String, user: String? = nil, passwordCommand: [String]? = nil, password: String? = nil,
      insecure: Bool? = nil, create: Bool? = nil
    ) {
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

    package init(account: SyncAccount, report: SyncReport? = nil, error: String? = nil) {
      self.account = account
      self.report = report
      self.error = error
    }
  }
}

/// `sync.run`: sync now, and say what moved.
public enum SyncRun: RPCMethod {
  public static let name = "sync.run"

  public struct Params: Codable, Sendable, Equatable {
    /// As in `sync.setup`: kept in the daemon's memory only.
    public var password: String?
    public init(password: String? = nil) { self.password = password }
  }

  public typealias Result = SyncReport
}

/// `sync.status`: whether sync is set up, when it last succeeded, what waits to be sent, and the last error.
public enum SyncStatus: RPCMethod {
  public static let name = "sync.status"
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
    /// False when the daemon was built without sync.
    public var available: Bool

    package init(
      account: SyncAccount? = nil, lastSuccess: Timestamp? = nil, lastAttempt: Timestamp? = nil,
      lastError: String? = nil, pending: Int, nextSync: Timestamp? = nil, available: Bool
    ) {
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
