import Foundation
import StrideWire
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// What `defer` says will happen must be what `now` and `why` then show, for every reason, with a full list of
/// better-scoring tasks around it.
@Suite("End to end: a deferral keeps its promise")
struct DeferPromiseTests {
  /// A day of pressing work: six obligations due today outscore anything new.
  private func busyDay(_ cli: CommandLineHarness) {
    for title in ["pay the gas bill", "send the invoice", "call the bank", "file the claim", "renew the permit"] {
      cli.stride("add", "\(title) today !low ~10m")
    }
  }

  @Test(
    "unsure: offered at once, as break it into steps or as its next step, even on a busy day",
    arguments: [("write the speech", "break it into steps"), ("plan the move: list rooms, book van", "next step")])
  func unsure(_ line: String, _ offered: String) throws {
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    defer { cli.finish() }
    busyDay(cli)
    let added = cli.stride("add", "--json", line)
    let id = try #require(try JSONDecoder().decode(Wire.TaskCapture.Result.self, from: Data(added.stdout.utf8)).task).id
    let deferred = cli.stride("defer", "\(id)", "unsure")
    #expect(deferred.stdout.contains("offered at once"), "\(deferred.stdout)")
    let now = cli.stride("now")
    #expect(now.stdout.contains("task \(id) "), "promised at once, but not in now:\n\(now.stdout)")
    #expect(now.stdout.contains(offered), "\(now.stdout)")
    let why = cli.stride("why", "\(id)")
    #expect(!why.stdout.contains("is not among"), "\(why.stdout)")
  }

  @Test(
    "no-energy without a time: defer and why name the fallback set in config.json, at the start of the day it ends")
  func noEnergyFallbackSetting() throws {
    let cli = CommandLineHarness(at: "2026-11-25T23:50:00Z")
    defer { cli.finish() }
    let folder = cli.root + "/config/stride"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try #"{"engine":{"noEnergyFallbackHours":48}}"#.write(
      toFile: folder + "/config.json", atomically: true, encoding: .utf8)
    cli.stride("add", "sort the loft")
    let deferred = cli.stride("defer", "1", "no-energy")
    // Two days on, at the start of the day: not Friday at 23:50, and not tomorrow (the built-in 24 hours).
    let promised = "or on its own Friday at 09:00."
    #expect(deferred.stdout.contains(promised), "\(deferred.stdout)")
    #expect(cli.stride("why", "1").stdout.contains(promised))
    let back = cli.stride("now", "--at", "fri 9:01")
    #expect(back.stdout.contains("task 1 "), "\(back.stdout)")
    #expect(!cli.stride("now", "--at", "fri 8:59").stdout.contains("task 1 "))
  }

  @Test("blocked without a time: a check-in at the start of a day, said as Stride's, and a due before it is said")
  func blockedCheckIn() throws {
    let cli = CommandLineHarness(at: "2026-11-25T23:56:00Z")
    defer { cli.finish() }
    cli.stride("add", "pay the fine today 23:59")
    cli.stride("add", "ask about the parcel")
    let late = cli.stride("defer", "1", "blocked")
    #expect(
      late.stdout == "Task 1, \"pay the fine\", is waiting; Stride asks you to check on it Friday at 09:00; "
        + "it is due before then (today at 23:59).\n")
    let plain = cli.stride("defer", "2", "blocked")
    #expect(plain.stdout.hasSuffix("check on it Friday at 09:00.\n"), "\(plain.stdout)")
    #expect(!cli.stride("now", "--at", "fri 8:59").stdout.contains("task 2 "))
    let check = cli.stride("now", "--at", "fri 9:01")
    #expect(check.stdout.contains("a check-in on what blocked it, today at 09:00"), "\(check.stdout)")
    #expect(!check.stdout.contains("you asked"), "\(check.stdout)")
    let zero = cli.stride("defer", "2", "wrong-time", "--until", "in 0 minutes")
    #expect(zero.status == 64)
    #expect(zero.stderr.contains("is now, so nothing would be put off; give a later time"), "\(zero.stderr)")
  }

  @Test("wrong-time and blocked: hidden until the time given, then back in now as promised")
  func backAtItsTime() throws {
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    defer { cli.finish() }
    busyDay(cli)
    cli.stride("add", "repaint the fence")
    cli.stride("add", "ask about the parcel")
    let later = cli.stride("defer", "6", "wrong-time", "--until", "in 3 hours")
    #expect(later.stdout.contains("it comes back today at") || later.stdout.contains("it comes back tomorrow at"))
    #expect(!cli.stride("now").stdout.contains("task 6 "))
    let back = cli.stride("now", "--at", "in 181 minutes")
    #expect(back.stdout.contains("task 6 "), "\(back.stdout)")
    #expect(back.stdout.contains("back at the time you chose"), "\(back.stdout)")

    let blocked = cli.stride("defer", "7", "blocked")
    #expect(blocked.stdout.contains("Stride asks you to check on it"), "\(blocked.stdout)")
    #expect(!cli.stride("now").stdout.contains("task 7 "))
    // Two days on, at the start of that day: three days on is after it, whatever the hour now.
    let check = cli.stride("now", "--at", "in 3 days")
    #expect(check.stdout.contains("task 7 "), "\(check.stdout)")
  }

  @Test("a task left out on a quiet day is said to be left out for what actually took the places, not for dues")
  func honestWhy() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    for title in [
      "sort the photos", "clean the oven", "read the novel", "plan the trip", "fix the bike", "learn a song",
    ] {
      cli.stride("add", title)
    }
    for id in 1...6 {
      let why = cli.stride("why", "\(id)")
      #expect(!why.stdout.contains("due today"), "nothing is due, yet why says: \(why.stdout)")
    }
  }
}
