import Foundation
import StrideBase
import StrideModel
import StrideWire

/// `task.list`: tasks by status, tag and the other filters, in an order. Every filter given must hold.
public enum TaskList: RPCMethod {
  public static let name = Wire.TaskList.name
  public typealias Params = Wire.TaskList.Params
  public typealias Result = TaskListResult
}

/// `task.find`: tasks, open and finished, by words in the title, the thought as typed, notes and steps. Every word
/// must match (a bare word matches the start of a word; a "quoted phrase" its words side by side), case and accents
/// aside. Best first: a match in the title, then open before finished, then recently changed.
public enum TaskFind: RPCMethod {
  public static let name = Wire.TaskFind.name
  public typealias Params = Wire.TaskFind.Params

  public struct Result: Codable, Sendable, Equatable {
    /// The best matches, best first.
    public var tasks: [StrideTask]
    /// How many tasks match in all.
    public var total: Int
    /// Where the words were found in each task, in the tasks' order.
    public var found: [SearchFound]?
    public init(tasks: [StrideTask], total: Int, found: [SearchFound]? = nil) {
      self.tasks = tasks
      self.total = total
      self.found = found
    }
  }
}
