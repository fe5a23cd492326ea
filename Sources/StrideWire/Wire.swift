import StrideBase

/// The daemon's replies as a client reads them, in types of their own: the daemon's tasks, suggestions and drafts
/// carry rules and dates from the model, which a client without Foundation does not link. Each type here decodes
/// what the daemon writes (the parity tests decode every example in Docs/protocol.md with them); a client prints
/// `--json` from the reply as it came, so nothing the daemon sends is lost by what these leave out.
public enum Wire {
  /// A task, open or done.
  public struct Task: Decodable, Sendable, Equatable {
    public var id: TaskID
    public var title: String
    /// The text the task was captured from.
    public var rawInput: String
    public var energy: EnergyLevel
    public var estimateMinutes: Int?
    public var status: TaskStatus
    public var type: TaskType
    public var subtasks: [Step]
    public var progress: StepProgress
    public var blockedBy: [TaskID]
    public var due: Timestamp?
    public var start: Timestamp?
    public var tags: [String]
    /// The deferral in force while `status` is `deferred`.
    public var deferral: Deferral?
    public var deferCount: Int
    public var waitingFor: String?
    public var followUp: Timestamp?
    public var createdAt: Timestamp
    public var completedAt: Timestamp?
    /// How a routine repeats.
    public var `repeat`: Repeat?
    public var pinned: Bool
    public var notes: [Note]
    public var list: String?
    /// Its times in words, for a connection that asked for them.
    public var said: TaskSaid?
  }

  /// A step of a task, numbered from 1.
  public struct Step: Decodable, Sendable, Equatable {
    public var index: Int
    public var title: String
    public var done: Bool
  }

  /// Why a task was put off, and until when.
  public struct Deferral: Decodable, Sendable, Equatable {
    public var reason: DeferReason
    public var at: Timestamp
    public var until: Timestamp?
  }

  /// A dated note.
  public struct Note: Decodable, Sendable, Equatable {
    public var at: Timestamp
    public var text: String
  }

  /// How a routine repeats: its rule in words, and how often it came and went since it was last done.
  public struct Repeat: Decodable, Sendable, Equatable {
    public var words: String
    public var missed: Int?
  }

  /// One of the now-tasks, and why it was picked.
  public struct Suggestion: Decodable, Sendable, Equatable {
    public var kind: SuggestionKind
    public var task: Task
    public var step: SuggestionStep?
    public var prompt: String?
    /// The largest contributions as short phrases ("due tomorrow at 09:00"). (The score and its terms are on the
    /// wire too, for `--json`; a client shows them through `task.explain`.)
    public var why: [String]
  }

  /// A capture as it was read: the task it makes, with the words each field came from.
  public struct Draft: Decodable, Sendable, Equatable {
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
  }

  /// A moment a task came back, or came up, by itself.
  public struct WakeUp: Decodable, Sendable, Equatable {
    public var task: TaskID
    public var kind: WakeUpKind
    public var at: Timestamp
  }
}
