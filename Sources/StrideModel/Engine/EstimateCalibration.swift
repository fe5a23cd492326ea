import Foundation
import StrideBase

/// How long a person's tasks really take against their estimates, learned from the tasks they finished with time
/// spent on them in focus sessions: a factor (time spent ÷ estimate) for all of them, and one for each tag with
/// enough of them. The engine uses it instead of the fixed planning fallacy once there is enough to mean something
/// (Docs/context-engine.md, "Estimates that learn").
///
/// A pure value: the daemon builds it from the store's finished tasks and hands it in with the `NowContext`.
public struct EstimateCalibration: Sendable, Equatable {
  /// One finished task's evidence: what it was estimated at, what it took, its tags and when it was finished.
  public struct Sample: Sendable, Equatable {
    public var estimateMinutes: Int
    public var spentSeconds: Int
    public var tags: [String]
    public var completedAt: Date

    public init(estimateMinutes: Int, spentSeconds: Int, tags: [String], completedAt: Date) {
      self.estimateMinutes = estimateMinutes
      self.spentSeconds = spentSeconds
      self.tags = tags
      self.completedAt = completedAt
    }

    /// A finished task's evidence; nil unless it is done, with an estimate and time spent.
    public init?(_ task: StrideTask) {
      guard task.status == .completed, let estimate = task.estimateMinutes, estimate > 0, task.spentSeconds > 0,
        let completed = task.completedAt
      else { return nil }
      self.init(estimateMinutes: estimate, spentSeconds: task.spentSeconds, tags: task.tags, completedAt: completed)
    }

    /// Time spent ÷ the estimate, on a log scale: running twice as long and half as long weigh the same.
    var logRatio: Double { log(Double(spentSeconds) / (Double(estimateMinutes) * 60)) }
  }

  /// A learned factor (time spent ÷ estimate) and how many finished tasks it rests on.
  public struct Factor: Sendable, Equatable {
    public var value: Double
    public var samples: Int

    public init(value: Double, samples: Int) {
      self.value = value
      self.samples = samples
    }
  }

  /// A factor as it applies to one task: its tag's, or (tag nil) the person's overall one.
  public struct Applied: Sendable, Equatable {
    public var tag: String?
    public var factor: Factor

    /// The factor as it is used and said: to a tenth (finer would be noise), so "1.6×" is what the minutes are
    /// multiplied by.
    public var used: Double { (factor.value * 10).rounded() / 10 }

    /// The estimate as this factor makes it, in whole minutes (at least one).
    public func minutes(_ estimate: Int) -> Int { max(1, Int((Double(estimate) * used).rounded())) }

    /// "your estimates for #admin have run about 1.6× long": what the factor says, in a person's words.
    public var words: String {
      let whose = tag.map { "your estimates for #\($0)" } ?? "your estimates"
      let times = EstimateCalibration.times(used)
      if used == 1 { return "\(whose) have been about right" }
      return used > 1 ? "\(whose) have run about \(times) long" : "\(whose) have run short, about \(times)"
    }
  }

  /// The fewest finished tasks (with an estimate and time spent) before any factor is learned: with fewer, the
  /// planning fallacy stands.
  public static let overallMinimum = 8
  /// The fewest finished tasks with a tag before that tag has a factor of its own.
  public static let tagMinimum = 5
  /// Only the most recent this many finished tasks count: an old habit is not held against the person for ever.
  public static let window = 200
  /// A task finished this many days before the most recent one weighs half as much.
  public static let halfLifeDays = 60.0
  /// A factor is kept within this: an estimate off by more than that is a different task, not a habit.
  public static let range = 0.4...3.0

  /// The factor over every finished task counted; nil while there are fewer than `overallMinimum`.
  public let overall: Factor?
  /// Each tag's factor, for the tags with `tagMinimum` tasks or more (only once `overall` is learned), most samples
  /// first (ties by name): a task with several takes the first of its tags here.
  public let tags: [(tag: String, factor: Factor)]
  /// How many finished tasks were counted (with an estimate and time spent, within `window`).
  public let samples: Int

  /// Nothing learned.
  public static let empty = EstimateCalibration(samples: [])

  /// Learns the factors from finished tasks (in any order): the most recent `window` count, each weighing half as
  /// much `halfLifeDays` before the most recent; a factor is their weighted median ratio, kept within `range`.
  public init(samples all: [Sample]) {
    let recent = all.sorted { $0.completedAt > $1.completedAt }.prefix(Self.window)
    samples = recent.count
    guard recent.count >= Self.overallMinimum, let newest = recent.first?.completedAt else {
      overall = nil
      tags = []
      return
    }
    let weighted = recent.map { sample in
      (sample, pow(0.5, newest.timeIntervalSince(sample.completedAt) / Seconds.days(Self.halfLifeDays)))
    }
    overall = Self.factor(weighted)
    var byTag: [String: [(Sample, Double)]] = [:]
    for entry in weighted {
      for tag in Set(entry.0.tags) { byTag[tag, default: []].append(entry) }
    }
    tags = byTag.filter { $0.value.count >= Self.tagMinimum }.map { ($0.key, Self.factor($0.value)) }.sorted {
      ($0.factor.samples, $1.tag) > ($1.factor.samples, $0.tag)
    }
  }

  /// The factor for a task with these tags: the first of its tags that has one, else the overall one; nil while
  /// nothing is learned.
  public func applied(toTags taskTags: [String]) -> Applied? {
    guard let overall else { return nil }
    // A few learned tags against a few tags of the task: a scan, no hashing, for every candidate of a long list.
    if !taskTags.isEmpty, let learned = tags.first(where: { taskTags.contains($0.tag) }) {
      return Applied(tag: learned.tag, factor: learned.factor)
    }
    return Applied(tag: nil, factor: overall)
  }

  /// "1.6×": a factor to one decimal, as a person reads it.
  public static func times(_ factor: Double) -> String {
    let tenths = Int((factor * 10).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10)×" : "\(tenths / 10).\(tenths % 10)×"
  }

  /// The weighted median of the samples' ratios, kept within `range`: where half the weight lies on either side (the
  /// middle of the two values at an exact half, as with an even count of equal weights).
  private static func factor(_ weighted: [(Sample, Double)]) -> Factor {
    let sorted = weighted.map { ($0.0.logRatio, $0.1) }.sorted { $0.0 < $1.0 }
    let half = sorted.reduce(0) { $0 + $1.1 } / 2
    var running = 0.0
    var median = sorted.last?.0 ?? 0
    for (index, (value, weight)) in sorted.enumerated() {
      running += weight
      guard running >= half else { continue }
      let exact = abs(running - half) <= half * 1e-9 && index + 1 < sorted.count
      median = exact ? (value + sorted[index + 1].0) / 2 : value
      break
    }
    return Factor(value: min(range.upperBound, max(range.lowerBound, exp(median))), samples: weighted.count)
  }

  public static func == (lhs: EstimateCalibration, rhs: EstimateCalibration) -> Bool {
    lhs.overall == rhs.overall && lhs.samples == rhs.samples && lhs.tags.elementsEqual(rhs.tags) { $0 == $1 }
  }
}

extension Evaluator {
  /// The person's own factor for a task with an estimate: when the setting is on and enough is learned.
  func calibration(for task: borrowing StrideTask) -> EstimateCalibration.Applied? {
    guard task.estimateMinutes != nil else { return nil }
    return calibrating?.applied(toTags: task.tags)
  }

  /// The estimate the time filter compares with the minutes available: calibrated by the person's own past when
  /// learned, else as given (only the score inflates it for the planning fallacy).
  func expectedMinutes(_ task: borrowing StrideTask, _ estimate: Int) -> Int {
    calibration(for: task)?.minutes(estimate) ?? estimate
  }

  /// The estimate the score and a quick start use: the person's own calibrated minutes when learned (the same the
  /// filter and the why say), else × the planning fallacy.
  func inflatedMinutes(_ task: borrowing StrideTask, _ estimate: Int) -> Double {
    guard let applied = calibration(for: task) else { return Double(estimate) * settings.planningFallacy }
    return Double(applied.minutes(estimate))
  }
}
