import Foundation
import StrideModel
import StrideProtocol
import StrideStore
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
  let wakeTimer = WakeTimer()
  /// Sync with a CalDAV server, when one is set up.
  let sync: SyncService
  /// Desktop reminders, when the settings turn them on.
  let reminders: Reminders
  /// The last answer to a now-list question about the present, and the background queue where it is worked out
  /// again after a change (and the now.changed subscribers' list after it).
  let nowCache: NowListCache
  /// The moment of the latest change the now.changed subscribers have not been told of yet (nil: none waiting).
  let nowToAnnounce = Locked<Date?>(nil)
  /// The prompt line's file beside the socket, when the daemon serves one.
  let promptFile: PromptLineFile?

  /// - Parameters:
  ///   - clock: the current instant; tests pass a fixed one.
  ///   - config: the user's settings: the breakdown program, the engine's weights, how long energy lasts, reminders.
  ///   - environment: the daemon's environment (sync's password variable, the session bus for reminders).
  ///   - promptFile: where to keep the prompt line for `stride prompt` (beside the socket); none when nil.
  ///   - describeServer: what `server.info` reports, given the number of open tasks.
  public init(
    store: sending TaskStore, clock: @escaping @Sendable () -> Date = Dispatcher.wholeSecondClock,
    timeZone: TimeZone = .current, config: StrideConfig = StrideConfig(), hub: EventHub = EventHub(),
    syncConnector: (any SyncConnector)? = nil, environment: [String: String] = [:], log: Log = Log(),
    promptFile: String? = nil, describeServer: @escaping @Sendable (_ openTasks: Int) -> ServerInfo.Result
  ) {
    self.hub = hub
    let promptFile = promptFile.map(PromptLineFile.init)
    self.promptFile = promptFile
    tasks = Tasks(store: store, timeZone: timeZone, config: config)
    nowCache = NowListCache(tasks: tasks, clock: clock, promptFile: promptFile)
    reminders = Reminders(
      settings: config.reminders, tasks: tasks, clock: clock, timeZone: timeZone, environment: environment, log: log)
    sync = SyncService(
      connector: syncConnector, tasks: tasks, clock: clock, timeZone: timeZone, environment: environment
    ) { report, error in
      hub.publish(.syncFinished) { seq in
        StrideEvent(topic: .syncFinished, seq: seq, at: clock(), sync: report, error: error)
      }
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
    wakeTimer.stop()
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

  /// Starts syncing by itself, when sync is set up.
  public func startSync() {
    sync.start()
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
    SubtaskAdd.name, SubtaskComplete.name, SubtaskReopen.name, NoteAdd.name, NoteRemove.name, HistoryUndo.name,
    ContextSet.name, TaskMove.name,
  ]

  /// Whether a request may share a commit: a quick change (not an import of a file's text, which is read first), or
  /// a capture when no breakdown program runs.
  private func sharesCommit(_ request: Request) -> Bool {
    if request.method == TaskImport.name, case .object(let fields) = request.params, fields["text"] != nil {
      return false
    }
    return Self.quickChanges.contains(request.method)
      || (request.method == TaskCapture.name && tasks.breakdown == nil)
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
      do {
        return try call(request, encoder, Tasks.Caller(now: clock(), origin: session?.origin), session)
      } catch let error as StrideError {
        return encoder.response(id: request.id, error: error)
      } catch {
        return encoder.response(id: request.id, error: StrideError(.internalError, "the reply could not be written"))
      }
    }
  }

  /// Decode, one line per method, encode: each method is one use case of `tasks` (or of sync, or the events).
  private func call(
    _ request: Request, _ encoder: WireEncoder, _ caller: Tasks.Caller, _ session: ConnectionSession?
  ) throws -> Data {
    let now = caller.now
    let context = session?.context ?? ClientContext.Params()
    func reply<M: RPCMethod>(_: M.Type, _ body: (M.Params) throws -> M.Result) throws -> Data {
      try request.reply(M.self, self.encoder(session, at: now, else: encoder)) { try body(context.filling($0)) }
    }
    func change(_ change: TaskChange) throws(StrideError) -> TaskResult {
      try tasks.apply(change, caller)
    }
    switch request.method {
    case ServerInfo.name: return try reply(ServerInfo.self) { _ in serverInfo() }
    case ClientContext.name: return try reply(ClientContext.self) { try setContext($0, session) }
    case TaskCapture.name: return try reply(TaskCapture.self) { try tasks.capture($0, caller) }
    case TaskGet.name: return try reply(TaskGet.self) { try tasks.get($0.id, at: now) }
    case TaskList.name: return try reply(TaskList.self) { try tasks.list($0, at: now) }
    case TaskFind.name: return try reply(TaskFind.self) { try tasks.find($0, at: now) }
    case TaskUpdate.name: return try reply(TaskUpdate.self) { try change(.update($0.id, try patch($0, at: now))) }
    case TaskComplete.name: return try reply(TaskComplete.self) { try change(.complete($0.id)) }
    case TaskReopen.name: return try reply(TaskReopen.self) { try change(.reopen($0.id)) }
    case TaskDelete.name: return try reply(TaskDelete.self) { try change(.delete($0.id)) }
    case TaskSkip.name: return try reply(TaskSkip.self) { try change(.skip($0.id)) }
    case TaskPin.name: return try reply(TaskPin.self) { try change(.pin($0.id, $0.pinned)) }
    case SubtaskAdd.name: return try reply(SubtaskAdd.self) { try change(.addStep($0.id, title: $0.title)) }
    case SubtaskComplete.name:
      return try reply(SubtaskComplete.self) { try change(.completeStep($0.id, index: $0.index)) }
    case SubtaskReopen.name: return try reply(SubtaskReopen.self) { try change(.reopenStep($0.id, index: $0.index)) }
    case NoteAdd.name: return try reply(NoteAdd.self) { try change(.addNote($0.id, text: $0.text)) }
    case NoteRemove.name: return try reply(NoteRemove.self) { try change(.removeNote($0.id, index: $0.index)) }
    case TaskDefer.name: return try reply(TaskDefer.self) { try tasks.deferTask($0, caller) }
    case TaskWait.name:
      return try reply(TaskWait.self) { try change(.wait($0.id, note: $0.note, followUp: $0.followUp?.date)) }
    case TaskResume.name: return try reply(TaskResume.self) { try change(.resume($0.id)) }
    case TaskBlock.name: return try reply(TaskBlock.self) { try change(.block($0.id, on: $0.on)) }
    case TaskUnblock.name: return try reply(TaskUnblock.self) { try change(.unblock($0.id, on: $0.on)) }
    case TaskImport.name: return try reply(TaskImport.self) { try tasks.importTasks($0, caller) }
    case TaskExport.name: return try reply(TaskExport.self) { try tasks.export($0, at: now) }
    case HistoryUndo.name: return try reply(HistoryUndo.self) { try tasks.undo($0, caller) }
    case HistoryLog.name: return try reply(HistoryLog.self) { try tasks.log($0) }
    case HistoryReview.name: return try reply(HistoryReview.self) { try tasks.review($0, at: now) }
    case ContextGet.name: return try reply(ContextGet.self) { _ in try tasks.context(at: now) }
    case ContextSet.name: return try reply(ContextSet.self) { try tasks.setContext($0, caller) }
    case TaskExplain.name: return try reply(TaskExplain.self) { try tasks.explain($0, at: now) }
    case NowList.name:
      let params = context.filling(try request.params.decode(NowList.Params.self))
      // Its why-lines say its times; its tasks carry no `said`, so one kept answer serves every connection.
      return try encoder.response(id: request.id, encodedResult: try nowCache.encoded(params, at: now))
    case NowPrompt.name: return try reply(NowPrompt.self) { _ in try nowCache.promptLine(at: now) }
    case TimeParse.name: return try reply(TimeParse.self) { try readTime($0, at: now) }
    case SyncSetup.name: return try reply(SyncSetup.self) { try sync.setUp($0) }
    case SyncRun.name: return try reply(SyncRun.self) { try sync.run(password: $0.password) }
    case SyncStatus.name: return try reply(SyncStatus.self) { _ in try sync.status() }
    case ListsGet.name, ListsAdd.name, ListsDefault.name, ListsRename.name, ListsRemove.name, TaskMove.name:
      return try lists(request, self.encoder(session, at: now, else: encoder), caller)
    case EventsSubscribe.name: return try reply(EventsSubscribe.self) { try subscribe($0, session, at: now) }
    default:
      throw StrideError(.methodNotFound, "there is no method '\(request.method)'; Docs/protocol.md lists them all")
    }
  }

  /// `time.parse`: the words read in the asker's zone and order, with the person's day start.
  private func readTime(_ params: TimeParse.Params, at now: Date) throws(StrideError) -> TimeParse.Result {
    try reader(params.timeZone, params.dateOrder).read(params, now: now)
  }

  /// `task.update`'s patch, with its repeat read in the asker's zone and order.
  private func patch(_ params: TaskUpdate.Params, at now: Date) throws(StrideError) -> TaskPatch {
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
    Speaker(now: now, timeZone: session.timeZone ?? tasks.timeZone, settings: tasks.engine)
  }

  /// What `server.info` says: the daemon, its files, its open tasks and how reminders stand.
  private func serverInfo() -> ServerInfo.Result {
    var info = describeServer(tasks.openCount)
    info.reminders = reminders.status
    return info
  }

  /// The methods of lists: show them, make one, choose the default, rename one, remove one, move a task into one.
  private func lists(_ request: Request, _ encoder: WireEncoder, _ caller: Tasks.Caller) throws -> Data {
    switch request.method {
    case ListsAdd.name: return try request.reply(ListsAdd.self, encoder) { try tasks.addList($0, caller) }
    case ListsDefault.name:
      return try request.reply(ListsDefault.self, encoder) { try tasks.setDefaultList($0, caller) }
    case ListsRename.name: return try request.reply(ListsRename.self, encoder) { try tasks.renameList($0, caller) }
    case ListsRemove.name: return try request.reply(ListsRemove.self, encoder) { try tasks.removeList($0, caller) }
    case TaskMove.name: return try request.reply(TaskMove.self, encoder) { try tasks.move($0, caller) }
    default: return try request.reply(ListsGet.self, encoder) { _ in ListsGet.Result(lists: try sync.lists()) }
    }
  }
}

extension Request {
  /// The reply line to this request for method `M`: its params decoded, `body` run, its result encoded.
  fileprivate func reply<M: RPCMethod>(
    _: M.Type, _ encoder: WireEncoder, _ body: (M.Params) throws -> M.Result
  ) throws -> Data {
    try encoder.response(id: id, result: try body(try params.decode(M.Params.self)))
  }
}

/// What the daemon knows about one connection beyond its requests: its subscription, once it has one.
public final class ConnectionSession {
  public internal(set) var subscription: Subscription?
  /// The person's zone and date order (`client.context`), for the requests that do not name their own.
  public internal(set) var context = ClientContext.Params()
  /// The context's zone, found once when it was set; nil: the daemon's.
  var timeZone: TimeZone?
  /// The terminal session the client runs in (`TerminalSession`): the changes it makes are recorded as made there.
  /// Found when the first change asks for it, so a connection that only reads (and its greeting) does not wait for
  /// /proc.
  public private(set) lazy var origin: String? = findOrigin()
  private let findOrigin: () -> String?

  public init(origin: @autoclosure @escaping () -> String? = nil) { findOrigin = origin }
}
