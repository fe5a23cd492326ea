import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel
@testable import StrideStore

/// A task's notes as the store keeps them: in order, across a reopen, and taken back by undo.
@Suite("Notes in the store")
struct NoteStoreTests {
  @Test("notes are stored oldest first, survive a reopen, and undo takes back the last one or a removal")
  func stored() throws {
    let (store, path) = try Fixtures.store()
    let task = try store.capture(Fixtures.draft("call the plumber"), at: Fixtures.now)
    try store.apply(.addNote(task.id, text: "comes Thursday"), at: Fixtures.now)
    try store.apply(.addNote(task.id, text: "paid 40 euros"), at: Fixtures.now.addingTimeInterval(60))
    try store.apply(.complete(task.id), at: Fixtures.now.addingTimeInterval(90))
    // A finished task still takes notes.
    try store.apply(.addNote(task.id, text: "it leaked again"), at: Fixtures.now.addingTimeInterval(120))
    store.close()
    let reopened = try TaskStore(path: path)
    let notes = try reopened.task(task.id, at: Fixtures.now).notes
    #expect(notes.map(\.text) == ["comes Thursday", "paid 40 euros", "it leaked again"])
    #expect(notes.map(\.at) == [0, 60, 120].map { Fixtures.now.addingTimeInterval($0) })

    try reopened.apply(.removeNote(task.id, index: 2), at: Fixtures.now.addingTimeInterval(180))
    #expect(try reopened.task(task.id, at: Fixtures.now).notes.map(\.text) == ["comes Thursday", "it leaked again"])
    let error = #expect(throws: StrideError.self) {
      try reopened.apply(.removeNote(task.id, index: 3), at: Fixtures.now)
    }
    #expect(error?.code == .noteNotFound)
    #expect(error?.message == "task 1 has 2 notes, so there is no note 3; see them with: stride show 1")
    #expect(try reopened.undo(at: Fixtures.now.addingTimeInterval(200)).action == .removeNote)
    #expect(try reopened.task(task.id, at: Fixtures.now).notes.count == 3)
    #expect(try reopened.undo(at: Fixtures.now.addingTimeInterval(200)).action == .addNote)
    #expect(try reopened.task(task.id, at: Fixtures.now).notes.count == 2)
  }
}
