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

  static let wait = "your changes wait here and go out once it answers"
}
