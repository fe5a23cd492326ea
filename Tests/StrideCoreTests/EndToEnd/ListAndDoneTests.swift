import Foundation
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideNowView
@testable import StrideProtocol

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
    // One id named twice is done once, not "already done" the second time.
    cli.stride("add", "post the letter")
    let twice = cli.stride("done", "4", "4")
    #expect(twice.status == 0, "\(twice.stderr)")
    #expect(twice.stdout == "Done: task 4, \"post the letter\".\n" && twice.stderr.isEmpty)
    // A step of a task the same command finishes needs no ticking of its own.
    cli.stride("add", "pack for the trip: socks; charger")
    let whole = cli.stride("done", "5", "5.2")
    #expect(whole.status == 0 && whole.stdout == "Done: task 5, \"pack for the trip\".\n", "\(whole.stdout)")
    let typo = cli.stride("done", "2", "x")
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("'x' is not a task id"))
  }
}

/// `stride list` as a terminal shows it: columns line up whatever the script, and rows fit the width.
@Suite("End to end: list lines up")
struct ListColumnsTests {
  @Test(
    "titles in wide scripts and emoji sequences keep the columns aligned, and rows fit COLUMNS",
    arguments: [60, 80, 120])
  func aligned(_ width: Int) throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.environment["COLUMNS"] = "\(width)"
    for title in [
      "call mum", "買い物リストを作って牛乳と卵とパンを買う", "ＦＵＬＬ　ＷＩＤＴＨ ｔｉｔｌｅ", "plan the 👩‍👩‍👧 trip ❤️",
      "café crème with an accent", "a very long title that goes on and on well past any sensible terminal width",
    ] {
      #expect(cli.stride("add", title).status == 0)
    }
    let lines = cli.stride("list").stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 7)
    let status = try #require(lines.first?.range(of: "STATUS")).lowerBound
    let column = TerminalColumns.width(String(lines[0][..<status]))
    for line in lines {
      #expect(TerminalColumns.width(line) <= width, "wider than \(width): \(line)")
      let cut = try #require(line.range(of: line == lines[0] ? "STATUS" : "active"), "\(line)").lowerBound
      #expect(TerminalColumns.width(String(line[..<cut])) == column, "misaligned: \(line)")
    }
  }

  @Test("on a narrow terminal list and now fit every line, the least needed columns give way, and no reason is cut")
  func narrow() throws {
    // A Wednesday morning: "by friday 5pm" is this week's Friday.
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    defer { cli.finish() }
    for line in [
      "renew the car insurance by friday 5pm ~45m !high", "tax return: find receipts, fill form, submit",
      "call the dentist about the crown tomorrow 9am ~10m !low", "water the plants every 3 days",
      "renew the passport 2027-03-01 !high", "sort the loft", "clean the attic",
    ] {
      #expect(cli.stride("add", line).status == 0)
    }
    for width in [40, 60] {
      cli.environment["COLUMNS"] = "\(width)"
      for command in [["list"], ["now"], ["now", "--all", "--energy", "low"]] {
        let lines = cli.run(cli.binaries + "/stride", command).stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 4)
        for line in lines { #expect(TerminalColumns.width(line) <= width, "\(command) wider than \(width): \(line)") }
      }
    }
    cli.environment["COLUMNS"] = "40"
    let list = cli.stride("list").stdout
    #expect(list.hasPrefix("ID  TITLE") && list.contains("DUE") && !list.contains("ESTIMATE"), "\(list)")
    // With every other column gone, the due times are said short and the title keeps its room.
    #expect(list.contains("1 Mar 2027") && !list.contains("end of day"), "\(list)")
    #expect(list.contains("renew the pass"), "\(list)")
    // Each reason whole on one line: the folds fall between them.
    let now = cli.stride("now").stdout
    #expect(now.contains("due Friday at 17:00"), "\(now)")
    cli.environment["COLUMNS"] = "100"
    #expect(cli.stride("list").stdout.contains("ESTIMATE"), "a wide terminal keeps every column")
  }

  @Test("display widths: wide, full-width, combining, zero-width and emoji sequences")
  func widths() {
    #expect(TerminalColumns.width("abc") == 3)
    #expect(TerminalColumns.width("買い物") == 6)
    #expect(TerminalColumns.width("ＡＢ") == 4)
    #expect(TerminalColumns.width("cafe\u{301}") == 4)
    #expect(TerminalColumns.width("👩‍👩‍👧") == 2)
    #expect(TerminalColumns.width("❤️") == 2)
    #expect(TerminalColumns.width("\u{1B}[1mbold\u{1B}[0m") == 4)
    #expect(TerminalColumns.clip("買い物リスト", 7) == "買い物…")
  }
}

/// `stride now --plain`, for screen readers: sentences, not a table.
@Suite("End to end: now in sentences")
struct NowPlainTests {
  @Test("now --plain says each card as one sentence with its task number, the way the plain Now view does")
  func sentences() {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "call mum ~10m !low")
    cli.stride("add", "plan the party: guests; food")
    let now = cli.stride("now", "--plain")
    #expect(now.status == 0)
    let lines = now.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(now.stdout)")
    #expect(lines.contains { $0.hasPrefix("1 of 2, task ") || $0.hasPrefix("2 of 2, task ") })
    #expect(now.stdout.contains("task 1: call mum. Low energy, about 10 minutes."), "\(now.stdout)")
    #expect(now.stdout.contains("task 2: plan the party. Medium energy, 0 of 2 steps done. Next step: guests."))
    #expect(!now.stdout.contains("why:"), "no table rows")
  }
}

/// `stride find` and `list`'s filters, as a person types them.
@Suite("End to end: find and filtered lists")
struct FindCommandTests {
  @Test("find says how many match, best first, where a match outside the title was, and what to do when none does")
  func find() throws {
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    defer { cli.finish() }
    cli.environment["COLUMNS"] = "100"
    cli.stride("add", "renew the lease ~30m")
    cli.stride("add", "call the landlord at Café Müller")
    cli.stride("note", "2", "he wants the lease signed by Friday")
    // The note's time reads as the Added row above it does, mid-row, not as a sentence's start.
    let added = cli.stride("show", "2").stdout
    #expect(added.contains("    1. today at ") && added.contains("  Added:   today at "), "\(added)")
    cli.stride("add", "sign the lease")
    cli.stride("done", "3")
    let found = cli.stride("find", "LEASE")
    #expect(found.status == 0, "\(found.stderr)")
    let lines = found.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "3 tasks match, best first:")
    #expect(lines.dropFirst(2).map { $0.prefix(3) } == [" 1 ", " 3 ", " 2 ", "   "])
    #expect(lines.last == "    in a note: he wants the lease signed by Friday")
    #expect(!found.stdout.contains("\u{1B}"), "no colour in a pipe")
    let phrase = cli.stride("find", "cafe muller")
    #expect(phrase.stdout.hasPrefix("1 task matches:\n"))
    let limited = cli.stride("find", "lease", "--limit", "1")
    #expect(limited.stdout.hasSuffix("These are the best 1; see them all with: stride find lease --all\n"))
    let none = cli.stride("find", "the plumber")
    #expect(none.status == 0)
    #expect(none.stdout.hasPrefix("Nothing matches \"the plumber\"."))
    let empty = cli.stride("find", "?!")
    #expect(empty.status == 64)
    #expect(empty.stderr.contains("find needs words to look for"))
    let json = cli.stride("--json", "find", "lease")
    #expect(json.stdout.contains("\"total\":3"))

    // The title as typed first, though a near one is newer.
    cli.stride("add", "call mom")
    cli.stride("add", "Call Mom!!! 🎉")
    let mom = cli.stride("find", "call mom").stdout.split(separator: "\n").map(String.init)
    #expect(mom.dropFirst(2).first?.hasPrefix(" 4  call mom") == true, "\(mom)")
  }

  @Test("list's filters and orders combine, and an empty answer names every filter")
  func filters() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "pay rent !low due yesterday")
    cli.stride("add", "book flights !high due friday")
    cli.stride("add", "tidy the desk !low")
    cli.stride("defer", "3", "no-energy")
    func ids(_ arguments: String...) -> [String] {
      cli.run(cli.binaries + "/stride", ["list"] + arguments, input: nil).stdout.split(separator: "\n").dropFirst().map
      {
        String($0.split(separator: " ").first ?? "")
      }
    }
    #expect(ids("--sort", "-energy") == ["2", "1", "3"])
    #expect(ids("--sort", "due") == ["1", "2", "3"])
    #expect(ids("--overdue") == ["1"])
    #expect(ids("--energy", "low", "--deferred-by", "no-energy") == ["3"])
    let none = cli.stride("list", "--energy", "high", "--overdue")
    #expect(none.stdout == "No overdue tasks that need high energy. See every task with: stride list --all\n")
    let wrong = cli.stride("list", "--sort", "soonest")
    #expect(wrong.status == 64)
    #expect(wrong.stderr.contains("--sort 'soonest' is not an order; use one of due, created"))
    let future = cli.stride("list", "--done-since", "tomorrow")
    #expect(future.status == 64)
    #expect(future.stderr.contains("is still to come"))
  }
}
