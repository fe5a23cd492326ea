import Foundation
import StrideWire
import Testing

@testable import StrideCalDAV
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// `undo` takes back what this person did here: not a capture made in another terminal, not what sync brought from
/// another device (unless asked for by name), and never a later change to the same task.
@Suite("Undo takes back what was done here", .serialized)
struct UndoTests {
  @Test("each terminal undoes its own changes first; with none left it says it undid one made elsewhere")
  func perTerminal() throws {
    let device = try SyncDevice()
    let (left, right) = (ConnectionSession(origin: "session 10"), ConnectionSession(origin: "session 20"))
    let mine = try #require(try device.call(Wire.TaskCapture.self, .init(text: "call the bank"), in: left).task)
    let theirs = try #require(try device.call(Wire.TaskCapture.self, .init(text: "water the plants"), in: right).task)
    device.advance(60)
    _ = try device.call(Wire.TaskUpdate.self, .init(id: theirs.id, energy: .low), in: right)

    let undone = try device.call(Wire.HistoryUndo.self, .init(), in: left)
    #expect(undone.undone.summary == "added task \(mine.id), \"call the bank\"")
    #expect(undone.undone.from == .here)
    #expect(undone.sentence == "Undid: added task \(mine.id), \"call the bank\".")
    #expect(try device.tasks.map(\.title) == ["water the plants"])
    #expect(try device.task("water the plants").energy == .low, "the other terminal's edit stays")

    // Nothing of its own is left: the latest change made elsewhere, said as such.
    let elsewhere = try device.call(Wire.HistoryUndo.self, .init(), in: left)
    #expect(elsewhere.undone.from == .elsewhere)
    #expect(elsewhere.undone.summary == "edited task \(theirs.id), \"water the plants\": the energy")
    #expect(elsewhere.sentence.hasPrefix("Nothing done in this terminal is left to undo"))
  }

  @Test("undoing an edit to a task deleted since (in another terminal) leaves it deleted, and says so")
  func deletedSince() throws {
    let device = try SyncDevice()
    let (left, right) = (ConnectionSession(origin: "session 10"), ConnectionSession(origin: "session 20"))
    let task = try #require(try device.call(Wire.TaskCapture.self, .init(text: "fix the fence"), in: right).task)
    _ = try device.call(Wire.TaskUpdate.self, .init(id: task.id, energy: .high), in: left)
    _ = try device.call(Wire.TaskDelete.self, .init(id: task.id), in: right)
    let undone = try device.call(Wire.HistoryUndo.self, .init(), in: left)
    #expect(undone.undone.summary == "edited task \(task.id), \"fix the fence\": the energy")
    #expect(undone.kept == ["the deletion of task \(task.id)"])
    #expect(undone.sentence.hasSuffix("Kept what changed since: the deletion of task \(task.id)."))
    #expect(try device.tasks.isEmpty)
  }

  @Test("a sync pass is not undone by a plain undo; undo --sync names task and field, and goes to the server as asked")
  func syncNotUndone() throws {
    let server = try Radicale()
    let (here, phone) = (try SyncDevice(), try SyncDevice())
    let terminal = ConnectionSession(origin: "session 10")
    let lease = try #require(try here.call(Wire.TaskCapture.self, .init(text: "read the lease"), in: terminal).task)
    _ = try here.setUp(server)
    _ = try phone.setUp(server)
    here.advance(60)
    let captured = try #require(try here.call(Wire.TaskCapture.self, .init(text: "book the flight"), in: terminal).task)
    phone.advance(120)
    _ = try phone.call(
      Wire.TaskUpdate.self, .init(id: try phone.task("read the lease").id, title: "read the new lease"))
    try phone.sync()
    here.advance(180)
    #expect(try here.sync().received == 1)

    // The last change made here is the capture, not what the phone sent.
    let undone = try here.call(Wire.HistoryUndo.self, .init(), in: terminal)
    #expect(undone.undone.summary == "added task \(captured.id), \"book the flight\"")
    #expect(try here.task("read the new lease").id == lease.id)
    try here.sync()
    try phone.sync()
    #expect(try phone.tasks.map(\.title).contains("read the new lease"), "the phone's edit is still everywhere")

    // Asked for by name: it says which task and field, and that the server will follow.
    let fromSync = try here.call(Wire.HistoryUndo.self, .init(sync: true), in: terminal)
    #expect(fromSync.undone.from == .sync)
    #expect(
      fromSync.undone.summary == "received from another device: the title of task \(lease.id) (read the new lease)")
    #expect(fromSync.sentence.contains("The next sync sends this to the server"))
    #expect(try here.task("read the lease").id == lease.id)
    here.advance(60)
    try here.sync()
    try phone.sync()
    #expect(try phone.tasks.map(\.title) == ["read the lease"])
  }

  @Test(
    "undoing an edit after sync changed the same task takes back only what the edit did, and keeps the later change")
  func keepsLaterChanges() throws {
    let server = try Radicale()
    let (here, phone) = (try SyncDevice(), try SyncDevice())
    let terminal = ConnectionSession(origin: "session 10")
    let task = try #require(try here.call(Wire.TaskCapture.self, .init(text: "call the plumber"), in: terminal).task)
    _ = try here.setUp(server)
    _ = try phone.setUp(server)
    here.advance(60)
    _ = try here.call(
      Wire.TaskUpdate.self, .init(id: task.id, title: "call the plumber about the leak", tags: ["home"]),
      in: terminal)
    try here.sync()
    try phone.sync()
    phone.advance(120)
    let onPhone = try phone.task("call the plumber about the leak")
    _ = try phone.call(
      Wire.TaskUpdate.self, .init(id: onPhone.id, title: "call Mario the plumber", energy: .low))
    try phone.sync()
    here.advance(180)
    try here.sync()

    let undone = try here.call(Wire.HistoryUndo.self, .init(), in: terminal)
    #expect(
      undone.undone.summary
        == "edited task \(task.id), \"call the plumber about the leak\": the title (was \"call the plumber\") and the tags"
    )
    #expect(undone.kept == ["the title of task \(task.id)"])
    #expect(undone.sentence.hasSuffix("Kept what changed since: the title of task \(task.id)."))
    let now = try here.task("call Mario the plumber")
    #expect(now.tags == [], "the edit's tags were taken back")
    #expect(now.energy == .low, "the phone's energy was not touched")
    here.advance(60)
    try here.sync()
    try phone.sync()
    let there = try phone.task("call Mario the plumber")
    #expect(there.energy == .low)
    #expect(there.tags == [])
  }
}
