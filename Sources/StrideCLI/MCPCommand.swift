import StrideBase
import StrideClientKit
import StrideConnection
import StrideJSON
import StrideMCP
import StridePlatform
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// `stride mcp`: a Model Context Protocol server on stdin and stdout, for assistants. Each tool runs the `stride`
/// command it stands for, through the same client code and the same calls to the daemon (started if need be), and
/// answers with that command's sentences (as `--plain` says them) and the daemon's reply as structured content.
extension Session {
  func mcp(_ args: CommandArguments<NoOptions>) throws {
    try args.noMorePositionals(than: 0, "mcp")
    // A daemon that goes away mid-call is an error to say, not a signal that ends the server.
    signal(SIGPIPE, SIG_IGN)
    var plain = invocation
    plain.plain = true
    let session = Session(invocation: plain, environment: environment)
    session.forThisPersonOnly = false
    let tools = MCPSession(session: session, socket: paths.socket)
    let server = MCPServer(backend: tools)
    guard let input = fdopen(0, "r") else { return }
    while let line = Self.line(of: input) {
      guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { continue }
      if let reply = server.handle(line) { tools.out.write(reply) }
    }
  }

  /// The next line of `input` as its bytes, without the newline; nil at the end. Bytes, not a `String`, so a line
  /// that is not UTF-8 reaches the JSON reader as it was sent (and is refused) instead of being mended.
  static func line(of input: UnsafeMutablePointer<FILE>) -> [UInt8]? {
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    let length = getline(&buffer, &capacity, input)
    guard length >= 0, let buffer else { return nil }
    var bytes = Array(UnsafeRawBufferPointer(start: buffer, count: length))
    if bytes.last == 0x0A { bytes.removeLast() }
    return bytes
  }
}

/// Runs tools for the MCP server, and tells it when the now-list changes.
final class MCPSession: MCPBackend {
  private let session: Session
  let out = MCPOutput()
  private let watcher: NowWatcher

  init(session: Session, socket: String) {
    self.session = session
    watcher = NowWatcher(socket: socket, out: out)
  }

  func run(_ tool: MCPTool, _ arguments: [String: JSONValue]) -> MCPToolResult {
    do {
      let (text, reply) = try perform(tool.id.command, try MCPArguments(tool, arguments).commandLine())
      return MCPToolResult(text: text, structured: reply)
    } catch {
      return MCPToolResult(text: Self.sentence(error), isError: true)
    }
  }

  func readNow() -> Result<[JSONValue], StrideError> {
    do {
      let (text, reply) = try perform(.now, [])
      let json = reply.map { String(decoding: JSONWriter.write($0), as: UTF8.self) }
      let uri = JSONValue.string(MCPServer.nowURI)
      return .success(
        [.object(["uri": uri, "mimeType": .string("text/plain"), "text": .string(text)])]
          + (json.map { [.object(["uri": uri, "mimeType": .string("application/json"), "text": .string($0)])] } ?? []))
    } catch {
      return .failure(StrideError(.internalError, Self.sentence(error)))
    }
  }

  func watchNow(_ notice: [UInt8]?, after first: [UInt8]?) {
    // The daemon started first if need be (as a tool would start it), so the watcher hears the very next change.
    if notice != nil { _ = try? session.client() }
    watcher.watch(notice, after: first)
  }

  /// Runs a command as `stride` would, its lines kept: what it said, and the daemon's first reply.
  private func perform(_ command: CommandName, _ arguments: [String]) throws -> (String, JSONValue?) {
    let lines = Output.Lines()
    session.output = Output(keepingIn: lines)
    // A connection of its own for each tool: a daemon that stopped or restarted since the last one is found again.
    session.disconnect()
    do {
      try Command.of(command).run(session, arguments)
    } catch is ExitStatus where !lines.lines.isEmpty {
      throw MCPArguments.Refusal(lines.lines.joined(separator: "\n"))
    }
    return (lines.lines.joined(separator: "\n"), lines.reply)
  }

  /// An error as Stride says it, as a sentence with its next step.
  static func sentence(_ error: any Error) -> String {
    let message =
      (error as? MCPArguments.Refusal)?.message
      ?? described(error, seeTasks: "the list and find tools show the tasks").message
    return message.asSentence
  }
}

/// Writes whole lines to stdout, one at a time (the tools' replies and the watcher's notifications share it).
final class MCPOutput: Sendable {
  private let lock = Locked(())

  /// Writes a line; when the client has gone (stdout closed), the server has no one left to serve and ends.
  func write(_ line: some Collection<UInt8>) {
    lock.withLock { _ in
      do { try System.write(line, to: System.standardOutput) } catch { exit(0) }
    }
  }
}

/// Tells a subscribed client when the now-list changes: the daemon's `now.changed` events, read on a thread of
/// their own, connecting again when the daemon comes back.
final class NowWatcher: Sendable {
  private let socket: String
  private let out: MCPOutput
  /// (the line to send on a change, nil when the client wants none; the thread runs)
  private let state = Locked((notice: [UInt8]?.none, running: false))

  init(socket: String, out: MCPOutput) {
    self.socket = socket
    self.out = out
  }

  /// Sends `notice` on each change from now on (nil: none), once `first` is written: no notice comes before it.
  func watch(_ notice: [UInt8]?, after first: [UInt8]?) {
    let start = notice != nil && !state.withLock { $0.running }
    // Subscribed before the acknowledgement or the answer goes out, so no change made after either is missed; the
    // connection is the watcher thread's once handed over.
    let subscribed = Locked(start ? try? listen() : nil)
    state.withLock { state in
      if let first { out.write(first) }
      state.notice = notice
      state.running = state.running || start
    }
    guard start else { return }
    System.startThread { [self] in
      while true {
        do {
          let events =
            try subscribed.withLock { connection in
              defer { connection = nil }
              return connection
            } ?? listen()
          while true {
            _ = try events.nextEvent()
            if let notice = state.withLock({ $0.notice }) { out.write(notice) }
          }
        } catch {
          sleep(1)
        }
      }
    }
  }

  private func listen() throws(ClientError) -> StrideClient {
    let connection = try StrideClient(path: socket)
    _ = try connection.subscribe([.nowChanged])
    return connection
  }
}
