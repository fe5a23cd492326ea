import Foundation
import StrideBase

extension StrideConfig {
  /// Settings for the history of changes: how far back `undo` reaches, beyond which changes are compacted
  /// (`History+Compaction.swift` says what a compacted change keeps).
  public struct HistorySettings: Equatable, Sendable, Decodable {
    /// Changes are kept whole, and `undo` can take them back, for this many days; older ones are compacted to what
    /// the log and the review read of them.
    public var undoDays = 30.0

    public static let undoBounds = 1.0...36_500.0

    public init(undoDays: Double = 30) { self.undoDays = undoDays }

    enum CodingKeys: String, CodingKey { case undoDays }

    public init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      undoDays = try container.decodeIfPresent(Double.self, forKey: .undoDays) ?? undoDays
      guard Self.undoBounds.contains(undoDays) else {
        throw StrideError.invalid("history.undoDays must be between \(ConfigKey.words(Self.undoBounds))")
      }
    }
  }
}

extension StrideConfig {
  static let historyKeys: [ConfigKey] = [
    ConfigKey(
      path: "history.undoDays", kind: .number, defaultValue: ConfigKey.words(HistorySettings().undoDays),
      bounds: HistorySettings.undoBounds,
      meaning: "how many days each change is kept whole, so that undo can take it back; the daemon compacts older "
        + "changes, a little at a time, to what stride log and stride review read of them (what they said, the "
        + "fields they changed, what they finished) and gives the space back to the disk")
  ]
}
