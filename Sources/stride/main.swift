import StrideCLI
import StridePlatform

#if canImport(Glibc)
  import Glibc
#endif

// stride: read the command line, run one command against the daemon, print the outcome, exit with its status. What
// each command does is StrideCLI's.

// Kept to the end: exit, not a release of the session, frees it.
let environment = System.environment
let status: ExitStatus
do {
  let invocation = try Invocation.parse(Array(CommandLine.arguments.dropFirst()))
  status = try Session(invocation: invocation, environment: environment).run()
} catch {
  status = report(error, json: CommandLine.arguments.contains("--json"))
}
exit(status.rawValue)
