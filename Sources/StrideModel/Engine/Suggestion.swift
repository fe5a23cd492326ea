import Foundation

/// One answer to "what should I do now?": a task, or a way into it, and why it was picked.
public struct Suggestion: Codable, Sendable, Equatable {
  /// What the suggestion asks the user to do.
  public enum Kind: String, WireEnum, Sendable {
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

  /// A step of the task, addressed as `task.index`.
  public struct Step: Codable, Sendable, Equatable {
    public var index: Int
    public var title: String
  }

  public var kind: Kind
  public var task: StrideTask
  public var step: Step?
  /// What to do, in a few words, for every kind but `task` and `next-step` ("break it into steps").
  public var prompt: String?
  /// The total of the terms.
  public var score: Double
  /// Every term of the score, largest contribution first.
  public var terms: [TermScore]
  /// The two or three largest contributions as short phrases, largest first ("due tomorrow at 09:00").
  public var why: [String]

  public init(
    kind: Kind, task: StrideTask, step: Step?, prompt: String? = nil, score: Double = 0, terms: [TermScore] = [],
    why: [String]
  ) {
    self.kind = kind
    self.task = task
    self.step = step
    self.prompt = prompt
    self.score = score
    self.terms = terms
    self.why = why
  }

  enum CodingKeys: String, CodingKey { case kind, task, step, prompt, score, terms, why }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    kind = try container.decode(Kind.self, forKey: .kind)
    task = try container.decode(StrideTask.self, forKey: .task)
    step = try container.decodeIfPresent(Step.self, forKey: .step)
    prompt = try container.decodeIfPresent(String.self, forKey: .prompt)
    score = try container.decodeIfPresent(Double.self, forKey: .score) ?? 0
    terms = try container.decodeIfPresent([TermScore].self, forKey: .terms) ?? []
    why = try container.decode([String].self, forKey: .why)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(task, forKey: .task)
    try container.encode(step, forKey: .step)
    try container.encode(prompt, forKey: .prompt)
    try container.encode(TermScore.rounded(score), forKey: .score)
    try container.encode(terms, forKey: .terms)
    try container.encode(why, forKey: .why)
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

  package static func rounded(_ number: Double) -> Double { (number * 1000).rounded() / 1000 }
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

  /// The reason a filter gives.
  init(_ filter: HiddenCode) {
    self =
      switch filter {
      case .completed: .completed
      case .waiting: .waiting
      case .deferred: .deferred
      case .blocked: .blocked
      case .stuck: .stuck
      case .lowEnergy: .lowEnergy
      case .notStarted: .notStarted
      case .notTagged: .notTagged
      case .otherList: .otherList
      case .routineLater: .routineLater
      case .tooMuchEnergy: .tooMuchEnergy
      case .wrongTime: .wrongTime
      case .tooLong: .tooLong
      }
  }
}

extension HiddenReason: WireEnum {}

/// What the ranking knows about the moment it is asked. Everything time-dependent comes from here.
public struct NowContext: Sendable, Equatable {
  public var instant: Date
  public var energy: EnergyLevel?
  public var minutes: Int?
  public var limit: Int
  /// Only tasks with one of these tags, when not empty.
  public var tags: [String]
  /// Only tasks in this list (its name as stored), when set.
  public var list: String?
  /// The user's time zone, for phrases such as "due today" and for time-of-day windows.
  public var timeZone: TimeZone

  /// The most suggestions Stride ever shows at once.
  public static let maximumLimit = 5
  /// So many overdue tasks are a pile: `now` says so once, calmly, and leads with a way in.
  public static let overduePile = 3

  public init(
    instant: Date, energy: EnergyLevel? = nil, minutes: Int? = nil, limit: Int = NowContext.maximumLimit,
    tags: [String] = [], timeZone: TimeZone = .current, list: String? = nil
  ) {
    self.list = list
    self.instant = instant
    self.energy = energy
    self.minutes = minutes
    self.limit = limit
    self.tags = tags
    self.timeZone = timeZone
  }
}

extension NowContext {
  /// The filter a person asked for that hides a task: tags it has none of, or another list.
  func hides(_ task: StrideTask) -> HiddenCode? {
    if !tags.isEmpty, !task.tags.contains(where: tags.contains) { return .notTagged }
    if let list, task.list != list { return .otherList }
    return nil
  }
}
