import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// The one owner of task state: the store behind its lock, and one method for each thing a client can ask of the
/// tasks. The dispatcher decodes a request, calls one of these and encodes what it returns; sync reaches the tasks
/// through `locked`, and the daemon's services (events, wake-ups, the kept now-list) through `Tasks+Services`.
/// Nothing slow runs under the lock: a capture's breakdown program runs before it is taken, and the engine after it
/// is let go of, on the tasks read under it.
final class Tasks: Sendable {
  /// The lock the store is behind: reached only through this type's methods.
  let store: StoreLock
  let timeZone: TimeZone
  /// The program that breaks a capture into steps, when the user set one.
  let breakdown: Breakdown?
  let engine: EngineSettings
  /// How long a stored energy lasts before it counts as unknown.
  let energyLapseHours: Double
  /// When the person's day starts: a capture's "from monday" is then.
  let dayStart: ClockTime
  /// When the person last saw each task among the suggestions: read at start-up, kept up to date in memory, and
  /// written to the store only at a task's first sighting of a day.
  let sightings: Locked<Sightings>
  /// What the finished tasks say of the person's estimates, and the store's `spentRevision` it was learned at:
  /// learned when first asked, and again only after a task with time spent changed (`Tasks+Calibration`).
  let learned = Locked<(revision: Int, calibration: EstimateCalibration)?>(nil)
  /// When the person usually has energy, and the store's `finishRevision` it was learned at: learned when first
  /// asked, and again only after a finish or its undo (`Tasks+Energy`).
  let rhythmLearned: Locked<(revision: Int, rhythm: EnergyRhythm)?>
  /// An event this many hours off or nearer bounds the time a now-list is fitted to (`calendars.horizonHours`).
  let calendarHorizonHours: Double

  init(store: sending TaskStore, timeZone: TimeZone, config: StrideConfig) {
    store.dayStart = config.time.dayStart
    store.noEnergyFallbackHours = config.engine.noEnergyFallbackHours
    // Learned at the start, so a deferral's end is said and woken the same from the first question on.
    let rhythm = config.engine.learnEnergy ? Self.readRhythm(store, timeZone: timeZone) : nil
    store.energyRhythm = rhythm
    rhythmLearned = Locked(rhythm.map { (store.finishRevision, $0) })
    // Without them nothing counts as waiting; a store that cannot read them still answers.
    sightings = Locked((try? store.sightings()) ?? Sightings())
    self.store = StoreLock(store)
    self.timeZone = timeZone
    breakdown = Breakdown(config: config)
    var engine = config.engine
    engine.dayStart = config.time.dayStart
    self.engine = engine
    energyLapseHours = config.context.energyLapseHours
    dayStart = config.time.dayStart
    calendarHorizonHours = config.calendars.horizonHours
  }

  /// Who asks, and when: the moment of the request, the terminal session it came from (the changes are recorded as
  /// made there), and how its times are said to it (tasks in the reply carry `said` when it asked for words).
  struct Caller {
    var now: Date
    var speaker: Speaker?
    /// Found when a change first asks: a read records nothing, and finding a terminal session reads /proc twice.
    private let findOrigin: () -> String?
    var origin: String? { findOrigin() }

    init(now: Date, origin: @autoclosure @escaping () -> String? = nil, speaker: Speaker? = nil) {
      self.now = now
      findOrigin = origin
      self.speaker = speaker
    }

    /// The same caller, its times said with `speaker`.
    func saying(_ speaker: Speaker?) -> Caller {
      var caller = self
      caller.speaker = speaker
      return caller
    }

    /// A task in the reply to this caller.
    func wire(_ task: StrideTask) -> Wire.Task { Wire.Task(task, saying: speaker) }
  }

  /// Runs a change with the store under the lock, recorded as made from the caller's terminal session. It shares
  /// its commit with the changes made at the same moment on other connections, and with those it came together with
  /// (`together`); it returns once that commit is on disk.
  func locked<T>(_ caller: Caller, _ body: (TaskStore) throws(StrideError) -> T) throws(StrideError) -> T {
    // Found before the lock is taken: it reads /proc.
    let origin = caller.origin
    return try store.change { store throws(StrideError) in
      store.origin = origin
      defer { store.origin = nil }
      return try body(store)
    }
  }

  /// Runs `parts`, each a use case of this type that changes the tasks, one after another in one commit with
  /// whatever other changes wait at the same moment: changes that arrive together on one connection share their
  /// commit as changes from several connections do. Returns once the commit is on disk, with each part's value, or
  /// the commit's error for a part whose change it lost (a change that failed by itself keeps its own error).
  func together<T>(_ parts: [() -> T]) -> [Result<T, StrideError>] {
    store.together(parts)
  }

  /// Runs `body` with the store under the lock, for reads that record nothing (and the sightings, which are no
  /// change to a task).
  func locked<T>(_ body: (TaskStore) throws(StrideError) -> T) throws(StrideError) -> T {
    try store.locked(body)
  }

  // MARK: Use cases

  /// Reads a line into a task and stores it (unless `dryRun`), naming an open task with the same title.
  func capture(_ params: Wire.TaskCapture.Params, _ caller: Caller) throws(StrideError) -> Wire.CaptureResult {
    var draft = try Capture.draft(
      from: params.text, at: caller.now, timeZone: try zone(params.timeZone), dateOrder: params.dateOrder ?? .unknown,
      dayStart: dayStart)
    // The breakdown program runs outside the store's lock: it may take seconds.
    if let breakdown { draft = breakdown.apply(to: draft) }
    return try locked(caller) { store throws(StrideError) in
      var draft = draft
      // The list as it is called here, whatever case the line wrote it in. A list that does not exist loses no
      // thought: the task goes to the default list, and the reply names the missing one.
      var missing: String?
      if let name = draft.list {
        if let list = try store.list(named: name) {
          draft.list = list.name
        } else {
          (missing, draft.list) = (name, nil)
        }
      }
      let duplicate = store.openTask(titled: draft.title)
      let task = params.dryRun == true ? nil : try store.capture(draft, at: caller.now)
      return Wire.CaptureResult(
        task: task.map(caller.wire), draft: Wire.Draft(draft, saying: caller.speaker), duplicateOf: duplicate,
        missingList: missing)
    }
  }

  /// A new open task made from another, open or done: its words, energy, estimate, type, times, tags, routine,
  /// list and steps (none of them done); not its notes, deferrals, pin, dependencies or time spent, which belong to
  /// what happened to that one. It is recorded as a capture, so undo takes it back.
  func duplicate(_ id: TaskID, _ caller: Caller) throws(StrideError) -> Wire.TaskResult {
    let copy = try locked(caller) { store throws(StrideError) in
      let task = try store.task(id, at: caller.now)
      let draft = TaskDraft(
        title: task.title, rawInput: task.rawInput, steps: task.subtasks.map(\.title), energy: task.energy,
        estimateMinutes: task.estimateMinutes, type: task.type, due: task.due, start: task.start, tags: task.tags,
        recurrence: task.recurrence, list: task.list)
      return try store.capture(draft, at: caller.now)
    }
    return Wire.TaskResult(task: caller.wire(copy))
  }

  /// One task, with what sync knows of it.
  func get(_ id: TaskID, _ caller: Caller) throws(StrideError) -> Wire.TaskResult {
    try locked { store throws(StrideError) in
      let conflicts = try store.syncConflicts(of: id)
      return Wire.TaskResult(
        task: caller.wire(try store.task(id, at: caller.now)),
        syncConflicts: conflicts.isEmpty ? nil : conflicts.map(SyncConflictNote.init),
        repeatsElsewhere: try store.foreignRule(of: id))
    }
  }

  /// A change to one task (and what it carries with it), committed before it returns; a routine done, with the
  /// occurrence it counted.
  func apply(_ change: TaskChange, _ caller: Caller) throws(StrideError) -> Wire.TaskResult {
    let (task, counted) = try locked(caller) { store throws(StrideError) in
      let counted = try Self.occurrenceCounted(by: change, store, at: caller.now)
      return (try store.apply(change, at: caller.now), counted)
    }
    return Wire.TaskResult(task: caller.wire(task), counted: counted.map { .init(due: Timestamp($0)) })
  }

  /// The occurrence of a routine that `change` completes (`done`, or its last open step done) counts; nil for
  /// every other change.
  private static func occurrenceCounted(
    by change: TaskChange, _ store: TaskStore, at now: Date
  ) throws(StrideError) -> Date? {
    var lastStep: Int?
    switch change {
    case .complete: break
    case .completeStep(_, let index): lastStep = index - 1
    default: return nil
    }
    let task = try store.task(change.taskID, at: now)
    guard task.recurrence != nil, task.status != .completed else { return nil }
    // A step done while others are open completes nothing.
    if let lastStep, task.subtasks.indices.contains(where: { $0 != lastStep && !task.subtasks[$0].done }) {
      return nil
    }
    return task.occurrenceDone(at: now, calendar: store.calendar)?.counted
  }

  /// A deferral, with the energy the person has now (a no-energy deferral ends when it is higher).
  func deferTask(_ params: Wire.TaskDefer.Params, _ caller: Caller) throws(StrideError) -> Wire.TaskResult {
    let task = try locked(caller) { store throws(StrideError) in
      let energy = try userContext(store, at: caller.now).energy
      // Learned before the pause is stored, so it ends when the person usually has the energy for it.
      _ = rhythm(store)
      return try store.apply(
        .deferTask(params.id, reason: params.reason, until: params.until?.date, on: params.on, energy: energy),
        at: caller.now)
    }
    return Wire.TaskResult(task: caller.wire(task))
  }

  func undo(_ params: Wire.HistoryUndo.Params, _ caller: Caller) throws(StrideError) -> Wire.UndoResult {
    Wire.UndoResult(
      try locked(caller) { store throws(StrideError) in
        try store.undo(at: caller.now, origin: caller.origin, fromSync: params.sync == true)
      }, saying: caller.speaker)
  }

  func context(at now: Date) throws(StrideError) -> ContextResult {
    ContextResult(try locked { store throws(StrideError) in try userContext(store, at: now) })
  }

  func setContext(_ params: ContextSet.Params, _ caller: Caller) throws(StrideError) -> ContextResult {
    ContextResult(
      try locked(caller) { store throws(StrideError) in
        try store.setEnergy(params.energy, at: caller.now).lapsing(after: energyLapseHours, at: caller.now)
      })
  }

  /// Why a task is where it is in now, or what hides it.
  func explain(_ params: Wire.TaskExplain.Params, _ caller: Caller) throws(StrideError) -> Wire.Explanation {
    let task = try locked { store throws(StrideError) in try store.task(params.id, at: caller.now) }
    let evaluated = try evaluate(params.nowParams, at: caller.now, detail: true)
    return Self.explanation(of: task, in: evaluated.evaluation, energy: evaluated.energy, for: caller)
      .learning(evaluated.learned)
  }

  // MARK: The now-list

  /// The answer to a now-list question; `detail` also lists every hidden task.
  /// `read` gives the open tasks and the stored energy when the caller has read them already.
  func nowResult(
    _ params: Wire.NowList.Params, at now: Date, detail: Bool, read: ([StrideTask], EnergyLevel?)? = nil
  ) throws(StrideError) -> NowAnswer {
    let evaluated = try evaluate(params, at: now, detail: detail, read: read)
    let evaluation = evaluated.evaluation
    let waiting = evaluation.outOfViewLong
    var result = NowAnswer(
      suggestions: evaluation.suggestions, openTasks: evaluated.openTasks, energy: evaluated.energy,
      hidden: detail ? Self.hiddenEntries(evaluation) : nil, overdue: evaluation.overdue, tagged: evaluated.tagged,
      outOfViewLong: waiting > 0 ? waiting : nil, outOfViewDays: waiting > 0 ? Int(engine.waitedDays) : nil,
      focus: params.at == nil ? try locked { store throws(StrideError) in store.runningFocus(at: now) } : nil)
    result.learnedEnergy = evaluated.learned
    result.ahead = evaluated.ahead
    result.calendar = Self.calendarLine(
      evaluated, at: params.at?.date ?? now, timeZone: try zone(params.timeZone), asked: params.minutes)
    return params.terms == false ? result.withoutTerms : result
  }

  /// What the engine made of a now-list question: the evaluation, how many tasks are open, the energy the person
  /// set (asked with, or stored), else the one learned for the hour it was ranked for, and with `tags` how many open
  /// tasks have one of them.
  struct Evaluated {
    var evaluation: Ranking.Evaluation
    var openTasks: Int
    var energy: EnergyLevel?
    var learned: LearnedEnergy?
    var tagged: Int?
    /// What the calendars say of the moment.
    var calendar: CalendarMoment?
    /// Asked of a day to come (`NowContext.asksAhead`).
    var ahead = false
  }

  /// Runs the engine for a now-list question. `detail` also describes every hidden task and builds every
  /// candidate in full (for `all` and `task.explain`). The tasks are read under the lock; the engine runs after it
  /// is let go of. With no energy set, it ranks for the one the person usually has at that hour, once learned.
  func evaluate(
    _ params: Wire.NowList.Params, at now: Date, detail: Bool, read: ([StrideTask], EnergyLevel?)? = nil
  ) throws(StrideError) -> Evaluated {
    let limit = params.limit ?? NowLimits.maximumLimit
    guard (1...NowLimits.maximumLimit).contains(limit) else {
      throw StrideError.invalid("'limit' must be between 1 and \(NowLimits.maximumLimit)")
    }
    if let minutes = params.minutes, !(1...StrideTask.maximumEstimateMinutes).contains(minutes) {
      throw StrideError.invalid("'minutes' must be between 1 and \(StrideTask.maximumEstimateMinutes)")
    }
    let tags = try StrideTask.checkedTags(params.tags ?? [])
    let instant = params.at?.date ?? now
    // The stored energy is read only when the question names none.
    let (tasks, energy, calibration, rhythm, calendar) = try locked {
      store throws(StrideError) -> ([StrideTask], EnergyLevel?, EstimateCalibration?, EnergyRhythm?, CalendarMoment?) in
      let (calibration, rhythm) = (self.calibration(store), self.rhythm(store))
      let calendar = calendarMoment(store, at: instant, titled: params.eventTitles != false)
      if let read { return (read.0, params.energy ?? read.1, calibration, rhythm, calendar) }
      let energy = if let energy = params.energy { energy } else { try userContext(store, at: instant).energy }
      return (store.openByID, energy, calibration, rhythm, calendar)
    }
    let timeZone = try zone(params.timeZone)
    let learned = energy == nil ? learnedEnergy(rhythm, at: instant, in: LocalCalendar(timeZone: timeZone)) : nil
    let list = try params.list.map { name throws(StrideError) in
      try locked { store throws(StrideError) in try store.existingList(name).name }
    }
    let fitted = params.minutes == nil && calendar?.minutes != nil
    var context = NowContext(
      instant: instant, energy: energy ?? learned?.level,
      minutes: Self.minutes(asked: params.minutes, calendar: calendar),
      limit: limit, tags: tags, timeZone: timeZone, list: list, sightings: sightings.withLock { $0 },
      calibration: calibration)
    context.energyIsLearned = learned != nil
    context.calendar = fitted ? calendar : nil
    context.present = params.at == nil ? nil : now
    var settings = engine
    settings.energyRhythm = rhythm
    let tagged = params.tags.map { _ in tasks.count { $0.tags.contains(where: tags.contains) } }
    return Evaluated(
      evaluation: Ranking.evaluate(tasks: tasks, context: context, settings: settings, detail: detail),
      openTasks: tasks.count, energy: energy, learned: learned, tagged: tagged, calendar: calendar,
      ahead: context.asksAhead)
  }

  /// The client's time zone when it names one, else the daemon's; a name that is no zone is refused.
  func zone(_ identifier: String?) throws(StrideError) -> TimeZone {
    guard let identifier else { return timeZone }
    guard let zone = TimeZone(identifier: identifier) else {
      throw StrideError.invalid("'timeZone' \(identifier) is not a time zone; use an IANA name such as Europe/Berlin")
    }
    return zone
  }

  /// Notes that the person saw `ids` among the suggestions at `now` (a day being one in `zone`): the records that
  /// changed, each task's first sighting of the day, for `keep` to write.
  func saw(_ ids: [TaskID], at now: Date, zone: TimeZone) -> [Sightings.Record] {
    let calendar = LocalCalendar(timeZone: zone)
    let start = calendar.date(calendar.day(of: now), .startOfDay)
    return sightings.withLock { $0.saw(ids, at: now, dayStartedAt: start) }
  }

  /// Writes sightings to the store; one that cannot be written is only lost, not an error anyone must act on.
  func keep(_ records: [Sightings.Record]) {
    guard !records.isEmpty else { return }
    try? locked { store throws(StrideError) in try store.keep(records) }
  }

  /// The stored context as it stands at `instant`, a lapsed energy being unknown.
  func userContext(_ store: TaskStore, at instant: Date) throws(StrideError) -> UserContext {
    try store.context().lapsing(after: energyLapseHours, at: instant)
  }

  /// Candidates that did not make the list, best first, then the tasks the filters hide, in id order.
  static func hiddenEntries(_ evaluation: Ranking.Evaluation) -> [HiddenEntry] {
    (evaluation.passedOver + evaluation.hidden).map(HiddenEntry.init)
  }

  /// Where a task stands in an evaluation, with its terms; its times said as `caller` asked.
  static func explanation(
    of task: StrideTask, in evaluation: Ranking.Evaluation, energy: EnergyLevel?, for caller: Caller
  ) -> Wire.Explanation {
    let wire = caller.wire
    if let index = evaluation.suggestions.firstIndex(where: { $0.task.id == task.id }) {
      let suggestion = evaluation.suggestions[index]
      return Wire.Explanation(
        task: wire(suggestion.task), position: index + 1, kind: suggestion.kind, prompt: suggestion.prompt,
        terms: suggestion.terms, score: suggestion.score, hidden: nil, energy: energy)
    }
    if let candidate = evaluation.candidates.first(where: { $0.task.id == task.id }) {
      let hidden = evaluation.passedOver.first { $0.task.id == task.id }?.hidden
      return Wire.Explanation(
        task: wire(candidate.task), position: nil, kind: candidate.kind, prompt: candidate.prompt,
        terms: candidate.terms,
        score: candidate.score, hidden: hidden ?? Hidden(.notInTop, "other tasks ranked higher"), energy: energy)
    }
    let hidden =
      evaluation.hidden.first { $0.task.id == task.id }?.hidden ?? Hidden(.completed, "it is done")
    return Wire.Explanation(
      task: wire(task), position: nil, kind: nil, prompt: nil, terms: [], score: nil, hidden: hidden, energy: energy)
  }
}
