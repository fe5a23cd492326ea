import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StridePlatform

/// Every reply of a real `stride mcp` session, in each revision it speaks, validated against MCP's official schema
/// file of that revision (vendored in MCP/Schemas, read by the `jsonschema` package the SDK brings): the results of
/// each method, the tools' results and errors, and the errors of malformed messages.
@Suite("MCP: every reply validates against the official schema of its revision", .serialized)
struct MCPSchemaTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

  /// A request line, and the method its reply answers (nil: a notification, owed nothing).
  typealias Line = (text: String, method: String?)

  @Test(
    "results, tool results and errors of a whole session",
    arguments: ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"])
  func session(revision: String) throws {
    let cli = CommandLineHarness(at: "2026-11-25T12:00:00Z")
    defer { cli.finish() }
    let lines = revision == "2026-07-28" ? Self.stateless() : Self.handshake(revision)
    let output = ExternalCommand.run(
      ["/usr/bin/env"] + cli.environment.map { "\($0.key)=\($0.value)" } + [cli.binaries + "/stride", "mcp"],
      input: Array(lines.map(\.text).joined(separator: "\n").utf8) + [0x0A], timeout: 120)
    let replies = try #require(output, "stride mcp failed").split(separator: 0x0A).map {
      try JSONSerialization.jsonObject(with: Data($0))
    }
    // Each request's method by its id, as the line says them.
    var methods: [Int: String] = [:]
    for line in lines {
      let object = try? JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any]
      if let id = object?["id"] as? Int, let method = object?["method"] as? String { methods[id] = method }
    }
    var cases: [[String: Any]] = []
    for reply in replies {
      // A batch's replies are all pings; a reply without an id answers a message whose id could not be read.
      if let batch = reply as? [[String: Any]] {
        cases.append(["method": "ping", "reply": batch])
        continue
      }
      let object = try #require(reply as? [String: Any])
      guard object["method"] == nil else { continue }
      cases.append(["method": (object["id"] as? Int).flatMap { methods[$0] } ?? "error", "reply": object])
    }
    #expect(cases.count == lines.count { $0.method != nil }, "one reply to each request")
    let file = Fixtures.temporaryDirectory() + "/cases.json"
    try JSONSerialization.data(withJSONObject: cases).write(to: URL(fileURLWithPath: file))
    let modules = PythonPackage.path(module: "jsonschema", package: "jsonschema")
    let verdict = ExternalCommand.run(
      ["/usr/bin/env"] + (modules.map { ["PYTHONPATH=" + $0] } ?? []) + [
        "python3", "-W", "ignore", Self.folder + "/mcp_schema.py", Self.folder + "/Schemas/\(revision).json", file,
      ], input: [], timeout: 120)
    let found = try #require(
      try verdict.map { try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] } ?? nil,
      "the schema check failed; run Tests/StrideCoreTests/MCP/mcp_schema.py by hand to see why")
    #expect(found["checked"] as? Int ?? 0 >= cases.count)
    #expect((found["failures"] as? [String]) == [], "\(revision)")
  }

  /// The lines of a session that opens with `initialize`; each request's id is its line's index.
  static func handshake(_ revision: String) -> [Line] {
    let opening = #""protocolVersion":"\#(revision)","capabilities":{},"clientInfo":{"name":"schema","version":"1"}"#
    var lines = requests(
      [
        ("initialize", "{\(opening)}"), ("ping", "{}"), ("tools/list", "{}"), ("resources/list", "{}"),
        ("resources/templates/list", "{}"),
      ] + toolCalls("") + [
        ("resources/read", #"{"uri":"stride://now"}"#), ("resources/subscribe", #"{"uri":"stride://now"}"#),
        ("resources/read", #"{"uri":"stride://later"}"#), ("prompts/list", "{}"),
      ])
    lines.insert((#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, nil), at: 1)
    lines += malformed()
    if revision == "2025-03-26" {
      lines.append(
        (#"[{"jsonrpc":"2.0","id":900,"method":"ping"},{"jsonrpc":"2.0","id":901,"method":"ping"}]"#, "ping"))
    }
    return lines
  }

  /// The lines of a session in the stateless revision: every request carries its revision in `_meta`.
  static func stateless() -> [Line] {
    let meta =
      #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#
    return requests(
      [
        ("server/discover", "{\(meta)}"), ("tools/list", "{\(meta)}"), ("resources/list", "{\(meta)}"),
        ("resources/templates/list", "{\(meta)}"),
      ] + toolCalls(meta + ",") + [
        ("resources/read", #"{"uri":"stride://now",\#(meta)}"#), ("tools/list", "{}"), ("prompts/list", "{\(meta)}"),
      ]) + malformed()
  }

  /// Every tool's success and its refusals: a dry run, a capture, now, a task that is not there, bad arguments.
  static func toolCalls(_ meta: String) -> [(String, String)] {
    [
      #"{\#(meta)"name":"capture","arguments":{"text":"call the dentist tomorrow 9am ~10m","dryRun":true}}"#,
      #"{\#(meta)"name":"capture","arguments":{"text":"call the dentist tomorrow 9am ~10m !low"}}"#,
      #"{\#(meta)"name":"now","arguments":{}}"#, #"{\#(meta)"name":"show","arguments":{"id":"99"}}"#,
      #"{\#(meta)"name":"defer","arguments":{"id":"1","reason":"bored"}}"#,
      #"{\#(meta)"name":"find","arguments":{"query":"dentist"}}"#,
      #"{\#(meta)"name":"delete","arguments":{}}"#,
    ].map { ("tools/call", $0) }
  }

  /// Requests as lines, each with its index as its id.
  static func requests(_ calls: [(String, String)]) -> [Line] {
    calls.enumerated().map { index, call in
      (#"{"jsonrpc":"2.0","id":\#(index),"method":"\#(call.0)","params":\#(call.1)}"#, call.0)
    }
  }

  /// Messages that are wrong in themselves: each gets an error reply, without an id where none could be read.
  static func malformed() -> [Line] {
    [
      ("not json", "error"), (#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, "error"),
      (#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, "error"), (#"{"jsonrpc":"2.0","method":5,"id":"x"}"#, "error"),
    ]
  }
}
