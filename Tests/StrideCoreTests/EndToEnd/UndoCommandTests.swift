import Foundation
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StridePlatform
@testable import StrideProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// `stride undo` in two terminals, through the built binaries: each takes back its own changes.
@Suite("End to end: undo in two terminals")
struct UndoCommandTests {
  @Test("the daemon knows a terminal by its session: every process of this test shares the test's own")
  func terminalSession() throws {
    let mine = try #require(TerminalSession.of(pid: getpid()))
    #expect(mine.hasPrefix("session \(getsid(0)) "))
    #expect(!mine.hasSuffix(" started 0"), "the session leader's start time was not read: \(mine)")
    // A child, as each `stride` command is of the shell, is in the same session.
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/sleep")
    child.arguments = ["5"]
    try child.run()
    defer { child.terminate() }
    #expect(TerminalSession.of(pid: child.processIdentifier) == mine)
    #expect(TerminalSession.of(pid: -1) == nil)
  }

  @Test("undo in one terminal leaves another terminal's capture alone, and says so when it has to reach for one")
  func twoTerminals() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    #expect(cli.stride("add", "call the bank").status == 0)
    // `setsid` runs the command in a session of its own: another terminal, as far as the daemon can tell.
    let other = cli.run("/usr/bin/setsid", ["-w", cli.binaries + "/stride", "add", "water the plants"])
    #expect(other.status == 0, "\(other.stderr)")

    let undo = cli.stride("undo")
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(undo.stdout == "Undid: added task 1, \"call the bank\".\n")
    let list = cli.stride("list")
    #expect(list.stdout.contains("water the plants"))
    #expect(!list.stdout.contains("call the bank"))

    let again = cli.stride("undo")
    #expect(
      again.stdout
        == "Nothing done in this terminal is left to undo, so this undid the latest change made elsewhere: "
        + "added task 2, \"water the plants\".\n")
    let none = cli.stride("undo")
    #expect(none.status == 1)
    #expect(none.stderr.contains("there is nothing to undo"))
    let sync = cli.stride("undo", "--sync")
    #expect(sync.status == 1)
    #expect(sync.stderr.contains("no change received from sync is left to undo"))
  }
}
