/// How much energy a task needs, or how much the user has right now.
public enum EnergyLevel: String, Codable, Sendable, CaseIterable, Comparable {
  case low
  case medium
  case high

  /// Reads the words a person types: `low` (`lo`, `l`), `medium` (`med`, `mid`, `m`), `high` (`hi`, `h`), any case.
  public init?(word: String) {
    switch word.lowercased() {
    case "low", "lo", "l": self = .low
    case "med", "medium", "mid", "m": self = .medium
    case "high", "hi", "h": self = .high
    default: return nil
    }
  }

  /// Inlinable: the ranking compares energies for every open task, from another module.
  @inlinable package var rank: Int {
    switch self {
    case .low: 0
    case .medium: 1
    case .high: 2
    }
  }

  public static func < (lhs: EnergyLevel, rhs: EnergyLevel) -> Bool { lhs.rank < rhs.rank }
}

/// Why a task was put off. The reason decides what Stride does with the task next.
public enum DeferReason: String, Codable, Sendable, CaseIterable {
  case blocked
  case noEnergy = "no-energy"
  case wrongTime = "wrong-time"
  case unsure
  case notImportant = "not-important"
}

/// Where a task stands. `deferred` with an until-time that has passed counts as `active` (see `StrideTask.settled`).
public enum TaskStatus: String, Codable, Sendable, CaseIterable {
  case active
  case waiting
  case deferred
  case completed

  /// Active, waiting and deferred tasks are open: they live in the daemon's memory.
  public var isOpen: Bool { self != .completed }
}

/// What kind of commitment a task is; the context engine values obligations highest.
///
/// - `obligation`: someone else, or a real consequence, depends on it (a bill, an appointment, a promise).
/// - `goal`: something you want for yourself; it moves you forward, and nobody chases you for it.
/// - `chore`: upkeep that keeps life running (dishes, laundry, errands). The default for a new capture.
public enum TaskType: String, Codable, Sendable, CaseIterable {
  case obligation
  case goal
  case chore
}

extension StringProtocol {
  /// The text with its first letter capitalised, the rest as it is: a phrase made the start of a sentence.
  package var sentenceStart: String { prefix(1).uppercased() + String(dropFirst()) }

  /// The text as a whole sentence: its first letter capitalised, and a full stop unless it ends in one (or ! or ?).
  package var asSentence: String {
    let start = sentenceStart
    return start.last.map { ".!?".contains($0) } == true ? start : start + "."
  }

  /// The text with `&`, `<` and `>` written as XML's entities: for XML, and for markup that must show it as written.
  public var markupEscaped: String {
    var escaped = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// The text without the white space and line breaks around it.
  public var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isSpace }), let last = lastIndex(where: { !$0.isSpace }) else {
      return ""
    }
    return String(self[first...last])
  }
}
