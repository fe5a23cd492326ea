import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalDAV
@testable import StrideCalendar
@testable import StrideCore
@testable import StrideInterop
@testable import StrideModel
@testable import StrideProtocol

/// What the coverage-guided fuzzers found (Docs/reliability.md), each kept as the ordinary case a person could
/// meet; the fuzzers' own inputs are in Fuzz/Regressions and are replayed by `Scripts/fuzz` before every run.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
  let utc = TimeZone(identifier: "UTC")!

  @Test("minutes written with a prime and too many digits are no time, not a crash; a fraction of a second is dropped")
  func times() {
    let parser = TimeParser(reference: Fixtures.now, timeZone: utc)
    #expect(parser.parse("in " + String(repeating: "4", count: 68) + "'") == nil)
    #expect(parser.parse("in 15'")?.value == .instant(Fixtures.now.addingTimeInterval(900)))
    // The store and every reply keep whole seconds, so the instant read is the one said back.
    #expect(parser.parse("in 21.2 seconds")?.value == .instant(Fixtures.now.addingTimeInterval(21)))
  }

  @Test("'need to … first' with nothing between, or after letters that change length in lower case, splits safely")
  func prerequisite() throws {
    // This line stopped the daemon: the step's end fell before its start.
    let bare = try Capture.draft(from: "call mom, need to first", at: Fixtures.now, timeZone: utc)
    #expect(bare.steps.isEmpty)
    // "İ" is longer lower-cased; the step was cut from the text at the lower-cased copy's places.
    let turkish = try Capture.draft(from: "İİİ visit, need to book the flights first", at: Fixtures.now, timeZone: utc)
    #expect(turkish.steps == ["book the flights", "İİİ visit"])
  }

  @Test("a todo.txt file with Windows line ends is one task a line, and a title may begin with a combining mark")
  func todoTxtLines() throws {
    let plan = TodoTxt.plan("call the bank +money\r\nwater the plants\r\n", now: Fixtures.now, timeZone: utc)
    #expect(plan.tasks.map(\.title) == ["call the bank", "water the plants"])
    #expect(plan.tasks.first?.tags == ["money"])
    let marked = TodoTxt.plan("\u{073E}note the mark\n", now: Fixtures.now, timeZone: utc).tasks
    let again = TodoTxt.plan(TodoTxt.text(marked, timeZone: utc), now: Fixtures.now, timeZone: utc).tasks
    #expect(again.map(\.title) == ["\u{073E}note the mark"], "the date written before it is read as a date")
  }

  @Test("every # before a tag goes, so a tag written out reads back as the same tag")
  func tagHashes() throws {
    #expect(try StrideTask.checkedTags(["##Health", "#health", "health"]) == ["health"])
    #expect(throws: StrideError.self) { try StrideTask.checkedTags(["##"]) }
    let tasks = TodoTxt.plan("stretch +##Health\n", now: Fixtures.now, timeZone: utc).tasks
    #expect(tasks.first?.tags == ["health"])
    #expect(
      TodoTxt.plan(TodoTxt.text(tasks, timeZone: utc), now: Fixtures.now, timeZone: utc).tasks.first?.tags == ["health"]
    )
  }

  @Test("todo.txt dates are YYYY-MM-DD only: other ten-character words are title, not times")
  func todoTxtDates() throws {
    let tasks = TodoTxt.plan("2026-11-20 renew 16034:C t:000021346S due:2026-12-01\n", now: Fixtures.now, timeZone: utc)
      .tasks
    #expect(tasks.first?.title == "renew 16034:C t:000021346S")
    #expect(tasks.first?.start == nil)
    #expect(tasks.first?.due != nil)
    #expect(tasks.first?.createdAt == Fixtures.at("2026-11-20T00:00:00Z"))
    let again = TodoTxt.plan(TodoTxt.text(tasks, timeZone: utc), now: Fixtures.now, timeZone: utc).tasks
    #expect(again.map(\.title) == tasks.map(\.title) && again.map(\.start) == tasks.map(\.start))
  }

  @Test("an ISO 8601 length past any calendar is no length, not a crash")
  func isoLengthOverflow() {
    #expect(Durations.minutes("p666666666666668m") == nil)
    #expect(Durations.minutes("pt15m") == 15)
  }

  @Test("control characters in a title become spaces, so line-based files read back the same")
  func controlCharacters() throws {
    // A control character between two words of a todo.txt line parts them there too: "+x" after it is a tag.
    #expect(TodoTxt.plan("pay\u{1}+rent the bills", now: Fixtures.now, timeZone: utc).tasks.first?.tags == ["rent"])
    #expect(try StrideTask.checkedTitle("pay\rthe\u{0}rent\t") == "pay the rent")
    var task = Fixtures.task(1, "pay the rent")
    task.rawInput = "pay\rthe rent"
    let exported = try Exporter.data([task], format: .ical, now: Fixtures.now, timeZone: utc)
    let bytes = Array(exported)
    #expect(bytes.indices.allSatisfy { bytes[$0] != 0x0D || bytes[$0 + 1] == 0x0A }, "a bare carriage return")
    let again = try ImportPlan.read(exported, format: .ical, now: Fixtures.now, timeZone: utc)
    #expect(again.tasks.map(\.title) == ["pay the rent"])
    // iCalendar text has line breaks but no bare carriage return: the raw text's one reads back as a line break.
    #expect(again.tasks.map(\.rawInput) == ["pay\nthe rent"])
  }

  @Test("a bare carriage return ends an iCalendar line, as in files with old Mac line ends; it is never kept in one")
  func bareCarriageReturn() throws {
    let file = Data("BEGIN:VCALENDAR\rBEGIN:VTODO\rUID:x\rSUMMARY:pay the rent\rEND:VTODO\rEND:VCALENDAR\r".utf8)
    let plan = try ImportPlan.read(file, format: .ical, now: Fixtures.now, timeZone: utc)
    #expect(plan.tasks.map(\.title) == ["pay the rent"])
    #expect(ICalendarReader.unfold("X-KEPT:a\r\rb:c\r\n").allSatisfy { !$0.contains("\r") })
  }

  @Test("a waiting Taskwarrior task changed after its wait ends is deferred from before it, and exports the same")
  func waitAfterModified() throws {
    let file = Data(
      #"[{"description":"renew the passport","entry":"20261001T100000Z","modified":"28261105T100000Z","status":"waiting","uuid":"c3333333-3333-4333-8333-333333333333","wait":"20261201T080000Z"}]"#
        .utf8)
    let plan = try ImportPlan.read(file, format: .taskwarrior, now: Fixtures.now, timeZone: utc)
    let task = try #require(plan.tasks.first)
    #expect(task.deferral?.at == task.updatedAt && task.updatedAt <= Fixtures.now)
    let exported = try Exporter.data(plan.tasks, format: .taskwarrior, now: Fixtures.now, timeZone: utc)
    let again = try ImportPlan.read(exported, format: .taskwarrior, now: Fixtures.now, timeZone: utc)
    #expect(try Exporter.data(again.tasks, format: .taskwarrior, now: Fixtures.now, timeZone: utc) == exported)
  }

  @Test(
    "WebDAV answers that stopped the daemon inside Foundation's XMLParser are read or refused by Stride's own reader")
  func davNotUTF8() {
    let answer =
      Data(#"<?xml version="1.0"?><multistatus xmlns="DAV:"><r"#.utf8) + Data([0xB4])
      + Data(#"esponse><href>/a/b.ics</href></r"#.utf8) + Data([0xB4]) + Data("esponse></multistatus>".utf8)
    #expect(DAVElement.parse(answer) == nil)
    // Processing instructions without data made XMLParser read a null pointer. One that only looks like the
    // declaration is an instruction like any other; `xml` is reserved for the declaration at the start.
    #expect(DAVElement.parse(Data(#"<?xmlonUTF-6?><multistatus xmlns="DAV:"/>"#.utf8))?.name == "multistatus")
    #expect(
      DAVElement.parse(Data(#"<?xml version="1.0"?><multistatus xmlns="DAV:"><?xml?></multistatus>"#.utf8)) == nil)
    #expect(
      DAVResponse.multistatus(
        Data(#"<multistatus xmlns="DAV:"><response><href>/a/b.ics</href></response></multistatus>"#.utf8))?.responses
        .count == 1)
  }

  @Test("a server's resource with a second VTODO is written back with Stride's task still the first")
  func secondTodo() throws {
    let resource =
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:t-1", "SUMMARY:renew the insurance", "END:VTODO",
        "BEGIN:VTODO", "UID:t-2", "SUMMARY:find the policy", "END:VTODO", "END:VCALENDAR",
      ].joined(separator: "\r\n") + "\r\n"
    let parsed = try #require(try VTodo.parse(resource, timeZone: utc))
    let written = VTodo.text(
      task: parsed.fields, uid: parsed.uid, created: Fixtures.now, modified: Fixtures.now, now: Fixtures.now,
      timeZone: utc, server: parsed)
    let again = try #require(try VTodo.parse(written, timeZone: utc))
    #expect(again.uid == "t-1")
    #expect(again.fields == parsed.fields)
    #expect(written.contains("UID:t-2"), "the server's other component is kept")
  }
}
