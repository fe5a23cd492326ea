import Foundation
import StrideBase
import StrideJSON
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// Events: committed changes become notifications for the subscribers (and reminders for the desktop), and a
/// connection subscribes.
extension Dispatcher {
  /// Turns a commit's changes into events (and reminders): handed out one commit after another in their order, with
  /// the store's lock let go of.
  func publish(_ changes: [StoreChange]) {
    reminders.heard(changes)
    for change in changes {
      for task in change.tasks {
        let shown = task.settled(at: change.at)
        if change.action == .wake {
          hub.publish(.taskWoke, at: change.at) { seq, speaker in
            Wire.Event(
              topic: .taskWoke, seq: seq, at: Timestamp(change.at), action: change.action,
              task: Wire.Task(shown, saying: speaker), wakeUps: change.wakeUps.map(Wire.WakeUp.init),
              late: WakeUp.late(change.wakeUps, announcedAt: change.at))
          }
        } else {
          // Completing a task, or its last step, completes it.
          let completing = change.action.completes
          let topic: EventTopic = completing && task.status == .completed ? .taskCompleted : .taskChanged
          let removed = change.removed.contains(task.id)
          hub.publish(topic, at: change.at) { seq, speaker in
            Wire.Event(
              topic: topic, seq: seq, at: Timestamp(change.at), action: change.action,
              task: Wire.Task(shown, saying: speaker), removed: topic == .taskChanged ? removed : nil)
          }
        }
      }
    }
    publishFocus(changes)
    if changes.contains(where: { $0.tasks.contains { !$0.wakeUps.isEmpty } }) { wakeTimer.poke() }
    if changes.contains(where: { $0.action != .syncReceive && !$0.tasks.isEmpty }) { sync.poke() }
    // The kept answer first: a Now view asks for it at once after its own change, and again when told of one.
    nowCache.refresh()
    if hub.wants(.nowChanged), let at = changes.last?.at { announceNowList(at: at) }
  }

  /// Tells the now.changed subscribers the new now-list when it changed. The engine runs on the now-list cache's
  /// background queue, so neither the change's reply nor another client waits for it. Changes made while an
  /// announcement waits to start share it: it reads the tasks as they are when it starts, so the last list said is
  /// never older than the last change.
  private func announceNowList(at: Date) {
    let waiting = nowToAnnounce.withLock { latest in
      defer { latest = at }
      return latest != nil
    }
    guard !waiting else { return }
    nowCache.background.async { [weak self] in
      guard let self, let at = nowToAnnounce.withLock({ latest in latest.take() }),
        let now = nowCache.answer(forAnnouncementAt: at)
          ?? (try? tasks.nowResult(Wire.NowList.Params(), at: at, detail: false)),
        hub.nowChanged(Self.key(now))
      else { return }
      hub.publish(.nowChanged, at: at) { seq, speaker in
        Wire.Event(topic: .nowChanged, seq: seq, at: Timestamp(at), now: Wire.NowResult(now, saying: speaker))
      }
    }
  }

  /// Waits until the engine has run after every change so far: the now.changed subscribers have been told, and the
  /// kept now-list (and the prompt line's file) is ready.
  public func settle() {
    nowCache.settle()
  }

  /// What makes two now-lists the same to a person: the same tasks, in the same order, asking the same thing, each
  /// task as it was (all of it: a title or an estimate edited within the second is a change too), for the same
  /// reasons, under the same heading; and, when it is empty, the same reason for that (no open task, or none fits).
  static func key(_ now: NowAnswer) -> [String] {
    let empty = now.suggestions.isEmpty ? (now.openTasks == 0 ? ", no open task" : ", none fits") : ""
    // A focus session as a person sees it: on what, paused or not, for how long.
    let focus = now.focus.map { running in
      let session = running.session
      return ", focus \(running.task.id) \(session.step ?? 0) \(session.isPaused) \(session.timeboxSeconds)"
    }
    return ["energy \(now.energy?.rawValue ?? "unknown"), \(now.overdue) overdue\(empty)\(focus ?? "")"]
      + now.suggestions.map {
        let task = String(decoding: JSONWriter.write(Wire.Task($0.task).json), as: UTF8.self)
        return "\($0.kind.rawValue) \($0.step?.index ?? 0) \($0.why) \($0.prompt ?? "") \(task)"
      }
  }

  /// Subscribes the connection: the reply is the state as it is, and its events follow it on the connection.
  func subscribe(_ params: Wire.EventsSubscribe.Params, _ session: ConnectionSession?, at now: Date)
    throws(StrideError) -> Wire.EventsSubscribe.Result
  {
    guard let session else {
      throw StrideError(.invalidRequest, "events.subscribe needs a connection to send the events on")
    }
    guard session.subscription == nil else {
      throw StrideError(.invalidTransition, "this connection is subscribed already; open another to subscribe again")
    }
    let topics = Set(params.topics ?? EventTopic.allCases)
    guard !topics.isEmpty else {
      throw StrideError.invalid("'topics' must name at least one of \(EventTopic.validWords), or be left out")
    }
    let context = session.context
    let speaker = context.said == true ? speaker(for: session, at: now) : nil
    let subscription = try Subscription(topics: topics, speaker: speaker, limit: hub.queueLimit)
    // The subscription starts in step with the tasks read, so no change falls between the state in the reply and
    // the first event after it; the engine then runs on what was read, with the lock let go of.
    let start = try tasks.subscriberStart(at: now) {
      session.subscription = subscription
      return hub.subscribe(subscription)
    }
    let (seq, missed) = start.joined
    let nowList = try tasks.nowResult(Wire.NowList.Params(), at: now, detail: false, read: (start.open, start.energy))
    // Worked out outside the lock: a change meanwhile may have been announced already, with a newer list.
    if topics.contains(.nowChanged) { hub.nowBaseline(Self.key(nowList), asOf: seq) }
    return Wire.EventsSubscribe.Result(
      topics: topics.sorted(), seq: seq, now: Wire.NowResult(nowList, saying: speaker),
      nextWakeUp: start.nextWakeUp.map { Wire.WakeUp($0) }, missedWakeUps: missed)
  }
}
