import Foundation
import StrideConnection
import StrideProtocol
import StrideWire

/// `stride-bench --only startup [--tasks N] [--keep]`: the daemon's start-up, memory and `now.list` at `N` open
/// tasks (100,000 unless told), seven start-ups each timed to its first answer, for a profile of one part of issue
/// 58. With `--keep` the workspace stays, and its path is printed, for `perf` or valgrind to start `strided` in.
func startupSection() throws {
  let count = value(after: "--tasks").flatMap { Int($0) } ?? 100_000
  let workspace = try Workspace(tasks: count)
  var startups: [Double] = []
  var memory: [Double] = []
  var answers: [Double] = []
  for _ in 0..<(quick ? 3 : 7) {
    let (process, startup) = try workspace.startDaemon()
    startups.append(startup)
    let client = try StrideClient(path: workspace.socket)
    let first = DispatchTime.now().uptimeNanoseconds
    _ = try client.call(Wire.NowList.self, .init())
    answers.append(seconds(since: first) * 1000)
    memory.append(residentMegabytes(process.processIdentifier))
    workspace.stop(process)
  }
  report("daemon start-up, \(count) open tasks", startups.sorted())
  report("first now.list after it", answers.sorted())
  report("daemon memory (RSS) after it", memory.sorted(), unit: "MB")
  if arguments.contains("--keep") {
    print("kept: XDG_DATA_HOME=\(workspace.root)/data XDG_RUNTIME_DIR=\(workspace.root)/run HOME=\(workspace.root)")
  } else {
    workspace.remove()
  }
}
