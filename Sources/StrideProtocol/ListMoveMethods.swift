import StrideModel

/// `task.move`: move a task into another list (undoable). A synced task leaves its old list's server and is made
/// in the new one's at the next sync.
public enum TaskMove: RPCMethod {
  public static let name = "task.move"

  public struct Params: Codable, Sendable, Equatable {
    public var id: TaskID
    public var list: String
    public init(id: TaskID, list: String) {
      self.id = id
      self.list = list
    }
  }

  public typealias Result = TaskResult
}
