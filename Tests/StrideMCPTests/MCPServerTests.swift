import Foundation
import Testing

@testable import StrideBase
@testable import StrideClientKit
@testable import StrideJSON
@testable import StrideMCP

/// The MCP session without a daemon: the handshake, the tool table, and messages a hostile or careless client
/// sends, each answered with a JSON-RPC error while the server keeps going.
@Suite("MCP: the server's messages")
struct MCPServerTests {
  /// Keeps the command lines the tools would run.
  final class Recorder: MCPBackend {
    var lines: [[String]] = []
    /// What the server asked the watcher to send on a change (nil: nothing), and the lines to write first.
    var notice: [UInt8]?
    var first: [String] = []
    func run(_ tool: MCPTool, _ arguments: [String: JSONValue]) -> MCPToolResult {
      do {
        lines.append(try MCPArguments(tool, arguments).commandLine())
        return MCPToolResult(text: "ran \(tool.name)", structured: .object([:]))
      } catch {
        return MCPToolResult(text: error.message, isError: true)
      }
    }
    func readNow() -> Result<[JSONValue], StrideError> { .success([.object(["text": .string("Start with")])]) }
    func watchNow(_ notice: [UInt8]?, after first: [UInt8]?) {
      self.notice = notice
      self.first += first.map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []
    }
  }

  func reply(_ server: MCPServer, _ line: String) throws -> [String: JSONValue] {
    let data = try #require(server.handle(Array(line.utf8)), "no reply to \(line)")
    #expect(data.last == 0x0A)
    guard case .object(let object) = try JSONReader.parse(data.dropLast()) else { throw StrideError.invalid("") }
    #expect(object["jsonrpc"] == .string("2.0"))
    return object
  }

  /// An initialize request as every revision's schema has it.
  static func initialize(_ version: String, id: Int = 0) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"initialize","params":{"protocolVersion":"\#(version)","#
      + #""capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#
  }

  func code(_ object: [String: JSONValue]) -> Int64? {
    guard case .object(let error)? = object["error"], case .integer(let code)? = error["code"] else { return nil }
    return code
  }

  @Test("the defer tool tells the assistant what each reason really does, in the same rules as stride help defer")
  func deferToolSaysTheRules() throws {
    let tool = try #require(MCPTool.all.first { $0.id == .defer })
    for reason in DeferReason.allCases {
      #expect(tool.description.contains("\(reason.rawValue): \(reason.rule(until: "until", on: nil))."), "\(reason)")
    }
    // The tool takes no other task to wait on, and no promise it does not keep ("back this evening", "back tomorrow").
    #expect(!tool.description.contains("--"))
    #expect(!tool.description.contains("this evening") && !tool.description.contains("back tomorrow"))
  }

  @Test("initialize agrees a revision the client knows (else the newest); nothing but ping comes before it")
  func handshake() throws {
    let server = MCPServer(backend: Recorder())
    #expect(code(try reply(server, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)) == -32600)
    #expect(try reply(server, #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)["result"] == .object([:]))
    let old = try reply(
      server, Self.initialize("2025-06-18", id: 3))
    guard case .object(let result)? = old["result"] else { throw StrideError.invalid("no result") }
    #expect(result["protocolVersion"] == .string("2025-06-18"))
    #expect(server.handle(Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8)) == nil)
    let future = MCPServer(backend: Recorder())
    let newest = try reply(
      future, Self.initialize("2099-01-01", id: 1))
    guard case .object(let agreed)? = newest["result"] else { throw StrideError.invalid("no result") }
    #expect(agreed["protocolVersion"] == .string("2025-11-25"))
    // Once the handshake began, the stateless revision's methods and envelope are refused.
    #expect(code(try reply(future, #"{"jsonrpc":"2.0","id":2,"method":"server/discover"}"#)) == -32601)
    #expect(
      code(try reply(future, #"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{\#(Self.envelope)}}"#)) == -32600
    )
  }

  @Test("every line a careless or hostile client sends gets an error, and the server keeps going")
  func hostile() throws {
    let recorder = Recorder()
    let server = MCPServer(backend: recorder)
    _ = try reply(server, Self.initialize("2025-11-25"))
    let cases: [(String, Int64)] = [
      ("not json", -32700), (#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, -32600), ("42", -32600),
      (#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#, -32600), (#"{"jsonrpc":"2.0","id":1}"#, -32600),
      (#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#, -32600),
      (#"{"jsonrpc":"2.0","id":1,"method":"prompts/list"}"#, -32601),
      (#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[1]}"#, -32602),
      (#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"delete"}}"#, -32602),
      (#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"now","arguments":[]}}"#, -32602),
      (#"{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"file:///etc/passwd"}}"#, -32002),
      (#"{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{}}"#, -32602),
      (#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, -32600),
      (#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, -32600),
      (#"{"jsonrpc":"2.0","id":1,"method":5}"#, -32600),
    ]
    for (line, expected) in cases {
      let answer = try reply(server, line)
      #expect(code(answer) == expected, "\(line)")
      // Where no id could be read, the reply leaves it out: no revision's schema allows a null id.
      #expect(answer["id"] != .null, "\(line)")
    }
    // Bytes that are not UTF-8 inside a string are a parse error, never mended or dropped.
    let call = Array(
      #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"find","arguments":{"query":""#.utf8)
    let broken = try #require(server.handle(call + [0xFF, 0xFE] + Array(#""}}}"#.utf8)))
    #expect(try JSONReader.parse(broken.dropLast())["error"]?["code"] == .integer(-32700))
    // A response, and a notification, are owed nothing.
    #expect(server.handle(Array(#"{"jsonrpc":"2.0","id":5,"result":{}}"#.utf8)) == nil)
    #expect(server.handle(Array(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{}}"#.utf8)) == nil)
    #expect(try reply(server, #"{"jsonrpc":"2.0","id":"still","method":"ping"}"#)["id"] == .string("still"))
    #expect(recorder.lines.isEmpty)
  }

  @Test("initialize without the fields every revision requires is refused as invalid params")
  func initializeNeedsItsFields() throws {
    for params in [
      "", #","params":{}"#, #","params":{"protocolVersion":5}"#, #","params":{"protocolVersion":"2025-11-25"}"#,
    ] {
      let server = MCPServer(backend: Recorder())
      #expect(
        code(try reply(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize"\#(params)}"#)) == -32602, "\(params)")
      #expect(server.version == nil)
    }
  }

  @Test("a 2025-03-26 session takes a batch and answers it as one array; other revisions refuse one")
  func batches() throws {
    let server = MCPServer(backend: Recorder())
    _ = try reply(server, Self.initialize("2025-03-26"))
    let batch =
      #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},"#
      + #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}]"#
    let data = try #require(server.handle(Array(batch.utf8)))
    guard case .array(let answers) = try JSONReader.parse(data.dropLast()) else { throw StrideError.invalid("") }
    #expect(answers.map { $0["id"] } == [.integer(1), .integer(2)])
    #expect(server.handle(Array(#"[{"jsonrpc":"2.0","method":"notifications/initialized"}]"#.utf8)) == nil)
    #expect(code(try reply(server, "[]")) == -32600)
    let later = MCPServer(backend: Recorder())
    _ = try reply(later, Self.initialize("2025-06-18"))
    #expect(code(try reply(later, #"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)) == -32600)
  }

  @Test("a tool's arguments become its command's line, with the assistant's words after -- or as option values")
  func arguments() throws {
    let recorder = Recorder()
    let server = MCPServer(backend: recorder)
    _ = try reply(server, Self.initialize("2025-11-25"))
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
    _ = try reply(server, Self.initialize("2025-11-25"))
    let listed = try reply(server, #"{"jsonrpc":"2.0","id":1,"method":"resources/list"}"#)
    #expect("\(listed)".contains("stride://now"))
    _ = try reply(server, #"{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"stride://now"}}"#)
    #expect(recorder.notice == MCPServer.nowChanged)
    let read = try reply(server, #"{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"stride://now"}}"#)
    #expect(read["result"] == .object(["contents": .array([.object(["text": .string("Start with")])])]))
    let notification = try #require(MCPServer.nowChanged)
    #expect(
      String(decoding: notification, as: UTF8.self)
        == #"{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"stride://now"}}"# + "\n")
  }

  static let envelope =
    #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#

  func result(_ object: [String: JSONValue]) throws -> [String: JSONValue] {
    guard case .object(let result)? = object["result"] else { throw StrideError.invalid("no result in \(object)") }
    return result
  }

  @Test("the stateless revision: discover, an envelope on every request, results stamped, no initialize after")
  func stateless() throws {
    let server = MCPServer(backend: Recorder())
    let discovered = try result(
      try reply(server, #"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{\#(Self.envelope)}}"#))
    #expect(discovered["supportedVersions"] == .array([.string("2026-07-28")]))
    #expect(discovered["resultType"] == .string("complete"))
    #expect(discovered["ttlMs"] == .integer(0))
    #expect("\(discovered["_meta"] ?? .null)".contains("io.modelcontextprotocol/serverInfo"))
    #expect(server.version == "2026-07-28")
    let tools = try result(
      try reply(server, #"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{\#(Self.envelope)}}"#))
    #expect(tools["cacheScope"] == .string("private"))
    let called = try result(
      try reply(
        server,
        #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"now","arguments":{},\#(Self.envelope)}}"#))
    #expect(called["resultType"] == .string("complete"))
    #expect(called["ttlMs"] == nil)

    // Without the envelope, or with a revision it does not speak, or the handshake: refused, naming what it speaks.
    #expect(code(try reply(server, #"{"jsonrpc":"2.0","id":4,"method":"tools/list"}"#)) == -32602)
    let future = try reply(
      server,
      #"{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"#
        + #""2031-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}"#)
    #expect(code(future) == -32022)
    #expect("\(future)".contains("2026-07-28") && "\(future)".contains("2031-01-01"))
    let handshake = try reply(
      server, Self.initialize("2025-11-25", id: 6))
    #expect(code(handshake) == -32022)
    #expect(
      code(
        try reply(
          server,
          #"{"jsonrpc":"2.0","id":7,"method":"resources/subscribe","params":{"uri":"stride://now",\#(Self.envelope)}}"#)
      ) == -32601)
  }

  @Test("subscriptions/listen: acknowledged first, each change names the stream, a new stream ends the last")
  func listen() throws {
    let recorder = Recorder()
    let server = MCPServer(backend: recorder)
    func listen(_ id: String, _ uris: String) {
      let line =
        #"{"jsonrpc":"2.0","id":"\#(id)","method":"subscriptions/listen","params":{"notifications":"#
        + #"{"resourceSubscriptions":\#(uris),"toolsListChanged":true},\#(Self.envelope)}}"#
      #expect(server.handle(Array(line.utf8)) == nil, "the stream's answer comes when it ends")
    }
    listen("a", #"["stride://now","file:///etc"]"#)
    #expect(
      recorder.first == [
        #"{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":"#
          + #"{"io.modelcontextprotocol/subscriptionId":"a"},"notifications":{"resourceSubscriptions":["stride://now"]}}}"#
      ])
    #expect(
      recorder.notice.map { String(decoding: $0, as: UTF8.self) }
        == #"{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"_meta":"#
        + #"{"io.modelcontextprotocol/subscriptionId":"a"},"uri":"stride://now"}}"# + "\n")
    recorder.first = []
    listen("b", "[]")
    #expect(recorder.first.count == 2)
    #expect(recorder.first.first?.contains(#""id":"a","jsonrpc":"2.0","result":{"#) == true)
    #expect(recorder.notice == nil, "a stream that asked for nothing hears of nothing")
    listen("c", #"["stride://now"]"#)
    #expect(recorder.notice != nil)
    // Cancelling another request leaves the stream; cancelling the stream ends it, with no answer.
    recorder.first = []
    _ = server.handle(Array(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"b"}}"#.utf8))
    #expect(recorder.notice != nil)
    _ = server.handle(Array(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"c"}}"#.utf8))
    #expect(recorder.notice == nil)
    #expect(recorder.first.isEmpty)
  }
}
