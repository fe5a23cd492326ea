import StrideBase

/// What the day scenario's person feels of the five: whether what is offered fits before their next meeting as it
/// truly takes, and whether it suits the energy they truly have at the hour, which they never set.
struct DayFigures {
  /// Whether the daemon was given the calendar.
  var calendarGiven = false
  /// Of the suggestions with a true time at questions with a meeting within four hours: those whose true time fits
  /// in the minutes free before it.
  var timeFits = Share()
  /// The questions with a meeting within four hours, and those at which the daemon fitted the list to exactly the
  /// minutes the person has free (with the calendar given).
  var constrained = 0
  var fittedRight = Share()
  /// Of the suggestions that ask for the task's energy: those needing at most the person's true energy and at most
  /// one level less, before 30 finishes, in the last two weeks and in all.
  var energyEarly = Share()
  var energyLate = Share()
  var energyAll = Share()
  /// The most of those that could have suited, before 30 finishes and in the last two weeks: at each question, as
  /// many as the five counted there, or fewer when fewer tasks that could have been offered suited the energy and
  /// fitted, as they truly take, before a meeting within four hours.
  var ceilingEarly = Share()
  var ceilingLate = Share()
  /// The same in the last two weeks, by the person's true energy.
  var energyLateByLevel: [EnergyLevel: Share] = [:]
  /// Questions at which a learned energy was said, before 30 finishes and in the last two weeks; and of those said,
  /// the ones equal to the person's true energy then.
  var learnedEarly = Share()
  var learnedSaidLate = Share()
  var learnedRight = Share()
  /// Questions by the person's true energy and the level said as learned ("high, said medium"), in the last two
  /// weeks: where the learning is off.
  var learnedLate: [String: Int] = [:]
  /// The first question at which a learned energy was said.
  var firstLearned: Instant?
  /// Examples of suggestions that did not fit the time.
  var misfits: [String] = []

  /// The last days counted as "after learning".
  static let lateDays = 14
  /// Finishes before anything can be learned (`EnergyRhythm.overallMinimum`).
  static let learningFinishes = 30

  /// Asks for a few minutes of thought, neither the task's time nor its energy: a check, a breakdown into steps,
  /// "make it smaller?".
  static func effortless(_ kind: SuggestionKind) -> Bool { kind == .checkOn || kind == .breakdown || kind == .stuck }

  /// The minutes a suggestion truly asks for: the task's true time, a next step its share of it (the steps split the
  /// work evenly), a first-15 start fifteen; nil when it asks for none or the task has no estimate.
  static func minutes(_ kind: SuggestionKind, _ task: TaskTruth) -> Int? {
    switch kind {
    case .firstFifteen: 15
    case .task: task.trueMinutes
    case .nextStep: task.trueMinutes.map { max(1, $0 / max(1, task.steps.count)) }
    case .breakdown, .checkOn, .stuck: nil
    }
  }

  /// Whether a task suits an energy: it needs no more, and at most one level less.
  static func suits(_ task: EnergyLevel, _ person: EnergyLevel) -> Bool {
    task <= person && person.rank - task.rank <= 1
  }
}

extension Simulation {
  func dayFigures() -> DayFigures? {
    guard let person = day else { return nil }
    var figures = DayFigures()
    figures.calendarGiven = person.calendarGiven
    for query in primaryQueries {
      guard let moment = query.lived else { continue }
      let early = moment.finishes < DayFigures.learningFinishes
      let late = query.day >= options.days - DayFigures.lateDays
      if early { figures.learnedEarly.add(moment.learned != nil) }
      if late {
        figures.learnedSaidLate.add(moment.learned != nil)
        let weekend = [0, 6].contains(CivilDay(query.lo).weekday) ? "weekend " : "weekday "
        let said = moment.learned.map { "said \($0.rawValue)" } ?? "none said"
        figures.learnedLate[weekend + "\(moment.trueEnergy.rawValue), \(said)", default: 0] += 1
      }
      if let learned = moment.learned {
        figures.learnedRight.add(learned == moment.trueEnergy)
        figures.firstLearned = figures.firstLearned ?? query.lo
      }
      if let free = moment.free {
        figures.constrained += 1
        if person.calendarGiven { figures.fittedRight.add(moment.fitted == max(1, free)) }
      }
      let counted = query.shown.count { shown in
        tasks[shown.id] != nil && !DayFigures.effortless(shown.kind) && shown.kind != .firstFifteen
      }
      let suiting = query.eligible.count { id in
        guard let task = tasks[id] else { return false }
        let fits = moment.free.map { free in (task.trueMinutes ?? 0) <= free } ?? true
        return fits && DayFigures.suits(task.energy, moment.trueEnergy)
      }
      let ceiling = Share(of: counted, hits: min(counted, suiting))
      if early { figures.ceilingEarly = figures.ceilingEarly + ceiling }
      if late { figures.ceilingLate = figures.ceilingLate + ceiling }
      for shown in query.shown {
        guard let task = tasks[shown.id] else { continue }
        if let free = moment.free, let needs = DayFigures.minutes(shown.kind, task) {
          figures.timeFits.add(needs <= free)
          if needs > free && figures.misfits.count < 6 {
            figures.misfits.append(
              "\(TimeWords.stamp(query.lo)): \(free) min before '\(moment.next ?? "")', task \(task.id) "
                + "(\(task.estimate.map { "~\($0) min" } ?? "no estimate"), truly \(needs) min) as \(shown.kind.rawValue)"
                + (moment.fitted.map { ", list fitted to \($0) min" } ?? ", list not fitted"))
          }
        }
        guard !DayFigures.effortless(shown.kind), shown.kind != .firstFifteen else { continue }
        let suits = DayFigures.suits(task.energy, moment.trueEnergy)
        figures.energyAll.add(suits)
        if early { figures.energyEarly.add(suits) }
        if late {
          figures.energyLate.add(suits)
          figures.energyLateByLevel[moment.trueEnergy, default: Share()].add(suits)
        }
      }
    }
    return figures
  }
}
