import Foundation
import StrideCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Many clients at once, and bad ones: `clients` clients (256 unless `--clients N`) mix captures (one in four) and
/// now-lists against a daemon holding 1,000 tasks, each waiting for its reply. For the first half of `--seconds`
/// (60 unless given) they are alone; for the second half a client that sends and never reads and a slow-loris
/// client (one byte a second) join them. Prints each half's latency and the daemon's memory.
func loadSection() throws {
  let clients = option("--clients") ?? 256
  let total = option("--seconds") ?? (quick ? 10 : 60)
  let workspace = try Workspace(tasks: 1_000)
  defer { workspace.remove() }
  let (daemon, _) = try workspace.startDaemon()
  defer { workspace.stop(daemon) }
  let pid = daemon.processIdentifier
  let rssBefore = residentMegabytes(pid)
  let badClientsJoin = DispatchTime.now().uptimeNanoseconds + UInt64(total) * 500_000_000
  let end = badClientsJoin + UInt64(total) * 500_000_000
  // Latencies in milliseconds, alone and with the bad clients, gathered from every client at its end.
  let latencies = Mutex<(alone: [Double], beside: [Double], failed: Int)>(([], [], 0))
  let peakRSS = Atomic<Int>(0)
  let finished = DispatchGroup()
  for worker in 0..<clients {
    finished.enter()
    let path = workspace.socket
    Thread.detachNewThread {
      defer { finished.leave() }
      var (alone, beside, failed) = ([Double](), [Double](), 0)
      defer {
        latencies.withLock {
          $0.alone += alone; $0.beside += beside; $0.failed += failed
        }
      }
      guard let client = try? StrideClient(path: path, timeout: 30) else {
        failed += 1
        return
      }
      var n = 0
      while true {
        let start = DispatchTime.now().uptimeNanoseconds
        guard start < end else { return }
        do {
          if n % 4 == 0 {
            _ = try client.call(TaskCapture.self, .init(text: "load \(worker) \(n)"))
          } else {
            _ = try client.call(NowList.self, .init())
          }
        } catch {
          failed += 1
          return
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        if start < badClientsJoin { alone.append(milliseconds) } else { beside.append(milliseconds) }
        n += 1
      }
    }
  }
  // The two bad clients, once half the time has passed.
  Thread.detachNewThread {
    usleep(UInt32((badClientsJoin - DispatchTime.now().uptimeNanoseconds) / 1_000))
    guard let stalled = try? UnixSocket.connect(path: workspace.socket) else { return }
    let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"now.list","params":{}}"#.utf8) + [10]
    // Sends and never reads: the daemon's replies fill the socket until it gives up on this client.
    while DispatchTime.now().uptimeNanoseconds < end, (try? stalled.write(Data(request))) != nil {}
  }
  Thread.detachNewThread {
    usleep(UInt32((badClientsJoin - DispatchTime.now().uptimeNanoseconds) / 1_000))
    guard let loris = try? UnixSocket.connect(path: workspace.socket) else { return }
    let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"now.list","params":{}}"#.utf8) + [10]
    for byte in request where DispatchTime.now().uptimeNanoseconds < end {
      guard (try? loris.write(Data([byte]))) != nil else { return }
      sleep(1)
    }
  }
  while DispatchTime.now().uptimeNanoseconds < end {
    peakRSS.store(max(peakRSS.load(ordering: .relaxed), Int(residentMegabytes(pid) * 1024)), ordering: .relaxed)
    usleep(200_000)
  }
  finished.wait()
  let result = latencies.withLock { $0 }
  let (alone, beside) = (result.alone.sorted(), result.beside.sorted())
  print("\(clients) clients, one capture in four, the rest now-lists, \(total) s in all; 1,000 tasks at the start")
  for (name, samples) in [
    ("latency, the clients alone", alone), ("latency, beside a stalled and a slow-loris", beside),
  ]
  where !samples.isEmpty {
    reportValue(
      name,
      String(
        format: "p50 %.2f ms   p99 %.2f ms   (%d requests)", percentile(samples, 0.5), percentile(samples, 0.99),
        samples.count))
  }
  if !alone.isEmpty, !beside.isEmpty {
    reportValue(
      "p99 delay the bad clients added", String(format: "%.2f ms", percentile(beside, 0.99) - percentile(alone, 0.99)))
  }
  reportValue("requests answered", "\(result.alone.count + result.beside.count), \(result.failed) failed")
  reportValue(
    "daemon memory (RSS)",
    String(
      format: "%.1f MB before, %.1f MB at most, %.1f MB at the end", rssBefore,
      Double(peakRSS.load(ordering: .relaxed)) / 1024, residentMegabytes(pid)))
}

/// The whole number after `name` on the command line, if given.
func option(_ name: String) -> Int? {
  arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
}
