import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Estimates that learn, proved on simulated people whose true durations are known: each task really takes its
/// estimate × a factor of its tag, with noise.
@Suite("Estimate calibration")
struct EstimateCalibrationTests {
  let utc = TimeZone(identifier: "UTC")!
  let now = Fixtures.now

  /// The person's true factors: #admin runs long, #writing short, #errands long but too rare to learn on its own,
  /// and untagged work a little long.
  static let truth: [(tag: String?, factor: Double, count: Int)] = [
    ("admin", 1.6, 25), ("writing", 0.7, 25), ("errands", 2.0, 3), (nil, 1.2, 15),
  ]
  /// How far a learned factor may be from the true one: within 15% either way.
  static let tolerance = 1.15

  /// A person's finished tasks, one a day back from `now`, in a shuffled order: the estimate is 10 to 90 minutes,
  /// the time spent is the estimate × the tag's factor × a noise factor between 0.7 and 1.4 (log-uniform).
  func person(seed: UInt64, share: Double = 1) -> [StrideTask] {
    var random = SeededRandom(seed)
    var kinds: [(String?, Double)] = []
    for (tag, factor, count) in Self.truth {
      kinds += Array(repeating: (tag, factor), count: max(1, Int(Double(count) * share)))
    }
    kinds.shuffle(using: &random)
    return kinds.enumerated().map { index, kind in
      let estimate = Int.random(in: 10...90, using: &random)
      let noise = exp(Double.random(in: log(0.7)...log(1.4), using: &random))
      var task = Fixtures.task(Int64(index + 1), "done \(index)", estimate: estimate, status: .completed)
      task.tags = kind.0.map { [$0] } ?? []
      task.completedAt = now.addingTimeInterval(-Double(index + 1) * 86_400)
      task.spentSeconds = Int(Double(estimate * 60) * kind.1 * noise)
      return task
    }
  }

  func calibration(_ tasks: [StrideTask]) -> EstimateCalibration {
    EstimateCalibration(samples: tasks.compactMap(EstimateCalibration.Sample.init))
  }

  @Test("after enough finished tasks each tag's factor is recovered within 15%", arguments: Array(UInt64(1)...10))
  func recovers(_ seed: UInt64) throws {
    let learned = calibration(person(seed: seed))
    #expect(learned.samples == 68)
    for (tag, factor, count) in Self.truth {
      guard let tag else { continue }
      let found = learned.tags.first { $0.tag == tag }
      guard count >= EstimateCalibration.tagMinimum else {
        // Too few of its own: it takes the person's overall factor.
        #expect(found == nil)
        #expect(learned.applied(toTags: [tag])?.tag == nil)
        continue
      }
      let value = try #require(found).factor.value
      #expect(value / factor < Self.tolerance && factor / value < Self.tolerance, "#\(tag): \(value) for \(factor)")
    }
    // Overall: the weighted median of the mixture lies between the shortest and the longest habit.
    let overall = try #require(learned.overall).value
    #expect(overall > 0.7 && overall < 1.6)
  }

  @Test("with too few finished tasks it says nothing, and the ranking is the same as without it")
  func tooFew() {
    let few = Array(person(seed: 3).prefix(EstimateCalibration.overallMinimum - 1))
    let learned = calibration(few)
    #expect(learned.overall == nil && learned.tags.isEmpty)
    #expect(learned.applied(toTags: ["admin"]) == nil)
    // Only finished tasks with time spent count: more without it change nothing.
    var unspent = person(seed: 4)
    for index in unspent.indices { unspent[index].spentSeconds = 0 }
    #expect(calibration(few + unspent).overall == nil)
    let open = openTasks()
    for minutes in [nil, 30] {
      let without = Ranking.evaluate(tasks: open, context: context(minutes: minutes))
      let with = Ranking.evaluate(tasks: open, context: context(minutes: minutes, calibration: learned))
      #expect(with.suggestions == without.suggestions)
      #expect(with.hidden.map(\.hidden) == without.hidden.map(\.hidden))
    }
  }

  @Test("with 30 minutes, a task whose calibrated time does not fit is kept out, and one that does is let in")
  func fitsTheTime() throws {
    let learned = calibration(person(seed: 7))
    let open = openTasks()
    // Without what was learned: the estimate as given; the admin task's 25 fit 30, the writing's 38 do not.
    let before = Ranking.evaluate(tasks: open, context: context(minutes: 30))
    #expect(before.suggestions.map(\.task.id) == [TaskID(1)])
    #expect(before.hidden.map(\.task.id) == [TaskID(2)])

    let after = Ranking.evaluate(tasks: open, context: context(minutes: 30, calibration: learned))
    let admin = try #require(learned.applied(toTags: ["admin"]))
    let writing = try #require(learned.applied(toTags: ["writing"]))
    #expect(admin.minutes(25) > 30 && writing.minutes(38) <= 30)
    #expect(after.suggestions.map(\.task.id) == [TaskID(2)])
    let hidden = try #require(after.hidden.first { $0.task.id == TaskID(1) }).hidden
    #expect(hidden.reason == .tooLong)
    #expect(
      hidden.detail
        == "it takes about \(Minutes.format(admin.minutes(25))), more than your 30 min: you estimated 25 min, and "
        + "your estimates for #admin have run about \(EstimateCalibration.times(admin.used)) long")
    let why = try #require(after.suggestions.first).why
    #expect(
      why.first
        == "about \(Minutes.format(writing.minutes(38))), which fits your 30 min: your estimates for #writing have "
        + "run short, about \(EstimateCalibration.times(writing.used))")

    // Switched off, the estimates are as given again.
    var off = EngineSettings()
    off.calibrateEstimates = false
    let switchedOff = Ranking.evaluate(tasks: open, context: context(minutes: 30, calibration: learned), settings: off)
    #expect(switchedOff.suggestions == before.suggestions)
  }

  @Test("a habit that changed: the recent tasks count most, and only the most recent 200 count at all")
  func recentCountMost() throws {
    // Thirty #admin tasks at 2× three to four months ago, thirty at 1.2× in the last month.
    func admin(_ day: Int, _ factor: Double) -> EstimateCalibration.Sample {
      EstimateCalibration.Sample(
        estimateMinutes: 30, spentSeconds: Int(1_800 * factor), tags: ["admin"],
        completedAt: now.addingTimeInterval(-Double(day) * 86_400))
    }
    let changed = (100..<130).map { admin($0, 2) } + (0..<30).map { admin($0, 1.2) }
    #expect(abs(try #require(EstimateCalibration(samples: changed).overall).value - 1.2) < 1e-9)
    // The same old habit, more of it: 200 recent tasks at 1.2× leave no room for it.
    let many = (200..<400).map { admin($0, 2) } + (0..<200).map { admin($0, 1.2) }
    let learned = EstimateCalibration(samples: many)
    #expect(learned.samples == EstimateCalibration.window)
    #expect(abs(try #require(learned.overall).value - 1.2) < 1e-9)
    // An even split of equal weights: the middle of the two middle ratios (on a log scale), not the lower one.
    let split = (0..<8).map { index in admin(0, index < 4 ? 1 : 4) }
    #expect(abs(try #require(EstimateCalibration(samples: split).overall).value - 2) < 1e-9)
  }

  @Test("a factor is said to one decimal, and an estimate about right is said so")
  func words() {
    #expect(EstimateCalibration.times(1.55) == "1.6×" && EstimateCalibration.times(2.0) == "2×")
    let right = EstimateCalibration.Applied(tag: nil, factor: .init(value: 1.02, samples: 9))
    #expect(right.words == "your estimates have been about right" && right.minutes(30) == 30)
  }

  /// Two open chores, neither due: 25 minutes of #admin, 38 of #writing.
  func openTasks() -> [StrideTask] {
    var admin = Fixtures.task(1, "file the expense claims", estimate: 25)
    admin.tags = ["admin"]
    var writing = Fixtures.task(2, "draft the newsletter", estimate: 38)
    writing.tags = ["writing"]
    return [admin, writing]
  }

  func context(minutes: Int?, calibration: EstimateCalibration? = nil) -> NowContext {
    NowContext(instant: now, minutes: minutes, timeZone: utc, calibration: calibration)
  }
}
