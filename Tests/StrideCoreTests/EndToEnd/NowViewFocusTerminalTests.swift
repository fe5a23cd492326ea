import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideConnection
@testable import StrideWire

/// The focus screen in a real terminal, in the same serialized suite as the rest of the Now view's (tmux).
extension NowViewTerminalTests {
  @Test("s starts a session that counts down; x shows the next step; p, +, q (the cards show it first), s, s stops")
  func focusSession() throws {
    let terminal = TmuxTerminal()
    defer { terminal.finish() }
    let harness = terminal.harness
    #expect(harness.stride("add", "reply to the landlord ~10m !low: find the lease, write the email").status == 0)
    #expect(harness.stride("add", "water the ferns ~5m").status == 0)
    terminal.type("stride")
    let first = try #require(terminal.waitFor("Start with one of these:"), "\(terminal.screen)")
    let metas = first.filter { $0.contains(" energy") && $0.contains("task ") }
    let above = try #require(metas.firstIndex { $0.contains("task 1 ·") }, "\(first)")
    for _ in 0..<above { terminal.press("j") }

    terminal.press("s")
    let focus = try #require(terminal.waitFor("Step 1 of 2: find the lease"), "\(terminal.screen)")
    #expect(focus.contains("Focus on task 1: reply to the landlord"))
    #expect(focus.contains { $0.hasPrefix("  ████") })
    #expect(focus.contains { $0.contains("x done · p pause · + 5 more min · d defer · s stop") })
    // The clock moves with no key pressed.
    let clock = try #require(focus.first { $0.contains("left of 5 min") })
    #expect(Fixtures.wait { !terminal.screen.contains(clock) }, "\(terminal.screen)")

    terminal.press("x")
    #expect(terminal.waitFor("Step 2 of 2: write the email") != nil, "\(terminal.screen)")
    #expect(terminal.waitFor("Done: step 1.1, \"find the lease\".") != nil)
    terminal.press("p")
    #expect(terminal.waitFor("paused · ") != nil, "\(terminal.screen)")
    #expect(terminal.waitFor("p go on") != nil)
    terminal.press("+")
    #expect(terminal.waitFor("left of 10 min") != nil, "\(terminal.screen)")
    terminal.press("p")
    #expect(terminal.waitFor("Going on: 10 minutes left.") != nil, "\(terminal.screen)")

    // Back to the cards with the session running: it comes first, apart from the five.
    terminal.press("q")
    let cards = try #require(terminal.waitFor("▶ Focus on task 1, step 2: write the email."), "\(terminal.screen)")
    let line = try #require(cards.firstIndex { $0.hasPrefix("▶ Focus") })
    #expect(line < (cards.firstIndex { $0.contains("task 1 ·") } ?? 0), "\(cards)")
    #expect(cards.contains { $0.contains("f focus") })
    terminal.press("s")
    #expect(terminal.waitFor("Focus on task 1: reply to the landlord") != nil, "\(terminal.screen)")
    terminal.press("s")
    #expect(terminal.waitFor("Stopped focusing on task 1: reply to the landlord") != nil, "\(terminal.screen)")
    #expect(!terminal.screen.contains { $0.hasPrefix("▶") })
    let task = harness.stride("show", "1", "--json").stdout
    #expect(task.contains("\"focusSessions\""), "\(task)")
  }

  @Test("a session started and stopped elsewhere shows up and goes away; s on another card asks before switching")
  func focusFromElsewhere() throws {
    let terminal = TmuxTerminal()
    defer { terminal.finish() }
    let harness = terminal.harness
    #expect(harness.stride("add", "water the ferns ~5m").status == 0)
    #expect(harness.stride("add", "sort the photos").status == 0)
    terminal.type("stride")
    #expect(terminal.waitFor("sort the photos") != nil, "\(terminal.screen)")
    let other = try StrideClient(path: harness.socket)
    _ = try other.call(Wire.FocusStart.self, .init(id: TaskID(2)))
    #expect(terminal.waitFor("▶ Focus on task 2: sort the photos.") != nil, "\(terminal.screen)")
    let cards = terminal.screen
    let metas = cards.filter { $0.contains(" energy") && $0.contains("task ") }
    let ferns = try #require(metas.firstIndex { $0.contains("task 1 ·") }, "\(cards)")
    for _ in 0..<ferns { terminal.press("j") }
    terminal.press("s")
    #expect(terminal.waitFor("Switch to \"water the ferns\"?") != nil, "\(terminal.screen)")
    #expect(terminal.waitFor("A focus session on task 2: sort the photos is running") != nil)
    terminal.press("y")
    #expect(terminal.waitFor("Focus on task 1: water the ferns") != nil, "\(terminal.screen)")
    // The sentence may fold across rows.
    let switched = Fixtures.wait {
      terminal.screen.joined(separator: " ").contains("Switched away from task 2: sort the photos, after")
    }
    #expect(switched, "\(terminal.screen)")
    _ = try other.call(Wire.FocusStop.self, .init())
    #expect(terminal.waitFor("The focus session on task 1: water the ferns ended.") != nil, "\(terminal.screen)")
    #expect(!terminal.screen.contains { $0.hasPrefix("▶") })
  }

  @Test("--plain says the session in sentences, and its time when asked, not each second")
  func focusPlain() throws {
    let terminal = TmuxTerminal()
    defer { terminal.finish() }
    #expect(
      terminal.harness.stride("add", "reply to the landlord ~10m !low: find the lease, write the email").status == 0)
    terminal.type("stride --plain")
    #expect(terminal.waitFor("1 of 1, task 1: reply to the landlord.") != nil, "\(terminal.screen)")
    terminal.type("start")
    #expect(terminal.waitFor("Focus on task 1, step 1: find the lease. 5 minutes left.") != nil, "\(terminal.screen)")
    #expect(terminal.screen.joined().contains("Type done when the step is done"))
    let before = terminal.screen.filter { $0.contains("minutes left") }.count
    usleep(2_500_000)
    #expect(terminal.screen.filter { $0.contains("minutes left") }.count == before, "said once, not each second")
    terminal.type("done")
    #expect(terminal.waitFor("Focus on task 1, step 2: write the email.") != nil, "\(terminal.screen)")
    terminal.type("back")
    #expect(terminal.waitFor("Running now: Focus on task 1, step 2: write the email.") != nil, "\(terminal.screen)")
    terminal.type("quit")
    terminal.type("echo back-in-the-shell")
    #expect(terminal.waitFor("back-in-the-shell") != nil)
  }
}
