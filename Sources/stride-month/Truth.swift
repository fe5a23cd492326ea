import StrideBase
import StrideWire

/// A deferral as the person made it, with what the daemon said it stored.
struct DeferralTruth {
  let reason: DeferReason
  let at: Instant
  /// The until-time given (the daemon's reading of the person's words), if any.
  let until: Instant?
  /// The person's energy at the time, as the model set it (nil: unknown or lapsed).
  let energy: EnergyLevel?
  /// With `blocked`: the task it waits on.
  let on: Int?
  /// The words given for the until-time ("tonight"), for the report.
  let words: String?
}

/// A step of a task, and when the person finished it.
struct StepTruth {
  let title: String
  let addedAt: Instant
  var doneAt: Instant?
}

/// What the person knows of one task: what they typed, what the daemon stored from it, and everything they did to it.
struct TaskTruth {
  let id: Int
  let text: String
  let title: String
  let createdAt: Instant
  let type: TaskType
  let energy: EnergyLevel
  let estimate: Int?
  let due: Instant?
  let tags: [String]
  let intended: Intended
  var steps: [StepTruth]
  var deferrals: [DeferralTruth] = []
  /// The last change the person made to it (capture, deferral, step, resume).
  var lastChange: Instant
  var open = true
  var closedAt: Instant?
  /// The daemon's follow-up after a `blocked` deferral without `on`, as it answered.
  var followUp: Instant?
  /// Waiting after a `blocked` deferral without `on`, until resumed.
  var waiting = false
  /// The tasks it waits on (`blocked --on` deferrals).
  var blockedOn: Set<Int> = []
  /// The plain answers that held it.
  var shownAt: [Instant] = []
  /// The minutes it truly takes (its estimate as meant, times the person's own factor); nil without an estimate.
  var trueMinutes: Int?

  var stepsDone: Int { steps.count(where: { $0.doneAt != nil }) }
  var deferCount: Int { deferrals.count }
}

/// What the generator meant a capture to say, to compare with what the daemon read.
struct Intended {
  var type: TaskType
  var energy: EnergyLevel
  var estimate: Int?
  var hasDue: Bool
  var tags: [String]
  var steps: Int
}

/// The energy the person set, and until when it counts (the daemon's `lapsesAt`).
struct EnergyTruth {
  var level: EnergyLevel?
  var lapsesAt: Instant = 0

  func at(_ instant: Instant) -> EnergyLevel? { instant < lapsesAt ? level : nil }
}

/// Everything the person did, counted.
struct Totals {
  var added = 0
  var done = 0
  var dropped = 0
  var stepsDone = 0
  var stepsAdded = 0
  var resumed = 0
  var firstFifteenWorked = 0
  var energySets = 0
  var deferrals: [String: Int] = [:]
  var errors: [String] = []
  var captureMismatches: [String] = []
  var energyDisagreements = 0
  /// Deferrals whose stored energy is not the energy the person had set, by kind of deferral.
  var deferralEnergy: [String: Int] = [:]
  var plainAllDisagreements = 0
  var restarts = 0
}

extension TaskTruth {
  /// Reads a captured task from the daemon's reply.
  init(_ task: Wire.Task, text: String, intended: Intended, at instant: Instant) {
    id = Int(task.id.rawValue)
    self.text = text
    title = task.title
    createdAt = Int(task.createdAt.secondsSince1970)
    type = task.type
    energy = task.energy
    estimate = task.estimateMinutes
    due = task.due.map { Int($0.secondsSince1970) }
    tags = task.tags
    self.intended = intended
    steps = task.subtasks.map { StepTruth(title: $0.title, addedAt: instant, doneAt: nil) }
    lastChange = instant
  }

  /// How the daemon's reading differs from what was meant, in words; nil when it does not.
  var captureMismatch: String? {
    var differences: [String] = []
    if type != intended.type { differences.append("type \(type.rawValue), meant \(intended.type.rawValue)") }
    if energy != intended.energy { differences.append("energy \(energy.rawValue), meant \(intended.energy.rawValue)") }
    if estimate != intended.estimate {
      differences.append("estimate \(estimate.map(String.init) ?? "none"), meant \(intended.estimate ?? 0)")
    }
    if (due != nil) != intended.hasDue { differences.append(due == nil ? "no due time read" : "a due time read") }
    if tags.sorted() != intended.tags.sorted() { differences.append("tags \(tags)") }
    if steps.count != intended.steps { differences.append("\(steps.count) steps, meant \(intended.steps)") }
    return differences.isEmpty ? nil : "task \(id) \"\(text)\": " + differences.joined(separator: "; ")
  }
}
