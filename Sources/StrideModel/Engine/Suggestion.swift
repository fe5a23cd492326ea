import Foundation
import StrideBase

/// One answer to "what should I do now?": a task, or a way into it, and why it was picked.
public struct Suggestion: Sendable, Equatable {
  public typealias Kind = SuggestionKind
  public typealias Step = SuggestionStep

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

}

extension HiddenReason {
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
  /// When the person last saw each task among the suggestions, so every task gets its turn; nil where there is no
  /// such memory (an engine run on its own, as the scenarios do): then nothing counts as waiting.
  public var sightings: Sightings?
  /// How long the person's tasks have really taken against their estimates, learned from what they finished; nil
  /// (or nothing learned yet) leaves the planning fallacy to stand for it.
  public var calibration: EstimateCalibration?
  /// Whether `energy` is the one the person usually has at this hour, learned, not one they set: it ranks the same,
  /// but it is no sign that their energy rose (a no-energy deferral does not end for it).
  public var energyIsLearned = false
  /// The calendar at `instant`, when the minutes available are the free time it leaves (no `minutes` asked for):
  /// the words of the time available name the event that ends them.
  public var calendar: CalendarMoment?
  /// The moment the question is asked, when `instant` is another one (`now --at friday`): what `now` shows is known
  /// only up to it, so what is said of a later `instant` holds if nothing is shown before then.
  public var present: Date?

  /// Whether the question is asked of a day to come (`now --at friday` on a Wednesday): what is said of that day holds
  /// if nothing is shown before then.
  public var asksAhead: Bool {
    guard let present else { return false }
    let calendar = LocalCalendar(timeZone: timeZone)
    return calendar.day(of: present) < calendar.day(of: instant)
  }

  public init(
    instant: Date, energy: EnergyLevel? = nil, minutes: Int? = nil, limit: Int = NowLimits.maximumLimit,
    tags: [String] = [], timeZone: TimeZone = .current, list: String? = nil, sightings: Sightings? = nil,
    calibration: EstimateCalibration? = nil
  ) {
    self.sightings = sightings
    self.calibration = calibration
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
  /// "your medium energy", or "the medium energy you usually have now" when it is learned, not set.
  func energyWords(_ level: EnergyLevel) -> String {
    energyIsLearned ? "the \(level.rawValue) energy you usually have now" : "your \(level.rawValue) energy"
  }

  /// "yours is medium", or "you usually have medium now" when it is learned; "yours is low" when unknown.
  var energyIs: String {
    let level = (energy ?? .low).rawValue
    return energyIsLearned ? "you usually have \(level) now" : "yours is \(level)"
  }

  /// The time available in words: "you have 25 min", or with the calendar "you have 25 min before 'dentist' at
  /// 15:00" (and "after 'standup'" while in an event).
  var timeAvailable: String { "you have \(Minutes.format(minutes ?? 0))\(freeTimeBounds)" }

  /// The time available as a thing: "your 25 min", or "the 25 min before 'dentist' at 15:00".
  var timeAvailableNamed: String {
    let bounds = freeTimeBounds
    return "\(bounds.isEmpty ? "your" : "the") \(Minutes.format(minutes ?? 0))\(bounds)"
  }

  /// " before 'dentist' at 15:00" (" after 'standup' before …" while in an event) when the calendar gave the time
  /// available, else "".
  private var freeTimeBounds: String {
    guard let calendar, let next = calendar.next else { return "" }
    let after = calendar.during.map { " after \($0.named)" } ?? ""
    return after + " before \(next.named) \(eventTime(next.start))"
  }

  /// "at 15:00" today, else "tomorrow at 09:00": when an event starts.
  func eventTime(_ date: Date) -> String {
    let time = HumanTime(now: instant, timeZone: timeZone)
    return time.day(date) == "today" ? "at \(time.clock(date))" : time.describe(date)
  }

  /// The filter a person asked for that hides a task: tags it has none of, or another list.
  func hides(_ task: StrideTask) -> HiddenCode? {
    if !tags.isEmpty, !task.tags.contains(where: tags.contains) { return .notTagged }
    if let list, task.list != list { return .otherList }
    return nil
  }
}
