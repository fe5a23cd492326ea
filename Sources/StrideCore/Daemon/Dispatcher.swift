import Foundation
import StrideBase
import StrideModel
import StridePlatform
import StrideProtocol
import StrideStore
import StrideWire
import Synchronization

/// The one place a method name meets a store call: reads a request line, runs the method, writes the reply.
///
/// One lock owns the store, so requests from all connections apply one at a time, each committed before its reply
/// is written. Replies are encoded outside the lock.
public final class Dispatcher: Sendable {
  /// The one owner of task state.
  let tasks: Tasks
  let clock: @Sendable () -> Date
  private let describeServer: @Sendable (_ openTasks: Int) -> ServerInfo.Result
  /// The subscribers, and the events on their way to them.
  public let hub: EventHub
  let wakeTimer: WakeTimer
  /// Sync with a CalDAV server, when one is set up.
  let sync: SyncService
  /// The calendars whose events say when the person is busy.
  let calendars: CalendarService
  /// Compacts the history past `undo`'s reach, a step at a time between requests.
  let compactor: HistoryCompactor
  /// Desktop reminders, when the settings turn them on.
  let reminders: Reminders
  /// The keys of config.json that are no setting, in sentences for `server.info`.
  let unknownSettings: [String]
  /// The last answer to a now-list question about the present, and the background queue where it is worked out
  /// again after a change (and the now.changed subscribers' list after it).
  let nowCache: NowListCache
  /// The moment of the latest change the now.changed subscribers have not been told of yet (nil: none waiting).
  let nowToAnnounce = Locked<Date?>(nil)
  /// The prompt line's file beside the socket, when the daemon serves one.
  let promptFile: PromptLineFile?
  /// The running focus session's time asleep, last known moment and timebox's end.
  let focusTimer: FocusTimer

  /// - Parameters:
  ///   - clock: the current instant; tests pass a fixed one.
  ///   - awake: seconds on a clock that stops while the machine sleeps (a focus session counts only those).
  ///   - config: the user's settings: the breakdown program, the engine's weights, how long energy lasts, reminders.
  ///   - environment: the daemon's environment (sync's password variable, the session bus for reminders).
  ///   - syncTiming: how sync waits between tries (tests pass a wait that returns at once).
  ///   - promptFile, remindersFile: files beside the socket: `stride prompt`'s line, the reminders on screen.
  ///   - describeServer: what `server.info` reports, given the number of open tasks.
  public init(
    store: sending TaskStore, clock: @escaping @Sendable () -> Date = Dispatcher.wholeSecondClock,
    awake: @escaping @Sendable () -> Double = { System.uptime },
    timeZone: TimeZone = .current, config: StrideConfig = StrideConfig(), hub: EventHub = EventHub(),
    syncConnector: (any SyncConnector)? = nil, calendarFetcher: (any CalendarFetching)? = nil,
    environment: [String: String] = [:], syncTiming: SyncTiming = SyncTiming(), log: Log = Log(),
    promptFile: String? = nil, remindersFile: String? = nil,
    describeServer: @escaping @Sendable (_ openTasks: Int) -> ServerInfo.Result
  ) {
    self.hub = hub
    let promptFile = promptFile.map(PromptLineFile.init)
    self.promptFile = promptFile
    tasks = Tasks(store: store, timeZone: timeZone, config: config)
    nowCache = NowListCache(tasks: tasks, clock: clock, promptFile: promptFile)
    unknownSettings = config.unknown
    reminders = Reminders(
      settings: config.reminders, tasks: tasks, clock: clock, timeZone: timeZone, environment: environment,
      keptAt: remindersFile, log: log)
    sync = SyncService(
      connector: syncConnector, tasks: tasks, clock: clock, timeZone: timeZone, environment: environment,
      timing: syncTiming
    ) { report, error in
      let at = clock()
      hub.publish(.syncFinished, at: at) { seq, _ in
        Wire.Event(topic: .syncFinished, seq: seq, at: Timestamp(at), sync: report, error: error)
      }
    }
    let wakeTimer = WakeTimer()
    self.wakeTimer = wakeTimer
    // New events may bring a heads-up or the end of a wait sooner than the wake-up timer planned for.
    calendars = CalendarService(
      settings: config.calendars, fetcher: calendarFetcher, tasks: tasks, sync: sync, clock: clock,
      changed: { wakeTimer.poke() })
    compactor = HistoryCompactor(tasks: tasks, undoDays: config.history.undoDays, clock: clock, log: log)
    focusTimer = FocusTimer(tasks: tasks, clock: clock, awake: awake) { [reminders] running in
      Self.announceTimeUp(running, hub: hub, reminders: reminders)
    }
    self.clock = clock
    self.describeServer = describeServer
    tasks.listen(committed: { [unowned self] changes in publish(changes) }) { promptFile?.withdraw() }
  }

  /// The system clock, to the whole second (the store keeps seconds).
  @Sendable public static func wholeSecondClock() -> Date {
    Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
  }

  /// Closes the database. Call once no request can arrive any more.
  public func close() {
    sync.stop()
    calendars.stop()
    compactor.stop()
    wakeTimer.stop()
    focusTimer.stop()
    reminders.stop()
    settle()
    tasks.close { promptFile?.close() }
  }

  /// Starts reaching the desktop for reminders, when they are on (in the background: start-up does not wait).
  public func startReminders() {
    reminders.start()
  }

  /// Announces the wake-ups due now (the catch-up for those that passed while the daemon was down), then keeps a
  /// timer for the next one. Returns how many were due at start.
  @discardableResult
  public func startWakeUps() -> Int {
    let missed = (try? tasks.wake(at: clock())) ?? 0
    wakeTimer.start(clock: clock) { [weak self] now in self?.wake(at: now) }
    return missed
  }

  /// Starts the daemon's work in the background: syncing by itself (when sync is set up), reading calendars,
  /// compacting the history.
  public func startSync() {
    sync.start()
    calendars.start()
    compactor.start()
  }

  /// Announces the wake-ups due by `now` and returns the moment of the next one (or of the end of the quiet
  /// hours, when reminders wait for it). When they cannot be stored (the disk fails), it tries again in a few
  /// seconds: not at once in a loop, and not a minute late.
  public func wake(at now: Date) -> Date? {
    let next: Date?
    do {
      next = try tasks.wakeAndFindNext(at: now)?.at
    } catch {
      next = now.addingTimeInterval(5)
    }
    return [next, reminders.tick(at: now)].compactMap { $0 }.min()
  }

  /// The reply lines for request lines that arrived together. Runs of quick changes among them share one commit
  /// (`Tasks.together`, with the changes other connections make meanwhile), so one sync to disk makes them all
  /// durable, and no reply of a run is written before that; if the shared commit fails, each request of the run
  /// whose change was made gets the storage error. Anything that may be slow (a capture's breakdown program, the
  /// network of a sync, the engine) runs alone between the runs, outside the lock, so another connection is never
  /// kept waiting on it. The requests still apply in the order they came.
  public func respond(
    to lines: [[UInt8]], encoder: WireEncoder = WireEncoder(), session: ConnectionSession? = nil
  ) -> [Data] {
    let requests = lines.map { Request.parse($0) }
    guard requests.count > 1 else { return requests.map { respond(to: $0, encoder: encoder, session: session) } }
    var replies: [Data] = []
    var run: [Request] = []
    func commitRun() {
      if !run.isEmpty { replies += together(run, encoder: encoder, session: session) }
      run = []
    }
    for parsed in requests {
      if case .success(let request) = parsed, sharesCommit(request) {
        run.append(request)
      } else {
        commitRun()
        // A reply in parts is written as it is read: the replies before it go first.
        if case .success(let request) = parsed, ReplyParts.asked(in: request.params), let write = session?.writeAhead,
          !replies.isEmpty
        {
          do { try write(replies.reduce(into: Data()) { $0.append($1) }) } catch { session?.hungUp = true }
          replies = []
        }
        replies.append(respond(to: parsed, encoder: encoder, session: session))
      }
    }
    commitRun()
    return replies
  }

  /// Whether a request may share a commit: a quick change (not an import of a file's text, which is read first), or
  /// a capture when no breakdown program runs.
  private func sharesCommit(_ request: Request) -> Bool {
    switch Method(rawValue: request.method) {
    case .taskImport:
      guard case .object(let fields) = request.params else { return true }
      return fields["text"] == nil
    case .taskCapture: return tasks.breakdown == nil
    case let method?: return method.isQuickChange
    case nil: return false
    }
  }

  /// Replies to quick changes that came together: each is a part of one group commit, and its reply is what it
  /// answered there, or the commit's error when the commit lost its change.
  private func together(_ requests: [Request], encoder: WireEncoder, session: ConnectionSession?) -> [Data] {
    // The terminal session the changes are recorded as made in is found before the lock is taken: it reads /proc.
    _ = session?.origin
    let outcomes = tasks.together(
      requests.map { request in { self.respond(to: .success(request), encoder: encoder, session: session) } })
    return zip(requests, outcomes).map { request, outcome in
      switch outcome {
      case .success(let reply): reply
      case .failure(let error): encoder.response(id: request.id, error: error)
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
      compactor.heard()
      do {
        return try call(request, encoder, Tasks.Caller(now: clock(), origin: session?.origin), session)
      } catch let error as StrideError {
        return encoder.response(id: request.id, error: error)
      } catch {
        return encoder.response(id: request.id, error: StrideError(.internalError, "the reply could not be written"))
      }
    }
  }

  /// Decode, one line per method, encode: each method is one use case of `tasks` (or of sync, or the events). The
  /// switch has no default: a method in `Method` without its line here does not compile.
  private func call(
    _ request: Request, _ plain: WireEncoder, _ caller: Tasks.Caller, _ session: ConnectionSession?
  ) throws -> Data {
    let method = try Self.method(of: request)
    let encoder = self.encoder(session, at: caller.now, else: plain)
    let (caller, now) = (caller.saying(encoder.speaker), caller.now)
    let reply = Reply(request: request, encoder: encoder, context: session?.context ?? ClientContext.Params())
    func change(_ change: TaskChange) throws(StrideError) -> Wire.TaskResult { try tasks.apply(change, caller) }
    switch method {
    case .serverInfo: return try reply(ServerInfo.self) { _ in serverInfo() }
    case .clientContext: return try reply(ClientContext.self) { try setContext($0, session) }
    case .taskCapture: return try reply(Wire.TaskCapture.self) { try tasks.capture($0, caller) }
    case .taskGet: return try reply(Wire.TaskGet.self) { try tasks.get($0.id, caller) }
    case .taskDuplicate: return try reply(Wire.TaskDuplicate.self) { try tasks.duplicate($0.id, caller) }
    case .taskList: return try taskList(reply, session, caller)
    case .taskFind: return try reply(Wire.TaskFind.self) { try tasks.find($0, caller) }
    case .taskUpdate: return try reply(Wire.TaskUpdate.self) { try change(.update($0.id, try patch($0, at: now))) }
    case .taskComplete: return try reply(Wire.TaskComplete.self) { try change(.complete($0.id)) }
    case .taskReopen: return try reply(Wire.TaskReopen.self) { try change(.reopen($0.id)) }
    case .taskDelete: return try reply(Wire.TaskDelete.self) { try change(.delete($0.id)) }
    case .taskSkip: return try reply(Wire.TaskSkip.self) { try change(.skip($0.id)) }
    case .taskPin: return try reply(Wire.TaskPin.self) { try change(.pin($0.id, $0.pinned)) }
    case .taskDefer: return try reply(Wire.TaskDefer.self) { try tasks.deferTask($0, caller) }
    case .taskWait:
      return try reply(Wire.TaskWait.self) { try change(.wait($0.id, note: $0.note, followUp: $0.followUp?.date)) }
    case .taskResume: return try reply(Wire.TaskResume.self) { try change(.resume($0.id)) }
    case .taskBlock: return try reply(Wire.TaskBlock.self) { try change(.block($0.id, on: $0.on)) }
    case .taskUnblock: return try reply(Wire.TaskUnblock.self) { try change(.unblock($0.id, on: $0.on)) }
    case .taskMove: return try reply(Wire.TaskMove.self) { try tasks.move($0, caller) }
    case .taskImport: return try reply(Wire.TaskImport.self) { try tasks.importTasks($0, caller) }
    case .taskExport: return try taskExport(reply, session, at: now)
    case .taskExplain: return try reply(Wire.TaskExplain.self) { try tasks.explain($0, caller) }
    case .subtaskAdd: return try reply(Wire.SubtaskAdd.self) { try change(.addStep($0.id, title: $0.title)) }
    case .subtaskComplete:
      return try reply(Wire.SubtaskComplete.self) { try change(.completeStep($0.id, index: $0.index)) }
    case .subtaskReopen:
      return try reply(Wire.SubtaskReopen.self) { try change(.reopenStep($0.id, index: $0.index)) }
    case .noteAdd: return try reply(Wire.NoteAdd.self) { try change(.addNote($0.id, text: $0.text)) }
    case .noteRemove: return try reply(Wire.NoteRemove.self) { try change(.removeNote($0.id, index: $0.index)) }
    case .historyUndo: return try reply(Wire.HistoryUndo.self) { try tasks.undo($0, caller) }
    case .historyLog: return try historyLog(reply, session, caller)
    case .historyReview: return try reply(HistoryReview.self) { try tasks.review($0, at: now) }
    case .contextGet: return try reply(ContextGet.self) { _ in try tasks.context(at: now) }
    case .contextSet: return try reply(ContextSet.self) { try tasks.setContext($0, caller) }
    case .nowList: return try nowList(request, reply.context, at: now)
    case .nowPrompt: return try reply(NowPrompt.self) { _ in try nowCache.promptLine(at: now) }
    case .timeParse: return try reply(TimeParse.self) { try readTime($0, at: now) }
    case .eventsSubscribe: return try reply(Wire.EventsSubscribe.self) { try subscribe($0, session, at: now) }
    case .syncSetup: return try reply(SyncSetup.self) { try sync.setUp($0) }
    case .syncRun: return try reply(SyncRun.self) { try sync.run(password: $0.password) }
    case .syncStatus: return try reply(SyncStatus.self) { _ in try sync.status() }
    case .listsGet, .listsAdd, .listsDefault, .listsRename, .listsRemove: return try lists(method, reply, caller)
    case .focusStart, .focusStop, .focusPause, .focusResume, .focusExtend, .focusGet:
      return try focus(method, reply, caller)
    case .calendarsList, .calendarsAdd, .calendarsCount, .calendarsRemove, .calendarsRefresh:
      return try calendars(method, reply)
    }
  }

  /// The `lists.*` methods: each one use case of `tasks` (or of sync, which knows how each list syncs).
  private func lists(_ method: Method, _ reply: Reply, _ caller: Tasks.Caller) throws -> Data {
    switch method {
    case .listsGet: try reply(ListsGet.self) { _ in ListsGet.Result(lists: try sync.lists()) }
    case .listsAdd: try reply(ListsAdd.self) { try tasks.addList($0, caller) }
    case .listsDefault: try reply(ListsDefault.self) { try tasks.setDefaultList($0, caller) }
    case .listsRename: try reply(ListsRename.self) { try tasks.renameList($0, caller) }
    case .listsRemove: try reply(ListsRemove.self) { try tasks.removeList($0, caller) }
    default: throw StrideError(.internalError, "\(method.rawValue) is not a lists method")
    }
  }

  /// The `calendars.*` methods: each one use case of the calendar service.
  private func calendars(_ method: Method, _ reply: Reply) throws -> Data {
    switch method {
    case .calendarsList: try reply(CalendarsList.self) { _ in try calendars.list() }
    case .calendarsAdd: try reply(CalendarsAdd.self) { try calendars.add($0) }
    case .calendarsCount: try reply(CalendarsCount.self) { try calendars.count($0) }
    case .calendarsRemove: try reply(CalendarsRemove.self) { try calendars.remove($0) }
    case .calendarsRefresh: try reply(CalendarsRefresh.self) { _ in try calendars.refresh() }
    default: throw StrideError(.internalError, "\(method.rawValue) is not a calendars method")
    }
  }

  /// The method a request names; one Stride does not have is refused with where to find them all.
  private static func method(of request: Request) throws(StrideError) -> Method {
    guard let method = Method(rawValue: request.method) else {
      throw StrideError(.methodNotFound, "there is no method '\(request.method)'; Docs/protocol.md lists them all")
    }
    return method
  }

  /// `now.list`, its params filled from the connection's context: its why-lines say its times, and its tasks carry
  /// no `said`, so one kept answer (bytes and all) serves every connection.
  private func nowList(_ request: Request, _ context: ClientContext.Params, at now: Date) throws -> Data {
    let params = context.filling(try request.params.decode(Wire.NowList.Params.self))
    return try WireEncoder().response(id: request.id, encodedResult: try nowCache.encoded(params, at: now))
  }

  /// `time.parse`: the words read in the asker's zone and order, with the person's day start.
  private func readTime(_ params: TimeParse.Params, at now: Date) throws(StrideError) -> TimeParse.Result {
    try reader(params.timeZone, params.dateOrder).read(params, now: now)
  }

  /// `task.update`'s patch, with its repeat read in the asker's zone and order.
  private func patch(_ params: Wire.TaskUpdate.Params, at now: Date) throws(StrideError) -> TaskPatch {
    try reader(params.timeZone, params.dateOrder).patch(params, now: now)
  }

  /// Reads times in `zone` and `order` (the daemon's zone and no order when nil), with the person's day start.
  private func reader(_ zone: String?, _ order: NumericDateOrder?) throws(StrideError) -> TimeReader {
    TimeReader(zone: try tasks.zone(zone), dateOrder: order ?? .unknown, dayStart: tasks.dayStart)
  }

  /// Keeps the person's zone, date order and wish for words for the connection's later requests. An unknown zone is
  /// refused, and the rest of the context holds in the daemon's zone: the client goes on, and says so.
  private func setContext(
    _ params: ClientContext.Params, _ session: ConnectionSession?
  ) throws(StrideError) -> ClientContext.Result {
    do {
      let zone = try tasks.zone(params.timeZone)
      session?.context = params
      session?.timeZone = params.timeZone == nil ? nil : zone
      return ClientContext.Result(
        timeZone: zone.identifier, dateOrder: params.dateOrder ?? .unknown, said: params.said ?? false)
    } catch {
      session?.context = ClientContext.Params(dateOrder: params.dateOrder, said: params.said)
      session?.timeZone = nil
      throw error
    }
  }

  /// The encoder of a reply on a connection with `context`: one that says its times when the connection asked for
  /// words, else `plain`. Made for each reply encoded here, so a kept now-list pays nothing for it.
  private func encoder(_ session: ConnectionSession?, at now: Date, else plain: WireEncoder) -> WireEncoder {
    guard let session, session.context.said == true else { return plain }
    return WireEncoder(speaker: speaker(for: session, at: now))
  }

  /// How times are said to a connection that asked for words: in its context's zone (the daemon's when it named
  /// none), at `now`.
  func speaker(for session: ConnectionSession, at now: Date) -> Speaker {
    Speaker(now: now, timeZone: session.timeZone ?? tasks.timeZone, settings: tasks.speakingSettings)
  }

  /// What `server.info` says: the daemon, its files, its open tasks and how reminders stand.
  private func serverInfo() -> ServerInfo.Result {
    var info = describeServer(tasks.openCount)
    info.reminders = reminders.status
    info.unknownSettings = unknownSettings.isEmpty ? nil : unknownSettings
    return info
  }
}

/// The reply to one request for method `M`: its params read (with what they leave out taken from the connection's
/// context), the use case run, its result written in the connection's words.
struct Reply {
  let request: Request
  let encoder: WireEncoder
  let context: ClientContext.Params

  func callAsFunction<M: WireMethod>(_: M.Type, _ body: (M.Params) throws -> M.Result) throws -> Data
  where M.Params: Decodable, M.Result: Encodable {
    try encoder.response(id: request.id, result: try body(context.filling(try request.params.decode(M.Params.self))))
  }
}
