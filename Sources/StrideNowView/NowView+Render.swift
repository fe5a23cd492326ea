import StrideBase
import StrideWire

/// How the Now view looks on a terminal: full-screen lines for a given size, and the pieces its sentences
/// (`NowView+Sentences.swift`) share with them.
extension NowView {
  /// The cards' footer, widest first: every key; then all but moving and enter, which ? lists; the keys alone come
  /// after. While a focus session runs, `f` goes back to it where `s` starts one.
  static func cardKeys(focus: Bool) -> [String] {
    let start = focus ? "f focus" : "s start"
    return [
      "j/k move · x done · d defer · \(start) · a add · e energy · enter open · u undo · ? help · q quit",
      "x done · d defer · \(start) · a add · e energy · u undo · ? more keys · q quit",
      "j/k x d \(start.prefix(1)) a e enter u · ? help · q quit",
    ]
  }

  /// The screen, one string a row, each at most `width` columns wide (cut with "…", never wrapped), at most
  /// `height` rows. With `color`, ANSI colour and bold; without, the same words.
  public func screenLines(width: Int, height: Int, color: Bool) -> [String] {
    let width = max(width, 20)
    let style = Style(color: color)
    let (top, body, footer) = sheet(width: width, height: height, style: style)
    var lines = top + body
    let bottom = (message.map { TerminalColumns.wrap($0, width: width, lines: 2) } ?? []) + [style.dim(footer)]
    lines = Array(lines.prefix(max(height - bottom.count, 0)))
    while lines.count < height - bottom.count { lines.append("") }
    return (lines + bottom).suffix(height).map { TerminalColumns.clip($0, width) }
  }

  /// What the open screen holds: its heading, its rows, and the keys it takes, for `width` columns; the cards fill
  /// what `height` leaves them.
  private func sheet(width: Int, height: Int, style: Style) -> (top: [String], body: [String], footer: String) {
    switch screen {
    case .cards: return cardsSheet(width: width, height: height, style: style)
    case .deferReason(let id):
      let reasons = DeferReason.allCases.enumerated().flatMap {
        Self.hanging("  \($0.offset + 1)  ", "\($0.element.title): \($0.element.meaning)", width: width)
      }
      return (
        [style.bold("Why are you deferring \(quotedTitle(id))?"), ""], reasons,
        "1-\(DeferReason.allCases.count) choose · esc back"
      )
    case .deferTime(let id, let reason):
      let choices = Self.remindChoices(reason)
      let promise = TerminalColumns.wrap("\(reason.title): \(reason.promise).", width: width - 2, lines: 6)
      return (
        [style.bold("Remind me about \(quotedTitle(id)):"), ""],
        choices.enumerated().map { "  \($0.offset + 1)  \($0.element)" } + [""] + promise.map { "  " + $0 },
        "1-\(choices.count) choose · esc back"
      )
    case .pickBlocker(let id):
      let others = suggestions.filter { $0.task.id != id }.map { "  task \($0.task.id)  \($0.task.title)" }
      return (
        [style.bold("Which task does \(quotedTitle(id)) wait on?"), ""], ["  > \(input)▏", ""] + others,
        "type its number · enter defer · esc back"
      )
    case .pickTime:
      let reading = TerminalColumns.wrap(timeReading, width: width - 2, lines: 3).map { "  " + $0 }
      return (
        [style.bold("When should it come back?"), ""], ["  > \(input)▏", ""] + reading,
        "type a time · enter defer · esc back"
      )
    case .capture:
      let reading = captureReading.flatMap {
        TerminalColumns.width($0) > width - 2 ? TerminalColumns.wrap($0, width: width - 2, lines: 3) : [$0]
      }
      return (
        [style.bold("Your thought:"), ""], ["  > \(input)▏", ""] + reading.map { "  " + $0 },
        "type · enter add · esc cancel"
      )
    case .detail(let id):
      return (
        [style.bold(detail.map { "Task \($0.id): \($0.title)" } ?? "Task \(id)"), ""], detailLines(id, style: style),
        "j/k move · space tick a step · esc back"
      )
    case .energy:
      return (
        [style.bold("How is your energy right now?"), ""], ["  1  low", "  2  medium", "  3  high"],
        "1-3 choose · esc back"
      )
    case .focus: return focusSheet(width: width, height: height, style: style)
    case .focusSwitch(let id): return switchSheet(id, width: width, style: style)
    case .help:
      let rows = Self.helpRows.flatMap { Self.hanging("  \(TerminalColumns.pad($0.0, to: 10))", $0.1, width: width) }
      return ([style.bold("Keys"), ""], rows, "any key: back to the list")
    }
  }

  /// The cards under their heading, and the running focus session above them, apart from the five.
  private func cardsSheet(width: Int, height: Int, style: Style) -> (top: [String], body: [String], footer: String) {
    let heading = style.bold(list.map { $0.heading(in: onlyList) } ?? "Asking strided what to start now…")
    let keys = Self.cardKeys(focus: focus != nil)
    let running = focusLine(width: width, style: style)
    let room = max(height - 3 - running.count - (message == nil ? 0 : 2), 4)
    return (
      [heading, ""] + running, cardArea(width: width, height: room, style: style),
      keys.first { $0.count <= width } ?? keys[2]
    )
  }

  /// The "Remind me" sheet's choices: the times, and for a blocked task the task it waits on.
  static func remindChoices(_ reason: DeferReason) -> [String] {
    remindTimes.map(\.label) + (reason == .blocked ? ["Waits on another task…"] : [])
  }

  /// A row that starts with `head` and folds `text` under itself, clear of the head, on a narrow screen.
  static func hanging(_ head: String, _ text: String, width: Int) -> [String] {
    let indent = TerminalColumns.width(head)
    return TerminalColumns.wrap(text, width: max(12, width - indent)).enumerated().map {
      ($0.offset == 0 ? head : String(repeating: " ", count: indent)) + $0.element
    }
  }

  static let helpRows: [(String, String)] = [
    ("j, k", "move to the next or the previous card (arrows too)"),
    ("x, space", "finish the card: its step when a step is shown, else the task"),
    ("d", "defer it: why, then when to come back"), ("a", "capture a new thought, shown as it will be read"),
    ("enter", "open the task: its thought, steps to tick, what blocks it"),
    ("s", "focus on the card's task for five minutes; f goes back to a session that runs"),
    ("e", "say how your energy is"), ("u", "undo the last change, and say what was undone"),
    ("q, esc", "leave"),
  ]

  // MARK: Pieces

  private func cardArea(width: Int, height: Int, style: Style) -> [String] {
    guard let list else { return [] }
    guard !suggestions.isEmpty else { return [Self.emptySentence(list), "Press a to capture a thought."] }
    let lists = suggestions.fromSeveralLists
    let cards = suggestions.enumerated().map {
      card($0.element, selected: $0.offset == selected, list: lists, style: style)
    }
    // From the card the cursor is on back to the first that fits with it.
    var first = 0
    while cards[first...selected].reduce(0, { $0 + $1.count + 1 }) > height, first < selected { first += 1 }
    var lines: [String] = []
    for card in cards[first...] where lines.count + card.count <= height {
      lines += card + [""]
    }
    return lines
  }

  /// A card: title, then energy, size, progress (and with `list`, its list), then the next step (or the way in),
  /// then why.
  private func card(_ suggestion: Wire.Suggestion, selected: Bool, list: Bool, style: Style) -> [String] {
    let task = suggestion.task
    let bar = style.energy(task.energy, "▌")
    var flags = ""
    if task.status == .waiting { flags += "  ⏳" }
    if let minutes = task.estimateMinutes, minutes <= 5 { flags += "  ⚡" }
    let title = selected ? style.bold(task.title) : task.title
    var lines = ["\(selected ? "›" : " ")\(bar) \(title)\(flags)"]
    var facts = ["task \(task.id)", "\(task.energy.rawValue) energy"]
    if let minutes = task.estimateMinutes { facts.append(Minutes.format(minutes)) }
    if task.progress.total > 0 {
      let filled = Int((Double(task.progress.done) / Double(task.progress.total) * 5).rounded())
      facts.append(
        "\(task.progress.done)/\(task.progress.total) "
          + String(repeating: "▰", count: filled) + String(repeating: "▱", count: 5 - filled))
    }
    if list, let name = task.list { facts.append("in \(name)") }
    lines.append(" \(bar) " + style.dim(facts.joined(separator: " · ")))
    if let step = suggestion.step {
      lines.append(" \(bar) next: \(step.title)")
    } else if let prompt = suggestion.prompt {
      lines.append(" \(bar) \(prompt)")
    }
    if !suggestion.why.isEmpty {
      lines.append(" \(bar) " + style.dim("why: " + suggestion.why.joined(separator: " · ")))
    }
    return lines
  }

  /// The detail screen's rows: the thought as captured, the steps to tick, what it waits on, and its history.
  func detailLines(_ id: TaskID?, style: Style) -> [String] {
    guard let task = detail, id == nil || task.id == id else { return ["  Reading the task…"] }
    var lines = ["  Captured as: \"\(task.rawInput)\""]
    if !task.subtasks.isEmpty {
      lines += ["", "  Steps (\(task.progress.done) of \(task.progress.total) done):"]
      for (offset, step) in task.subtasks.enumerated() {
        let cursor = offset == stepCursor ? "›" : " "
        lines.append("  \(cursor) [\(step.done ? "x" : " ")] \(offset + 1). \(step.title)")
      }
    }
    if !task.blockedBy.isEmpty {
      lines += ["", "  Blocked by: " + task.blockedBy.map { "task \($0)" }.joined(separator: ", ")]
    }
    if let waiting = task.waitingFor { lines.append("  Waiting for: \(waiting)") }
    if let list = task.list { lines.append("  List: \(list)") }
    let deferred = task.deferCount == 0 ? "never deferred" : "deferred \(plural(task.deferCount, "time"))"
    lines += [
      "",
      "  " + ((task.said?.created).map { "Created \($0) · " } ?? "") + "\(deferred) · \(task.status.rawValue)"
        + (task.said?.due.map { " · due \($0)" } ?? ""),
    ]
    return lines
  }

  /// The task's title in quotes, for a sheet's question.
  func quotedTitle(_ id: TaskID) -> String {
    let title =
      suggestions.first { $0.task.id == id }?.task.title ?? (focus?.task == id ? focus?.title : nil)
      ?? detail.map(\.title) ?? "task \(id)"
    return "\"\(title)\""
  }

  /// How the pick-a-time line reads, said back as it is typed (in the daemon's words).
  var timeReading: String {
    guard !input.trimmingWhitespace.isEmpty else {
      return "Try: tonight, tomorrow 9am, next fri, in 2 hours."
    }
    switch currentReading {
    case .time(let words): return "It comes back \(words)."
    case .refused(let why): return why
    case .draft, nil: return "Reading it…"
    }
  }

  /// How the capture line reads, as `stride add --dry-run` would say it (the daemon's reading).
  var captureReading: [String] {
    guard !input.trimmingWhitespace.isEmpty else {
      return ["Type a thought, such as: call the dentist tomorrow 9am ~10m !low"]
    }
    switch currentReading {
    case .draft(let draft): return Self.draftLines(draft)
    case .refused(let why): return [why]
    case .time, nil: return ["Reading it…"]
    }
  }

  /// A capture's draft as the preview's rows: title, steps, estimate, energy and type (with the words they came
  /// from), times in the daemon's words, repeat, tags, list.
  static func draftLines(_ draft: Wire.Draft) -> [String] {
    var lines = ["Title:   \(draft.title)"]
    if !draft.steps.isEmpty { lines.append("Steps:   " + draft.steps.joined(separator: " · ")) }
    if let minutes = draft.estimateMinutes { lines.append("About:   \(Minutes.format(minutes))") }
    // Where a word the line did not mark as a token decided a field: "an obligation (from "pay")".
    func source(_ field: CaptureSpan.Field) -> String {
      let words = draft.sources(of: field)
      return words.isEmpty ? "" : " (from \(words.joined(separator: ", ")))"
    }
    lines.append("Energy:  \(draft.energy.rawValue)" + source(.energy))
    lines.append("Type:    \(draft.type.rawValue)" + source(.type))
    if let due = draft.said?.due { lines.append("Due:     \(due)") }
    if let start = draft.said?.start { lines.append("Starts:  \(start)") }
    if let rule = draft.repeat { lines.append("Repeats: \(rule.words)") }
    if !draft.tags.isEmpty { lines.append("Tags:    " + draft.tags.joined(separator: ", ")) }
    if let list = draft.list { lines.append("List:    \(list)") }
    return lines
  }

  static func emptySentence(_ list: Wire.NowResult) -> String {
    list.openTasks == 0
      ? "You have no open tasks."
      : "Nothing fits right now: your open tasks are deferred, waiting, blocked, or need more than you have."
  }

  // MARK: Width

  /// The columns a string takes on a terminal (`TerminalColumns`).
  public static func columns(_ text: String) -> Int { TerminalColumns.width(text) }

}

/// Colour and weight for what a person reads on a terminal (the Now view, the CLI's lines), or none.
public struct Style: Sendable {
  public let color: Bool

  public init(color: Bool) { self.color = color }

  public func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
  public func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
  /// Words a search found: bold and underlined, so they stand out without colour too.
  public func highlight(_ text: String) -> String { color ? "\u{1B}[1;4m\(text)\u{1B}[0m" : text }

  /// The energy bar: green for low, yellow for medium, magenta for high (the word says it too).
  func energy(_ level: EnergyLevel, _ text: String) -> String {
    guard color else { return text }
    let code =
      switch level {
      case .low: "32"
      case .medium: "33"
      case .high: "35"
      }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }
}

extension [Wire.Suggestion] {
  /// Whether these come from more than one list: then each says which.
  public var fromSeveralLists: Bool { Set(map(\.task.list)).count > 1 }
}

extension Wire.NowResult {
  /// The line above the list: calm about a pile of overdue work, with no count per task; it names the one list
  /// the now-list was narrowed to, if it was. It says the list is for the person's energy only when something in it
  /// needs no more than that (or is a check on something waited for); otherwise it says that these ask for more.
  /// With no energy set but one learned for the hour, it says so first, and how to set theirs; before that, what
  /// the calendar says of the moment (and during an event, the list is for after it).
  public func heading(in list: String? = nil) -> String {
    let line = energyHeading(in: list)
    var before = calendar.map { $0.sentence + " " } ?? ""
    if energy == nil, let learnedEnergy, !suggestions.isEmpty {
      before += learnedEnergy.sentence + " (set yours with `stride energy`). "
    }
    return before.isEmpty ? line : before + line.sentenceStart
  }

  private func energyHeading(in list: String?) -> String {
    let listNote = list.map { " in \($0)" } ?? ""
    let from = list.map { " from \($0)" } ?? ""
    let after = calendar?.during == nil ? "" : "for after it, "
    let start = "\(after)start with one of these\(from):"
    guard let level = energy ?? learnedEnergy?.level, !suggestions.isEmpty else {
      return overdue < NowLimits.overduePile
        ? start.sentenceStart : "\(overdue) things are overdue\(listNote); here is a way to start:"
    }
    let fits = suggestions.contains { $0.kind == .checkOn || $0.task.energy.rank <= level.rank }
    let one = suggestions.count == 1
    let yours = energy == nil ? "that" : "your \(level.rawValue)"
    let asks = (one ? "this asks" : "these ask") + " for more than \(yours) energy"
    let line =
      switch (overdue < NowLimits.overduePile, fits) {
      case (true, true): "For \(yours) energy, \(start)"
      case (true, false):
        asks.sentenceStart + "; if you want to try anyway, " + (one ? "here it is:" : "start with one of them\(from):")
      case (false, true):
        "\(overdue) things are overdue\(listNote); here is a way to start, for \(yours) energy:"
      case (false, false): "\(overdue) things are overdue\(listNote); \(asks), but here is a way to start:"
      }
    return line
  }
}
