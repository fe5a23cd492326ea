import Foundation
import StrideBase

/// Every number the context engine uses, in one documented place (Docs/context-engine.md, "Weights").
///
/// All of them can be overridden in config.json under `"engine"`; a key left out keeps its default.
public struct EngineSettings: Equatable, Sendable, Decodable {
  /// The weight of each scoring term. A term's value is between 0 and 1; its contribution is value × weight.
  public struct Weights: Equatable, Sendable, Decodable {
    public var deadline = 12.0
    public var value = 6.0
    public var energyFit = 5.0
    public var timeFit = 3.0
    public var momentum = 4.0
    public var unblocks = 4.0
    public var resurfaced = 5.0
    public var age = 2.0
    /// Days since the person last saw it among the five (before today): every task gets its turn.
    public var waited = 8.0
    /// Subtracted: value × weight, for tasks deferred again and again.
    public var deferPenalty = 4.0

    /// The values a weight may take in config.json.
    public static let bounds = 0.0...100

    public init() {}

    public init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: Term.self)
      let defaults = Weights()
      func read(_ term: Term, _ fallback: Double) throws -> Double {
        guard let value = try container.decodeIfPresent(Double.self, forKey: term) else { return fallback }
        guard Self.bounds.contains(value) else {
          throw DecodingError.dataCorruptedError(
            forKey: term, in: container,
            debugDescription: "must be between \(Self.bounds.lowerBound) and \(Self.bounds.upperBound)")
        }
        return value
      }
      deadline = try read(.deadline, defaults.deadline)
      value = try read(.value, defaults.value)
      energyFit = try read(.energyFit, defaults.energyFit)
      timeFit = try read(.timeFit, defaults.timeFit)
      momentum = try read(.momentum, defaults.momentum)
      unblocks = try read(.unblocks, defaults.unblocks)
      resurfaced = try read(.resurfaced, defaults.resurfaced)
      age = try read(.age, defaults.age)
      waited = try read(.waited, defaults.waited)
      deferPenalty = try read(.deferPenalty, defaults.deferPenalty)
    }

    public subscript(term: Term) -> Double {
      switch term {
      case .deadline: deadline
      case .value: value
      case .energyFit: energyFit
      case .timeFit: timeFit
      case .momentum: momentum
      case .unblocks: unblocks
      case .resurfaced: resurfaced
      case .age: age
      case .waited: waited
      case .deferPenalty: -deferPenalty
      }
    }
  }

  public var weights = Weights()
  /// Deadline pressure is half-way to full this many hours before the due time; once overdue, it is half-way from
  /// full down to `overdueFloor` this many hours after.
  public var deadlineHalfLifeHours = 24.0
  /// The least deadline pressure an overdue task keeps, however long overdue: what can still be done on time comes
  /// before what is late already, and late work keeps at least this.
  public var overdueFloor = 0.5
  /// An obligation due within this many hours comes first among what is asked for (those due within
  /// `pressingHours`, or by the end of today, are asked for too, after what the person asked for themselves).
  public var dueSoonHours = 3.0
  /// A task not seen among the five for this many days (before today) has waited in full: its `waited` term is 1.
  public var waitedDays = 7.0
  /// Estimates are multiplied by this before they are compared with the time available (the planning fallacy).
  public var planningFallacy = 1.5
  /// Once the person has finished enough tasks with an estimate and time spent, their own factor (per tag where
  /// there is enough) stands in for `planningFallacy`, and the time filter takes the estimate so calibrated.
  public var calibrateEstimates = true
  /// Once the person has finished enough tasks, the energy they usually have at an hour (`EnergyRhythm`) stands in
  /// for an energy not set, and a no-energy deferral without a time comes back at an hour they usually have enough.
  public var learnEnergy = true
  /// A task this short (in minutes, after the planning fallacy) is a quick start.
  public var quickStartMinutes = 15.0
  /// With low energy the list leads with a warm-up this short (estimate, in minutes) or shorter.
  public var warmUpMinutes = 10.0
  /// A task due within this many hours is shown whatever the energy it needs or the window it was deferred to.
  public var pressingHours = 24.0
  /// A task too long for the time available is offered as "start the first 15 minutes" if due within this many
  /// days (or an obligation).
  public var firstFifteenDueDays = 3.0
  /// After a wrong-time deferral to a time of day, the task is shown for this many hours from that time each day.
  public var wrongTimeWindowHours = 3.0
  /// A no-energy deferral without an until-time also ends after this many hours, if the energy never rises.
  public var noEnergyFallbackHours = 24.0
  /// A task deferred this many times is stuck.
  public var stuckAfterDeferrals = 3
  /// At most this many suggestions share a tag, or come from one family of near-identical titles.
  public var perTagLimit = 2
  /// The most deadline pressure a routine (a repeating task) gets, overdue or not: it comes round again.
  public var routineDeadlineCap = 0.5
  /// At most this many suggestions need far more energy than the user has (pressing ones; the others are hidden).
  public var overreachLimit = 2
  /// At most this many suggestions are routines (besides pins and what is asked for): a morning of routines leaves
  /// room for the rest.
  public var routineLimit = 2
  /// When the person's day starts: `time.dayStart`, not an engine key (the daemon sets it from there). A no-energy
  /// deferral's fallback ends then, on the day it runs out.
  public var dayStart = TimeParser.defaultDayStart
  /// When the person usually has energy, learned from what they finished: not an engine key (the daemon sets it
  /// while `learnEnergy` is on). A no-energy deferral without a time comes back at the next stretch of hours they
  /// usually have enough for the task, instead of the fixed fallback.
  public var energyRhythm: EnergyRhythm?

  public init() {}

  enum CodingKeys: String, CodingKey {
    case weights, deadlineHalfLifeHours, overdueFloor, dueSoonHours, waitedDays, planningFallacy, quickStartMinutes,
      warmUpMinutes, pressingHours
    case firstFifteenDueDays, wrongTimeWindowHours, noEnergyFallbackHours, stuckAfterDeferrals, perTagLimit
    case overreachLimit, routineDeadlineCap, routineLimit, calibrateEstimates, learnEnergy
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = EngineSettings()
    func read(_ key: CodingKeys, _ fallback: Double) throws -> Double {
      guard let value = try container.decodeIfPresent(Double.self, forKey: key) else { return fallback }
      // Every number read here has bounds (the weights and the switch are read otherwise).
      let range = Self.bounds(key) ?? -Double.infinity...Double.infinity
      guard range.contains(value) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "must be between \(range.lowerBound) and \(range.upperBound)")
      }
      return value
    }
    weights = try container.decodeIfPresent(Weights.self, forKey: .weights) ?? defaults.weights
    deadlineHalfLifeHours = try read(.deadlineHalfLifeHours, defaults.deadlineHalfLifeHours)
    overdueFloor = try read(.overdueFloor, defaults.overdueFloor)
    dueSoonHours = try read(.dueSoonHours, defaults.dueSoonHours)
    waitedDays = try read(.waitedDays, defaults.waitedDays)
    planningFallacy = try read(.planningFallacy, defaults.planningFallacy)
    calibrateEstimates =
      try container.decodeIfPresent(Bool.self, forKey: .calibrateEstimates) ?? defaults.calibrateEstimates
    learnEnergy = try container.decodeIfPresent(Bool.self, forKey: .learnEnergy) ?? defaults.learnEnergy
    quickStartMinutes = try read(.quickStartMinutes, defaults.quickStartMinutes)
    warmUpMinutes = try read(.warmUpMinutes, defaults.warmUpMinutes)
    pressingHours = try read(.pressingHours, defaults.pressingHours)
    firstFifteenDueDays = try read(.firstFifteenDueDays, defaults.firstFifteenDueDays)
    wrongTimeWindowHours = try read(.wrongTimeWindowHours, defaults.wrongTimeWindowHours)
    noEnergyFallbackHours = try read(.noEnergyFallbackHours, defaults.noEnergyFallbackHours)
    stuckAfterDeferrals = Int(try read(.stuckAfterDeferrals, Double(defaults.stuckAfterDeferrals)))
    perTagLimit = Int(try read(.perTagLimit, Double(defaults.perTagLimit)))
    overreachLimit = Int(try read(.overreachLimit, Double(defaults.overreachLimit)))
    routineDeadlineCap = try read(.routineDeadlineCap, defaults.routineDeadlineCap)
    routineLimit = Int(try read(.routineLimit, Double(defaults.routineLimit)))
  }
}

extension EngineSettings {
  /// The values a setting (other than the weights) may take in config.json, by its key there; nil for a key that
  /// is not one of them. The loader refuses a value outside them, and stride-config(5) prints them.
  public static func bounds(of key: String) -> ClosedRange<Double>? {
    CodingKeys(stringValue: key).flatMap(bounds)
  }

  fileprivate static func bounds(_ key: CodingKeys) -> ClosedRange<Double>? {
    switch key {
    case .weights, .calibrateEstimates, .learnEnergy: nil
    case .deadlineHalfLifeHours: 1...720
    case .overdueFloor: 0...1
    case .dueSoonHours: 0...48
    case .waitedDays: 1...365
    case .planningFallacy: 1...5
    case .quickStartMinutes: 1...120
    case .warmUpMinutes: 1...60
    case .pressingHours: 0...168
    case .firstFifteenDueDays: 0...30
    case .wrongTimeWindowHours: 0.5...23
    case .noEnergyFallbackHours: 1...720
    case .stuckAfterDeferrals: 2...20
    case .perTagLimit: 1...5
    case .overreachLimit: 0...5
    case .routineDeadlineCap: 0...1
    case .routineLimit: 1...5
    }
  }
}
