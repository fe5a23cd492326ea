import Foundation
import StrideBase
import StrideJSON
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideStore

/// The log in parts (Docs/protocol.md, "history.log"): every change that matches in one request, as `reply.part`
/// notifications read from the history as they are sent; the same changes, in the same order, as the log a page at a
/// time.
@Suite("The log in parts", .serialized)
struct LogPartsTests {
  /// A server over a store with `count` tasks captured one a minute, every other one finished half a minute later.
  private func server(tasks count: Int) throws -> RunningServer {
    let (store, _) = try Fixtures.store()
    try store.batch { () throws(StrideError) in
      for index in 0..<count {
        let at = Fixtures.now.addingTimeInterval(Double(index - count) * 60)
        let task = try store.capture(TaskDraft(title: "task \(index + 1)", rawInput: "task", energy: .low), at: at)
        if index % 2 == 1 { _ = try store.apply(.complete(task.id), at: at.addingTimeInterval(30)) }
      }
    }
    return try RunningServer(dispatcher: TestDispatcher.make(store: store, clock: { Fixtures.now }))
  }

  private func entries(_ result: JSONValue?) -> [JSONValue] {
    if case .array(let items)? = result?["entries"] { return items }
    return []
  }

  /// Every change, a page of 1,000 at a time, as a client that pages reads them.
  private func paged(_ connection: RawConnection, _ params: String = "") throws -> [JSONValue] {
    var (all, before) = ([JSONValue](), "")
    while true {
      let page = try connection.call(
        #"{"jsonrpc":"2.0","id":1,"method":"history.log","params":{"limit":1000\#(params)\#(before)}}"#)
      all += entries(page["result"])
      guard page["result"]?["more"] == .bool(true), case .integer(let last)? = all.last?["seq"] else { return all }
      before = #","before":\#(last)"#
    }
  }

  @Test("in parts the log gives every change, in the same order as page by page: a short first part, then full ones")
  func sameAsPaged() throws {
    let running = try server(tasks: 700)
    defer { running.stop() }
    let connection = try RawConnection(running.socket)
    _ = try connection.readLine()
    let whole = try paged(connection)
    #expect(whole.count == 1_050)
    try connection.send(
      #"{"jsonrpc":"2.0","id":"p","method":"history.log","params":{"limit":400,"parts":true}}"# + "\n")
    let (parts, end) = try connection.parts(until: "p")
    #expect(parts.flatMap { entries($0["result"]) } == whole)
    #expect(parts.map { entries($0["result"]).count } == [100, 400, 400, 150])
    #expect(parts.map { $0["part"] } == (1...4).map { .integer(Int64($0)) })
    #expect(parts.map { $0["result"]?["more"] } == [.bool(true), .bool(true), .bool(true), .bool(false)])
    #expect(end["result"] == .object(["parts": .integer(4), "rows": .integer(1_050)]))
    // Of one task, and within a period, the same as page by page too.
    for (params, key) in [(#","id":7"#, "q"), (#","since":"2026-11-21T05:00:00Z""#, "r")] {
      let expected = try paged(connection, params)
      #expect(!expected.isEmpty)
      try connection.send(
        #"{"jsonrpc":"2.0","id":"\#(key)","method":"history.log","params":{"parts":true\#(params)}}"# + "\n")
      #expect(try connection.parts(until: key).parts.flatMap { entries($0["result"]) } == expected)
    }
  }

  @Test("total stops the parts where asked, the last saying older changes match; nothing matching sends no part")
  func totalAndNothing() throws {
    let running = try server(tasks: 100)
    defer { running.stop() }
    let connection = try RawConnection(running.socket)
    _ = try connection.readLine()
    let newest = try paged(connection).prefix(130)
    try connection.send(
      #"{"jsonrpc":"2.0","id":"t","method":"history.log","params":{"limit":20,"total":130,"parts":true}}"# + "\n")
    let (parts, end) = try connection.parts(until: "t")
    #expect(parts.flatMap { entries($0["result"]) } == Array(newest))
    #expect(parts.last?["result"]?["more"] == .bool(true))
    #expect(end["result"] == .object(["parts": .integer(7), "rows": .integer(130)]))
    try connection.send(
      #"{"jsonrpc":"2.0","id":"n","method":"history.log","params":{"until":"2020-01-01T00:00:00Z","parts":true}}"#
        + "\n")
    let none = try connection.parts(until: "n")
    #expect(none.parts.isEmpty)
    #expect(none.end["result"] == .object(["parts": .integer(0), "rows": .integer(0)]))
    // A task that never was is refused as a page is; a total below one is refused with what to do.
    try connection.send(
      #"{"jsonrpc":"2.0","id":"x","method":"history.log","params":{"id":999,"parts":true}}"# + "\n")
    #expect(try connection.parts(until: "x").end["error"]?["data"]?["reason"] == .string("task-not-found"))
    try connection.send(
      #"{"jsonrpc":"2.0","id":"z","method":"history.log","params":{"total":0,"parts":true}}"# + "\n")
    let refused = try connection.parts(until: "z").end["error"]?["message"]
    #expect(refused == .string("total must be 1 or more, not 0; leave it out for every change"))
  }

  @Test("a part read as it comes is the page its tree gives, and a change without its words is refused the same way")
  func pulledAsTree() throws {
    var said = HistoryLog.Entry(
      seq: 12, at: Timestamp(Fixtures.now), action: .complete, id: TaskID(3),
      words: "finished task 3, \"call the \\ bank\"\n", undone: true, fromSync: false)
    said.said = HistoryLog.Entry.Said(at: "today at 09:00", day: "Saturday 21 November", clock: "09:00")
    let plain = HistoryLog.Entry(
      seq: 11, at: Timestamp(Fixtures.now), action: .undo, id: nil, words: "took back: 日本語", undone: false,
      fromSync: true)
    let page = HistoryLog.Result(entries: [said, plain], more: true)
    let bytes = JSONWriter.write(page.json)
    #expect(try HistoryLog.Result(pulling: bytes) == page)
    #expect(try HistoryLog.Result(pulling: bytes) == HistoryLog.Result(json: JSONReader.parse(bytes)))
    let broken = Array(
      #"{"entries":[{"action":"task.complete","at":"2026-11-21T09:00:00Z","seq":1}],"more":false}"#.utf8)
    #expect(throws: JSONUnreadable("a change in the log has no 'words'")) { try HistoryLog.Result(pulling: broken) }
    #expect(throws: JSONUnreadable("a change in the log has no 'words'")) {
      try HistoryLog.Result(json: JSONReader.parse(broken))
    }
  }
}
