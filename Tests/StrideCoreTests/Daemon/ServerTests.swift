import Foundation
import StrideBase
import StrideClientKit
import StrideConnection
import StrideJSON
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideTransport

/// A server on a temporary socket, in this process.
final class RunningServer {
  let directory = Fixtures.temporaryDirectory()
  let socket: String
  let server: Server
  let dispatcher: Dispatcher

  init(limits: Server.Limits = Server.Limits(), dispatcher: Dispatcher? = nil) throws {
    socket = directory + "/s.sock"
    self.dispatcher = try dispatcher ?? TestDispatcher.make()
    server = try Server(
      listener: try UnixSocket.listen(path: socket), dispatcher: self.dispatcher, limits: limits,
      serverName: "strided/test", log: Log())
    server.start()
  }

  func stop() {
    server.stop()
    dispatcher.close()
    try? FileManager.default.removeItem(atPath: directory)
  }
}

/// A client that sends and reads raw lines, to see exactly what the daemon writes.
final class RawConnection {
  let socket: UnixSocket
  var framer = LineFramer(maxLineBytes: 64 << 20)
  var pending: [String] = []

  init(_ path: String) throws {
    socket = try UnixSocket.connect(path: path)
    socket.setTimeouts(receive: 10, send: 10)
  }

  func send(_ text: String) throws { try socket.write(Data(text.utf8)) }

  /// The next line, or nil when the daemon closed the connection.
  func readLine() throws -> String? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while pending.isEmpty {
      let count = try socket.read(into: &buffer)
      if count == 0 { return nil }
      for case .line(let line) in framer.append(buffer[0..<count]) {
        pending.append(String(decoding: line, as: UTF8.self))
      }
    }
    return pending.removeFirst()
  }

  /// Sends one line and returns the reply as JSON.
  func call(_ line: String) throws -> JSONValue {
    try send(line + "\n")
    let reply = try #require(try readLine())
    return try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))
  }

  /// The `reply.part` notifications' params up to the response to request `id`, and the response (a reply in parts).
  func parts(until id: String) throws -> (parts: [JSONValue], end: JSONValue) {
    var parts: [JSONValue] = []
    while let line = try readLine() {
      let message = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
      if message["id"] == .string(id) { return (parts, message) }
      if message["method"] == .string(ReplyParts.method) { parts.append(message["params"] ?? .null) }
    }
    Issue.record("the connection closed before the response")
    return (parts, .null)
  }
}

extension JSONValue {
  var reason: String? {
    if case .string(let reason)? = self["error"]?["data"]?["reason"] { return reason }
    return nil
  }
}

@Suite("In-process server", .serialized)
struct ServerTests {
  @Test("a connection's thread serves the next connection instead of ending, and stopping ends the waiting ones")
  func threadsKeptForTheNextConnection() {
    let group = DispatchGroup()
    let threads = ConnectionThreads<Int>(keptIdle: 1, idleFor: 30, group: group)
    // A mark left on the thread by the first connection: a new thread starts without it.
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    defer { pthread_key_delete(key) }
    let served = Locked<[(Int, Bool)]>([])
    let done = DispatchSemaphore(value: 0)
    let serve: @Sendable (Int) -> Void = { [key] work in
      served.withLock { $0.append((work, pthread_getspecific(key) != nil)) }
      pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
      done.signal()
    }
    threads.run(1, serve: serve)
    done.wait()
    // Once the first thread waits for work, the second connection is its.
    let deadline = Date(timeIntervalSinceNow: 10)
    while threads.idle == 0 && Date() < deadline { usleep(1_000) }
    threads.run(2, serve: serve)
    done.wait()
    let record = served.withLock { $0 }
    #expect(record.map(\.0) == [1, 2])
    #expect(record.map(\.1) == [false, true], "the thread that served the first connection served the second")
    threads.stop()
    #expect(group.wait(timeout: .now() + 5) == .success, "the waiting thread ended at once, not after 30 s")
  }
  @Test("the greeting comes first and says the protocol and the limits")
  func greeting() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let connection = try RawConnection(running.socket)
    let hello = try #require(try connection.readLine())
    #expect(
      hello == String(decoding: Server.greeting(serverName: "strided/test", limits: .init()).dropLast(), as: UTF8.self))
    let client = try StrideClient(path: running.socket)
    #expect(client.hello.protocol == protocolVersion)
    #expect(client.hello.limits.maxConnections >= 64)
  }

  @Test("a daemon of another protocol is named, with what to run: the newer stride, or the matching daemon")
  func protocolMismatch() throws {
    let folder = Fixtures.temporaryDirectory()
    for spoken in [protocolVersion + 1, protocolVersion - 1] {
      let path = folder + "/s\(spoken).sock"
      let listener = try UnixSocket.listen(path: path)
      defer { listener.close() }
      let greeter = Thread {
        let hello =
          #"{"jsonrpc":"2.0","method":"server.hello","params":{"limits":{"maxConnections":64,"#
          + #""maxLineBytes":1048576},"protocol":\#(spoken),"server":"strided/other"}}"#
        if let peer = try? listener.accept() { try? peer.write(Data((hello + "\n").utf8)) }
      }
      greeter.start()
      let message: String
      do {
        _ = try StrideClient(path: path)
        message = "connected"
      } catch { message = "\(error)" }
      #expect(message.contains("strided speaks protocol \(spoken) and this stride speaks \(protocolVersion)"))
      #expect(
        message.contains(
          spoken > protocolVersion ? "run this command again with the stride installed" : "stride daemon stop"))
    }
  }

  @Test("every bad request gets its own error, the connection keeps working, and nothing is stored")
  func badRequests() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let connection = try RawConnection(running.socket)
    _ = try connection.readLine()
    let cases: [(String, String)] = [
      ("{not json", "parse-error"),
      ("\"just a string\"", "invalid-request"),
      (#"[{"jsonrpc":"2.0","id":1,"method":"server.info"}]"#, "invalid-request"),
      (#"{"jsonrpc":"2.0","id":1,"method":"task.explode"}"#, "method-not-found"),
      (#"{"jsonrpc":"2.0","id":1,"method":"task.capture"}"#, "invalid-params"),
      (#"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":12}}"#, "invalid-params"),
      (#"{"jsonrpc":"2.0","id":1,"method":"task.defer","params":{"id":1,"reason":"meh"}}"#, "invalid-params"),
      (#"{"jsonrpc":"2.0","id":1,"method":"task.complete","params":{"id":99}}"#, "task-not-found"),
    ]
    for (line, reason) in cases {
      #expect(try connection.call(line).reason == reason, "\(line)")
    }
    try connection.socket.write(Data([0xFF, 0x00, 0xFE, 0x0A]))
    let garbage = try JSONDecoder().decode(JSONValue.self, from: Data(try #require(try connection.readLine()).utf8))
    #expect(garbage.reason == "parse-error")
    let info = try connection.call(#"{"jsonrpc":"2.0","id":"after","method":"server.info"}"#)
    #expect(info["id"] == .string("after"))
    #expect(info["result"]?["openTasks"] == .integer(0))
  }

  @Test("a 2 MiB line gets payload-too-large and a close; everyone else carries on")
  func oversizedLine() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let bystander = try StrideClient(path: running.socket)
    let connection = try RawConnection(running.socket)
    _ = try connection.readLine()
    let huge =
      #"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":""# + String(repeating: "a", count: 2 << 20)
    try? connection.send(huge + "\"}}\n")
    let reply = try JSONDecoder().decode(JSONValue.self, from: Data(try #require(try connection.readLine()).utf8))
    #expect(reply.reason == "payload-too-large")
    // Closed: an end of file, or a reset when the daemon closed with the rest of the huge line still unread (the
    // kernel then resets the connection, depending on how far the sender got).
    switch Result(catching: { try connection.readLine() }) {
    case .success(let line): #expect(line == nil)
    case .failure(let error): #expect("\(error)".contains("reset by peer"), "\(error)")
    }
    let captured = try bystander.call(Wire.TaskCapture.self, .init(text: "still here"))
    #expect(captured.task?.id == TaskID(1))
    #expect(try bystander.call(Wire.TaskList.self, .init()).tasks.count == 1)
  }

  @Test("a request too large to send is refused by the client with a sentence, and the connection still works")
  func oversizedRequest() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let client = try StrideClient(path: running.socket)
    let huge = String(repeating: "a", count: 2 << 20)
    #expect {
      _ = try client.call(Wire.TaskCapture.self, .init(text: huge))
    } throws: { error in
      guard case ClientError.failed(let refusal) = error else { return false }
      return refusal.code == .payloadTooLarge
        && refusal.message.hasPrefix("this task.capture request is 2.0 MB, more than the 1.0 MB strided reads at once")
    }
    #expect(try client.call(Wire.TaskCapture.self, .init(text: "still here")).task?.id == TaskID(1))
  }

  @Test("pipelined requests are answered in order")
  func ordering() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let connection = try RawConnection(running.socket)
    _ = try connection.readLine()
    let lines = (1...50).map {
      #"{"jsonrpc":"2.0","id":\#($0),"method":"task.capture","params":{"text":"task \#($0)"}}"#
    }
    try connection.send(lines.joined(separator: "\n") + "\n")
    for id in 1...50 {
      let reply = try JSONDecoder().decode(JSONValue.self, from: Data(try #require(try connection.readLine()).utf8))
      #expect(reply["id"] == .integer(Int64(id)))
      #expect(reply["result"]?["task"]?["title"] == .string("task \(id)"))
    }
  }

  @Test("requests sent together share one commit, but each still succeeds or fails on its own")
  func groupCommit() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let connection = try RawConnection(running.socket)
    _ = try connection.readLine()
    let lines = [
      #"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":"first"}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"task.complete","params":{"id":99}}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"subtask.add","params":{"id":1,"title":"a step"}}"#,
      #"{"jsonrpc":"2.0","id":4,"method":"subtask.add","params":{"id":1,"title":""}}"#,
      #"{"jsonrpc":"2.0","id":5,"method":"task.capture","params":{"text":"second"}}"#,
      #"{"jsonrpc":"2.0","id":6,"method":"history.undo"}"#,
      #"{"jsonrpc":"2.0","id":7,"method":"task.list"}"#,
    ]
    try connection.send(lines.joined(separator: "\n") + "\n")
    var replies: [JSONValue] = []
    for _ in lines {
      replies.append(try JSONDecoder().decode(JSONValue.self, from: Data(try #require(try connection.readLine()).utf8)))
    }
    #expect(replies.map { $0["id"] } == (1...7).map { .integer(Int64($0)) })
    #expect(replies[1].reason == "task-not-found")
    #expect(replies[3].reason == "invalid-params")
    #expect(replies[5]["result"]?["undone"]?["action"] == .string("task.capture"), "undo sees the change before it")
    guard case .array(let tasks)? = replies[6]["result"]?["tasks"] else {
      Issue.record("no task list")
      return
    }
    #expect(tasks.count == 1)
    #expect(tasks.first?["subtasks"].map { if case .array(let steps) = $0 { steps.count } else { -1 } } == 1)
    // And it is all on disk, as a fresh client sees it.
    let stored = try StrideClient(path: running.socket).call(Wire.TaskList.self, .init()).tasks
    #expect(stored.map(\.title) == ["first"])
  }

  @Test("64 clients at once all get correct answers, and every task they captured is stored once")
  func concurrentClients() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let failures = Failures()
    let finished = DispatchGroup()
    let socket = running.socket
    for index in 0..<64 {
      finished.enter()
      // One thread per client, so all 64 connections are open at the same time.
      Thread.detachNewThread {
        defer { finished.leave() }
        do {
          let client = try StrideClient(path: socket, timeout: 30 * Double(Fixtures.slowdown))
          for n in 0..<10 {
            let title = "client \(index) task \(n)"
            let task = try client.call(Wire.TaskCapture.self, .init(text: title)).task
            guard task?.title == title else { throw StrideError(.internalError, "wrong reply for \(title)") }
            _ = try client.call(Wire.NowList.self, .init())
          }
        } catch {
          failures.add("\(error)")
        }
      }
    }
    #expect(finished.wait(timeout: .now() + 120 * Double(Fixtures.slowdown)) == .success)
    #expect(failures.all.isEmpty)
    let tasks = try StrideClient(path: running.socket).call(Wire.TaskList.self, .init()).tasks
    #expect(tasks.count == 640)
    #expect(Set(tasks.map(\.id)).count == 640)
    #expect(Set(tasks.map(\.title)).count == 640)
  }

  @Test("a client that goes silent mid-line does not hold up the others")
  func silentClient() throws {
    let running = try RunningServer()
    defer { running.stop() }
    let silent = try RawConnection(running.socket)
    try silent.send(#"{"jsonrpc":"2.0","id":1,"method":"#)
    let other = try StrideClient(path: running.socket, timeout: 5)
    #expect(try other.call(ServerInfo.self, NoParams()).openTasks == 0)
  }

  @Test("a connection over the cap is told the daemon is overloaded, not left hanging")
  func overloaded() throws {
    var limits = Server.Limits()
    limits.maxConnections = 2
    let running = try RunningServer(limits: limits)
    defer { running.stop() }
    let first = try StrideClient(path: running.socket)
    let second = try StrideClient(path: running.socket)
    let third = try RawConnection(running.socket)
    let reply = try JSONDecoder().decode(JSONValue.self, from: Data(try #require(try third.readLine()).utf8))
    #expect(reply.reason == "overloaded")
    #expect(try first.call(ServerInfo.self, NoParams()).openTasks == 0)
    _ = second
  }

  @Test("stopping ends idle connections and refuses new ones")
  func stopping() throws {
    let running = try RunningServer()
    let idle = try RawConnection(running.socket)
    _ = try idle.readLine()
    #expect(running.server.stop(grace: 5))
    #expect(try idle.readLine() == nil)
    #expect(throws: ClientError.self) { try StrideClient(path: running.socket, timeout: 1) }
    running.dispatcher.close()
  }
}

/// Failures collected from many threads.
final class Failures: @unchecked Sendable {
  // Guarded by `lock`; only `add` and `all` touch `messages`.
  private let lock = NSLock()
  private var messages: [String] = []

  func add(_ message: String) {
    lock.lock()
    messages.append(message)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return messages
  }

}
