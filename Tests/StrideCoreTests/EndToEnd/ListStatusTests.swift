import Foundation
import Testing

@testable import StrideModel

/// `stride list` says what is true of each task in its STATUS column: one that waits on an open task, or may not
/// start yet, is not plain "active".
@Suite("End to end: the list's status says what is true")
struct ListStatusTests {
  @Test("blocked on an open task, a start ahead, waiting: each said; a done blocker frees it")
  func statuses() throws {
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    defer { cli.finish() }
    cli.stride("add", "buy paint")
    cli.stride("add", "paint the fence")
    cli.stride("block", "2", "--on", "1")
    cli.stride("add", "gym after 6pm")
    cli.stride("add", "plan the trip from monday")
    cli.stride("add", "ask about the parcel")
    cli.stride("wait", "5", "Sam")
    let rows = cli.stride("list").stdout.split(separator: "\n").map(String.init)
    func row(_ id: Int) -> String { rows.first { $0.hasPrefix(" \(id)  ") } ?? "" }
    #expect(row(2).contains("  blocked by 1  "), "\(rows)")
    #expect(row(3).contains("  starts 18:00  "), "\(rows)")
    #expect(row(4).contains("  starts Mon  "), "\(rows)")
    #expect(row(5).contains("  waiting  "), "\(rows)")
    #expect(row(1).contains("  active  "), "\(rows)")
    // The columns stay aligned: every row's energy starts where the header's ENERGY does.
    let energy = try #require(rows.first?.range(of: "ENERGY")).lowerBound.utf16Offset(in: rows[0])
    for line in rows.dropFirst() {
      #expect(line.dropFirst(energy).hasPrefix("medium"), "\(line)")
    }
    // JSON keeps every field it had, and adds the words in the tasks' order.
    let json = try JSONSerialization.jsonObject(with: Data(cli.stride("list", "--json").stdout.utf8)) as? [String: Any]
    #expect((json?["statuses"] as? [String])?.count == 5)
    #expect((json?["tasks"] as? [Any])?.count == 5)
    cli.stride("done", "1")
    #expect(
      cli.stride("list").stdout.split(separator: "\n").first { $0.hasPrefix(" 2  ") }?.contains("  active  ") == true)
  }
}
