import StrideModel
import StrideWire

/// `task.move`: move a task into another list (undoable). A synced task leaves its old list's server and is made
/// in the new one's at the next sync.
public enum TaskMove: RPCMethod {
  public static let name = Wire.TaskMove.name
  public typealias Params = Wire.TaskMove.Params
  public typealias Result = TaskResult
}
