import Foundation
import Testing

@testable import StrideCore

/// `stride now` after days away: tasks long out of view take their turn and say so, and those still waiting are
/// counted once, calmly, with where to see them.
@Suite("End to end: every task gets its turn")
struct TurnsCommandTests {
  @Test("ten days on, the five say whose turn it is, and one line counts the others still waiting")
  func tenDaysOn() {
    let cli = CommandLineHarness(at: "2026-11-23T09:00:00Z")
    defer { cli.finish() }
    let chores = [
      "dust the shelves", "sort the cables", "oil the hinges", "wipe the windows", "descale the kettle",
      "tidy the desk", "empty the bins", "fold the towels",
    ]
    for chore in chores { #expect(cli.stride("add", chore + " ~10m !low").status == 0) }
    // Wednesday's first look: five are seen.
    _ = cli.stride("daemon", "stop")
    cli.pin(at: "2026-11-25T09:00:00Z")
    let wednesday = cli.stride("now").stdout
    #expect(wednesday.contains("its turn after 2 days out of view"), "\(wednesday)")

    // Thursday: the three not seen on Wednesday have been out of view since Monday, and lead.
    _ = cli.stride("daemon", "stop")
    cli.pin(at: "2026-11-26T09:00:00Z")
    let unseen = chores.filter { !wednesday.contains($0) }
    let thursday = cli.stride("now").stdout
    #expect(unseen.count == 3 && unseen.allSatisfy(thursday.contains), "\(thursday)")
    #expect(thursday.contains("its turn after 3 days out of view"))
    #expect(!thursday.contains("out of view for 7 days"), "nothing has waited a week yet")

    _ = cli.stride("daemon", "stop")
    cli.pin(at: "2026-12-03T12:00:00Z")
    let later = cli.stride("now")
    #expect(later.status == 0)
    let lines = later.stdout.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.contains("task ") }.count == 5)
    #expect(later.stdout.contains("its turn after 7 days out of view"))
    #expect(
      lines.contains("3 other tasks have been out of view for 7 days or more; see them with: stride now --all"),
      "\(later.stdout)")
    #expect(!cli.stride("now", "--all").stdout.contains("out of view for 7 days or more"), "--all lists them already")
    // Asked of a day to come, the count supposes nothing is shown before then, and says so.
    let ahead = cli.stride("now", "--at", "dec 20 9am").stdout
    #expect(
      ahead.contains(
        "out of view for 7 days or more by then, if none is shown before; see them with: stride now --all"),
      "\(ahead)")
    // Scripts read the same in the reply.
    let json = cli.stride("now", "--json").stdout
    #expect(json.contains(#""outOfViewLong":3"#) && json.contains(#""outOfViewDays":7"#))
  }

  @Test("asked of a day to come, the days out of view are counted as if nothing is shown before then, and said so")
  func atADayToCome() {
    let cli = CommandLineHarness(at: "2026-11-23T09:00:00Z")
    defer { cli.finish() }
    for chore in ["dust the shelves", "sort the cables", "oil the hinges"] {
      #expect(cli.stride("add", chore + " ~10m !low").status == 0)
    }
    let friday = cli.stride("now", "--at", "friday 9am").stdout
    #expect(friday.contains("its turn after 4 days out of view, if not shown before then"), "\(friday)")
    // A question about another moment is no sighting: on Friday itself, unseen since Monday, it holds as said.
    _ = cli.stride("daemon", "stop")
    cli.pin(at: "2026-11-27T09:00:00Z")
    let then = cli.stride("now").stdout
    #expect(then.contains("its turn after 4 days out of view"), "\(then)")
    #expect(!then.contains("if not shown"), "\(then)")
    // Asked of Friday once more, on Friday, it is the present's day: nothing to suppose.
    #expect(!cli.stride("now", "--at", "today 18:00").stdout.contains("if not shown"))
  }
}
