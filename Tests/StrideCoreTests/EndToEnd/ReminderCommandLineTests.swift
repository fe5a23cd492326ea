import Foundation
import StrideTestSupport
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideWire

/// Desktop reminders as a person turns them on: the built `strided` and `stride`, settings in config.json, and a
/// real session bus with the jeepney notification service, or none at all.
@Suite("Desktop reminders from the command line", .serialized)
struct ReminderCommandLineTests {
  static func settings(_ cli: CommandLineHarness, _ json: String) throws {
    try FileManager.default.createDirectory(atPath: cli.root + "/config/stride", withIntermediateDirectories: true)
    try json.write(toFile: cli.root + "/config/stride/config.json", atomically: true, encoding: .utf8)
  }

  @Test("no session bus: strided runs, daemon status says so and what to do; a bad setting stops it in one line")
  func noBus() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    // No notify-send either, wherever the suite runs: with it on the PATH, strided rightly shows reminders by it.
    cli.environment["PATH"] = cli.root
    try Self.settings(cli, #"{"reminders": {"on": true, "quiet": "22:00-08:00"}}"#)
    #expect(cli.stride("add", "call mum").status == 0)
    let status = cli.stride("daemon", "status")
    #expect(status.status == 0)
    #expect(
      status.stdout.contains("Desktop reminders are on, but no desktop session bus was found"), "\(status.stdout)")
    #expect(status.stdout.contains("or set DBUS_SESSION_BUS_ADDRESS for it."))
    #expect(status.stdout.contains("Settings:  \(cli.root)/config/stride/config.json"))
    let json = cli.stride("daemon", "status", "--json")
    let info = try JSONDecoder().decode(ServerInfo.Result.self, from: Data(json.stdout.utf8))
    #expect(info.reminders?.state == "no-bus")
    #expect(cli.stride("now").status == 0, "the daemon goes on")

    cli.stride("daemon", "stop")
    try Self.settings(cli, #"{"reminders": {"on": "yes"}}"#)
    let refused = cli.stride("daemon", "start")
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("reminders.on must be true or false; fix or move the file"), "\(refused.stderr)")
  }

  @Test("a real strided on a session bus: a deferral ending shows one reminder, Done completes it, watch says it")
  func onTheBus() throws {
    let desktop = try FakeDesktop()
    defer { desktop.stop() }
    let fake = desktop.notifications
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.environment["DBUS_SESSION_BUS_ADDRESS"] = desktop.bus.address
    try Self.settings(cli, #"{"reminders": {"on": true}}"#)
    #expect(cli.stride("add", "water the plants").status == 0)
    // The daemon reaches the desktop just after it starts ("strided is reaching your desktop" until then).
    let status = Fixtures.poll { () -> String? in
      let said = cli.stride("daemon", "status").stdout
      return said.contains("reaching your desktop") ? nil : said
    }
    #expect(status?.contains("with Done and Later buttons.") == true, "\(status ?? "still reaching the desktop")")
    let watch = try cli.spawn("watch")
    defer { watch.stop() }
    #expect(watch.waitForLine(containing: "Watching for") != nil)
    #expect(cli.stride("defer", "1", "no-energy", "--until", "in 2 seconds").status == 0)

    let note = try #require(fake.note(1))
    #expect(note["summary"] as? String == "water the plants")
    #expect(note["body"] as? String == "Its deferral ended; you put it off as no-energy.")
    #expect(note["actions"] as? [String] == ["done", "Done", "later", "Later"])
    #expect(watch.waitForLine(containing: #"Task 1, "water the plants", is back: its deferral ended."#) != nil)

    fake.press("done", on: note["id"] as? Int ?? 0)
    #expect(watch.waitForLine(containing: #"Done: task 1, "water the plants"."#) != nil, "\(watch.output)")
    #expect(cli.stride("show", "1").stdout.contains("done"))
    #expect(fake.notes.count == 1)
  }
}
