import StrideBase

/// A question the person asks at an hour: the plain now-list (and `all` beside it, to learn what was eligible), then
/// what they do with the five.
struct QueryPlan {
  let hour: Int
  /// The minutes they say they have, sometimes.
  let minutes: Int?
  /// Asked again one simulated minute later, before doing anything: is the answer the same?
  let repeated: Bool
  /// Tasks from the five to finish or move on (done, a step done, broken into steps, checked on).
  var actions = 0
  /// Tasks from the five to put off.
  var deferrals = 0
  /// Seconds the person reads the five before acting (after the second question, when there is one).
  var reading = 30
}

/// One thing that happens at an instant.
enum Event {
  case energy(EnergyLevel)
  case capture
  case query(QueryPlan)
}

/// The events of one instant: the daemon is restarted with its clock there, then they happen in order.
struct Step {
  let at: Instant
  var events: [Event]
}

/// The person's day: when they set their energy, when thoughts arrive, when they ask what to do and how much they do.
/// Drawn from a generator of the day's own, so the plan does not depend on what the daemon answered before.
enum Person {
  static let queryHours = Array(8...22)

  static func plan(day: Int, start: Instant, arrivals: Double, seed: UInt64) -> [Step] {
    var random = Random(seed: seed, stream: UInt64(day) &* 7 &+ 1)
    let midnight = TimeWords.startOfDay(start + day * 86_400)
    var steps: [Step] = []
    func add(_ hour: Int, _ minute: Int, _ event: Event) {
      steps.append(Step(at: midnight + hour * 3600 + minute * 60, events: [event]))
    }
    // Energy: most mornings; sometimes changed in the afternoon; some days never.
    if random.chance(0.8) {
      add(7, random.int(5...55), .energy(random.pick(EnergyLevel.allCases)))
      if random.chance(0.35) {
        add(random.int(13...16), random.int(2...58), .energy(random.pick(EnergyLevel.allCases)))
      }
    }
    // Thoughts arrive at waking hours, never in the first two minutes of an hour (the questions' minutes).
    for _ in 0..<random.poisson(arrivals) { add(random.int(7...22), random.int(2...58), .capture) }
    var plans = queryHours.map { hour in
      QueryPlan(
        hour: hour, minutes: random.chance(0.25) ? random.pick([15, 20, 30, 45, 60]) : nil, repeated: false,
        reading: random.int(15...50))
    }
    for index in random.shuffled(Array(plans.indices)).prefix(3) {
      plans[index] = QueryPlan(
        hour: plans[index].hour, minutes: plans[index].minutes, repeated: true, reading: plans[index].reading)
    }
    for _ in 0..<random.int(3...8) { plans[random.int(0...plans.count - 1)].actions += 1 }
    for _ in 0..<random.poisson(1.5) { plans[random.int(0...plans.count - 1)].deferrals += 1 }
    // Asked a few seconds after the hour: o'clock times the person gives ("tonight", "tomorrow 9am") and Stride's own
    // (a check-in, a fallback at 09:00) then never fall on the very second of a question, where the daemon's clock,
    // a second either way, would decide which side of them it is on.
    for plan in plans { steps.append(Step(at: midnight + plan.hour * 3600 + 5, events: [.query(plan)])) }
    return merged(steps)
  }

  /// In time order, events of one instant in one step (an energy set before a capture before a question).
  static func merged(_ steps: [Step]) -> [Step] {
    func rank(_ event: Event) -> Int {
      switch event {
      case .energy: 0
      case .capture: 1
      case .query: 2
      }
    }
    var result: [Step] = []
    for step in steps.sorted(by: { ($0.at, rank($0.events[0])) < ($1.at, rank($1.events[0])) }) {
      if let last = result.last, last.at == step.at {
        result[result.count - 1].events += step.events
      } else {
        result.append(step)
      }
    }
    return result
  }
}

/// How the person puts a task off: the reason, and the words of the until-time if they give one.
struct DeferChoice {
  let reason: DeferReason
  let until: String?
  /// `blocked --on` another task.
  let onAnother: Bool

  /// Every reason, with and without a time where it takes one, about 1.5 a day in all.
  static let all: [(DeferChoice, Double)] = [
    (DeferChoice(reason: .noEnergy, until: nil, onAnother: false), 0.14),
    (DeferChoice(reason: .noEnergy, until: "in 3 hours", onAnother: false), 0.04),
    (DeferChoice(reason: .noEnergy, until: "tonight", onAnother: false), 0.04),
    (DeferChoice(reason: .wrongTime, until: "tonight", onAnother: false), 0.10),
    (DeferChoice(reason: .wrongTime, until: "tomorrow 9am", onAnother: false), 0.10),
    (DeferChoice(reason: .unsure, until: nil, onAnother: false), 0.12),
    (DeferChoice(reason: .notImportant, until: nil, onAnother: false), 0.12),
    (DeferChoice(reason: .blocked, until: nil, onAnother: false), 0.12),
    (DeferChoice(reason: .blocked, until: "in 2 days", onAnother: false), 0.04),
    (DeferChoice(reason: .blocked, until: "friday 10am", onAnother: false), 0.04),
    (DeferChoice(reason: .blocked, until: nil, onAnother: true), 0.10),
  ]

  static func draw(_ random: inout Random) -> DeferChoice {
    all[random.weighted(all.map(\.1))].0
  }

  /// "wrong-time --until tonight", for the totals.
  var label: String {
    reason.rawValue + (onAnother ? " --on" : "") + (until.map { " --until \"\($0)\"" } ?? "")
  }
}
