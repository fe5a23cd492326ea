import Foundation
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideBase
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol

/// A long reply is written straight to bytes by the daemon (`JSONBytes`) and read as it comes by the client
/// (`JSONPull`): the bytes must be those the tree and `JSONEncoder` (sorted keys) give, and what is read must be what
/// the tree reader reads, with its words for what is wrong.
@Suite("Long replies written and read as bytes")
struct WireBytesTests {
  static let at = WireTaskTests.at

  /// Tasks that between them hold what a writer can get wrong: titles in several scripts, quotes, back slashes,
  /// control characters and slashes, every optional field null and set, notes, deferrals, steps, a routine, focus
  /// sessions, and the words a connection that asked for them gets.
  static var tasks: [Wire.Task] {
    let titles = [
      "電話する 📞 明日", "Ελληνικά \"σε εισαγωγικά\" \\ πίσω", "tab\there, nul \u{0}, escape \u{1B}, delete \u{7F}",
      "a family 👩‍👩‍👧 and é, e\u{301}", "slash / and </script>", "Русский\r\nвторая строка", "مرحبا हिन्दी 한국어", "",
    ]
    let odd = titles.enumerated().map { index, title in
      var task = StrideTask(
        id: TaskID(Int64(100 + index)), title: title, rawInput: title + " ~10m", createdAt: at,
        notes: [Note(at: at, text: title), Note(at: at + 60, text: "\"quoted\"\n")])
      task.tags = [title.lowercased().filter { !$0.isWhitespace }].filter { !$0.isEmpty }
      return task
    }
    return (WireTaskTests.tasks + odd).flatMap { task in
      [Wire.Task(task), Wire.Task(task, saying: WireTaskTests.speaker)]
    }
  }

  static var page: Wire.TaskListResult {
    let tasks = Self.tasks
    return Wire.TaskListResult(
      tasks: tasks, found: tasks.map { SearchFound(title: [$0.title], place: "in a note", excerpt: ["…", "x"]) },
      statuses: tasks.map { _ in "blocked by 4" }, columns: Wire.ListColumns(largestID: TaskID(120), lists: ["a", "b"]))
  }

  static var log: HistoryLog.Result {
    var said = HistoryLog.Entry(
      seq: 9, at: Timestamp(at), action: .update, id: TaskID(4), words: "put off \"x\" \\ ü", undone: true,
      fromSync: false)
    said.said = HistoryLog.Entry.Said(at: "today at 09:00", day: "Tuesday 17 November", clock: "09:00")
    let plain = HistoryLog.Entry(
      seq: -1, at: Timestamp(at), action: .capture, id: nil, words: "", undone: false, fromSync: true)
    return HistoryLog.Result(entries: [said, plain], more: true)
  }

  @Test("a task written straight to bytes is byte for byte what JSONWriter and JSONEncoder write")
  func taskBytes() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for task in Self.tasks {
      #expect(task.jsonBytes == JSONWriter.write(task.json), "\(task.title)")
      #expect(task.jsonBytes == Array(try encoder.encode(task)), "\(task.title)")
    }
  }

  @Test("a part, a whole listing and a page of the log are the bytes the tree gives, envelope and all")
  func replyBytes() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for page in [Self.page, Wire.TaskListResult(tasks: Array(Self.tasks.prefix(3))), Wire.TaskListResult(tasks: [])] {
      let part = ReplyParts.Part(id: .string("list-4"), part: 3, result: page)
      #expect(
        WireLines.notification(method: ReplyParts.method, writing: part)
          == (try WireLines.notification(method: ReplyParts.method, params: part)))
      #expect(
        WireLines.response(id: .number(7), writing: page) == (try WireLines.response(id: .number(7), result: page)))
      #expect(page.jsonBytes == Array(try encoder.encode(page)))
      // The daemon's encoder takes the bytes' way, and writes the same.
      #expect(
        try WireEncoder().response(id: .number(7), result: page)
          == Data(WireLines.response(id: .number(7), writing: page)))
    }
    #expect(
      WireLines.response(id: .string("log"), writing: Self.log)
        == (try WireLines.response(id: .string("log"), result: Self.log)))
    #expect(Self.log.jsonBytes == Array(try encoder.encode(Self.log)))
  }

  @Test("a piece of an export, its file's text escaped, is the bytes the tree and JSONEncoder give")
  func exportBytes() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let text = Self.tasks.map { String(decoding: $0.jsonBytes, as: UTF8.self) }.joined(separator: ",\n")
    let pieces = [
      TaskExport.Result(format: .json, text: "{\"tasks\":[\n" + text, tasks: [TaskID(1), TaskID(12)], loss: nil),
      TaskExport.Result(format: .todotxt, text: "x \u{1}\u{1F}\t\\ \"\"", tasks: [], loss: "notes are left out"),
      TaskExport.Result(format: .json, text: "", tasks: [], loss: nil),
    ]
    for piece in pieces {
      #expect(piece.jsonBytes == (try JSONValueEncoder.bytes(piece)))
      #expect(piece.jsonBytes == Array(try encoder.encode(piece)))
      let part = ReplyParts.Part(id: .string("export-2"), part: 1, result: piece)
      #expect(
        WireLines.notification(method: ReplyParts.method, writing: part)
          == (try WireLines.notification(method: ReplyParts.method, params: part)))
    }
  }

  @Test("a task and a page read as they come are what the tree reader reads")
  func pulled() throws {
    for task in Self.tasks {
      let bytes = task.jsonBytes
      #expect(try Wire.Task(pulling: bytes) == task, "\(task.title)")
    }
    let bytes = Self.page.jsonBytes
    #expect(try Wire.TaskListResult(pulling: bytes) == Self.page)
    // Left out or null, a field reads as the tree reader reads it: its default, or absent.
    let sparse = Array(
      #"{"blockedBy":[],"createdAt":"2026-11-21T09:00:00Z","due":null,"energy":"low","id":5,"rawInput":"r","status":"active","subtasks":[{"done":true,"index":1,"title":"s"}],"tags":[],"title":"t","type":"chore","updatedAt":"2026-11-21T09:00:00Z","unknown":{"a":[1,"\u0041",null]}}"#
        .utf8)
    let tree = try Wire.Task(json: JSONReader.parse(sparse))
    #expect(try Wire.Task(pulling: sparse) == tree)
    #expect(tree.progress == StepProgress(done: 1, total: 1))
  }

  @Test("a task that cannot be read fails with the words the tree reader gives")
  func pulledErrors() throws {
    let task = String(decoding: Self.tasks[0].jsonBytes, as: UTF8.self)
    let broken = [
      task.replacingOccurrences(of: #""title":"write the report","#, with: ""),
      task.replacingOccurrences(of: #""energy":"medium""#, with: #""energy":"sleepy""#),
      task.replacingOccurrences(of: #""energy":"medium""#, with: #""energy":3"#),
      task.replacingOccurrences(of: #""createdAt":""#, with: #""createdAt":"x"#),
      task.replacingOccurrences(of: #""createdAt":"#, with: #""createdAt":5,"x":"#),
      task.replacingOccurrences(of: #","total":"#, with: #","x":"#),
      task.replacingOccurrences(of: #""progress":{"#, with: #""progress":3,"x":{"#),
      task.replacingOccurrences(of: #""id":1,"#, with: #""id":"one","#),
      task.replacingOccurrences(of: #""tags":[]"#, with: #""tags":[1]"#),
      task.replacingOccurrences(of: #""title":"write the report""#, with: "\"title\":\"write\u{1}\""),
      "[" + task + "]",
    ]
    for text in broken {
      #expect(text != task)
      let bytes = Array(text.utf8)
      var tree = ""
      do { _ = try Wire.Task(json: JSONReader.parse(bytes)) } catch { tree = "\(error)" }
      var pulled = ""
      do { _ = try Wire.Task(pulling: bytes) } catch { pulled = "\(error)" }
      #expect(!tree.isEmpty)
      #expect(pulled == tree, "\(text)")
    }
  }

  @Test("a client finds its part's result in the line as the daemon wrote it, and nothing in other lines")
  func partResult() throws {
    let page = Wire.TaskListResult(tasks: Array(Self.tasks.prefix(2)), statuses: ["active", "done"])
    let line = WireLines.notification(
      method: ReplyParts.method, writing: ReplyParts.Part(id: .number(3), part: 1, result: page))
    #expect(try ReplyParts.result(in: line, for: .number(3)) == page.jsonBytes)
    #expect(try ReplyParts.result(in: line, for: .number(4)) == nil)
    // A part written another way (its members in another order, spaces between) is read member by member.
    let result = String(decoding: page.jsonBytes, as: UTF8.self)
    let reordered = Array(
      #"{ "method": "reply.part", "params": {"result": \#(result), "part": 1, "id": 3}, "jsonrpc": "2.0" }"#.utf8)
    #expect(try ReplyParts.result(in: reordered, for: .number(3)) == page.jsonBytes)
    #expect(try ReplyParts.result(in: reordered, for: .string("3")) == nil)
    #expect(try ReplyParts.result(in: WireLines.response(id: .number(3), writing: page), for: .number(3)) == nil)
    let other = try WireLines.notification(
      method: "event", params: ReplyParts.Part(id: .number(3), part: 1, result: page))
    #expect(try ReplyParts.result(in: other, for: .number(3)) == nil)
    #expect(throws: JSONUnreadable.self) { try ReplyParts.result(in: Array(line.dropLast(3)), for: .number(3)) }
  }
}
