import StrideBase

/// A share: how many of how many.
struct Share {
  var of = 0
  var hits = 0

  mutating func add(_ hit: Bool) {
    of += 1
    if hit { hits += 1 }
  }

  var percent: Double? { of == 0 ? nil : Double(hits) * 100 / Double(of) }

  static func + (a: Share, b: Share) -> Share { Share(of: a.of + b.of, hits: a.hits + b.hits) }
}

/// Starvation: per task eligible at some question, its longest run of questions at which it was eligible but not
/// shown, in days.
struct Starvation {
  var runs: [Int: Double] = [:]
  var neverShown: [Int] = []

  var sorted: [Double] { runs.values.sorted() }
  var median: Double { Self.quantile(sorted, 0.5) }
  var p90: Double { Self.quantile(sorted, 0.9) }
  var max: Double { sorted.last ?? 0 }
  var tenDays: Int { runs.values.count(where: { $0 >= 10 }) }

  static func quantile(_ values: [Double], _ q: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let position = q * Double(values.count - 1)
    let low = Int(position.rounded(.down))
    let high = Swift.min(low + 1, values.count - 1)
    return values[low] + (values[high] - values[low]) * (position - Double(low))
  }
}

/// Due-soon recall: obligations due within 3 hours and within a day, present in the five or not.
struct DueRecall {
  var within3h = Share()
  var within24h = Share()
  /// Within a day, leaving out questions whose five were all obligations due sooner.
  var within24hUncrowded = Share()
  var misses: [String] = []
}

/// One task deferred three times or more, and how "make it smaller?" came to it.
struct StuckRow {
  let id: Int
  let title: String
  let stuckAt: Instant
  var firstEligible: Instant?
  var firstSmaller: Instant?
  var firstShown: Instant?
  /// Longest run of questions (after it became stuck) at which it was eligible but not shown, in days.
  var longestGap: Double = 0
  var open: Bool
}

struct StuckFigures {
  var rows: [StuckRow] = []
  var answersWithSmaller = 0
  /// "make it smaller?" offered for a task that had open steps already.
  var smallerWithSteps = 0
  /// Days on which some stuck task was eligible (hidden as `stuck`, or passed over), and of them the days on which no
  /// plain answer asked "make it smaller?".
  var daysWithStuck = 0
  var daysWithoutSmaller = 0
  /// On those days, at the day's first question: what the stuck tasks not hidden as `stuck` were (shown otherwise,
  /// passed over, hidden by another filter), counted by day.
  var rotaFates: [String: Int] = [:]
  /// Questions (and tasks) at which a stuck task back from an untimed no-energy deferral was hidden as `stuck`.
  var stuckBackFromNoEnergy = 0
  var stuckBackFromNoEnergyTasks: Set<Int> = []
  /// Questions at which an obligation due within a day (or overdue) was hidden as `stuck`, the tasks, and examples.
  var pressingHidden = 0
  var pressingHiddenTasks: Set<Int> = []
  var pressingExamples: [String] = []
}

/// Energy and time fit of what was shown.
struct FitFigures {
  var energy = Share()
  var energyByLevel: [EnergyLevel: Share] = [:]
  /// The first suggestion only: does it fit the energy set?
  var energyFirst = Share()
  var time = Share()
  var timeWithoutEstimate = 0
  var misfits: [String] = []
}

/// Every figure of one run.
struct Figures {
  var starvation = Starvation()
  var due = DueRecall()
  var stuck = StuckFigures()
  var fit = FitFigures()
  var stability = Share()
  var plainQueries = 0
}

extension Simulation {
  var primaryQueries: [QueryRecord] { queries.filter { !$0.repeated } }

  func figures() -> Figures {
    var figures = Figures()
    figures.starvation = starvation()
    figures.due = dueRecall()
    figures.stuck = stuckFigures()
    figures.fit = fitFigures()
    for same in pairs { figures.stability.add(same) }
    figures.plainQueries = queries.count
    return figures
  }

  /// Longest runs of eligible-but-not-shown questions, per task, in days (from the first question of a run to its
  /// last). A question at which the task was not eligible (deferred, waiting, blocked, done) ends a run.
  func starvation() -> Starvation {
    var longest: [Int: Int] = [:]
    var runStart: [Int: Instant] = [:]
    var runLast: [Int: Instant] = [:]
    var everShown: Set<Int> = []
    for query in queries { everShown.formUnion(query.ids) }
    for query in primaryQueries {
      let shown = query.shownSet
      for (id, first) in runStart where !query.eligible.contains(id) || shown.contains(id) {
        longest[id] = Swift.max(longest[id] ?? 0, (runLast[id] ?? first) - first)
        runStart[id] = nil
      }
      for id in query.eligible {
        longest[id] = longest[id] ?? 0
        guard !shown.contains(id) else { continue }
        if runStart[id] == nil { runStart[id] = query.lo }
        runLast[id] = query.lo
      }
    }
    for (id, first) in runStart { longest[id] = Swift.max(longest[id] ?? 0, (runLast[id] ?? first) - first) }
    var result = Starvation()
    for (id, seconds) in longest { result.runs[id] = Double(seconds) / 86_400 }
    result.neverShown = longest.keys.filter { !everShown.contains($0) }.sorted()
    return result
  }

  func dueRecall() -> DueRecall {
    var recall = DueRecall()
    var later: [String] = []
    for query in primaryQueries {
      let shown = query.shownSet
      for id in query.eligible.sorted() {
        guard let task = tasks[id], task.type == .obligation, let due = task.due, due > query.lo else { continue }
        let left = due - query.lo
        let present = shown.contains(id)
        if left <= 3 * 3600 {
          recall.within3h.add(present)
          if !present { recall.misses.append(miss(query, task, due)) }
        }
        guard left <= 86_400 else { continue }
        if !present && left > 3 * 3600 { later.append(miss(query, task, due)) }
        recall.within24h.add(present)
        let crowded =
          query.shown.count == 5
          && query.shown.allSatisfy { other in
            tasks[other.id].map { $0.type == .obligation && ($0.due ?? Int.max) < due } ?? false
          }
        if !crowded { recall.within24hUncrowded.add(present) }
      }
    }
    recall.misses = Array(recall.misses.prefix(6)) + later.prefix(6)
    return recall
  }

  /// A due-soon obligation left out, and what the five held instead.
  private func miss(_ query: QueryRecord, _ task: TaskTruth, _ due: Instant) -> String {
    let five = query.shown.map { shown in
      let other = tasks[shown.id]
      let when = other?.due.map { TimeWords.deadline($0, now: query.lo) } ?? "no due"
      return "\(shown.id) \(other?.type.rawValue ?? "?") \(when)"
    }
    return "\(TimeWords.stamp(query.lo)) [\(query.energy?.rawValue ?? "unknown")]: task \(task.id) \"\(task.title)\" "
      + "due \(TimeWords.describe(due, now: query.lo)) (\(task.energy.rawValue), \(task.estimate.map { "\($0) min" } ?? "no estimate")), "
      + "\(query.hidden[task.id]?.rawValue ?? "?"); the five: \(five.joined(separator: "; "))"
  }

  func fitFigures() -> FitFigures {
    var fit = FitFigures()
    for query in primaryQueries {
      for (place, shown) in query.shown.enumerated() {
        guard let task = tasks[shown.id] else { continue }
        let excused = shown.kind == .firstFifteen || shown.kind == .checkOn
        if let energy = query.personEnergy {
          let fits = excused || task.energy <= energy
          fit.energy.add(fits)
          fit.energyByLevel[energy, default: Share()].add(fits)
          if place == 0 { fit.energyFirst.add(fits) }
          if !fits && fit.misfits.count < 6 {
            fit.misfits.append(
              "\(TimeWords.stamp(query.lo)): energy \(energy.rawValue), task \(task.id) needs "
                + "\(task.energy.rawValue), offered as \(shown.kind.rawValue)")
          }
        }
        if let minutes = query.minutes {
          guard let estimate = task.estimate, !excused, shown.kind != .breakdown, shown.kind != .stuck else {
            if task.estimate == nil { fit.timeWithoutEstimate += 1 }
            fit.time.add(true)
            continue
          }
          fit.time.add(estimate <= minutes)
        }
      }
    }
    return fit
  }
}
