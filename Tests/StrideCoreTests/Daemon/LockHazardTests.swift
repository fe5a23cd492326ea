import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideWire

/// Nothing slow runs while the store's lock is held: a program, the network, or the engine for a subscriber. Each
/// test puts the slow thing on the path where the lock used to be held across it, and checks that another request
/// is answered meanwhile (or, for sync, that the requests are answered at all).
@Suite("Nothing slow under the lock", .serialized)
struct LockHazardTests {
  /// Runs `body` on a thread of its own; `wait` returns whether it finished within `seconds`.
  final class Background: @unchecked Sendable {
    // Sendable because `result` is written once by the thread before `done` is signalled, and read after.
    private let done = DispatchSemaphore(value: 0)
    private var result: [Data] = []

    init(_ body: @escaping @Sendable () -> [Data]) {
      Thread.detachNewThread { [self] in
        result = body()
        done.signal()
      }
    }

    func wait(_ seconds: Double) -> [Data]? {
      done.wait(timeout: .now() + seconds * Double(Fixtures.slowdown)) == .success ? result : nil
    }
  }

  static func line(_ id: Int, _ method: String, _ params: String = "{}") -> [UInt8] {
    Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)
  }

  @Test("a breakdown program that sleeps, on captures that came together, does not hold up another client's now")
  func breakdownOutsideTheLock() throws {
    let directory = Fixtures.temporaryDirectory()
    let program = directory + "/steps.sh"
    try """
    cat > /dev/null
    touch '\(directory)/started'
    sleep 2
    touch '\(directory)/finished'
    echo '{"steps":["find the form","fill it in"]}'
    """.write(toFile: program, atomically: true, encoding: .utf8)
    let config = StrideConfig(
      capture: .init(breakdownCommand: ["/bin/sh", program], breakdownTimeoutSeconds: 10 * Double(Fixtures.slowdown)))
    let dispatcher = Dispatcher(
      store: try Fixtures.store().0, clock: { Fixtures.now }, timeZone: TimeZone(identifier: "UTC")!, config: config
    ) { open in
      ServerInfo.Result(
        server: "strided/test", version: strideVersion, pid: 0, socket: "", database: "",
        startedAt: Timestamp(Fixtures.now),
        openTasks: open)
    }
    defer { dispatcher.close() }
    let first = dispatcher.respond(to: Self.line(1, "task.capture", #"{"text":"water the plants"}"#))
    #expect(String(decoding: first, as: UTF8.self).contains(#""result""#))
    for marker in ["started", "finished"] { try FileManager.default.removeItem(atPath: directory + "/" + marker) }

    // One client sends two captures in one write: the group path, where the lock used to be held throughout.
    let captures = Background {
      dispatcher.respond(to: [
        Self.line(2, "task.capture", #"{"text":"renew the passport"}"#),
        Self.line(3, "task.capture", #"{"text":"file the taxes"}"#),
      ])
    }
    let started = Date()
    while !FileManager.default.fileExists(atPath: directory + "/started"), Date().timeIntervalSince(started) < 10 {
      usleep(10_000)
    }
    #expect(FileManager.default.fileExists(atPath: directory + "/started"), "the breakdown program ran")

    // Another client asks for now while the program sleeps: the answer comes before the program is done.
    let now = TestDispatcher.reply(dispatcher, #"{"jsonrpc":"2.0","id":4,"method":"now.list"}"#)
    #expect(now.contains("water the plants"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/finished"), "now waited for the breakdown program")

    let replies = try #require(captures.wait(30), "the captures were answered")
    let texts = replies.map { String(decoding: $0, as: UTF8.self) }
    #expect(texts.count == 2)
    #expect(texts.allSatisfy { $0.contains(#""find the form""#) }, "each capture has the program's steps: \(texts)")
  }

  @Test("sync.run sent together with other lines, while another pass runs, is answered and the lines apply in order")
  func syncInAGroupWhileAPassRuns() throws {
    let server = try Radicale()
    let device = try SyncDevice()
    #expect(try device.setUp(server).error == nil)
    for number in 1...120 { try device.capture("errand number \(number)") }

    // A pass with 120 tasks to send runs on the sync queue, asked for by one client.
    let dispatcher = device.dispatcher
    let firstPass = Background {
      [dispatcher.respond(to: Self.line(10, "sync.run"))]
    }
    usleep(200_000)
    // Another client sends a capture, a sync and a list in one write.
    let group = Background {
      dispatcher.respond(to: [
        Self.line(11, "task.capture", #"{"text":"post the parcel"}"#),
        Self.line(12, "sync.run"),
        Self.line(13, "task.list"),
      ])
    }
    guard let replies = group.wait(120), let first = firstPass.wait(120) else {
      // Stuck: leave the device unclosed (closing would wait on the same lock) and say so.
      Issue.record("the requests were never answered: a deadlock between the lock and the sync queue")
      _ = Unmanaged.passRetained(device)
      return
    }
    let texts = replies.map { String(decoding: $0, as: UTF8.self) }
    #expect(String(decoding: first[0], as: UTF8.self).contains(#""result""#))
    #expect(texts.count == 3)
    #expect(texts[0].contains("post the parcel"))
    #expect(texts[1].contains(#""result""#), "the sync ran: \(texts[1])")
    #expect(texts[2].contains("post the parcel"), "the list comes after the capture")
    #expect(try server.hrefs().count == 121, "every task reached the server")
  }
}
