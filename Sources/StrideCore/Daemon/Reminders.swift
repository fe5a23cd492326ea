import Foundation
import StrideBase
import StrideDBus
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// Desktop reminders, when the settings turn them on: a task that comes back or comes due by itself (the daemon's
/// wake-ups) is shown as a notification with its title and why, with Done and Later where the desktop offers
/// buttons. In the quiet hours nothing is shown, and what came meanwhile is said in one reminder when they end;
/// more than a few that come at once are said in one too. A reminder whose task is dealt with elsewhere is taken
/// down.
///
/// Nothing here runs under the store's lock: `heard` only sorts and queues, and the desktop is reached from one
/// serial queue of its own, which is also where Done and Later act on the tasks.
final class Reminders: Sendable {
  struct State {
    /// What came in the quiet hours or during a busy event, oldest first, one entry per task.
    var held: [Came] = []
    /// How the reminder that says them begins: "While it was quiet", "While you were busy".
    var heldWhile = "While it was quiet"
    /// The starts of the events whose heads-up was given.
    var headsUpGiven: Set<Date> = []
    /// The notification on screen for each task, as the server that shows it knows it.
    var shown: [TaskID: Showing] = [:]
    /// The notification asking what next at the end of a focus session's timebox, and its task.
    var timeUp: (showing: Showing, task: TaskID)?
    /// What the file beside the socket says is on screen, as last written.
    var kept: [OnScreen] = []
  }

  /// A notification on screen: as its server knows it, and what it says.
  struct Showing: Sendable {
    var shown: DesktopNotifications.Shown
    var text: ReminderText
  }

  /// A task that came up by itself, as the wake-up left it.
  struct Came: Sendable {
    var task: StrideTask
    var wakeUps: [WakeUp]
    var at: Date
    var late: Bool { WakeUp.late(wakeUps, announcedAt: at) }
  }

  let settings: StrideConfig.RemindersSettings
  let tasks: Tasks
  /// Where what is on screen is kept for the next daemon (beside the socket); nil keeps nothing.
  let keptAt: String?
  let clock: @Sendable () -> Date
  let calendar: LocalCalendar
  let log: Log
  let queue = DispatchQueue(label: "strided.reminders")
  let state = Locked(State())
  let desktop: Locked<Desktop?> = Locked(nil)

  /// The keys of the two buttons.
  static let doneKey = "done"
  static let laterKey = "later"
  /// A reminder's buttons: Done and Later.
  static let taskButtons = [(key: doneKey, label: "Done"), (key: laterKey, label: "Later")]
  /// The buttons at the end of a timebox: Keep going (one more box), Done (what it is on), Stop.
  static let keepGoingKey = "keep-going"
  static let stopKey = "stop"
  static let timeUpButtons = [
    (key: keepGoingKey, label: "Keep going"), (key: doneKey, label: "Done"), (key: stopKey, label: "Stop"),
  ]
  /// How long Later puts a task off.
  static let later = Seconds.hours(1)
  /// More than this many at once are said in one reminder.
  static let atOnce = 3

  init(
    settings: StrideConfig.RemindersSettings, tasks: Tasks, clock: @escaping @Sendable () -> Date,
    timeZone: TimeZone, environment: [String: String], keptAt: String? = nil, log: Log
  ) {
    self.settings = settings
    self.tasks = tasks
    self.keptAt = keptAt
    self.clock = clock
    self.log = log
    calendar = LocalCalendar(timeZone: timeZone)
    guard settings.on else { return }
    desktop.withLock {
      $0 = Desktop(environment: environment, quiet: settings.quiet, log: log) { [weak self] event in
        guard let self else { return }
        queue.async { self.act(on: event) }
      }
    }
  }

  /// Starts reaching the desktop, off the caller's thread, and takes over the reminders the last daemon left on
  /// screen. In the quiet hours, first (on the caller's thread, before the missed wake-ups are caught up) takes back
  /// what came earlier in them from the history, so that a restart in the night still leaves the morning its summary.
  func start() {
    guard let desktop = desktop.withLock({ $0 }) else {
      if let keptAt { unlink(keptAt) }
      return
    }
    let now = clock()
    if let began = settings.quiet?.began(before: now, in: calendar) {
      do {
        hold(try tasks.cameUp(since: began, until: now.addingTimeInterval(1)).map(Came.init))
      } catch {
        log.info("reminders: what came earlier in the quiet hours could not be read back: \(error.message)")
      }
    }
    queue.async { [self] in
      desktop.connect()
      takeOver(from: desktop)
    }
  }

  /// How reminders stand, for `server.info`.
  var status: RemindersStatus {
    desktop.withLock { $0 }?.status
      ?? RemindersStatus(
        state: "off",
        sentence: #"Desktop reminders are off; to have them, put "reminders": {"on": true} in your settings file."#)
  }

  /// Takes what the reminders need from committed changes. Runs as each commit is handed out, so it only sorts,
  /// holds and queues: what came up is held in the quiet hours, else shown; a task dealt with is let go of.
  func heard(_ changes: [StoreChange]) {
    guard settings.on else { return }
    var came: [Came] = []
    var dealtWith: [TaskID] = []
    for change in changes {
      if change.action == .wake {
        came += change.tasks.map { Came(task: $0, wakeUps: change.wakeUps, at: change.at) }
      } else {
        dealtWith += change.tasks.filter { Self.dealtWith($0, by: change) }.map(\.id)
      }
    }
    // A focus session given more time, stopped or ended with what it was on: its question is answered.
    let answered = changes.contains { Dispatcher.isFocusAction($0.action) || Self.endsFocus($0) }
    let down = state.withLock { state in
      state.held.removeAll { dealtWith.contains($0.task.id) }
      var down = dealtWith.compactMap { state.shown.removeValue(forKey: $0)?.shown }
      if answered, let timeUp = state.timeUp.take() { down.append(timeUp.showing.shown) }
      return down
    }
    if !down.isEmpty {
      queue.async { [self] in
        down.forEach { desktop.withLock { $0 }?.takeDown($0) }
        keep()
      }
    }
    guard let first = came.first else { return }
    if let wait = waits(at: first.at) { return hold(came, while: wait.heading) }
    queue.async { [self, came] in show(came) }
  }

  /// Keeps what came in the quiet hours (or a busy event) for their end: each task once, as it came last.
  private func hold(_ came: [Came], while heading: String = "While it was quiet") {
    state.withLock { state in
      state.heldWhile = heading
      for item in came {
        state.held.removeAll { $0.task.id == item.task.id }
        state.held.append(item)
      }
    }
  }

  /// Whether a change ended a focus session (finishing or putting off what it was on).
  static func endsFocus(_ change: StoreChange) -> Bool {
    change.tasks.contains { $0.focusSessions.last?.endedAt == change.at }
  }

  /// The end of a focus session's timebox, as a reminder with Keep going, Done and Stop (none in the quiet hours:
  /// the person hears it on the focus screen and in `stride watch`).
  func timeUp(_ running: RunningFocus, message: String) {
    guard settings.on, !(settings.quiet?.contains(running.at, in: calendar) ?? false) else { return }
    let text = ReminderText(summary: "Focus: \(running.task.title)", body: message)
    let task = running.task.id
    queue.async { [self] in
      guard let desktop = desktop.withLock({ $0 }) else { return }
      let replacing = state.withLock { $0.timeUp?.showing.shown }
      guard let id = desktop.show(text, buttons: Self.timeUpButtons, replacing: replacing) else { return }
      state.withLock { $0.timeUp = (Showing(shown: id, text: text), task) }
      keep()
    }
  }

  /// Whether a change means the person dealt with the task, so its reminder is no longer wanted: done, skipped,
  /// put off, parked or removed.
  static func dealtWith(_ task: StrideTask, by change: StoreChange) -> Bool {
    switch change.action {
    case .complete, .skip, .deferTask, .wait, .delete: true
    default: change.removed.contains(task.id) || task.status != .active
    }
  }

  /// Called by the wake-up timer: gives the heads-up of an event about to start, and when the quiet hours (or a busy
  /// event) have ended and something came during them, says it in one reminder. Returns the next moment it has
  /// something to do then, for the timer.
  func tick(at now: Date) -> Date? {
    guard settings.on else { return nil }
    let headsUp = giveHeadsUp(at: now)
    if let wait = waits(at: now) {
      let holding = !state.withLock { $0.held.isEmpty }
      return [holding ? wait.until : nil, headsUp].compactMap { $0 }.min()
    }
    let (held, heading) = state.withLock { state in
      defer { state.held = [] }
      return (state.held, state.heldWhile)
    }
    if !held.isEmpty {
      queue.async { [self] in
        present(Self.together(held, heading: heading), task: held.count == 1 ? held[0].task.id : nil)
      }
    }
    return headsUp
  }

  private static func together(_ came: [Came], heading: String) -> ReminderText {
    ReminderText.together(came.map { ($0.task, $0.wakeUps.map(\.kind)) }, heading: heading)
  }

  /// Shows what came together: each on its own, or, when more than a few came at once, all in one.
  private func show(_ came: [Came]) {
    if came.count > Self.atOnce {
      let heading = came.allSatisfy(\.late) ? "While you were away" : "Several tasks came up"
      present(Self.together(came, heading: heading), task: nil)
      return
    }
    for item in came {
      let text = ReminderText.woke(item.task, item.wakeUps, at: item.at, timeZone: calendar.timeZone)
      present(text, task: item.task.id)
    }
  }

  /// The events of `coming` whose heads-up is yet to be given, noted as given; those that started are forgotten.
  func headsUpsToGive(_ coming: [BusyTimes.Event], at now: Date) -> [BusyTimes.Event] {
    state.withLock { state in
      state.headsUpGiven = state.headsUpGiven.filter { $0 > now }
      let fresh = coming.filter { !state.headsUpGiven.contains($0.start) }
      state.headsUpGiven.formUnion(fresh.map(\.start))
      return fresh
    }
  }

  /// Shows a reminder about no task, from the desktop's queue.
  func show(_ text: ReminderText) {
    queue.async { [self] in present(text, task: nil) }
  }

  /// Puts a reminder on the desktop (about one task: with its buttons, in place of its last one still up).
  private func present(_ text: ReminderText, task: TaskID?) {
    guard let desktop = desktop.withLock({ $0 }) else { return }
    let replacing = task.flatMap { id in state.withLock { $0.shown[id]?.shown } }
    guard let id = desktop.show(text, buttons: task == nil ? [] : Self.taskButtons, replacing: replacing), let task
    else { return }
    state.withLock { $0.shown[task] = Showing(shown: id, text: text) }
    keep()
  }

  /// Closes the connection to the desktop, once what is queued has gone out.
  func stop() {
    queue.sync {}
    desktop.withLock { $0 }?.disconnect()
  }
}
