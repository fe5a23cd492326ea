import Foundation
import StrideBase
import StrideModel
import StridePlatform
import StrideProtocol
import StrideStore
import StrideWire

/// The daemon's sync: the account, passes on demand and by themselves (at start-up, shortly after a local change,
/// every few minutes), one at a time on one queue, and what the last one did.
final class SyncService: Sendable {
  /// How long after a local change a pass starts (more changes meanwhile join it).
  static let debounceSeconds = 2.0
  /// How often the daemon syncs when nothing changes here.
  static let intervalSeconds = 300.0

  private struct Schedule {
    var next: Date?
    var generation = 0
    var stopped = false
    /// Passes run by themselves only once the daemon has started them (in-process tests sync when they say so).
    var automatic = false
    /// An account is set up (read at start, set by set-up): a change then asks for a pass without a query.
    var configured = false
    /// A password a client passed (from its `STRIDE_SYNC_PASSWORD`), kept in memory only.
    var password: String?
    /// How many passes in a row could not finish: the next is tried sooner than the interval.
    var failures = 0
  }

  private let connector: (any SyncConnector)?
  /// The owner of task state, whose lock each step that reads or writes tasks takes briefly.
  private let tasks: Tasks
  private let clock: @Sendable () -> Date
  private let timeZone: TimeZone
  private let environmentPassword: String?
  private let queue = DispatchQueue(label: "stride.sync")
  private let schedule = Locked(Schedule())
  private let finished: @Sendable (SyncReport?, String?) -> Void
  /// How sync waits: between tries of a write, and before a pass that could not finish is tried again.
  private let timing: SyncTiming
  /// Each collection's pacing (how many writes at once it bears), by its address, for the daemon's life.
  let pacings = Locked<[String: SyncPacing]>([:])

  init(
    connector: (any SyncConnector)?, tasks: Tasks, clock: @escaping @Sendable () -> Date, timeZone: TimeZone,
    environment: [String: String], timing: SyncTiming = SyncTiming(),
    finished: @escaping @Sendable (SyncReport?, String?) -> Void
  ) {
    self.connector = connector
    self.timing = timing
    self.tasks = tasks
    self.clock = clock
    self.timeZone = timeZone
    environmentPassword = environment["STRIDE_SYNC_PASSWORD"]
    self.finished = finished
  }

  /// Syncs soon after start-up when an account is set up, then every few minutes.
  func start() {
    let configured = (try? synced().isEmpty) == false
    schedule.withLock {
      $0.automatic = true
      $0.configured = configured
    }
    if configured { plan(after: 1) }
  }

  /// A local change: sync shortly.
  func poke() {
    guard connector != nil, schedule.withLock({ $0.automatic && $0.configured }) else { return }
    plan(after: Self.debounceSeconds)
  }

  func stop() {
    schedule.withLock { $0.stopped = true }
    queue.sync {}
  }

  /// Finds the server's task lists, follows the ones chosen (each with a list here: Docs/sync.md says which), and
  /// syncs once.
  func setUp(_ params: SyncSetup.Params) throws(StrideError) -> SyncSetup.Result {
    let connector = try available()
    try Self.check(params.url, insecure: params.insecure == true)
    if let password = params.password { schedule.withLock { $0.password = password } }
    let given = SyncAccount(
      url: params.url, user: params.user, passwordCommand: params.passwordCommand, insecure: params.insecure,
      name: nil)
    let password = try password(for: given)
    let chosen: [SyncAccount]
    if let name = params.make {
      chosen = [try connector.make(name, params, password: password)]
    } else {
      let found = try connector.discover(params, password: password)
      chosen =
        found.isEmpty && params.create == true
        ? [try connector.make("Stride", params, password: password)] : try Self.choose(found, params)
    }
    let followed = try tasks.locked { store throws(StrideError) in
      try SyncLists.follow(chosen, as: params.list, in: store)
    }
    schedule.withLock { $0.configured = true }
    plan(after: Self.intervalSeconds)
    var result = SyncSetup.Result(account: chosen[0], lists: [])
    do {
      result.report = try run(password: nil)
    } catch {
      result.error = error.message
    }
    let names = Set(followed.map(\.name))
    result.lists = try lists().filter { names.contains($0.name) }
    return result
  }

  /// The task lists set-up follows: those named, or all, or the only one; several found and none chosen is a
  /// sentence that names them.
  private static func choose(_ found: [SyncAccount], _ params: SyncSetup.Params) throws(StrideError) -> [SyncAccount] {
    let user = params.user ?? "this account"
    guard !found.isEmpty else {
      throw StrideError(
        .syncNotSetUp,
        "the server has no task list for \(user) at \(params.url); make one with: stride sync setup \(params.url) "
          + "--create (or --make NAME)")
    }
    let names = found.map { $0.name ?? $0.url }
    if params.all == true { return found }
    if let wanted = params.lists {
      return try wanted.map { name throws(StrideError) in
        guard let match = found.first(where: { ($0.name ?? $0.url).lowercased() == name.lowercased() }) else {
          throw StrideError(
            .syncNotSetUp, "the server has no task list called \(name) for \(user); it has \(listed(names))")
        }
        return match
      }
    }
    guard found.count == 1 else {
      throw StrideError(
        .syncNotSetUp,
        "the server has \(found.count) task lists for \(user): \(listed(names)); choose with --all, or --lists "
          + "\(names[0]),…")
    }
    return found
  }

  /// Syncs every list that has a server now (after any pass already running) and returns what moved.
  func run(password: String?) throws(StrideError) -> SyncReport {
    _ = try available()
    guard try !synced().isEmpty else { throw Self.notSetUp }
    if let password { schedule.withLock { $0.password = password } }
    return try queue.sync { passes() }.get()
  }

  func status() throws(StrideError) -> SyncStatus.Result {
    let lists = try lists().filter { $0.account != nil }
    let first = lists.first { $0.isDefault } ?? lists.first
    return SyncStatus.Result(
      account: first?.account, lastSuccess: first?.lastSuccess, lastAttempt: first?.lastAttempt,
      lastError: first?.lastError, pending: lists.map(\.pending).reduce(0, +),
      nextSync: schedule.withLock { $0.next }.map(Timestamp.init),
      failedPasses: schedule.withLock { $0.failures > 0 ? $0.failures : nil }, available: connector != nil,
      lists: lists)
  }

  /// Every list, with its tasks and its sync state.
  func lists() throws(StrideError) -> [ListInfo] {
    try tasks.locked { store throws(StrideError) in try SyncLists.info(store) }
  }

  // MARK: Passes

  /// Runs a pass of every synced list on the queue's thread, records how each ended and announces them together.
  /// A list whose pass fails does not keep the others from syncing.
  private func passes() -> Result<SyncReport, StrideError> {
    var total = SyncReport()
    var failures: [(StoredList, StrideError)] = []
    let lists: [StoredList]
    do throws(StrideError) {
      lists = try synced()
    } catch {
      finished(nil, error.message)
      return .failure(error)
    }
    for list in lists where !schedule.withLock({ $0.stopped }) {
      if let waiting = held(list) {
        total.add(waiting)
        continue
      }
      switch pass(list) {
      case .success(let report): total.add(report)
      case .failure(let error): failures.append((list, error))
      }
    }
    // A pass that failed only because the server refused the sign-in is not tried again soon: the same password
    // again and again looks like guessing to a server that locks accounts out; the next is at the interval.
    retry(failed: failures.contains { $0.1.param != "password" })
    guard let (list, error) = failures.first else {
      finished(total, nil)
      return .success(total)
    }
    if failures.count == lists.count {
      let error = lists.count == 1 ? error : StrideError(error.code, "the list \(list.name): \(error.message)")
      finished(nil, error.message)
      return .failure(error)
    }
    total.notes += failures.map { "the list \($0.0.name) did not sync: \($0.1.message)" }
    finished(total, nil)
    return .success(total)
  }

  /// One list's pass, and how it ended, kept with the list.
  private func pass(_ list: StoredList) -> Result<SyncReport, StrideError> {
    let attempt = clock()
    let outcome: Result<SyncReport, StrideError>
    do throws(StrideError) {
      let connector = try available()
      let account = try SyncLists.account(of: list)
      let collection = try connector.collection(account, password: try password(for: account))
      var pass = SyncPass(
        collection: collection, list: list, shared: account.owner != nil, tasks: tasks, clock: clock,
        timeZone: timeZone)
      pass.stopping = { [weak self] in self?.schedule.withLock { $0.stopped } ?? true }
      pass.pacing = pacing(for: account.url)
      outcome = .success(try pass.run())
    } catch {
      outcome = .failure(error)
    }
    var values: [String: String?] = ["lastAttempt": Timestamp.format(attempt)]
    switch outcome {
    case .success:
      values["lastSuccess"] = Timestamp.format(attempt)
      values["lastError"] = String?.none
    case .failure(let error):
      values["lastError"] = error.message
    }
    try? tasks.locked { store throws(StrideError) in try store.setSyncValues(values, list: list.id) }
    return outcome
  }

  /// The pacing of the collection at `url`, the same for every pass of the daemon's life.
  private func pacing(for url: String) -> SyncPacing {
    pacings.withLock { pacings in
      if let known = pacings[url] { return known }
      let pacing = SyncPacing(pause: timing.pause)
      pacings[url] = pacing
      return pacing
    }
  }

  /// Counts the passes in a row that could not finish, and plans the next try soon after one: `timing.firstRetry`,
  /// twice as long after each further failure, never longer than the interval, and never sooner than a server asked
  /// (a `Retry-After` longer than a pass waits).
  private func retry(failed: Bool) {
    let failures = schedule.withLock { schedule -> Int in
      schedule.failures = failed ? schedule.failures + 1 : 0
      return schedule.failures
    }
    guard failures > 0 else { return }
    plan(after: timing.delay(after: failures, interval: Self.intervalSeconds), replacing: true)
  }

  /// How long from now every server asked to be left alone (a `Retry-After` longer than a pass waits), or 0 when one
  /// did not: one server's request holds its own lists (`held`), not the passes of the others.
  private func asked() -> Double {
    let now = clock()
    return pacings.withLock { pacings in
      pacings.values.map { $0.resume.map { max(0, $0.timeIntervalSince(now)) } ?? 0 }.min() ?? 0
    }
  }

  /// A list whose server asked Stride to wait longer than a pass waits, and not long enough ago: the pass leaves it
  /// alone and says so, and it is tried by the first pass once the wait is over.
  private func held(_ list: StoredList) -> SyncReport? {
    guard let account = try? SyncLists.account(of: list), let resume = pacings.withLock({ $0[account.url]?.resume }),
      resume > clock()
    else { return nil }
    var report = SyncReport()
    report.notes.append(
      "the list \(list.name) waits: its server asked Stride to wait before it writes again, and it is tried again by "
        + "itself once that time is up")
    return report
  }

  /// The lists that sync with a server, in the order they were made.
  func synced() throws(StrideError) -> [StoredList] {
    try tasks.locked { store throws(StrideError) in try store.lists().filter { $0.account != nil } }
  }

  /// Schedules a pass `seconds` from now (no sooner than a server asked), unless one is due sooner; `replacing`
  /// moves one due sooner that a server's request to wait would put off.
  private func plan(after seconds: Double, replacing: Bool = false) {
    let asked = asked()
    let target = Date().addingTimeInterval(max(seconds, asked))
    let generation = schedule.withLock { schedule -> Int? in
      guard !schedule.stopped, schedule.automatic else { return nil }
      if let next = schedule.next, next <= target, !(replacing && asked > 0) { return nil }
      schedule.next = target
      schedule.generation += 1
      return schedule.generation
    }
    guard let generation else { return }
    queue.asyncAfter(deadline: .now() + max(seconds, asked)) { [weak self] in
      guard let self else { return }
      let current = schedule.withLock { schedule -> Bool in
        guard schedule.generation == generation, !schedule.stopped else { return false }
        schedule.next = nil
        return true
      }
      guard current else { return }
      _ = passes()
      plan(after: Self.intervalSeconds)
    }
  }

  // MARK: Account and password

  private static let notSetUp = StrideError(
    .syncNotSetUp, "sync is not set up; set it up with: stride sync setup URL --user NAME")

  private func available() throws(StrideError) -> any SyncConnector {
    guard let connector else {
      throw StrideError(.syncNotSetUp, "this strided was built without sync; use the strided that came with stride")
    }
    return connector
  }

  /// The password: the account's command's first line, else one a client passed, else `STRIDE_SYNC_PASSWORD`.
  func password(for account: SyncAccount) throws(StrideError) -> String? {
    if let command = account.passwordCommand {
      guard let output = ExternalCommand.run(command, input: [], timeout: 10),
        let line = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
          .first, !line.isEmpty
      else {
        throw StrideError(
          .syncFailed,
          "the passwordCommand (\(command.joined(separator: " "))) failed or printed nothing; run it in a shell to see why"
        )
      }
      return String(line)
    }
    return schedule.withLock { $0.password } ?? environmentPassword
  }

  /// A URL sync may use: http or https with a host; plain http only to this machine unless `insecure`.
  static func check(_ text: String, insecure: Bool) throws(StrideError) {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
      scheme == "https" || scheme == "http"
    else {
      throw StrideError.invalid("'\(text)' is not a server address; give one like https://dav.example.com/")
    }
    let loopback = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
    if scheme == "http", !loopback, !insecure {
      throw StrideError.invalid(
        "\(text) is plain http, which sends your password and tasks unencrypted; use https://, "
          + "or add --insecure if you trust this network")
    }
  }
}
