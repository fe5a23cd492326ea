import Foundation
import Testing

@testable import StrideBase
@testable import StrideModel

@Suite("Notes on a task")
struct NoteTests {
  @Test("a note keeps its lines, loses control characters and trailing spaces; an empty one is refused")
  func checked() throws {
    #expect(
      try StrideTask.checkedNote("\n  number: 555 0123  \r\n\n\tgate code\u{1B}[31m 4\n\n")
        == "  number: 555 0123\n\n gate code[31m 4")
    #expect(throws: StrideError.self) { try StrideTask.checkedNote(" \n\t\n") }
    #expect(throws: StrideError.self) {
      try StrideTask.checkedNote(String(repeating: "a", count: Note.maximumLength + 1))
    }
  }

}
