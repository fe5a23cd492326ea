import Foundation

/// One answer to "what should I do now?": a task, or its next step, and why it was picked.
public struct Suggestion: Codable, Sendable, Equatable {
  /// What the suggestion asks the user to start.
  public enum Kind: String, WireEnum, Sendable {
    /// The task itself: it has no open steps.
    case task
    /// The first open step of the task.
    case nextStep = "next-step"
  }

  /// A step of the task, addressed as `task.index`.
  public struct Step: Codable, Sendable, Equatable {
    public var index: Int
    public var title: String
  }

  public var kind: Kind
  public var task: StrideTask
  public var step: Step?
  /// Short phrases, most important first ("due tomorrow", "2 of 3 steps done").
  public var why: [String]

  public init(kind: Kind, task: StrideTask, step: Step?, why: [String]) {
    self.kind = kind
    self.task = task
    self.step = step
    self.why = why
  }
}

/// What the ranking knows about the moment it is asked. Everything time-dependent comes from here.
public struct NowContext: Sendable, Equatable {
  public var instant: Date
  public var energy: EnergyLevel?
  public var minutes: Int?
  public var limit: Int
  /// The user's time zone, for phrases such as "due today".
  public var timeZone: TimeZone

  /// The most suggestions Stride ever shows at once.
  public static let maximumLimit = 5

  public init(
    instant: Date, energy: EnergyLevel? = nil, minutes: Int? = nil, limit: Int = NowContext.maximumLimit,
    timeZone: TimeZone = .current
  ) {
    self.instant = instant
    self.energy = energy
    self.minutes = minutes
    self.limit = limit
    self.timeZone = timeZone
  }
}
