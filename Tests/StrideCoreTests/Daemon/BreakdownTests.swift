import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel

/// The optional step program (`capture.breakdownCommand` in config.json), which the daemon runs on a capture.
@Suite("Breakdown command")
struct BreakdownTests {
  func script(_ body: String) throws -> String {
    let path = Fixtures.temporaryDirectory() + "/steps.sh"
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    return path
  }

  /// The script runs through /bin/sh: executing a file just written races with other tests' forks (ETXTBSY).
  func breakdown(_ path: String, timeout: Double = 3) -> Breakdown {
    Breakdown(
      config: StrideConfig(capture: .init(breakdownCommand: ["/bin/sh", path], breakdownTimeoutSeconds: timeout)))!
  }

  let draft = TaskDraft(title: "plan the trip", rawInput: "plan the trip", steps: ["built in"])

  @Test("the program's steps replace the built-in ones, and it sees the raw text")
  func replaces() throws {
    let path = try script(
      #"input=$(cat); case "$input" in *'"text":"plan the trip"'*) echo '{"steps":["book train","pack"]}';; *) echo '{"steps":["wrong input"]}';; esac"#
    )
    #expect(breakdown(path).apply(to: draft).steps == ["book train", "pack"])
  }

  @Test(
    "on any failure the built-in steps stand",
    arguments: [
      "exit 3", "echo 'not json'", "echo '{\"steps\":[]}'", "echo '{\"steps\":[\"  \"]}'", "sleep 5; echo '[\"late\"]'",
    ])
  func fallsBack(_ body: String) throws {
    let path = try script(body)
    let started = Date()
    #expect(breakdown(path, timeout: 0.5).apply(to: draft).steps == ["built in"])
    #expect(Date().timeIntervalSince(started) < 4, "a slow program is stopped at its timeout")
  }

  @Test("a program that is not there is a failure like any other")
  func missing() {
    let missing = Breakdown(config: StrideConfig(capture: .init(breakdownCommand: ["/nonexistent/steps"])))!
    #expect(missing.apply(to: draft).steps == ["built in"])
  }

  @Test("config.json: absent means defaults; a string or an array names the program; bad JSON names the file")
  func config() throws {
    let directory = Fixtures.temporaryDirectory()
    #expect(try StrideConfig.load(path: directory + "/none.json") == StrideConfig())
    try #"{"capture":{"breakdownCommand":"/bin/steps"}}"#.write(
      toFile: directory + "/a.json", atomically: true, encoding: .utf8)
    #expect(try StrideConfig.load(path: directory + "/a.json").capture.breakdownCommand == ["/bin/steps"])
    try "{ not json".write(toFile: directory + "/b.json", atomically: true, encoding: .utf8)
    #expect {
      try StrideConfig.load(path: directory + "/b.json")
    } throws: { error in
      (error as? StrideError)?.message.contains(directory + "/b.json") == true
    }
  }
}
