import StrideBase

/// How each `StrideError.Code` appears on the wire: a JSON-RPC error code. The `reason` is the code's raw value.
///
/// Standard JSON-RPC codes for envelope problems, -32000…-32099 for conditions of the server, and positive codes
/// for the domain. These numbers are part of protocol v1 and never change meaning.
extension StrideError.Code {
  public var wireCode: Int {
    switch self {
    case .parseError: -32700
    case .invalidRequest: -32600
    case .methodNotFound: -32601
    case .invalidParams: -32602
    case .internalError: -32603
    case .overloaded: -32000
    case .payloadTooLarge: -32001
    case .shuttingDown: -32002
    case .taskNotFound: 1
    case .subtaskNotFound: 2
    case .invalidTransition: 3
    case .dependencyCycle: 4
    case .nothingToUndo: 5
    case .storageFailed: 6
    case .syncFailed: 7
    case .syncNotSetUp: 8
    case .noteNotFound: 9
    case .listNotFound: 10
    case .focusRunning: 11
    }
  }
}

/// The `error` member of a JSON-RPC response.
public struct WireError: Codable, Equatable, Sendable {
  public struct Details: Codable, Equatable, Sendable {
    public var reason: String
    /// The param the error is about, when it is about one.
    public var param: String?
  }

  public var code: Int
  public var message: String
  public var data: Details

  public init(_ error: StrideError) {
    code = error.code.wireCode
    message = error.message
    data = Details(reason: error.code.rawValue, param: error.param)
  }

  /// The error as the client's own type; an unknown reason (from a newer daemon) counts as internal.
  public var strideError: StrideError {
    StrideError(StrideError.Code(rawValue: data.reason) ?? .internalError, message, param: data.param)
  }
}
