import StrideBase
import StrideClientKit
import StrideConnection
import StrideJSON
import StridePlatform
import StrideWire

extension Session {
  /// Runs the command the invocation names; its exit status.
  package func run() throws -> ExitStatus {
    if invocation.version {
      print("stride \(strideVersion) (protocol \(protocolVersion))")
      return .ok
    }
    guard let command = invocation.command else {
      if invocation.help {
        print(Help.overview)
        return .ok
      }
      // `stride` alone: the Now view for a person at a terminal, the now-list for a script or a pipe.
      do {
        if wantsNowView {
          try nowView(plain: invocation.plain)
        } else {
          try Command.of(.now).run(self, [])
        }
      } catch let status as ExitStatus {
        return status
      }
      return .ok
    }
    // `stride COMMAND --help` is `stride help COMMAND`.
    let (name, arguments) = invocation.help ? ("help", [command]) : (command, invocation.arguments)
    guard let found = Command.named(name) else { throw UsageError.noCommand(name) }
    do {
      try found.run(self, arguments)
    } catch let status as ExitStatus {
      return status
    }
    return .ok
  }
}

/// An error as stride says it: its message (for a task that is not there, with `seeTasks`, where to see them), the
/// reason scripts read, and the exit status.
func described(_ error: any Error, seeTasks: String) -> (message: String, reason: String, status: ExitStatus) {
  switch error {
  case let usage as UsageError: (usage.message, "usage", .usage)
  case ClientError.unreachable(let message): (message, "unreachable", .unavailable)
  case ClientError.failed(let failure) where failure.code == .taskNotFound:
    (failure.message + "; " + seeTasks, failure.code.rawValue, .failure)
  case ClientError.failed(let failure):
    (failure.message, failure.code.rawValue, failure.code == .invalidParams ? .usage : .failure)
  case let failure as StrideError: (failure.message, failure.code.rawValue, .failure)
  default: ("\(error)", "internal-error", .failure)
  }
}

/// Prints an error as one line on stderr (and as JSON on stdout with --json) and picks the exit status.
package func report(_ error: any Error, json: Bool) -> ExitStatus {
  let (message, reason, status) = described(error, seeTasks: "'stride list' shows your tasks")
  note("stride: \(message)")
  if json {
    struct Failure: Encodable {
      var error: Details
      struct Details: Encodable {
        var message: String
        var reason: String
        var exitStatus: Int32
      }
    }
    if let bytes = try? JSONValueEncoder.bytes(
      Failure(error: .init(message: message, reason: reason, exitStatus: status.rawValue)))
    {
      print(String(decoding: bytes, as: UTF8.self))
    }
  }
  return status
}
