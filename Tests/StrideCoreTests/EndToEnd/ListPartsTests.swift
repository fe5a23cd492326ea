import Foundation
import Testing

/// `stride list` prints a long listing as its parts come (Docs/protocol.md, "Replies in parts"): the same rows in the
/// same order, lined up as one table; `--json` one document; and `stride list | head` ends at once, quietly.
@Suite("End to end: a long list comes in parts")
struct ListPartsTests {
  @Test("a short list reads exactly as a whole reply did")
  func shortList() {
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    defer { cli.finish() }
    cli.stride("add", "call the dentist tomorrow 9am ~10m !low")
    cli.stride("add", "write the quarterly report")
    cli.stride("add", "water the plants")
    cli.stride("done", "3")
    #expect(
      cli.stride("list", "--status", "all").stdout == """
        ID  TITLE                       STATUS  STEPS  ENERGY  ESTIMATE  DUE
         1  call the dentist            active         low     10 min    tomorrow at 09:00
         2  write the quarterly report  active         medium
         3  water the plants            done           medium

        """)
    #expect(
      cli.stride("list", "--json").stdout.hasPrefix(#"{"statuses":["active","active"],"tasks":[{"#),
      "one part: the keys in the order a whole reply has them")
  }

  @Test("a long list: every row, in order, lined up; --json one document; into head, it ends quietly")
  func longList() throws {
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    defer { cli.finish() }
    let file = cli.root + "/todo.txt"
    try (1...700).map { "task number \($0) +home" }.joined(separator: "\n").write(
      toFile: file, atomically: true, encoding: .utf8)
    cli.stride("import", file)
    for id in ["5", "300", "650"] { cli.stride("done", id) }
    let rows = cli.stride("list", "--status", "all").stdout.split(separator: "\n").map(String.init)
    #expect(rows.count == 701)
    // Open tasks in id order, then the finished ones newest first (the last finished first).
    let ids = rows.dropFirst().map { Int($0.split(separator: " ")[0]) ?? 0 }
    let open = (1...700).filter { ![5, 300, 650].contains($0) }
    #expect(ids == open + [650, 300, 5])
    // The columns line up from the first part to the last: every row's energy starts where the header's does.
    let energy = try #require(rows.first?.range(of: "ENERGY")).lowerBound.utf16Offset(in: rows[0])
    for line in rows.dropFirst() {
      #expect(line.dropFirst(energy).hasPrefix("medium"), "\(line)")
    }
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(cli.stride("list", "--status", "all", "--json").stdout.utf8))
        as? [String: Any])
    let tasks = try #require(json["tasks"] as? [[String: Any]])
    #expect(tasks.map { $0["id"] as? Int ?? 0 } == ids)
    #expect((json["statuses"] as? [String])?.filter { $0 == "done" }.count == 3)
    #expect(Set(json.keys) == ["tasks", "statuses"])
    let head = cli.run("/bin/sh", ["-c", "'\(cli.binaries)/stride' list --status all | head -3"])
    #expect(head.status == 0)
    #expect(head.stdout.split(separator: "\n").count == 3)
    #expect(head.stderr.isEmpty, "nothing said of the pipe that closed")
  }
}
