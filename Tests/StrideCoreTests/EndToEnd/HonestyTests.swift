import Foundation
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideInterop
@testable import StrideModel
@testable import StrideProtocol

/// What a person reads after a week of use: every sentence a claim that must be true of that task at that moment.
@Suite("End to end: honest sentences")
struct HonestyTests {
  @Test("after a capture, one line says what was read; a past due time gets a question; a duplicate gets a word")
  func captureReplies() {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    let plain = cli.stride("add", "call mum")
    #expect(plain.stdout == "Added task 1, \"call mum\".\n", "a bare title needs no second line")
    let gas = cli.stride("add", "pay the gas bill by 2099-12-04 ~10m #home: find the meter, read it")
    #expect(gas.stdout.contains("Added task 2, \"pay the gas bill\".\n"))
    #expect(
      gas.stdout.contains(
        "Read as: due Fri 4 Dec 2099, end of day; 2 steps; about 10 min; an obligation (from \"pay\"); tagged home."),
      "\(gas.stdout)")
    let books = cli.stride("add", "return library books 2020-03-12")
    #expect(books.stdout.contains("That due time, Thu 12 Mar 2020, end of day, has already passed."))
    #expect(books.stdout.contains("stride edit 3 --due DATE"))
    let again = cli.stride("add", "Call Mum")
    #expect(again.stdout.contains("You already have task 1 with this title. If one is enough: stride delete 4"))
    let bang = cli.stride("add", "buy milk !soon")
    #expect(bang.stdout.contains("Stride did not understand !soon and kept it in the title; energy is !low"))
    let tilde = cli.stride("add", "sort photos ~abc")
    #expect(
      tilde.stdout.contains(
        "Stride did not understand ~abc and kept it in the title; an estimate is written like ~20m, ~1h or ~1h30m."),
      "\(tilde.stdout)")
    let both = cli.stride("add", "sort photos !superhigh ~banana")
    #expect(
      both.stdout.contains("Stride did not understand !superhigh and ~banana and kept them in the title"),
      "\(both.stdout)")
    let empty = cli.stride("add", "!!!")
    #expect(empty.status == 64)
    #expect(empty.stderr.contains("'!!!' says nothing to do"))
    // A time that cannot be one is kept in the title and named with why, in add and in when; a repeat given to when
    // is named as one.
    #expect(
      cli.stride("add", "pay rent 31 feb").stdout.contains(
        "Stride kept \"31 feb\" in the title: February has no 31st.\n"))
    let clock = cli.stride("when", "25:00")
    #expect(
      clock.status == 64 && clock.stderr.contains("'25:00' is not a time: a day's clock runs from 00:00 to 23:59."))
    let repeated = cli.stride("when", "every monday")
    #expect(
      repeated.status == 64 && repeated.stderr.contains("'every monday' is a repeat (every Monday), not one time"))
    // Punctuation is not a token, whatever the parser makes of it; a time alone is not a task.
    #expect(cli.stride("add", ":").stderr.contains("':' says nothing to do"))
    let timeAlone = cli.stride("add", "tomorrow 9am ~10m")
    #expect(timeAlone.status == 64 && timeAlone.stderr.contains("only times and tokens were given"))
    let dry = cli.stride("add", "--dry-run", "fix the boiler ASAP !meh")
    #expect(dry.stdout.contains("Type:      obligation"), "\(dry.stdout)")
    #expect(dry.stdout.contains("from \"ASAP\""), "\(dry.stdout)")
    #expect(dry.stdout.contains("Not read:  !meh"))
    #expect(!dry.stdout.contains("Stride did not understand"), "the row says it once")
  }

  @Test("edit says what it set, as the task now has it")
  func editSays() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "water the plants")
    let set = cli.stride(
      "edit", "1", "--energy", "low", "--estimate", "20m", "--tags", "home,garden", "--due", "2099-12-04T17:00")
    let dueLine = cli.stride("show", "1").stdout.split(separator: "\n").first { $0.hasPrefix("  Due:") }
    let due = try #require(dueLine).dropFirst("  Due:".count).trimmingCharacters(in: .whitespaces)
    #expect(
      set.stdout
        == "Updated task 1, \"water the plants\": energy low, estimate 20 min, due \(due), tagged home and garden.\n")
    let cleared = cli.stride("edit", "1", "--estimate", "none", "--due", "none", "--tags", "")
    #expect(cleared.stdout == "Updated task 1, \"water the plants\": no estimate, no due time, no tags.\n")
    let renamed = cli.stride("edit", "1", "--title", "water the ferns", "--energy", "high")
    #expect(renamed.stdout == "Updated task 1, \"water the ferns\": renamed, energy high.\n")
  }

  @Test("numeric dates follow LC_TIME and LANG; with no locale, a date that reads both ways is refused")
  func localeDates() {
    let cli = CommandLineHarness()
    cli.environment["LANG"] = "C.UTF-8"
    defer { cli.finish() }
    let unknown = cli.stride("add", "return library books 3/12/2099")
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("could be Thursday 3 December 2099 or Thursday 12 March 2099"), "\(unknown.stderr)")
    cli.environment["LANG"] = "de_DE.UTF-8"
    #expect(cli.stride("add", "return library books 3/12/2099").stdout.contains("due Thu 3 Dec 2099"))
    cli.environment["LC_TIME"] = "en_US.UTF-8"
    #expect(cli.stride("add", "return the drill 3/12/2099").stdout.contains("due Thu 12 Mar 2099"))
    #expect(cli.stride("add", "renew lease 31.12.2099").stdout.contains("due Thu 31 Dec 2099"))
  }

  @Test("times are read and said in the zone of the shell, whatever zone the daemon started in")
  func shellTimeZone() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "start the daemon in UTC")
    cli.environment["TZ"] = "America/New_York"
    let added = cli.stride("add", "--json", "call mum 2099-06-01 9am")
    let task = try #require(try JSONDecoder().decode(Wire.TaskCapture.Result.self, from: Data(added.stdout.utf8)).task)
    #expect(task.due?.date == Fixtures.at("2099-06-01T13:00:00Z"), "09:00 in New York (EDT)")
    let now = cli.stride("now", "--at", "2099-06-01T08:00")
    #expect(now.stdout.contains("due today at 09:00"), "\(now.stdout)")
  }

  @Test("defer, show and help say the same thing about each reason; unsure takes no time; someday is no time")
  func deferSentences() {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "write the speech: outline, draft")
    cli.stride("add", "sort the photos")
    let unsure = cli.stride("defer", "1", "unsure")
    #expect(unsure.stdout == "Deferred task 1, \"write the speech\", as unsure: its next step is offered at once.\n")
    let unsureAgain = cli.stride("defer", "2", "unsure", "--until", "wednesday")
    #expect(unsureAgain.status == 64)
    #expect(unsureAgain.stderr.contains("unsure takes no until-time"))
    let someday = cli.stride("defer", "2", "wrong-time", "--until", "someday")
    #expect(someday.status == 64)
    #expect(someday.stderr.contains("names no time"))
    #expect(!someday.stderr.contains("9999"))
    let passed = cli.stride("wait", "2", "--follow-up", "2020-01-01T09:00")
    #expect(passed.stderr.contains("has already passed"))
    #expect(!passed.stderr.contains("2020-01-01T"), "times in words, not RFC 3339: \(passed.stderr)")
    cli.stride("wait", "2", "reply from Sam", "--follow-up", "2099-12-01T09:00")
    #expect(cli.stride("show", "2").stdout.contains("Check on it:  Tue 1 Dec 2099 at 09:00"))
    #expect(cli.stride("help", "edit").stdout.contains("--start"))
    for reason in DeferReason.allCases {
      #expect(cli.stride("help", "defer").stdout.contains(reason.rule), "\(reason)")
    }
  }

  @Test("now: one number a row, labelled; a tag nobody has is named; a follow-up that has come is offered")
  func nowRows() {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    for title in ["take out the bins", "renew car tax", "book the dentist", "order the glasses"] {
      cli.stride("add", title + " due:2026-11-20")
    }
    cli.stride("add", "hear back from the plumber")
    cli.stride("wait", "5", "--follow-up", "2099-01-01T09:00")
    let now = cli.stride("now", "--at", "2099-01-01T10:00")
    let rows = now.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("    ") }
    #expect(rows.allSatisfy { $0.hasPrefix("  task ") }, "\(now.stdout)")
    #expect(!now.stdout.contains("1."), "no position numbers beside the ids")
    #expect(now.stdout.contains("check on it"))
    #expect(now.stdout.contains("you asked to check on it today at 09:00"))
    let tagged = cli.stride("now", "--tags", "nosuchtag")
    #expect(tagged.stdout == "No open task has the tag nosuchtag. Without --tags, stride now looks at all of them.\n")
    // No history of a task that never was: the task is not there, which is what is said.
    let never = cli.stride("log", "99")
    #expect(never.status == 1 && never.stderr.contains("no task 99"), "\(never.stderr)")
    #expect(cli.stride("log", "5").stdout.contains("hear back from the plumber"))
  }

  @Test(
    "import reads iCalendar by its content, refuses a file that is not what --from says, and exports say what they lose"
  )
  func icalendar() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    let file = cli.root + "/tasks.ics"
    let calendar =
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
        "BEGIN:VTODO", "UID:t-1", "SUMMARY:Renew the car insurance\\, online", "DUE:20991204T170000Z", "PRIORITY:1",
        "CATEGORIES:Car,Money", "X-MOZ-GENERATION:3", "END:VTODO",
        "BEGIN:VTODO", "UID:t-2", "SUMMARY:find the policy number", "RELATED-TO;RELTYPE=PARENT:t-1",
        "STATUS:COMPLETED", "COMPLETED:20261120T100000Z", "END:VTODO",
        "BEGIN:VEVENT", "UID:e-1", "SUMMARY:dentist", "END:VEVENT",
        "BEGIN:VTODO", "UID:t-3", "SUMMARY:a very long title that a calendar app folded over two lines when it",
        "  wrote it",
        "DUE;VALUE=DATE:20991210", "RELATED-TO;RELTYPE=DEPENDS-ON:t-1", "END:VTODO",
        "BEGIN:VTODO", "UID:t-4", "SUMMARY:cancelled plan", "STATUS:CANCELLED", "END:VTODO",
        "END:VCALENDAR",
      ].joined(separator: "\r\n") + "\r\n"
    try calendar.write(toFile: file, atomically: true, encoding: .utf8)
    let wrong = cli.stride("import", file, "--from", "todotxt")
    #expect(wrong.status == 1, "the file is refused, not the command line")
    #expect(wrong.stderr.contains("this file is iCalendar, not todo.txt"))
    let latin1 = cli.root + "/latin1.txt"
    try Data([0x63, 0x61, 0x66, 0xE9, 0x20, 0x72, 0x75, 0x6E, 0x0A]).write(to: URL(fileURLWithPath: latin1))
    let notText = cli.stride("import", latin1)
    #expect(notText.status == 1)
    #expect(notText.stderr == "stride: \(latin1) is not UTF-8 text; save it as UTF-8, then import it again\n")
    #expect(cli.stride("list").stdout == "No open tasks.\n", "a refused import stores nothing")
    let imported = cli.stride("import", file)
    #expect(imported.stdout.contains("Imported 2 tasks"), "\(imported.stdout)")
    #expect(imported.stdout.contains("1 event or journal entry was left out"))
    #expect(imported.stdout.contains("it was cancelled"))
    let show = cli.stride("show", "1")
    #expect(show.stdout.contains("Task 1: Renew the car insurance, online"))
    #expect(show.stdout.contains("Type:    obligation"))
    #expect(show.stdout.contains("Tags:    car, money"))
    #expect(show.stdout.contains("1.1  find the policy number  done"))
    let second = cli.stride("show", "2")
    #expect(second.stdout.contains("a very long title that a calendar app folded over two lines when it wrote it"))
    #expect(second.stdout.contains("Waits on:"))
    cli.stride("add", "stretch ~10m !low")
    let todo = cli.stride("export", "--format", "todotxt")
    #expect(todo.stderr.contains("todo.txt has no steps"))
    #expect(todo.stderr.contains("--format json keeps everything"))
    #expect(!todo.stdout.contains("Note:"), "the note never mixes into the export")
    let round = cli.root + "/out.ics"
    let written = cli.stride("export", "--format", "ical", "--output", round)
    #expect(written.stdout.contains("iCalendar has no energy, estimate"))
    let again = cli.stride("import", round, "--dry-run")
    #expect(again.stdout.contains("Would import 3 tasks"), "\(again.stdout)")
    #expect(
      again.stdout.contains(
        "Note: 1 task's description was kept as the words it was captured from (Captured as, in stride show)."),
      "only the stretch was captured from other words than its title:\n\(again.stdout)")
  }
}

/// Routines and pins, as a person uses them from the shell.
@Suite("End to end: routines and pins")
struct RoutineTests {
  @Test(
    "done names the time of a routine it counted, in a sentence: the coming one early, today's, the one passed late")
  func doneNamesTheTime() {
    // A Saturday evening: captured now, the first time is Thursday.
    let cli = CommandLineHarness(at: "2026-11-28T20:00:00Z")
    defer { cli.finish() }
    cli.stride("add", "water the plants every thursday 9am")
    let early = cli.stride("done", "1").stdout
    #expect(
      early == "Done: task 1, \"water the plants\", the one due Thursday at 09:00. Back on Thursday 10 December "
        + "at 09:00 (every Thursday).\n", "\(early)")
    _ = cli.stride("daemon", "stop")
    cli.pin(at: "2026-12-10T10:00:00Z")
    let onTime = cli.stride("done", "1").stdout
    #expect(
      onTime.hasPrefix("Done: task 1, \"water the plants\", the one due today at 09:00. Back on Thursday 17 December"))
    // Two days late, nearer the Thursday gone than the next: that one, and back on the next.
    _ = cli.stride("daemon", "stop")
    cli.pin(at: "2026-12-19T10:00:00Z")
    let late = cli.stride("done", "1").stdout
    #expect(late.hasPrefix("Done: task 1, \"water the plants\", the one due Thu 17 Dec at 09:00. Back on Thursday 24"))
    // Scripts read the same time in the reply.
    cli.stride("add", "stretch every day 8am")
    let json = cli.stride("--json", "done", "2").stdout
    #expect(json.contains(#""counted":{"due":"2026-12-20T08:00:00Z","said":{"at":"tomorrow at 08:00"}}"#), "\(json)")
  }

  @Test("capture a routine, finish it and see when it is back, skip one, change or end the rule")
  func routines() throws {
    // A Sunday: done the day before its Monday, a weekly routine moves on a week. (On a Wednesday it would count for
    // the Monday just gone and stay: WordFamily and DeferDefaults tests hold that rule.)
    let cli = CommandLineHarness(at: "2026-11-22T10:00:00Z")
    defer { cli.finish() }
    let added = cli.stride("add", "water the plants every monday 9am: kitchen, balcony")
    #expect(added.stdout.contains("repeats every Monday (from \"every monday\")"), "\(added.stdout)")
    let dry = cli.stride("add", "--dry-run", "stretch every 3 days after done")
    #expect(dry.stdout.contains("Repeats:"))
    #expect(dry.stdout.contains("every 3 days after done"))
    // A routine's due comes from its rule, at the time the line gave: both are named.
    let standup = cli.stride("add", "--dry-run", "standup every weekday 10am")
    #expect(standup.stdout.contains("from \"every weekday\", \"10am\""), "\(standup.stdout)")
    let due = try #require(Self.task(cli, 1).due)
    cli.stride("done", "1.1")
    let last = cli.stride("done", "1.2")
    #expect(
      last.stdout.contains(
        "That was the last step, so task 1, \"water the plants\", the one due tomorrow at 09:00, is done. Back on Monday"
      ), "\(last.stdout)")
    let back = try Self.task(cli, 1)
    #expect(back.status == .active)
    #expect(back.due == due.addingTimeInterval(7 * 86_400))
    #expect(back.subtasks.allSatisfy { !$0.done }, "the steps are open again")
    let skipped = cli.stride("skip", "1")
    #expect(skipped.stdout.contains("Skipped this round of task 1, \"water the plants\". Next time:"))
    #expect(try Self.task(cli, 1).due == due.addingTimeInterval(14 * 86_400))
    #expect(cli.stride("undo").stdout.contains("Undid: skipped an occurrence of task 1"))
    #expect(try Self.task(cli, 1).due == due.addingTimeInterval(7 * 86_400))
    #expect(cli.stride("edit", "1", "--repeat", "every friday").status == 0)
    let show = cli.stride("show", "1").stdout
    #expect(show.contains("Repeats:") && show.contains("every Friday"), "\(show)")
    #expect(cli.stride("edit", "1", "--repeat", "now and then").stderr.contains("not a repeat Stride can read"))
    #expect(cli.stride("edit", "1", "--repeat", "none").status == 0)
    #expect(try Self.task(cli, 1).recurrence == nil)
    cli.stride("add", "post the parcel")
    let once = cli.stride("skip", "2")
    #expect(once.status == 1)
    #expect(once.stderr.contains("does not repeat"))
  }

  @Test("a routine missed for a week moves on as one task; show counts the misses; now does not shout it")
  func missedRoutine() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    // A daily routine last touched a week ago, as a daemon that was away for a week finds it.
    let weekAgo = cli.now.addingTimeInterval(-7 * 86_400)
    var stretch = Fixtures.task(1, "stretch", created: weekAgo.addingTimeInterval(-86_400), due: weekAgo)
    stretch.recurrence = Recurrence(.daily)
    stretch.updatedAt = weekAgo.addingTimeInterval(-3600)
    let file = cli.root + "/routine.json"
    try Exporter.data([stretch], format: .json, now: weekAgo, timeZone: TimeZone(identifier: "UTC")!).write(
      to: URL(fileURLWithPath: file))
    #expect(cli.stride("import", file).status == 0)
    for title in ["file the report", "call the bank", "renew the permit"] {
      cli.stride("add", "\(title) due:2020-11-20")
    }
    // The wake-up moves it along: one task, at its current time, with the misses counted.
    var moved: StrideTask?
    for _ in 0..<50 {
      moved = try Self.task(cli, 1)
      if moved?.missed ?? 0 > 0 { break }
      usleep(100_000)
    }
    let task = try #require(moved)
    #expect(task.missed == 7, "seven days passed over")
    #expect(task.due.map { $0 > cli.now.addingTimeInterval(-86_400) && $0 <= cli.now } == true, "today's time")
    let show = cli.stride("show", "1")
    #expect(show.stdout.contains("Missed:") && show.stdout.contains("7 times since it was last done"), "\(show.stdout)")
    let now = cli.stride("now")
    #expect(now.stdout.contains("your daily routine"))
    #expect(now.stdout.hasPrefix("3 things are overdue"), "a missed routine is no part of the pile: \(now.stdout)")
    #expect(cli.stride("list").stdout.components(separatedBy: "stretch").count == 2, "one task, not a pile of copies")
    cli.stride("done", "1")
    let done = try Self.task(cli, 1)
    #expect(done.missed == 0)
    #expect(done.due.map { $0 > cli.now } == true)
  }

  @Test("pin keeps a task first in now; a fourth pin names the three; unpin and list --pinned")
  func pins() {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    for title in ["learn the guitar ~1h !high", "plan the trip", "sort the loft", "write the speech"] {
      cli.stride("add", title)
    }
    cli.stride("add", "file the report due:2020-01-01 type:obligation")
    #expect(cli.stride("pin", "1").stdout.contains("Pinned task 1, \"learn the guitar\": it stays in now, first"))
    let now = cli.stride("now", "--energy", "low")
    let rows = now.stdout.split(separator: "\n").filter { $0.hasPrefix("  task ") }
    #expect(rows.first?.contains("learn the guitar") == true, "\(now.stdout)")
    #expect(now.stdout.contains("why: pinned"))
    cli.stride("pin", "2")
    cli.stride("pin", "3")
    let fourth = cli.stride("pin", "4")
    #expect(fourth.status == 1)
    #expect(fourth.stderr.contains("task 1 (learn the guitar), task 2 (plan the trip), task 3 (sort the loft)"))
    #expect(cli.stride("list", "--pinned").stdout.components(separatedBy: "\n").count == 5, "a header and three rows")
    cli.stride("defer", "2", "wrong-time", "--until", "2099-01-01T09:00")
    #expect(cli.stride("now", "--all").stdout.contains("pinned, but it is deferred"))
    #expect(cli.stride("unpin", "1").stdout.contains("Unpinned task 1"))
    #expect(!cli.stride("list", "--pinned").stdout.contains("learn the guitar"))
    // Asked again, it says it is so already, and changes nothing.
    let again = cli.stride("unpin", "1")
    #expect(again.status == 1 && again.stdout.isEmpty)
    #expect(
      again.stderr.contains("task 1 is not pinned, so there is nothing to unpin; to keep it in now: stride pin 1"))
    #expect(cli.stride("pin", "3").stderr.contains("task 3 is pinned already"))
  }

  static func task(_ cli: CommandLineHarness, _ id: Int) throws -> StrideTask {
    let shown = cli.stride("show", "\(id)", "--json")
    return try StrideTask(try JSONDecoder().decode(Wire.TaskResult.self, from: Data(shown.stdout.utf8)).task)
  }
}
