import Foundation
import StrideCore

/// The everyday commands: each reads its arguments, makes one or two calls, and says what happened.
extension Session {
  func add(_ arguments: [String]) throws {
    let args = try CommandArguments(arguments, command: "add", switches: ["--dry-run"])
    var text = args.positionals.joined(separator: " ")
    if args.positionals == ["-"] {
      text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw UsageError("add needs the thought to capture, like: stride add \"call the dentist\"")
    }
    let result = try call(TaskCapture.self, .init(text: text, dryRun: args.flags.contains("--dry-run") ? true : nil))
    if let task = result.task {
      output.report("Added \(Output.name(task)).", json: result)
    } else if let draft = result.draft {
      guard !output.json else { return output.emit(result) }
      output.say("Would add this task (nothing was saved):")
      Output.columns(draftRows(draft)).forEach { output.say("  " + $0) }
    }
  }

  func now(_ arguments: [String]) throws {
    let args = try CommandArguments(
      arguments, command: "now", valued: ["--energy", "--for", "--at", "--limit", "--tags"], switches: ["--all"])
    try args.noMorePositionals(than: 0, "now")
    let params = try nowParams(args, all: args.flags.contains("--all"))
    let result = try call(NowList.self, params)
    guard !output.json else { return output.emit(result) }
    if result.suggestions.isEmpty {
      if result.openTasks == 0 {
        output.say("You have no open tasks. Capture a thought with: stride add \"call the dentist\"")
      } else {
        let tasks = result.openTasks == 1 ? "Your 1 open task is" : "Your \(result.openTasks) open tasks are"
        output.say("Nothing fits right now. \(tasks) deferred, waiting, blocked, or need more energy or time than")
        output.say("you have at the moment. See why with: stride now --all")
      }
    } else {
      if let energy = result.energy {
        output.say("For your \(energy.rawValue) energy, start with one of these:")
      } else {
        output.say("Start with one of these:")
      }
      output.say()
      renderSuggestions(result.suggestions)
    }
    guard let hidden = result.hidden, !hidden.isEmpty else { return }
    output.say()
    output.say("Left out for now:")
    let rows = hidden.map { [String(describing: $0.id), Output.clip($0.title, 40), $0.detail] }
    Output.columns(rows, rightAligned: [0]).forEach { output.say(output.dim("  " + $0)) }
  }

  /// The now-list question from `now`'s (and `why`'s) options.
  private func nowParams(_ args: CommandArguments, all: Bool) throws -> NowList.Params {
    let energy = try args.values["--energy"].map { text throws(UsageError) in
      try CommandArguments.energy(text, "--energy")
    }
    let minutes = try args.values["--for"].map { text throws(UsageError) in
      try CommandArguments.minutes(text, "--for")
    }
    var limit: Int?
    if let text = args.values["--limit"] {
      guard let number = Int(text), (1...NowContext.maximumLimit).contains(number) else {
        throw UsageError("--limit '\(text)' must be a number from 1 to \(NowContext.maximumLimit)")
      }
      limit = number
    }
    let at = try args.time("--at", dateOnly: ClockTime(hour: 9)!)
    let tags = args.values["--tags"].map { $0.split(separator: ",").map(String.init) }
    return NowList.Params(at: at, energy: energy, minutes: minutes, limit: limit, tags: tags, all: all ? true : nil)
  }

  /// Numbered rows: position, id, title, energy, estimate, progress; then the way in and the why.
  private func renderSuggestions(_ suggestions: [Suggestion]) {
    let rows = suggestions.enumerated().map { position, suggestion in
      let task = suggestion.task
      return [
        "\(position + 1).", String(describing: task.id), Output.clip(task.title, 44), task.energy.rawValue,
        task.estimateMinutes.map(Minutes.format) ?? "", task.subtasks.isEmpty ? "" : progressText(task),
      ]
    }
    let lines = Output.columns(rows, rightAligned: [0, 1])
    // The detail lines start under the title.
    let width = { (column: Int) in rows.map { $0[column].count }.max() ?? 0 }
    let indent = String(repeating: " ", count: width(0) + width(1) + 4)
    for (line, suggestion) in zip(lines, suggestions) {
      output.say("  " + line)
      if let step = suggestion.step {
        output.say(output.dim("  \(indent)next step \(suggestion.task.id).\(step.index): \(step.title)"))
      }
      if let prompt = suggestion.prompt {
        output.say(output.dim("  \(indent)\(prompt)"))
      }
      if !suggestion.why.isEmpty {
        output.say(output.dim("  \(indent)why: \(suggestion.why.joined(separator: " · "))"))
      }
    }
  }

  /// `stride why ID`: the whole score of a task now, or the filter that hides it.
  func why(_ arguments: [String]) throws {
    let args = try CommandArguments(
      arguments, command: "why", valued: ["--energy", "--for", "--at", "--tags"])
    try args.noMorePositionals(than: 1, "why")
    let id = try args.taskID("why", example: "stride why 12")
    let now = try nowParams(args, all: false)
    let result = try call(
      TaskExplain.self, .init(id: id, at: now.at?.date, energy: now.energy, minutes: now.minutes, tags: now.tags))
    guard !output.json else { return output.emit(result) }
    let name = Output.subject(result.task)
    if let position = result.position {
      let way = result.prompt.map { " (\($0))" } ?? (result.kind == .nextStep ? " (its next step)" : "")
      output.say("\(name) is number \(position) of what to start now\(way).")
    } else if let hidden = result.hidden {
      output.say("\(name) is not among what to start now: \(hidden.detail).")
    }
    guard !result.terms.isEmpty else { return }
    output.say()
    var rows = [["TERM", "INPUT", "VALUE", "WEIGHT", "CONTRIBUTION"]]
    for term in result.terms {
      rows.append([
        term.term.rawValue, term.input, String(format: "%.2f", term.value), String(format: "%.1f", term.weight),
        abs(term.contribution) < 0.005 ? "0.00" : String(format: "%+.2f", term.contribution),
      ])
    }
    rows.append(["total", "", "", "", String(format: "%.2f", result.score ?? 0)])
    let lines = Output.columns(rows, rightAligned: [2, 3, 4])
    output.say(output.bold("  " + lines[0]))
    lines.dropFirst().forEach { output.say("  " + $0) }
  }

  func list(_ arguments: [String]) throws {
    let args = try CommandArguments(arguments, command: "list", valued: ["--status", "--tag"], switches: ["--all"])
    try args.noMorePositionals(than: 0, "list")
    var status: ListStatus?
    if let text = args.values["--status"] {
      let word = text == "done" ? "completed" : text
      guard let parsed = ListStatus(rawValue: word) else {
        throw UsageError("--status '\(text)' is not a status; use one of \(ListStatus.validWords)")
      }
      status = parsed
    }
    if args.flags.contains("--all") { status = .all }
    let result = try call(TaskList.self, .init(status: status, tag: args.values["--tag"]))
    guard !output.json else { return output.emit(result) }
    guard !result.tasks.isEmpty else {
      let which = status.map { $0 == .all ? "" : " \($0.rawValue)" } ?? " open"
      let tagged = args.values["--tag"].map { " tagged \($0)" } ?? ""
      return output.say("No\(which) tasks\(tagged).")
    }
    let header = ["ID", "TITLE", "STATUS", "STEPS", "ENERGY", "ESTIMATE", "DUE"]
    let rows = result.tasks.map { task in
      [
        String(describing: task.id), Output.clip(task.title, 48), statusText(task),
        task.subtasks.isEmpty ? "" : progressText(task), task.energy.rawValue,
        task.estimateMinutes.map(Minutes.format) ?? "", task.due.map(output.time.describe) ?? "",
      ]
    }
    let lines = Output.columns([header] + rows, rightAligned: [0])
    output.say(output.bold(lines[0]))
    lines.dropFirst().forEach { output.say($0) }
  }

  func show(_ arguments: [String]) throws {
    let id = try CommandArguments.onlyTaskID(arguments, command: "show")
    let result = try call(TaskGet.self, .init(id: id))
    guard !output.json else { return output.emit(result) }
    let task = result.task
    let time = output.time
    var fields: [[String]] = [
      ["Status:", statusText(task)], ["Type:", task.type.rawValue], ["Energy:", task.energy.rawValue],
    ]
    if let estimate = task.estimateMinutes { fields.append(["Estimate:", Minutes.format(estimate)]) }
    if let due = task.due { fields.append(["Due:", time.describe(due)]) }
    if let start = task.start { fields.append(["Starts:", time.describe(start)]) }
    if !task.tags.isEmpty { fields.append(["Tags:", task.tags.joined(separator: ", ")]) }
    if let note = task.waitingFor { fields.append(["Waiting for:", note]) }
    for blocker in task.blockedBy {
      let other = try? call(TaskGet.self, .init(id: blocker)).task
      let done = other?.status == .completed ? " (done)" : ""
      fields.append(["Waits on:", (other.map(Output.name) ?? "task \(blocker)") + done])
    }
    if task.deferCount > 0 {
      let times = task.deferCount == 1 ? "once" : "\(task.deferCount) times"
      fields.append(["Deferred:", times + (task.deferral.map { "; now " + deferralText($0) } ?? "")])
    }
    fields.append(["Added:", time.describe(task.createdAt)])
    if let completed = task.completedAt { fields.append(["Done:", time.describe(completed)]) }
    if task.rawInput != task.title { fields.append(["Captured as:", "\"\(task.rawInput)\""]) }
    output.say(output.bold("Task \(task.id): \(task.title)"))
    Output.columns(fields).forEach { output.say("  " + $0) }
    guard !task.subtasks.isEmpty else { return }
    output.say("  Steps (\(task.progress.done) of \(task.progress.total) done):")
    let steps = task.subtasks.enumerated().map { offset, step in
      ["\(task.id).\(offset + 1)", step.title, step.done ? "done" : ""]
    }
    Output.columns(steps, rightAligned: [0]).forEach { output.say("    " + $0) }
  }

  func done(_ arguments: [String]) throws {
    let address = try CommandArguments.onlyAddress(
      arguments, command: "done", example: "stride done 12, or stride done 12.2 for a step")
    guard let step = address.step else {
      let result = try call(TaskComplete.self, .init(id: address.id))
      return output.report("Done: \(Output.name(result.task)).", json: result)
    }
    let result = try call(SubtaskComplete.self, .init(id: address.id, index: step))
    let task = result.task
    guard !output.json else { return output.emit(result) }
    output.say("Done: step \(task.id).\(step), \"\(task.subtasks[step - 1].title)\".")
    if task.status == .completed {
      output.say("That was the last step, so \(Output.name(task)) is done too.")
    } else if let next = task.nextStep {
      output.say("Next step \(task.id).\(next.index): \(next.subtask.title) (\(progressText(task)) done).")
    }
  }

  func reopen(_ arguments: [String]) throws {
    let address = try CommandArguments.onlyAddress(
      arguments, command: "reopen", example: "stride reopen 12, or stride reopen 12.2 for a step")
    guard let step = address.step else {
      let result = try call(TaskReopen.self, .init(id: address.id))
      return output.report("Reopened \(Output.name(result.task)).", json: result)
    }
    let result = try call(SubtaskReopen.self, .init(id: address.id, index: step))
    output.report(
      "Reopened step \(address.id).\(step), \"\(result.task.subtasks[step - 1].title)\".", json: result)
  }

  func step(_ arguments: [String]) throws {
    let args = try CommandArguments(arguments, command: "step")
    let id = try args.taskID("step", example: "stride step 12 \"find the insurance card\"")
    let title = args.positionals.dropFirst().joined(separator: " ")
    guard !title.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw UsageError("step needs the step's title, like: stride step \(id) \"find the insurance card\"")
    }
    let result = try call(SubtaskAdd.self, .init(id: id, title: title))
    let task = result.task
    output.report(
      "Added step \(task.id).\(task.subtasks.count), \"\(task.subtasks.last?.title ?? title)\".", json: result)
  }

  func edit(_ arguments: [String]) throws {
    let args = try CommandArguments(
      arguments, command: "edit",
      valued: ["--title", "--energy", "--estimate", "--type", "--due", "--start", "--tags"])
    try args.noMorePositionals(than: 1, "edit")
    let id = try args.taskID("edit", example: "stride edit 12 --energy low")
    var patch = TaskPatch()
    patch.title = args.values["--title"]
    patch.energy = try args.values["--energy"].map { text throws(UsageError) in
      try CommandArguments.energy(text, "--energy")
    }
    if let text = args.values["--estimate"] {
      patch.estimateMinutes = .some(text == "none" ? nil : try CommandArguments.minutes(text, "--estimate"))
    }
    if let text = args.values["--type"] {
      guard let type = TaskType(rawValue: text) else {
        throw UsageError("--type '\(text)' is not a type; use one of \(TaskType.validWords)")
      }
      patch.type = type
    }
    if let text = args.values["--due"] {
      patch.due = .some(text == "none" ? nil : try args.time("--due", dateOnly: .endOfDay))
    }
    if let text = args.values["--start"] {
      patch.start = .some(text == "none" ? nil : try args.time("--start", dateOnly: .startOfDay))
    }
    if let text = args.values["--tags"] {
      patch.tags = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
    }
    guard !patch.isEmpty else {
      throw UsageError("edit needs something to change, like: stride edit \(id) --energy low (see: stride help edit)")
    }
    let result = try call(TaskUpdate.self, .init(id: id, patch: patch))
    output.report("Updated \(Output.name(result.task)).", json: result)
  }

  func deferTask(_ arguments: [String]) throws {
    let args = try CommandArguments(arguments, command: "defer", valued: ["--until", "--on"])
    try args.noMorePositionals(than: 2, "defer")
    let id = try args.taskID("defer", example: "stride defer 12 no-energy --until 2026-12-01T19:00")
    guard args.positionals.count == 2 else {
      throw UsageError("defer needs a reason after the id: one of \(DeferReason.wordList)")
    }
    guard let reason = DeferReason(rawValue: args.positionals[1]) else {
      throw UsageError("'\(args.positionals[1])' is not a defer reason; use one of \(DeferReason.wordList)")
    }
    let until = try args.time("--until", dateOnly: .startOfDay)
    if reason == .wrongTime && until == nil {
      throw UsageError("wrong-time needs --until: when is the right time? For example: --until tonight")
    }
    var on: TaskID?
    if let text = args.values["--on"] {
      guard reason == .blocked else {
        throw UsageError("--on goes with the reason blocked, like: stride defer 12 blocked --on 7")
      }
      guard let other = TaskAddress(text), other.step == nil else {
        throw UsageError("--on '\(text)' is not a task id; write a task number like 7")
      }
      on = other.id
    }
    let result = try call(TaskDefer.self, .init(id: id, reason: reason, until: until, on: on))
    let task = result.task
    let sentence: String =
      switch (reason, task.status) {
      case (.blocked, .waiting):
        "\(Output.subject(task)) is waiting"
          + (task.followUp.map { "; Stride asks you to check on it \(output.time.describe($0))" } ?? "")
      case (.blocked, _): "\(Output.subject(task)) now waits on task \(on.map(String.init(describing:)) ?? "")"
      case (.unsure, _):
        "Deferred \(Output.name(task)) as unsure: it is offered as \"break it into steps\" until it has steps"
      case (.noEnergy, _) where task.deferral?.until == nil:
        "Deferred \(Output.name(task)): it comes back when your energy is higher, or in a day"
      default: "Deferred \(Output.name(task)): " + (task.deferral.map(deferralText) ?? reason.rawValue)
      }
    output.report(sentence + ".", json: result)
  }

  func wait(_ arguments: [String]) throws {
    let args = try CommandArguments(arguments, command: "wait", valued: ["--follow-up"])
    let id = try args.taskID("wait", example: "stride wait 12 \"reply from Sam\"")
    let note = args.positionals.dropFirst().joined(separator: " ")
    let followUp = try args.time("--follow-up", dateOnly: ClockTime(hour: 9)!)
    let result = try call(TaskWait.self, .init(id: id, note: note.isEmpty ? nil : note, followUp: followUp))
    let what = result.task.waitingFor.map { " for \($0)" } ?? ""
    let check = result.task.followUp.map { "; Stride asks you to check on it \(output.time.describe($0))" } ?? ""
    output.report("\(Output.subject(result.task)) is waiting\(what)\(check).", json: result)
  }

  func resume(_ arguments: [String]) throws {
    let id = try CommandArguments.onlyTaskID(arguments, command: "resume")
    let result = try call(TaskResume.self, .init(id: id))
    output.report("\(Output.subject(result.task)) is active again.", json: result)
  }

  func block(_ arguments: [String], blocking: Bool) throws {
    let command = blocking ? "block" : "unblock"
    let args = try CommandArguments(arguments, command: command, valued: ["--on"])
    try args.noMorePositionals(than: 1, command)
    let id = try args.taskID(command, example: "stride \(command) 12 --on 7")
    guard let text = args.values["--on"] else {
      throw UsageError("\(command) needs the other task, like: stride \(command) \(id) --on 7")
    }
    guard let other = TaskAddress(text), other.step == nil else {
      throw UsageError("--on '\(text)' is not a task id; write a task number like 7")
    }
    if blocking {
      let result = try call(TaskBlock.self, .init(id: id, on: other.id))
      output.report("\(Output.subject(result.task)) now waits on task \(other.id).", json: result)
    } else {
      let result = try call(TaskUnblock.self, .init(id: id, on: other.id))
      output.report("\(Output.subject(result.task)) no longer waits on task \(other.id).", json: result)
    }
  }

  func delete(_ arguments: [String]) throws {
    let id = try CommandArguments.onlyTaskID(arguments, command: "delete")
    let result = try call(TaskDelete.self, .init(id: id))
    output.report("Deleted \(Output.name(result.task)). To bring it back: stride undo", json: result)
  }

  func undo(_ arguments: [String]) throws {
    let args = try CommandArguments(arguments, command: "undo")
    try args.noMorePositionals(than: 0, "undo")
    let result = try call(HistoryUndo.self, NoParams())
    output.report("Undid: \(result.undone.summary).", json: result)
  }

  /// `stride when TEXT`: how Stride reads a time, like `date -d`, but for people. Needs no daemon.
  func when(_ arguments: [String]) throws {
    let args = try CommandArguments(arguments, command: "when", valued: ["--ref"])
    let text = args.positionals.joined(separator: " ")
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw UsageError("when needs a time to read, like: stride when \"next fri 9am\"")
    }
    let reference = try args.values["--ref"].map { text throws(UsageError) in
      try CommandArguments.time(text, "--ref", dateOnly: .startOfDay)
    }
    let result: TimeParse.Result
    do {
      result = try TimeParse.Result.reading(text, at: reference ?? Date(), timeZone: .current)
    } catch {
      throw UsageError(error.message)
    }
    guard !output.json else { return output.emit(result) }
    let time = HumanTime(now: reference ?? Date())
    let start = result.start.date
    if result.allDay {
      output.say("\"\(text)\" is the whole of \(time.fullDay(start)).")
    } else if let end = result.end?.date {
      output.say(
        "\"\(text)\" is from \(time.fullDay(start)) at \(time.clock(start)) to \(time.fullDay(end)) at \(time.clock(end))."
      )
    } else {
      output.say("\"\(text)\" is \(time.fullDay(start)) at \(time.clock(start)).")
    }
    output.say("  \(time.rfc3339(start))" + (result.end.map { " to \(time.rfc3339($0.date))" } ?? ""))
  }

  func energy(_ arguments: [String]) throws {
    let args = try CommandArguments(arguments, command: "energy")
    try args.noMorePositionals(than: 1, "energy")
    guard let word = args.positionals.first else {
      let context = try call(ContextGet.self, NoParams())
      guard let energy = context.energy, let at = context.updatedAt else {
        return output.report(
          "Your energy is not set. Set it with: stride energy low (or medium, or high)", json: context)
      }
      let lapse = context.lapsesAt.map { "; it counts until \(output.time.describe($0.date))" } ?? ""
      return output.report(
        "Your energy is \(energy.rawValue) (set \(output.time.describe(at.date))\(lapse)).", json: context)
    }
    let energy: EnergyLevel? =
      ["clear", "unknown", "none"].contains(word) ? nil : try CommandArguments.energy(word, "energy")
    let context = try call(ContextSet.self, .init(energy: energy))
    output.report(
      energy.map { energy in
        "Your energy is now \(energy.rawValue)"
          + (context.lapsesAt.map { "; it counts until \(output.time.describe($0.date))" } ?? "") + "."
      } ?? "Your energy is cleared; now ranks without it.",
      json: context)
  }

  /// How a capture was understood, a field a row, each with the words it came from.
  private func draftRows(_ draft: TaskDraft) -> [[String]] {
    func source(_ field: String) -> String {
      let words = draft.spans.filter { $0.field == field }.map { "\"\($0.text)\"" }
      return words.isEmpty ? "" : "from " + words.joined(separator: ", ")
    }
    var rows: [[String]] = [["Title:", draft.title, ""]]
    for (index, step) in draft.steps.enumerated() {
      rows.append([index == 0 ? "Steps:" : "", "\(index + 1). \(step)", ""])
    }
    if let estimate = draft.estimateMinutes {
      rows.append(["Estimate:", Minutes.format(estimate), source("estimate")])
    }
    rows.append(["Energy:", draft.energy.rawValue, source("energy")])
    rows.append(["Type:", draft.type.rawValue, source("type")])
    if let due = draft.due { rows.append(["Due:", output.time.describe(due), source("due")]) }
    if let start = draft.start { rows.append(["Starts:", output.time.describe(start), source("start")]) }
    if !draft.tags.isEmpty { rows.append(["Tags:", draft.tags.joined(separator: ", "), source("tags")]) }
    return rows
  }

  private func progressText(_ task: StrideTask) -> String {
    "\(task.progress.done)/\(task.progress.total)"
  }

  private func statusText(_ task: StrideTask) -> String {
    switch task.status {
    case .completed: "done"
    case .deferred: "deferred"
    case .waiting: "waiting"
    case .active: "active"
    }
  }

  private func deferralText(_ deferral: Deferral) -> String {
    let until = deferral.until.map { "until \(output.time.describe($0))" } ?? "until you resume it"
    return "\(deferral.reason.rawValue), \(until)"
  }
}
