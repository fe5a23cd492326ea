import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideWire

/// Docs/protocol.md is the golden file: its `→` requests are replayed in order on one connection to a fresh daemon,
/// and what the daemon writes back (a reply's parts, the reply, then any event notifications) must equal the `←` lines after it. A
/// `⏰ TIME` line runs the wake-up timer and the focus timer at that instant; the events they send follow as `←` lines. Set
/// STRIDE_UPDATE_GOLDEN=1 to rewrite the `←` lines after a deliberate change (adding and dropping lines as the
/// output now has more or fewer), then read the diff.
@Suite("Protocol golden examples")
struct GoldenProtocolTests {
  static let path = Repository.root + "/Docs/protocol.md"

  @Test("every example in Docs/protocol.md gets exactly the documented reply and events")
  func docsExamples() throws {
    let text = try String(contentsOfFile: Self.path, encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    var rewritten: [String] = []
    let dispatcher = try TestDispatcher.make()
    let session = ConnectionSession()
    // A reply in parts is written ahead of its response, as the server writes it.
    var ahead: [String] = []
    session.writeAhead = { ahead.append(String(decoding: $0.dropLast(), as: UTF8.self)) }
    let updating = ProcessInfo.processInfo.environment["STRIDE_UPDATE_GOLDEN"] == "1"
    var expected = [
      String(
        decoding: Server.greeting(serverName: "strided/\(strideVersion)", limits: Server.Limits()).dropLast(),
        as: UTF8.self)
    ]
    var checked = 0
    var methods: Set<String> = []
    // The example calendar files are named from the repository, which is wherever it was cloned.
    let examples = Repository.root + "/Docs/examples"
    func events() -> [String] {
      dispatcher.settle()
      return (session.subscription?.take().lines ?? []).map { String(decoding: $0.dropLast(), as: UTF8.self) }
    }
    for index in lines.indices {
      let line = lines[index]
      if line.hasPrefix("→ ") || line.hasPrefix("⏰ ") {
        if updating {
          rewritten += expected.map { "← " + $0 }
          expected = []
        }
        #expect(expected.isEmpty, "line \(index + 1) of Docs/protocol.md: undocumented output before it: \(expected)")
      }
      if line.hasPrefix("→ ") {
        let sent = String(line.dropFirst(2)).replacingOccurrences(of: "{{examples}}", with: examples)
        let reply = TestDispatcher.reply(dispatcher, sent, session: session)
        expected = (ahead + [reply] + events()).map { $0.replacingOccurrences(of: examples, with: "{{examples}}") }
        ahead = []
        if case .success(let parsed) = Request.parse(Array(sent.utf8)) { methods.insert(parsed.method) }
      } else if line.hasPrefix("⏰ ") {
        let instant = try #require(Timestamp.parse(String(line.dropFirst(2))), "line \(index + 1)")
        _ = dispatcher.wake(at: instant)
        _ = dispatcher.focusTimer.look(at: instant)
        expected = events()
      } else if line.hasPrefix("←") {
        guard !expected.isEmpty else {
          if !updating { Issue.record("line \(index + 1) of Docs/protocol.md: nothing more was written") }
          continue
        }
        let written = expected.removeFirst()
        checked += 1
        if updating {
          rewritten.append("← " + written)
          continue
        }
        #expect(String(line.dropFirst(2)) == written, "line \(index + 1) of Docs/protocol.md")
      }
      rewritten.append(line)
    }
    if updating {
      try (rewritten + expected.map { "← " + $0 }).joined(separator: "\n").write(
        toFile: Self.path, atomically: true, encoding: .utf8)
      expected = []
    }
    #expect(expected.isEmpty, "undocumented output at the end of Docs/protocol.md: \(expected)")
    #expect(checked > 30)
    #expect(
      methods.isSuperset(of: Method.allCases.map(\.rawValue)),
      "methods without an example: \(Set(Method.allCases.map(\.rawValue)).subtracting(methods))")
  }
}
