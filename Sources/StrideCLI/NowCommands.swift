import StrideBase
import StrideClientKit
import StrideConnection
import StrideNowView
import StridePlatform
import StrideWire

/// The commands about the moment: what to start now, why, your energy, and how a time is read.
extension Session {
  func now(_ args: CommandArguments<NowOptions>) throws {
    let options = args.options
    try args.noMorePositionals(than: 0, "now")
    if options.interactive, wantsNowView { return try nowView(plain: invocation.plain, list: options.list) }
    let params = Wire.NowList.Params(
      at: try time(options.at), energy: options.energy, minutes: options.minutes, limit: options.limit,
      tags: options.tags, all: options.all ? true : nil, list: options.list, terms: output.json ? nil : false,
      eventTitles: forThisPersonOnly ? nil : false)
    let result = try call(Wire.NowList.self, params)
    guard !output.json else { return output.emit(result) }
    // A running focus session comes first, apart from the five; its task is not said twice.
    let focus = result.result.focus
    var suggestions = result.suggestions
    if let focus {
      output.say((invocation.plain ? "" : "▶ ") + focus.sentence())
      suggestions.removeAll { $0.task.id == focus.task }
      if !suggestions.isEmpty { output.say() }
    }
    if suggestions.isEmpty, let calendar = result.result.calendar { output.say(calendar.sentence) }
    if focus != nil, suggestions.isEmpty {
      output.say("Nothing else is asking for you; stay with this one, or stop with: stride stop")
    } else if result.suggestions.isEmpty {
      if result.openTasks == 0 {
        output.say("You have no open tasks. Capture a thought with: stride add \"call the dentist\"")
      } else if result.tagged == 0, let tags = params.tags {
        let which = tags.count == 1 ? "the tag \(tags[0])" : "any of the tags \(tags.joined(separator: ", "))"
        output.say("No open task has \(which). Without --tags, stride now looks at all of them.")
      } else {
        let tasks = result.openTasks == 1 ? "Your 1 open task is" : "Your \(result.openTasks) open tasks are"
        output.say("Nothing fits right now. \(tasks) deferred, waiting, blocked, or need more energy or time than")
        output.say("you have at the moment. See why with: stride now --all")
      }
    } else if invocation.plain {
      // For screen readers: each card one sentence, as the plain Now view says it.
      var shown = result.result
      shown.suggestions = suggestions
      NowView.spoken(shown, in: params.list).forEach { output.say($0) }
    } else {
      output.folded([result.result.heading(in: params.list)]).forEach { output.say($0) }
      output.say()
      renderSuggestions(suggestions)
    }
    if let waiting = result.result.outOfViewLong, let days = result.result.outOfViewDays, waiting > 0, params.all == nil
    {
      // Said once, calmly, with no list: that others are waiting their turn, and where to see them (the same
      // question, with --all).
      let (others, them) = waiting == 1 ? ("1 other task has", "it") : ("\(waiting) other tasks have", "them")
      let same =
        (params.list.map { " --list \($0)" } ?? "") + (params.tags.map { " --tags \($0.joined(separator: ","))" } ?? "")
      output.say()
      output.folded([
        "\(others) been out of view for \(days == 1 ? "a day" : "\(days) days") or more"
          + (result.result.ahead == true ? " by then, if none is shown before" : "")
          + "; see \(them) with: stride now --all\(same)"
      ]).forEach { output.say($0) }
    }
    guard let hidden = result.hidden, !hidden.isEmpty else { return }
    output.say()
    sayLeftOut(hidden)
  }

  /// `now --all`'s tasks left out, each with the reason, dimmed.
  private func sayLeftOut(_ hidden: [HiddenEntry]) {
    output.say("Left out for now:")
    let rows = hidden.map { [String(describing: $0.id), TerminalColumns.clip($0.title, 40), $0.detail] }
    let hang = 2 + (Output.columns(rows.map { Array($0.prefix(2)) }).first.map(TerminalColumns.width) ?? 0) + 2
    var lines: [String]
    if (output.width ?? .max) - hang >= 30 {
      // A long reason folds under itself, beside the titles.
      lines = output.folded(Output.columns(rows, rightAligned: [0]).map { "  " + $0 }, hang: hang)
    } else {
      // On a narrow terminal each reason goes under its title, folded there.
      let idWidth = rows.map { TerminalColumns.width($0[0]) }.max() ?? 0
      let indent = String(repeating: " ", count: 2 + idWidth + 2)
      lines = rows.flatMap { row in
        let id = String(repeating: " ", count: idWidth - TerminalColumns.width(row[0])) + row[0]
        let title = TerminalColumns.clip(row[1], max(12, (output.width ?? 80) - indent.count))
        return ["  \(id)  \(title)"] + output.folded([indent + row[2]], hang: indent.count)
      }
    }
    lines.forEach { output.say(output.dim($0)) }
  }

  /// One row a suggestion, led by the one number a person acts on, labelled ("task 12"); then the way in and the
  /// why. (A position number beside the id would be read out as "1. 6", and `stride done 1` means task 1.)
  private func renderSuggestions(_ suggestions: [Wire.Suggestion]) {
    // Tasks from several lists each say which.
    let lists = suggestions.fromSeveralLists
    var rows = suggestions.map { suggestion in
      let task = suggestion.task
      return [
        "task \(task.id)", task.title, task.energy.rawValue, task.estimateMinutes.map(Minutes.format) ?? "",
        task.subtasks.isEmpty ? "" : progressText(task.progress),
      ] + (lists ? ["in \(task.list ?? "")"] : [])
    }
    // The title takes what the other columns leave of the terminal: 44 columns at most, 12 at least; the energy
    // and then the estimate give way on a narrow one.
    let (shown, room) = Output.fitting(rows, title: 1, giveWay: [2, 3], lead: 2, width: output.width)
    let titleWidth = max(12, min(44, room ?? 44))
    rows = rows.map { row in shown.map { $0 == 1 ? TerminalColumns.clip(row[1], titleWidth) : row[$0] } }
    let lines = Output.columns(rows)
    // The detail lines start under the title, folded to the terminal's width.
    let indent = String(repeating: " ", count: (rows.map { $0[0].count }.max() ?? 0) + 2)
    let limit = output.width.map { max(20, $0 - 2 - indent.count) }
    func detail(_ text: String) {
      let folded = limit.map { TerminalColumns.wrap(text, width: $0) } ?? [text]
      folded.forEach { output.say(output.dim("  \(indent)\($0)")) }
    }
    for (line, suggestion) in zip(lines, suggestions) {
      output.say("  " + line)
      if let step = suggestion.step { detail("next step \(suggestion.task.id).\(step.index): \(step.title)") }
      if let prompt = suggestion.prompt { detail(prompt) }
      // Folded between the reasons where they fit, each line but the last ending in the "·" that joins them (held
      // to its reason by a no-break space, so it never stands alone), so no reason is cut in two unless it is
      // longer than a line.
      var why = "why:"
      for (index, reason) in suggestion.why.enumerated() {
        let joined = why + (index == 0 ? " " : " · ") + reason
        let more = index < suggestion.why.count - 1 ? "\u{A0}·" : ""
        if index == 0 || limit.map({ TerminalColumns.width(joined + more) <= $0 }) ?? true {
          why = joined
        } else {
          detail(why + "\u{A0}·")
          why = reason
        }
      }
      if !suggestion.why.isEmpty { detail(why) }
    }
  }

  /// `stride why ID`: the whole score of a task now, or the filter that hides it.
  func why(_ args: CommandArguments<WhyOptions>) throws {
    try args.noMorePositionals(than: 1, "why")
    let id = try args.taskID("why", example: "stride why 12")
    let options = args.options
    let result = try call(
      Wire.TaskExplain.self,
      .init(id: id, at: try time(options.at), energy: options.energy, minutes: options.minutes, tags: options.tags))
    guard !output.json else { return output.emit(result) }
    let name = Output.subject(result.task)
    if let position = result.position {
      let way = result.prompt.map { " (\($0))" } ?? (result.kind == .nextStep ? " (its next step)" : "")
      output.say("\(name) is number \(position) of what to start now\(way).")
    } else if let hidden = result.hidden {
      output.say("\(name) is not among what to start now: \(hidden.detail).")
    }
    if let learned = result.learnedEnergy {
      output.say("\(learned.sentence), so it is judged for that; set yours with `stride energy`.")
    }
    guard !result.terms.isEmpty else { return }
    output.say()
    var rows = [["TERM", "INPUT", "VALUE", "WEIGHT", "CONTRIBUTION"]]
    for term in result.terms {
      // A value too small for two places shows a third, so value × weight agrees with the contribution shown.
      let small = term.value != 0 && abs(term.value) < 0.005
      rows.append([
        term.term.rawValue, term.input, term.value.fixed(small ? 3 : 2), term.weight.fixed(1),
        abs(term.contribution) < 0.005 ? "0.00" : term.contribution.fixed(2, sign: true),
      ])
    }
    rows.append(["total", "", "", "", (result.score ?? 0).fixed(2)])
    let lines = Output.columns(rows, rightAligned: [2, 3, 4])
    output.say(output.bold("  " + lines[0]))
    lines.dropFirst().forEach { output.say("  " + $0) }
  }

  /// `stride when TEXT`: how Stride reads a time, like `date -d`, but for people: the daemon's reading, in words.
  func when(_ args: CommandArguments<WhenOptions>) throws {
    let text = args.positionals.joined(separator: " ")
    guard !text.trimmingWhitespace.isEmpty else {
      throw UsageError("when needs a time to read, like: stride when \"next fri 9am\"")
    }
    let reference = try time(args.options.ref)
    let result = try readTime(TimeParse.Params(text: text, ref: reference), nil)
    guard !output.json else { return output.emit(result) }
    output.say(result.said.sentence)
    output.say("  \(result.said.start)" + (result.said.end.map { " to \($0)" } ?? ""))
  }

  func energy(_ args: CommandArguments<NoOptions>) throws {
    try args.noMorePositionals(than: 1, "energy")
    guard let word = args.positionals.first else {
      let context = try call(ContextGet.self, NoParams())
      guard let energy = context.energy, let at = Output.said(context.said?.updatedAt, context.updatedAt) else {
        return output.report(
          "Your energy is not set. Set it with: stride energy low (or medium, or high)", json: context)
      }
      let lapse = Output.said(context.said?.lapsesAt, context.lapsesAt).map { "; it counts until \($0)" } ?? ""
      return output.report("Your energy is \(energy.rawValue) (set \(at)\(lapse)).", json: context)
    }
    let energy: EnergyLevel? =
      ["clear", "unknown", "none"].contains(word) ? nil : try EnergyLevel(word, for: "energy")
    let context = try call(ContextSet.self, .init(energy: energy))
    output.report(
      energy.map { energy in
        "Your energy is now \(energy.rawValue)"
          + (Output.said(context.said?.lapsesAt, context.lapsesAt).map { "; it counts until \($0)" } ?? "") + "."
      } ?? "Your energy is cleared; now ranks without it.",
      json: context)
  }

}
