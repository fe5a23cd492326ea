import Foundation
import StrideModel
import StrideProtocol

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

  init(
    connector: (any SyncConnector)?, tasks: Tasks, clock: @escaping @Sendable () -> Date, timeZone: TimeZone,
    environment: [String: String], finished: @escaping @Sendable (SyncReport?, String?) -> Void
  ) {
    self.connector = connector
    self.tasks = tasks
    self.clock = clock
    self.timeZone = timeZone
    environmentPassword = environment["STRIDE_SYNC_PASSWORD"]
    self.finished = finished
  }

  /// Syncs soon after start-up when an account is set up, then every few minutes.
  func start() {
    let configured = (try? account()) != nil
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

  func setUp(_ params: SyncSetup.Params) throws(StrideError) -> SyncSetup.Result {
    let connector = try available()
    try Self.check(params.url, insecure: params.insecure == true)
    if let password = params.password { schedule.withLock { $0.password = password } }
    var account = SyncAccount(
      url: params.url, user: params.user, passwordCommand: params.passwordCommand, insecure: params.insecure,
      name: nil)
    let found = try connector.setUp(params, password: try password(for: account))
    account.url = found.url
    account.name = found.name
    let previous = try? self.account()
    try tasks.locked { store throws(StrideError) in
      if previous?.url != account.url { try store.forgetSync() }
      try store.setSyncValues(["account": String(decoding: try Self.encode(account), as: UTF8.self)])
    }
    schedule.withLock { $0.configured = true }
    plan(after: Self.intervalSeconds)
    do {
      let report = try run(password: nil)
      return SyncSetup.Result(account: account, report: report, error: nil)
    } catch {
      return SyncSetup.Result(account: account, report: nil, error: error.message)
    }
  }

  /// Syncs now (after any pass already running) and returns what moved.
  func run(password: String?) throws(StrideError) -> SyncReport {
    _ = try available()
    guard try account() != nil else { throw Self.notSetUp }
    if let password { schedule.withLock { $0.password = password } }
    return try queue.sync { pass() }.get()
  }

  func status() throws(StrideError) -> SyncStatus.Result {
    try tasks.locked { store throws(StrideError) in
      let account = try Self.decodeAccount(store.syncValue("account"))
      return SyncStatus.Result(
        account: account, lastSuccess: try store.syncValue("lastSuccess").flatMap(Timestamp.parse).map(Timestamp.init),
        lastAttempt: try store.syncValue("lastAttempt").flatMap(Timestamp.parse).map(Timestamp.init),
        lastError: try store.syncValue("lastError"),
        pending: account == nil ? 0 : try SyncPass.pending(store),
        nextSync: schedule.withLock { $0.next }.map(Timestamp.init), available: connector != nil)
    }
  }

  // MARK: Passes

  /// Runs a pass on the queue's thread, records how it ended and announces it.
  private func pass() -> Result<SyncReport, StrideError> {
    let attempt = clock()
    let outcome: Result<SyncReport, StrideError>
    do throws(StrideError) {
      let connector = try available()
      guard let account = try account() else { throw Self.notSetUp }
      let collection = try connector.collection(account, password: try password(for: account))
      var pass = SyncPass(collection: collection, tasks: tasks, clock: clock, timeZone: timeZone)
      pass.stopping = { [weak self] in self?.schedule.withLock { $0.stopped } ?? true }
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
    try? tasks.locked { store throws(StrideError) in try store.setSyncValues(values) }
    switch outcome {
    case .success(let report): finished(report, nil)
    case .failure(let error): finished(nil, error.message)
    }
    return outcome
  }

  /// Schedules a pass `seconds` from now, unless one is due sooner.
  private func plan(after seconds: Double) {
    let target = Date().addingTimeInterval(seconds)
    let generation = schedule.withLock { schedule -> Int? in
      guard !schedule.stopped, schedule.automatic else { return nil }
      if let next = schedule.next, next <= target { return nil }
      schedule.next = target
      schedule.generation += 1
      return schedule.generation
    }
    guard let generation else { return }
    queue.asyncAfter(deadline: .now() + seconds) { [weak self] in
      guard let self else { return }
      let current = schedule.withLock { schedule -> Bool in
        guard schedule.generation == generation, !schedule.stopped else { return false }
        schedule.next = nil
        return true
      }
      guard current else { return }
      _ = pass()
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

  private func account() throws(StrideError) -> SyncAccount? {
    try tasks.locked { store throws(StrideError) in try Self.decodeAccount(store.syncValue("account")) }
  }

  /// The password: the account's command's first line, else one a client passed, else `STRIDE_SYNC_PASSWORD`.
  private func password(for account: SyncAccount) throws(StrideError) -> String? {
    if let command = account.passwordCommand {
      guard let output = ExternalCommand.run(command, input: Data(), timeout: 10),
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

  private static func encode(_ account: SyncAccount) throws(StrideError) -> Data {
    do {
      return try WireEncoder().encode(account)
    } catch {
      throw StrideError(.internalError, "the sync account could not be written: \(error)")
    }
  }

  private static func decodeAccount(_ text: String?) throws(StrideError) -> SyncAccount? {
    guard let text else { return nil }
    do {
      return try JSONDecoder().decode(SyncAccount.self, from: Data(text.utf8))
    } catch {
      throw StrideError(.storageFailed, "the sync account in the database could not be read; set it up again")
    }
  }
}
