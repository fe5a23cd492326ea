import StrideBase
import StrideClientKit
import StrideConnection
import StridePlatform
import StrideWire

/// The everyday commands: each reads its arguments, makes one or two calls, and says what happened.
extension Session {
  func add(_ args: CommandArguments<AddOptions>) throws {
    var text = args.positionals.joined(separator: " ")
    if args.positionals == ["-"] {
      text = String(decoding: (try? System.readToEnd(System.standardInput)) ?? [], as: UTF8.self)
    }
    guard !text.trimmingWhitespace.isEmpty else {
      throw UsageError("add needs the thought to capture, like: stride add \"call the dentist\"")
    }
    let result = try call(
      Wire.TaskCapture.self,
      .init(text: text, dryRun: args.options.dryRun ? true : nil))
    guard !output.json else { return output.emit(result) }
    if let task = result.task {
      output.say("Added \(Output.name(task)).")
      if let draft = result.draft {
        let notes = captureNotes(draft, id: task.id)
        (notes.summary.map { [$0] } ?? []).forEach { output.say($0) }
        notes.questions.forEach { output.say($0) }
      }
    } else if let draft = result.draft {
      output.say("Would add this task (nothing was saved):")
      Output.columns(draftRows(draft)).forEach { output.say("  " + $0) }
      // The rows already name what was not read.
      captureNotes(draft, id: nil).questions.filter {
        !$0.hasPrefix("Stride did not understand") && !$0.hasPrefix("Stride's routines cannot")
      }.forEach {
        output.say($0)
      }
    }
    if let other = result.duplicateOf, other != result.task?.id {
      let keep = result.task.map { " If one is enough: stride delete \($0.id)" } ?? ""
      output.say("You already have task \(other) with this title.\(keep)")
    }
    if let name = result.missingList { output.say(missingListSentence(name, task: result.task)) }
  }

  /// What to do about a list the line named that does not exist: the task was kept in the default list.
  func missingListSentence(_ name: String, task: Wire.Task?) -> String {
    guard let task else {
      return "There is no list called \(name) yet, so the task would go to your default list; make the list first "
        + "with stride lists add \(name)."
    }
    return "There is no list called \(name) yet, so task \(task.id) went to \(task.list ?? "your default list"); to "
      + "keep it in \(name), make the list with stride lists add \(name), then move it with stride move \(task.id) "
      + "\(name)."
  }

  /// What a capture was read as, in one sentence when anything beyond a title was read (the daemon's `readAs`);
  /// then a calm question about a due time that has passed, and the `!words` that were not understood.
  func captureNotes(_ draft: Wire.Draft, id: TaskID?) -> (summary: String?, questions: [String]) {
    var lines: [String] = []
    if let passed = draft.said?.passed {
      lines.append(passed + " (\(id.map { "stride edit \($0) --due DATE" } ?? "a later date"))")
    }
    let unread = draft.notUnderstood
    if !unread.isEmpty {
      // How the kinds of word it did not read are written.
      let forms =
        (unread.contains { $0.hasPrefix("!") } ? ["energy is !low, !medium or !high, !urgent marks an obligation"] : [])
        + (unread.contains { $0.hasPrefix("~") } ? ["an estimate is written like ~20m, ~1h or ~1h30m"] : [])
      lines.append(
        "Stride did not understand \(listed(unread)) and kept \(unread.count == 1 ? "it" : "them") in the title; "
          + forms.joined(separator: "; ") + ".")
    }
    // Words written as a time that cannot be one, each with the daemon's reason.
    for span in draft.spans where span.field == .unread {
      if let reason = span.reason { lines.append("Stride kept \"\(span.text)\" in the title: \(reason).") }
    }
    return (draft.said?.readAs, lines)
  }

  func show(_ args: CommandArguments<NoOptions>) throws {
    let id = try args.onlyTaskID("show")
    let result = try call(Wire.TaskGet.self, .init(id: id))
    guard !output.json else { return output.emit(result) }
    let task = result.task
    let said = task.said
    var fields: [[String]] = [
      ["Status:", statusText(task.status)], ["Type:", task.type.rawValue], ["Energy:", task.energy.rawValue],
    ]
    if let list = task.list { fields.append(["List:", list]) }
    if let estimate = task.estimateMinutes { fields.append(["Estimate:", Minutes.format(estimate)]) }
    if task.spentSeconds > 0 {
      let minutes = (task.spentSeconds + Seconds.perMinute / 2) / Seconds.perMinute
      fields.append(["Time spent:", minutes == 0 ? "under a minute" : Minutes.format(minutes)])
    }
    if let focus = said?.focus { fields.append(["Focus:", focus]) }
    if let due = said?.due { fields.append(["Due:", due]) }
    if let start = said?.start { fields.append(["Starts:", start]) }
    if !task.tags.isEmpty { fields.append(["Tags:", task.tags.joined(separator: ", ")]) }
    if let note = task.waitingFor { fields.append(["Waiting for:", note]) }
    if let followUp = said?.followUp { fields.append(["Check on it:", followUp]) }
    fields += repeatRows(task, elsewhere: result.repeatsElsewhere)
    if task.pinned { fields.append(["Pinned:", "yes; it stays in now until done or unpinned"]) }
    for blocker in task.blockedBy {
      let other = try? call(Wire.TaskGet.self, .init(id: blocker)).task
      let done = other?.status == .completed ? " (done)" : ""
      fields.append(["Waits on:", (other.map(Output.name) ?? "task \(blocker)") + done])
    }
    fields += historyRows(task, conflicts: result.syncConflicts ?? [])
    output.say(output.bold("Task \(task.id): \(task.title)"))
    Output.columns(fields).forEach { output.say("  " + $0) }
    if !task.subtasks.isEmpty {
      output.say("  Steps (\(task.progress.done) of \(task.progress.total) done):")
      let steps = task.subtasks.enumerated().map { offset, step in
        ["\(task.id).\(offset + 1)", step.title, step.done ? "done" : ""]
      }
      Output.columns(steps, rightAligned: [0]).forEach { output.say("    " + $0) }
    }
    noteLines(task).forEach { output.say($0) }
  }

  /// `show`'s rows about how a task repeats: its rule and how often it was missed, or a rule kept on another device.
  private func repeatRows(_ task: Wire.Task, elsewhere: String?) -> [[String]] {
    if let rule = task.repeat {
      // Missed ones never pile up: one task that moved on, and a count (with any the daemon has not yet moved).
      guard let missed = task.said?.missed else { return [["Repeats:", rule.words]] }
      return [["Repeats:", rule.words], ["Missed:", "\(missed) since it was last done"]]
    }
    guard let elsewhere else { return [] }
    return [
      [
        "Repeats:",
        "on another device, by a rule Stride cannot follow here (\(elsewhere)); done here, it is done there too",
      ]
    ]
  }

  /// `show`'s rows about a task's past: deferrals, when it was added and done, what sync merged, how it was captured.
  private func historyRows(_ task: Wire.Task, conflicts: [SyncConflictNote]) -> [[String]] {
    var fields: [[String]] = []
    if task.deferCount > 0 {
      let times = task.deferCount == 1 ? "once" : "\(task.deferCount) times"
      fields.append(["Deferred:", times + (task.deferral.map { "; now " + deferralText($0, task) } ?? "")])
    }
    if let said = task.said {
      fields.append(["Added:", said.created])
      if let done = said.done { fields.append(["Done:", done]) }
    }
    for conflict in conflicts {
      let kept = conflict.keptFrom == .server ? "the other device's" : "this device's"
      fields.append([
        "Sync:",
        "\(Output.said(conflict.said?.at, conflict.at)), the \(conflict.field) changed here and on another device; "
          + "kept \(kept) "
          + "later \"\(conflict.kept)\"; \"\(conflict.lost)\" is in the history",
      ])
    }
    if task.rawInput != task.title {
      // A capture of several lines is shown a line a row, so the columns stay aligned.
      let lines = task.rawInput.trimmingWhitespace.split(
        separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() {
        let text = lines.count == 1 ? "\"\(line)\"" : String(line).trimmingTrailingSpaces()
        fields.append([index == 0 ? "Captured as:" : "", text])
      }
    }
    return fields
  }

  /// `stride done 12`, `stride done 12.2`, or several at once (`stride done 3 4 5.1`): each is said in its own
  /// sentence; one that fails is said on stderr and the others still happen (the exit status then says so).
  func done(_ args: CommandArguments<NoOptions>) throws {
    let example = "stride done 12, or stride done 12.2 for a step"
    // Alone during a focus session: what it is on.
    guard !args.positionals.isEmpty else { return try doneFocus(example: example) }
    // Every address is read before anything is done: a typo stops the whole command, not half of it.
    let read = try args.positionals.map { text throws(UsageError) in
      guard let address = TaskAddress(text) else {
        throw UsageError("'\(text)' is not a task id; write a task number like 12, or 12.2 for its second step")
      }
      return address
    }
    // One address named twice is done once ("done 15 15" would otherwise say 15 is already done, or finish a
    // routine's next time as well), and a step of a task the command finishes needs no ticking ("done 3 3.3").
    let addresses = read.enumerated().filter { offset, address in
      !read[..<offset].contains(address)
        && (address.step == nil || !read.contains(TaskAddress(id: address.id, step: nil)))
    }.map(\.element)
    guard addresses.count > 1 else { return try done(addresses[0]) }
    var failure: ExitStatus?
    for address in addresses {
      do {
        try done(address)
      } catch {
        failure = report(error, json: output.json)
      }
    }
    if let failure { throw failure }
  }

  private func done(_ address: TaskAddress) throws {
    guard let step = address.step else {
      let result = try call(Wire.TaskComplete.self, .init(id: address.id))
      output.report(
        "Done: \(Output.name(result.task))\(counted(result.result)).\(comesBack(result.task))", json: result)
      return Self.endedNow(in: result.task).map { output.say($0) } ?? ()
    }
    let result = try call(Wire.SubtaskComplete.self, .init(id: address.id, index: step))
    let task = result.task
    guard !output.json else { return output.emit(result) }
    // A focus session on the task ended with the step it was on, or goes on with the next one.
    defer { if let focus = Self.endedNow(in: task) ?? Self.goesOn(task) { output.say(focus) } }
    output.say("Done: step \(task.id).\(step), \"\(task.subtasks[step - 1].title)\".")
    if task.status == .completed {
      output.say("That was the last step, so \(Output.name(task)), is done too.")
    } else if task.repeat != nil, task.progress.done == 0 {
      output.say("That was the last step, so \(Output.name(task))\(counted(result.result)), is done.\(comesBack(task))")
    } else if let next = task.nextStep {
      output.say("Next step \(task.id).\(next.index): \(next.title) (\(progressText(task.progress)) done).")
    }
  }

  /// ", the one due Thursday at 09:00": which occurrence of a routine was counted, done early, on time or late.
  private func counted(_ result: Wire.TaskResult) -> String {
    result.counted.map { ", the one due \(Output.said($0.said?.at, $0.due))" } ?? ""
  }

  /// " Back on Monday 30 November." for a routine that came back after it was done.
  private func comesBack(_ task: Wire.Task) -> String {
    guard let back = task.said?.backOn, let rule = task.repeat else { return "" }
    return " Back on \(back) (\(rule.words))."
  }

  func skip(_ args: CommandArguments<NoOptions>) throws {
    let id = try args.onlyTaskID("skip")
    let result = try call(Wire.TaskSkip.self, .init(id: id))
    let next = result.task.said?.due.map { " Next time: \($0)." } ?? ""
    output.report("Skipped this round of \(Output.name(result.task)).\(next)", json: result)
  }

  func pin(_ args: CommandArguments<NoOptions>, pinned: Bool) throws {
    let id = try args.onlyTaskID(pinned ? "pin" : "unpin")
    let result = try call(Wire.TaskPin.self, .init(id: id, pinned: pinned))
    output.report(
      pinned
        ? "Pinned \(Output.name(result.task)): it stays in now, first, until it is done or unpinned."
        : "Unpinned \(Output.name(result.task)): it takes its place by score again.",
      json: result)
  }

  func duplicate(_ args: CommandArguments<NoOptions>) throws {
    let id = try args.onlyTaskID("duplicate")
    let result = try call(Wire.TaskDuplicate.self, .init(id: id))
    let steps = result.task.subtasks.isEmpty ? "" : " with its \(plural(result.task.subtasks.count, "step")), none done"
    output.report(
      "Added \(Output.name(result.task)) as a copy of task \(id)\(steps). To take it back: stride undo", json: result)
  }

  func reopen(_ args: CommandArguments<NoOptions>) throws {
    let address = try args.onlyAddress("reopen", example: "stride reopen 12, or stride reopen 12.2 for a step")
    guard let step = address.step else {
      let result = try call(Wire.TaskReopen.self, .init(id: address.id))
      return output.report("Reopened \(Output.name(result.task)).", json: result)
    }
    let result = try call(Wire.SubtaskReopen.self, .init(id: address.id, index: step))
    output.report(
      "Reopened step \(address.id).\(step), \"\(result.task.subtasks[step - 1].title)\".", json: result)
  }

  func step(_ args: CommandArguments<NoOptions>) throws {
    let id = try args.taskID("step", example: "stride step 12 \"find the insurance card\"")
    let title = args.positionals.dropFirst().joined(separator: " ")
    guard !title.trimmingWhitespace.isEmpty else {
      throw UsageError("step needs the step's title, like: stride step \(id) \"find the insurance card\"")
    }
    let result = try call(Wire.SubtaskAdd.self, .init(id: id, title: title))
    let task = result.task
    output.report(
      "Added step \(task.id).\(task.subtasks.count), \"\(task.subtasks.last?.title ?? title)\".", json: result)
  }

  func edit(_ args: CommandArguments<EditOptions>) throws {
    try args.noMorePositionals(than: 1, "edit")
    let id = try args.taskID("edit", example: "stride edit 12 --energy low")
    let options = args.options
    var patch = Wire.TaskUpdate.Params(id: id)
    patch.title = options.title
    patch.energy = options.energy
    patch.estimateMinutes = options.estimate.map(\.value)
    patch.type = options.type
    // Each time is read by the daemon ("none" clears it: `.some(nil)`).
    if let due = options.due { patch.due = .some(try time(due.value)) }
    if let start = options.start { patch.start = .some(try time(start.value)) }
    patch.tags = options.tags
    // The daemon reads the repeat ("every mon wed fri 7am": its time of day becomes the due time, unless --due
    // names one).
    patch.repeatWords = options.repeat.map(\.value)
    let removing = options.removeNote
    let changes = !patch.isEmpty
    guard changes || removing != nil else {
      throw UsageError("edit needs something to change, like: stride edit \(id) --energy low (see: stride help edit)")
    }
    // The update first: words the daemon cannot read stop the command before the note is gone.
    var result: Answer<Wire.TaskResult>?
    if changes {
      do {
        result = try call(Wire.TaskUpdate.self, patch)
      } catch {
        guard case .failed(let failure) = error, failure.param == "repeat" else { throw error }
        throw UsageError("--repeat " + failure.message)
      }
    }
    if let removing {
      try removeNote(removing, of: id, quietly: changes)
      guard changes else { return }
      result = try call(Wire.TaskGet.self, .init(id: id))
    }
    guard let result else { return }
    let set = changes ? editedFields(patch, result.task) : []
    output.report(
      "Updated \(Output.name(result.task))" + (set.isEmpty ? "." : ": " + set.joined(separator: ", ") + "."),
      json: result)
  }

  /// What an edit set, as the task now has it: "energy low", "due Friday at 17:00", "no estimate".
  private func editedFields(_ patch: Wire.TaskUpdate.Params, _ task: Wire.Task) -> [String] {
    // The new title is in the sentence's name of the task.
    var set: [String] = patch.title != nil ? ["renamed"] : []
    if patch.energy != nil { set.append("energy \(task.energy.rawValue)") }
    if patch.type != nil { set.append("type \(task.type.rawValue)") }
    if patch.estimateMinutes != nil {
      set.append(task.estimateMinutes.map { "estimate \(Minutes.format($0))" } ?? "no estimate")
    }
    if patch.due != nil { set.append(task.said?.due.map { "due \($0)" } ?? "no due time") }
    if patch.start != nil { set.append(task.said?.start.map { "starts \($0)" } ?? "no start time") }
    if patch.tags != nil { set.append(task.tags.isEmpty ? "no tags" : "tagged \(listed(task.tags))") }
    if patch.repeatWords != nil {
      set.append(task.repeat.map { "repeats \($0.words)" } ?? "no repeat")
      // A repeat's time of day becomes the due time.
      if patch.due == nil, task.repeat != nil, let due = task.said?.due { set.append("next due \(due)") }
    }
    return set
  }

  /// How a capture was understood, a field a row, each with the words it came from.
  private func draftRows(_ draft: Wire.Draft) -> [[String]] {
    func source(_ field: CaptureSpan.Field) -> String {
      let words = field == .due ? draft.dueSources : draft.sources(of: field)
      return words.isEmpty ? "" : "from " + words.joined(separator: ", ")
    }
    var rows: [[String]] = [["Title:", draft.title, ""]]
    for (index, step) in draft.steps.enumerated() {
      rows.append([index == 0 ? "Steps:" : "", "\(index + 1). \(step)", ""])
    }
    if let estimate = draft.estimateMinutes {
      rows.append(["Estimate:", Minutes.format(estimate), source(.estimate)])
    }
    rows.append(["Energy:", draft.energy.rawValue, source(.energy)])
    rows.append(["Type:", draft.type.rawValue, source(.type)])
    if let due = draft.said?.due { rows.append(["Due:", due, source(.due)]) }
    if let start = draft.said?.start { rows.append(["Starts:", start, source(.start)]) }
    if let rule = draft.repeat { rows.append(["Repeats:", rule.words, source(.repeat)]) }
    if !draft.tags.isEmpty { rows.append(["Tags:", draft.tags.joined(separator: ", "), source(.tags)]) }
    if let list = draft.list { rows.append(["List:", list, source(.list)]) }
    let unread = draft.notUnderstood
    if !unread.isEmpty { rows.append(["Not read:", unread.joined(separator: ", "), "kept in the title"]) }
    return rows
  }
  func progressText(_ progress: StepProgress) -> String {
    "\(progress.done)/\(progress.total)"
  }

  func statusText(_ status: TaskStatus) -> String {
    switch status {
    case .completed: "done"
    case .deferred: "deferred"
    case .waiting: "waiting"
    case .active: "active"
    }
  }

  private func deferralText(_ deferral: Wire.Deferral, _ task: Wire.Task) -> String {
    "\(deferral.reason.rawValue): \(task.said?.deferral ?? deferral.reason.rule)"
  }
}

extension Wire.Draft {
  /// The words kept in the title that Stride did not understand (`!lowish`, `~soon`); not those written as a time
  /// that cannot be one, which the daemon gives a reason for.
  var notUnderstood: [String] {
    spans.filter { $0.field == .unread && $0.reason == nil }.map(\.text)
  }
}
