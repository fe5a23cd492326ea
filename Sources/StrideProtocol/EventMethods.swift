import Foundation
import StrideBase
import StrideModel
import StrideWire

/// `events.subscribe`: turns the connection into an event stream. The reply holds the state as it is; every
/// notification after it carries a larger `seq`. The connection still answers requests sent on it.
public enum EventsSubscribe: RPCMethod {
  public static let name = Wire.EventsSubscribe.name
  public typealias Params = Wire.EventsSubscribe.Params

  public struct Result: Codable, Sendable, Equatable {
    /// The topics this connection now hears, sorted.
    public var topics: [EventTopic]
    /// The last sequence number given out; the events that follow carry larger ones.
    public var seq: Int
    /// The now-list as it stands.
    public var now: NowList.Result
    /// The next moment a task comes back by itself, if any.
    public var nextWakeUp: WakeUp?
    /// Wake-ups announced while no one listened (also those found at start-up): they follow as `task.woke`
    /// notifications, marked `late` when they come more than a minute after their moment.
    public var missedWakeUps: Int
    /// `nextWakeUp`'s moment in words, for a connection that asked for them (`client.context`).
    public var said: [String: String]?

    public init(topics: [EventTopic], seq: Int, now: NowList.Result, nextWakeUp: WakeUp?, missedWakeUps: Int) {
      self.topics = topics
      self.seq = seq
      self.now = now
      self.nextWakeUp = nextWakeUp
      self.missedWakeUps = missedWakeUps
    }

    enum CodingKeys: String, CodingKey { case topics, seq, now, nextWakeUp, missedWakeUps, said }

    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(topics, forKey: .topics)
      try container.encode(seq, forKey: .seq)
      try container.encode(now, forKey: .now)
      try container.encode(nextWakeUp, forKey: .nextWakeUp)
      try container.encode(missedWakeUps, forKey: .missedWakeUps)
      try container.encodeIfPresent(said, forKey: .said)
    }
  }
}

/// The params of an event notification. Which keys are present depends on the topic; `seq`, `topic` and `at`
/// always are.
public struct StrideEvent: Codable, Sendable, Equatable {
  public var topic: EventTopic
  /// Increases by one with every event this daemon sends, whoever hears it; it starts again at 1 when the daemon
  /// restarts.
  public var seq: Int
  /// When it happened.
  public var at: Timestamp
  /// `task.*`: the method that made the change (`task.defer`, `history.undo`…), or `task.wake`.
  public var action: ChangeAction?
  /// `task.*`: the task after the change (a deleted one as it was).
  public var task: StrideTask?
  /// `task.changed`: true when the change removed the task (a delete, or an undone capture).
  public var removed: Bool?
  /// `task.woke`: what came due.
  public var wakeUps: [WakeUp]?
  /// `task.woke`: true when the event comes more than a minute after the moment (the daemon was down or asleep).
  public var late: Bool?
  /// `now.changed`: the new list.
  public var now: NowList.Result?
  /// `sync.finished`: what the pass moved (absent when it failed).
  public var sync: SyncReport?
  /// `sync.finished`: why the pass failed, as a sentence.
  public var error: String?
  /// For a subscriber that asked for words (`client.context`): `at` in words and as a clock ("14:05"), and
  /// `wakeUp`, the moment the first wake-up came due, in words.
  public var said: [String: String]?

  public init(
    topic: EventTopic, seq: Int, at: Date, action: ChangeAction? = nil, task: StrideTask? = nil, removed: Bool? = nil,
    wakeUps: [WakeUp]? = nil, late: Bool? = nil, now: NowList.Result? = nil, sync: SyncReport? = nil,
    error: String? = nil
  ) {
    self.sync = sync
    self.error = error
    self.topic = topic
    self.seq = seq
    self.at = Timestamp(at)
    self.action = action
    self.task = task
    self.removed = removed
    self.wakeUps = wakeUps
    self.late = late
    self.now = now
  }
}
