import Foundation
import StrideCore
import StrideModel
import StrideProtocol

// stride-bench: Stride's speed, measured (Docs/benchmarks.md has the method and the latest figures).
//   swift build -c release --static-swift-stdlib && .build/release/stride-bench [--quick] [--check]
//     [--only engine|capture|daemon|cli|search|review|taskwarrior]
//   .build/release/stride-bench --only load [--clients 256] [--seconds 60] [--pause MS]   (not part of the full run)
//   .build/release/stride-bench --only decade [--quick] [--keep]   (ten years of data, issue 58; not part of the full run)
//   .build/release/stride-bench --only startup [--tasks 100000] [--keep]   (the daemon's start-up, for a profile)
//   .build/release/stride-bench --only durable [--quick]   (the check's durable captures alone, for a comparison)
//   .build/release/stride-bench --only taskwarrior-year [--keep]   (the commands of a year's use beside Taskwarrior's)
//   .build/release/stride-bench --only taskwarrior [--keep]   (--keep: the shared commands' data stays, to profile)

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let only =
  value(after: "--only")
  ?? (arguments.contains("--engine-only") ? "engine" : nil)
let sections =
  arguments.contains("--check")
  ? ["check"]
  : only.map { [$0] } ?? ["engine", "capture", "daemon", "calendar", "cli", "search", "review", "taskwarrior"]

print("stride-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(quick ? "quick" : "full") run")
for section in sections {
  switch section {
  case "check": try checkSection()
  case "engine": engineSection()
  case "capture": captureSection()
  case "daemon": try daemonSection()
  case "cli": try cliSection()
  case "search": try searchSection()
  case "review": try reviewSection()
  case "taskwarrior": try taskwarriorSection()
  case "taskwarrior-year": try taskwarriorYearSection()
  case "load": try loadSection()
  case "calendar": try calendarSection()
  case "decade": try decadeSection()
  case "startup": try startupSection()
  case "durable": try checkCaptures()
  default:
    print(
      "unknown section '\(section)'; use engine, capture, daemon, calendar, cli, search, review, taskwarrior, taskwarrior-year, load, decade, startup or durable"
    )
    exit(64)
  }
}

/// The word after `name` on the command line, if given.
func value(after name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
