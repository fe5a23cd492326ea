import Foundation
import StrideBase
import StrideModel
import StrideProtocol
import StrideStore
import StrideWire

/// The use cases that look back: the log, and the review of a period.
extension Tasks {
  func log(_ params: HistoryLog.Params) throws(StrideError) -> HistoryLog.Result {
    let limit = try Self.logLimit(params.limit)
    return try locked { store throws(StrideError) in
      let page = try store.history.page(
        task: params.id, since: params.since?.date, until: params.until?.date, before: params.before, limit: limit)
      // No history of a task at all: is there such a task? (A deleted one keeps its history.) The store's lookup
      // throws `noTask` when there is none; the moment it is settled at does not matter here.
      if let id = params.id, page.entries.isEmpty, params.since == nil, params.until == nil, params.before == nil {
        _ = try store.task(id, at: .distantPast)
      }
      return HistoryLog.Result(page)
    }
  }

  /// How many changes a page of the log holds: `limit` when it is from 1 to 1,000, 50 when it is absent.
  static func logLimit(_ limit: Int?) throws(StrideError) -> Int {
    let limit = limit ?? 50
    guard (1...1_000).contains(limit) else {
      throw StrideError.invalid("limit must be from 1 to 1000, not \(limit); ask for the next page with 'before'")
    }
    return limit
  }

  /// The wake-ups in `[since, until)` of tasks that still wait for the person (active: not done, put off or parked
  /// since), oldest first: what desktop reminders held meanwhile (their hold keeps each task once, as it came last).
  func cameUp(since: Date, until: Date) throws(StrideError) -> [(task: StrideTask, wakeUps: [WakeUp], at: Date)] {
    try locked { store throws(StrideError) in
      var came: [(task: StrideTask, wakeUps: [WakeUp], at: Date)] = []
      for (at, before) in try store.history.wakes(since: since, until: until) {
        guard let task = store.openTask(before.id), task.status == .active else { continue }
        came.append((task, before.wakeUps(by: at), at))
      }
      return came
    }
  }

  func review(_ params: HistoryReview.Params, at now: Date) throws(StrideError) -> HistoryReview.Result {
    let zone = try zone(params.timeZone)
    let calendar = LocalCalendar(timeZone: zone)
    let since: Date
    if let start = params.since {
      since = start.date
    } else if let days = params.days, (1...366).contains(days) {
      since = calendar.date(calendar.day(of: now).adding(days: 1 - days), .startOfDay)
    } else {
      throw StrideError.invalid("a review needs 'since' (a time) or 'days' (1 to 366), such as \"days\": 7")
    }
    // Up to now, this second's changes included (the store keeps whole seconds).
    let until = params.until?.date ?? now.addingTimeInterval(1)
    guard since < until else {
      throw StrideError.invalid("the period ends before it starts; give a 'since' before 'until'")
    }
    if let named = params.named, named < 0 {
      throw StrideError.invalid("named must be 0 or more, not \(named); leave it out for every task")
    }
    // Its reads in one transaction: a year asks thousands of small questions of the history.
    var review = try locked { store throws(StrideError) in
      try store.database.reading { () throws(StrideError) in
        try reviewed(since, until, params, store, at: now, calendar)
      }
    }
    if let named = params.named {
      (review.becameOverdueCount, review.untouchedCount) = (review.becameOverdue.count, review.untouched.count)
      review.becameOverdue = Self.mostRecent(named, of: review.becameOverdue)
      review.untouched = Self.mostRecent(named, of: review.untouched)
    }
    return review
  }

  /// The `named` most recent of a list of tasks the review names (the latest moment first; of one moment, the later
  /// id), kept in the list's order.
  private static func mostRecent(_ named: Int, of tasks: [HistoryReview.Named]) -> [HistoryReview.Named] {
    guard tasks.count > named else { return tasks }
    let kept = Set(tasks.sorted { ($0.at, $0.id.rawValue) > ($1.at, $1.id.rawValue) }.prefix(named).map(\.id))
    return tasks.filter { kept.contains($0.id) }
  }

  /// The review of `[since, until)`, read from the store.
  private func reviewed(
    _ since: Date, _ until: Date, _ params: HistoryReview.Params, _ store: TaskStore, at now: Date,
    _ calendar: LocalCalendar
  ) throws(StrideError) -> HistoryReview.Result {
    let zone = calendar.timeZone
    let done = try store.history.completions(since: since, until: until)
    let (skipped, passings) = try store.history.routineMisses(since: since, until: until)
    var review = Self.counted(done, since: since, until: until, calendar: calendar)
    review.timeZone = params.timeZone ?? zone.identifier
    review.stepsDone = try store.history.count(.completeStep, since: since, until: until)
    review.captured = try store.history.count(.capture, since: since, until: until)
    let open = store.open(at: now)
    review.slipping = Self.slipping(open, since: since, until: until, byHour: review.byHour)
    let kept = Dictionary(grouping: done.filter(\.routine), by: \.task).mapValues(\.count)
    let missed = Self.missed(passings, of: open, since: since, until: until, calendar: calendar)
    review.routines = open.filter { $0.recurrence != nil }.map { task in
      HistoryReview.Routine(
        id: task.id, title: task.title, repeats: task.recurrence!.words, kept: kept[task.id] ?? 0,
        skipped: skipped[task.id] ?? 0, missed: missed[task.id] ?? 0,
        openSince: task.due.flatMap { $0 < min(until, now) ? Timestamp($0) : nil })
    }
    let late = try store.finishedLate(dueSince: since, until: min(until, now))
    // Due in the period and passed while open: not captured already late, nor finished in time.
    review.becameOverdue = (open + late).filter { task in
      guard task.recurrence == nil, let due = task.due, task.createdAt < due else { return false }
      return due >= since && due < min(until, now) && (task.completedAt.map { $0 > due } ?? true)
    }.sorted { $0.due! < $1.due! }.map { task in
      HistoryReview.Named(id: task.id, title: task.title, at: Timestamp(task.due!), done: task.status == .completed)
    }
    let captured = open.filter { $0.createdAt >= since && $0.createdAt < until }
    var untouched: [StrideTask] = []
    for task in captured where try !store.history.changedSinceCaptured(task.id) { untouched.append(task) }
    review.untouched = untouched.map {
      HistoryReview.Named(id: $0.id, title: $0.title, at: Timestamp($0.createdAt), done: false)
    }
    review.estimates = Self.estimates(learnedCalibration(store), used: engine.calibrateEstimates)
    review.energy = Self.energyDay(learnedRhythm(store), used: engine.learnEnergy)
    try Self.addFocus(to: &review, store, since: since, until: until, at: now, calendar: calendar)
    return review
  }

  /// The time in focus sessions each day, and the tasks that took far longer or far shorter than estimated.
  private static func addFocus(
    to review: inout HistoryReview.Result, _ store: TaskStore, since: Date, until: Date, at now: Date,
    calendar: LocalCalendar
  ) throws(StrideError) {
    let first = calendar.day(of: since)
    // Seconds added up first, so short sessions count together.
    var seconds = Array(repeating: 0, count: review.days.count)
    for (start, spent) in try store.focusSpent(since: since, until: until, at: now) {
      let index = calendar.day(of: start).dayNumber - first.dayNumber
      if seconds.indices.contains(index) { seconds[index] += spent }
    }
    for (index, spent) in seconds.enumerated() where spent >= Seconds.perMinute {
      review.days[index].focusMinutes = (spent + Seconds.perMinute / 2) / Seconds.perMinute
    }
    let off = try store.finishedWithTimeSpent(since: since, until: until).compactMap {
      task -> HistoryReview.OffEstimate? in
      let spent = task.spentSeconds / Seconds.perMinute
      let (estimate, far) = (task.estimateMinutes, abs(spent - task.estimateMinutes) >= 10)
      guard far, spent >= 2 * estimate || 2 * spent <= estimate else { return nil }
      return HistoryReview.OffEstimate(
        id: task.id, title: task.title, estimateMinutes: estimate, spentMinutes: spent)
    }.sorted {
      // How far off: 3× long and a third as long are as far.
      let ratio = { (task: HistoryReview.OffEstimate) in
        let times = Double(max(task.spentMinutes, 1)) / Double(max(task.estimateMinutes, 1))
        return max(times, 1 / times)
      }
      return (ratio($0), $1.id) > (ratio($1), $0.id)
    }
    review.offEstimate = off.isEmpty ? nil : off
  }

  /// Per routine, the occurrences passed over undone whose time fell in `[since, until)`: a routine moved on after a
  /// week away passed over a week's, and a review of its last day counts that day's only. Walked along the rule as it
  /// stands; without one, every passing in the period counts whole.
  private static func missed(
    _ passings: [History.Passing], of open: [StrideTask], since: Date, until: Date, calendar: LocalCalendar
  ) -> [TaskID: Int] {
    let rules = Dictionary(open.compactMap { task in task.recurrence.map { (task.id, $0) } }) { first, _ in first }
    var missed: [TaskID: Int] = [:]
    for passing in passings {
      guard let rule = rules[passing.id], let from = passing.from, let to = passing.to, from < to else {
        if passing.at < until { missed[passing.id, default: 0] += passing.count }
        continue
      }
      let schedule = rule.keepingDay(of: from, in: calendar)
      var occurrence = from
      for _ in 0..<passing.count where occurrence < to {
        if occurrence >= since && occurrence < until { missed[passing.id, default: 0] += 1 }
        occurrence = schedule.next(after: occurrence, anchor: from, in: calendar)
      }
    }
    return missed
  }

  /// The review's counts of what was finished: per day (every day of the period), in all, by hour and by energy.
  private static func counted(
    _ done: [History.Completion], since: Date, until: Date, calendar: LocalCalendar
  ) -> HistoryReview.Result {
    var days: [HistoryReview.Day] = []
    var day = calendar.day(of: since)
    let last = calendar.day(of: until.addingTimeInterval(-1))
    while day <= last {
      days.append(HistoryReview.Day(date: day.description, done: 0, minutes: 0))
      day = day.adding(days: 1)
    }
    let first = calendar.day(of: since)
    var byHour = Array(repeating: 0, count: 24)
    var byEnergy = Dictionary(uniqueKeysWithValues: EnergyLevel.allCases.map { ($0.rawValue, 0) })
    for completion in done {
      let index = calendar.day(of: completion.at).dayNumber - first.dayNumber
      days[index].done += 1
      days[index].minutes += completion.minutes ?? 0
      byHour[calendar.clock(of: completion.at).hour] += 1
      byEnergy[completion.energy.rawValue, default: 0] += 1
    }
    return HistoryReview.Result(
      since: Timestamp(since), until: Timestamp(until), timeZone: calendar.timeZone.identifier, days: days,
      done: done.count, stepsDone: 0, estimatedMinutes: done.compactMap(\.minutes).reduce(0, +),
      withoutEstimate: done.filter { $0.minutes == nil }.count, captured: 0, byHour: byHour, byEnergy: byEnergy,
      slipping: [], routines: [], becameOverdue: [], untouched: [])
  }

  /// Open tasks put off twice or more in the period, most often first, each with its reasons counted and a
  /// suggestion that follows from the reason it was put off for most.
  private static func slipping(_ open: [StrideTask], since: Date, until: Date, byHour: [Int])
    -> [HistoryReview.Slipping]
  {
    open.compactMap { task -> HistoryReview.Slipping? in
      let deferrals = task.deferrals.filter { $0.at >= since && $0.at < until }
      guard deferrals.count >= 2 else { return nil }
      let counts = DeferReason.allCases.map { reason in
        HistoryReview.ReasonCount(reason: reason, count: deferrals.filter { $0.reason == reason }.count)
      }.filter { $0.count > 0 }.sorted { $0.count > $1.count }
      // The reason given most; between equals, the one given last.
      let top = counts.filter { $0.count == counts[0].count }.map(\.reason)
      let reason = deferrals.last { top.contains($0.reason) }!.reason
      let words = Self.putOff(deferrals.count, counts)
      return HistoryReview.Slipping(
        id: task.id, title: task.title, deferrals: deferrals.count, reasons: counts, words: words,
        suggestion: suggestion(for: reason, task: task, byHour: byHour))
    }.sorted { ($0.deferrals, $1.id) > ($1.deferrals, $0.id) }
  }

  /// "put off twice, both times for the wrong time"; "put off 4 times: 3 times for no energy, once as unsure".
  static func putOff(_ total: Int, _ counts: [HistoryReview.ReasonCount]) -> String {
    guard counts.count > 1 else {
      let each = total == 2 ? "both times" : "each time"
      return "put off \(times(total)), \(each) \(HistoryWords.why(counts.first?.reason ?? .wrongTime))"
    }
    return "put off \(times(total)): " + listed(counts.map { "\(times($0.count)) \(HistoryWords.why($0.reason))" })
  }

  /// One gentle next step for a task put off mostly for `reason`.
  private static func suggestion(for reason: DeferReason, task: StrideTask, byHour: [Int]) -> String {
    let id = task.id
    switch reason {
    case .noEnergy:
      return "Make it smaller: a first step you could do on a tired day (stride step \(id) \"…\")."
    case .wrongTime:
      guard let best = byHour.indices.max(by: { byHour[$0] < byHour[$1] }), byHour[best] > 0 else {
        return "Give it a time of its own: stride defer \(id) wrong-time --until \"saturday 10am\"."
      }
      let hour = String(format: "%02d:00", best)
      return "Move it to a time that has worked: you finished most around \(hour) "
        + "(stride defer \(id) wrong-time --until \"tomorrow \(hour)\")."
    case .blocked:
      return "Name what it waits on, so it comes back when that is done (stride block \(id) --on OTHER)."
    case .unsure:
      return "Write down what done looks like; that often makes the first step plain (stride note \(id) \"…\")."
    case .notImportant:
      return "Maybe drop it: if it no longer matters, stride delete \(id) lets it go (undo brings it back)."
    }
  }
}
