import Foundation
import StrideCore
import StrideModel
import StrideProtocol

/// `stride list` with its filters and orders, and `stride find`: tables of tasks, the daemon choosing which.
extension Session {
  func list(_ args: CommandArguments) throws {
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
    let params = try listParams(args, status: status)
    let result = try call(TaskList.self, params)
    guard !output.json else { return output.emit(result) }
    guard !result.tasks.isEmpty else { return output.say(emptyList(params, args)) }
    let query = params.search.flatMap(SearchQuery.init)
    taskTable(result.tasks, query: query).forEach { output.say($0) }
  }

  /// `list`'s options as `task.list` params: every filter is the daemon's.
  private func listParams(_ args: CommandArguments, status: ListStatus?) throws -> TaskList.Params {
    let sort = try args.values["--sort"].map { text throws(UsageError) in
      guard let sort = ListSort(text) else {
        throw UsageError("--sort '\(text)' is not an order; use one of \(ListSort.validWords), like --sort -due")
      }
      return sort
    }
    let reason = try args.values["--deferred-by"].map { text throws(UsageError) in
      guard let reason = DeferReason(rawValue: text) else {
        throw UsageError("--deferred-by '\(text)' is not a defer reason; use one of \(DeferReason.validWords)")
      }
      return reason
    }
    let search = args.values["--search"]
    if let search, SearchQuery(search) == nil {
      throw UsageError("--search '\(search)' has no word to look for; give one or more words, like --search lease")
    }
    return TaskList.Params(
      status: status, tag: args.values["--tag"], pinned: args.flags.contains("--pinned") ? true : nil, sort: sort,
      energy: try args.values["--energy"].map { text throws(UsageError) in
        try CommandArguments.energy(text, "--energy")
      },
      dueBefore: try time("--due-before", in: args, dayAlone: .startOfDay),
      overdue: args.flags.contains("--overdue") ? true : nil, deferredBy: reason,
      doneSince: try since("--done-since", in: args), search: search, list: args.values["--list"])
  }

  /// What an empty list says: which tasks there are none of, its times in the words they were given in.
  private func emptyList(_ params: TaskList.Params, _ args: CommandArguments) -> String {
    let doneSince = args.values["--done-since"].map { "finished since \($0)" }
    let which = [
      params.pinned == true ? "pinned" : nil, params.overdue == true ? "overdue" : nil,
      params.status.map { $0 == .all || $0 == .open ? nil : $0.rawValue }
        ?? (doneSince == nil && params.overdue != true ? "open" : nil),
    ].compactMap { $0 }
    var filters = [
      params.tag.map { "tagged \($0)" }, params.energy.map { "that need \($0.rawValue) energy" },
      args.values["--due-before"].map { "due before \($0)" },
      params.deferredBy.map { "put off for \($0.rawValue)" }, doneSince,
      params.search.map { "matching \"\($0)\"" }, params.list.map { "in the list \($0)" },
    ].compactMap { $0 }
    if filters.count > 1 { filters[filters.count - 1] = "and " + filters[filters.count - 1] }
    let sentence = (["No"] + which + ["tasks"] + filters).joined(separator: " ") + "."
    if params.pinned == true, filters.isEmpty { return "No pinned tasks. Keep one in now with: stride pin ID" }
    return filters.isEmpty ? sentence : sentence + " See every task with: stride list --all"
  }

  /// `stride find WORDS`: the best matches, with where each matched when it was not the title.
  func find(_ args: CommandArguments) throws {
    // Words, however the shell grouped them ("stride find "boiler click"" is two words, as stride add's quotes
    // are habit); a phrase is in double quotes of its own: stride find '"call the bank"'.
    let text = args.positionals.joined(separator: " ")
    guard let query = SearchQuery(text) else {
      throw UsageError("find needs words to look for, like: stride find lease, or stride find \"call the bank\"")
    }
    let result = try call(TaskFind.self, .init(query: text, limit: try args.limit(of: "tasks")))
    guard !output.json else { return output.emit(result) }
    guard !result.tasks.isEmpty else {
      return output.say(
        "Nothing matches \(text.contains("\"") ? text : "\"\(text)\""). Stride looks in titles, the thoughts as typed, notes and steps, open "
          + "and finished; try fewer or shorter words.")
    }
    let count = result.total == 1 ? "1 task matches" : "\(result.total) tasks match"
    output.say(count + (result.total > 1 ? ", best first:" : ":"))
    taskTable(result.tasks, query: query, whereFound: true).forEach { output.say($0) }
    if result.total > result.tasks.count {
      output.say("These are the best \(result.tasks.count); see them all with: stride find \(text) --all")
    }
  }

  /// The table `list` and `find` print, the title cut to what the terminal leaves; a query's words highlighted.
  /// With `whereFound`, a task found outside its title has a line under it saying where.
  private func taskTable(_ tasks: [StrideTask], query: SearchQuery?, whereFound: Bool = false) -> [String] {
    // A LIST column when the tasks come from several lists.
    let lists = Set(tasks.map(\.list)).count > 1
    let header = ["ID", "TITLE", "STATUS", "STEPS", "ENERGY", "ESTIMATE", "DUE"] + (lists ? ["LIST"] : [])
    var rows = tasks.map { task in
      [
        String(describing: task.id), task.title, statusText(task), task.subtasks.isEmpty ? "" : progressText(task),
        task.energy.rawValue, task.estimateMinutes.map(Minutes.format) ?? "", task.said?.due ?? "",
      ] + (lists ? [task.list ?? ""] : [])
    }
    // The title takes what the other columns leave of the terminal's width (at least 12), or 48 in a pipe.
    let others = (0..<header.count).filter { $0 != 1 }.map { column in
      ([header] + rows).map { TerminalColumns.width($0[column]) }.max() ?? 0
    }
    let titleWidth = output.width.map { max(12, $0 - others.reduce(0, +) - 2 * others.count) } ?? 48
    let idWidth = others[0]
    for index in rows.indices {
      let title = TerminalColumns.clip(rows[index][1], titleWidth)
      rows[index][1] = query.map { highlighted(title, $0) } ?? title
    }
    let lines = Output.columns([header] + rows, rightAligned: [0])
    var printed = [output.bold(lines[0])]
    for (task, line) in zip(tasks, lines.dropFirst()) {
      printed.append(line)
      if whereFound, let query, let found = foundOutsideTitle(task, query) {
        let room = (output.width ?? 80) - idWidth - 2
        printed.append(String(repeating: " ", count: idWidth + 2) + TerminalColumns.clip(found, max(20, room)))
      }
    }
    return printed
  }

  /// `text` with the words `query` finds marked (on a terminal).
  private func highlighted(_ text: String, _ query: SearchQuery) -> String {
    guard output.color else { return text }
    var marked = ""
    var from = text.startIndex
    for range in query.highlights(in: text) {
      marked += text[from..<range.lowerBound] + output.highlight(String(text[range]))
      from = range.upperBound
    }
    return marked + text[from...]
  }

  /// Where a task matched when its title does not hold every word: the first note, step or typed thought that holds
  /// one, a few words either side of it.
  private func foundOutsideTitle(_ task: StrideTask, _ query: SearchQuery) -> String? {
    guard !query.matchesAll(in: task.title) else { return nil }
    let places =
      task.notes.map { ("in a note", $0.text) } + task.subtasks.map { ("in a step", $0.title) }
      + [("as typed", task.rawInput)]
    for (place, text) in places {
      let line = text.split(whereSeparator: \.isNewline).map(String.init).first { !query.highlights(in: $0).isEmpty }
      guard let line, let first = query.highlights(in: line).first else { continue }
      // From a few words before the first match, so it reads in context.
      let words = SearchQuery.words(in: line)
      let matched = words.firstIndex { $0.range.lowerBound == first.lowerBound } ?? 0
      let start = words[max(0, matched - 4)].range.lowerBound
      let excerpt = String(line[start...])
      let lead = start > line.startIndex ? "…" : ""
      return "\(place): \(lead)\(highlighted(excerpt, query))"
    }
    return nil
  }
}
