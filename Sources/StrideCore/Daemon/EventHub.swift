import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideTransport
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// Hands events to subscribers without ever waiting for one: each subscriber has a bounded queue of its own and a
/// thread of its own that writes it out. A subscriber whose queue is full is cut off, and told so.
public final class EventHub: Sendable {
  private struct State: ~Copyable {
    var seq = 0
    var subscribers: [ObjectIdentifier: Subscription] = [:]
    /// Wake-up events no subscriber was there to hear (at start-up, or while nobody listened), oldest first.
    var unheard: [Event] = []
    /// The now-list last announced, as task ids and what each asks; nil until someone listens for it.
    var lastNow: [String]?
  }

  /// An event until it is heard: its topic, its moment, and the event as a subscriber hears it, its tasks' times
  /// said in the subscriber's words (or none).
  struct Event {
    let topic: EventTopic
    let at: Date
    let heard: (Speaker?) -> Wire.Event
  }

  /// How many events may wait for one subscriber before it is cut off.
  public let queueLimit: Int
  /// How many unheard wake-ups are kept for the next subscriber.
  static let unheardLimit = 100
  private let state = Locked(State())

  public init(queueLimit: Int = 1024) {
    self.queueLimit = queueLimit
  }

  /// True when some subscriber listens to `topic`.
  func wants(_ topic: EventTopic) -> Bool {
    state.withLock { $0.subscribers.values.contains { $0.topics.contains(topic) } }
  }

  /// Gives the next sequence number to the event `make` builds, encodes it once for each zone its subscribers hear
  /// times said in (and once for those that want no words) and offers it to every subscriber of its topic. A wake-up
  /// nobody hears is kept for the next subscriber.
  func publish(_ topic: EventTopic, at: Date, _ make: @escaping (_ seq: Int, Speaker?) -> Wire.Event) {
    state.withLock { state in
      let listeners = state.subscribers.values.filter { $0.topics.contains(topic) }
      guard !listeners.isEmpty || topic == .taskWoke else { return }
      state.seq += 1
      let seq = state.seq
      let event = Event(topic: topic, at: at) { speaker in make(seq, speaker) }
      if listeners.isEmpty {
        state.unheard.append(event)
        state.unheard.removeFirst(max(0, state.unheard.count - Self.unheardLimit))
      }
      for (_, group) in Dictionary(grouping: listeners, by: { $0.speaker?.timeZone }) {
        let speaker = group[0].speaker?.at(event.at)
        guard
          let line = try? WireEncoder(speaker: speaker).notification(
            method: topic.rawValue, params: event.heard(speaker))
        else { continue }
        for listener in group { listener.offer(line) }
      }
    }
  }

  /// Whether a now-list differs from the last one announced (or given to a new subscriber); remembers it.
  func nowChanged(_ key: [String]) -> Bool {
    state.withLock { state in
      guard state.lastNow != key else { return false }
      state.lastNow = key
      return true
    }
  }

  /// Takes `key` as the last now-list announced, unless an event went out after `seq` (a newer list may have been
  /// announced meanwhile; the worst a skipped baseline costs is one announcement of a list already known).
  func nowBaseline(_ key: [String], asOf seq: Int) {
    state.withLock { state in
      if state.seq == seq { state.lastNow = key }
    }
  }

  /// Adds a subscriber; returns the last sequence number given out and how many unheard wake-ups were queued for it
  /// (said as of when it subscribed, the moment its speaker holds).
  func subscribe(_ subscription: Subscription) -> (seq: Int, missed: Int) {
    state.withLock { state in
      state.subscribers[ObjectIdentifier(subscription)] = subscription
      var missed = 0
      if subscription.topics.contains(.taskWoke) {
        missed = state.unheard.count
        let encoder = WireEncoder(speaker: subscription.speaker)
        for event in state.unheard {
          if let line = try? encoder.notification(
            method: event.topic.rawValue, params: event.heard(subscription.speaker))
          {
            subscription.offer(line)
          }
        }
        state.unheard = []
      }
      return (state.seq, missed)
    }
  }

  func unsubscribe(_ subscription: Subscription) {
    state.withLock { state in
      state.subscribers[ObjectIdentifier(subscription)] = nil
      if !state.subscribers.values.contains(where: { $0.topics.contains(.nowChanged) }) { state.lastNow = nil }
    }
  }
}

/// One connection's subscription: the topics it hears and the events waiting to be written to it. Offering never
/// blocks; the connection's thread is woken through a pipe and writes what is queued.
public final class Subscription: Sendable {
  private struct Queue: ~Copyable {
    var lines: [Data] = []
    var overflowed = false
  }

  let topics: Set<EventTopic>
  /// How the subscriber hears times said (`client.context` with `said`); nil when it wants no words.
  let speaker: Speaker?
  private let limit: Int
  private let queue = Locked(Queue())
  /// Readable when events are waiting: the connection's thread polls it beside the socket.
  let waiting: WakePipe

  init(topics: Set<EventTopic>, speaker: Speaker? = nil, limit: Int) throws(StrideError) {
    self.topics = topics
    self.speaker = speaker
    self.limit = limit
    waiting = try WakePipe()
  }

  /// Queues an event line; past the limit, drops the queue and marks the subscriber as cut off.
  func offer(_ line: Data) {
    let wake = queue.withLock { queue -> Bool in
      guard !queue.overflowed else { return false }
      if queue.lines.count >= limit {
        queue.overflowed = true
        queue.lines = []
        return true
      }
      queue.lines.append(line)
      return queue.lines.count == 1
    }
    if wake { waiting.signal() }
  }

  /// Takes the queued lines, and whether the subscriber was cut off for falling behind.
  func take() -> (lines: [Data], overflowed: Bool) {
    waiting.drain()
    return queue.withLock { queue in
      let lines = queue.lines
      queue.lines = []
      return (lines, queue.overflowed)
    }
  }
}
