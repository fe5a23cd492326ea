// What the context engine's answers are made of, on the wire: plain values a client reads as they are.

/// What a suggestion asks the person to do.
public enum SuggestionKind: String, WireEnum, Sendable {
  /// The task itself: it has no open steps.
  case task
  /// The first open step of the task.
  case nextStep = "next-step"
  /// Deferred as unsure, with no steps yet: "break it into steps".
  case breakdown
  /// Too long for the time available, but it matters: "start the first 15 minutes".
  case firstFifteen = "first-15"
  /// Waiting, and its follow-up time has come: "check on it".
  case checkOn = "check-on"
  /// Deferred again and again: "make it smaller?" (or, put off as not important twice, "someday, or drop it?").
  case stuck
}

/// The step of the task a suggestion names, addressed as `task.index`.
public struct SuggestionStep: Codable, Sendable, Equatable {
  public var index: Int
  public var title: String
  public init(index: Int, title: String) {
    self.index = index
    self.title = title
  }
}

/// The terms of a task's score.
public enum Term: String, Codable, Sendable, CaseIterable, CodingKey {
  case deadline
  case value
  case energyFit = "energy-fit"
  case timeFit = "time-fit"
  case momentum
  case unblocks
  case resurfaced
  case age
  case waited
  case deferPenalty = "defer-penalty"

  public init?(stringValue: String) {
    // config.json spells them in camelCase like every other key; the wire uses the raw values.
    let camel = Term.allCases.first { $0.camelName == stringValue }
    guard let term = camel ?? Term(rawValue: stringValue) else { return nil }
    self = term
  }

  public var stringValue: String { camelName }
  public init?(intValue: Int) { nil }
  public var intValue: Int? { nil }

  public var camelName: String {
    switch self {
    case .energyFit: "energyFit"
    case .timeFit: "timeFit"
    case .deferPenalty: "deferPenalty"
    default: rawValue
    }
  }
}

/// One term of a score: what went in, its value (0 to 1), its weight, and value × weight.
public struct TermScore: Codable, Sendable, Equatable {
  public var term: Term
  /// The input in words ("due in 30 hours", "task low, you low").
  public var input: String
  public var value: Double
  public var weight: Double
  public var contribution: Double

  public init(term: Term, input: String, value: Double, weight: Double) {
    self.term = term
    self.input = input
    self.value = value
    self.weight = weight
    contribution = value * weight
  }

  /// A term as it was written, its contribution as given.
  public init(term: Term, input: String, value: Double, weight: Double, contribution: Double) {
    self.term = term
    self.input = input
    self.value = value
    self.weight = weight
    self.contribution = contribution
  }

  enum CodingKeys: String, CodingKey { case term, input, value, weight, contribution }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    term = try container.decode(Term.self, forKey: .term)
    input = try container.decode(String.self, forKey: .input)
    value = try container.decode(Double.self, forKey: .value)
    weight = try container.decode(Double.self, forKey: .weight)
    contribution = try container.decode(Double.self, forKey: .contribution)
  }

  /// Numbers on the wire are rounded to 3 decimals, so replies are stable and readable.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(term, forKey: .term)
    try container.encode(input, forKey: .input)
    try container.encode(Self.rounded(value), forKey: .value)
    try container.encode(Self.rounded(weight), forKey: .weight)
    try container.encode(Self.rounded(contribution), forKey: .contribution)
  }

  public static func rounded(_ number: Double) -> Double { (number * 1000).rounded() / 1000 }
}

/// Why a task is not among the suggestions: a stable code and a sentence.
public struct Hidden: Codable, Sendable, Equatable {
  /// `completed`, `waiting`, `deferred`, `low-energy`, `blocked`, `not-started`, `too-much-energy`,
  /// `wrong-time`, `too-long`, `not-tagged`, `stuck`, `routine-later`, `variety`, or `not-in-top` (it passed every
  /// filter but others ranked higher).
  public var reason: HiddenReason
  public var detail: String

  public init(_ reason: HiddenReason, _ detail: String) {
    self.reason = reason
    self.detail = detail
  }
}

/// Why a task is not in now: one of the filters hides it, or it passed them all and the variety limits or the
/// ranking left it out. A closed set, sent on the wire as its words.
public enum HiddenReason: String, Sendable, CaseIterable {
  case completed, waiting, deferred, blocked, stuck, variety
  case lowEnergy = "low-energy"
  case notStarted = "not-started"
  case notTagged = "not-tagged"
  case otherList = "other-list"
  case routineLater = "routine-later"
  case tooMuchEnergy = "too-much-energy"
  case wrongTime = "wrong-time"
  case tooLong = "too-long"
  case notInTop = "not-in-top"
}

extension HiddenReason: WireEnum {}

/// How much `now` shows at most, and when overdue tasks are a pile it speaks of.
public enum NowLimits {
  /// The most suggestions Stride ever shows at once.
  public static let maximumLimit = 5
  /// So many overdue tasks are a pile: `now` says so once, calmly, and leads with a way in.
  public static let overduePile = 3
}

/// A task left out of the now-list, and why (`now.list` with `all`).
public struct HiddenEntry: Codable, Sendable, Equatable {
  public var id: TaskID
  public var title: String
  public var reason: HiddenReason
  public var detail: String

  public init(id: TaskID, title: String, reason: HiddenReason, detail: String) {
    self.id = id
    self.title = title
    self.reason = reason
    self.detail = detail
  }
}

/// The energy a person usually has at an hour, learned from what they finished (`EnergyRhythm`): what `now` ranks
/// for when no energy is set, and says it does.
public struct LearnedEnergy: Sendable, Equatable, Codable {
  /// The level they usually have then.
  public var level: EnergyLevel
  /// The local hour (0–23) it is the level of.
  public var hour: Int
  /// How many finishes it was learned from.
  public var finishes: Int

  public init(level: EnergyLevel, hour: Int, finishes: Int) {
    self.level = level
    self.hour = hour
    self.finishes = finishes
  }

  /// "15:00": the hour as the sentences say it.
  public var clock: String { (hour < 10 ? "0" : "") + "\(hour):00" }

  /// "You usually have medium energy around 15:00": the sentence before whatever follows from it.
  public var sentence: String { "You usually have \(level.rawValue) energy around \(clock)" }
}
