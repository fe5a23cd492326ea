import StrideBase
import StrideJSON

/// `task.export`: every task, open and done, written in an export format.
public enum TaskExport: WireMethod {
  public static let method = Method.taskExport

  public struct Params: Codable, Sendable, Equatable {
    /// Absent: `json`, Stride's own.
    public var format: ExportFormat?
    /// The zone the formats with local dates (todo.txt, iCalendar) write them in; absent, the connection's.
    public var timeZone: String?
    /// True: a `json` export in parts carries each piece's tasks as JSON values (`taskValues`), not escaped into
    /// `text`, and the client puts the file's separators between them. Absent, or from an older client: `text`.
    public var taskValues: Bool?
    public init(format: ExportFormat? = nil, timeZone: String? = nil, taskValues: Bool = false) {
      self.format = format
      self.timeZone = timeZone
      self.taskValues = taskValues ? true : nil
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var format: ExportFormat
    /// The file, whole, as the format has it; in a part of a reply in parts, the next piece of it.
    public var text: String
    /// The tasks written, in id order.
    public var tasks: [TaskID]
    /// What the format cannot keep of these tasks, as a sentence; absent when nothing is lost.
    public var loss: String?
    /// With `taskValues` asked, in a part: the piece's tasks whole, each one line of the file (after
    /// `beforeFirstTask` for the file's first, `betweenTasks` for the others), which then come after `text`.
    public var taskValues: [Wire.Task]?
    /// With `taskValues` asked, in the last part only: what the file ends with, after its last task's line.
    public var end: String?
    public init(
      format: ExportFormat, text: String, tasks: [TaskID], loss: String?, taskValues: [Wire.Task]? = nil,
      end: String? = nil
    ) {
      self.format = format
      self.text = text
      self.tasks = tasks
      self.loss = loss
      self.taskValues = taskValues
      self.end = end
    }
  }

  /// What comes before a Stride export's first task's line, and between two tasks' lines: the file's layout, which
  /// a client putting a part's `taskValues` into the file keeps too.
  public static let beforeFirstTask = "\n"
  public static let betweenTasks = ",\n"
}

extension TaskExport.Result: JSONBytesWritable {
  /// As its Codable writes it, keys sorted, `loss`, `taskValues` and `end` left out when absent: a piece of an export
  /// goes straight to bytes, the file's text escaped a run at a time.
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member(ifPresent: "end", end)
      json.member("format", format.rawValue)
      json.member(ifPresent: "loss", loss)
      json.member(ifPresent: "taskValues", taskValues)
      json.member("tasks", tasks)
      json.member("text", text)
    }
  }
}

/// An entry of an imported file that was left out, and why.
public struct ImportSkipped: Equatable, Sendable, Codable {
  /// The entry as a person finds it in the file ("line 4", "uuid 0f1c…").
  public var entry: String
  public var reason: String
  public init(entry: String, reason: String) {
    self.entry = entry
    self.reason = reason
  }
}

extension Wire {
  /// `task.import`: store tasks, all or none, in one transaction (undoable as one change): whole tasks, or the text
  /// of a file the daemon reads in its format.
  public enum TaskImport: WireMethod {
    public static let method = Method.taskImport

    public struct Params: Codable, Sendable, Equatable {
      /// Whole tasks; `id` and `blockedBy` are the ids in the file. Either these or `text`.
      public var tasks: [Task]?
      /// A file's content, read as `format`.
      public var text: String?
      /// Absent: worked out from the text's first characters.
      public var format: ImportFormat?
      /// True: read and check everything, store nothing.
      public var dryRun: Bool?
      /// The zone a file's dates without a time are read in; absent, the connection's.
      public var timeZone: String?

      public init(tasks: [Task]) { self.tasks = tasks }

      public init(text: String, format: ImportFormat? = nil, dryRun: Bool = false) {
        self.text = text
        self.format = format
        self.dryRun = dryRun ? true : nil
      }
    }

    public struct Result: Codable, Sendable, Equatable {
      /// The tasks as stored (or as they would be, with `dryRun`), in id order.
      public var tasks: [Task]
      /// True when the file's ids were taken here, so the tasks got new ones.
      public var renumbered: Bool
      /// For `text`: the format it was read as, the entries left out, and mappings worth saying.
      public var format: ImportFormat?
      public var skipped: [ImportSkipped]?
      public var notes: [String]?

      public init(
        tasks: [Task], renumbered: Bool, format: ImportFormat? = nil, skipped: [ImportSkipped]? = nil,
        notes: [String]? = nil
      ) {
        self.tasks = tasks
        self.renumbered = renumbered
        self.format = format
        self.skipped = skipped
        self.notes = notes
      }
    }
  }
}
