import Foundation
import StrideBase
import StrideConnection
import StrideJSON
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideStore

/// Replies in parts (Docs/protocol.md, "Replies in parts"): a long `task.list` comes as `reply.part` notifications,
/// each a page of tasks for its request, then a summary; a client that does not ask gets the whole reply as before.
@Suite("Replies in parts", .serialized)
struct ReplyPartsTests {
  /// A server over a store with `count` tasks, every third one finished (in the order it was captured, one a minute).
  private func server(tasks count: Int, prepare: (TaskStore) throws -> Void = { _ in }) throws -> RunningServer {
    let (store, _) = try Fixtures.store()
    try store.batch { () throws(StrideError) in
      for index in 0..<count {
        let at = Fixtures.now.addingTimeInterval(Double(index - count) * 60)
        let task = try store.capture(TaskDraft(title: "task \(index + 1)", rawInput: "task", energy: .low), at: at)
        if index % 3 == 2 { _ = try store.apply(.complete(task.id), at: at.addingTimeInterval(30)) }
      }
    }
    try prepare(store)
    return try RunningServer(dispatcher: TestDispatcher.make(store: store, clock: { Fixtures.now }))
  }

  @Test("the parts come in order, each a bounded page for its request, and together they are the whole reply")
  func partsInOrder() throws {
    let running = try server(tasks: 600)
    defer { running.stop() }
    let connection = try RawConnection(running.socket)
    _ = try connection.readLine()
    let whole = try connection.call(#"{"jsonrpc":"2.0","id":1,"method":"task.list","params":{"status":"all"}}"#)
    try connection.send(
      #"{"jsonrpc":"2.0","id":"p","method":"task.list","params":{"status":"all","parts":true}}"# + "\n")
    let (parts, end) = try connection.parts(until: "p")
    #expect(parts.map { $0["id"] } == Array(repeating: .string("p"), count: parts.count))
    #expect(parts.map { $0["part"] } == (1...parts.count).map { .integer(Int64($0)) })
    func items(_ value: JSONValue?, _ key: String) -> [JSONValue] {
      if case .array(let items)? = value?[key] { return items }
      return []
    }
    #expect(parts.count == 3)
    #expect(parts.allSatisfy { items($0["result"], "tasks").count <= Tasks.tasksPerPart })
    #expect(parts.flatMap { items($0["result"], "tasks") } == items(whole["result"], "tasks"))
    #expect(parts.flatMap { items($0["result"], "statuses") } == items(whole["result"], "statuses"))
    #expect(end["result"] == .object(["parts": .integer(3), "rows": .integer(600)]))
    // The first part says what a table needs before the rows: the largest id, the lists.
    #expect(parts.first?["result"]?["columns"]?["largestID"] == .integer(600))
    #expect(whole["result"]?["columns"] == nil, "a whole reply is as it was")
    // Another listing leaves nothing more behind in the daemon: not even a prepared statement.
    let kept = try running.dispatcher.tasks.locked { $0.database.preparedStatements }
    try connection.send(
      #"{"jsonrpc":"2.0","id":"q","method":"task.list","params":{"status":"completed","parts":true}}"# + "\n")
    #expect(try connection.parts(until: "q").parts.count == 1)
    #expect(try running.dispatcher.tasks.locked { $0.database.preparedStatements } == kept)
  }

  @Test("a listing whose order needs every task comes in parts too, in that order; an empty one ends with no part")
  func sortedAndEmpty() throws {
    let running = try server(tasks: 300)
    defer { running.stop() }
    let client = try StrideClient(path: running.socket)
    var ids: [TaskID] = []
    let newestFirst = Wire.TaskList.Params(status: .all, sort: ListSort(key: .created, descending: true))
    let summary = try client.answerInParts(Wire.TaskList.self, newestFirst) {
      ids += try Wire.TaskListResult(pulling: $0).tasks.map(\.id)
    }
    #expect(summary == ReplyParts.Summary(parts: 2, rows: 300))
    #expect(ids == (1...300).reversed().map { TaskID(Int64($0)) })
    var parts = 0
    let none = try client.answerInParts(Wire.TaskList.self, .init(tag: "nothing-has-it")) { _ in parts += 1 }
    #expect(none == ReplyParts.Summary(parts: 0, rows: 0))
    #expect(parts == 0)
  }

  @Test(
    "an export in parts is the whole export's file, a piece a part, each task once in id order; other formats whole")
  func exportInParts() throws {
    let running = try server(tasks: 600)
    defer { running.stop() }
    let client = try StrideClient(path: running.socket)
    let whole = try client.answer(TaskExport.self, .init()).result
    var (text, ids, pieces) = ("", [TaskID](), 0)
    let summary = try client.answerInParts(TaskExport.self, .init()) { bytes in
      let piece = try JSONValueDecoder.decode(TaskExport.Result.self, from: JSONReader.parse(bytes))
      (text, ids, pieces) = (text + piece.text, ids + piece.tasks, pieces + 1)
      #expect(piece.tasks.count <= Tasks.tasksPerPart)
    }
    #expect(summary == ReplyParts.Summary(parts: 3, rows: 600))
    #expect(pieces == 3)
    #expect(text == whole.text)
    #expect(ids == whole.tasks && ids.count == 600)
    var other = 0
    let todo = try client.answerInParts(TaskExport.self, .init(format: .todotxt)) { _ in other += 1 }
    #expect(todo == ReplyParts.Summary(parts: 1, rows: 600))
    #expect(other == 1)
  }

  @Test(
    "an export in parts with its tasks as values makes the whole export's file, byte for byte, as stride writes it")
  func exportAsValues() throws {
    let running = try server(tasks: 600)
    defer { running.stop() }
    let client = try StrideClient(path: running.socket)
    let whole = try client.answer(TaskExport.self, .init()).result
    var (file, ids, afterTask, values) = ([UInt8](), [TaskID](), false, 0)
    let summary = try client.answerInParts(TaskExport.self, .init(taskValues: true)) { bytes in
      let piece = try TaskExport.Piece(pulling: bytes, afterTask: &afterTask)
      (file, ids) = (file + piece.file, ids + piece.tasks)
      let result = try JSONValueDecoder.decode(TaskExport.Result.self, from: JSONReader.parse(bytes))
      values += result.taskValues?.count ?? 0
      #expect(result.text.count < 100)
    }
    #expect(summary == ReplyParts.Summary(parts: 3, rows: 600))
    // From its first task's line on, the file is the whole export's (its head says when it was made).
    let text = String(decoding: file, as: UTF8.self)
    #expect(text.hasPrefix(#"{"exportedAt":"#))
    #expect(text.drop { $0 != "\n" } == whole.text.drop { $0 != "\n" })
    #expect(values == 600 && ids == whole.tasks)
    // Another format than json comes whole in one part, in its text, as before.
    var todo: [UInt8] = []
    afterTask = false
    _ = try client.answerInParts(TaskExport.self, .init(format: .todotxt, taskValues: true)) { bytes in
      todo += try TaskExport.Piece(pulling: bytes, afterTask: &afterTask).file
    }
    #expect(
      String(decoding: todo, as: UTF8.self) == (try client.answer(TaskExport.self, .init(format: .todotxt))).result.text
    )
  }

  @Test("a task that cannot be read ends the reply with an error after the parts before it, and the connection goes on")
  func errorMidway() throws {
    // The newest finished task holds a value this Stride does not know: the open tasks come, then the error.
    let running = try server(tasks: 600) { store in
      try store.database.execute("UPDATE tasks SET type = 'riddle' WHERE id = 600")
    }
    defer { running.stop() }
    let connection = try RawConnection(running.socket)
    _ = try connection.readLine()
    try connection.send(
      #"{"jsonrpc":"2.0","id":"p","method":"task.list","params":{"status":"all","parts":true}}"# + "\n")
    let (parts, end) = try connection.parts(until: "p")
    // The first page of open tasks came; the second, which went on into the finished ones, ended in the error.
    #expect(parts.count == 1)
    #expect(end.reason == "storage-failed")
    #expect(end["result"] == nil)
    let info = try connection.call(#"{"jsonrpc":"2.0","id":2,"method":"server.info"}"#)
    #expect(info["result"]?["openTasks"] == .integer(400))
  }

  @Test("a client that hangs up mid-way leaves the daemon free: it answers others and stops at once")
  func clientGoesAway() throws {
    let running = try server(tasks: 3_000)
    let connection = try RawConnection(running.socket)
    _ = try connection.readLine()
    try connection.send(
      #"{"jsonrpc":"2.0","id":"p","method":"task.list","params":{"status":"all","parts":true}}"# + "\n")
    // One part read, then gone: the rest (megabytes) can no longer be written.
    #expect(try connection.readLine()?.contains(#""method":"reply.part""#) == true)
    connection.socket.close()
    let other = try StrideClient(path: running.socket)
    #expect(try other.call(ServerInfo.self, NoParams()).openTasks == 2_000)
    #expect(running.server.stop(grace: 5), "no connection was left stuck writing")
    running.dispatcher.close()
  }

  @Test("a task finished while a listing is sent is not sent twice: once among the open, never among the finished")
  func finishedMidway() throws {
    let dispatcher = try TestDispatcher.make()
    let tasks = dispatcher.tasks
    let caller = Tasks.Caller(now: Fixtures.now)
    for index in 1...300 { _ = try tasks.capture(.init(text: "task \(index)"), caller) }
    let reader = try tasks.listPages(.init(status: .all), caller)
    let first = try #require(try reader.next())
    let sent = first.page.tasks.map(\.id)
    #expect(sent.count == Tasks.tasksPerPart)
    // Task 1 went out in the first part; it is finished before the next part is read.
    _ = try tasks.apply(.complete(TaskID(1)), caller)
    var rest: [TaskID] = []
    while let part = try reader.next() { rest += part.page.tasks.map(\.id) }
    let all = sent + rest
    #expect(Set(all).count == all.count, "a task sent twice")
    #expect(all.count == 300)
  }
}
