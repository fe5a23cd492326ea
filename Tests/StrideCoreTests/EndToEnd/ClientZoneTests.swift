import Foundation
import Testing

@testable import StrideCore

/// The daemon reads and says times for the shell that asks: its zone (`TZ`) and its locale's date order, sent by
/// `stride` in `client.context`, whatever zone the daemon itself was started in.
@Suite("End to end: times in the asking shell's zone")
struct ClientZoneTests {
  /// `stride` run with the harness's environment and these variables over it.
  func stride(_ cli: CommandLineHarness, _ environment: [String: String], _ arguments: String...)
    -> CommandLineHarness.Outcome
  {
    cli.run(cli.binaries + "/stride", arguments, extraEnvironment: environment)
  }

  @Test("when, --until and a numeric date are read in the shell's zone and order; the daemon's own zone is UTC")
  func zoneAndOrder() throws {
    // A day before the dates it names, which would otherwise be past one December.
    let cli = CommandLineHarness(at: "2026-11-21T09:00:00Z")
    defer { cli.finish() }
    // The daemon starts in UTC.
    #expect(cli.stride("add", "call the bank").status == 0)
    let tokyo = ["TZ": "Asia/Tokyo"]
    let when = stride(cli, tokyo, "when", "tomorrow 6pm", "--ref", "2026-11-21T09:00")
    #expect(when.stdout == "\"tomorrow 6pm\" is Sunday 22 November 2026 at 18:00.\n  2026-11-22T18:00:00+09:00\n")
    // The same words in the daemon's zone, for contrast.
    #expect(cli.stride("when", "tomorrow 6pm", "--ref", "2026-11-21T09:00").stdout.contains("+00:00"))

    #expect(stride(cli, tokyo, "defer", "1", "no-energy", "--until", "2026-12-24 18:00").status == 0)
    let shown = cli.stride("show", "1", "--json").stdout
    #expect(shown.contains("\"until\":\"2026-12-24T09:00:00Z\""), "\(shown)")

    // 3/12 is 12 March in an American locale and 3 December in a British one.
    let american = stride(cli, ["LANG": "en_US.UTF-8"], "when", "3/12", "--ref", "2026-11-21")
    #expect(american.stdout.hasPrefix("\"3/12\" is the whole of Friday 12 March 2027."), "\(american.stdout)")
    let british = stride(cli, ["LANG": "en_GB.UTF-8"], "when", "3/12", "--ref", "2026-11-21")
    #expect(british.stdout.hasPrefix("\"3/12\" is the whole of Thursday 3 December 2026."), "\(british.stdout)")
  }

  @Test("add, show, list and defer say times in the shell's zone, in the daemon's words; an unknown zone, the daemon's")
  func saidInTheShellsZone() throws {
    let cli = CommandLineHarness(at: "2026-11-21T09:00:00Z")
    defer { cli.finish() }
    // The daemon starts in UTC; 18:00 in Tokyo is 09:00 there, and every sentence to Tokyo must say 18:00.
    #expect(cli.stride("daemon", "start").status == 0)
    let tokyo = ["TZ": "Asia/Tokyo"]
    let added = stride(cli, tokyo, "add", "pay the rent 2026-12-24 18:00 ~10m")
    #expect(added.stdout.contains("Read as: due Thu 24 Dec at 18:00; about 10 min; an obligation"), "\(added.stdout)")
    #expect(stride(cli, tokyo, "show", "1").stdout.contains("Due:          Thu 24 Dec at 18:00"))
    #expect(stride(cli, tokyo, "list").stdout.contains("Thu 24 Dec at 18:00"))
    let deferred = stride(cli, tokyo, "defer", "1", "wrong-time", "--until", "2026-12-20 19:30")
    #expect(deferred.stdout.contains("it comes back Sun 20 Dec at 19:30, and then shows for a few hours from 19:30"))
    #expect(cli.stride("show", "1").stdout.contains("Due:          Thu 24 Dec at 09:00"))
    // A zone the daemon does not know: the words still come, in the daemon's zone.
    let mars = stride(cli, ["TZ": "Mars/Olympus"], "show", "1")
    #expect(mars.stdout.contains("Due:          Thu 24 Dec at 09:00"), "\(mars.stdout)")
    // A repeat's time of day is the shell's: 07:00 in Tokyo is 22:00 the day before in UTC.
    #expect(stride(cli, tokyo, "edit", "1", "--repeat", "every day 7am").status == 0)
    let routine = stride(cli, tokyo, "show", "1")
    #expect(routine.stdout.contains("Repeats:      every day"), "\(routine.stdout)")
    #expect(cli.stride("show", "1", "--json").stdout.contains(#"T22:00:00Z","energy""#))
    let unread = stride(cli, tokyo, "edit", "1", "--repeat", "now and then")
    #expect(unread.status == 64)
    #expect(
      unread.stderr.hasPrefix("stride: --repeat 'now and then' is not a repeat Stride can read"), "\(unread.stderr)")
    // Words the daemon cannot read stop the whole edit: a note it was to remove stays.
    #expect(cli.stride("note", "1", "bring the card").status == 0)
    #expect(cli.stride("edit", "1", "--remove-note", "1", "--repeat", "now and then").status == 64)
    #expect(cli.stride("show", "1").stdout.contains("bring the card"))
  }

  @Test("a time option the daemon cannot read is a usage error that names the option, and nothing changes")
  func badWords() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    #expect(cli.stride("add", "call the bank").status == 0)
    let bad = cli.stride("defer", "1", "no-energy", "--until", "the 32nd")
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("stride: --until 'the 32nd' is not a time Stride can read"), "\(bad.stderr)")
    let someday = cli.stride("wait", "1", "--follow-up", "someday")
    #expect(someday.status == 64)
    #expect(someday.stderr.contains("--follow-up 'someday' names no time"), "\(someday.stderr)")
    let ahead = cli.stride("log", "--since", "next week")
    #expect(ahead.status == 64)
    #expect(ahead.stderr.contains("--since 'next week' is still to come"), "\(ahead.stderr)")
    #expect(cli.stride("show", "1", "--json").stdout.contains("\"deferral\":null"))
    // An unknown zone leaves the daemon reading in its own, rather than refusing every command, and says so once.
    let mars = stride(cli, ["TZ": "Mars/Olympus"], "when", "9am", "--ref", "2026-11-21")
    #expect(mars.status == 0)
    #expect(mars.stdout.contains("+00:00"))
    #expect(
      mars.stderr
        == "stride: strided does not know the time zone Mars/Olympus (from TZ or /etc/localtime), so it reads and "
        + "says times in its own; set TZ to a name such as Europe/Berlin.\n", "\(mars.stderr)")
  }
}
