import Foundation
import StrideModel
import StrideWire

/// `note.add`: a dated note at the end of a task's notes (open or finished).
public enum NoteAdd: RPCMethod {
  public static let name = Wire.NoteAdd.name
  public typealias Params = Wire.NoteAdd.Params
  public typealias Result = TaskResult
}

/// `note.remove`: take a note away; `index` counts from 1, oldest first, as `task.get` lists them.
public enum NoteRemove: RPCMethod {
  public static let name = Wire.NoteRemove.name
  public typealias Params = StepRef
  public typealias Result = TaskResult
}
