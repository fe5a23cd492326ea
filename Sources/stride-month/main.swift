import Foundation

// stride-month: a seeded person drives the real strided through a simulated month (its clock moved by restarting
// it with STRIDE_CLOCK_SHIFT) and the figures say how well `now` kept its promises.
//   swift build && .build/debug/stride-month [--seed N | --seeds 1,2,3] [--days D] [--arrivals K] [--json] [--verbose]
//   [--day [--calendar given|withheld|both] [--recurring-calendar]]

do {
  let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
  var results: [RunResult] = []
  for seed in options.seeds {
    for given in options.day ? options.calendarRuns : [false] {
      let began = DispatchTime.now().uptimeNanoseconds
      let simulation = try Simulation(options: options, seed: seed, calendarGiven: given)
      try simulation.run()
      results.append(simulation.result(seconds: Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9))
      if options.seeds.count * (options.day ? options.calendarRuns.count : 1) > 1 && !options.json {
        let calendar = options.day ? given ? " (calendar given)" : " (calendar withheld)" : ""
        FileHandle.standardError.write(
          Data("seed \(seed)\(calendar) done in \(Int(results.last?.seconds ?? 0)) s\n".utf8))
      }
    }
  }
  if options.json {
    print(try ReportJSON.text(results, options))
  } else if results.count == 1, let result = results.first {
    print(Report.full(result, options), terminator: "")
  } else {
    if options.each { for result in results { print(Report.full(result, options)) } }
    print(Report.summary(results, options), terminator: "")
  }
} catch {
  FileHandle.standardError.write(Data("stride-month: \(error)\n".utf8))
  exit(1)
}
