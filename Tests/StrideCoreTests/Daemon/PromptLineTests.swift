import Foundation
import StrideBase
import StrideClientKit
import StrideJSON
import StridePlatform
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// The prompt line the daemon keeps beside its socket, which `stride prompt` reads instead of asking: it must say
/// what `now.prompt` would, and never outlive the tasks as they were.
@Suite("The prompt line kept beside the socket")
struct PromptLineTests {
  static let prompt = #"{"jsonrpc":"2.0","id":1,"method":"now.prompt"}"#

  static func result(_ reply: String) throws -> NowPrompt.Result {
    try NowPrompt.Result(json: try #require(try JSONReader.parse(Array(reply.utf8))["result"]))
  }

  static func firstTitle(_ dispatcher: Dispatcher) -> String? {
    let line = TestDispatcher.reply(dispatcher, #"{"jsonrpc":"2.0","id":2,"method":"now.list"}"#)
    let first = (try? JSONReader.parse(Array(line.utf8)))?["result"]?["suggestions"]?[0]
    guard case .string(let title)? = first?["task"]?["title"] else { return nil }
    return title
  }

  @Test("it is now.prompt's answer, goes before a change's reply, is back once the engine ran, and goes at the end")
  func keptAndWithdrawn() throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/strided.sock.prompt"
    // A line left by a daemon that was killed goes when the next one starts.
    try Data(#"{"more":0,"task":9,"title":"old","until":"2999-01-01T00:00:00Z"}"#.utf8).write(
      to: URL(fileURLWithPath: path))
    let clock = TestClock(Fixtures.at("2026-11-23T09:00:05Z"))
    let dispatcher = TestDispatcher.make(store: try Fixtures.store().0, clock: { clock.now }, promptFile: path)
    #expect(!FileManager.default.fileExists(atPath: path))
    func read() -> NowPrompt.Result? { PromptFile.read(path, now: clock.now.timeIntervalSince1970) }
    for text in ["call the bank ~10m", "water the plants: fill the can, water the ferns"] {
      _ = TestDispatcher.reply(
        dispatcher, #"{"jsonrpc":"2.0","id":1,"method":"task.capture","params":{"text":"\#(text)"}}"#)
    }

    let asked = try Self.result(TestDispatcher.reply(dispatcher, Self.prompt))
    #expect(asked.more == 1 && asked.until == Timestamp(Fixtures.at("2026-11-23T09:01:00Z")))
    #expect(asked.title == Self.firstTitle(dispatcher))
    #expect(read() == asked)
    // Time alone ends it at its `until`.
    #expect(PromptFile.read(path, now: Fixtures.at("2026-11-23T09:01:00Z").timeIntervalSince1970) == nil)

    // A change: the line goes before its reply is written, while the engine has not run again (its queue is held).
    let held = DispatchSemaphore(value: 0)
    dispatcher.nowCache.background.async { held.wait() }
    _ = dispatcher.respond(
      to: Array(#"{"jsonrpc":"2.0","id":3,"method":"task.complete","params":{"id":\#(asked.task!.rawValue)}}"#.utf8))
    #expect(read() == nil)
    held.signal()
    dispatcher.settle()
    let after = try #require(read())
    #expect(after.more == 0 && after.task != asked.task)
    // A step is said after its task's title.
    #expect(Self.firstTitle(dispatcher) == "water the plants" && after.title == "water the plants: fill the can")

    // The energy is a change too.
    dispatcher.nowCache.background.async { held.wait() }
    _ = dispatcher.respond(
      to: Array(#"{"jsonrpc":"2.0","id":4,"method":"context.set","params":{"energy":"low"}}"#.utf8))
    #expect(read() == nil)
    held.signal()
    dispatcher.settle()
    #expect(read() == after)

    // Nothing left to start: the line says so, with no task.
    _ = TestDispatcher.reply(
      dispatcher, #"{"jsonrpc":"2.0","id":5,"method":"task.complete","params":{"id":\#(after.task!.rawValue)}}"#)
    #expect(read().map { $0.task == nil && $0.title == nil && $0.more == 0 } == true)

    dispatcher.close()
    #expect(!FileManager.default.fileExists(atPath: path))
    // An answer still being worked out as the daemon closes writes no file to outlive it.
    dispatcher.promptFile?.write(asked, from: clock.now)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("a prompt reads no line outside its span, of a daemon gone, or not a whole one of this user's own files")
  func onlyItsOwnFile() throws {
    let folder = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/strided.sock.prompt"
    func line(pid: pid_t) -> String {
      #"{"from":"2026-11-23T09:00:00Z","more":2,"pid":\#(pid),"task":4,"title":"call the bank","#
        + #""until":"2026-11-23T09:01:00Z"}"# + "\n"
    }
    let good = line(pid: getpid())
    let now = Fixtures.at("2026-11-23T09:00:05Z").timeIntervalSince1970
    try Data(good.utf8).write(to: URL(fileURLWithPath: path))
    #expect(
      PromptFile.read(path, now: now)
        == NowPrompt.Result(
          task: TaskID(4), title: "call the bank", more: 2, until: Timestamp(Fixtures.at("2026-11-23T09:01:00Z"))))
    // The clock set back before the moment it was worked out for; a daemon killed before it could remove it.
    #expect(PromptFile.read(path, now: Fixtures.at("2026-11-23T08:59:59Z").timeIntervalSince1970) == nil)
    try Data(line(pid: pid_t.max).utf8).write(to: URL(fileURLWithPath: path))
    #expect(PromptFile.read(path, now: now) == nil)
    // A daemon that exited and that nobody has reaped yet (a zombie: where init does not reap, its pid still answers).
    var zombie: pid_t = 0
    var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    defer { argv.forEach { free($0) } }
    #expect(posix_spawn(&zombie, "/bin/true", nil, nil, &argv, environ) == 0)
    for _ in 0..<200 where System.isRunning(zombie) { usleep(5_000) }
    #expect(kill(zombie, 0) == 0)
    try Data(line(pid: zombie).utf8).write(to: URL(fileURLWithPath: path))
    #expect(PromptFile.read(path, now: now) == nil)
    var status: Int32 = 0
    waitpid(zombie, &status, 0)
    // Cut short (a writer that renamed too early would leave this), or not JSON at all.
    try Data(good.utf8.prefix(30)).write(to: URL(fileURLWithPath: path))
    #expect(PromptFile.read(path, now: now) == nil)
    // A link to a line elsewhere is not followed.
    let elsewhere = folder + "/elsewhere"
    try Data(good.utf8).write(to: URL(fileURLWithPath: elsewhere))
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere)
    #expect(PromptFile.read(path, now: now) == nil)
  }
}
