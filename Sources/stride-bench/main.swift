import Foundation
import StrideCore

// stride-bench: measures the engine and the capture parser in-process, reporting medians and spread.
// Run: swift run -c release stride-bench [--quick]
// Docs/benchmarks.md records the method and the latest figures.

let quick = CommandLine.arguments.contains("--quick")
let now = Date(timeIntervalSince1970: 1_795_424_400)  // Monday 2026-11-23 09:00 UTC
let utc = TimeZone(identifier: "UTC")!

/// A deterministic mix like a real list: a third with due times, some steps, tags, dependencies and deferrals.
func makeTasks(_ count: Int) -> [StrideTask] {
  var state: UInt64 = 42
  func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
  return (1...count).map { index in
    var task = StrideTask(
      id: TaskID(Int64(index)), title: "task \(index)", rawInput: "task \(index)",
      energy: EnergyLevel.allCases[next(3)], estimateMinutes: [nil, 5, 10, 20, 45, 90][next(6)],
      type: TaskType.allCases[next(3)], createdAt: now.addingTimeInterval(-Double(next(90)) * 86_400))
    if next(3) == 0 { task.due = now.addingTimeInterval(Double(next(480) - 72) * 3600) }
    if next(4) == 0 { task.subtasks = (0..<next(5)).map { Subtask(title: "step \($0)", done: $0 == 0) } }
    if next(3) == 0 { task.tags = [["home", "work", "health", "errands"][next(4)]] }
    if index > 10, next(10) == 0 { task.blockedBy = [TaskID(Int64(next(index - 1) + 1))] }
    if next(8) == 0 {
      task.deferrals = [
        Deferral(reason: DeferReason.allCases[next(5)], at: now.addingTimeInterval(-86_400), until: now)
      ]
    }
    return task
  }
}

/// Runs `body` `runs` times (after a warm-up) and returns the durations in milliseconds, sorted.
func measure(runs: Int, _ body: () -> Void) -> [Double] {
  body()
  return (0..<runs).map { _ in
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
  }.sorted()
}

func report(_ name: String, _ samples: [Double], unit: String = "ms") {
  let pick = { (fraction: Double) in samples[min(samples.count - 1, Int(Double(samples.count) * fraction))] }
  print(
    name.padding(toLength: 34, withPad: " ", startingAt: 0)
      + String(
        format: "median %8.3f %@   p10 %8.3f   p90 %8.3f   (%d runs)", pick(0.5), unit, pick(0.1), pick(0.9),
        samples.count))
}

print("stride-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(quick ? "quick" : "full") run")
for count in [1_000, 10_000, 100_000] {
  let tasks = makeTasks(count)
  let context = NowContext(instant: now, energy: .medium, minutes: 45, timeZone: utc)
  let runs = quick ? 5 : (count >= 100_000 ? 21 : 51)
  var shown = 0
  let samples = measure(runs: runs) { shown = Ranking.rank(tasks: tasks, context: context).count }
  report("now.list engine, \(count) open tasks", samples)
  precondition(shown > 0, "the benchmark's tasks gave no suggestions")
}

if CommandLine.arguments.contains("--engine-only") { exit(0) }

let lines = [
  "call the dentist about the crown tomorrow 9am ~10m !low #health", "pay rent by friday",
  "clean the kitchen: dishes, counters, floor", "gym after 6pm", "renew passport due:fri start:monday est:1h30m",
]
let parser = CaptureParser(reference: now, timeZone: utc)
let perLine = measure(runs: quick ? 5 : 31) {
  for _ in 0..<200 { for line in lines { _ = parser.parse(line) } }
}.map { $0 / Double(200 * lines.count) * 1000 }
report("capture parse, one typical line", perLine, unit: "µs")
