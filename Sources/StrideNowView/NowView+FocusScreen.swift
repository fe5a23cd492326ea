import StrideBase
import StrideWire

/// How a focus session looks: the focus screen (the task, the one next step, a bar of the time left that empties as
/// it passes, the time left and spent), the question before switching, the line above the cards, and the same as
/// sentences for `--plain`.
extension NowView {
  /// The focus screen's heading, rows and keys for `width` columns; blank rows go first when `height` is short, so
  /// the time and the question stay on the screen.
  func focusSheet(width: Int, height: Int, style: Style) -> (top: [String], body: [String], footer: String) {
    guard let focus else {
      return ([style.bold("Focus"), ""], ["  Starting a focus session…"], "q back to the cards")
    }
    let top = TerminalColumns.wrap("Focus on task \(focus.task): \(focus.title)", width: width, lines: 2).map {
      style.bold($0)
    }
    var body = [""] + stepLines(focus, width: width) + ["", "  " + bar(width: width - 4, style: style), timeLine]
    if timeIsUp {
      body += [""] + TerminalColumns.wrap(focus.timeUpMessage, width: width - 2, lines: 4).map { "  " + $0 }
    } else if focus.paused {
      body +=
        [""]
        + TerminalColumns.wrap("Paused: the time stands still until you press p.", width: width - 2).map { "  " + $0 }
    }
    let keys = Self.focusKeys(paused: focus.paused, up: timeIsUp)
    let footer = keys.first { $0.count <= width } ?? keys[keys.count - 1]
    // On a narrow screen the keys that do not fit in the footer are a row of their own.
    if !timeIsUp, footer == keys.last { body += ["", "  + 5 more min · d defer"] }
    let room = height - top.count - 1 - (message == nil ? 0 : 2)
    if body.count > room { body.removeAll { $0.isEmpty } }
    return (top, body, footer)
  }

  /// The focus screen's footer, widest first; the last leaves + and l to a row above it.
  static func focusKeys(paused: Bool, up: Bool) -> [String] {
    if up {
      return [
        "k keep going · x done · s stop · + 5 min · q back to the list", "k keep going · x done · s stop · q back",
      ]
    }
    let pause = paused ? "p go on" : "p pause"
    return [
      "x done · \(pause) · + 5 more min · d defer · s stop · q back to the list",
      "x done · \(pause) · + 5 min · d defer · s stop · q back", "x done · \(pause) · s stop · q back",
    ]
  }

  /// The one next step, folded under its label: "Step 2 of 3: find the lease"; or the task itself when it has none.
  private func stepLines(_ focus: Wire.Focus, width: Int) -> [String] {
    guard let step = focus.step else {
      let none = focusTask?.subtasks.isEmpty ?? true ? "No steps: the task is the step" : "No steps left"
      return Self.hanging("  ", "\(none); x finishes it.", width: width)
    }
    let total = focusTask.map { $0.progress.total } ?? 0
    let label = "Step \(step.index)\(total >= step.index ? " of \(total)" : ""): "
    return Self.hanging("  " + label, step.title, width: width)
  }

  /// "3:12 left of 5 min · 1:48 spent", "paused · …".
  private var timeLine: String {
    guard let focus else { return "" }
    let box = Minutes.format(max(1, focus.timeboxSeconds / Seconds.perMinute))
    let time = "\(Self.clock(leftSeconds)) left of \(box) · \(Self.clock(spentSeconds)) spent"
    return "  " + (focus.paused ? "paused · " + time : time)
  }

  /// The time left as a bar of `width` columns that empties as the time passes: █ for what is left, ░ for what is
  /// gone, so it reads without colour; in colour, green (yellow in the last minute), grey while paused.
  func bar(width: Int, style: Style) -> String {
    guard let focus else { return "" }
    let columns = min(max(width, 10), 60)
    let left = leftSeconds
    let box = max(focus.timeboxSeconds, left, 1)
    let filled = left == 0 ? 0 : min(columns, max(1, (left * columns + box - 1) / box))
    let full = String(repeating: "█", count: filled)
    let gone = String(repeating: "░", count: columns - filled)
    guard style.color else { return full + gone }
    let code = focus.paused ? "2" : left < Seconds.perMinute ? "33" : "32"
    return (filled == 0 ? "" : "\u{1B}[\(code)m\(full)\u{1B}[0m") + style.dim(gone)
  }

  /// Seconds as a clock: "4:05", "0:59", "1:02:03".
  static func clock(_ seconds: Int) -> String {
    let seconds = max(seconds, 0)
    let (hours, minutes, rest) = (seconds / 3_600, seconds / 60 % 60, seconds % 60)
    let tail = "\(rest.padded(2, with: "0"))"
    return hours > 0 ? "\(hours):\(minutes.padded(2, with: "0")):\(tail)" : "\(minutes):\(tail)"
  }

  /// "Switch to …?": what runs, and what switching does.
  func switchSheet(_ id: TaskID, width: Int, style: Style) -> (top: [String], body: [String], footer: String) {
    let top = TerminalColumns.wrap("Switch to \(quotedTitle(id))?", width: width, lines: 2).map { style.bold($0) }
    return (
      top + [""],
      switchSentences(id).flatMap { TerminalColumns.wrap($0, width: width - 2) + [""] }.map {
        $0.isEmpty ? $0 : "  " + $0
      }, "s or y switch · n or esc keep it"
    )
  }

  /// What the switch question says before the keys.
  private func switchSentences(_ id: TaskID) -> [String] {
    guard let focus else { return ["No focus session runs any more: s starts one on task \(id)."] }
    return [
      "A focus session on \(focus.what) is running, \(focus.left(after: focusElapsed)).",
      "Switching ends it (its time is kept) and starts \(Self.moreMinutes) minutes on task \(id).",
    ]
  }

  /// The running session above the cards, apart from the five: "▶ Focus on task 12, step 2: find the lease. 3
  /// minutes left." (the question, in up to three rows, when its time is up), and a blank row; none when no session
  /// runs.
  func focusLine(width: Int, style: Style) -> [String] {
    guard let sentence = focusSentence else { return [] }
    let mark = style.color ? "\u{1B}[32m▶\u{1B}[0m" : "▶"
    return TerminalColumns.wrap(sentence, width: width - 2, lines: timeIsUp ? 3 : 2).enumerated().map {
      ($0.offset == 0 ? mark + " " : "  ") + $0.element
    } + [""]
  }

  // MARK: Sentences

  /// The focus screen as sentences: the session now, the time spent, then what can be typed.
  func focusSentences() -> [String] {
    guard let focus, let sentence = focusSentence else { return ["Starting a focus session."] }
    let spent = Minutes.spoken(seconds: spentSeconds)
    let keys =
      timeIsUp
      ? "Type keep going for \(Minutes.spoken(max(1, focus.boxSeconds / 60))) more, done, or stop; or more for "
        + "five more minutes, or back for the cards; and press enter."
      : "Type done when \(focus.step == nil ? "the task" : "the step") is done, \(focus.paused ? "go on" : "pause"), "
        + "more for five more minutes, later to defer the task, stop to end the session, time to hear the time "
        + "left, or back for the cards (the session goes on), and press enter."
    return [sentence, "You have spent \(spent) on it.", keys]
  }

  /// The switch question as sentences.
  func switchQuestion(_ id: TaskID) -> [String] {
    switchSentences(id) + ["Switch to \(quotedTitle(id))? Type yes to switch, or no to keep the session that runs."]
  }
}
