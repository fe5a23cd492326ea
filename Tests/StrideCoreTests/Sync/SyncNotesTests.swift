import Foundation
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideCalDAV
@testable import StrideCalendar
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// Notes through a real Radicale: another app shows them in its notes field, what it adds there comes back, and
/// nothing is lost either way.
@Suite("Notes travel (Radicale)", .serialized)
struct SyncNotesTests {
  @Test("a note shows in DESCRIPTION elsewhere; text another app adds below it is a new note; both devices' notes stay")
  func notesTravel() throws {
    let server = try Radicale()
    let (a, b) = (try SyncDevice(), try SyncDevice())
    _ = try a.setUp(server)
    _ = try b.setUp(server)
    let task = try a.capture("call the plumber about the leak")
    _ = try a.call(Wire.NoteAdd.self, .init(id: task.id, text: "comes Thursday, between 8 and 10"))
    #expect(try a.sync().sent == 1)
    let href = try #require(try server.hrefs().first)
    let name = String(href.split(separator: "/").last!)
    let lines = ICalendarReader.unfold(try server.get(href))
    #expect(
      lines.contains(
        "DESCRIPTION:call the plumber about the leak\\n\\nNote\\, 2026-11-21 09:00 UTC:\\ncomes Thursday\\, between 8 and 10"
      ))
    #expect(lines.contains("X-STRIDE-NOTE;AT=20261121T090000Z:comes Thursday\\, between 8 and 10"))

    _ = try b.sync()
    #expect(try b.task("call the plumber about the leak").notes.map(\.text) == ["comes Thursday, between 8 and 10"])
    #expect(try b.task("call the plumber about the leak").rawInput == "call the plumber about the leak")

    // A phone adds a line in its notes field: it keeps Stride's properties and rewrites DESCRIPTION.
    try SyncTrustTests.edit(server, name) { lines in
      lines.map {
        $0.hasPrefix("DESCRIPTION:")
          ? $0 + "\\n\\nbring the spare key" : $0.hasPrefix("LAST-MODIFIED:") ? "LAST-MODIFIED:20261121T100000Z" : $0
      }
    }
    a.advance(3600)
    _ = try a.sync()
    let arrived = try a.task("call the plumber about the leak")
    #expect(arrived.notes.map(\.text) == ["comes Thursday, between 8 and 10", "bring the spare key"])
    #expect(arrived.notes.last?.at == Fixtures.at("2026-11-21T10:00:00Z"))
    #expect(arrived.rawInput == "call the plumber about the leak")

    // Two devices each add a note before they sync: both are kept, on both, oldest first.
    _ = try b.sync()
    a.advance(60)
    b.advance(3600 + 120)
    _ = try a.call(Wire.NoteAdd.self, .init(id: arrived.id, text: "paid 40 euros"))
    let there = try b.task("call the plumber about the leak")
    _ = try b.call(Wire.NoteAdd.self, .init(id: there.id, text: "ask about the boiler"))
    _ = try a.sync()
    _ = try b.sync()
    _ = try a.sync()
    let expected = ["comes Thursday, between 8 and 10", "bring the spare key", "paid 40 euros", "ask about the boiler"]
    let onServer = try server.get(href)
    #expect(try a.task("call the plumber about the leak").notes.map(\.text) == expected, "\(onServer)")
    #expect(try b.task("call the plumber about the leak").notes.map(\.text) == expected)
    // Settled: nothing more to send either way.
    #expect(try a.sync().sent == 0)
    #expect(try b.sync().sent == 0)
  }

  @Test("a DESCRIPTION whose notes another app edited is kept whole as the thought, and the notes stay as they were")
  func editedElsewhere() throws {
    var fields = SyncFields(
      title: "call the plumber", note: "call the plumber",
      state: SyncState(status: .active, completedAt: nil, deferral: nil, deferCount: 0))
    fields.notes = [Note(at: Fixtures.now, text: "comes Thursday")]
    let text = VTodo.text(
      task: fields, uid: "u1", created: Fixtures.now, modified: Fixtures.now, now: Fixtures.now,
      timeZone: TimeZone(identifier: "UTC")!)
    let edited = ICalendarReader.unfold(text).map {
      $0.hasPrefix("DESCRIPTION:") ? $0.replacingOccurrences(of: "Thursday", with: "Friday") : $0
    }.joined(separator: "\r\n")
    let parsed = try #require(try VTodo.parse(edited, timeZone: TimeZone(identifier: "UTC")!))
    #expect(parsed.fields.notes == fields.notes)
    #expect(parsed.fields.note.contains("comes Friday"))
    #expect(parsed.fields.note.hasPrefix("call the plumber"))
    // Unedited, it reads back as it was written.
    let back = try #require(try VTodo.parse(text, timeZone: TimeZone(identifier: "UTC")!)?.fields)
    #expect((back.note, back.notes) == (fields.note, fields.notes))
  }
}
