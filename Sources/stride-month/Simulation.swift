import Foundation
import StrideBase
import StrideClientKit
import StrideWire

/// One simulated month against the real daemon: the person's plan, step by step, each at its simulated instant.
final class Simulation {
  let options: Options
  let seed: UInt64
  let workspace: Workspace
  var tasks: [Int: TaskTruth] = [:]
  var energy = EnergyTruth()
  var totals = Totals()
  var queries: [QueryRecord] = []
  var claims = ClaimTally()
  /// Whether each pair of questions one minute apart got the same five, in order; and the pairs that did not.
  var pairs: [Bool] = []
  var unstable: [String] = []
  /// Open tasks at the end of each week (and of the last day).
  var backlog: [(day: Int, open: Int)] = []
  /// The person's choices in the moment (which task, what to do), apart from the day's plan.
  var choices: Random
  /// With `--day`: the person's calendar, energy by the hour and true task times; nil for the default person.
  let day: DayPerson?
  /// Whether the daemon has been given the calendar yet (`calendars.add`, at the first step).
  var calendarAdded = false

  init(options: Options, seed: UInt64, calendarGiven: Bool = false) throws {
    self.options = options
    self.seed = seed
    workspace = try Workspace()
    choices = Random(seed: seed, stream: 0xC0FFEE)
    day = options.day ? DayPerson(seed: seed, options: options, calendarGiven: calendarGiven) : nil
  }

  func run() throws {
    defer {
      if ProcessInfo.processInfo.environment["MONTH_KEEP"] != nil {
        workspace.stop()
        FileHandle.standardError.write(Data("kept \(workspace.root)\n".utf8))
      } else {
        workspace.remove()
      }
    }
    if let day {
      try Data(day.calendar.ics(recurring: options.recurringCalendar).utf8).write(
        to: URL(fileURLWithPath: calendarPath))
    }
    for dayIndex in 0..<options.days {
      let plan = Person.plan(day: dayIndex, start: options.start, arrivals: options.arrivals, seed: seed)
      for step in day?.adjust(plan) ?? plan {
        try move(to: step.at)
        for event in step.events { try perform(event, at: step.at) }
      }
      if (dayIndex + 1) % 7 == 0 || dayIndex == options.days - 1 {
        backlog.append((dayIndex + 1, tasks.values.count(where: \.open)))
      }
    }
    workspace.stop()
    totals.restarts = workspace.restarts.count
  }

  /// Where the person's calendar is written in the workspace.
  var calendarPath: String { workspace.root + "/calendar.ics" }

  /// Moves the daemon's clock to `instant`; with the calendar given, the daemon reads it at once (added the first
  /// time, refreshed after), so what it knows of the calendar never waits on its own minute's tick.
  func move(to instant: Instant) throws {
    try workspace.restart(at: instant)
    guard day?.calendarGiven == true else { return }
    if calendarAdded {
      _ = try workspace.call(CalendarsRefresh.self, .init())
    } else {
      _ = try workspace.call(CalendarsAdd.self, .init(location: calendarPath))
      calendarAdded = true
    }
  }

  private func perform(_ event: Event, at instant: Instant) throws {
    switch event {
    case .energy(let level): try setEnergy(level)
    case .capture: try capture()
    case .query(let plan): try ask(plan, at: instant)
    }
  }

  private func setEnergy(_ level: EnergyLevel) throws {
    let (answer, _, _) = try workspace.call(ContextSet.self, .init(energy: level))
    energy = EnergyTruth(level: level, lapsesAt: Int(answer.lapsesAt?.secondsSince1970 ?? 0))
    totals.energySets += 1
    log("\(TimeWords.stamp(workspace.now)) energy \(level.rawValue)")
  }

  private func capture() throws {
    let open = Set(tasks.values.filter(\.open).map(\.title))
    let instant = workspace.now
    let line = Captures.make(&choices, at: instant, avoiding: open)
    let (answer, lo, _) = try workspace.call(Wire.TaskCapture.self, .init(text: line.text))
    guard let task = answer.task else { throw MonthError("the capture of \"\(line.text)\" stored nothing") }
    var truth = TaskTruth(task, text: line.text, intended: line.intended, at: lo)
    truth.trueMinutes = DayPerson.trueMinutes(estimate: line.intended.estimate, task: truth.id, seed: seed)
    tasks[truth.id] = truth
    totals.added += 1
    if let mismatch = truth.captureMismatch { totals.captureMismatches.append(mismatch) }
    log("\(TimeWords.stamp(lo)) add \(truth.id) \"\(line.text)\"")
  }

  /// The question at an hour: the plain list and `all` beside it; once more a minute later when planned; then what
  /// the person does with the five.
  private func ask(_ plan: QueryPlan, at instant: Instant) throws {
    var (record, suggestions) = try observe(plan, at: instant, repeated: false)
    if plan.repeated {
      try move(to: instant + 60)
      let first = record
      (record, suggestions) = try observe(plan, at: instant + 60, repeated: true)
      pairs.append(first.ids == record.ids)
      if first.ids != record.ids {
        unstable.append("\(TimeWords.stamp(first.lo)): \(first.ids) then \(record.ids)")
      }
    }
    // The person reads the five for a while before doing anything: their changes never share a second with the
    // question, nor with a wake-up at the hour.
    if plan.actions + plan.deferrals > 0 {
      try move(to: instant + (plan.repeated ? 60 : 0) + plan.reading)
      try act(plan, on: suggestions)
    }
  }

  private func observe(
    _ plan: QueryPlan, at instant: Instant, repeated: Bool
  ) throws -> (QueryRecord, [Wire.Suggestion]) {
    let (plain, lo, hi) = try workspace.call(Wire.NowList.self, .init(minutes: plan.minutes, terms: false))
    let (all, _, _) = try workspace.call(Wire.NowList.self, .init(minutes: plan.minutes, all: true, terms: false))
    let shown = plain.suggestions.map {
      ShownRecord(id: Int($0.task.id.rawValue), kind: $0.kind, prompt: $0.prompt, why: $0.why)
    }
    if all.suggestions.map(\.task.id) != plain.suggestions.map(\.task.id) { totals.plainAllDisagreements += 1 }
    var hidden: [Int: HiddenReason] = [:]
    for entry in all.hidden ?? [] { hidden[Int(entry.id.rawValue)] = entry.reason }
    let eligible = Set(shown.map(\.id)).union(hidden.filter { $0.value.eligible }.keys)
    let personEnergy = energy.at(lo)
    if personEnergy != plain.energy {
      totals.energyDisagreements += 1
      log(
        "energy: the person's is \(personEnergy?.rawValue ?? "unknown"), the daemon's \(plain.energy?.rawValue ?? "unknown")"
      )
    }
    let day = (TimeWords.startOfDay(instant) - TimeWords.startOfDay(options.start)) / 86_400
    var record = QueryRecord(
      day: day, hour: plan.hour, repeated: repeated, lo: lo, hi: hi, minutes: plan.minutes, energy: plain.energy,
      personEnergy: personEnergy, shown: shown, eligible: eligible, hidden: hidden, openTasks: plain.openTasks)
    if let person = self.day { record.live(person, plain.result, at: lo, finishes: totals.done) }
    check(record)
    for id in record.ids { tasks[id]?.shownAt.append(lo) }
    queries.append(record)
    if options.verbose { logQuery(record) }
    return (record, plain.suggestions)
  }

  /// Checks every why phrase of every suggestion against what the person knows, before the answer is remembered.
  private func check(_ record: QueryRecord) {
    var waitsOn: [Int: Int] = [:]
    for task in tasks.values where task.open { for on in task.blockedOn { waitsOn[on, default: 0] += 1 } }
    for shown in record.shown {
      guard let task = tasks[shown.id] else { continue }
      let checker = ClaimChecker(task: task, kind: shown.kind, record: record, waitsOn: waitsOn[task.id] ?? 0)
      for phrase in shown.why {
        let (kind, verdict) = checker.check(phrase)
        claims.count(kind, verdict) {
          let reason: String
          if case .fails(let why) = verdict { reason = why } else { reason = "" }
          return .init(when: record.lo, task: task.id, title: task.title, phrase: phrase, reason: reason, kind: kind)
        }
      }
    }
  }

  private func logQuery(_ record: QueryRecord) {
    let energy = record.energy?.rawValue ?? "unknown"
    let minutes = record.minutes.map { " \($0)m" } ?? ""
    var line = "\(TimeWords.stamp(record.lo))\(record.repeated ? " (again)" : "") now [\(energy)\(minutes)] "
    line += "open \(record.openTasks), eligible \(record.eligible.count):"
    for shown in record.shown {
      line += "\n    \(shown.id) \(shown.kind.rawValue)\(shown.prompt.map { " \"\($0)\"" } ?? "")"
      line += " · " + shown.why.joined(separator: " · ")
    }
    log(line)
  }

  func log(_ line: String) {
    guard options.verbose else { return }
    FileHandle.standardError.write(Data(("[seed \(seed)] " + line + "\n").utf8))
  }

  /// A call whose failure is a finding, not the end of the run: counted, logged, and the month goes on.
  func attempt<T>(_ what: String, _ body: () throws -> T) -> T? {
    do {
      return try body()
    } catch {
      totals.errors.append("\(TimeWords.stamp(workspace.now)) \(what): \(error)")
      log("error: \(what): \(error)")
      return nil
    }
  }
}
