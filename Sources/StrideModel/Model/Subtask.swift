import Foundation
import StrideBase

/// One step of a task. Steps are ordered and addressed from 1 (`12.2` is step 2 of task 12).
public struct Subtask: Equatable, Sendable {
  // In this order a step takes 32 bytes, not 40: the flag fills the optional date's padding.
  public var title: String
  public var completedAt: Date?
  public var done: Bool

  public init(title: String, done: Bool = false, completedAt: Date? = nil) {
    self.title = title
    self.done = done
    self.completedAt = completedAt
  }
}

/// One deferral: why, when it was made, until when (nil: until the task is resumed, or for `no-energy` until the
/// user's energy is higher), and the user's energy at the time.
public struct Deferral: Equatable, Sendable, Codable {
  // In this order a deferral takes 24 bytes, not 32: the two small fields fill the optional date's padding.
  public var at: Date
  public var until: Date?
  public var reason: DeferReason
  /// The user's energy when the task was deferred (kept for `no-energy`: it comes back when energy is higher).
  public var energy: EnergyLevel?

  public init(reason: DeferReason, at: Date, until: Date?, energy: EnergyLevel? = nil) {
    self.reason = reason
    self.at = at
    self.until = until
    self.energy = energy
  }

  enum CodingKeys: String, CodingKey { case reason, at, until, energy }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    reason = try container.decode(DeferReason.self, forKey: .reason)
    at = try container.decode(Timestamp.self, forKey: .at).date
    until = try container.decodeIfPresent(Timestamp.self, forKey: .until)?.date
    energy = try container.decodeIfPresent(EnergyLevel.self, forKey: .energy)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(reason, forKey: .reason)
    try container.encode(Timestamp(at), forKey: .at)
    try container.encode(until.map(Timestamp.init), forKey: .until)
    try container.encode(energy, forKey: .energy)
  }
}
