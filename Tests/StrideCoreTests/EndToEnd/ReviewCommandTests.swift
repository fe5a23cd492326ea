import Foundation
import Testing

@testable import StrideCore
@testable import StrideNowView

/// `stride review` as a person reads it: totals in whole sentences, one row a day, counts in one column.
@Suite("End to end: the review")
struct ReviewCommandTests {
  @Test("a week with only steps done says so in a sentence that agrees with its count, and the days line up")
  func stepsOnly() throws {
    let cli = CommandLineHarness(at: "2026-11-25T12:00:00Z")
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

  @Test("a long period is summed by week or by month, routines say only what happened, and every line fits the width")
  func longPeriods() throws {
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    defer { cli.finish() }
    #expect(cli.stride("add", "water the plants every day").status == 0)
    #expect(cli.stride("add", "reply to the landlord about the lease and the deposit").status == 0)
    #expect(cli.stride("done", "2").status == 0)
    let week = cli.stride("review").stdout
    #expect(week.contains("Done each day:"), "\(week)")
    #expect(week.contains("(every day): nothing done, skipped or missed in this period."), "\(week)")
    #expect(!week.contains("never"), "\(week)")

    let months = cli.stride("review", "--since", "2026-01-01").stdout
    let monthRows = months.split(separator: "\n").drop { $0 != "Done each month:" }.dropFirst()
      .prefix { $0.hasPrefix("  ") }
    #expect(monthRows.count == 11, "January to November:\n\(months)")
    #expect(monthRows.first?.hasPrefix("  January 2026") == true)
    #expect(monthRows.last?.hasPrefix("  November 2026") == true)
    #expect(monthRows.last?.hasSuffix("1") == true, "the one task finished in November:\n\(months)")

    // Thirteen weeks from Tuesday 1 September: the first from that Tuesday, the rest from Mondays.
    let weeks = cli.stride("review", "--since", "2026-09-01").stdout
    let weekRows = weeks.split(separator: "\n").drop { $0 != "Done each week:" }.dropFirst().prefix {
      $0.hasPrefix("  ")
    }
    #expect(weekRows.count == 13, "\(weeks)")
    #expect(weekRows.first?.hasPrefix("  from Tue 1 Sep") == true, "\(weeks)")
    #expect(weekRows.dropFirst().allSatisfy { $0.hasPrefix("  week of Mon ") }, "\(weeks)")

    cli.environment["NO_COLOR"] = "1"
    let plain = cli.stride("review", "--since", "2026-09-01").stdout
    #expect(plain.contains("  From Tue 1 Sep to week of Mon 16 Nov: nothing finished."), "\(plain)")
    #expect(plain.contains("  Week of Mon 23 Nov: 1 task finished."), "\(plain)")

    cli.environment["COLUMNS"] = "40"
    for lines in [cli.stride("review").stdout, cli.stride("log").stdout] {
      for line in lines.split(separator: "\n") {
        #expect(TerminalColumns.width(String(line)) <= 40, "wider than 40: \(line)")
      }
    }
  }

  @Test("a review names at most ten tasks a list, the most recent first as it says, and how many there were")
  func longLists() throws {
    let cli = CommandLineHarness(at: "2026-11-20T10:00:00Z")
    defer { cli.finish() }
    for number in 1...12 { #expect(cli.stride("add", "form \(number) due:2026-11-22T0\(number % 10):00").status == 0) }
    // Three days on, each has fallen due while open.
    cli.stride("daemon", "stop")
    cli.pin(at: "2026-11-23T10:00:00Z")
    let review = cli.stride("review").stdout
    let overdue = Array(
      review.split(separator: "\n").drop { $0 != "Became overdue (most recent first):" }.dropFirst().prefix {
        $0.hasPrefix("  ")
      })
    #expect(overdue.first == "  The 10 most recent of 12:", "\(review)")
    #expect(overdue.count == 12, "the count, ten tasks and where the rest are:\n\(review)")
    #expect(overdue.last == "  stride list --overdue lists the ones still open.")
    // Due at 09:00, 08:00 … on the 22nd: the latest first, and the one due at midnight (form 10) left out.
    #expect(overdue.dropFirst().first?.hasPrefix(#"  Task 9, "form 9": due "#) == true, "\(review)")
    #expect(overdue.dropFirst(2).first?.hasPrefix(#"  Task 8, "form 8""#) == true, "\(review)")
    #expect(!overdue.contains { $0.contains(#""form 10""#) }, "\(review)")
    // The JSON has every one, as a whole review always had.
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(cli.stride("review", "--json").stdout.utf8)) as? [String: Any])
    #expect((json["becameOverdue"] as? [Any])?.count == 12)
    #expect(json["becameOverdueCount"] == nil)
  }

  @Test("once finished tasks have time spent, the review states how long they took, and now and why use it")
  func estimates() throws {
    let cli = CommandLineHarness(at: "2026-11-23T09:00:00Z")
    defer { cli.finish() }
    #expect(cli.stride("add", "file the expense claims ~25m #admin").status == 0)
    #expect(cli.stride("add", "draft the newsletter ~38m #writing").status == 0)
    let tasks =
      CalibrationDaemonTests.finished("admin", factor: 1.6, count: 6, from: 1)
      + CalibrationDaemonTests.finished("writing", factor: 0.7, count: 6, from: 11)
    let file = cli.root + "/done.json"
    let export =
      #"{"exportedAt":"2026-11-21T09:00:00Z","format":"stride","version":1,"tasks":["#
      + tasks.joined(separator: ",") + "]}"
    #expect(FileManager.default.createFile(atPath: file, contents: Data(export.utf8)))
    let imported = cli.stride("import", file)
    #expect(imported.status == 0, "\(imported.stderr)")

    let review = cli.stride("review").stdout
    #expect(
      review.contains("  12 finished tasks have an estimate and time spent: they took about 1.6× your estimate"),
      "\(review)")
    #expect(review.contains("  #admin: about 1.6× your estimate, from 6 tasks."), "\(review)")
    #expect(review.contains("  #writing: about 0.7× your estimate, from 6 tasks."), "\(review)")
    #expect(review.contains("  Stride uses this to judge what fits the time you have."), "\(review)")
    let now = cli.stride("now", "--for", "30m").stdout
    #expect(now.contains("draft the newsletter") && !now.contains("file the expense claims"), "\(now)")
    let why = cli.stride("why", "1", "--for", "30m").stdout
    #expect(why.contains("your estimates for #admin have run about 1.6× long"), "\(why)")
  }

  @Test("the review says the time in focus sessions each day, and the tasks far longer or shorter than estimated")
  func focusTime() throws {
    let cli = CommandLineHarness(at: "2026-11-23T18:00:00Z")
    defer { cli.finish() }
    /// A task finished on 2026-11-DAY at 17:00 after one session of `minutes` from 16:00, estimated `estimate`.
    func finished(_ id: Int, _ title: String, day: Int, estimate: Int, minutes: Int) -> String {
      let (start, end) = ("2026-11-\(day)T16:00:00Z", "2026-11-\(day)T17:00:00Z")
      let stopped = "2026-11-\(day)T16:\(minutes):00Z"
      return #"{"id":\#(id),"title":"\#(title)","rawInput":"\#(title)","energy":"medium","estimateMinutes":"#
        + #"\#(estimate),"status":"completed","type":"chore","subtasks":[],"blockedBy":[],"tags":[],"#
        + #""createdAt":"2026-11-01T10:00:00Z","updatedAt":"\#(end)","completedAt":"\#(end)","#
        + #""spentSeconds":\#(minutes * 60),"focusSessions":[{"startedAt":"\#(start)","boxSeconds":300,"#
        + #""timeboxSeconds":\#(minutes * 60),"pauses":[],"uncountedSeconds":0,"spentSeconds":\#(minutes * 60),"#
        + #""endedAt":"\#(stopped)","ending":"finished"}]}"#
    }
    let tasks = [
      finished(1, "write the speech", day: 20, estimate: 20, minutes: 55),
      finished(2, "pay the bills", day: 21, estimate: 30, minutes: 12),
      finished(3, "call mum", day: 21, estimate: 10, minutes: 11),
    ]
    let file = cli.root + "/done.json"
    let export =
      #"{"exportedAt":"2026-11-22T09:00:00Z","format":"stride","version":1,"tasks":["# + tasks.joined(separator: ",")
      + "]}"
    #expect(FileManager.default.createFile(atPath: file, contents: Data(export.utf8)))
    let imported = cli.stride("import", file)
    #expect(imported.status == 0, "\(imported.stderr)")
    let review = cli.stride("review", "--plain").stdout
    #expect(review.contains("Time in focus sessions:\n  1 hour and 18 minutes in all, over 2 days.\n"), "\(review)")
    #expect(review.contains("  Friday 20 November: 55 minutes.\n  Saturday 21 November: 23 minutes.\n"), "\(review)")
    #expect(
      review.contains(
        "Took far longer or far shorter than you estimated:\n"
          + "  Task 1, \"write the speech\": estimated 20 min, took 55 min.\n"
          + "  Task 2, \"pay the bills\": estimated 30 min, took 12 min.\n"), "\(review)")
    #expect(!review.contains("call mum\": estimated"), "ten minutes, eleven spent: near enough")
  }
}
