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
  /// How the person's locale groups the thousands of a count.
  var thousands = ThousandsSeparator.comma
  /// The terminal's width, which the charts fit; nil in a pipe.
  var width: Int? = nil
  /// How sentences fold to the width (`Output.folded`); a chart's rows keep their shape instead, cut at the width.
  var fold: ([String]) -> [String] = { $0 }

  var lines: [String] {
    let since = Output.said(review.said?.since, review.since)
    var lines = ["Looking back from \(since) to \(Output.said(review.said?.until, review.until)).", ""]
    lines = fold(lines + totals) + [""] + chart(days)
    if review.done > 0 { lines += [""] + chart(when) }
    return lines + fold(sections)
  }

  /// A chart's rows as they are, cut at the width (a sentence in plain mode folds as any other).
  private func chart(_ rows: [String]) -> [String] {
    guard !plain, let width else { return fold(rows) }
    return rows.map { TerminalColumns.clip($0, width) }
  }

  /// The lists after the charts: what slips, routines, what became overdue, what is as it was captured.
  private var sections: [String] {
    var lines = section("Keeps slipping (put off twice or more):", slipping)
    lines += section("Routines:", routines)
    lines += section("Time in focus sessions:", focusTime)
    lines += section("Took far longer or far shorter than you estimated:", offEstimate)
    lines += section("How long your tasks take against their estimates (all you have finished):", estimates)
    lines += section("Your energy over the day (from all you have finished):", energyDay)
    let overdueCount = review.becameOverdueCount ?? review.becameOverdue.count
    lines += section(
      "Became overdue (most recent first):",
      Self.latest(review.becameOverdue, of: overdueCount, overdue)
        + (overdueCount > Self.named ? ["  stride list --overdue lists the ones still open."] : []))
    lines += section(
      // A change taken back leaves a task as it was captured: "not touched" would be false of it.
      "Captured and still as you wrote them (most recent first):",
      Self.latest(review.untouched, of: review.untouchedCount ?? review.untouched.count) {
        "  " + Self.name($0.id, $0.title) + ", captured \(Output.said($0.said?.at, $0.at))."
      })
    return lines
  }

  /// How many tasks a list of the review names at most: a year's would be a wall. The daemon is asked for no more
  /// (`HistoryReview.Params.named`), and says how many there are in all.
  static let named = 10

  /// Tasks the review names by a moment (when each fell due, or was captured), most recent first as `log` lists
  /// what happened: the first `named` of `count` only when there are more, saying so.
  private static func latest(
    _ tasks: [HistoryReview.Named], of count: Int, _ row: (HistoryReview.Named) -> String
  ) -> [String] {
    // Of one moment (captured in the same second), the later id was the later.
    let rows = tasks.sorted { ($0.at, $0.id.rawValue) > ($1.at, $1.id.rawValue) }.prefix(named).map(row)
    return count <= named ? rows : ["  The \(named) most recent of \(count):"] + rows
  }

  private func section(_ heading: String, _ rows: [String]) -> [String] {
    rows.isEmpty ? [] : ["", bold(heading)] + rows
  }

  private static func name(_ id: TaskID, _ title: String) -> String { "Task \(id), \"\(title)\"" }

  /// "1 task", "2,098 tasks": a count with its thousands grouped as the person's locale writes them.
  private func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number.grouped(thousands)) \(noun)s"
  }

  private var totals: [String] {
    let steps = review.stepsDone == 0 ? "" : " and \(count(review.stepsDone, "step"))"
    var done =
      "No tasks were finished in this period"
      + (steps.isEmpty ? "" : ", but \(count(review.stepsDone, "step")) \(review.stepsDone == 1 ? "was" : "were")")
      + "."
    if review.done > 0 {
      let estimated =
        review.estimatedMinutes > 0 ? ": about \(Minutes.spoken(review.estimatedMinutes)) of estimated work" : ""
      let unknown =
        review.withoutEstimate == 0 || review.estimatedMinutes == 0
        ? "" : " (\(review.withoutEstimate.grouped(thousands)) had no estimate)"
      done = "You finished \(count(review.done, "task"))\(steps)\(estimated)\(unknown)."
    }
    let captured =
      review.captured == 0 ? "Nothing new was captured." : "You captured \(count(review.captured, "task"))."
    return [done, captured]
  }

  /// Done in each day of the period; in each week of one over 31 days, each month of one over 26 weeks: a bar
  /// each, or a sentence each.
  private var days: [String] {
    let (unit, periods) = Self.periods(review.days)
    if plain {
      // Said, not drawn: a run of empty days is one sentence, not a sentence each.
      var lines = [bold("Done each \(unit):")]
      var index = 0
      while index < periods.count {
        let period = periods[index]
        var last = index
        while period.done == 0, last + 1 < periods.count, periods[last + 1].done == 0 { last += 1 }
        let through = last == index ? "" : " to " + (unit == "day" ? periods[last].spoken : periods[last].label)
        let done = period.done == 0 ? "nothing finished" : "\(count(period.done, "task")) finished"
        let minutes = period.minutes > 0 ? ", about \(Minutes.spoken(period.minutes))" : ""
        lines.append("  \(period.spoken)\(through): \(done)\(minutes).")
        index = last + 1
      }
      return lines
    }
    let most = periods.map(\.done).max() ?? 0
    let labelWidth = periods.map { TerminalColumns.width($0.label) }.max() ?? 0
    // The bar gives way on a narrow terminal: the label, the count and the time keep their room.
    let tail =
      periods.map { period in
        1 + max(3, period.done.grouped(thousands).count)
          + (period.minutes > 0 ? 2 + Minutes.format(period.minutes).count : 0)
      }.max() ?? 4
    let barWidth = max(4, min(30, (width ?? 80) - 2 - labelWidth - 2 - tail))
    return [bold("Done each \(unit):")]
      + periods.map { period in
        let minutes = period.minutes > 0 ? "  " + Minutes.format(period.minutes) : ""
        return "  " + TerminalColumns.pad(period.label, to: labelWidth) + "  "
          + TerminalColumns.pad(Self.bar(period.done, of: most, width: barWidth), to: barWidth) + " "
          + Self.rightAligned(period.done.grouped(thousands), 3) + minutes
      }
  }

  /// A span of the chart: a day, a week or a month, named short (`label`) and in full (`spoken`).
  struct Period {
    var label: String
    var spoken: String
    var done = 0
    var minutes = 0
    /// Minutes spent in focus sessions.
    var focus = 0
  }

  /// The days of a review as the chart shows them: each day of a period up to 31 days; each week (from Monday) of
  /// one up to 26 weeks; else each month.
  static func periods(_ days: [HistoryReview.Day]) -> (unit: String, periods: [Period]) {
    let unit = days.count <= 31 ? "day" : days.count <= 26 * 7 ? "week" : "month"
    var periods: [Period] = []
    for (offset, day) in days.enumerated() {
      let short = day.said?.dateShort ?? day.date
      let starts =
        switch unit {
        case "day": true
        case "week": offset == 0 || weekday(day.date) == 1
        default: offset == 0 || day.date.hasSuffix("-01")
        }
      if starts {
        let label =
          switch unit {
          case "day": short
          case "week": (weekday(day.date) == 1 ? "week of " : "from ") + short
          default: day.date.hasSuffix("-01") ? monthName(day.date) : "from " + short
          }
        let spoken = unit == "day" ? day.said?.date ?? day.date : label.prefix(1).uppercased() + label.dropFirst()
        periods.append(Period(label: label, spoken: spoken))
      }
      periods[periods.count - 1].done += day.done
      periods[periods.count - 1].minutes += day.minutes
      periods[periods.count - 1].focus += day.focusMinutes ?? 0
    }
    return (unit, periods)
  }

  /// 1 for Monday to 7 for Sunday, of a date written `2026-11-02` (Zeller's congruence).
  static func weekday(_ date: String) -> Int {
    let parts = date.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return 1 }
    let (year, month) = parts[1] < 3 ? (parts[0] - 1, parts[1] + 12) : (parts[0], parts[1])
    let (century, within) = (year / 100, year % 100)
    let saturdayFirst = (parts[2] + 13 * (month + 1) / 5 + within + within / 4 + century / 4 + 5 * century) % 7
    return (saturdayFirst + 5) % 7 + 1
  }

  private static func rightAligned(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// "November 2026", of a date written `2026-11-02`.
  static func monthName(_ date: String) -> String {
    let parts = date.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, (1...12).contains(parts[1]) else { return date }
    let names = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
      "December",
    ]
    return "\(names[parts[1] - 1]) \(parts[0])"
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
    let bars = energies.map { "\($0) \(Self.bar($1, of: largest, width: 10)) \($1)" }
    let byHour = "  by hour    " + spark.joined()
    let byEnergy = "  by energy  " + bars.joined(separator: "   ")
    let axis = "             0     6     12    18   23"
    // On a narrow terminal the charts keep their shape: what sits beside them goes under them instead.
    guard let width, width < max(byHour.count + 3 + hours.count + 12, byEnergy.count) else {
      return [bold("When you finish things:"), byHour + "   most around \(hours)", axis, byEnergy]
    }
    let label = energies.map(\.0.count).max() ?? 0
    return [bold("When you finish things:"), byHour, axis, "  most around \(hours)"]
      + zip(energies, ["  by energy  "] + Array(repeating: String(repeating: " ", count: 13), count: 2)).map {
        energy, lead in
        lead + TerminalColumns.pad(energy.0, to: label) + " "
          + TerminalColumns.pad(Self.bar(energy.1, of: largest, width: 10), to: 10) + " \(energy.1)"
      }
  }

  private var slipping: [String] {
    review.slipping.flatMap { task in
      ["  " + Self.name(task.id, task.title) + ": \(task.words).", "    " + task.suggestion]
    }
  }

  /// Each routine: what came of its occurrences (counts of none left out), and the one still open past its time.
  private var routines: [String] {
    review.routines.map { routine in
      let counts = [("done", routine.kept), ("skipped", routine.skipped), ("missed", routine.missed)]
        .filter { $0.1 > 0 }.map { "\($0.0) \(times($0.1))" }
      var words = counts.isEmpty ? "nothing done, skipped or missed in this period" : listed(counts)
      if let open = routine.openSince {
        words += "; the one due \(Output.said(routine.said?.at, open)) is still open"
      }
      return "  " + Self.name(routine.id, routine.title) + " (\(routine.repeats)): \(words)."
    }
  }

  private func overdue(_ task: HistoryReview.Named) -> String {
    "  " + Self.name(task.id, task.title) + ": due \(Output.said(task.said?.at, task.at))"
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
