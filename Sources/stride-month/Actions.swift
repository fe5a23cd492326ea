import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StrideJSON
import StrideWire

/// What the person does with the five: finish or move on a few (biased to the first places), and put one off now and
/// then, sometimes the same task again.
extension Simulation {
  /// Places 1 to 5, the first most likely.
  static let placeWeights = [0.34, 0.25, 0.18, 0.13, 0.10]

  func act(_ plan: QueryPlan, on suggestions: [Wire.Suggestion]) throws {
    var touched: Set<Int> = []
    for _ in 0..<plan.actions {
      let chosen = day.map { doable(suggestions, excluding: touched, $0) } ?? pick(suggestions, excluding: touched)
      guard let suggestion = chosen else { break }
      touched.insert(Int(suggestion.task.id.rawValue))
      progress(suggestion)
    }
    for _ in 0..<plan.deferrals {
      let again = suggestions.filter {
        !touched.contains(Int($0.task.id.rawValue)) && (tasks[Int($0.task.id.rawValue)]?.deferCount ?? 0) > 0
      }
      let chosen = !again.isEmpty && choices.chance(0.4) ? choices.pick(again) : pick(suggestions, excluding: touched)
      guard let suggestion = chosen else { break }
      touched.insert(Int(suggestion.task.id.rawValue))
      putOff(Int(suggestion.task.id.rawValue), suggestions: suggestions)
    }
  }

  private func pick(_ suggestions: [Wire.Suggestion], excluding touched: Set<Int>) -> Wire.Suggestion? {
    let free = suggestions.indices.filter { !touched.contains(Int(suggestions[$0].task.id.rawValue)) }
    guard !free.isEmpty else { return nil }
    return suggestions[free[choices.weighted(free.map { Self.placeWeights[$0] })]]
  }

  /// What the day scenario's person takes up from the five: only what needs no more energy than they truly have
  /// and fits the time before their next meeting (as it truly takes), by place, reaching twice as readily for what
  /// needs just their energy; nil when nothing in the five can be done now.
  private func doable(
    _ suggestions: [Wire.Suggestion], excluding touched: Set<Int>, _ person: DayPerson
  ) -> Wire.Suggestion? {
    let now = workspace.now
    let energy = person.energy(at: now)
    // In a meeting that has begun (the five were read into it), nothing is started.
    let free = person.calendar.busyUntil(now) == nil ? person.calendar.free(at: now)?.minutes : 0
    let able = suggestions.indices.filter { index in
      let id = Int(suggestions[index].task.id.rawValue)
      guard !touched.contains(id), let task = tasks[id] else { return false }
      let needs = DayFigures.minutes(suggestions[index].kind, task)
      return DayFigures.effortless(suggestions[index].kind) || task.energy <= energy && (free ?? .max) >= (needs ?? 0)
    }
    guard !able.isEmpty else { return nil }
    let weights = able.map { index in
      Self.placeWeights[index] * (tasks[Int(suggestions[index].task.id.rawValue)]?.energy == energy ? 2 : 1)
    }
    return suggestions[able[choices.weighted(weights)]]
  }

  /// Done, the step done, steps added, checked on: as the suggestion asks.
  private func progress(_ suggestion: Wire.Suggestion) {
    let id = Int(suggestion.task.id.rawValue)
    let ref = TaskID(Int64(id))
    switch suggestion.kind {
    case .nextStep:
      guard let step = suggestion.step else { return }
      if update(
        id, "step \(id).\(step.index) done",
        { try workspace.call(Wire.SubtaskComplete.self, .init(id: ref, index: step.index)) })
      {
        totals.stepsDone += 1
      }
    case .breakdown:
      addSteps(id)
    case .stuck where suggestion.prompt == "make it smaller?":
      addSteps(id)
    case .stuck:
      if update(id, "drop \(id)", { try workspace.call(Wire.TaskDelete.self, .init(id: ref)) }) {
        tasks[id]?.open = false
        tasks[id]?.closedAt = workspace.now
        totals.dropped += 1
      }
    case .checkOn:
      if update(id, "resume \(id)", { try workspace.call(Wire.TaskResume.self, .init(id: ref)) }) {
        totals.resumed += 1
      }
    case .firstFifteen where !choices.chance(0.6):
      totals.firstFifteenWorked += 1
      log("\(TimeWords.stamp(workspace.now)) worked 15 minutes on \(id)")
    case .task, .firstFifteen:
      update(id, "done \(id)") { try workspace.call(Wire.TaskComplete.self, .init(id: ref)) }
    }
  }

  private func addSteps(_ id: Int) {
    let titles = choices.shuffled(Titles.breakdownSteps).prefix(choices.int(2...3))
    for title in titles {
      update(id, "step for \(id): \(title)") {
        try workspace.call(Wire.SubtaskAdd.self, .init(id: TaskID(Int64(id)), title: title))
      }
      totals.stepsAdded += 1
    }
  }

  /// Puts a task off with a reason drawn from every kind, reading the until-time as the CLI does (`time.parse`).
  private func putOff(_ id: Int, suggestions: [Wire.Suggestion]) {
    var choice = DeferChoice.draw(&choices)
    var on: Int?
    if choice.onAnother {
      // Another of the five, still open (one may have been finished a moment ago), else any open task.
      let others = suggestions.map { Int($0.task.id.rawValue) }.filter { $0 != id && tasks[$0]?.open == true }
      let open = tasks.values.filter { $0.open && $0.id != id }.map(\.id).sorted()
      on = others.isEmpty ? open.isEmpty ? nil : choices.pick(open) : choices.pick(others)
      if on == nil { choice = DeferChoice(reason: .blocked, until: nil, onAnother: false) }
    }
    var until: Instant?
    if let words = choice.until {
      guard
        let read = attempt(
          "time.parse \"\(words)\"",
          {
            try workspace.call(TimeParse.self, .init(text: words, reading: .moment, dayAlone: .dayStart)).0
          })
      else { return }
      until = Int(read.at.secondsSince1970)
    }
    let params = Wire.TaskDefer.Params(
      id: TaskID(Int64(id)), reason: choice.reason, until: until.map { Timestamp(secondsSince1970: Double($0)) },
      on: on.map { TaskID(Int64($0)) })
    let person = energy.at(workspace.now)
    guard
      let (answer, lo, _) = attempt("defer \(id) \(choice.label)", { try workspace.call(Wire.TaskDefer.self, params) })
    else { return }
    let stored = answer.json["task"]?["deferrals"].flatMap { list -> JSONValue? in
      if case .array(let items) = list { return items.last } else { return nil }
    }
    if stored?["energy"]?.string != person?.rawValue {
      totals.deferralEnergy[choice.label, default: 0] += 1
      log("energy at the deferral: the person's \(person?.rawValue ?? "unknown"), stored \(String(describing: stored))")
    }
    tasks[id]?.deferrals.append(
      DeferralTruth(reason: choice.reason, at: lo, until: until, energy: person, on: on, words: choice.until))
    if let on { tasks[id]?.blockedOn.insert(on) }
    settle(id, answer.task, at: lo)
    totals.deferrals[choice.label, default: 0] += 1
    log("\(TimeWords.stamp(lo)) defer \(id) \(choice.label)")
  }

  /// Makes a change and keeps what the daemon answered of the task; false when the daemon refused it.
  @discardableResult
  private func update(
    _ id: Int, _ what: String, _ body: () throws -> (Answer<Wire.TaskResult>, Instant, Instant)
  ) -> Bool {
    guard let (answer, lo, _) = attempt(what, body) else { return false }
    settle(id, answer.task, at: lo)
    log("\(TimeWords.stamp(lo)) \(what)")
    return true
  }

  /// The task as the daemon now has it: open or done, waiting or not, its steps and follow-up.
  func settle(_ id: Int, _ task: Wire.Task, at instant: Instant) {
    guard var truth = tasks[id] else { return }
    truth.lastChange = instant
    if task.status == .completed, truth.open {
      truth.open = false
      truth.closedAt = instant
      totals.done += 1
    }
    truth.waiting = task.status == .waiting
    truth.followUp = task.followUp.map { Int($0.secondsSince1970) }
    let known = truth.steps
    truth.steps = task.subtasks.map { step in
      let before = known.indices.contains(step.index - 1) ? known[step.index - 1] : nil
      return StepTruth(
        title: step.title, addedAt: before?.addedAt ?? instant, doneAt: step.done ? before?.doneAt ?? instant : nil)
    }
    tasks[id] = truth
  }
}
