import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalendar
@testable import StrideModel

/// A title reads on screen as it is: nothing in it can reorder what follows.
@Suite("Titles keep no bidirectional controls")
struct BidiTitleTests {
  @Test(
    "override, embedding, isolate and mark characters are taken out of titles and steps, wherever they come from",
    arguments: [
      "\u{202E}", "\u{202D}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
      "\u{200E}", "\u{200F}", "\u{061C}",
    ])
  func stripped(_ control: String) throws {
    #expect(try StrideTask.checkedTitle("pay \(control)the rent\(control)") == "pay the rent")
    let draft = try Capture.draft(
      from: "invoice \(control)fdp.exe: check \(control)it", at: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)
    #expect(!draft.title.unicodeScalars.contains { $0.properties.isBidiControl })
    var task = StrideTask(id: TaskID(1), title: "t", rawInput: "t", createdAt: Fixtures.now)
    _ = try task.addStep("call \(control)him", at: Fixtures.now)
    #expect(task.subtasks[0].title == "call him")
    let vtodo =
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:sign \(control)here\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    #expect(try VTodo.parse(vtodo, timeZone: TimeZone(identifier: "UTC")!)?.fields.title == "sign here")
  }

  @Test("right-to-left text and emoji sequences stay as they are")
  func keepsScripts() throws {
    #expect(try StrideTask.checkedTitle("שלום לעולם") == "שלום לעולם")
    #expect(try StrideTask.checkedTitle("call 👩‍👩‍👧 tonight") == "call 👩‍👩‍👧 tonight")
  }
}
