/// A failure a person or a client can act on: what went wrong, in a sentence that says what to do next.
///
/// Each `Code` maps one-to-one to a JSON-RPC error code and a stable `reason` string (see `Protocol/WireError`).
public struct StrideError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The kind of failure; its raw value is the stable `error.data.reason` clients match on.
  public enum Code: String, Sendable, CaseIterable {
    case parseError = "parse-error"
    case invalidRequest = "invalid-request"
    case methodNotFound = "method-not-found"
    case invalidParams = "invalid-params"
    case internalError = "internal-error"
    case overloaded = "overloaded"
    case payloadTooLarge = "payload-too-large"
    case shuttingDown = "shutting-down"
    case taskNotFound = "task-not-found"
    case subtaskNotFound = "subtask-not-found"
    case noteNotFound = "note-not-found"
    case listNotFound = "list-not-found"
    case invalidTransition = "invalid-transition"
    case dependencyCycle = "dependency-cycle"
    case nothingToUndo = "nothing-to-undo"
    case storageFailed = "storage-failed"
    /// The sync server could not be reached, refused the request, or answered with something unusable.
    case syncFailed = "sync-failed"
    /// Sync is not set up yet (`stride sync setup`), or the server has no task list there.
    case syncNotSetUp = "sync-not-set-up"
    /// A focus session runs already, on this task or another; the message names it.
    case focusRunning = "focus-running"
  }

  public var code: Code
  public var message: String
  /// The param the error is about, when it is about one: a client names its own option for it.
  public var param: String?

  public init(_ code: Code, _ message: String, param: String? = nil) {
    self.code = code
    self.message = message
    self.param = param
  }

  public var description: String { message }

  /// The error for an id that names no task.
  public static func noTask(_ id: TaskID) -> StrideError {
    StrideError(.taskNotFound, "no task \(id)")
  }

  /// The error for a parameter whose value is not acceptable.
  public static func invalid(_ message: String) -> StrideError {
    StrideError(.invalidParams, message)
  }
}
