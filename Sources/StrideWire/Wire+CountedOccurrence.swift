import StrideBase

extension Wire {
  /// The occurrence of a routine a completion counted: the one due then. Done early it is one still to come, done
  /// late one already passed, done nearer the one before the current one, that one.
  public struct CountedOccurrence: Codable, Sendable, Equatable {
    /// When the occurrence counted was due.
    public var due: Timestamp
    /// `due` in words ("Thursday at 09:00", "yesterday, end of day"), for a connection that asked for words.
    public var said: MomentSaid?

    public init(due: Timestamp, said: MomentSaid? = nil) {
      self.due = due
      self.said = said
    }
  }
}
