import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StrideStore

/// Energy that learns, as a person reads it: `now` says which energy it suggests for and how to set theirs, `why`
/// says it too, a no-energy deferral says when it comes back, and `review` pictures the day.
@Suite("End to end: energy that learns")
struct EnergyCommandTests {
  /// Eight days of finishes before Monday 23 November, stored before the daemon starts: five a day, at 9 and 10
  /// (high tasks), 15 and 16 (medium) and 21 (low).
  static func finishes(in cli: CommandLineHarness) throws {
    try FileManager.default.createDirectory(atPath: cli.root + "/data/stride", withIntermediateDirectories: true)
    let store = try TaskStore(path: cli.database)
    let monday = Fixtures.at("2026-11-23T00:00:00Z")
    for day in (1...8).reversed() {
      for (hour, energy) in [(9, EnergyLevel.high), (10, .high), (15, .medium), (16, .medium), (21, .low)] {
        let at = monday.addingTimeInterval(Double(hour * 3_600 - day * 86_400))
        var draft = TaskDraft(title: "done \(day) \(hour)", rawInput: "done \(day) \(hour)")
        draft.energy = energy
        let task = try store.capture(draft, at: at)
        _ = try store.apply(.complete(task.id), at: at)
      }
    }
  }

  @Test("now, why, defer and review say what is learned, in sentences that are true at that hour")
  func learned() throws {
    let cli = CommandLineHarness(at: "2026-11-23T15:10:00Z")
    defer { cli.finish() }
    try Self.finishes(in: cli)
    #expect(cli.stride("add", "write the grant proposal !high").status == 0)
    #expect(cli.stride("add", "sort the receipts !med").status == 0)

    let now = cli.stride("now")
    #expect(now.status == 0, "\(now.stderr)")
    #expect(
      now.stdout.contains(
        "You usually have medium energy around 15:00 (set yours with `stride energy`). For that energy, start with "
          + "one of these:"), "\(now.stdout)")
    #expect(now.stdout.contains("why: matches the medium energy you usually have now"), "\(now.stdout)")
    let asked = cli.stride("now", "--energy", "high").stdout
    #expect(asked.contains("For your high energy, start with one of these:"), "\(asked)")
    #expect(!asked.contains("usually"), "\(asked)")

    let why = cli.stride("why", "41").stdout
    #expect(
      why.contains(
        "You usually have medium energy around 15:00, so it is judged for that; set yours with "
          + "`stride energy`."), "\(why)")

    let put = cli.stride("defer", "41", "no-energy")
    #expect(put.status == 0, "\(put.stderr)")
    #expect(put.stdout.contains("tomorrow at 08:00, when you usually have the energy for it"), "\(put.stdout)")

    cli.environment["NO_COLOR"] = "1"
    let plain = cli.stride("review").stdout
    #expect(plain.contains("Your energy over the day (from all you have finished):"), "\(plain)")
    #expect(plain.contains("From 40 finished tasks (the recent ones count most):"), "\(plain)")
    #expect(
      plain.contains(
        "Every day: high from 08:00 to 12:00, medium from 14:00 to 18:00 and low from 20:00 to 23:00; too few "
          + "finishes to say at the other hours."), "\(plain)")
    cli.environment["NO_COLOR"] = nil
    let chart = cli.stride("review").stdout
    #expect(chart.contains("  every day  ········████··▅▅▅▅··▂▂▂·"), "\(chart)")
  }

  @Test("with too few finishes, now is as before and review says how many it takes")
  func tooFew() throws {
    let cli = CommandLineHarness(at: "2026-11-23T15:10:00Z")
    defer { cli.finish() }
    #expect(cli.stride("add", "sort the receipts !med").status == 0)
    #expect(cli.stride("done", "1").status == 0)
    let now = cli.stride("now").stdout
    #expect(!now.contains("usually"), "\(now)")
    cli.environment["NO_COLOR"] = "1"
    let review = cli.stride("review").stdout
    #expect(
      review.contains("1 finished task so far; from 30, Stride learns when you usually have energy."), "\(review)")
  }
}
