import StrideModel

/// `task.move`: move a task into another list (undoable). A synced task leaves its old list's server and is made
/// in the new one's at the next sync.
public enum TaskMove: RPCMethod {
  public static let method = Wire.TaskMove.method
  public typealias Params = Wire.TaskMove.Params
  public typealias Result = TaskResult
}
