import Foundation
import StrideWire
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// `stride watch` as a person (or a notification script) uses it.
@Suite("stride watch")
struct WatchTests {
  @Test("watch prints each change as a sentence, and comes back by itself after the daemon restarts")
  func watchReconnects() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.stride("add", "call mum")
    let watch = try cli.spawn("watch")
    defer { watch.stop() }
    #expect(watch.waitForLine(containing: "Watching for changes, wake-ups and sync. 1 task is ready now.") != nil)
    cli.stride("add", "buy stamps")
    #expect(watch.waitForLine(containing: #"Added task 2, "buy stamps"."#) != nil)
    cli.stride("done", "2")
    #expect(watch.waitForLine(containing: #"Done: task 2, "buy stamps"."#) != nil)
    // A routine stays open when done: watch says when it is back; pins and skips have their own sentences.
    cli.stride("add", "water the plants every monday")
    cli.stride("done", "3")
    #expect(
      watch.waitForLine(containing: #"Done: task 3, "water the plants". Back on Monday"#) != nil, "\(watch.output)")
    cli.stride("skip", "3")
    #expect(watch.waitForLine(containing: #"Skipped this round of task 3, "water the plants"."#) != nil)
    cli.stride("pin", "3")
    #expect(watch.waitForLine(containing: #"Pinned task 3, "water the plants"."#) != nil)

    cli.stride("daemon", "stop")
    #expect(
      watch.waitForLine(containing: "strided stopped answering; watching for it to come back") != nil,
      "\(watch.output)")
    cli.stride("add", "after the restart")
    #expect(watch.waitForLine(containing: "strided is back.") != nil)
    // Captured while watch was away: the capture started the daemon before watch found it, so only what comes
    // after is heard.
    cli.stride("add", "heard again")
    #expect(watch.waitForLine(containing: #"Added task 5, "heard again"."#) != nil)
  }

  @Test("watch says each event's times in the watching shell's zone, in the daemon's words")
  func watchSaysTimesInItsZone() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    // The daemon runs in UTC; the watching shell is in Tokyo, nine hours ahead.
    _ = try cli.startDaemon()
    cli.stride("add", "renew the passport")
    let watch = try cli.spawn("watch", extraEnvironment: ["TZ": "Asia/Tokyo"])
    defer { watch.stop() }
    #expect(watch.waitForLine(containing: "1 task is ready now.") != nil)
    let before = cli.now
    cli.stride("defer", "1", "no-energy", "--until", "2031-03-14 18:00")
    let line = try #require(watch.waitForLine(containing: "Deferred task 1"), "\(watch.output)")
    #expect(
      line.hasSuffix(#"Deferred task 1, "renew the passport", as no-energy: it comes back Sat 15 Mar 2031 at 03:00."#))
    // Each line starts with the event's clock in Tokyo.
    var tokyo = Calendar(identifier: .gregorian)
    tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
    let clocks = Set(
      [before, cli.now].map {
        String(format: "%02d:%02d", tokyo.component(.hour, from: $0), tokyo.component(.minute, from: $0))
      })
    #expect(clocks.contains(String(line.prefix(5))), "\(line) \(clocks)")
  }

  @Test("watch --json prints one event per line, with its topic and a rising seq")
  func watchJSON() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    _ = try cli.startDaemon()
    let watch = try cli.spawn("watch", "--json", "--topics", "task.changed,now.changed")
    defer { watch.stop() }
    usleep(300_000)
    cli.stride("add", "water the plants")
    let changed = try #require(watch.waitForLine(containing: #""topic":"task.changed""#))
    let nowChanged = try #require(watch.waitForLine(containing: #""topic":"now.changed""#))
    let first = try JSONDecoder().decode(Wire.Event.self, from: Data(changed.utf8))
    let second = try JSONDecoder().decode(Wire.Event.self, from: Data(nowChanged.utf8))
    #expect(first.task?.title == "water the plants")
    #expect(second.now?.suggestions.first?.task.title == "water the plants")
    #expect(second.seq == first.seq + 1)
  }

  @Test(
    "watch --exec runs the command once per event, with the event as JSON on stdin and a sentence in STRIDE_MESSAGE")
  func watchExec() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    _ = try cli.startDaemon()
    let log = cli.root + "/events.log"
    let watch = try cli.spawn(
      "watch", "--exec", #"cat >> "\#(log)"; printf '%s\n' "$STRIDE_MESSAGE" >> "\#(log).txt"; echo ran"#)
    defer { watch.stop() }
    usleep(300_000)
    cli.stride("add", "renew the passport")
    cli.stride("done", "1")
    #expect(watch.waitForLine(containing: "ran") != nil)
    let deadline = Date().addingTimeInterval(15)
    var messages = ""
    while Date() < deadline {
      messages = (try? String(contentsOfFile: log + ".txt", encoding: .utf8)) ?? ""
      if messages.contains("Done:") { break }
      usleep(20_000)
    }
    #expect(messages == "Added task 1, \"renew the passport\".\nDone: task 1, \"renew the passport\".\n")
    let events = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
      try JSONDecoder().decode(Wire.Event.self, from: Data($0.utf8))
    }
    #expect(events.map(\.topic) == [.taskChanged, .taskCompleted])
  }

  @Test("watch refuses an unknown topic with a one-line error and exit 64")
  func unknownTopic() {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    let outcome = cli.stride("watch", "--topics", "task.woke,hourly")
    #expect(outcome.status == 64)
    #expect(
      outcome.stderr
        == "stride: --topics: 'hourly' is not a topic; use task.woke, task.changed, task.completed, now.changed, sync.finished, "
        + "focus.changed, focus.timeUp\n"
    )
  }
}
