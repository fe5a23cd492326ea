import Foundation
import StrideCore

// stride: read the command line, run one command against the daemon, print the outcome, exit with its status.

let environment = ProcessInfo.processInfo.environment
let status: ExitStatus
do {
  let invocation = try Invocation.parse(Array(CommandLine.arguments.dropFirst()))
  let session = Session(invocation: invocation, environment: environment)
  status = try run(session)
} catch {
  status = report(error, json: CommandLine.arguments.contains("--json"))
}
exit(status.rawValue)

/// Runs the command the invocation names.
func run(_ session: Session) throws -> ExitStatus {
  let invocation = session.invocation
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
      if session.wantsNowView { try session.nowView(plain: invocation.plain) } else { try session.now([]) }
    } catch let status as ExitStatus {
      return status
    }
    return .ok
  }
  if invocation.help || command == "help" {
    let topic = command == "help" ? invocation.arguments.first : command
    guard let topic else {
      print(Help.overview)
      return .ok
    }
    guard let text = Help.commands[topic] else {
      throw UsageError("there is no command '\(topic)'; run 'stride help' for the list")
    }
    print(text)
    return .ok
  }
  let arguments = invocation.arguments
  do {
    switch command {
    case "add": try session.add(arguments)
    case "now": try session.now(arguments)
    case "list", "ls": try session.list(arguments)
    case "show": try session.show(arguments)
    case "done": try session.done(arguments)
    case "reopen": try session.reopen(arguments)
    case "step": try session.step(arguments)
    case "edit": try session.edit(arguments)
    case "defer": try session.deferTask(arguments)
    case "wait": try session.wait(arguments)
    case "resume": try session.resume(arguments)
    case "block": try session.block(arguments, blocking: true)
    case "unblock": try session.block(arguments, blocking: false)
    case "delete": try session.delete(arguments)
    case "skip": try session.skip(arguments)
    case "pin": try session.pin(arguments, pinned: true)
    case "unpin": try session.pin(arguments, pinned: false)
    case "undo": try session.undo(arguments)
    case "energy": try session.energy(arguments)
    case "when": try session.when(arguments)
    case "why": try session.why(arguments)
    case "daemon": try session.daemon(arguments)
    case "watch": try session.watch(arguments)
    case "prompt": try session.prompt(arguments)
    case "completions": try session.completions(arguments)
    case "export": try session.export(arguments)
    case "import": try session.importTasks(arguments)
    case "sync": try session.sync(arguments)
    default: throw UsageError("there is no command '\(command)'; run 'stride help' for the list")
    }
  } catch let status as ExitStatus {
    return status
  }
  return .ok
}

/// Prints an error as one line on stderr (and as JSON on stdout with --json) and picks the exit status.
func report(_ error: any Error, json: Bool) -> ExitStatus {
  let (message, reason, status): (String, String, ExitStatus) =
    switch error {
    case let usage as UsageError: (usage.message, "usage", .usage)
    case ClientError.unreachable(let message): (message, "unreachable", .unavailable)
    case ClientError.failed(let failure) where failure.code == .taskNotFound:
      (failure.message + "; 'stride list' shows your tasks", failure.code.rawValue, .failure)
    case ClientError.failed(let failure):
      (failure.message, failure.code.rawValue, failure.code == .invalidParams ? .usage : .failure)
    case let failure as StrideError: (failure.message, failure.code.rawValue, .failure)
    default: ("\(error)", "internal-error", .failure)
    }
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
    if let data = try? WireEncoder().encode(
      Failure(error: .init(message: message, reason: reason, exitStatus: status.rawValue)))
    {
      print(String(decoding: data, as: UTF8.self))
    }
  }
  return status
}
