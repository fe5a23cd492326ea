import Foundation

@testable import StrideBase
@testable import StrideCore
@testable import StrideJSON
@testable import StrideMCP
@testable import StrideModel
@testable import StrideProtocol

/// What an assistant (or anything on the other end of `stride mcp`'s stdin) sends: each line is one message. Any
/// line gets at most one reply, a JSON-RPC 2.0 object; a request (an id and a method) gets exactly one, under its
/// id; the server keeps going. A tool's arguments either become a command line whose every word from the
/// assistant stands after `--` or as an option's value, or are refused with a sentence.
enum MCPTarget {
  /// Runs a tool as far as its command line: the arguments are read as `stride mcp` reads them.
  final class Backend: MCPBackend {
    func run(_ tool: MCPTool, _ arguments: [String: JSONValue]) -> MCPToolResult {
      do {
        let line = try MCPArguments(tool, arguments).commandLine()
        let options = line.prefix { $0 != "--" }
        var index = options.startIndex
        while index < options.endIndex {
          require(options[index].hasPrefix("--"), "a word stands among the options unnamed: \(line)")
          index += options[index] == "--dry-run" ? 1 : 2
        }
        return MCPToolResult(text: line.joined(separator: " "), structured: .object([:]))
      } catch {
        require(!error.message.isEmpty, "a refusal without a sentence")
        return MCPToolResult(text: error.message, isError: true)
      }
    }
    func readNow() -> Result<[JSONValue], StrideError> { .success([]) }
    /// The id the last acknowledgement of a listen stream named, taken when read.
    var acknowledged: JSONValue?
    func watchNow(_ notice: [UInt8]?, after first: [UInt8]?) {
      guard let first else { return }
      let last = first.split(separator: 0x0A).last.flatMap { try? JSONReader.parse($0) }
      guard case .object(let ack)? = last, ack["method"] == .string("notifications/subscriptions/acknowledged"),
        case .object(let params)? = ack["params"], case .object(let meta)? = params["_meta"]
      else { return require(false, "a listen stream began without its acknowledgement") }
      acknowledged = meta[MCPServer.subscriptionKey]
    }
  }

  /// The first line of each era, one of which most inputs begin with so that the methods after it are reached.
  static let openings = [
    #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#,
    #"{"jsonrpc":"2.0","id":0,"method":"server/discover","params":{"_meta":{"#
      + #""io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#,
  ]

  static func run(_ bytes: [UInt8]) {
    let backend = Backend()
    let server = MCPServer(backend: backend)
    if let first = bytes.first, Int(first % 4) < openings.count {
      _ = server.handle(Array(openings[Int(first % 4)].utf8))
    }
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
      let reply = server.handle(line)
      guard let reply else {
        // Nothing is owed only to a notification or a response, or now to a listen request (its stream is open).
        if case .object(let message)? = try? JSONReader.parse(line) {
          let id = message["id"]
          let listening = backend.acknowledged != nil && backend.acknowledged == id
          backend.acknowledged = nil
          require(
            id == nil || id == .null || listening
              || (message["method"] == nil && (message["result"] != nil || message["error"] != nil)),
            "a request got no reply: \(String(decoding: line, as: UTF8.self))")
        } else {
          require(false, "a line that is not a JSON object got no reply")
        }
        continue
      }
      require(reply.last == 0x0A, "a reply without its newline")
      guard case .object(let answer)? = try? JSONReader.parse(reply.dropLast()) else {
        return require(false, "a reply that is not a JSON object: \(String(decoding: reply, as: UTF8.self))")
      }
      require(answer["jsonrpc"] == .string("2.0"), "a reply without jsonrpc 2.0")
      require((answer["result"] == nil) != (answer["error"] == nil), "a reply with both or neither result and error")
      if case .object(let message)? = try? JSONReader.parse(line), case .string? = message["method"],
        let id = message["id"], id != .null, case .object = answer["result"] ?? .null
      {
        require(answer["id"] == id, "a reply under another id")
      }
    }
    require(server.handle(Array(#"{"jsonrpc":"2.0","id":"last","method":"ping"}"#.utf8)) != nil, "ping went unanswered")
  }
}
