/// An enum sent on the wire as one of a fixed set of strings. A value outside the set is refused with a message
/// that lists the valid ones ("'energy' must be one of low, medium, high").
public protocol WireEnum: RawRepresentable, CaseIterable, Codable where RawValue == String {}

extension WireEnum {
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Self(rawValue: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "must be one of \(Self.validWords), not '\(text)'")
    }
    self = value
  }

  /// The valid strings, comma-separated.
  public static var validWords: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension EnergyLevel: WireEnum {}
extension DeferReason: WireEnum {}
extension TaskStatus: WireEnum {}
extension TaskType: WireEnum {}
extension ChangeAction: WireEnum {}
