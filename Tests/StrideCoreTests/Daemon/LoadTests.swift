import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideTransport

/// Many clients at once, clients that misbehave, and memory over a long run — all against an in-process daemon.
@Suite("Load", .serialized)
struct LoadTests {
  @Test(
    "256 clients connected at once (64 under a sanitizer), making 36 mixed requests each, all get correct answers")
  func mixedRequests() throws {
    let clients = 256 / Fixtures.slowdown
    let running = try RunningServer()
    defer { running.stop() }
    let failures = Failures()
    let finished = DispatchGroup()
    // Every client connects before any starts, so all the connections are open at once.
    let connected = DispatchGroup()
    let socket = running.socket
    for client in 0..<clients {
      finished.enter()
      connected.enter()
      Thread.detachNewThread {
        defer { finished.leave() }
        var waiting = true
        do {
          try Self.workload(socket: socket, client: client, rounds: 6) {
            waiting = false
            connected.leave()
            connected.wait()
          }
        } catch {
          if waiting { connected.leave() }
          failures.add("client \(client): \(error)")
        }
      }
    }
    #expect(finished.wait(timeout: .now() + 240 * Double(Fixtures.slowdown)) == .success)
    #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
    let tasks = try StrideClient(path: socket).call(Wire.TaskList.self, .init(status: .all)).tasks
    #expect(tasks.count == clients * 6)
  }

  /// Six requests a round: capture, get, add a step, complete it (which completes the task), list it by tag, and
  /// ask for now; each answer is checked.
  static func workload(socket: String, client: Int, rounds: Int, connected: () -> Void = {}) throws {
    let connection = try StrideClient(path: socket, timeout: 30 * Double(Fixtures.slowdown))
    connected()
    for round in 0..<rounds {
      let title = "client \(client) round \(round)"
      guard let task = try connection.call(Wire.TaskCapture.self, .init(text: "\(title) #c\(client)")).task,
        task.title == title
      else { throw StrideError(.internalError, "capture of \(title) answered wrongly") }
      guard try connection.call(Wire.TaskGet.self, .init(id: task.id)).task.title == title else {
        throw StrideError(.internalError, "get of \(task.id) answered wrongly")
      }
      _ = try connection.call(Wire.SubtaskAdd.self, .init(id: task.id, title: "only step"))
      guard try connection.call(Wire.SubtaskComplete.self, .init(id: task.id, index: 1)).task.status == .completed
      else {
        throw StrideError(.internalError, "the last step of \(task.id) did not complete it")
      }
      let tagged = try connection.call(Wire.TaskList.self, .init(status: .completed, tag: "c\(client)")).tasks
      guard tagged.count == round + 1 else {
        throw StrideError(.internalError, "client \(client) sees \(tagged.count) of its \(round + 1) tasks")
      }
      _ = try connection.call(Wire.NowList.self, .init())
    }
  }

  @Test("a client that never writes and one that never reads do not hold up the others, and are closed")
  func misbehavingClients() throws {
    var limits = Server.Limits()
    limits.idleTimeout = 1
    limits.sendTimeout = 1
    let running = try RunningServer(limits: limits)
    defer { running.stop() }
    let silent = try RawConnection(running.socket)
    _ = try silent.readLine()
    // The deaf client asks for long lists it never reads: its socket buffer fills, and the daemon stops waiting.
    let filler = try StrideClient(path: running.socket)
    for n in 0..<100 {
      _ = try filler.call(Wire.TaskCapture.self, .init(text: "filler \(n) with a longish title to fill"))
    }
    let deaf = try UnixSocket.connect(path: running.socket)
    deaf.setTimeouts(receive: 10, send: 10)
    for round in 0..<200 {
      try deaf.write(
        Data(#"{"jsonrpc":"2.0","id":\#(round),"method":"task.list","params":{"status":"all"}}"#.utf8 + [10]))
    }
    let started = Date()
    try Self.workload(socket: running.socket, client: 1, rounds: 5)
    #expect(Date().timeIntervalSince(started) < 20, "the others were held up")
    let last = try #require(try silent.readLine())
    #expect(last.contains("idle for 1 seconds"))
    #expect(try silent.readLine() == nil)
    // The deaf connection was dropped once a reply waited longer than the send timeout: draining it now ends well
    // before 200 replies.
    Thread.sleep(forTimeInterval: 2.5)
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var received = 0
    while let count = try? deaf.read(into: &buffer), count > 0 { received += count }
    #expect(received < 200 * 8_000, "the daemon kept writing to a client that does not read")
  }

  @Test("memory stays bounded over thousands of requests that add nothing")
  func boundedMemory() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let client = try StrideClient(path: running.socket)
    for n in 0..<50 { _ = try client.call(Wire.TaskCapture.self, .init(text: "task \(n) ~10m")) }
    let connection = try RawConnection(running.socket)
    _ = try connection.readLine()
    func burst() throws {
      for n in 0..<800 {
        _ = try client.call(Wire.NowList.self, .init())
        _ = try connection.call(#"{"jsonrpc":"2.0","id":\#(n),"method":"task.nothing"}"#)
        _ = try connection.call("{ not json")
      }
    }
    try burst()
    // The process is shared with tests that run beside this one (some read calendars of 10 MB): a leak grows in
    // every window of 4,800 requests, their passing allocations in some.
    var growths: [Int] = []
    for _ in 0..<3 {
      let before = Self.residentKilobytes()
      try burst()
      try burst()
      growths.append(Self.residentKilobytes() - before)
    }
    #expect(growths.min()! < 20_000, "resident memory grew by \(growths) KiB in each window of 4,800 requests")
  }

  static func residentKilobytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
  }
}
