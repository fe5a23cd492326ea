import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StrideWire

/// Sync with a real Xandikos, the git-backed CalDAV server: each PUT or DELETE is a commit under one lock per
/// collection, and writes that meet there are answered 423 Locked or 500. Stride learns to write to it one at a
/// time, and every pass ends with nothing waiting.
@Suite("Sync with Xandikos, a server that takes one write at a time", .serialized)
struct XandikosTests {
  @Test("a device with no password syncs tasks to Xandikos, and a second device receives them")
  func roundTrip() throws {
    let server = try Xandikos()
    let device = try SyncDevice()
    try device.capture("water the plants")
    try device.capture("call the plumber")
    #expect(try device.setUp(server).error == nil)
    #expect(try server.hrefs().count == 2)
    let other = try SyncDevice()
    try other.setUp(server)
    #expect(Set(try other.tasks.map(\.title)) == ["water the plants", "call the plumber"])
  }

  @Test("three passes of finishes, deletes and renames over 40 tasks each end clean, the server's tasks Stride's")
  func mixedPasses() throws {
    let server = try Xandikos()
    let device = try SyncDevice()
    var open = try (1...40).map { try device.capture("task number \($0)").id }
    let started = Date()
    #expect(try device.setUp(server).error == nil)
    try expectAgreed(server, device)
    for round in 1...3 {
      var kept: [TaskID] = []
      for (index, id) in open.enumerated() {
        switch (index + round) % 6 {
        case 0: _ = try device.call(Wire.TaskComplete.self, .init(id: id))
        case 1: _ = try device.call(Wire.TaskDelete.self, .init(id: id))
        case 2, 3:
          _ = try device.call(Wire.TaskUpdate.self, .init(id: id, title: "task \(id) in round \(round)"))
          kept.append(id)
        default: kept.append(id)
        }
      }
      open = kept
      let report = try device.sync()
      #expect(report.notes.isEmpty)
      try expectAgreed(server, device)
    }
    let limits = device.dispatcher.sync.pacings.withLock { $0.values.map(\.limit) }
    let pauses = device.pauses.withLock { $0 }
    print(
      "Xandikos: 4 passes in \(String(format: "%.1f", Date().timeIntervalSince(started))) s; \(pauses.count) busy "
        + "answers, each write tried again after it (\(pauses.filter { $0 > 0.25 }.count) a second time or more); "
        + "writes in flight learned: \(limits)")
  }

  /// Every pass ended clean, and the server holds exactly Stride's tasks: each title, done or not.
  private func expectAgreed(_ server: Xandikos, _ device: SyncDevice) throws {
    let status = try device.call(SyncStatus.self, NoParams())
    #expect(status.pending == 0)
    #expect(status.lastError == nil)
    #expect(status.failedPasses == nil)
    let here = try device.tasks.map { "\($0.title) \($0.status.isOpen ? "open" : "done")" }.sorted()
    let there = try server.hrefs().map { href in
      let lines = try server.get(href).components(separatedBy: .newlines)
      let title = lines.first { $0.hasPrefix("SUMMARY:") }?.dropFirst(8) ?? ""
      return "\(title) \(lines.contains("STATUS:COMPLETED") ? "done" : "open")"
    }.sorted()
    #expect(here == there)
  }
}
