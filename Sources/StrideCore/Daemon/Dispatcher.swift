import Foundation
import Synchronization

/// The one place a method name meets a store call: reads a request line, runs the method, writes the reply.
///
/// One lock owns the store, so requests from all connections apply one at a time, each committed before its reply
/// is written. Replies are encoded outside the lock.
public final class Dispatcher: Sendable {
  private let store: StoreLock
  private let clock: @Sendable () -> Date
  private let timeZone: TimeZone
  private let describeServer: @Sendable (_ openTasks: Int) -> ServerInfo.Result
  private let breakdown: Breakdown?
  private let engine: EngineSettings
  private let energyLapseHours: Double
  /// When the person's day starts: a capture's "from monday" is then.
  private let dayStart: ClockTime
  /// The subscribers, and the events on their way to them.
  public let hub: EventHub
  let wakeTimer = WakeTimer()
  /// Sync with a CalDAV server, when one is set up.
  let sync: SyncService
  /// The last plain now-list answered, encoded: asked again before anything changes, it is sent as it is.
  private let keptNow = Locked<KeptNow?>(nil)
  /// Works the kept now-list out again after a change, off the requests' threads, so the next `now` finds it ready.
  private let nowAgain = DispatchQueue(label: "strided.now-again", qos: .utility)
  private let nowAgainQueued = Atomic(false)
  /// Held while a now.changed announcement is worked out and published, so announcements never overtake each other.
  private let announcing = Locked(())

  /// - Parameters:
  ///   - clock: the current instant; tests pass a fixed one.
  ///   - config: the user's settings: the breakdown program, the engine's weights, how long energy lasts.
  ///   - describeServer: what `server.info` reports, given the number of open tasks.
  public init(
    store: sending TaskStore, clock: @escaping @Sendable () -> Date = Dispatcher.wholeSecondClock,
    timeZone: TimeZone = .current, config: StrideConfig = StrideConfig(), hub: EventHub = EventHub(),
    syncConnector: (any SyncConnector)? = nil, environment: [String: String] = [:],
    describeServer: @escaping @Sendable (_ openTasks: Int) -> ServerInfo.Result
  ) {
    self.hub = hub
    let store = StoreLock(store)
    self.store = store
    sync = SyncService(
      connector: syncConnector, store: store, clock: clock, timeZone: timeZone, environment: environment
    ) { report, error in
      hub.publish(.syncFinished) { seq in
        StrideEvent(topic: .syncFinished, seq: seq, at: clock(), sync: report, error: error)
      }
    }
    self.clock = clock
    self.timeZone = timeZone
    breakdown = Breakdown(config: config)
    engine = config.engine
    energyLapseHours = config.context.energyLapseHours
    dayStart = config.time.dayStart
    self.describeServer = describeServer
    self.store.withLock { store in
      store.observer = { [unowned self] store, changes in publish(changes, store) }
    }
  }

  /// The system clock, to the whole second (the store keeps seconds).
  @Sendable public static func wholeSecondClock() -> Date {
    Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
  }

  /// Closes the database. Call once no request can arrive any more.
  public func close() {
    sync.stop()
    wakeTimer.stop()
    store.withLock { $0.close() }
  }

  /// Announces the wake-ups due now (the catch-up for those that passed while the daemon was down), then keeps a
  /// timer for the next one. Returns how many were due at start.
  @discardableResult
  public func startWakeUps() -> Int {
    let missed = store.withLock { store in (try? store.wake(at: clock()).count) ?? 0 }
    wakeTimer.start(clock: clock) { [weak self] now in self?.wake(at: now) }
    return missed
  }

  /// Starts syncing by itself, when sync is set up.
  public func startSync() {
    sync.start()
  }

  /// Announces the wake-ups due by `now` and returns the moment of the next one.
  public func wake(at now: Date) -> Date? {
    store.withLock { store in
      _ = try? store.wake(at: now)
      return store.nextWakeUp?.at
    }
  }

  /// Turns committed changes into events, with the store still locked so their order is the commits' order.
  private func publish(_ changes: [StoreChange], _ store: TaskStore) {
    for change in changes {
      for task in change.tasks {
        let shown = task.settled(at: change.at)
        if change.action == .wake {
          let late = change.wakeUps.contains { change.at.timeIntervalSince($0.at) > 60 }
          hub.publish(.taskWoke) { seq in
            StrideEvent(
              topic: .taskWoke, seq: seq, at: change.at, action: change.action, task: shown, wakeUps: change.wakeUps,
              late: late)
          }
        } else {
          // Completing a task, or its last step, completes it.
          let completing = change.action.completes
          let topic: EventTopic = completing && task.status == .completed ? .taskCompleted : .taskChanged
          let removed = change.removed.contains(task.id)
          hub.publish(topic) { seq in
            StrideEvent(
              topic: topic, seq: seq, at: change.at, action: change.action, task: shown,
              removed: topic == .taskChanged ? removed : nil)
          }
        }
      }
    }
    if changes.contains(where: { $0.tasks.contains { !$0.wakeUps.isEmpty } }) { wakeTimer.poke() }
    if changes.contains(where: { $0.action != .syncReceive && !$0.tasks.isEmpty }) { sync.poke() }
    workOutNowAgain()
    guard hub.wants(.nowChanged), let at = changes.last?.at else { return }
    self.store.afterUnlock { [weak self] in self?.announceNowList(at: at) }
  }

  /// Tells the now.changed subscribers the new now-list when it changed. It runs once the store's lock is let go of,
  /// so the engine never holds up another client; one announcement at a time, each reading the tasks as they are
  /// then, so the last one said is never older than the last change.
  private func announceNowList(at: Date) {
    announcing.withLock { _ in
      guard let now = try? nowResult(NowList.Params(), at: at, detail: false), hub.nowChanged(Self.key(now)) else {
        return
      }
      hub.publish(.nowChanged) { seq in StrideEvent(topic: .nowChanged, seq: seq, at: at, now: now) }
    }
  }

  /// What makes two now-lists the same to a person: the same tasks, in the same order, asking the same thing.
  static func key(_ now: NowList.Result) -> [String] {
    now.suggestions.map { "\($0.task.id) \($0.kind.rawValue) \($0.step?.index ?? 0)" }
  }

  /// Subscribes the connection: the reply is the state as it is, and its events follow it on the connection.
  private func subscribe(_ params: EventsSubscribe.Params, _ session: ConnectionSession?, at now: Date)
    throws(StrideError) -> EventsSubscribe.Result
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
    let subscription = try Subscription(topics: topics, limit: hub.queueLimit)
    // The tasks are read under the lock the subscription starts under, so no change falls between the state in the
    // reply and the first event after it; the engine then runs on what was read, with the lock let go of.
    let (tasks, energy, seq, missed, nextWakeUp) = try locked { store throws(StrideError) in
      let energy = try userContext(store, at: now).energy
      let (seq, missed) = hub.subscribe(subscription)
      session.subscription = subscription
      return (store.openByID, energy, seq, missed, store.nextWakeUp)
    }
    let nowList = try nowResult(NowList.Params(), at: now, detail: false, read: (tasks, energy))
    if topics.contains(.nowChanged) { _ = hub.nowChanged(Self.key(nowList)) }
    return EventsSubscribe.Result(
      topics: topics.sorted(), seq: seq, now: nowList, nextWakeUp: nextWakeUp, missedWakeUps: missed)
  }

  /// The reply lines for request lines that arrived together. Runs of quick changes among them share one
  /// transaction, so one sync to disk makes them all durable (a group commit), and no reply of a run is written
  /// before that; if the shared commit fails, every request of that run gets the storage error. Anything that may be
  /// slow (a capture's breakdown program, the network of a sync, the engine) runs alone between the runs, outside the
  /// lock, so another connection is never kept waiting on it. The requests still apply in the order they came.
  public func respond(
    to lines: [[UInt8]], encoder: WireEncoder = WireEncoder(), session: ConnectionSession? = nil
  ) -> [Data] {
    let requests = lines.map { Request.parse($0) }
    guard requests.count > 1 else { return requests.map { respond(to: $0, encoder: encoder, session: session) } }
    var replies: [Data] = []
    var run: [Request] = []
    func commitRun() {
      if run.count > 1 {
        replies += commitTogether(run, encoder: encoder, session: session)
      } else {
        replies += run.map { respond(to: .success($0), encoder: encoder, session: session) }
      }
      run = []
    }
    for parsed in requests {
      if case .success(let request) = parsed, sharesCommit(request) {
        run.append(request)
      } else {
        commitRun()
        replies.append(respond(to: parsed, encoder: encoder, session: session))
      }
    }
    commitRun()
    return replies
  }

  /// The methods whose requests may share a commit with others that came with them: quick changes to the store,
  /// nothing that runs a program, reaches the network or runs the engine.
  private static let quickChanges: Set<String> = [
    TaskUpdate.name, TaskSkip.name, TaskPin.name, TaskComplete.name, TaskReopen.name, TaskDelete.name,
    TaskImport.name, TaskDefer.name, TaskWait.name, TaskResume.name, TaskBlock.name, TaskUnblock.name,
    SubtaskAdd.name, SubtaskComplete.name, SubtaskReopen.name, HistoryUndo.name, ContextSet.name,
  ]

  /// Whether a request may share a commit: a quick change, or a capture when no breakdown program runs.
  private func sharesCommit(_ request: Request) -> Bool {
    Self.quickChanges.contains(request.method) || (request.method == TaskCapture.name && breakdown == nil)
  }

  /// Replies to quick changes in one transaction, under the lock from the first to the commit.
  private func commitTogether(_ requests: [Request], encoder: WireEncoder, session: ConnectionSession?) -> [Data] {
    store.withLock { store in
      do throws(StrideError) {
        return try store.batch { () throws(StrideError) -> [Data] in
          requests.map { respond(to: .success($0), encoder: encoder, session: session) }
        }
      } catch {
        return requests.map { encoder.response(id: $0.id, error: error) }
      }
    }
  }

  /// The reply line (ending in `\n`) for one request line.
  public func respond(to line: [UInt8], encoder: WireEncoder = WireEncoder(), session: ConnectionSession? = nil)
    -> Data
  {
    respond(to: Request.parse(line), encoder: encoder, session: session)
  }

  /// The reply line for a request as it was read, or for the reason it could not be.
  private func respond(
    to parsed: Result<Request, RequestFailure>, encoder: WireEncoder, session: ConnectionSession?
  ) -> Data {
    switch parsed {
    case .failure(let failure):
      return encoder.response(id: failure.id, error: failure.error)
    case .success(let request):
      do {
        return try call(request, encoder, session)
      } catch let error as StrideError {
        return encoder.response(id: request.id, error: error)
      } catch {
        return encoder.response(id: request.id, error: StrideError(.internalError, "the reply could not be written"))
      }
    }
  }

  private func call(_ request: Request, _ encoder: WireEncoder, _ session: ConnectionSession?) throws -> Data {
    let now = clock()
    let origin = session?.origin
    /// The store, with the changes made under it recorded as this connection's (its terminal session).
    func locked<T: Sendable>(_ body: (TaskStore) throws(StrideError) -> T) throws(StrideError) -> T {
      try store.locked { store throws(StrideError) in
        store.origin = origin
        defer { store.origin = nil }
        return try body(store)
      }
    }
    func reply<M: RPCMethod>(_: M.Type, _ body: (M.Params) throws(StrideError) -> M.Result) throws -> Data {
      let params = try request.params.decode(M.Params.self)
      return try encoder.response(id: request.id, result: try body(params))
    }
    func change(_ change: TaskChange) throws(StrideError) -> TaskResult {
      TaskResult(task: try locked { store throws(StrideError) in try store.apply(change, at: now) })
    }

    switch request.method {
    case ServerInfo.name:
      return try reply(ServerInfo.self) { _ in describeServer(store.withLock { $0.openCount }) }
    case TaskCapture.name:
      return try reply(TaskCapture.self) { params throws(StrideError) in
        var draft = try Capture.draft(
          from: params.text, at: now, timeZone: try zone(params.timeZone), dateOrder: params.dateOrder ?? .unknown,
          dayStart: dayStart)
        // The breakdown program runs outside the store's lock: it may take seconds.
        if let breakdown { draft = breakdown.apply(to: draft) }
        let title = draft.title.lowercased()
        let length = draft.title.utf8.count
        return try locked { store throws(StrideError) in
          // Lengths first: lower-casing every open title for each capture would cost more than the capture.
          let duplicate = store.openByID.first { $0.title.utf8.count == length && $0.title.lowercased() == title }?.id
          let task = params.dryRun == true ? nil : try store.capture(draft, at: now)
          return TaskCapture.Result(task: task, draft: draft, duplicateOf: duplicate)
        }
      }
    case TaskGet.name:
      return try reply(TaskGet.self) { params throws(StrideError) in
        try locked { store throws(StrideError) in
          let conflicts = try store.syncConflicts(of: params.id)
          return TaskResult(
            task: try store.task(params.id, at: now), syncConflicts: conflicts.isEmpty ? nil : conflicts,
            repeatsElsewhere: try store.foreignRule(of: params.id))
        }
      }
    case SyncSetup.name:
      return try reply(SyncSetup.self) { params throws(StrideError) in try sync.setUp(params) }
    case SyncRun.name:
      return try reply(SyncRun.self) { params throws(StrideError) in try sync.run(password: params.password) }
    case SyncStatus.name:
      return try reply(SyncStatus.self) { _ throws(StrideError) in try sync.status() }
    case TaskList.name:
      return try reply(TaskList.self) { params throws(StrideError) in
        try list(params, at: now)
      }
    case TaskUpdate.name:
      return try reply(TaskUpdate.self) { params throws(StrideError) in try change(.update(params.id, params.patch)) }
    case TaskComplete.name:
      return try reply(TaskComplete.self) { params throws(StrideError) in try change(.complete(params.id)) }
    case TaskReopen.name:
      return try reply(TaskReopen.self) { params throws(StrideError) in try change(.reopen(params.id)) }
    case TaskDelete.name:
      return try reply(TaskDelete.self) { params throws(StrideError) in try change(.delete(params.id)) }
    case TaskSkip.name:
      return try reply(TaskSkip.self) { params throws(StrideError) in try change(.skip(params.id)) }
    case TaskPin.name:
      return try reply(TaskPin.self) { params throws(StrideError) in try change(.pin(params.id, params.pinned)) }
    case SubtaskAdd.name:
      return try reply(SubtaskAdd.self) { params throws(StrideError) in
        try change(.addStep(params.id, title: params.title))
      }
    case SubtaskComplete.name:
      return try reply(SubtaskComplete.self) { params throws(StrideError) in
        try change(.completeStep(params.id, index: params.index))
      }
    case SubtaskReopen.name:
      return try reply(SubtaskReopen.self) { params throws(StrideError) in
        try change(.reopenStep(params.id, index: params.index))
      }
    case TaskDefer.name:
      return try reply(TaskDefer.self) { params throws(StrideError) in
        let energy = try locked { store throws(StrideError) in try userContext(store, at: now).energy }
        return try change(
          .deferTask(params.id, reason: params.reason, until: params.until?.date, on: params.on, energy: energy))
      }
    case TaskWait.name:
      return try reply(TaskWait.self) { params throws(StrideError) in
        try change(.wait(params.id, note: params.note, followUp: params.followUp?.date))
      }
    case TaskResume.name:
      return try reply(TaskResume.self) { params throws(StrideError) in try change(.resume(params.id)) }
    case TaskBlock.name:
      return try reply(TaskBlock.self) { params throws(StrideError) in try change(.block(params.id, on: params.on)) }
    case TaskUnblock.name:
      return try reply(TaskUnblock.self) { params throws(StrideError) in
        try change(.unblock(params.id, on: params.on))
      }
    case HistoryUndo.name:
      return try reply(HistoryUndo.self) { params throws(StrideError) in
        HistoryUndo.Result(
          try locked { store throws(StrideError) in
            try store.undo(at: now, origin: origin, fromSync: params.sync == true)
          })
      }
    case ContextGet.name:
      return try reply(ContextGet.self) { _ throws(StrideError) in
        ContextResult(try locked { store throws(StrideError) in try userContext(store, at: now) })
      }
    case ContextSet.name:
      return try reply(ContextSet.self) { params throws(StrideError) in
        ContextResult(
          try locked { store throws(StrideError) in
            try store.setEnergy(params.energy, at: now).lapsing(after: energyLapseHours, at: now)
          })
      }
    case TimeParse.name:
      return try reply(TimeParse.self) { params throws(StrideError) in
        try TimeParse.Result.reading(
          params.text, at: params.ref?.date ?? now, timeZone: timeZone, dateOrder: params.dateOrder ?? .unknown)
      }
    case NowList.name:
      let params = try request.params.decode(NowList.Params.self)
      return try encoder.response(id: request.id, encodedResult: try encodedNow(params, at: now, encoder: encoder))
    case TaskImport.name:
      return try reply(TaskImport.self) { params throws(StrideError) in
        let (tasks, renumbered) = try locked { store throws(StrideError) in
          try store.importTasks(params.tasks, at: now)
        }
        return TaskImport.Result(tasks: tasks.map { $0.settled(at: now) }, renumbered: renumbered)
      }
    case EventsSubscribe.name:
      return try reply(EventsSubscribe.self) { params throws(StrideError) in try subscribe(params, session, at: now) }
    case TaskExplain.name:
      return try reply(TaskExplain.self) { params throws(StrideError) in
        let task = try locked { store throws(StrideError) in try store.task(params.id, at: now) }
        let (evaluation, _, energy, _) = try evaluate(params.nowParams, at: now, detail: true)
        return Self.explanation(of: task, in: evaluation, energy: energy)
      }
    default:
      throw StrideError(.methodNotFound, "there is no method '\(request.method)'; Docs/protocol.md lists them all")
    }
  }

  private func list(_ params: TaskList.Params, at now: Date) throws(StrideError) -> TaskListResult {
    let tag = try params.tag.map { tag throws(StrideError) in try StrideTask.checkedTags([tag])[0] }
    let status = params.status ?? .open
    let tasks = try locked { store throws(StrideError) in
      switch status {
      case .open: try store.tasks(status: nil, tag: tag, at: now)
      case .all:
        try store.tasks(status: nil, tag: tag, at: now) + store.tasks(status: .completed, tag: tag, at: now)
      default: try store.tasks(status: TaskStatus(rawValue: status.rawValue), tag: tag, at: now)
      }
    }
    return TaskListResult(tasks: params.pinned == true ? tasks.filter(\.pinned) : tasks)
  }

  /// The encoded answer to a now-list question. A question about the present (no `at`, no `all`) is answered once
  /// and kept: asked again, the same bytes go out until the tasks or the context change, the minute turns, or the
  /// clock reaches a moment that changes some task's standing (a due time, a wake-up, the energy lapsing). The engine
  /// stays a pure function of the tasks and the moment; only its answer is kept.
  private func encodedNow(_ params: NowList.Params, at now: Date, encoder: WireEncoder) throws -> Data {
    guard params.at == nil, params.all != true else {
      return try encoder.encode(nowResult(params, at: now, detail: params.all == true))
    }
    // One zone under any of its names ("UTC", "GMT", none when the daemon's is UTC) is one question.
    var question = params
    question.timeZone = try zone(params.timeZone).identifier
    // The revision is read before the tasks are: a change in between makes the kept answer stale, never wrong.
    let revision = store.withLock { $0.revision }
    if let kept = keptNow.withLock({ $0 }), kept.params == question, kept.revision == revision, kept.from <= now,
      now < kept.until
    {
      return kept.answer
    }
    let answer = try encoder.encode(nowResult(params, at: now, detail: false))
    let until = try locked { store throws(StrideError) in
      let minute = (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60
      let moments = [store.nextMoment(after: now), try userContext(store, at: now).lapsesAt]
      return moments.compactMap { $0 }.reduce(Date(timeIntervalSince1970: minute)) { min($0, $1) }
    }
    keptNow.withLock { $0 = KeptNow(params: question, revision: revision, from: now, until: until, answer: answer) }
    return answer
  }

  /// After a change, answers the last plain now-list question again in the background, if one was asked. Changes
  /// that come in a burst queue one answer, not one each.
  private func workOutNowAgain() {
    guard keptNow.withLock({ $0 != nil }),
      nowAgainQueued.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    else { return }
    nowAgain.async { [weak self] in
      guard let self else { return }
      nowAgainQueued.store(false, ordering: .releasing)
      guard let params = keptNow.withLock({ $0?.params }) else { return }
      _ = try? encodedNow(params, at: clock(), encoder: WireEncoder())
    }
  }

  /// The answer to a now-list question; `detail` also lists every hidden task.
  /// `read` gives the open tasks and the stored energy when the caller has read them already.
  private func nowResult(
    _ params: NowList.Params, at now: Date, detail: Bool, read: ([StrideTask], EnergyLevel?)? = nil
  ) throws(StrideError) -> NowList.Result {
    let (evaluation, openTasks, energy, tagged) = try evaluate(params, at: now, detail: detail, read: read)
    return NowList.Result(
      suggestions: evaluation.suggestions, openTasks: openTasks, energy: energy,
      hidden: detail ? Self.hiddenEntries(evaluation) : nil, overdue: evaluation.overdue, tagged: tagged)
  }

  /// Runs the engine for a now-list question: the evaluation, how many tasks are open, and the energy used.
  /// `detail` also describes every hidden task and builds every candidate in full (for `all` and `task.explain`).
  /// With `tags`, also how many open tasks have one of them.
  private func evaluate(
    _ params: NowList.Params, at now: Date, detail: Bool, read: ([StrideTask], EnergyLevel?)? = nil
  ) throws(StrideError) -> (
    Ranking.Evaluation, Int, EnergyLevel?, Int?
  ) {
    let limit = params.limit ?? NowContext.maximumLimit
    guard (1...NowContext.maximumLimit).contains(limit) else {
      throw StrideError.invalid("'limit' must be between 1 and \(NowContext.maximumLimit)")
    }
    if let minutes = params.minutes, !(1...StrideTask.maximumEstimateMinutes).contains(minutes) {
      throw StrideError.invalid("'minutes' must be between 1 and \(StrideTask.maximumEstimateMinutes)")
    }
    let tags = try StrideTask.checkedTags(params.tags ?? [])
    let instant = params.at?.date ?? now
    // The stored energy is read only when the question names none.
    let (tasks, energy) =
      if let read { (read.0, params.energy ?? read.1) } else {
        try locked { store throws(StrideError) in
          let energy = if let energy = params.energy { energy } else { try userContext(store, at: instant).energy }
          return (store.openByID, energy)
        }
      }
    let context = NowContext(
      instant: instant, energy: energy, minutes: params.minutes, limit: limit, tags: tags,
      timeZone: try zone(params.timeZone))
    let tagged = params.tags.map { _ in tasks.count { $0.tags.contains(where: tags.contains) } }
    return (
      Ranking.evaluate(tasks: tasks, context: context, settings: engine, detail: detail), tasks.count, energy, tagged
    )
  }

  /// The client's time zone when it names one, else the daemon's; a name that is no zone is refused.
  private func zone(_ identifier: String?) throws(StrideError) -> TimeZone {
    guard let identifier else { return timeZone }
    guard let zone = TimeZone(identifier: identifier) else {
      throw StrideError.invalid("'timeZone' \(identifier) is not a time zone; use an IANA name such as Europe/Berlin")
    }
    return zone
  }

  /// The stored context as it stands at `instant`, a lapsed energy being unknown.
  private func userContext(_ store: TaskStore, at instant: Date) throws(StrideError) -> UserContext {
    try store.context().lapsing(after: energyLapseHours, at: instant)
  }

  /// Candidates that did not make the list, best first, then the tasks the filters hide, in id order.
  static func hiddenEntries(_ evaluation: Ranking.Evaluation) -> [NowList.HiddenEntry] {
    (evaluation.passedOver + evaluation.hidden).map(NowList.HiddenEntry.init)
  }

  /// Where a task stands in an evaluation, with its terms.
  static func explanation(of task: StrideTask, in evaluation: Ranking.Evaluation, energy: EnergyLevel?)
    -> TaskExplain.Result
  {
    if let index = evaluation.suggestions.firstIndex(where: { $0.task.id == task.id }) {
      let suggestion = evaluation.suggestions[index]
      return TaskExplain.Result(
        task: suggestion.task, position: index + 1, kind: suggestion.kind, prompt: suggestion.prompt,
        terms: suggestion.terms, score: suggestion.score, hidden: nil, energy: energy)
    }
    if let candidate = evaluation.candidates.first(where: { $0.task.id == task.id }) {
      let hidden = evaluation.passedOver.first { $0.task.id == task.id }?.hidden
      return TaskExplain.Result(
        task: candidate.task, position: nil, kind: candidate.kind, prompt: candidate.prompt, terms: candidate.terms,
        score: candidate.score, hidden: hidden ?? Hidden("not-in-top", "other tasks ranked higher"), energy: energy)
    }
    let hidden =
      evaluation.hidden.first { $0.task.id == task.id }?.hidden ?? Hidden("completed", "it is done")
    return TaskExplain.Result(
      task: task, position: nil, kind: nil, prompt: nil, terms: [], score: nil, hidden: hidden, energy: energy)
  }

  /// Runs `body` with the store under the lock, passing its typed error through.
  private func locked<T: Sendable>(_ body: (TaskStore) throws(StrideError) -> T) throws(StrideError) -> T {
    try store.locked(body)
  }
}

/// A now-list answer kept for as long as it holds: the question, the store's revision, the span of time.
private struct KeptNow: Sendable {
  var params: NowList.Params
  var revision: Int
  var from: Date
  var until: Date
  var answer: Data
}

/// What the daemon knows about one connection beyond its requests: its subscription, once it has one.
public final class ConnectionSession {
  public internal(set) var subscription: Subscription?
  /// The terminal session the client runs in (`TerminalSession`): the changes it makes are recorded as made there.
  public let origin: String?
  public init(origin: String? = nil) { self.origin = origin }
}

/// The one lock that owns the store. Recursive, so a group of requests can hold it from the first to the commit
/// while each request takes it again. Work that must follow a change but must not hold the lock (the engine for
/// subscribers) is handed to `afterUnlock` and runs on the same thread once the outermost hold ends.
final class StoreLock: @unchecked Sendable {
  // Sendable because `store`, `depth` and `pending` are only touched while `lock` is held.
  private let lock = NSRecursiveLock()
  private let store: TaskStore
  private var depth = 0
  private var pending: [() -> Void] = []

  init(_ store: TaskStore) { self.store = store }

  func withLock<T>(_ body: (TaskStore) -> T) -> T {
    enter()
    defer { leave() }
    return body(store)
  }

  /// `withLock` for a body that throws a `StrideError`.
  func locked<T>(_ body: (TaskStore) throws(StrideError) -> T) throws(StrideError) -> T {
    enter()
    defer { leave() }
    return try body(store)
  }

  /// Runs `work` on this thread when the lock is let go of at last; call it with the lock held.
  func afterUnlock(_ work: @escaping () -> Void) {
    pending.append(work)
  }

  private func enter() {
    lock.lock()
    depth += 1
  }

  private func leave() {
    depth -= 1
    var work: [() -> Void] = []
    if depth == 0 { swap(&work, &pending) }
    lock.unlock()
    for item in work { item() }
  }
}
