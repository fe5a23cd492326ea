/// How a focus session ended.
public enum FocusEnding: String, Sendable, WireEnum {
  /// The person stopped it: a fine answer.
  case stopped
  /// What it was on was finished.
  case finished
  /// Another session was started in its place.
  case switched
  /// The daemon was not running for a while, so it ended at the last moment Stride knew it was running.
  case interrupted
}

/// How long a focus session's timebox is: five minutes unless asked ("just start"), twelve hours at most.
public enum FocusLimits {
  public static let defaultBoxMinutes = 5
  public static let maximumBoxMinutes = 12 * 60
}
