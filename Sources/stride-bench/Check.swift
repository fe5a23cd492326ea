import Foundation
import StrideClientKit
import StrideConnection
import StrideCore
import StrideModel
import StridePlatform
import StrideProtocol
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// `stride-bench --check`: each figure of the speed targets against a floor measured in the same run, so that the
/// machine's noise cancels out; one line each, PASS or SHORT.
func checkSection() throws {
  print(
    "figure".padding(toLength: 44, withPad: " ", startingAt: 0)
      + "floor                                value        ratio    target")
  let runs = quick ? 7 : 21

  try checkCommands(runs: runs)
  try checkCaptures()
  try checkEngine(runs: runs)
  try checkStartup()
}

/// Whole commands against a daemon holding 10,000 open tasks, interleaved with the floors so all share the noise:
/// `stride-floor`, a Swift program built as `stride` is that prints one line, and for `add`, `done`, `start` and `stop`
/// `stride-floor-sync`, which first appends 4 KiB to a file beside the database and syncs it (issue 28's targets).
private func checkCommands(runs: Int) throws {
  let workspace = try Workspace(tasks: 10_000)
  var (daemon, _) = try workspace.startDaemon()
  let stride = workspace.binaries + "/stride"
  let floor = workspace.binaries + "/stride-floor"
  let floorSync = workspace.binaries + "/stride-floor-sync"
  let synced = workspace.root + "/data/stride/bench-sync-floor"
  defer { unlink(synced) }
  var times: [String: [Double]] = [:]
  for run in 1...(runs + 1) {
    times["floor", default: []].append(try workspace.time(floor, []))
    times["floor+sync", default: []].append(try workspace.time(floorSync, [synced]))
    times["help", default: []].append(try workspace.time(stride, ["help"]))
    times["now", default: []].append(try workspace.time(stride, ["now"]))
    times["prompt", default: []].append(try workspace.time(stride, ["prompt"]))
    times["add", default: []].append(try workspace.time(stride, ["add", "benchmark thought \(run)"]))
    // A focus session on the task just added (the generated ones take ids 1 to 10,000), and its end.
    times["start", default: []].append(try workspace.time(stride, ["start", "\(10_000 + run)"]))
    times["stop", default: []].append(try workspace.time(stride, ["stop"]))
    times["done", default: []].append(try workspace.time(stride, ["done", "\(run)"]))
  }
  // The first round warms the caches: drop it.
  let median = times.mapValues { percentile(Array($0.dropFirst()).sorted(), 0.5) }
  if let sizes = strippedSizes([stride, floor]) {
    checkRow(
      "stride binary, stripped", floor: ("stride-floor", sizes[1]), value: sizes[0], limit: 10, absolute: true,
      unit: "MB")
  }
  let one = ("one-line program", median["floor"]!)
  checkRow("stride help", floor: one, value: median["help"]!, limit: 1.3)
  checkRow("stride now, 10,000 open tasks", floor: one, value: median["now"]!, limit: 1.5)
  checkRow("stride prompt, 10,000 open tasks", floor: one, value: median["prompt"]!, limit: 1.2)
  for name in ["add", "done", "start", "stop"] {
    checkRow(
      "stride \(name), 10,000 open tasks", floor: ("one line + fdatasync", median["floor+sync"]!),
      value: median[name]!, limit: 1.5)
  }
  try checkNowView(workspace, rounds: runs)
  try instructionCount(workspace, daemon: &daemon)
  workspace.stop(daemon)
  workspace.remove()
}

/// The Now view through a real pseudo-terminal at 10,000 open tasks: a key to its frame, another shell's capture to
/// the frame that shows it, and a `stride add` with the view open against one with none (issue 28).
private func checkNowView(_ workspace: Workspace, rounds: Int) throws {
  let feel = try NowViewFeel(workspace, rounds: rounds)
  feel.missed.forEach { print("Now view: \($0)") }
  let keys = feel.keys.values.flatMap { $0 }.sorted()
  guard !keys.isEmpty, !feel.captures.isEmpty, !feel.adds.isEmpty, !feel.addsAlone.isEmpty else { return }
  checkRow("Now view, key to frame (p99)", floor: nil, value: percentile(keys, 0.99), limit: 16)
  let medians = NowViewFeel.round.compactMap { key in
    feel.keys[key.name].map { String(format: "%@ %.1f", key.name, percentile($0.sorted(), 0.5)) }
  }
  print("  (median ms by key: \(medians.joined(separator: ", ")))")
  checkRow(
    "Now view, another shell's add to frame (p99)", floor: nil, value: percentile(feel.captures.sorted(), 0.99),
    limit: 50)
  checkRow(
    "stride add, Now view open", floor: ("no view open", percentile(feel.addsAlone.sorted(), 0.5)),
    value: percentile(feel.adds.sorted(), 0.5),
    limit: 1.2)
}

/// Each program's size in MB once `strip` has taken its symbols out (a copy is stripped); nil without `strip`.
private func strippedSizes(_ programs: [String]) -> [Double]? {
  guard let strip = Spawn.program("strip", inPath: "/usr/bin:/bin") else {
    print("sizes: strip is not installed (apt-get install binutils); no stripped sizes")
    return nil
  }
  let copy = NSTemporaryDirectory() + "stride-bench-stripped-\(getpid())"
  defer { unlink(copy) }
  var sizes: [Double] = []
  for program in programs {
    unlink(copy)
    guard (try? FileManager.default.copyItem(atPath: program, toPath: copy)) != nil,
      ExternalCommand.run([strip, copy], input: [], timeout: 60) != nil,
      let bytes = (try? FileManager.default.attributesOfItem(atPath: copy))?[.size] as? Int
    else { return nil }
    sizes.append(Double(bytes) / 1_000_000)
  }
  return sizes
}

/// Durable captures into an empty database (also alone: `--only durable`).
func checkCaptures() throws {
  let empty = try Workspace(tasks: 0)
  let (emptyDaemon, _) = try empty.startDaemon()
  let raw = SyncedAppends(folder: empty.root + "/data/stride", seconds: 2)
  let count = quick ? 500 : 2_000
  let one = try empty.captureRate(count)
  checkRate("durable captures/s, 1 client", floor: ("4 KiB append + fdatasync", raw.rate), value: one, limit: 0.6)
  let eight = empty.captureRate(count / 4, clients: 8)
  checkRate("durable captures/s, 8 clients", floor: ("1 client", one), value: eight, limit: 3)
  empty.stop(emptyDaemon)
  empty.remove()
}

/// The engine at 100,000 open tasks: at most 8 ms, and no worse than linear from 10,000.
private func checkEngine(runs: Int) throws {
  let engine = [10_000, 100_000].map { count in
    let tasks = makeTasks(count)
    let context = benchContext(tasks)
    return percentile(measure(runs: runs) { _ = Ranking.rank(tasks: tasks, context: context) }, 0.5)
  }
  checkRow("engine, 100,000 open tasks", floor: ("10,000 × 10", engine[0] * 10), value: engine[1], limit: 1)
  checkRow("engine, 100,000 open tasks", floor: nil, value: engine[1], limit: 8)
}

/// Start-up and memory with 100,000 open tasks.
private func checkStartup() throws {
  let large = try Workspace(tasks: 100_000)
  let database = large.root + "/data/stride/stride.db"
  let read = percentile(try measure(runs: 5) { _ = try large.time("/bin/cat", [database]) }, 0.5)
  var startups: [Double] = []
  for _ in 0..<3 {
    let (process, startup) = try large.startDaemon()
    startups.append(startup)
    large.stop(process)
  }
  let (process, _) = try large.startDaemon()
  _ = try StrideClient(path: large.socket).call(Wire.NowList.self, .init())
  checkRow(
    "daemon start-up, 100,000 open tasks", floor: ("cat stride.db > /dev/null", read),
    value: percentile(startups.sorted(), 0.5), limit: 150, absolute: true)
  checkRow(
    "daemon memory (RSS), 100,000 open tasks", floor: nil, value: residentMegabytes(process.processIdentifier),
    limit: 40, unit: "MB")
  large.stop(process)
  large.remove()
}

/// One line of the check: with a floor, the ratio of value to floor against `limit`; without one, or with
/// `absolute`, the value itself (the floor then only shown).
private func checkRow(
  _ name: String, floor: (name: String, value: Double)?, value: Double, limit: Double, absolute: Bool = false,
  unit: String = "ms"
) {
  let floorText = floor.map { String(format: "%@ %.2f %@", $0.name, $0.value, unit) } ?? "—"
  let ratio = floor.map { value / $0.value }
  let absolute = absolute || floor == nil
  let passes = (absolute ? value : ratio!) <= limit
  let target = absolute ? String(format: "≤ %.0f %@", limit, unit) : String(format: "≤ %.1f×", limit)
  printCheck(name, floorText, String(format: "%.2f %@", value, unit), ratio, target, passes)
}

/// A rate's line: more is better, so the ratio must reach `limit`.
private func checkRate(_ name: String, floor: (name: String, value: Double), value: Double, limit: Double) {
  let ratio = value / floor.value
  printCheck(
    name, String(format: "%@ %.0f/s", floor.name, floor.value), String(format: "%.0f/s", value), ratio,
    String(format: "≥ %.1f×", limit), ratio >= limit)
}

private func printCheck(
  _ name: String, _ floor: String, _ value: String, _ ratio: Double?, _ target: String, _ passes: Bool
) {
  let ratioText = ratio.map { String(format: "%.2f×", $0) } ?? ""
  print(
    name.padding(toLength: 44, withPad: " ", startingAt: 0) + floor.padding(toLength: 37, withPad: " ", startingAt: 0)
      + value.padding(toLength: 13, withPad: " ", startingAt: 0)
      + ratioText.padding(toLength: 9, withPad: " ", startingAt: 0)
      + target.padding(toLength: 9, withPad: " ", startingAt: 0)
      + (passes ? "PASS" : "SHORT"))
}

/// The disk's own pace: 4 KiB appended to a file in `folder` and made durable with `fdatasync`, again and again for
/// `seconds`, as a commit to SQLite's write-ahead log does.
struct SyncedAppends {
  var rate = 0.0

  init(folder: String, seconds limit: Double) {
    let path = folder + "/bench-sync-floor"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    guard descriptor >= 0 else { return }
    defer {
      close(descriptor)
      unlink(path)
    }
    let page = [UInt8](repeating: 0x2a, count: 4096)
    var count = 0
    let start = DispatchTime.now().uptimeNanoseconds
    while seconds(since: start) < limit {
      _ = page.withUnsafeBytes { write(descriptor, $0.baseAddress, 4096) }
      fdatasync(descriptor)
      count += 1
    }
    rate = Double(count) / seconds(since: start)
  }
}

/// Instructions (callgrind) that one `stride now` costs at 10,000 open tasks: the client's whole process and the
/// daemon's thread that served it. Unlike a time, it moves only when the code does. Restarts the daemon under
/// valgrind, and again without it afterwards: `daemon` is the one running then.
private func instructionCount(_ workspace: Workspace, daemon: inout Process) throws {
  guard
    let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first(where: FileManager.default.isExecutableFile)
  else {
    print("instructions: valgrind is not installed (apt-get install valgrind); no instruction count")
    return
  }
  // Kept after the run, for callgrind_annotate to show where the instructions go.
  let folder = NSTemporaryDirectory() + "stride-callgrind"
  try? FileManager.default.removeItem(atPath: folder)
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  let control = (valgrind as NSString).deletingLastPathComponent + "/callgrind_control"
  workspace.stop(daemon)
  let (traced, _) = try workspace.startDaemon(under: [
    valgrind, "--tool=callgrind", "--callgrind-out-file=\(folder)/daemon",
  ])
  let stride = workspace.binaries + "/stride"
  // The first answers under valgrind take seconds: the daemon is warmed up, then `stride now` asks once, and the
  // measured one finds that answer kept, as a person's second `now` does. The daemon's counts are zeroed before it
  // and written out after it, so they hold the daemon's share of that one command.
  _ = try StrideClient(path: workspace.socket, timeout: 300).call(Wire.NowList.self, .init())
  _ = try workspace.time(stride, ["now"])
  let pid = String(traced.processIdentifier)
  _ = try workspace.time(control, ["--zero", pid])
  _ = try workspace.time(valgrind, ["--tool=callgrind", "--callgrind-out-file=\(folder)/client", stride, "now"])
  _ = try workspace.time(control, ["--dump", pid])
  _ = try workspace.time(valgrind, ["--tool=callgrind", "--callgrind-out-file=\(folder)/help", stride, "help"])
  let dump = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).first { $0.hasPrefix("daemon.") }
  workspace.stop(traced)
  (daemon, _) = try workspace.startDaemon()
  guard let client = instructions(folder + "/client"), let help = instructions(folder + "/help"),
    let dump, let served = instructions(folder + "/" + dump)
  else {
    print("instructions: callgrind wrote no totals in \(folder)")
    return
  }
  print(
    "instructions, stride now at 10,000 tasks".padding(toLength: 44, withPad: " ", startingAt: 0)
      + "stride help \(grouped(help))   client \(grouped(client)) + daemon \(grouped(served)) = \(grouped(client + served))"
  )
  print("  (callgrind_annotate \(folder)/client or \(folder)/\(dump) shows where they go)")
}

/// The `totals:` line of a callgrind output file.
private func instructions(_ path: String) -> Int? {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
  let line = text.split(separator: "\n").first { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }
  return line.flatMap { Int($0.split(separator: " ").last ?? "") }
}

private func grouped(_ value: Int) -> String {
  let formatter = NumberFormatter()
  formatter.numberStyle = .decimal
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.groupingSeparator = ","
  formatter.usesGroupingSeparator = true
  return formatter.string(from: NSNumber(value: value)) ?? String(value)
}
