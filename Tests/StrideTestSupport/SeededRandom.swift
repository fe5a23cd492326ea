import Foundation
import StrideBase
import StrideModel

/// SplitMix64: the same seed gives the same tasks on every machine.
public struct SeededRandom: RandomNumberGenerator {
  public var state: UInt64

  public init(_ seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Titles that are no family of each other (a number alone would make "task 1" and "task 2" near-identical).
  public static let verbs = [
    "call", "write", "fix", "buy", "plan", "clean", "read", "sort", "book", "send", "paint", "learn",
  ]
  public static let objects = [
    "garage", "report", "bike", "gift", "trip", "oven", "novel", "photos", "flight", "parcel",
  ]

  public mutating func task(id: Int64, now: Date) -> StrideTask {
    let title = "\(Self.verbs[Int(id) % Self.verbs.count]) the \(Self.objects[Int(id) / Self.verbs.count % 10])"
    var task = Fixtures.task(
      id, title, created: now.addingTimeInterval(-Double(Int.random(in: 0...60, using: &self)) * 86_400))
    task.type = TaskType.allCases.randomElement(using: &self)!
    task.energy = EnergyLevel.allCases.randomElement(using: &self)!
    task.estimateMinutes = Bool.random(using: &self) ? [5, 10, 20, 45, 90, 180].randomElement(using: &self) : nil
    if Bool.random(using: &self) {
      task.due = now.addingTimeInterval(Double(Int.random(in: -72...240, using: &self)) * 3600)
    }
    let steps = Int.random(in: 0...4, using: &self)
    let done = steps == 0 ? 0 : Int.random(in: 0..<steps, using: &self)
    task.subtasks = (0..<steps).map {
      Subtask(title: "step \($0)", done: $0 < done, completedAt: $0 < done ? now.addingTimeInterval(-86_400) : nil)
    }
    task.tags = Array(["home", "work", "health"].shuffled(using: &self).prefix(Int.random(in: 0...1, using: &self)))
    for _ in 0..<Int.random(in: 0...3, using: &self) {
      let at = now.addingTimeInterval(-Double(Int.random(in: 2...20, using: &self)) * 86_400)
      task.deferrals.append(Deferral(reason: .unsure, at: at, until: at.addingTimeInterval(86_400)))
    }
    task.updatedAt = now.addingTimeInterval(-3600)
    return task
  }

  public mutating func tasks(count: Int, now: Date) -> [StrideTask] {
    (1...count).map { task(id: Int64($0), now: now) }
  }
}
