/// A task or one of its steps, as a person writes it: `12` or `12.2`.
public struct TaskAddress: Equatable, Sendable {
  public var id: TaskID
  /// The 1-based step number, when the address names a step.
  public var step: Int?

  public init(id: TaskID, step: Int? = nil) {
    self.id = id
    self.step = step
  }

  /// Reads `12` or `12.2`; nil for anything else (`12.x`, `0`, `-3`, `12.`).
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let id = Int64(parts[0]), id > 0, parts[0].allSatisfy(\.isASCII) else {
      return nil
    }
    self.id = TaskID(id)
    if parts.count == 2 {
      guard let step = Int(parts[1]), step > 0, parts[1].allSatisfy(\.isNumber) else { return nil }
      self.step = step
    }
  }
}

/// Lengths of time as Stride writes them for people.
public enum Minutes {
  /// "10 min", "1 hr", "1 hr 30 min": words a screen reader says correctly.
  public static func format(_ minutes: Int) -> String {
    let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
    switch (hours, rest) {
    case (0, _): return "\(rest) min"
    case (_, 0): return "\(hours) hr"
    default: return "\(hours) hr \(rest) min"
    }
  }

  /// A time spent in whole minutes, in words: "7 minutes", "1 hour and 5 minutes", and "less than a minute".
  public static func spoken(seconds: Int) -> String {
    seconds < Seconds.perMinute ? "less than a minute" : spoken(seconds / Seconds.perMinute)
  }

  /// "10 minutes", "1 hour", "1 hour and 30 minutes": the same, in words for a sentence.
  public static func spoken(_ minutes: Int) -> String {
    let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
    switch (hours, rest) {
    case (0, _): return plural(rest, "minute")
    case (_, 0): return plural(hours, "hour")
    default: return "\(plural(hours, "hour")) and \(plural(rest, "minute"))"
    }
  }
}
