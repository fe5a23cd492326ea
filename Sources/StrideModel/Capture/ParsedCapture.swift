import Foundation
import StrideBase

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
  /// How long a routine runs ("for 3 weeks"), from its first occurrence: its end, once that is known.
  public var repeatSpan: RoutineSpan?
  /// The list named with `list:home`.
  public var list: String?
  public var spans: [CaptureSpan] = []
  /// Why the line cannot be read as written ("'Tue, 10 January' says Tuesday, but…"), when it cannot.
  public var problem: String?
}

/// How long a routine runs: "for 3 weeks" is 21 days, "for 2 months" two months.
public struct RoutineSpan: Equatable, Sendable {
  public var days: Int
  public var months: Int

  /// The last day of a routine that runs this long from `first`, that day included ("for 3 weeks" from Saturday 21
  /// November is up to Friday 11 December: 21 days).
  public func lastDay(from first: CivilDate) -> CivilDate {
    first.adding(months: months).adding(days: days - 1)
  }
}

extension CaptureSpan.Field {
  init(_ role: TimeParser.Role) {
    switch role {
    case .due: self = .due
    case .start: self = .start
    }
  }
}

extension TaskDraft {
  /// The words a field was read from, each in quotes (`"9:30 EST"`), for the daemon's "Read as" sentence (a client
  /// reads them from the draft's spans the same way). Empty when no words decided it.
  public func sources(of field: CaptureSpan.Field) -> [String] {
    spans.sources(of: field)
  }

  /// The words its due time came from, a routine's rule first.
  public var dueSources: [String] { spans.dueSources }
}
