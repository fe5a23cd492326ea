import Foundation
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// `stride sync` as a person uses it: the real CLI and daemon, against a real Radicale.
@Suite("stride sync on the command line", .serialized)
struct SyncCommandLineTests {
  @Test("setup finds the list, a change goes out by itself, status says what waits, and a dead server is a sentence")
  func commandLine() throws {
    let server = try Radicale()
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.environment["STRIDE_SYNC_PASSWORD"] = Radicale.password
    cli.stride("add", "call the dentist tomorrow 9am")

    let setup = cli.stride("sync", "setup", server.root, "--user", Radicale.user)
    #expect(setup.status == 0, "\(setup.stderr)")
    #expect(
      setup.stdout.contains("The list inbox syncs with the task list \"Tasks\" at \(server.collection), as alice.\n"))
    #expect(setup.stdout.contains("Synced: 1 task sent.\n"))

    // A change goes out by itself a moment later (the daemon syncs a couple of seconds after a change).
    cli.stride("add", "buy stamps")
    let deadline = Date().addingTimeInterval(15)
    while try server.hrefs().count < 2, Date() < deadline { usleep(200_000) }
    #expect(try server.hrefs().count == 2)
    // The server holds it a moment before the pass has noted that it does.
    var status = cli.stride("sync", "status")
    while !status.stdout.contains("Waiting:       nothing"), Date() < deadline {
      usleep(200_000)
      status = cli.stride("sync", "status")
    }
    #expect(status.stdout.contains("Syncing with:  \(server.collection) (Tasks), as alice\n"))
    #expect(status.stdout.contains("Waiting:       nothing; every change here is on the server\n"))

    server.stop()
    cli.stride("add", "water the plants")
    let failed = cli.stride("sync")
    #expect(failed.status == 1)
    #expect(
      failed.stderr
        == "stride: the server at 127.0.0.1 could not be reached (no connection); your changes wait here and go out "
        + "once it answers\n")
    let waiting = cli.stride("sync", "status")
    #expect(waiting.stdout.contains("Waiting:       1 task to send\n"))
    #expect(waiting.stdout.contains("Last error:    the server at 127.0.0.1 could not be reached"))
    // The next pass comes sooner than the five-minute interval, and says it is a try again. The pass the new task
    // starts by itself may have failed too, before or after the one asked for: one pass, or two.
    let next = waiting.stdout.split(separator: "\n").first { $0.hasPrefix("Next try:      ") }.map(String.init) ?? ""
    #expect(
      next.hasSuffix(" (the last pass could not finish; Stride tries again by itself)")
        || next.hasSuffix(" (the last 2 passes could not finish; Stride tries again by itself)"), "\(waiting.stdout)")

    try server.start()
    #expect(cli.stride("sync").stdout == "Synced: 1 task sent.\n")
    #expect(try server.hrefs().count == 3)

    let usage = cli.stride("sync", "setup")
    #expect(usage.status == 64)
    #expect(usage.stderr.hasPrefix("stride: sync setup needs the server's address"))
  }

  @Test("setup says in a sentence which list is another person's, and that deferrals and pins stay here")
  func sharedList() throws {
    let server = try Radicale(rights: SharedListTests.rights(bob: "rw"))
    let home = try server.makeList("home", name: "Home")
    let cli = CommandLineHarness()
    defer { cli.finish() }
    cli.environment["STRIDE_SYNC_PASSWORD"] = Radicale.partnerPassword
    let setup = cli.stride("sync", "setup", home, "--user", Radicale.partner)
    #expect(setup.status == 0, "\(setup.stderr)")
    #expect(
      setup.stdout.contains(
        "The list home syncs with the task list \"Home\" (shared by alice) at \(home), as bob. The list home is "
          + "alice's, shared with you: what you add or change there reaches alice's list too, and your deferrals and "
          + "pins stay yours.\n"))
  }
}
