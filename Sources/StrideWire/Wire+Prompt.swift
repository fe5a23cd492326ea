import StrideBase

/// `now.prompt`: the now-list as one short line for a shell prompt: what to start first, and how many more there are.
/// The daemon also keeps it in a file beside its socket (`StridePaths.promptFile`), so a prompt reads it there with no
/// round trip while it holds.
public enum NowPrompt: WireMethod {
  public static let method = Method.nowPrompt
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    /// The first suggestion's task; absent when nothing is ready to start.
    public var task: TaskID?
    /// What to start: the task's title, and its next step after a colon when the suggestion is a step.
    public var title: String?
    /// How many more suggestions the now-list has (0 to 4).
    public var more: Int
    /// Until when this line holds unless a task or the context changes first: the next minute, or sooner a moment
    /// that changes some task's standing (a due time, a wake-up, the energy lapsing).
    public var until: Timestamp
    /// The focus session that runs, which the line says instead: its task, what it is on, and the whole minutes
    /// left; absent when none runs.
    public var focus: PromptFocus?

    public init(task: TaskID?, title: String?, more: Int, until: Timestamp, focus: PromptFocus? = nil) {
      self.task = task
      self.title = title
      self.more = more
      self.until = until
      self.focus = focus
    }

    /// A running focus session on the prompt line.
    public struct PromptFocus: Codable, Sendable, Equatable {
      public var task: TaskID
      /// The step it is on, else the task's title.
      public var title: String
      /// The minutes left, rounded up (0: the timebox ran out).
      public var minutesLeft: Int
      public var paused: Bool

      public init(task: TaskID, title: String, minutesLeft: Int, paused: Bool) {
        self.task = task
        self.title = title
        self.minutesLeft = minutesLeft
        self.paused = paused
      }

      public init(_ focus: Wire.Focus) {
        self.init(
          task: focus.task, title: focus.step?.title ?? focus.title,
          minutesLeft: Seconds.minutesRoundedUp(focus.leftSeconds), paused: focus.paused)
      }

      /// "▶ write the speech · 3 min left", its title cut (by `clip`, to the columns it is given) so the time left
      /// always shows.
      public func line(clip: (String, Int) -> String) -> String {
        let left = minutesLeft == 0 ? "time is up" : "\(minutesLeft) min left"
        return "▶ \(clip(title, 40)) · \(paused ? "paused, " : "")\(left)"
      }
    }

    /// The line of a now-list of `count` suggestions whose first is `first` (its task, the task's title and the
    /// step that is the way in, if one is), holding until `until`: what to start is said as the title, and the step
    /// after a colon.
    public init(
      first: (task: TaskID, title: String, step: String?)?, count: Int, until: Timestamp, focus: PromptFocus? = nil
    ) {
      self.init(
        task: first?.task, title: first.map { first in first.step.map { "\(first.title): \($0)" } ?? first.title },
        more: max(count - 1, 0), until: until, focus: focus)
    }

    /// The line of a now-list as a client read it (from a daemon older than `now.prompt`), holding until `until`.
    public init(_ now: Wire.NowResult, until: Timestamp) {
      let first = now.suggestions.first
      self.init(
        first: first.map { ($0.task.id, $0.task.title, $0.step?.title) }, count: now.suggestions.count, until: until,
        focus: now.focus.map(PromptFocus.init))
    }
  }
}
