import StrideBase
import StrideJSON

extension ExportFormat: JSONReadable, JSONPullReadable {}

extension TaskExport {
  /// A part of an export as a client writes it out (`stride export`): the piece of the file it holds, as bytes, with
  /// its format, the ids of its tasks and what the format loses. Read as it comes, without a tree: a part that
  /// carries its tasks as values (`taskValues`) has each task's line copied as the daemon wrote it, never read, and
  /// the file's separators put between them here; a part without them (an older daemon's, or a format other than
  /// `json`) has its piece in `text`.
  public struct Piece: Sendable, Equatable {
    public var format: ExportFormat
    /// The piece of the file: the part's `text`, then each of its tasks on a line of its own (after "\n" for the
    /// file's first, ",\n" for each later one), then its `end`.
    public var file: [UInt8]
    public var tasks: [TaskID]
    public var loss: String?

    /// Reads one part's result. `afterTask` says whether the file had a task before this piece, and is set when
    /// this piece has one.
    public init(pulling bytes: [UInt8], afterTask: inout Bool) throws(JSONUnreadable) {
      let what = "a part of an export"
      var (format, tasks, loss): (ExportFormat?, [TaskID]?, String?) = (nil, nil, nil)
      var (text, lines, end): (String?, [UInt8], String?) = (nil, [], nil)
      var wrote = afterTask
      try JSONPull.read(bytes) { pull throws(JSONUnreadable) in
        try pull.members(what) { pull, key throws(JSONUnreadable) in
          switch key {
          case "end": end = try pull.read()
          case "format": format = try pull.read()
          case "loss": loss = try pull.read()
          case "tasks": tasks = try pull.read()
          case "text": text = try pull.read()
          case "taskValues":
            try pull.elements { pull throws(JSONUnreadable) in
              lines.append(contentsOf: wrote ? Self.between : Self.before)
              wrote = true
              try pull.copy(into: &lines)
            }
          default: try pull.skip()
          }
        }
      }
      self.format = try format.orMissing("format", of: what)
      self.tasks = try tasks.orMissing("tasks", of: what)
      self.loss = loss
      file = Array(try text.orMissing("text", of: what).utf8) + lines + Array((end ?? "").utf8)
      afterTask = wrote
    }

    static let before = Array(TaskExport.beforeFirstTask.utf8)
    static let between = Array(TaskExport.betweenTasks.utf8)
  }
}
