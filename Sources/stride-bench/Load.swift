import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StrideCore
import StrideModel
import StrideProtocol
import StrideTransport
import StrideWire
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Many clients at once, and bad ones: `clients` clients (256 unless `--clients N`) mix captures (one in four) and
/// now-lists against a daemon holding 1,000 tasks, each waiting for its reply, for `--seconds` (60 unless given).
/// With `--pause MS` each client waits about that long (between half and one and a half times, at random) after a
/// reply, as people do, so the daemon is not saturated and a delay one client causes another can be seen; without
/// it the clients ask as fast as they are answered. In every other twelfth of the time a client that sends and never
/// reads and a slow-loris client (one byte a second) are there too; alternating often cancels out the store growing
/// with the captures. Prints the latency with and without them, and the daemon's memory.
func loadSection() throws {
  let clients = option("--clients") ?? 256
  let total = option("--seconds") ?? (quick ? 10 : 60)
  let pause = option("--pause") ?? 0
  let workspace = try Workspace(tasks: 1_000)
  defer { workspace.remove() }
  let (daemon, _) = try workspace.startDaemon()
  defer { workspace.stop(daemon) }
  let pid = daemon.processIdentifier
  let rssBefore = residentMegabytes(pid)
  let begin = DispatchTime.now().uptimeNanoseconds
  let slice = UInt64(total) * 1_000_000_000 / 12
  let end = begin + 12 * slice
  /// Whether the bad clients are there at `instant`: every other twelfth of the time.
  let beside: @Sendable (UInt64) -> Bool = { instant in (instant - begin) / slice % 2 == 1 }
  // Latencies in milliseconds, alone and with the bad clients, gathered from every client at its end.
  let latencies = Locked<(alone: [Double], beside: [Double], failed: Int)>(([], [], 0))
  let peakRSS = Atomic<Int>(0)
  let finished = DispatchGroup()
  for worker in 0..<clients {
    finished.enter()
    let path = workspace.socket
    Thread.detachNewThread {
      defer { finished.leave() }
      let outcome = askUntil(end, worker: worker, path: path, pause: pause, beside: beside)
      latencies.withLock {
        $0.alone += outcome.alone; $0.beside += outcome.beside; $0.failed += outcome.failed
      }
    }
  }
  startBadClients(until: end, path: workspace.socket, beside: beside)
  while DispatchTime.now().uptimeNanoseconds < end {
    peakRSS.store(max(peakRSS.load(ordering: .relaxed), Int(residentMegabytes(pid) * 1024)), ordering: .relaxed)
    usleep(200_000)
  }
  finished.wait()
  let result = latencies.withLock { $0 }
  let pace = pause > 0 ? "each pausing about \(pause) ms after a reply" : "each asking again at once"
  print(
    "\(clients) clients, \(pace), one capture in four, the rest now-lists, \(total) s in all; 1,000 tasks at the start"
  )
  reportLatencies(result.alone.sorted(), result.beside.sorted(), failed: result.failed)
  reportValue(
    "daemon memory (RSS)",
    String(
      format: "%.1f MB before, %.1f MB at most, %.1f MB at the end", rssBefore,
      Double(peakRSS.load(ordering: .relaxed)) / 1024, residentMegabytes(pid)))
}

/// One client's requests until `end`: a capture in four, the rest now-lists, each timed, with the bad clients
/// there or not (`beside`); it stops at its first failure.
private func askUntil(
  _ end: UInt64, worker: Int, path: String, pause: Int, beside: (UInt64) -> Bool
) -> (alone: [Double], beside: [Double], failed: Int) {
  var (alone, besides) = ([Double](), [Double]())
  guard let client = try? StrideClient(path: path, timeout: 30) else { return ([], [], 1) }
  // Paced clients begin at random moments within one pause, as people do, not all in the first millisecond.
  if pause > 0 { usleep(UInt32.random(in: 0...UInt32(pause * 1_000))) }
  var n = 0
  while true {
    let start = DispatchTime.now().uptimeNanoseconds
    guard start < end else { return (alone, besides, 0) }
    do {
      if n % 4 == 0 {
        _ = try client.call(Wire.TaskCapture.self, .init(text: "load \(worker) \(n)"))
      } else {
        _ = try client.call(Wire.NowList.self, .init())
      }
    } catch {
      return (alone, besides, 1)
    }
    let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    if beside(start) { besides.append(milliseconds) } else { alone.append(milliseconds) }
    n += 1
    if pause > 0 { usleep(UInt32.random(in: UInt32(pause * 500)...UInt32(pause * 1_500))) }
  }
}

/// The two bad clients, in their slices of the time; each connects again when the daemon drops it.
private func startBadClients(until end: UInt64, path: String, beside: @escaping @Sendable (UInt64) -> Bool) {
  let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"now.list","params":{}}"#.utf8) + [10]
  for slowLoris in [false, true] {
    Thread.detachNewThread {
      while DispatchTime.now().uptimeNanoseconds < end {
        guard beside(DispatchTime.now().uptimeNanoseconds), let socket = try? UnixSocket.connect(path: path)
        else {
          usleep(50_000)
          continue
        }
        // The stalled client sends and never reads, so the daemon's replies fill its socket until the daemon gives
        // up on it; the slow loris sends one byte a second.
        let bytes = slowLoris ? request : Array(repeating: request, count: 100_000).flatMap { $0 }
        var sent = 0
        while sent < bytes.count, beside(DispatchTime.now().uptimeNanoseconds) {
          let piece = slowLoris ? 1 : 4096
          guard (try? socket.write(Data(bytes[sent..<min(bytes.count, sent + piece)]))) != nil else { break }
          sent += piece
          if slowLoris { sleep(1) }
        }
      }
    }
  }
}

/// The latencies alone and beside the bad clients, and what the bad clients added.
private func reportLatencies(_ alone: [Double], _ withBad: [Double], failed: Int) {
  for (name, samples) in [
    ("latency, the clients alone", alone), ("latency, with a stalled and a slow loris", withBad),
  ]
  where !samples.isEmpty {
    reportValue(
      name,
      String(
        format: "p50 %.2f ms   p99 %.2f ms   (%d requests)", percentile(samples, 0.5), percentile(samples, 0.99),
        samples.count))
  }
  if !alone.isEmpty, !withBad.isEmpty {
    reportValue(
      "p99 delay the bad clients added", String(format: "%.2f ms", percentile(withBad, 0.99) - percentile(alone, 0.99)))
  }
  reportValue("requests answered", "\(alone.count + withBad.count), \(failed) failed")
}

/// The whole number after `name` on the command line, if given.
func option(_ name: String) -> Int? { value(after: name).flatMap { Int($0) } }
