import Foundation
import StrideClientKit
import StrideConnection
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// Faults people meet: a damaged database, a data folder removed under a running daemon, two daemons started at
/// once. Each gets one sentence that says what to do, a non-zero exit, no false acknowledgement, and no damage to
/// what was stored. (A full disk and a read-only database are in `Storage failures`.)
@Suite("Faults")
struct FaultTests {
  func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  @Test("a database replaced by garbage or cut short: strided refuses to start, names the file, and leaves it be")
  func damagedDatabase() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    #expect(cli.stride("add", "pay the rent").status == 0)
    #expect(cli.stride("add", "call the bank").status == 0)
    #expect(cli.stride("daemon", "stop").status == 0)
    let whole = try #require(contents(cli.database))
    var random = SeededRandom(5)
    let garbage = Data((0..<whole.count).map { _ in UInt8.random(in: 0...255, using: &random) })
    for damaged in [whole.prefix(2048), garbage] {
      try damaged.write(to: URL(fileURLWithPath: cli.database))
      try? FileManager.default.removeItem(atPath: cli.database + "-wal")
      let outcome = cli.stride("add", "a thought that must not be lost quietly")
      #expect(outcome.status != 0)
      #expect(outcome.stderr.contains(cli.database), "the sentence names the file: \(outcome.stderr)")
      #expect(outcome.stderr.contains("move it aside"), "the sentence says what to do: \(outcome.stderr)")
      #expect(outcome.stderr.split(separator: "\n").count == 1)
      #expect(contents(cli.database) == damaged, "the damaged file was changed")
    }
    // Moved aside, the next command starts with a new database, and the damaged one is still there to rescue.
    try FileManager.default.moveItem(atPath: cli.database, toPath: cli.database + ".damaged")
    #expect(cli.stride("add", "start again").status == 0)
    #expect(cli.stride("now").stdout.contains("start again"))
  }

  @Test("the data folder removed under a running daemon: the next change is refused with a sentence, not lost")
  func vanishedFolder() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    #expect(cli.stride("add", "pay the rent").status == 0)
    let folder = (cli.database as NSString).deletingLastPathComponent
    try FileManager.default.removeItem(atPath: folder)
    let outcome = cli.stride("add", "call the bank")
    #expect(outcome.status != 0, "the capture was acknowledged into a removed file")
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("is gone") && outcome.stderr.contains("stride daemon stop"), "\(outcome.stderr)")
    #expect(cli.stride("done", "1").status != 0, "a completion was acknowledged into a removed file")
    // As the sentence says: stop, and the next command starts again with a new, empty database.
    #expect(cli.stride("daemon", "stop").status == 0)
    #expect(cli.stride("add", "call the bank").status == 0)
    #expect(FileManager.default.fileExists(atPath: cli.database))
  }

  @Test("two daemons started at the same instant on one database: exactly one serves, the other says who does")
  func twoDaemons() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    for _ in 0..<5 {
      let pair = [cli.daemonProcess(), cli.daemonProcess()]
      for process in pair { try process.run() }
      // The loser exits by itself; the winner answers.
      let deadline = Date().addingTimeInterval(10)
      while pair.allSatisfy(\.isRunning), Date() < deadline { usleep(10_000) }
      let running = pair.filter(\.isRunning)
      #expect(running.count == 1, "\(running.count) daemons are running on one database")
      let loser = try #require(pair.first { !$0.isRunning })
      loser.waitUntilExit()
      #expect(loser.terminationStatus == 1)
      // The winner may still be opening its socket: a command sent now would start a daemon of its own, which
      // (slow on a loaded machine) could take the lock only after the winner is stopped below, and outlive the test.
      Fixtures.wait(seconds: 10) { (try? StrideClient(path: cli.socket, timeout: 2)) != nil }
      #expect(cli.stride("add", "still one list").status == 0)
      for process in running {
        process.terminate()
        process.waitUntilExit()
      }
    }
    let listed = try JSONDecoder().decode(
      Wire.TaskList.Result.self, from: Data(cli.stride("list", "--json").stdout.utf8))
    #expect(listed.tasks.map(\.title) == Array(repeating: "still one list", count: 5), "every capture is stored once")
  }
}
