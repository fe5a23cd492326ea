import Foundation
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// The MCP session without a daemon: the handshake, the tool table, and messages a hostile or careless client
/// sends, each answered with a JSON-RPC error while the server keeps going.
@Suite("MCP: the server's messages")
struct MCPServerTests {
  /// Keeps the command lines the tools would run.
  final class Recorder: MCPBackend {
    var lines: [[String]] = []
    var subscribed = false
    func run(_ tool: MCPTool, _ arguments: [String: JSONValue]) -> MCPToolResult {
      do {
        lines.append(try MCPArguments(tool, arguments).commandLine())
        return MCPToolResult(text: "ran \(tool.name)", structured: .object([:]))
      } catch {
        return MCPToolResult(text: error.message, isError: true)
      }
    }
    func readNow() -> Result<[JSONValue], StrideError> { .success([.object(["text": .string("Start with")])]) }
    func subscribe(_ on: Bool) { subscribed = on }
  }

  func reply(_ server: MCPServer, _ line: String) throws -> [String: JSONValue] {
    let data = try #require(server.handle(Array(line.utf8)), "no reply to \(line)")
    #expect(data.last == 0x0A)
    guard case .object(let object) = try JSONReader.parse(data.dropLast()) else { throw StrideError.invalid("") }
    #expect(object["jsonrpc"] == .string("2.0"))
    return object
  }

  func code(_ object: [String: JSONValue]) -> Int64? {
    guard case .object(let error)? = object["error"], case .integer(let code)? = error["code"] else { return nil }
    return code
  }

  @Test("initialize agrees a revision the client knows (else the newest); nothing but ping comes before it")
  func handshake() throws {
    let server = MCPServer(backend: Recorder())
    #expect(code(try reply(server, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)) == -32600)
    #expect(try reply(server, #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)["result"] == .object([:]))
    let old = try reply(
      server, #"{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#)
    guard case .object(let result)? = old["result"] else { throw StrideError.invalid("no result") }
    #expect(result["protocolVersion"] == .string("2025-06-18"))
    #expect(server.handle(Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8)) == nil)
    let future = MCPServer(backend: Recorder())
    let newest = try reply(
      future, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2099-01-01"}}"#)
    guard case .object(let agreed)? = newest["result"] else { throw StrideError.invalid("no result") }
    #expect(agreed["protocolVersion"] == .string("2025-11-25"))
    // A client that probes the stateless revision first hears that this server does not have it.
    #expect(code(try reply(future, #"{"jsonrpc":"2.0","id":2,"method":"server/discover"}"#)) == -32601)
  }

  @Test("every line a careless or hostile client sends gets an error, and the server keeps going")
  func hostile() throws {
    let recorder = Recorder()
    let server = MCPServer(backend: recorder)
    _ = try reply(server, #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
    let cases: [(String, Int64)] = [
      ("not json", -32700), (#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, -32600), ("42", -32600),
      (#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#, -32600), (#"{"jsonrpc":"2.0","id":1}"#, -32600),
      (#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#, -32600),
      (#"{"jsonrpc":"2.0","id":1,"method":"prompts/list"}"#, -32601),
      (#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[1]}"#, -32602),
      (#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"delete"}}"#, -32602),
      (#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"now","arguments":[]}}"#, -32602),
      (#"{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"file:///etc/passwd"}}"#, -32002),
    ]
    for (line, expected) in cases {
      #expect(code(try reply(server, line)) == expected, "\(line)")
    }
    // A response, and a notification, are owed nothing.
    #expect(server.handle(Array(#"{"jsonrpc":"2.0","id":5,"result":{}}"#.utf8)) == nil)
    #expect(server.handle(Array(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{}}"#.utf8)) == nil)
    #expect(try reply(server, #"{"jsonrpc":"2.0","id":"still","method":"ping"}"#)["id"] == .string("still"))
    #expect(recorder.lines.isEmpty)
  }

  @Test("a tool's arguments become its command's line, with the assistant's words after -- or as option values")
  func arguments() throws {
    let recorder = Recorder()
    let server = MCPServer(backend: recorder)
    _ = try reply(server, #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
    func call(_ name: String, _ arguments: String) throws -> (String, Bool) {
      let object = try reply(
        server,
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"\#(name)","arguments":\#(arguments)}}"#)
      guard case .object(let result)? = object["result"], case .array(let content)? = result["content"],
        case .object(let first)? = content.first, case .string(let text)? = first["text"]
      else { throw StrideError.invalid("no content") }
      return (text, result["isError"] == .bool(true))
    }
    _ = try call("capture", #"{"text":"--all","dryRun":true}"#)
    _ = try call("now", #"{"energy":"low","minutes":20,"list":"home","limit":3}"#)
    _ = try call("defer", #"{"id":12,"reason":"wrong-time","until":"next friday"}"#)
    _ = try call("done", #"{"id":"12.2"}"#)
    _ = try call("list", #"{"status":"done"}"#)
    #expect(
      recorder.lines == [
        ["--dry-run", "--", "--all"], ["--energy", "low", "--list", "home", "--for", "20m", "--limit", "3"],
        ["--until", "next friday", "--", "12", "wrong-time"], ["--", "12.2"], ["--status", "done"],
      ])
    #expect(
      try call("capture", #"{"text":"-"}"#) == (
        "there is nothing to capture; give the thought as text, like \"call the dentist tomorrow\"", true
      ))
    #expect(try call("capture", #"{}"#) == ("the capture tool needs text", true))
    #expect(try call("now", #"{"energy":"tired"}"#) == ("energy must be one of low, medium or high, not tired", true))
    #expect(try call("show", #"{"id":-3}"#) == ("id must be a whole number above 0, like 12", true))
    #expect(try call("undo", #"{"all":true}"#) == ("the undo tool has no argument all; it takes no arguments", true))
    #expect(recorder.lines.count == 5)
  }

  @Test("the resource reads, and subscribing is passed on")
  func resource() throws {
    let recorder = Recorder()
    let server = MCPServer(backend: recorder)
    _ = try reply(server, #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
    let listed = try reply(server, #"{"jsonrpc":"2.0","id":1,"method":"resources/list"}"#)
    #expect("\(listed)".contains("stride://now"))
    _ = try reply(server, #"{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"stride://now"}}"#)
    #expect(recorder.subscribed)
    let read = try reply(server, #"{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"stride://now"}}"#)
    #expect(read["result"] == .object(["contents": .array([.object(["text": .string("Start with")])])]))
    let notification = try #require(MCPServer.nowChanged)
    #expect(
      String(decoding: notification, as: UTF8.self)
        == #"{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"stride://now"}}"# + "\n")
  }
}
