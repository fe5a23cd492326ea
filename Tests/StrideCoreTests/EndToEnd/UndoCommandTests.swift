import Foundation
import Testing

@testable import StrideCore

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
    #expect(TerminalSession.of(pid: getppid())?.hasPrefix("session ") == true)
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
    #expect(undo.stdout == "Undid: added task 1 (call the bank).\n")
    let list = cli.stride("list")
    #expect(list.stdout.contains("water the plants"))
    #expect(!list.stdout.contains("call the bank"))

    let again = cli.stride("undo")
    #expect(
      again.stdout
        == "Nothing done in this terminal is left to undo, so this undid the latest change made elsewhere: "
        + "added task 2 (water the plants).\n")
    let none = cli.stride("undo")
    #expect(none.status == 1)
    #expect(none.stderr.contains("there is nothing to undo"))
    let sync = cli.stride("undo", "--sync")
    #expect(sync.status == 1)
    #expect(sync.stderr.contains("no change received from sync is left to undo"))
  }
}

/// `stride done` with several tasks and steps at once.
@Suite("End to end: done with several at once")
struct DoneSeveralTests {
  @Test("each is done and said in its own sentence; one that cannot be is said on stderr, and the rest still happen")
  func several() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "water the plants")
    cli.stride("add", "call mum")
    cli.stride("add", "plan the party: guests; food")
    let both = cli.stride("done", "1", "3.1")
    #expect(both.status == 0, "\(both.stderr)")
    #expect(
      both.stdout
        == "Done: task 1, \"water the plants\".\nDone: step 3.1, \"guests\".\nNext step 3.2: food (1/2 done).\n")
    let partly = cli.stride("done", "9", "2", "1")
    #expect(partly.status == 1)
    #expect(partly.stdout == "Done: task 2, \"call mum\".\n")
    #expect(partly.stderr.contains("stride: no task 9"), "\(partly.stderr)")
    #expect(partly.stderr.contains("task 1 is already done"), "\(partly.stderr)")
    #expect(partly.stderr.split(separator: "\n").count == 2, "one line each")
    let typo = cli.stride("done", "2", "x")
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("'x' is not a task id"))
  }
}
