import StrideBase
import StrideClientKit
import StrideNowView
import StridePlatform
import StrideWire

/// `stride review` laid out: sentences, and charts drawn with block characters; `plain` says the charts in
/// sentences instead (NO_COLOR, TERM=dumb, --plain: a screen reader reads "███" as noise).
struct ReviewText {
  let review: HistoryReview.Result
  let plain: Bool
  let bold: (String) -> String

  var lines: [String] {
    let since = Output.said(review.said, "since", review.since)
    var lines = ["Looking back from \(since) to \(Output.said(review.said, "until", review.until)).", ""]
    lines += totals + [""] + days
    if review.done > 0 { lines += [""] + when }
    lines += section("Keeps slipping (put off twice or more):", slipping)
    lines += section("Routines:", routines)
    lines += section("Became overdue:", review.becameOverdue.map(overdue))
    lines += section(
      // A change taken back leaves a task as it was captured: "not touched" would be false of it.
      "Captured and still as you wrote them:",
      review.untouched.map {
        "  " + Self.name($0.id, $0.title) + ", captured \(Output.said($0.said, "at", $0.at))."
      })
    return lines
  }

  private func section(_ heading: String, _ rows: [String]) -> [String] {
    rows.isEmpty ? [] : ["", bold(heading)] + rows
  }

  private static func name(_ id: TaskID, _ title: String) -> String { "Task \(id), \"\(title)\"" }

  private var totals: [String] {
    let steps = review.stepsDone == 0 ? "" : " and \(plural(review.stepsDone, "step"))"
    var done =
      "No tasks were finished in this period"
      + (steps.isEmpty ? "" : ", but \(plural(review.stepsDone, "step")) \(review.stepsDone == 1 ? "was" : "were")")
      + "."
    if review.done > 0 {
      let estimated =
        review.estimatedMinutes > 0 ? ": about \(Minutes.spoken(review.estimatedMinutes)) of estimated work" : ""
      let unknown =
        review.withoutEstimate == 0 || review.estimatedMinutes == 0
        ? "" : " (\(review.withoutEstimate) had no estimate)"
      done = "You finished \(plural(review.done, "task"))\(steps)\(estimated)\(unknown)."
    }
    let captured =
      review.captured == 0 ? "Nothing new was captured." : "You captured \(plural(review.captured, "task"))."
    return [done, captured]
  }

  /// Done per day: a bar each, or a sentence each.
  private var days: [String] {
    if plain {
      return [bold("Done each day:")]
        + review.days.map { day in
          let done = day.done == 0 ? "nothing finished" : "\(plural(day.done, "task")) finished"
          let minutes = day.minutes > 0 ? ", about \(Minutes.spoken(day.minutes))" : ""
          return "  \(day.said?["date"] ?? day.date): \(done)\(minutes)."
        }
    }
    let most = review.days.map(\.done).max() ?? 0
    let labels = review.days.map { $0.said?["dateShort"] ?? $0.date }
    let width = labels.map(\.count).max() ?? 0
    return [bold("Done each day:")]
      + zip(labels, review.days).map { label, day in
        let minutes = day.minutes > 0 ? "  " + Minutes.format(day.minutes) : ""
        return "  " + TerminalColumns.pad(label, to: width) + "  "
          + TerminalColumns.pad(Self.bar(day.done, of: most, width: 30), to: 30) + " " + day.done.padded(3) + minutes
      }
  }

  /// When things get done: by hour of the day and by the energy they needed.
  private var when: [String] {
    let energies = EnergyLevel.allCases.map { ($0.rawValue, review.byEnergy[$0.rawValue] ?? 0) }
    let busiest = review.byHour.indices.filter { review.byHour[$0] > 0 }.sorted {
      (review.byHour[$0], -$0) > (review.byHour[$1], -$1)
    }.prefix(3)
    let hours = listed(busiest.map { "\($0.padded(2, with: "0")):00 (\(review.byHour[$0]))" })
    if plain {
      return [
        bold("When you finish things:"), "  Most around \(hours).",
        "  By the energy they needed: " + listed(energies.map { "\($1) \($0)" }) + ".",
      ]
    }
    let most = review.byHour.max() ?? 0
    let spark = review.byHour.map { $0 == 0 ? "·" : String(Self.levels[min(7, ($0 * 8 - 1) / max(1, most))]) }
    let largest = energies.map(\.1).max() ?? 0
    return [
      bold("When you finish things:"),
      "  by hour    " + spark.joined() + "   most around \(hours)",
      "             0     6     12    18   23",
      "  by energy  "
        + energies.map { "\($0) \(Self.bar($1, of: largest, width: 10)) \($1)" }.joined(separator: "   "),
    ]
  }

  private var slipping: [String] {
    review.slipping.flatMap { task in
      ["  " + Self.name(task.id, task.title) + ": \(task.words).", "    " + task.suggestion]
    }
  }

  private var routines: [String] {
    review.routines.map { routine in
      "  " + Self.name(routine.id, routine.title) + " (\(routine.repeats)): done \(times(routine.kept)), "
        + "skipped \(times(routine.skipped)), missed \(times(routine.missed))."
    }
  }

  private func overdue(_ task: HistoryReview.Named) -> String {
    "  " + Self.name(task.id, task.title) + ": due \(Output.said(task.said, "at", task.at))"
      + (task.done ? "; done later." : "; still open.")
  }

  private static let levels = Array("▁▂▃▄▅▆▇█")

  /// A bar of `value` against `most` in at most `width` columns, to an eighth of a column.
  static func bar(_ value: Int, of most: Int, width: Int) -> String {
    guard value > 0, most > 0 else { return "" }
    let eighths = max(1, value * width * 8 / most)
    let partial = eighths % 8 == 0 ? "" : String(Array(" ▏▎▍▌▋▊▉")[eighths % 8])
    return String(repeating: "█", count: eighths / 8) + partial
  }
}
