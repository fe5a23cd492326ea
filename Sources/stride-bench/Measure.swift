import Foundation
import StrideBase
import StrideCore
import StrideModel
import StrideProtocol

/// Monday 2026-11-23 09:00 UTC: the instant the generated tasks are made around.
let now = Date(timeIntervalSince1970: 1_795_424_400)
let utc = TimeZone(identifier: "UTC")!

/// A deterministic mix like a real list: a third with due times, some steps, tags, dependencies and deferrals.
func makeTasks(_ count: Int) -> [StrideTask] {
  var random = Generator(seed: 42)
  return (1...count).map { index in
    var task = StrideTask(
      id: TaskID(Int64(index)), title: "task \(index)", rawInput: "task \(index)",
      energy: EnergyLevel.allCases[random.next(3)], estimateMinutes: [nil, 5, 10, 20, 45, 90][random.next(6)],
      type: TaskType.allCases[random.next(3)], createdAt: now.addingTimeInterval(-Seconds.days(Double(random.next(90))))
    )
    if random.next(3) == 0 { task.due = now.addingTimeInterval(Seconds.hours(Double(random.next(480) - 72))) }
    if random.next(4) == 0 { task.subtasks = (0..<random.next(5)).map { Subtask(title: "step \($0)", done: $0 == 0) } }
    if random.next(3) == 0 { task.tags = [["home", "work", "health", "errands"][random.next(4)]] }
    if index > 10, random.next(10) == 0 { task.blockedBy = [TaskID(Int64(random.next(index - 1) + 1))] }
    if random.next(8) == 0 {
      task.deferrals = [
        Deferral(reason: DeferReason.allCases[random.next(5)], at: now.addingTimeInterval(-Seconds.days(1)), until: now)
      ]
    }
    return task
  }
}

/// A small seeded generator (a linear congruential one is plenty for test data).
struct Generator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
}

/// Runs `body` `runs` times after one warm-up and returns the durations in milliseconds, sorted.
func measure(runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
  try body()
  return try (0..<runs).map { _ in
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
  }.sorted()
}

func percentile(_ samples: [Double], _ fraction: Double) -> Double {
  samples[min(samples.count - 1, Int(Double(samples.count) * fraction))]
}

func report(_ name: String, _ samples: [Double], unit: String = "ms") {
  print(
    name.padding(toLength: 46, withPad: " ", startingAt: 0)
      + String(
        format: "median %9.3f %@   p10 %9.3f   p90 %9.3f   (%d runs)", percentile(samples, 0.5), unit,
        percentile(samples, 0.1), percentile(samples, 0.9), samples.count))
}

func reportValue(_ name: String, _ value: String) {
  print(name.padding(toLength: 46, withPad: " ", startingAt: 0) + value)
}

/// The engine's question as the daemon asks it: with its memory of what was seen (every other task seen on one of
/// the last ten days), so the `waited` term reads it for every task.
func benchContext(_ tasks: [StrideTask]) -> NowContext {
  var sightings = Sightings()
  for (offset, task) in tasks.enumerated() where offset % 2 == 0 {
    let day = now.addingTimeInterval(-Seconds.days(Double(offset % 10 + 1)))
    _ = sightings.saw([task.id], at: day, dayStartedAt: day.addingTimeInterval(-Seconds.hours(1)))
  }
  return NowContext(instant: now, energy: .medium, minutes: 45, timeZone: utc, sightings: sightings)
}

func engineSection() {
  for count in [1_000, 10_000, 100_000] {
    let tasks = makeTasks(count)
    let context = benchContext(tasks)
    var shown = 0
    let samples = measure(runs: quick ? 5 : (count >= 100_000 ? 21 : 51)) {
      shown = Ranking.rank(tasks: tasks, context: context).count
    }
    report("now.list engine, \(count) open tasks", samples)
    precondition(shown > 0, "the benchmark's tasks gave no suggestions")
  }
  // The same question with estimates that learned: a factor for each of the tasks' tags and one overall, so the
  // filter and the score look one up for every task with an estimate.
  let tasks = makeTasks(100_000)
  var context = benchContext(tasks)
  context.calibration = benchCalibration()
  let samples = measure(runs: quick ? 5 : 21) { _ = Ranking.rank(tasks: tasks, context: context) }
  report("now.list engine, 100000 tasks, calibrated", samples)
  // The same question with no energy set but one learned: the level at the hour stands in, and every no-energy
  // deferral without a time (one task in ten here) asks the rhythm when it comes back.
  let tired = tasks.enumerated().map { index, task in
    guard index % 10 == 0 else { return task }
    var task = task
    task.status = .deferred
    task.deferral = Deferral(reason: .noEnergy, at: now.addingTimeInterval(-Seconds.hours(2)), until: nil)
    return task
  }
  var learned = benchContext(tired)
  let rhythm = benchRhythm()
  (learned.energy, learned.energyIsLearned) = (rhythm.level(at: now, in: LocalCalendar(timeZone: utc)), true)
  var settings = EngineSettings()
  settings.energyRhythm = rhythm
  let energy = measure(runs: quick ? 5 : 21) { _ = Ranking.rank(tasks: tired, context: learned, settings: settings) }
  report("now.list engine, 100000 tasks, energy learned", energy)
}

/// What 400 finishes teach: high mornings, medium afternoons, low evenings.
func benchRhythm() -> EnergyRhythm {
  EnergyRhythm(
    finishes: (0..<400).map { index in
      let hour = 7 + index % 16
      let energy: EnergyLevel = hour < 12 ? .high : hour < 20 ? .medium : .low
      return EnergyRhythm.Finish(
        energy: energy, at: now.addingTimeInterval(-Seconds.days(Double(index / 5 + 1)) + Seconds.hours(Double(hour))))
    }, calendar: LocalCalendar(timeZone: utc))
}

/// What 200 finished tasks with time spent teach: every tag of the benchmark's tasks runs its own way.
func benchCalibration() -> EstimateCalibration {
  let tags = ["home", "work", "health", "errands", "reading"]
  return EstimateCalibration(
    samples: (0..<200).map { index in
      EstimateCalibration.Sample(
        estimateMinutes: 20, spentSeconds: 900 + 120 * (index % 7) + 60 * (index % tags.count),
        tags: [tags[index % tags.count]], completedAt: now.addingTimeInterval(-Seconds.days(Double(index))))
    })
}

func captureSection() {
  let lines = [
    "call the dentist about the crown tomorrow 9am ~10m !low #health", "pay rent by friday",
    "clean the kitchen: dishes, counters, floor", "gym after 6pm", "renew passport due:fri start:monday est:1h30m",
  ]
  let parser = CaptureParser(reference: now, timeZone: utc)
  let perLine = measure(runs: quick ? 5 : 31) {
    for _ in 0..<200 { for line in lines { _ = parser.parse(line) } }
  }.map { $0 / Double(200 * lines.count) * 1000 }
  report("capture parse, one typical line", perLine, unit: "µs")
}
