import Foundation
import StrideBase
import StrideCore
import StrideModel
import StrideProtocol
import StrideWire
import Testing

/// What a person reads when a pass fails on a hostile network: Stride's own sentence for each family of failure.
@Suite("Sync failures in words", .serialized)
struct SyncFailureWordsTests {
  @Test("every failure the fault proxy makes is said in Stride's words, never the network library's")
  func words() throws {
    let server = try Radicale()
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 11)
    defer { proxy.stop() }
    let device = try SyncDevice(timeout: 1)
    _ = try device.call(SyncSetup.self, .init(url: proxy.url(for: server.collection), user: Radicale.user))
    proxy.schedule = FaultProxy.Schedule(rate: 1, stall: 1.5)
    var said: Set<String> = []
    for round in 0..<40 {
      try device.capture("task \(round)")
      do { try device.sync() } catch let error as StrideError { said.insert(error.message) }
    }
    // Each family the proxy makes has been met, and each is said as Stride says it: the failure, then that the
    // changes wait here.
    #expect(said.contains { $0.hasPrefix("the connection to the server at 127.0.0.1 broke off before its answer") })
    #expect(said.contains("the server at 127.0.0.1 did not answer within 1 second; " + Self.wait))
    #expect(said.contains { $0.hasPrefix("the server had a problem (HTTP 50") })
    #expect(said.contains { $0.contains("could not be read as WebDAV XML: it was cut short on the way") })
    for message in said {
      #expect(message.contains("your changes wait here"), "\(message)")
      #expect(!message.contains("Error Domain") && !message.contains("NSURL") && !message.contains("(null)"))
    }
    // Once the network is kind again, everything captured meanwhile goes out.
    proxy.schedule = FaultProxy.Schedule()
    try device.sync()
    #expect(try server.hrefs().count == 40)
  }

  @Test(
    "a strict server's refusal of one task is that task's problem: it is named, and everything else is sent",
    arguments: [
      (415, ""),
      (
        403,
        #"<?xml version="1.0"?><d:error xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><c:valid-calendar-data/></d:error>"#
      ),
    ])
  func oneRefusedTask(status: Int, body: String) throws {
    let server = try Radicale()
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 3)
    defer { proxy.stop() }
    let device = try SyncDevice()
    _ = try device.call(SyncSetup.self, .init(url: proxy.url(for: server.collection), user: Radicale.user))
    proxy.schedule.strict = (marker: "odd glyph", status: status, body: body)
    let first = try device.capture("buy the odd glyph stamp")
    let second = try device.capture("frame the odd glyph print")
    try device.capture("call the bank")
    var report = try device.sync()
    #expect(report.sent == 1)
    #expect(try server.hrefs().count == 1)
    for task in [first, second] {
      #expect(
        report.notes.contains {
          $0.hasPrefix(
            "the server refused the change to task \(task.id) (\(task.title)) as Stride wrote it (HTTP \(status) ")
            && $0.contains("stride show \(task.id)")
        }, "\(report.notes)")
    }
    // Later captures are not held up behind the refused ones, pass after pass.
    for round in 0..<2 {
      try device.capture("pay the rent \(round)")
      report = try device.sync()
      #expect(report.sent == 1)
    }
    #expect(try server.hrefs().count == 3)
    #expect(try device.call(SyncStatus.self, .init()).pending == 2)
    // Once the server takes them (the odd part edited away, or the server relents), they go out by themselves.
    proxy.schedule.strict = nil
    report = try device.sync()
    #expect(report.sent == 2 && report.notes.isEmpty)
    #expect(try server.hrefs().count == 5)
  }

  static let wait = "your changes wait here and go out once it answers"
}
