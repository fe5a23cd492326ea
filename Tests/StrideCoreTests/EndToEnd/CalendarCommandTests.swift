import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideJSON

/// `stride calendars` as a person types it, with the real `stride` and `strided`: a file added by a relative path,
/// `now` fitted around the dentist, the table, mistakes answered in one line, JSON, and an assistant's `now` that
/// names no event.
@Suite("End to end: stride calendars")
struct CalendarCommandTests {
  /// A harness whose daemon's clock starts at 08:59:05 on Saturday 21 November (UTC) and runs on: the minutes before
  /// the dentist at 09:40 are 40, or fewer on a slow machine (`freeMinutes`).
  static func harness() throws -> (CommandLineHarness, String) {
    let cli = CommandLineHarness(at: "2026-11-21T08:59:05Z")
    let folder = cli.root + "/documents"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try CalendarDaemonTests.day.write(toFile: folder + "/day.ics", atomically: true, encoding: .utf8)
    for text in ["write the grant proposal ~90m", "reply to the landlord ~10m"] {
      #expect(cli.stride("add", text).status == 0)
    }
    return (cli, folder)
  }

  /// The minutes a line says are free before `event` ("You have 40 minutes before 'dentist' at 09:40. …"), when it says
  /// so and they are between 30 and 40: the clock runs on while the test does.
  static func freeMinutes(_ line: String, before event: String) -> Int? {
    let words = line.split(separator: " ")
    guard line.hasPrefix("You have "), line.contains(" minutes before " + event), words.count > 2,
      let minutes = Int(words[2]), (30...40).contains(minutes)
    else { return nil }
    return minutes
  }

  @Test("none, then a file added by a relative path; now names the event; the table; JSON")
  func addAndUse() throws {
    let (cli, folder) = try Self.harness()
    defer { cli.finish() }
    let none = cli.stride("calendars")
    #expect(none.status == 0 && none.stdout.hasPrefix("Stride reads no calendar yet. Add one with:"), "\(none)")

    let added = cli.stride("calendars", "add", "./day.ics", in: folder)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout == "Stride reads day now: 2 events in the next two months take time.\n", "\(added.stdout)")
    let json = cli.stride("calendars", "--json")
    let parsed = try JSONReader.parse(Array(json.stdout.utf8))
    guard case .array(let calendars)? = parsed["calendars"], calendars.count == 1
    else {
      Issue.record("not one calendar in: \(json.stdout)")
      return
    }
    #expect(calendars[0]["location"] == .string(folder + "/day.ics"), "resolved from the working directory")

    let now = cli.stride("now")
    #expect(now.status == 0, "\(now.stderr)")
    let lines = now.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Self.freeMinutes(lines.first ?? "", before: "'dentist' at 09:40.") != nil, "\(now.stdout)")
    #expect(now.stdout.contains("reply to the landlord"), "\(now.stdout)")

    let table = cli.stride("calendars").stdout.split(separator: "\n").map(String.init)
    #expect(table.count == 2, "\(table)")
    if table.count == 2 {
      #expect(table[0].hasPrefix("CALENDAR") && table[1].hasPrefix("day "), "\(table)")
      // Aligned: each heading begins where its value does.
      for (heading, value) in [("COUNTS", "yes"), ("FROM", "file")] {
        #expect(
          table[0].range(of: heading)?.lowerBound.utf16Offset(in: table[0])
            == table[1].range(of: value)?.lowerBound.utf16Offset(in: table[1]), "\(table)")
      }
      #expect(table[0].hasSuffix("FROM") && table[1].hasSuffix("file"), "\(table)")
    }
  }

  @Test("the event's title reaches neither the history nor the daemon's log")
  func titleStaysInMemory() throws {
    let (cli, folder) = try Self.harness()
    defer { cli.finish() }
    #expect(cli.stride("calendars", "add", "day.ics", in: folder).status == 0)
    #expect(cli.stride("now").stdout.contains("'dentist'"))
    #expect(cli.stride("done", "2").status == 0)
    #expect(cli.stride("calendars", "refresh").status == 0)
    #expect(cli.stride("daemon", "stop").status == 0)
    // The calendar's copy and its busy times are kept in the database with their titles, for `now`; the history
    // (read with stride log) and the daemon's log must not hold them.
    let log = (try? String(contentsOfFile: cli.root + "/state/stride/strided.log", encoding: .utf8)) ?? ""
    #expect(!log.isEmpty && !log.contains("dentist"), "\(log)")
    let history = cli.stride("log", "--json")
    #expect(history.status == 0 && !history.stdout.contains("dentist"), "\(history)")
  }

  @Test("mistakes are one line and a status: a missing file, an unknown subcommand, an unknown name")
  func mistakes() throws {
    let (cli, folder) = try Self.harness()
    defer { cli.finish() }
    // The daemon's invalid-params is a usage error for the CLI (64), as everywhere in stride.
    let missing = cli.stride("calendars", "add", "missing.ics", in: folder)
    #expect(missing.status == 64 && missing.stdout.isEmpty, "\(missing)")
    #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
    #expect(missing.stderr.contains(folder + "/missing.ics") && missing.stderr.contains("it was not added"))

    let frob = cli.stride("calendars", "frob")
    #expect(frob.status == 64, "\(frob)")
    #expect(frob.stderr.contains("'frob'") && frob.stderr.contains("stride calendars add FILE-OR-URL"))
    #expect(frob.stderr.contains("stride calendars ignore NAME") && frob.stderr.contains("refresh"))

    let one = CalendarDaemonTests.calendar([
      CalendarDaemonTests.event("d", "20261121T094000Z", "20261121T101000Z", "dentist")
    ])
    try one.write(toFile: folder + "/one.ics", atomically: true, encoding: .utf8)
    let added = cli.stride("calendars", "add", "one.ics", "--name", "Dentist days", in: folder)
    #expect(added.stdout == "Stride reads Dentist days now: 1 event in the next two months takes time.\n", "\(added)")
    let nothing = cli.stride("calendars", "use", "nothing")
    #expect(nothing.status == 64 && nothing.stderr.split(separator: "\n").count == 1, "\(nothing)")
    #expect(nothing.stderr.contains("no calendar called nothing; there are Dentist days"), "\(nothing.stderr)")
  }

  @Test("an assistant's now, through stride mcp, says 'an event' and never the event's title")
  func assistantSeesNoTitle() throws {
    let (cli, folder) = try Self.harness()
    defer { cli.finish() }
    #expect(cli.stride("calendars", "add", "day.ics", in: folder).status == 0)
    let requests = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"#
        + #""clientInfo":{"name":"test","version":"1"}}}"#,
      #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"now","arguments":{}}}"#,
    ]
    let mcp = cli.stride("mcp", input: requests.joined(separator: "\n") + "\n")
    #expect(mcp.status == 0, "\(mcp.stderr)")
    let replies = try mcp.stdout.split(separator: "\n").map { try JSONReader.parse(Array($0.utf8)) }
    let now = try #require(replies.first { $0["id"] == .integer(2) }?["result"], "\(mcp.stdout)")
    guard case .array(let content)? = now["content"], case .string(let text)? = content.first?["text"] else {
      Issue.record("no text in: \(now)")
      return
    }
    #expect(
      text.split(separator: "\n").contains { Self.freeMinutes(String($0), before: "an event at 09:40.") != nil },
      "\(text)")
    #expect(now["structuredContent"]?["calendar"]?["minutes"] == .integer(40), "\(now)")
    #expect(!mcp.stdout.contains("dentist"), "\(mcp.stdout)")
  }
}
