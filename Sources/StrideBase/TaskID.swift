/// A task's short, stable number. Ids are assigned in increasing order and never reused, even after a delete.
public struct TaskID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
  public let rawValue: Int64

  public init(rawValue: Int64) { self.rawValue = rawValue }
  public init(_ rawValue: Int64) { self.rawValue = rawValue }

  public init(from decoder: Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int64.self)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public static func < (lhs: TaskID, rhs: TaskID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { String(rawValue) }
}
