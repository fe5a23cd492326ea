import Foundation
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// `stride lists`, `stride move` and `now --list`, as a person types them against a real daemon.
@Suite("End to end: several lists")
struct ListsCommandTests {
  @Test("make a list, capture into it, move, rename (undo follows the new name) and remove, each said in a sentence")
  func lists() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    #expect(cli.stride("lists", "add", "home").stdout.hasPrefix("Made the list home."))
    cli.stride("add", "water the ferns ~5m !low")
    let shelf = cli.stride("add", "fix the shelf list:Home ~20m")
    #expect(shelf.stdout.contains("in the list home."), "\(shelf.stdout)")
    let now = cli.stride("now").stdout
    #expect(now.contains("in inbox") && now.contains("in home"), "\(now)")
    #expect(!cli.stride("now", "--list", "home").stdout.contains("water the ferns"))
    // A pile overdue elsewhere is not this list's: its heading speaks of what is in it.
    for bill in ["pay the gas bill", "pay the water bill", "pay the phone bill"] {
      cli.stride("add", "\(bill) 2020-03-12")
    }
    #expect(cli.stride("now").stdout.hasPrefix("3 things are overdue; here is a way to start"))
    let home = cli.stride("now", "--list", "home").stdout
    #expect(home.hasPrefix("Start with one of these from home:"), "\(home)")
    #expect(cli.stride("now", "--list", "home", "--json").stdout.contains(#""overdue":0"#))
    for id in ["3", "4", "5"] { cli.stride("delete", id) }

    // A move, then a rename: undoing the move puts the task back in the list by its new name.
    #expect(cli.stride("move", "1", "home").stdout == "Moved task 1, \"water the ferns\", to the list home.\n")
    cli.stride("move", "1", "inbox")
    let renamed = cli.stride("lists", "rename", "home", "House")
    #expect(renamed.status == 0, "\(renamed.stderr)")
    #expect(renamed.stdout == "Renamed the list home to House.\n")
    #expect(cli.stride("show", "2").stdout.contains("House"))
    #expect(cli.stride("now", "--list", "house").stdout.contains("fix the shelf"))
    #expect(cli.stride("undo").status == 0)
    let table = cli.stride("lists").stdout.split(separator: "\n").map {
      $0.split(separator: " ").joined(separator: " ")
    }
    #expect(table.contains("inbox (default) 0 0 kept here only"), "\(table)")
    #expect(table.contains("House 2 0 kept here only"), "\(table)")

    // Bad input: a sentence that says what to do, a non-zero exit, and nothing changed.
    let taken = cli.stride("lists", "rename", "House", "inbox")
    #expect(taken.status == 64)
    #expect(taken.stderr == "stride: there is already a list called inbox; choose another name\n")
    let unknown = cli.stride("lists", "rename", "work", "office")
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("there is no list called work; the lists are inbox and House"))
    let bad = cli.stride("lists", "rename", "House", "the house")
    #expect(bad.stderr.contains("'the house' is not a list name"))
    #expect(cli.stride("lists", "rename", "House").status == 64)
    let full = cli.stride("lists", "remove", "house")
    #expect(full.status != 0)
    #expect(full.stderr.contains("the list House still has 2 tasks; move them first"))
    cli.stride("move", "1", "inbox")
    cli.stride("move", "2", "inbox")
    #expect(cli.stride("lists", "remove", "house").stdout == "Removed the list House.\n")
    #expect(cli.stride("list").stdout.contains("fix the shelf"))
  }

  @Test("a capture into a list that does not exist is kept in the default list, and the reply says how to make it")
  func captureIntoMissingList() throws {
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    defer { cli.finish() }
    let added = cli.stride("add", "plant the bulbs list:garden ~20m")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.hasPrefix("Added task 1, \"plant the bulbs\"."), "\(added.stdout)")
    #expect(
      added.stdout.contains(
        "There is no list called garden yet, so task 1 went to inbox; to keep it in garden, make the list with "
          + "stride lists add garden, then move it with stride move 1 garden."), "\(added.stdout)")
    #expect(cli.stride("show", "1").stdout.contains("inbox"))
    let dry = cli.stride("add", "--dry-run", "prune the roses list:garden")
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(
      dry.stdout.contains(
        "There is no list called garden yet, so the task would go to your default list; make the list first with "
          + "stride lists add garden."), "\(dry.stdout)")
    #expect(cli.stride("lists", "add", "garden").status == 0)
    let into = cli.stride("add", "prune the roses list:garden")
    #expect(into.stdout.contains("in the list garden.") && !into.stdout.contains("no list called"), "\(into.stdout)")
  }
}
