import StrideTestSupport
import StrideWire
import Testing

@testable import StrideBase
@testable import StrideJSON
@testable import StrideProtocol

/// What `stride list` and `stride export` read of a long reply's parts without reading all of it: a table's rows
/// (`Wire.TaskRow`, only what the table shows of each task) and an export's pieces (`TaskExport.Piece`, its tasks
/// copied as they came). Each must give what reading the whole gives.
@Suite("Table rows and export pieces read as they come")
struct TableRowAndPieceTests {
  static var tasks: [Wire.Task] { WireBytesTests.tasks }

  @Test("a table's row read from a task's bytes is what the whole task's reader gives, in every script")
  func rows() throws {
    for task in Self.tasks {
      #expect(try Wire.TaskRow(pulling: task.jsonBytes) == Wire.TaskRow(task), "\(task.title)")
    }
    let page = WireBytesTests.page
    let rows = try Wire.ListPage<Wire.TaskRow>(pulling: page.jsonBytes)
    #expect(rows.tasks == page.tasks.map(Wire.TaskRow.init))
    #expect(rows.statuses == page.statuses && rows.found == page.found && rows.columns == page.columns)
  }

  @Test("a row's keys may come in any order, escaped; without progress (an older daemon) its steps are counted")
  func rowsWrittenOtherwise() throws {
    let text = Array(
      #"{"title":"t \"q\" 📞","subtasks":[{"title":"a","done":true,"index":1},{"done":false,"index":2,"title":"b"}],"said":{"due":"today at 17:00","created":"today"},"\u0069d":7,"energy":"high","status":"waiting","estimateMinutes":25,"list":null,"x":{"y":[1,{"z":"\u0041"}]}}"#
        .utf8)
    let row = try Wire.TaskRow(pulling: text)
    #expect(row.id == TaskID(7) && row.title == "t \"q\" 📞" && row.status == .waiting && row.energy == .high)
    #expect(row.progress == StepProgress(done: 1, total: 2))
    #expect(row.due == "today at 17:00" && row.estimateMinutes == 25 && row.list == nil)
    let noSteps = Array(
      #"{"id":1,"title":"t","energy":"low","status":"active","subtasks":[],"progress":{"done":0,"total":0}}"#.utf8)
    #expect(try Wire.TaskRow(pulling: noSteps).progress == nil)
  }

  @Test("a row that cannot be read says which field is missing or wrong, as the whole task's reader does")
  func rowErrors() throws {
    let task = String(decoding: Self.tasks[0].jsonBytes, as: UTF8.self)
    // Each change to the task's text: what it replaces, and with what.
    let changes = [
      (#""title":"write the report","#, ""), (#""energy":"medium""#, #""energy":"sleepy""#),
      (#""id":1,"#, #""id":"one","#), (#""subtasks":"#, #""steps":"#),
    ]
    for (old, new) in changes {
      let bytes = Array(task.replacingOccurrences(of: old, with: new).utf8)
      let row = Self.failure { () throws(JSONUnreadable) in _ = try Wire.TaskRow(pulling: bytes) }
      #expect(bytes != Array(task.utf8) && !row.isEmpty)
      #expect(row == Self.failure { () throws(JSONUnreadable) in _ = try Wire.Task(pulling: bytes) }, "\(new)")
    }
  }

  /// What `read` fails with, in words; empty when it does not fail.
  static func failure(_ read: () throws(JSONUnreadable) -> Void) -> String {
    do {
      try read()
      return ""
    } catch {
      return "\(error)"
    }
  }

  @Test("an export's pieces with their tasks as values make the same file as pieces with the tasks in their text")
  func pieces() throws {
    let tasks = Self.tasks
    let head = #"{"exportedAt":"2026-11-21T09:00:00Z","format":"stride","version":1,"tasks":["#
    let end = "\n]}\n"
    let file = head + "\n" + tasks.map { String(decoding: $0.jsonBytes, as: UTF8.self) }.joined(separator: ",\n") + end
    let half = tasks.count / 2
    let parts = [
      TaskExport.Result(
        format: .json, text: head, tasks: tasks.prefix(half).map(\.id), loss: nil,
        taskValues: Array(tasks.prefix(half))),
      TaskExport.Result(format: .json, text: "", tasks: [], loss: nil, taskValues: []),
      TaskExport.Result(
        format: .json, text: "", tasks: tasks.dropFirst(half).map(\.id), loss: nil,
        taskValues: Array(tasks.dropFirst(half)), end: end),
    ]
    var (read, ids, afterTask) = ([UInt8](), [TaskID](), false)
    for part in parts {
      let piece = try TaskExport.Piece(pulling: part.jsonBytes, afterTask: &afterTask)
      (read, ids) = (read + piece.file, ids + piece.tasks)
      #expect(piece.format == .json && piece.loss == nil)
    }
    #expect(read == Array(file.utf8))
    #expect(ids == tasks.map(\.id))
    // A piece in its text alone (an older daemon's, or another format) is its text, its loss kept.
    let old = TaskExport.Result(format: .todotxt, text: "x \u{1}\t\\ \"\" 📞\n", tasks: [TaskID(3)], loss: "lost")
    var none = false
    let piece = try TaskExport.Piece(pulling: old.jsonBytes, afterTask: &none)
    #expect(piece.format == .todotxt && piece.file == Array(old.text.utf8))
    #expect(piece.tasks == [TaskID(3)] && piece.loss == "lost")
    #expect(!none)
    var after = false
    #expect(throws: JSONUnreadable.self) {
      try TaskExport.Piece(pulling: Array(#"{"format":"json","tasks":[]}"#.utf8), afterTask: &after)
    }
  }
}
