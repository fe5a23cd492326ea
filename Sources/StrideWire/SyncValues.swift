import StrideBase

/// A field that changed on both sides, as `stride show` tells it.
public struct SyncConflictNote: Codable, Equatable, Sendable {
  public var at: Timestamp
  public var field: String
  public var kept: String
  public var lost: String
  public var keptFrom: ConflictSide
  /// `at` in words, for a connection that asked for them (`SaysTimes`).
  public var said: MomentSaid?

  package init(at: Timestamp, field: String, kept: String, lost: String, keptFrom: ConflictSide) {
    self.at = at
    self.field = field
    self.kept = kept
    self.lost = lost
    self.keptFrom = keptFrom
  }
}

/// Where sync goes: a task collection, who to log in as, and how to get the password (never stored in clear).
public struct SyncAccount: Codable, Equatable, Sendable {
  /// The collection's URL.
  public var url: String
  public var user: String?
  /// A program that prints the password (like git's credential helpers); else `STRIDE_SYNC_PASSWORD`.
  public var passwordCommand: [String]?
  /// Plain `http://` to a host that is not this machine was allowed with `--insecure`.
  public var insecure: Bool?
  /// The collection's display name, when the server gave one.
  public var name: String?
  /// Whose collection it is, when it is not this account's own: another person shared it (their principal's last
  /// path segment, as "alice"). Each person's deferrals and pins on a shared list stay their own (Docs/sync.md).
  public var owner: String?

  public init(
    url: String, user: String?, passwordCommand: [String]?, insecure: Bool?, name: String?, owner: String? = nil
  ) {
    self.owner = owner
    self.url = url
    self.user = user
    self.passwordCommand = passwordCommand
    self.insecure = insecure
    self.name = name
  }
}
