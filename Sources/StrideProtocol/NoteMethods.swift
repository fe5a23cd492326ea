import Foundation
import StrideModel

/// `note.add`: a dated note at the end of a task's notes (open or finished).
public enum NoteAdd: RPCMethod {
  public static let name = "note.add"

  public struct Params: Codable, Sendable, Equatable {
    public var id: TaskID
    /// The note; line breaks are kept.
    public var text: String
    public init(id: TaskID, text: String) {
      self.id = id
      self.text = text
    }
  }

  public typealias Result = TaskResult
}

/// `note.remove`: take a note away; `index` counts from 1, oldest first, as `task.get` lists them.
public enum NoteRemove: RPCMethod {
  public static let name = "note.remove"
  public typealias Params = StepRef

  public typealias Result = TaskResult
}
