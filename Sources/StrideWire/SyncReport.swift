import StrideBase

/// What a pass did, for `stride sync` and the `sync.finished` event.
public struct SyncReport: Codable, Equatable, Sendable {
  /// Tasks sent to the server (new or changed here).
  public var sent = 0
  /// Tasks new or changed here because of the server.
  public var received = 0
  /// Tasks deleted here because they were deleted on another device.
  public var deletedHere = 0
  /// Tasks deleted on the server because they were deleted here.
  public var deletedThere = 0
  /// Tasks with a field changed on both sides.
  public var conflicts = 0
  public var conflictTasks: [TaskID] = []
  /// Resources left alone, and other things worth saying.
  public var notes: [String] = []
  public init() {}

  /// Adds what another pass did (another list's).
  public mutating func add(_ other: SyncReport) {
    sent += other.sent
    received += other.received
    deletedHere += other.deletedHere
    deletedThere += other.deletedThere
    conflicts += other.conflicts
    conflictTasks += other.conflictTasks
    notes += other.notes
  }
}
