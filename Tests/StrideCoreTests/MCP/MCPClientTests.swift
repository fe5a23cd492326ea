import Foundation
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StridePlatform
@testable import StrideProtocol

/// `stride mcp` driven by the official MCP SDK's client (Python `mcp` from PyPI, installed like Radicale), as an
/// assistant app runs it: the real `stride mcp` over stdio, starting a real daemon in a private folder.
@Suite("MCP: the official client drives stride mcp", .serialized)
struct MCPClientTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "mcp_client.py"
  ).path

  @Test(
    "tools listed, capture (and its dry run), now with why, defer, done, errors as sentences, the resource",
    arguments: [("auto", "2026-07-28"), ("legacy", "2025-11-25")])
  func endToEnd(mode: String, revision: String) throws {
    // A Wednesday noon: "tomorrow 9am" and the ranking read the same on any day and at any hour.
    let cli = CommandLineHarness(at: "2026-11-25T12:00:00Z")
    defer { cli.finish() }
    let environment = String(decoding: try JSONEncoder().encode(cli.environment), as: UTF8.self)
    // The revisions the SDK offers and picks are its release's: the test pins the release it was written against.
    let modules = PythonPackage.path(module: "mcp", package: "mcp", version: "2.3.0")
    let output = ExternalCommand.run(
      ["/usr/bin/env"] + (modules.map { ["PYTHONPATH=" + $0] } ?? []) + [
        "python3", "-W", "ignore", Self.script, cli.binaries + "/stride", environment, mode,
      ], input: [], timeout: 120)
    let seen = try #require(
      try output.map { try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] } ?? nil,
      "the MCP client failed; run Tests/StrideCoreTests/MCP/mcp_client.py by hand to see why")

    // The SDK's default finds the stateless revision through server/discover; the handshake still works.
    #expect(seen["version"] as? String == revision)
    if mode == "auto" { #expect(seen["honored"] as? [String] == ["stride://now"]) }
    #expect(seen["server"] as? String == "stride")
    #expect(
      seen["tools"] as? [String] == [
        "capture", "defer", "done", "energy", "find", "list", "now", "show", "start", "stop", "undo",
      ])
    #expect(seen["deferReasons"] as? [String] == DeferReason.allCases.map(\.rawValue))

    let dry = try #require(seen["dryRun"] as? [String: Any])
    #expect((dry["text"] as? String)?.hasPrefix("Would add this task (nothing was saved):") == true)
    #expect((dry["text"] as? String)?.contains("Due:       tomorrow at 09:00") == true)
    let capture = try #require(seen["capture"] as? [String: Any])
    #expect(
      capture["text"] as? String
        == "Added task 1, \"call the dentist\".\nRead as: due tomorrow at 09:00; about 10 min; low energy (from \"!low\")."
    )
    #expect(seen["resources"] as? [String] == ["stride://now"])

    let now = try #require(seen["now"] as? [String: Any])
    #expect(
      (now["text"] as? String)?.hasPrefix("For your low energy, start with one of these:\n1 of 2, task 1") == true)
    #expect(now["ids"] as? [Int] == [1, 2])
    #expect((now["why"] as? [[String]])?.first?.contains("fits your 20 min") == true)

    let deferred = try #require(seen["defer"] as? [String: Any])
    #expect((deferred["text"] as? String)?.hasPrefix("Deferred task 1, \"call the dentist\", as no-energy:") == true)
    #expect(deferred["status"] as? String == "deferred")
    let done = try #require(seen["done"] as? [String: Any])
    #expect(done["text"] as? String == "Done: step 2.1, \"guests\".\nNext step 2.2: food (1/3 done).")

    // A focus session: started on the task's next step; a second start names it and changes nothing.
    let start = try #require(seen["start"] as? [String: Any])
    #expect((start["text"] as? String)?.hasPrefix("Focus on task 2, step 2: food. ") == true)
    #expect((start["left"] as? Int).map { (1_700...1_800).contains($0) } == true)
    let again = try #require(seen["startAgain"] as? [String: Any])
    #expect(again["isError"] as? Bool == true)
    #expect((again["text"] as? String)?.contains("focus session on task 2 (plan the party) is running") == true)
    let stop = try #require(seen["stop"] as? [String: Any])
    #expect((stop["text"] as? String)?.hasPrefix("Stopped focusing on task 2: plan the party, after") == true)
    #expect(stop["ending"] as? String == "stopped")

    let missing = try #require(seen["missing"] as? [String: Any])
    #expect(missing["isError"] as? Bool == true)
    #expect(missing["text"] as? String == "No task 99; the list and find tools show the tasks.")
    let wrong = try #require(seen["wrongReason"] as? [String: Any])
    #expect(wrong["isError"] as? Bool == true)
    #expect(
      wrong["text"] as? String
        == "Reason must be one of blocked, no-energy, wrong-time, unsure or not-important, not later.")

    let restarted = try #require(seen["afterRestart"] as? [String: Any])
    #expect(restarted["isError"] as? Bool == false)
    #expect((restarted["text"] as? String)?.hasPrefix("Focus on task 2, step 2: food.") == true)

    // The resource is the now-list as it stands (task 1 deferred, a step of task 2 done and a session on it, which
    // ran on through the daemon's restart), and a subscriber heard of the changes.
    let resource = try #require((seen["resource"] as? [String])?.first)
    #expect(resource.hasPrefix("Focus on task 2, step 2: food. "))
    #expect(
      resource.hasSuffix("minutes left.\nNothing else is asking for you; stay with this one, or stop with: stride stop")
    )
    #expect(seen["updates"] as? [String] == ["stride://now"])
    #expect(seen["heardFirst"] as? Bool == true, "subscribed before the daemon ran, the first capture is heard")
    // What the assistant did is what the CLI sees.
    #expect(cli.stride("show", "1").stdout.contains("deferred"))
  }
}
