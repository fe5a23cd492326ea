import Foundation
import StrideBase
import StrideModel
import StrideWire

/// An event as the daemon keeps it until it is heard: its tasks and now-list as the model holds them, so each
/// subscriber hears them said in its own zone (`Wire.Event(_:saying:)`). Which fields are set depends on the topic.
public struct StrideEvent: Sendable {
  public var topic: EventTopic
  /// Increases by one with every event this daemon sends, whoever hears it.
  public var seq: Int
  /// When it happened.
  public var at: Date
  /// `task.*`: the method that made the change, or `task.wake`.
  public var action: ChangeAction?
  /// `task.*`: the task after the change (a deleted one as it was).
  public var task: StrideTask?
  /// `task.changed`: true when the change removed the task.
  public var removed: Bool?
  /// `task.woke`: what came due.
  public var wakeUps: [WakeUp]?
  /// `task.woke`: true when the event comes more than a minute after the moment.
  public var late: Bool?
  /// `now.changed`: the new list.
  public var now: NowAnswer?
  /// `sync.finished`: what the pass moved (nil when it failed).
  public var sync: SyncReport?
  /// `sync.finished`: why the pass failed, as a sentence.
  public var error: String?

  public init(
    topic: EventTopic, seq: Int, at: Date, action: ChangeAction? = nil, task: StrideTask? = nil, removed: Bool? = nil,
    wakeUps: [WakeUp]? = nil, late: Bool? = nil, now: NowAnswer? = nil, sync: SyncReport? = nil,
    error: String? = nil
  ) {
    self.topic = topic
    self.seq = seq
    self.at = at
    self.action = action
    self.task = task
    self.removed = removed
    self.wakeUps = wakeUps
    self.late = late
    self.now = now
    self.sync = sync
    self.error = error
  }
}
