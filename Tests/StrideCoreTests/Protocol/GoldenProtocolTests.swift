import Foundation
import Testing

@testable import StrideCore

/// Docs/protocol.md is the golden file: its `→` requests are replayed in order against a fresh daemon, and each
/// reply must equal the `←` line after it. Set STRIDE_UPDATE_GOLDEN=1 to rewrite the replies after a deliberate
/// change, then read the diff.
@Suite("Protocol golden examples")
struct GoldenProtocolTests {
  static let path = Repository.root + "/Docs/protocol.md"

  @Test("every example in Docs/protocol.md gets exactly the documented reply")
  func docsExamples() throws {
    let text = try String(contentsOfFile: Self.path, encoding: .utf8)
    var lines = text.components(separatedBy: "\n")
    let dispatcher = try TestDispatcher.make()
    let greeting = String(
      decoding: Server.greeting(serverName: "strided/\(strideVersion)", limits: Server.Limits()).dropLast(),
      as: UTF8.self)
    var request: String?
    var checked = 0
    var methods: Set<String> = []
    for index in lines.indices {
      let line = lines[index]
      if line.hasPrefix("→ ") {
        request = String(line.dropFirst(2))
        continue
      }
      guard line.hasPrefix("←") else { continue }
      let expected: String
      if let sent = request {
        expected = TestDispatcher.reply(dispatcher, sent)
        if case .success(let parsed) = Request.parse(Array(sent.utf8)) { methods.insert(parsed.method) }
      } else {
        expected = greeting
      }
      request = nil
      checked += 1
      if ProcessInfo.processInfo.environment["STRIDE_UPDATE_GOLDEN"] == "1" {
        lines[index] = "← " + expected
      } else {
        #expect(String(line.dropFirst(2)) == expected, "reply on line \(index + 1) of Docs/protocol.md")
      }
    }
    if ProcessInfo.processInfo.environment["STRIDE_UPDATE_GOLDEN"] == "1" {
      try lines.joined(separator: "\n").write(toFile: Self.path, atomically: true, encoding: .utf8)
    }
    #expect(checked > 30)
    #expect(
      methods.isSuperset(of: allMethodNames), "methods without an example: \(Set(allMethodNames).subtracting(methods))")
  }
}
