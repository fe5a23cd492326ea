import Foundation
import StrideBase
import StrideCalendar
import StrideModel
import StrideStore
import StrideWire

/// The daemon's calendars: files, subscriptions and server event calendars, read in the background on one queue
/// (a file when it changes, the others every `calendars.refreshMinutes`), their recurrences expanded then, and
/// their busy times handed to the store for the engine. Read only: nothing is ever written to a calendar, and no
/// event title leaves this machine.
final class CalendarService: Sendable {
  /// How often the queue looks for a file that changed or a calendar due to be read again: a file edited is seen
  /// within seconds (a look is a query and a `stat` of each file).
  static let tickSeconds = 10.0
  /// The window events are expanded for: from a day back to this many days ahead, expanded again each day.
  static let daysAhead = 62
  static let reexpandSeconds = 12.0 * 3600
  /// The largest calendar read (a decade of a busy person's meetings is a few megabytes).
  static let sizeLimit = 32 * 1024 * 1024

  private struct State {
    var stopped = false
    var automatic = false
    /// The addresses each server account answers invitations with, learned when its calendars are listed.
    var serverAddresses: [String: [String]] = [:]
    /// When the servers were last asked for their event calendars.
    var lookedAt: Date?
  }

  let settings: StrideConfig.CalendarSettings
  let fetcher: (any CalendarFetching)?
  let tasks: Tasks
  let sync: SyncService
  let clock: @Sendable () -> Date
  /// Called after the busy times changed (a calendar read anew, counted, set aside or removed).
  let changed: @Sendable () -> Void
  private let queue = DispatchQueue(label: "stride.calendars")
  private let state = Locked(State())

  init(
    settings: StrideConfig.CalendarSettings, fetcher: (any CalendarFetching)?, tasks: Tasks, sync: SyncService,
    clock: @escaping @Sendable () -> Date, changed: @escaping @Sendable () -> Void = {}
  ) {
    (self.settings, self.fetcher, self.tasks, self.sync, self.clock) = (settings, fetcher, tasks, sync, clock)
    self.changed = changed
  }

  /// Reads what is due soon after start-up, then looks again every `tickSeconds`.
  func start() {
    state.withLock { $0.automatic = true }
    schedule(after: 1)
  }

  func stop() {
    state.withLock { $0.stopped = true }
    queue.sync {}
  }

  /// Whether the daemon is stopping: a pass over the calendars ends at the next one.
  var isStopped: Bool { state.withLock { $0.stopped } }

  private func schedule(after seconds: Double) {
    queue.asyncAfter(deadline: .now() + seconds) { [weak self] in
      guard let self, state.withLock({ !$0.stopped && $0.automatic }) else { return }
      readDue(force: false)
      schedule(after: Self.tickSeconds)
    }
  }

  // MARK: The methods

  func list() throws(StrideError) -> CalendarsResult {
    CalendarsResult(calendars: try stored().map(Self.info))
  }

  /// Adds a file or a subscription and reads it at once; one that cannot be read is not kept.
  func add(_ params: CalendarsAdd.Params) throws(StrideError) -> CalendarInfo {
    let (kind, location) = try Self.location(params.location)
    let existing = try stored()
    if let same = existing.first(where: { $0.location == location }) {
      throw StrideError(
        .invalidTransition, "Stride reads that calendar already, as \(same.name); see it with: stride calendars")
    }
    let name = try Self.name(params.name, for: location, kind: kind, taken: existing.map(\.name))
    return try queue.sync { Result { () throws(StrideError) in try addNow(name, kind: kind, at: location) } }.get()
  }

  /// Adds a calendar and reads it, on the queue; takes it away again when it cannot be read.
  private func addNow(_ name: String, kind: CalendarKind, at location: String) throws(StrideError) -> CalendarInfo {
    try tasks.locked { store throws(StrideError) in
      try store.addCalendar(StoredCalendar(name: name, kind: kind, location: location, counts: true))
    }
    let calendar = try existing(name)
    let outcome = read(calendar, force: true)
    Self.releaseReadingMemory()
    guard outcome.readAt != nil else {
      try tasks.locked { store throws(StrideError) in try store.removeCalendar(name) }
      throw StrideError(.invalidParams, "\(outcome.problem ?? "the calendar could not be read"); it was not added")
    }
    return try info(named: name)
  }

  /// Whether a calendar's events take time.
  func count(_ params: CalendarsCount.Params) throws(StrideError) -> CalendarInfo {
    let calendar = try existing(params.name)
    try tasks.locked { store throws(StrideError) in try store.setCalendarCounts(calendar.name, params.counts) }
    changed()
    if params.counts, calendar.readAt == nil { queue.sync { _ = read(calendar, force: true) } }
    return try info(named: calendar.name)
  }

  /// Forgets a file or a subscription.
  func remove(_ params: CalendarRef) throws(StrideError) -> CalendarInfo {
    let calendar = try existing(params.name)
    guard calendar.kind != .server else {
      throw StrideError(
        .invalidTransition,
        "\(calendar.name) is on the server of the list \(calendar.account ?? "that syncs"); to stop counting it: "
          + "stride calendars ignore \(calendar.name)")
    }
    try queue.sync {
      Result { () throws(StrideError) in
        try tasks.locked { store throws(StrideError) in try store.removeCalendar(calendar.name) }
      }
    }.get()
    changed()
    return Self.info(calendar)
  }

  /// Reads every calendar now, and looks for new event calendars on the servers.
  func refresh() throws(StrideError) -> CalendarsResult {
    queue.sync { readDue(force: true) }
    return try list()
  }

  // MARK: Reading

  /// Looks for event calendars on the servers when due, then reads every calendar that is due (all, with `force`).
  private func readDue(force: Bool) {
    let now = clock()
    let interval = settings.refreshMinutes * 60
    let lists = try? sync.synced()
    if let lists { forgetOrphans(syncing: lists) }
    if fetcher != nil, let lists, !lists.isEmpty {
      let looked = state.withLock { $0.lookedAt }
      if force || looked.map({ now.timeIntervalSince($0) >= interval }) ?? true {
        state.withLock { $0.lookedAt = now }
        findServerCalendars(lists)
      }
    }
    for calendar in (try? stored()) ?? [] where calendar.counts || calendar.kind != .server {
      if isStopped { return }
      let due =
        force || calendar.kind == .file || calendar.checkedAt.map { now.timeIntervalSince($0) >= interval } ?? true
        || Self.needsExpanding(calendar.expandedAt, at: now)
      if due {
        read(calendar, force: force)
        Self.releaseReadingMemory()
      }
    }
  }

  /// Forgets the server calendars of lists that no longer sync (removed, or set up again elsewhere): nothing can
  /// read them any more.
  private func forgetOrphans(syncing lists: [StoredList]) {
    let names = Set(lists.map { $0.name.lowercased() })
    guard
      let orphans = try? stored().filter({ $0.kind == .server && !names.contains(($0.account ?? "").lowercased()) }),
      !orphans.isEmpty
    else { return }
    try? tasks.locked { store throws(StrideError) in
      for orphan in orphans { try store.removeCalendar(orphan.name) }
    }
    changed()
  }

  /// Whether events expanded for the window that starts at `start` need expanding again at `now`: half a day on,
  /// or the clock set back before it (a window is expanded from a day before its moment).
  static func needsExpanding(_ start: Date?, at now: Date) -> Bool {
    guard let start else { return true }
    let age = now.timeIntervalSince(start) - 86_400
    return age < 0 || age >= reexpandSeconds
  }

  /// The window a reading expands events for, from `now`.
  func window(at now: Date) -> DateInterval {
    DateInterval(start: now.addingTimeInterval(-86_400), duration: Double(Self.daysAhead + 1) * 86_400)
  }

  /// Every calendar as stored.
  func stored() throws(StrideError) -> [StoredCalendar] {
    let now = clock()
    return try tasks.locked { store throws(StrideError) in try store.calendars(at: now) }
  }

  private func existing(_ name: String) throws(StrideError) -> StoredCalendar {
    let all = try stored()
    guard let found = all.first(where: { $0.name.lowercased() == name.lowercased() }) else {
      let names = all.map(\.name)
      throw StrideError(
        .invalidParams,
        names.isEmpty
          ? "Stride reads no calendar yet; add one with: stride calendars add FILE-OR-URL"
          : "there is no calendar called \(name); there are \(names.joined(separator: ", "))")
    }
    return found
  }

  private func info(named name: String) throws(StrideError) -> CalendarInfo {
    try Self.info(existing(name))
  }

  static func info(_ calendar: StoredCalendar) -> CalendarInfo {
    CalendarInfo(
      name: calendar.name, kind: calendar.kind, location: calendar.location, account: calendar.account,
      counts: calendar.counts, events: calendar.events, components: calendar.components,
      readAt: calendar.readAt.map(Timestamp.init), checkedAt: calendar.checkedAt.map(Timestamp.init),
      problem: calendar.problem)
  }

  /// The addresses an invitation is declined by, as written: the settings' and every server account's (the reader
  /// compares them without `mailto:` and case).
  var addresses: Set<String> {
    Set(settings.addresses).union(state.withLock { $0.serverAddresses.values.flatMap(\.self) })
  }

  func learn(addresses: [String], of account: String) {
    state.withLock { $0.serverAddresses[account] = addresses }
  }
}
