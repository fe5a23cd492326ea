import Foundation

/// A capture line understood: the fields of a task, and the span of text each came from.
public struct ParsedCapture: Equatable, Sendable {
  public var title: String
  public var steps: [String] = []
  public var estimateMinutes: Int?
  public var energy: EnergyLevel?
  public var type: TaskType?
  public var tags: [String] = []
  public var due: Date?
  public var start: Date?
  /// How the task repeats, and the clock time the rule's words named ("every morning").
  public var recurrence: Recurrence?
  public var repeatClock: ClockTime?
  public var spans: [CaptureSpan] = []
  /// Why the line cannot be read as written ("'Tue, 10 January' says Tuesday, but…"), when it cannot.
  public var problem: String?
}

/// Where in the raw text a field came from (character offsets, end excluded).
public struct CaptureSpan: Codable, Equatable, Sendable {
  public var field: String
  public var text: String
  public var start: Int
  public var end: Int
}
