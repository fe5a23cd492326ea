import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel

/// `task.duplicate`: a copy to do again, with what describes the task and nothing of what happened to it.
@Suite("Duplicating a task")
struct DuplicateTests {
  static func call(_ dispatcher: Dispatcher, _ method: String, _ params: String) throws -> JSONValue {
    let line = TestDispatcher.reply(dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#)
    return try JSONReader.parse(Array(line.utf8))
  }

  @Test("the copy is a new open task with the words, times, tags and steps (none done), not the notes or the past")
  func copyOfADoneTask() throws {
    let dispatcher = try TestDispatcher.make()
    _ = try Self.call(
      dispatcher, "task.capture",
      #"{"text":"pack for the trip: passport, charger tomorrow 9am ~30m !high #travel"}"#)
    _ = try Self.call(dispatcher, "subtask.complete", #"{"id":1,"index":1}"#)
    _ = try Self.call(dispatcher, "note.add", #"{"id":1,"text":"forgot the adapter last time"}"#)
    _ = try Self.call(dispatcher, "task.pin", #"{"id":1,"pinned":true}"#)
    _ = try Self.call(dispatcher, "task.complete", #"{"id":1}"#)
    let original = try Self.call(dispatcher, "task.get", #"{"id":1}"#)["result"]?["task"]
    let copy = try #require(try Self.call(dispatcher, "task.duplicate", #"{"id":1}"#)["result"]?["task"])
    #expect(copy["id"] == .integer(2))
    #expect(copy["status"] == .string("active") && copy["completedAt"] == .null)
    for key in ["title", "rawInput", "energy", "estimateMinutes", "type", "due", "tags", "list"] {
      #expect(copy[key] == original?[key], "\(key)")
    }
    let steps = copy["subtasks"]
    #expect([steps?[0]?["title"], steps?[1]?["title"], steps?[2]] == [.string("passport"), .string("charger"), nil])
    #expect(steps?[0]?["done"] == .bool(false) && steps?[1]?["done"] == .bool(false))
    #expect(copy["notes"] == .array([]) && copy["pinned"] == .bool(false) && copy["deferCount"] == .integer(0))
    // The original is untouched, and undo takes the copy back.
    #expect(try Self.call(dispatcher, "task.get", #"{"id":1}"#)["result"]?["task"] == original)
    _ = try Self.call(dispatcher, "history.undo", "{}")
    #expect(
      try Self.call(dispatcher, "task.get", #"{"id":2}"#)["error"]?["data"]?["reason"] == .string("task-not-found"))
  }

  @Test("a task that is not there is refused with its id")
  func missing() throws {
    let dispatcher = try TestDispatcher.make()
    let reply = try Self.call(dispatcher, "task.duplicate", #"{"id":9}"#)
    #expect(reply["error"]?["data"]?["reason"] == .string("task-not-found"))
    #expect(reply["error"]?["message"]?.string?.contains("9") == true)
  }
}
