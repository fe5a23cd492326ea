import Foundation
import StrideBase
import StrideCore
import StrideModel
import StrideProtocol
import StrideWire
import Testing

/// What a pass costs the server once both sides agree: one request for each list, whichever way the server lets
/// Stride ask what changed.
@Suite("Sync with nothing to do", .serialized)
struct SyncIdleCostTests {
  @Test(
    "after agreement a pass costs one request per list, with sync-collection and without it",
    arguments: [false, true])
  func oneRequestPerList(hideSyncCollection: Bool) throws {
    let server = try Radicale()
    _ = try server.makeList("home", name: "Home")
    let proxy = try FaultProxy(upstreamPort: server.port, seed: 7)
    defer { proxy.stop() }
    proxy.schedule.hideSyncCollection = hideSyncCollection
    let device = try SyncDevice()
    try device.capture("pay the rent")
    try device.capture("buy milk")
    _ = try device.call(SyncSetup.self, .init(url: proxy.url(for: server.root), user: Radicale.user, all: true))
    try device.capture("fix the tap list:Home")
    try device.sync()
    try device.sync()
    #expect(try server.hrefs().count == 2)

    for _ in 1...3 {
      device.advance(600)
      let before = proxy.tally.requests
      let report = try device.sync()
      #expect(proxy.tally.requests - before == 2, "requests for a pass with nothing to do over two lists")
      #expect(report.sent == 0 && report.received == 0)
    }
  }
}
