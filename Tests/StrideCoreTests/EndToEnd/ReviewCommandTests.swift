import Foundation
import Testing

@testable import StrideCore

/// `stride review` as a person reads it: totals in whole sentences, one row a day, counts in one column.
@Suite("End to end: the review")
struct ReviewCommandTests {
  @Test("a week with only steps done says so in a sentence that agrees with its count, and the days line up")
  func stepsOnly() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    #expect(cli.stride("add", "reply to the landlord: find the lease, write the email, send it").status == 0)
    #expect(cli.stride("done", "1.1").status == 0)
    let one = cli.stride("review")
    #expect(one.status == 0, "\(one.stderr)")
    #expect(one.stdout.contains("No tasks were finished in this period, but 1 step was."), "\(one.stdout)")
    #expect(cli.stride("done", "1.2").status == 0)
    let two = cli.stride("review").stdout
    #expect(two.contains("No tasks were finished in this period, but 2 steps were."), "\(two)")

    let days = two.split(separator: "\n").drop { $0 != "Done each day:" }.dropFirst().prefix(7)
    #expect(days.count == 7, "a week is seven rows:\n\(two)")
    #expect(Set(days.map(\.count)).count == 1, "every row is as long as the others:\n\(days.joined(separator: "\n"))")
    #expect(days.allSatisfy { $0.hasSuffix("  0") }, "no task was finished on any day:\n\(two)")
  }
}
