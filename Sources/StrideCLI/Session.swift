import StrideBase
import StrideClientKit
import StrideConnection
import StrideJSON
import StridePlatform
import StrideTransport
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// What one run of `stride` works with: its flags, where the daemon is, and a connection made when first needed.
package final class Session {
  let invocation: Invocation
  let environment: [String: String]
  let paths: StridePaths
  var output: Output
  /// Whether what the daemon says is shown to this person only: `stride mcp` passes it on to an assistant, so it
  /// asks for the calendar's events without their titles (they stay on this machine).
  var forThisPersonOnly = true
  private var connection: StrideClient?
  private var contextRefusalSaid = false

  package init(invocation: Invocation, environment: [String: String]) {
    self.invocation = invocation
    self.environment = environment
    paths = StridePaths(environment: environment, socket: invocation.socket)
    output = Output(json: invocation.json, environment: environment)
  }

  /// Calls a method on the daemon, starting the daemon first if nothing answers (unless `--no-autostart`). The
  /// command's first call is what it did: `stride mcp` returns that reply as the tool's structured content.
  func call<M: WireMethod>(_ method: M.Type, _ params: M.Params) throws(ClientError) -> Answer<M.Result> {
    let answer = try answer(method, params)
    if let sink = output.sink, sink.reply == nil { sink.reply = answer.json }
    return answer
  }

  /// A connection that waits up to 15 minutes for its reply, after the usual one has started the daemon if needed:
  /// for what may wait on the network (a first sync, calendars behind a server that does not answer).
  func patientClient(context: ClientContext.Params?) throws -> StrideClient {
    _ = try client()
    return try StrideClient(path: paths.socket, timeout: 900, context: context)
  }

  /// A call that serves the command without being what it did (a time option read before the change it is for).
  func ask<M: WireMethod>(_ method: M.Type, _ params: M.Params) throws(ClientError) -> M.Result {
    try answer(method, params).result
  }

  /// Calls a method asking for its reply in parts, handing each part's result to `part` as it comes (Docs/protocol.md,
  /// "Replies in parts").
  func callInParts<M: WireMethod>(
    _ method: M.Type, _ params: M.Params, part: ([UInt8]) throws -> Void
  ) throws -> ReplyParts.Summary? {
    let client = try client()
    defer { sayContextRefusal(client) }
    return try client.answerInParts(method, params, part: part)
  }

  private func answer<M: WireMethod>(_ method: M.Type, _ params: M.Params) throws(ClientError) -> Answer<M.Result> {
    let client = try client()
    let result = try client.answer(method, params)
    sayContextRefusal(client)
    return result
  }

  /// Says once that the daemon did not know the person's zone.
  private func sayContextRefusal(_ client: StrideClient) {
    if client.contextRefused, !contextRefusalSaid {
      contextRefusalSaid = true
      note(
        "stride: strided does not know the time zone \(context.timeZone ?? "") (from TZ or /etc/localtime), so it "
          + "reads and says times in its own; set TZ to a name such as Europe/Berlin.")
    }
  }

  /// Where this person is, for the daemon to read and say times as they would: the zone (`TZ`, else the system's)
  /// and how their locale orders a numeric date.
  lazy var context = ClientContext.Params(
    timeZone: System.timeZoneName(environment: environment), dateOrder: .fromEnvironment(environment), said: true)

  /// Forgets the connection, so the next call makes a new one (and starts the daemon if it went away meanwhile).
  func disconnect() { connection = nil }

  /// The connection, made on first use.
  func client(autostart: Bool? = nil) throws(ClientError) -> StrideClient {
    if let connection { return connection }
    let client: StrideClient
    do {
      client = try StrideClient(path: paths.socket, context: context)
    } catch let error {
      guard autostart ?? invocation.autostart, case .unreachable = error, isNobodyListening() else { throw error }
      try startDaemon(quietly: true)
      client = try StrideClient(path: paths.socket, context: context)
    }
    connection = client
    return client
  }

  /// Starts `strided` in the background and waits until it answers; returns its pid.
  @discardableResult
  func startDaemon(quietly: Bool) throws(ClientError) -> Int32 {
    guard let executable = DaemonLauncher.locateDaemon(environment: environment) else {
      throw ClientError.unreachable(
        "strided is not running and could not be found next to stride or on PATH; install both programs together")
    }
    var arguments: [String] = []
    if invocation.socket != nil { arguments = ["--socket", paths.socket] }
    let pid = try DaemonLauncher.launch(executable: executable, arguments: arguments, paths: paths)
    if quietly, isatty(STDERR_FILENO) == 1 {
      note("Started the Stride daemon in the background (strided, pid \(pid)).")
    }
    return pid
  }

  /// True when no daemon is at the socket path (no socket file, or nobody accepting on it).
  func isNobodyListening() -> Bool {
    do {
      _ = try UnixSocket.connect(path: paths.socket)
      return false
    } catch {
      return error.meansNobodyListening
    }
  }
}
