import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// Focus sessions through the built `stride` and `strided`, as a person types them.
@Suite("End to end: focus sessions")
struct FocusCommandTests {
  @Test("start, pause, resume, extend and done say what they did; now and prompt show the session first")
  func aSession() {
    let cli = CommandLineHarness(at: "2026-11-27T10:00:00Z")
    defer { cli.finish() }
    cli.stride("add", "pay rent: find the lease; send it !low")
    cli.stride("add", "call mum ~10m")
    let started = cli.stride("start", "1")
    #expect(started.status == 0)
    #expect(started.stdout.hasPrefix("Focus on task 1, step 1: find the lease. 5 minutes left. Just start.\n"))
    let now = cli.stride("now").stdout
    #expect(now.hasPrefix("▶ Focus on task 1, step 1: find the lease. "))
    #expect(!now.contains("task 1  pay rent"), "the task in focus is not said twice")
    #expect(now.contains("task 2  call mum"))
    #expect(cli.stride("prompt").stdout.hasPrefix("▶ find the lease · "))
    #expect(cli.stride("pause").stdout.hasPrefix("Paused the focus session on task 1, step 1: find the lease, with "))
    #expect(cli.stride("resume").stdout.hasPrefix("Focus on task 1, step 1: find the lease. "))
    #expect(cli.stride("extend", "--for", "10m").stdout.hasPrefix("Keep going: "))
    let done = cli.stride("done")
    #expect(done.status == 0)
    #expect(done.stdout.hasPrefix("Done: step 1.1, \"find the lease\".\nFinished focusing on task 1: pay rent, after "))
    #expect(done.stdout.hasSuffix("Next step 1.2: send it. To go on with it: stride start 1\n"))
    #expect(!cli.stride("now").stdout.contains("▶"), "nothing runs any more")
    let show = cli.stride("show", "1", "--json")
    let task = try? JSONDecoder().decode(Wire.TaskResult.self, from: Data(show.stdout.utf8)).task
    #expect(task?.focusSessions.count == 1)
    #expect(task?.focusSessions.first?.ending == .finished)
  }

  @Test(
    "bad input: a timebox of none, too long or no time at all exits 64 naming what is valid; a task that cannot start exits 1"
  )
  func badInput() {
    let cli = CommandLineHarness(at: "2026-11-27T10:00:00Z")
    defer { cli.finish() }
    cli.stride("add", "write the speech")
    cli.stride("add", "hear from the bank")
    cli.stride("add", "book the flights")
    cli.stride("add", "renew the passport")
    cli.stride("wait", "2", "the bank")
    cli.stride("done", "3")
    cli.stride("defer", "4", "no-energy", "--until", "tomorrow")
    for (value, message) in [
      ("0", "--for '0' is no time at all; give a focus session from 1m to 12h, like 25m\n"),
      ("30h", "--for '30h' is longer than a focus session can be; give a focus session from 1m to 12h, like 25m\n"),
      ("banana", "--for 'banana' is not a length of time; give a focus session from 1m to 12h, like 25m\n"),
      ("30s", "--for '30s' is under a minute; give a focus session from 1m to 12h, like 25m\n"),
    ] {
      let outcome = cli.stride("start", "1", "--for", value)
      #expect(outcome.status == 64, "\(value)")
      #expect(outcome.stderr.hasPrefix("stride: \(message)"), "\(outcome.stderr)")
      #expect(outcome.stderr.split(separator: "\n").count == 1)
    }
    for (id, advice) in [
      ("2", "task 2 is waiting for the bank; when it can go on: stride resume 2"),
      ("3", "task 3 is done; reopen it first with: stride reopen 3"),
      ("99", "no task 99"),
      ("1.3", "task 1 has no step 3"),
    ] {
      let outcome = cli.stride("start", id)
      #expect(outcome.status == 1, "\(id)")
      #expect(outcome.stderr.hasPrefix("stride: \(advice)"), "\(outcome.stderr)")
    }
    let stop = cli.stride("stop")
    #expect(stop.status == 1)
    #expect(stop.stderr == "stride: no focus session is running; start one with: stride start, or stride start ID\n")
    let done = cli.stride("done")
    #expect(done.status == 64)
    #expect(done.stderr.hasPrefix("stride: done needs a task id when no focus session is running"))
    #expect(cli.stride("list").stdout.contains("write the speech"), "nothing was changed by the refusals")
  }

  @Test("two terminals starting at once: one session runs, the other is told which; undo says what it undid")
  func raceAndUndo() throws {
    let cli = CommandLineHarness(at: "2026-11-27T10:00:00Z")
    defer { cli.finish() }
    cli.stride("add", "write the speech")
    cli.stride("add", "pay rent")
    #expect(cli.stride("daemon", "start").status == 0)
    // Both processes started before either is waited for.
    let racers = try ["1", "2"].map { id in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: cli.binaries + "/stride")
      process.arguments = ["start", id]
      process.environment = cli.environment
      let (out, err) = (Pipe(), Pipe())
      (process.standardOutput, process.standardError) = (out, err)
      process.standardInput = FileHandle.nullDevice
      try process.run()
      return (process, out, err)
    }
    let all = racers.map { process, out, err in
      let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return CommandLineHarness.Outcome(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }
    #expect(all.filter { $0.status == 0 }.count == 1)
    let told = try #require(all.first { $0.status != 0 })
    #expect(told.status == 1)
    #expect(told.stderr.contains("is running, with 5 minutes left; to switch to this one: stride start"))
    let running = try #require(all.first { $0.status == 0 })
    let other = running.stdout.contains("task 1") ? "2" : "1"
    let switched = cli.stride("start", other, "--switch")
    #expect(switched.stdout.hasPrefix("Switched away from task "))
    let undo = cli.stride("undo")
    #expect(undo.stdout.hasPrefix("Undid: started focusing on task \(other), "))
    #expect(undo.stdout.contains("(in place of task "))
    #expect(cli.stride("stop").status == 0)
    #expect(cli.stride("undo").stdout.hasPrefix("Undid: stopped focusing on task "))
    #expect(cli.stride("now").stdout.hasPrefix("▶ Focus on task "), "the undone stop runs on")
  }

  @Test(
    "killed with SIGKILL, a session runs on after a quick restart; after a long one it ends where it was last known")
  func acrossKill() throws {
    let cli = CommandLineHarness(at: "2026-11-27T10:00:00Z")
    defer { cli.finish() }
    cli.stride("add", "write the speech")
    cli.stride("start", "1", "--for", "25m")
    func killDaemon() throws {
      let pid = try #require(cli.daemonPID())
      #expect(kill(pid, SIGKILL) == 0)
      #expect(Fixtures.wait(seconds: 10) { kill(pid, 0) != 0 })
    }
    try killDaemon()
    // Started again on demand within seconds: the same session, still running.
    let again = cli.stride("now")
    #expect(again.stdout.hasPrefix("▶ Focus on task 1: write the speech. "), "\(again.stdout)\(again.stderr)")
    try killDaemon()
    // Back three hours later (the machine was off): it ended at the last moment it was known to run.
    cli.pin(at: "2026-11-27T13:00:00Z")
    let later = cli.stride("now")
    #expect(!later.stdout.contains("▶"))
    let log = cli.stride("log", "--limit", "1").stdout
    #expect(
      log.contains(
        "ended the focus session on task 1, \"write the speech\" at the last moment Stride knew it was running"))
    let show = cli.stride("show", "1", "--json")
    let task = try JSONDecoder().decode(Wire.TaskResult.self, from: Data(show.stdout.utf8)).task
    let session = try #require(task.focusSessions.last)
    #expect(session.ending == .interrupted)
    #expect(session.endedAt.map { $0.date < Fixtures.at("2026-11-27T10:10:00Z") } == true, "not three hours on")
  }

  @Test(
    "a first action becomes step 1 and the task step 2: finishing it leaves the task open; refused, it adds nothing")
  func firstAction() throws {
    let cli = CommandLineHarness(at: "2026-11-27T10:00:00Z")
    defer { cli.finish() }
    cli.stride("add", "pay the electricity bill")
    cli.stride("add", "write the speech")
    cli.stride("start", "2")
    // Refused (another session runs): no step is left behind.
    let refused = cli.stride("start", "1", "--first", "open the bank app")
    #expect(refused.status == 1)
    #expect(!cli.stride("show", "1").stdout.contains("Steps"))
    let started = cli.stride("start", "1", "--first", "open the bank app", "--switch")
    #expect(started.stdout.contains("Focus on task 1, step 1: open the bank app. 5 minutes left."), "\(started.stdout)")
    let done = cli.stride("done")
    #expect(done.stdout.hasPrefix("Done: step 1.1, \"open the bank app\".\n"), "\(done.stdout)")
    #expect(done.stdout.contains("Next step 1.2: pay the electricity bill."))
    let show = cli.stride("show", "1").stdout
    #expect(show.split(separator: "\n").contains { $0.hasPrefix("  Status:") && $0.hasSuffix(" active") }, "\(show)")
    #expect(show.contains("1.2  pay the electricity bill"))
    let again = cli.stride("start", "1", "--first", "find the bill")
    #expect(
      again.stderr
        == "stride: task 1 has steps already, so it needs no first action; start its next one: stride start 1.2\n")
  }
}
