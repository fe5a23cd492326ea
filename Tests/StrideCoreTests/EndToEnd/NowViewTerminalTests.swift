import Foundation
import StrideTestSupport
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideNowView
@testable import StridePlatform
@testable import StrideProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// A real terminal: tmux, started by the test on a socket of its own, runs a shell; the test types `stride` into
/// it, sends keys, and reads the screen as a person would see it. `.ci/run` installs tmux when it is missing.
final class TmuxTerminal {
  /// A Wednesday morning, so the sheet's "tonight" is this evening, whenever the suite runs.
  let harness = CommandLineHarness(at: "2026-11-25T10:00:00Z")
  let socket: String
  static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

  init(width: Int = 80, height: Int = 24) {
    socket = harness.root + "/tmux.sock"
    let exports = harness.environment.filter { $0.key != "PATH" }.map { "\($0.key)='\($0.value)'" }
    // A plain shell with the harness's environment and stride first on its PATH. The server tmux starts keeps the
    // descriptors it was given, so it gets none of the test's pipes.
    let shell =
      "exec env -i \(exports.joined(separator: " ")) TERM=xterm-256color PATH=\(harness.binaries):/usr/bin:/bin "
      + "PS1='$ ' sh"
    _ = ExternalCommand.run(
      [
        "/bin/sh", "-c",
        // tmux runs the command with $SHELL: sh, whatever the person running the suite uses; `exec` makes the
        // plain shell the pane's own process (`shellPID`) with any sh.
        "SHELL=/bin/sh exec \"$0\" -S \"$1\" -f /dev/null new-session -d -s t -x \(width) -y \(height) \"$2\" "
          + "</dev/null >/dev/null 2>&1",
        Self.tmux ?? "/usr/bin/tmux", socket, shell,
      ], input: [], timeout: 10)
  }

  /// Runs a tmux command on this terminal's server; what it printed.
  @discardableResult
  func tmux(_ arguments: String...) -> String {
    let output = ExternalCommand.run(
      [Self.tmux ?? "/usr/bin/tmux", "-S", socket, "-f", "/dev/null"] + arguments, input: [], timeout: 10)
    return output.map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// Types a line into the shell.
  func type(_ line: String) {
    tmux("send-keys", "-t", "t", "-l", line)
    tmux("send-keys", "-t", "t", "Enter")
  }

  /// Presses keys by tmux's names ("j", "Escape", "Space", "C-c").
  func press(_ keys: String...) {
    for key in keys { tmux("send-keys", "-t", "t", key) }
  }

  /// The shell's process id: a `stride` it runs is its child, and only that one is this test's (another suite's
  /// Now view, or a person's, may run on the same machine).
  var shellPID: String {
    tmux("display-message", "-p", "-t", "t", "#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The screen as text, one string a row.
  var screen: [String] {
    tmux("capture-pane", "-p", "-t", "t").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Waits (up to 15 seconds, more under a sanitizer) until the screen shows `text`; the screen then, or nil.
  @discardableResult
  func waitFor(_ text: String) -> [String]? {
    Fixtures.poll {
      let rows = screen
      return rows.contains { $0.contains(text) } ? rows : nil
    }
  }

  func finish() {
    tmux("kill-server")
    harness.finish()
  }
}

@Suite(
  "Now view in a real terminal (tmux)", .serialized, .enabled(if: TmuxTerminal.tmux != nil, "tmux is not installed"))
struct NowViewTerminalTests {
  @Test("five cards; a step ticked off; a defer through the sheet leaves the view and stride show has it")
  func cardsStepDefer() throws {
    let terminal = TmuxTerminal()
    defer { terminal.finish() }
    let harness = terminal.harness
    for line in [
      "reply to the landlord ~10m !low: find the lease, write the email", "water the ferns ~5m", "sort the photos",
      "call the dentist", "book the MOT", "clean the oven", "renew the library books",
    ] {
      #expect(harness.stride("add", line).status == 0)
    }
    terminal.type("stride")
    let first = try #require(terminal.waitFor("Start with one of these:"), "\(terminal.screen)")
    #expect(
      first.filter { $0.contains(" · ") && $0.contains(" energy") && !$0.contains("q quit") }.count == 5, "\(first)")
    #expect(first.contains { $0.contains("q quit") })
    #expect(first.contains { $0.contains("water the ferns  ⚡") })

    // The landlord card (task 1) shows its next step; x ticks it off.
    let metas = first.filter { $0.contains(" energy") && $0.contains("task ") }
    let above = try #require(metas.firstIndex { $0.contains("task 1 ·") }, "\(first)")
    for _ in 0..<above { terminal.press("j") }
    terminal.press("x")
    #expect(terminal.waitFor("Done: step 1.1, \"find the lease\".") != nil, "\(terminal.screen)")
    #expect(terminal.waitFor("next: write the email") != nil)

    // d, 2 (no energy), 2 (tonight): the task leaves the view.
    let before = terminal.screen
    let chosen = try #require(before.first { $0.hasPrefix("›▌") }).dropFirst(3)
    terminal.press("d")
    #expect(terminal.waitFor("Why are you deferring") != nil)
    terminal.press("2")
    #expect(terminal.waitFor("Remind me about") != nil)
    terminal.press("2")
    let after = try #require(terminal.waitFor("Deferred task"), "\(terminal.screen)")
    #expect(!after.contains { $0.hasPrefix("›▌") && $0.dropFirst(3) == chosen })
    terminal.press("q")
    terminal.type("echo after-quit")
    #expect(terminal.waitFor("after-quit") != nil)
    let id = String(try #require(after.first { $0.contains("Deferred task") }).split(separator: " ")[2].dropLast())
    let show = harness.stride("show", id)
    #expect(show.stdout.contains("no-energy"), "\(show.stdout)")
    #expect(show.stdout.contains("20:00"), "\(show.stdout)")
  }

  @Test("a capture from another shell appears without a key; resize to 60 columns; q gives the shell back as it was")
  func liveResizeQuit() throws {
    let terminal = TmuxTerminal()
    defer { terminal.finish() }
    let harness = terminal.harness
    #expect(harness.stride("add", "sort the photos").status == 0)
    terminal.type("echo before-the-view")
    terminal.type("stride")
    #expect(terminal.waitFor("sort the photos") != nil)
    #expect(harness.stride("add", "call the bank today 5pm !urgent").status == 0)
    #expect(terminal.waitFor("call the bank") != nil, "\(terminal.screen)")

    terminal.tmux("resize-window", "-t", "t", "-x", "60", "-y", "24")
    let narrow = try #require(terminal.waitFor("call the bank"))
    usleep(300_000)
    let rows = terminal.screen
    #expect(rows.allSatisfy { NowView.columns($0) <= 60 }, "\(rows)")
    #expect(rows.contains { $0.contains("q quit") }, "\(narrow)")

    terminal.press("q")
    let shell = try #require(terminal.waitFor("before-the-view"), "\(terminal.screen)")
    #expect(!shell.contains { $0.contains("Start with one of these") })
    terminal.type("stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo | tr '\\n' ' '; echo ok")
    #expect(terminal.waitFor("icanon echo ok") != nil, "\(terminal.screen)")
  }

  @Test("a shown task edited in another shell is redrawn; a view of one list shows a capture into that list")
  func editsAndListView() throws {
    let terminal = TmuxTerminal(width: 100)
    defer { terminal.finish() }
    let harness = terminal.harness
    #expect(harness.stride("add", "sort the photos").status == 0)
    #expect(harness.stride("lists", "add", "garden").status == 0)
    terminal.type("stride")
    #expect(terminal.waitFor("sort the photos") != nil)
    // Neither the five nor their order change: the task does, and the view says so.
    #expect(harness.stride("edit", "1", "--title", "sort the holiday photos").status == 0)
    #expect(terminal.waitFor("sort the holiday photos") != nil, "\(terminal.screen)")
    #expect(harness.stride("edit", "1", "--energy", "high").status == 0)
    #expect(terminal.waitFor("high energy") != nil, "\(terminal.screen)")
    terminal.press("q")
    terminal.type("stride now -i --list garden")
    #expect(terminal.waitFor("garden") != nil, "\(terminal.screen)")
    #expect(harness.stride("add", "plant the bulbs list:garden").status == 0)
    #expect(terminal.waitFor("plant the bulbs") != nil, "\(terminal.screen)")
    #expect(!terminal.screen.contains { $0.contains("sort the holiday photos") }, "only the garden list")
  }

  @Test("capture through a: the reading shows before saving; enter on a card opens it; u says what it undid")
  func captureDetailUndo() throws {
    let terminal = TmuxTerminal()
    defer { terminal.finish() }
    #expect(terminal.harness.stride("add", "pack for the trip: passport, charger").status == 0)
    terminal.type("stride")
    #expect(terminal.waitFor("pack for the trip") != nil)
    terminal.press("a")
    terminal.tmux("send-keys", "-t", "t", "-l", "call mum tomorrow 6pm ~10m")
    #expect(terminal.waitFor("Due:     tomorrow at 18:00") != nil, "\(terminal.screen)")
    terminal.press("Enter")
    #expect(terminal.waitFor("Added task 2, \"call mum\".") != nil, "\(terminal.screen)")
    terminal.press("u")
    #expect(terminal.waitFor("Undid: added task 2, \"call mum\".") != nil, "\(terminal.screen)")
    terminal.press("Enter")
    #expect(terminal.waitFor("Captured as: \"pack for the trip: passport, charger\"") != nil, "\(terminal.screen)")
    terminal.press("Space")
    #expect(terminal.waitFor("[x] 1. passport") != nil, "\(terminal.screen)")
    // A line typed after q, sent with it before the view has read it, is the shell's and runs as a line (echo's
    // output, "after-quit", shows; the typed line is echoed only when it came after the view closed).
    terminal.tmux("send-keys", "-t", "t", "Escape", "q", "echo after-quit", "Enter")
    let ran = Fixtures.wait { terminal.screen.contains { $0.hasSuffix("after-quit") && !$0.contains("echo") } }
    #expect(ran, "\(terminal.screen)")
  }

  @Test("--plain and TERM=dumb say each card as a sentence and read commands a line at a time")
  func plain() throws {
    let terminal = TmuxTerminal()
    defer { terminal.finish() }
    #expect(
      terminal.harness.stride("add", "reply to the landlord ~10m !low: find the lease, write the email").status == 0)
    terminal.type("stride --plain")
    let rows = try #require(terminal.waitFor("1 of 1, task 1: reply to the landlord."), "\(terminal.screen)")
    // A long sentence wraps across rows of the terminal.
    #expect(rows.joined().contains("Low energy, about 10 minutes, 0 of 2 steps done."), "\(rows)")
    // A line is one command: "next" is no energy question, "clear3" no energy set.
    terminal.type("clear3")
    #expect(terminal.waitFor("\"clear3\" is not something Stride can do here") != nil, "\(terminal.screen)")
    terminal.type("done")
    #expect(terminal.waitFor("Done: step 1.1, \"find the lease\".") != nil, "\(terminal.screen)")
    terminal.type("quit")
    terminal.type("TERM=dumb stride")
    #expect(terminal.waitFor("1 of 1, task 1: reply to the landlord.") != nil)
    terminal.type("q")
    terminal.type("echo back-in-the-shell")
    #expect(terminal.waitFor("back-in-the-shell") != nil)
  }

  @Test("SIGTERM and a lost daemon both give the shell back, the second with a sentence")
  func endings() throws {
    let terminal = TmuxTerminal()
    defer { terminal.finish() }
    let harness = terminal.harness
    #expect(harness.stride("add", "sort the photos").status == 0)
    terminal.type("clear; stride")
    #expect(terminal.waitFor("sort the photos") != nil)
    // This terminal's view only: `-f ^stride$` alone would end every Now view on the machine.
    let view = ["-P", terminal.shellPID, "-f", "^stride$"]
    let killed = harness.run("/usr/bin/pkill", ["-TERM"] + view)
    #expect(killed.status == 0, "\(killed.stderr)")
    // A person types the next command once the view has closed.
    let deadline = Date().addingTimeInterval(10 * Double(Fixtures.slowdown))
    while harness.run("/usr/bin/pgrep", view).status == 0 && Date() < deadline { usleep(50_000) }
    terminal.type("echo after-sigterm")
    #expect(terminal.waitFor("after-sigterm") != nil, "\(terminal.screen)")
    terminal.type("clear; stride")
    #expect(terminal.waitFor("sort the photos") != nil)
    if let pid = harness.daemonPID() { kill(pid, SIGKILL) }
    let rows = try #require(terminal.waitFor("so the Now view closed"), "\(terminal.screen)")
    #expect(rows.contains { $0.contains("strided stopped answering") })
  }
}
