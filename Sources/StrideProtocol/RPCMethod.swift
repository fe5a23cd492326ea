import Foundation
import StrideModel

/// One protocol method: its dotted name and the shapes of its params and result.
///
/// Adding a method is a checklist (see Docs/architecture.md): a type here, an entry in `allMethodNames`, a case in
/// the daemon's `Dispatcher`, an example in Docs/protocol.md (which is also its golden test).
public protocol RPCMethod {
  associatedtype Params: Codable & Sendable
  associatedtype Result: Codable & Sendable
  static var name: String { get }
}

/// Params of a method that takes none.
public struct NoParams: Codable, Sendable, Equatable {
  public init() {}
}

/// Params that name one task.
public struct TaskRef: Codable, Sendable, Equatable {
  public var id: TaskID
  public init(id: TaskID) { self.id = id }
}

/// The result of a method about one task: the task as it stands after the call.
public struct TaskResult: Codable, Sendable, Equatable {
  public var task: StrideTask
  /// `task.get`: fields a sync found changed on both sides, oldest first (absent when none).
  public var syncConflicts: [SyncConflictNote]?
  /// `task.get`: the repeat rule the task has on the server that Stride cannot follow (another app's `FREQ=HOURLY`),
  /// so a person knows it repeats elsewhere; absent when none.
  public var repeatsElsewhere: String?
  public init(task: StrideTask, syncConflicts: [SyncConflictNote]? = nil, repeatsElsewhere: String? = nil) {
    self.task = task
    self.syncConflicts = syncConflicts
    self.repeatsElsewhere = repeatsElsewhere
  }
}

/// The result of a method that returns several tasks.
public struct TaskListResult: Codable, Sendable, Equatable {
  public var tasks: [StrideTask]
  /// With a search (`task.list`'s `search`): where the words were found in each task, in the tasks' order.
  public var found: [SearchFound]?
  public init(tasks: [StrideTask], found: [SearchFound]? = nil) {
    self.tasks = tasks
    self.found = found
  }
}

extension JSONValue {
  /// Decodes params into a method's type. A missing, mistyped or unknown value becomes an `invalid-params` error
  /// that names the field and what it should be.
  public func decode<T: Decodable>(_ type: T.Type) throws(StrideError) -> T {
    do {
      return try JSONValueDecoder.decode(T.self, from: self)
    } catch let error as DecodingError {
      throw StrideError.invalid(Self.describe(error))
    } catch {
      throw StrideError.invalid("the params could not be read: \(error)")
    }
  }

  /// A decoding failure in words: which field, and what it should be.
  package static func describe(_ error: DecodingError) -> String {
    func field(_ path: [CodingKey]) -> String {
      let names = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return "'" + names.joined(separator: ".").replacingOccurrences(of: ".[", with: "[") + "'"
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(field(context.codingPath + [key])) is missing"
    case .valueNotFound(_, let context):
      return "\(field(context.codingPath)) must not be null"
    case .typeMismatch(let type, let context):
      return "\(field(context.codingPath)) must be \(kindName(type))"
    case .dataCorrupted(let context):
      return "\(field(context.codingPath)) \(context.debugDescription)"
    @unknown default:
      return "the params could not be read"
    }
  }

  private static func kindName(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type, is Int64.Type, is TaskID.Type: "an integer"
    case is Double.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [String].Type: "an array of strings"
    case is [String: Any].Type: "an object"
    default: type is any Collection.Type ? "an array" : "an object"
    }
  }
}
