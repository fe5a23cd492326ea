import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StrideWire
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

#if canImport(Glibc)
  import Glibc
#endif

/// The four everyday journeys, run through the built binaries with the daemon started on demand.
@Suite("End to end: everyday journeys")
struct JourneyTests {
  @Test("capture starts the daemon on demand, and now shows the task with its reason")
  func captureAndNow() throws {
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    defer { cli.finish() }
    let added = cli.stride("add", "call the dentist about the crown")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout == "Added task 1, \"call the dentist about the crown\".\n")
    #expect(FileManager.default.fileExists(atPath: cli.socket))
    let now = cli.stride("now")
    #expect(now.status == 0)
    #expect(now.stdout.contains("1  call the dentist about the crown  medium"))
    #expect(now.stdout.contains("why: added today"))
    #expect(!now.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    #expect(now.stderr.isEmpty)
  }

  @Test("a dry run shows how a line was understood and saves nothing; several lines from stdin become steps")
  func dryRunAndStdin() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    let dry = cli.stride("add", "--dry-run", "water the plants tomorrow 9am ~10m !low #home")
    #expect(dry.stdout.hasPrefix("Would add this task (nothing was saved):\n"))
    #expect(dry.stdout.contains("Title:     water the plants\n"))
    #expect(dry.stdout.contains("Estimate:  10 min             from \"~10m\""))
    #expect(dry.stdout.contains("Energy:    low                from \"!low\""))
    #expect(dry.stdout.contains("Due:       tomorrow at 09:00  from \"tomorrow 9am\""))
    #expect(dry.stdout.contains("Tags:      home               from \"#home\""))
    #expect(cli.stride("list").stdout == "No open tasks.\n", "a dry run saves nothing")
    let piped = cli.stride("add", "-", input: "clean the kitchen\n- dishes\n- counters\n")
    #expect(piped.stdout == "Added task 1, \"clean the kitchen\".\nRead as: 2 steps.\n")
    let show = cli.stride("show", "1")
    #expect(show.stdout.contains("1.1  dishes"))
    #expect(show.stdout.contains("1.2  counters"))
    // A capture of several lines is shown a line a row, aligned, with no stray line break.
    #expect(
      show.stdout.contains("Captured as:  clean the kitchen\n                - dishes\n                - counters\n"))
  }

  @Test("natural times everywhere: capture, defer --until, now --at, edit --due, and stride when")
  func naturalTimes() throws {
    // A Saturday morning, the day its --ref names: tonight is this evening (late at night it is the hours to come).
    let cli = CommandLineHarness(at: "2026-11-21T09:00:00Z")
    defer { cli.finish() }
    let added = cli.stride("add", "call the dentist tomorrow 9am ~10m !low #health", "--json")
    let task = try #require(try JSONDecoder().decode(Wire.TaskCapture.Result.self, from: Data(added.stdout.utf8)).task)
    #expect(task.title == "call the dentist")
    #expect(task.estimateMinutes == 10)
    #expect(task.due != nil)
    let deferred = cli.stride("defer", "1", "wrong-time", "--until", "tonight")
    #expect(deferred.status == 0, "\(deferred.stderr)")
    #expect(deferred.stdout.contains("as wrong-time: it comes back today at 20:00"), "\(deferred.stdout)")
    #expect(cli.stride("now").stdout.contains("Nothing fits right now."))
    #expect(cli.stride("now", "--at", "the day after tomorrow").stdout.contains("call the dentist"))
    #expect(cli.stride("edit", "1", "--due", "next fri 5pm").status == 0)
    #expect(cli.stride("show", "1").stdout.contains("at 17:00"))
    let when = cli.stride("when", "dec 3 at 10am", "--ref", "2026-11-21T09:00")
    #expect(when.stdout == "\"dec 3 at 10am\" is Thursday 3 December 2026 at 10:00.\n  2026-12-03T10:00:00+00:00\n")
    let day = cli.stride("when", "friday", "--ref", "2026-11-21")
    #expect(day.stdout.hasPrefix("\"friday\" is the whole of Friday 27 November 2026."))
    let json = cli.stride("when", "9am to 5pm", "--ref", "2026-11-21T10:00", "--json")
    #expect(json.stdout.contains("\"start\":\"2026-11-22T09:00:00Z\""))
    let bad = cli.stride("when", "the 32nd")
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("is not a time Stride can read"))
  }

  @Test("why shows the whole score or the filter; now --all lists what is left out; defer blocked --on waits")
  func whyAndAll() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "reply to the landlord ~10m !low type:obligation due:tomorrow")
    cli.stride("add", "clear the garage ~2h !high")
    cli.stride("add", "post the letter ~5m")
    let blocked = cli.stride("defer", "3", "blocked", "--on", "1")
    #expect(blocked.stdout == "Task 3, \"post the letter\", now waits on task 1.\n", "\(blocked.stderr)")
    let why = cli.stride("why", "1", "--energy", "low")
    #expect(why.stdout.hasPrefix("Task 1, \"reply to the landlord\", is number 1 of what to start now."))
    #expect(why.stdout.contains("TERM"))
    #expect(why.stdout.contains("energy-fit"))
    #expect(why.stdout.contains("total"))
    let hiddenWhy = cli.stride("why", "2", "--energy", "low")
    #expect(
      hiddenWhy.stdout
        == "Task 2, \"clear the garage\", is not among what to start now: it needs high energy and yours is low.\n")
    let all = cli.stride("now", "--energy", "low", "--all")
    #expect(all.stdout.contains("Left out for now:"))
    #expect(all.stdout.contains("it waits on task 1, which is not done yet"))
    #expect(all.stdout.contains("  task 1  reply to the landlord"))
    let unsure = cli.stride("defer", "2", "unsure")
    #expect(unsure.stdout.contains("break it into steps"))
    #expect(cli.stride("now").stdout.contains("break it into steps"))
    let wrongTime = cli.stride("defer", "2", "wrong-time")
    #expect(wrongTime.status == 64)
    #expect(wrongTime.stderr.contains("wrong-time needs --until"))
  }

  @Test("now ranks overdue and due first, shows at most five, and says what the next step is")
  func ranking() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    for title in ["water the plants", "call the bank", "fix the bike", "read a chapter", "sort the post"] {
      cli.stride("add", title)
    }
    cli.stride("add", "renew the passport")
    cli.stride("add", "apply for the grant")
    cli.stride("edit", "6", "--due", "2020-01-01T09:00")
    cli.stride("step", "7", "find the form")
    let now = cli.stride("now")
    let rows = now.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("     ") }
    #expect(rows.count == 5)
    #expect(rows.first?.contains("renew the passport") == true)
    #expect(now.stdout.contains("overdue since 1 January 2020"))
    #expect(!now.stdout.contains("things are overdue"), "one overdue task is no pile")
    // Two places: the overdue task, and a way in (the next step of task 7) rather than the oldest task.
    let json = cli.stride("now", "--json", "--limit", "2")
    let result = try JSONDecoder().decode(Wire.NowList.Result.self, from: Data(json.stdout.utf8))
    #expect(result.suggestions.map(\.task.id.rawValue) == [6, 7])
    #expect(result.openTasks == 7)
    #expect(result.overdue == 1)
  }

  @Test("a pile of overdue work gets one calm line above the list, and a way in leads at low energy")
  func overduePile() throws {
    let cli = CommandLineHarness(at: "2026-11-23T08:00:00Z")
    defer { cli.finish() }
    let wall = ["file the Q3 report", "answer the auditor", "prepare the board deck", "reconcile the accounts"]
    for title in wall { cli.stride("add", "\(title) due:2026-10-23 ~2h !high type:obligation") }
    cli.stride("add", "water the plants ~5m !low")
    let now = cli.stride("now", "--energy", "low", "--at", "2026-11-23T09:00")
    let lines = now.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "4 things are overdue; here is a way to start, for your low energy:")
    let rows = lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("     ") }
    #expect(rows.first?.contains("water the plants") == true)
    #expect(rows.count == 3, "the way in and at most two of the wall: \(now.stdout)")
    #expect(now.stdout.components(separatedBy: "start the first 15 minutes").count == 3)
    #expect(now.stdout.components(separatedBy: "overdue since 23 October").count == 3)
    #expect(!now.stdout.contains("!"))
    // With the one low task done, nothing shown suits low energy, and the line says so.
    cli.stride("done", "5")
    let heavy = cli.stride("now", "--energy", "low", "--at", "2026-11-23T09:00").stdout
    #expect(
      heavy.hasPrefix("4 things are overdue; these ask for more than your low energy, but here is a way to start:\n"),
      "\(heavy)")
  }

  @Test("the line above now says it suits the person's energy only when something shown does")
  func energyHeading() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "sort the receipts ~30m !medium")
    #expect(
      cli.stride("now", "--energy", "low").stdout.hasPrefix(
        "This asks for more than your low energy; if you want to try anyway, here it is:\n"))
    cli.stride("add", "call the bank ~20m !medium")
    #expect(
      cli.stride("now", "--energy", "low").stdout.hasPrefix(
        "These ask for more than your low energy; if you want to try anyway, start with one of them:\n"))
    #expect(
      cli.stride("now", "--energy", "medium").stdout.hasPrefix("For your medium energy, start with one of these:\n"))
    cli.stride("add", "water the plants ~5m !low")
    #expect(cli.stride("now", "--energy", "low").stdout.hasPrefix("For your low energy, start with one of these:\n"))
  }

  @Test("defer with a reason and a time hides the task until then; resume brings it back")
  func deferJourney() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "file the taxes")
    let deferred = cli.stride("defer", "1", "no-energy", "--until", "2099-12-01T19:00")
    #expect(deferred.status == 0, "\(deferred.stderr)")
    let comesBack = "it comes back Tue 1 Dec 2099 at 19:00"
    #expect(deferred.stdout == "Deferred task 1, \"file the taxes\", as no-energy: \(comesBack).\n")
    let now = cli.stride("now")
    #expect(now.stdout.contains("Nothing fits right now."))
    #expect(cli.stride("list", "--status", "deferred").stdout.contains("file the taxes"))
    let show = cli.stride("show", "1")
    #expect(show.stdout.contains("Deferred:  once; now no-energy: \(comesBack)"))
    // The same rule speaks in defer, show and help: no "until you resume it" for a deferral that ends by itself.
    cli.stride("add", "sort the photos")
    let tired = cli.stride("defer", "2", "no-energy")
    #expect(tired.stdout.contains("it comes back when you set a higher energy, or on its own tomorrow at"))
    #expect(cli.stride("show", "2").stdout.contains("when you set a higher energy, or on its own tomorrow"))
    #expect(cli.stride("help", "defer").stdout.contains(DeferReason.noEnergy.rule))
    cli.stride("add", "plan the party: guests, food, music")
    let unsure = cli.stride("defer", "3", "unsure")
    #expect(unsure.stdout.contains("as unsure: its next step is offered at once."), "\(unsure.stdout)")
    #expect(cli.stride("resume", "1").stdout == "Task 1, \"file the taxes\", is active again.\n")
    #expect(cli.stride("now").stdout.contains("file the taxes"))
  }

  @Test("completing the last step completes the task and says so; undo walks it back")
  func stepsJourney() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "renew passport")
    #expect(cli.stride("step", "1", "take a photo").stdout == "Added step 1.1, \"take a photo\".\n")
    cli.stride("step", "1", "fill in the form")
    let first = cli.stride("done", "1.1")
    #expect(first.stdout == "Done: step 1.1, \"take a photo\".\nNext step 1.2: fill in the form (1/2 done).\n")
    #expect(cli.stride("now").stdout.contains("next step 1.2: fill in the form"))
    let last = cli.stride("done", "1.2")
    #expect(last.stdout.contains("That was the last step, so task 1, \"renew passport\", is done too."))
    #expect(cli.stride("list", "--status", "completed").stdout.contains("renew passport"))
    #expect(cli.stride("now").stdout.hasPrefix("You have no open tasks."))
    #expect(
      cli.stride("undo").stdout
        == "Undid: finished step 2 of task 1, \"renew passport\": fill in the form (the last step, which finished the task).\n"
    )
    #expect(cli.stride("show", "1").stdout.contains("Steps (1 of 2 done):"))
  }

  @Test("a daemon killed with SIGKILL mid-way loses no acknowledged task; the next command restarts it")
  func killAndRestart() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    for n in 1...20 {
      #expect(cli.stride("add", "thought \(n)").status == 0)
    }
    cli.stride("done", "3")
    let pid = try #require(cli.daemonPID())
    #expect(kill(pid, SIGKILL) == 0)
    var waited = 0
    while kill(pid, 0) == 0, waited < 200 {
      usleep(10_000)
      waited += 1
    }
    let listed = cli.stride("list", "--all", "--json")
    #expect(listed.status == 0, "\(listed.stderr)")
    let tasks = try JSONDecoder().decode(Wire.TaskListResult.self, from: Data(listed.stdout.utf8)).tasks
    #expect(tasks.count == 20)
    #expect(Set(tasks.map(\.title)) == Set((1...20).map { "thought \($0)" }))
    #expect(tasks.first { $0.id == TaskID(3) }?.status == .completed)
    #expect(cli.daemonPID() != pid)
  }
}

/// Killing the daemon while a client streams changes at it.
@Suite("End to end: crash in the middle of a stream")
struct CrashTests {
  @Test("SIGKILL while a client is capturing: every acknowledged task is there after the restart, and at most one more")
  func killDuringCaptures() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    #expect(cli.stride("daemon", "start").status == 0)
    let pid = try #require(cli.daemonPID())
    let acknowledged = Locked<[String]>([])
    let stopped = DispatchSemaphore(value: 0)
    let socket = cli.socket
    Thread.detachNewThread {
      defer { stopped.signal() }
      guard let client = try? StrideClient(path: socket) else { return }
      for n in 1...100_000 {
        let title = "streamed \(n)"
        guard (try? client.call(Wire.TaskCapture.self, .init(text: title))) != nil else { return }
        acknowledged.withLock { $0.append(title) }
      }
    }
    while acknowledged.withLock({ $0.count }) < 30 { usleep(5_000) }
    #expect(kill(pid, SIGKILL) == 0)
    stopped.wait()
    let acked = acknowledged.withLock { $0 }

    let listed = cli.stride("list", "--json")
    #expect(listed.status == 0, "\(listed.stderr)")
    let titles = try JSONDecoder().decode(Wire.TaskListResult.self, from: Data(listed.stdout.utf8)).tasks.map(\.title)
    #expect(Set(acked).isSubset(of: Set(titles)), "an acknowledged capture was lost")
    #expect(titles.count <= acked.count + 1, "only the capture in flight may have landed unacknowledged")
    #expect(titles.allSatisfy { $0.hasPrefix("streamed ") })
    let database = try SQLiteDatabase(path: cli.database)
    #expect(try database.text("PRAGMA integrity_check") == "ok")
  }
}

/// What a person sees when they get something wrong, and the daemon's own controls.
@Suite("End to end: bad input and daemon control")
struct CommandLineErrorTests {
  @Test("each mistake gets one clear line on stderr and the documented exit status")
  func mistakes() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "something")
    let cases: [([String], Int32, String)] = [
      (["done", "12.x"], 64, "'12.x' is not a task id"),
      (["done"], 64, "done needs a task id"),
      (["don", "1"], 64, "there is no command 'don' (did you mean 'stride done'?); run 'stride help' for the list"),
      (["nwo"], 64, "there is no command 'nwo' (did you mean 'stride now'?)"),
      (["--verbose", "now"], 64, "'--verbose' is not an option of stride itself"),
      (["edit", "1", "--estimate", "0m"], 64, "--estimate '0m' is no time at all; give a length above zero"),
      (["defer", "1", "lazy"], 64, "use one of blocked, no-energy, wrong-time, unsure, not-important"),
      (["defer", "1"], 64, "defer needs a reason"),
      (["defer", "1", "no-energy", "--until", "the 32nd"], 64, "is not a time Stride can read"),
      (["defer", "1", "no-energy", "--until", "2001-01-01T00:00"], 64, "has already passed"),
      (["defer", "1", "unsure", "--until", "wednesday"], 64, "unsure takes no until-time"),
      (["defer", "1", "no-energy", "--on", "1"], 64, "--on goes with the reason blocked"),
      (["done", "99"], 1, "no task 99"),
      (["done", "1.4"], 1, "task 1 has no step 4"),
      (["frobnicate"], 64, "there is no command 'frobnicate'"),
      (["now", "--energy", "tired"], 64, "use low, medium or high"),
      (["block", "1", "--on", "1"], 1, "cannot wait on itself"),
      (["list", "--colour"], 64, "list has no option --colour"),
    ]
    for (arguments, status, message) in cases {
      let outcome = cli.run(cli.binaries + "/stride", arguments)
      #expect(outcome.status == status, "stride \(arguments.joined(separator: " ")): \(outcome.stderr)")
      #expect(outcome.stderr.hasPrefix("stride: "), "stride \(arguments.joined(separator: " "))")
      #expect(outcome.stderr.contains(message), "stride \(arguments.joined(separator: " ")): \(outcome.stderr)")
      #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "one line: \(outcome.stderr)")
      #expect(outcome.stdout.isEmpty)
    }
    let json = cli.stride("done", "99", "--json")
    #expect(json.stdout.contains("\"reason\":\"task-not-found\""))
    #expect(cli.stride("list", "--json").stdout.contains("\"title\":\"something\""), "nothing was changed")
  }

  @Test("without a daemon, --no-autostart fails with exit 69 and says how to start it")
  func noAutostart() {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    let outcome = cli.stride("now", "--no-autostart")
    #expect(outcome.status == 69)
    #expect(outcome.stderr.contains("strided is not running"))
    #expect(outcome.stderr.contains("stride daemon start"))
    let status = cli.stride("daemon", "status")
    #expect(status.status == 69)
    #expect(status.stdout.contains("strided is not running"))
  }

  @Test("daemon start, a refused second strided, status and stop, with the socket removed at the end")
  func daemonControl() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    let started = cli.stride("daemon", "start")
    #expect(started.status == 0, "\(started.stderr)")
    #expect(started.stdout.hasPrefix("strided is running (pid "))
    let second = cli.run(cli.binaries + "/strided", [])
    #expect(second.status != 0)
    #expect(second.stderr.contains("already running"))
    let status = cli.stride("daemon", "status")
    #expect(status.stdout.contains("is running"))
    #expect(status.stdout.contains("with 0 open tasks"))
    var info = stat()
    #expect(stat(cli.socket, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(stat(cli.root + "/run/stride", &info) == 0)
    #expect(info.st_mode & 0o777 == 0o700)
    let stopped = cli.stride("daemon", "stop")
    #expect(stopped.stdout.hasPrefix("Stopped strided"))
    #expect(!FileManager.default.fileExists(atPath: cli.socket))
    #expect(cli.stride("daemon", "stop").stdout == "strided is not running, so there is nothing to stop.\n")
  }

  @Test("colour only on a terminal, and never with NO_COLOR")
  func colour() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "water the plants")
    cli.environment["TERM"] = "xterm"
    let script = "/usr/bin/script"
    try #require(
      FileManager.default.isExecutableFile(atPath: script),
      "skipped: util-linux's script is needed to give stride a terminal")
    let command = "'\(cli.binaries)/stride' list"
    let terminal = cli.run(script, ["-qec", command, "/dev/null"])
    #expect(terminal.stdout.contains("\u{1B}[1m"), "\(terminal.stdout)")
    let noColor = cli.run(script, ["-qec", command, "/dev/null"], extraEnvironment: ["NO_COLOR": "1"])
    #expect(noColor.stdout.contains("water the plants"))
    #expect(!noColor.stdout.contains("\u{1B}["))
  }

  @Test("help exists for every command")
  func help() {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    for command in [
      "add", "now", "list", "show", "done", "reopen", "step", "edit", "defer", "wait", "resume", "block", "unblock",
      "delete", "undo", "energy", "daemon", "when", "why",
    ] {
      let outcome = cli.stride("help", command)
      #expect(outcome.status == 0)
      #expect(outcome.stdout.hasPrefix("Usage: stride \(command)"))
      #expect(cli.stride(command, "--help").stdout == outcome.stdout)
    }
    #expect(cli.stride("--help").stdout.contains("Every day:"))
    #expect(!FileManager.default.fileExists(atPath: cli.socket), "help never starts the daemon")
  }
}
