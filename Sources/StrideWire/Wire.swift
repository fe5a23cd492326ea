import StrideBase

/// The daemon's replies as a client reads them, in types of their own: the daemon's tasks, suggestions and drafts
/// carry rules and dates from the model, which a client without Foundation does not link. Each type here decodes
/// what the daemon writes (the parity tests decode every example in Docs/protocol.md with them); a client prints
/// `--json` from the reply as it came, so nothing the daemon sends is lost by what these leave out.
public enum Wire {
  /// A step of a task, numbered from 1.
  public struct Step: Sendable, Equatable {
    public var index: Int
    public var title: String
    public var done: Bool
    public var completedAt: Timestamp?

    public init(index: Int, title: String, done: Bool, completedAt: Timestamp?) {
      self.index = index
      self.title = title
      self.done = done
      self.completedAt = completedAt
    }
  }

  /// Why a task was put off, and until when.
  public struct Deferral: Sendable, Equatable {
    public var reason: DeferReason
    public var at: Timestamp
    public var until: Timestamp?
    /// The person's energy when it was put off (for `no-energy`: it comes back when the energy is higher).
    public var energy: EnergyLevel?

    public init(reason: DeferReason, at: Timestamp, until: Timestamp?, energy: EnergyLevel?) {
      self.reason = reason
      self.at = at
      self.until = until
      self.energy = energy
    }
  }

  /// A dated note.
  public struct Note: Sendable, Equatable {
    public var at: Timestamp
    public var text: String

    public init(at: Timestamp, text: String) {
      self.at = at
      self.text = text
    }
  }

  /// How a routine repeats: its rule (an RRULE), whether it counts from when it was done, the rule in words, and
  /// how often it came and went since it was last done (a task's only; a capture's draft has none).
  public struct Repeat: Sendable, Equatable {
    public var rule: String
    public var afterDone: Bool
    public var words: String
    public var missed: Int?

    public init(rule: String, afterDone: Bool, words: String, missed: Int?) {
      self.rule = rule
      self.afterDone = afterDone
      self.words = words
      self.missed = missed
    }
  }

  /// One of the now-tasks, and why it was picked.
  public struct Suggestion: Sendable, Equatable {
    public var kind: SuggestionKind
    public var task: Task
    /// The step that is the way in, for a `next-step` suggestion.
    public var step: SuggestionStep?
    /// What to do, in a few words, for every kind but `task` and `next-step` ("break it into steps").
    public var prompt: String?
    /// The total of the terms.
    public var score: Double
    /// Every term of the score, largest contribution first (empty when the question asked for none).
    public var terms: [TermScore]
    /// The largest contributions as short phrases ("due tomorrow at 09:00").
    public var why: [String]

    public init(
      kind: SuggestionKind, task: Task, step: SuggestionStep?, prompt: String?, score: Double, terms: [TermScore],
      why: [String]
    ) {
      self.kind = kind
      self.task = task
      self.step = step
      self.prompt = prompt
      self.score = score
      self.terms = terms
      self.why = why
    }
  }

  /// A capture as it was read: the task it makes, with the words each field came from.
  public struct Draft: Sendable, Equatable {
    public var title: String
    public var rawInput: String
    public var steps: [String]
    public var energy: EnergyLevel
    public var estimateMinutes: Int?
    public var type: TaskType
    public var due: Timestamp?
    public var start: Timestamp?
    public var tags: [String]
    public var `repeat`: Repeat?
    public var spans: [CaptureSpan]
    public var list: String?
    public var said: DraftSaid?

    public init(
      title: String, rawInput: String, steps: [String], energy: EnergyLevel, estimateMinutes: Int?, type: TaskType,
      due: Timestamp?, start: Timestamp?, tags: [String], repeat: Repeat?, spans: [CaptureSpan], list: String?,
      said: DraftSaid?
    ) {
      self.title = title
      self.rawInput = rawInput
      self.steps = steps
      self.energy = energy
      self.estimateMinutes = estimateMinutes
      self.type = type
      self.due = due
      self.start = start
      self.tags = tags
      self.repeat = `repeat`
      self.spans = spans
      self.list = list
      self.said = said
    }
  }

  /// A moment a task came back, or came up, by itself.
  public struct WakeUp: Codable, Sendable, Equatable {
    public var task: TaskID
    public var kind: WakeUpKind
    public var at: Timestamp

    public init(task: TaskID, kind: WakeUpKind, at: Timestamp) {
      self.task = task
      self.kind = kind
      self.at = at
    }
  }
}
