import StrideBase
import StrideClientKit
import StrideConnection
import StrideNowView
import StridePlatform
import StrideWire

/// `stride list` with its filters and orders, and `stride find`: tables of tasks, the daemon choosing which.
extension Session {
  func list(_ args: CommandArguments<ListOptions>) throws {
    try args.noMorePositionals(than: 0, "list")
    let params = try listParams(args.options)
    // For a person or a script, the tasks come in parts and are printed as they come; `stride mcp` keeps the whole.
    guard output.sink != nil else { return try listInParts(params, emptyList(params, args.options)) }
    let result = try call(Wire.TaskList.self, params)
    guard !output.json else { return output.emit(result) }
    guard !result.tasks.isEmpty else { return output.say(emptyList(params, args.options)) }
    taskTable(result.tasks.map(Wire.TaskRow.init), found: result.found, statuses: result.statuses).forEach {
      output.say($0)
    }
  }

  /// `list`'s options as `task.list` params: every filter is the daemon's.
  private func listParams(_ options: ListOptions) throws -> Wire.TaskList.Params {
    Wire.TaskList.Params(
      status: options.all ? .all : options.status, tag: options.tag, pinned: options.pinned ? true : nil,
      sort: options.sort, energy: options.energy, dueBefore: try time(options.dueBefore),
      overdue: options.overdue ? true : nil, deferredBy: options.deferredBy, doneSince: try time(options.doneSince),
      search: options.search, list: options.list)
  }

  /// What an empty list says: which tasks there are none of, its times in the words they were given in.
  private func emptyList(_ params: Wire.TaskList.Params, _ options: ListOptions) -> String {
    let doneSince = options.doneSince.map { "finished since \($0.text)" }
    let which = [
      params.pinned == true ? "pinned" : nil, params.overdue == true ? "overdue" : nil,
      params.status.map { $0 == .all || $0 == .open ? nil : $0.rawValue }
        ?? (doneSince == nil && params.overdue != true ? "open" : nil),
    ].compactMap { $0 }
    var filters = [
      params.tag.map { "tagged \($0)" }, params.energy.map { "that need \($0.rawValue) energy" },
      options.dueBefore.map { "due before \($0.text)" },
      params.deferredBy.map { "put off for \($0.rawValue)" }, doneSince,
      params.search.map { "matching \"\($0)\"" }, params.list.map { "in the list \($0)" },
    ].compactMap { $0 }
    if filters.count > 1 { filters[filters.count - 1] = "and " + filters[filters.count - 1] }
    let sentence = (["No"] + which + ["tasks"] + filters).joined(separator: " ") + "."
    if params.pinned == true, filters.isEmpty { return "No pinned tasks. Keep one in now with: stride pin ID" }
    return filters.isEmpty ? sentence : sentence + " See every task with: stride list --all"
  }

  /// `stride find WORDS`: the best matches, with where each matched when it was not the title.
  func find(_ args: CommandArguments<FindOptions>) throws {
    // Words, however the shell grouped them ("stride find "boiler click"" is two words, as stride add's quotes
    // are habit); a phrase is in double quotes of its own: stride find '"call the bank"'.
    let text = args.positionals.joined(separator: " ")
    guard text.hasWordToSearchFor else {
      throw UsageError("find needs words to look for, like: stride find lease, or stride find \"call the bank\"")
    }
    let result = try call(
      Wire.TaskFind.self, .init(query: text, limit: args.options.all ? Int.max : args.options.limit))
    guard !output.json else { return output.emit(result) }
    guard !result.tasks.isEmpty else {
      return output.say(
        "Nothing matches \(text.contains("\"") ? text : "\"\(text)\""). Stride looks in titles, the thoughts as typed, notes and steps, open "
          + "and finished; try fewer or shorter words.")
    }
    let count = result.total == 1 ? "1 task matches" : "\(result.total) tasks match"
    output.say(count + (result.total > 1 ? ", best first:" : ":"))
    taskTable(result.tasks.map(Wire.TaskRow.init), found: result.found, whereFound: true).forEach { output.say($0) }
    if result.total > result.tasks.count {
      output.say("These are the best \(result.tasks.count); see them all with: stride find \(text) --all")
    }
  }

  /// The table `list` and `find` print, the title cut to what the terminal leaves; with `found` (a search), the
  /// words the daemon found highlighted, and with `whereFound`, a line under a task found outside its title saying
  /// where.
  func taskTable(
    _ tasks: [Wire.TaskRow], found: [SearchFound]?, statuses: [String]? = nil, whereFound: Bool = false
  ) -> [String] {
    let found = found?.count == tasks.count ? found : nil
    // A LIST column when the tasks come from several lists.
    let lists = Set(tasks.map(\.list)).count > 1
    var header = Self.tableHeader(lists: lists)
    var rows = tableRows(tasks, statuses: statuses, lists: lists)
    let (shown, room, _) = fitTable(header, &rows)
    header = shown.map { header[$0] }
    rows = rows.map { row in shown.map { row[$0] } }
    let titleWidth = room.map { max(12, $0) } ?? 48
    let idWidth = ([header] + rows).map { TerminalColumns.width($0[0]) }.max() ?? 0
    for index in rows.indices {
      rows[index][1] = marked(found?[index].title ?? [rows[index][1]], width: titleWidth)
    }
    let lines = Output.columns([header] + rows, rightAligned: [0])
    var printed = [output.bold(lines[0])]
    for (index, line) in lines.dropFirst().enumerated() {
      printed.append(line)
      if whereFound, let place = found?[index].place, let excerpt = found?[index].excerpt {
        let room = (output.width ?? 80) - idWidth - 2 - place.count - 2
        printed.append(
          String(repeating: " ", count: idWidth + 2) + "\(place): " + marked(excerpt, width: max(20, room)))
      }
    }
    return printed
  }

  /// The table's header, with a LIST column when the tasks come from several lists.
  static func tableHeader(lists: Bool) -> [String] {
    ["ID", "TITLE", "STATUS", "STEPS", "ENERGY", "ESTIMATE", "DUE"] + (lists ? ["LIST"] : [])
  }

  /// The table's cells for `tasks`, as `tableHeader` names them.
  func tableRows(_ tasks: [Wire.TaskRow], statuses: [String]?, lists: Bool) -> [[String]] {
    // The daemon's words ("blocked by 4", "starts Mon"), or the plain status from an older one.
    let statuses = statuses?.count == tasks.count ? statuses : nil
    return tasks.enumerated().map { index, task in
      [
        String(describing: task.id), task.title, statuses?[index] ?? statusText(task.status),
        task.progress.map(progressText) ?? "", task.energy.rawValue, task.estimateMinutes.map(Minutes.format) ?? "",
        task.due ?? "",
      ] + (lists ? [task.list ?? ""] : [])
    }
  }

  /// Which of a task table's columns are shown, and the title's room: what the other columns leave of the
  /// terminal's width (at least 12 is used), nil in a pipe (48 is used); the estimate, the energy, the steps and the
  /// status give way on a narrow one. Still too narrow with every other column gone, the due times in `rows` are said
  /// short ("Mon 1 Mar 2027, end of day" is "1 Mar 2027"), and `shortDue` says so.
  func fitTable(_ header: [String], _ rows: inout [[String]]) -> (shown: [Int], room: Int?, shortDue: Bool) {
    let (shown, room) = Output.fitting([header] + rows, title: 1, giveWay: [5, 4, 3, 2], width: output.width)
    guard let left = room, left < 16 else { return (shown, room, false) }
    for index in rows.indices { rows[index][6] = Self.shortDue(rows[index][6]) }
    let (narrower, rest) = Output.fitting([header] + rows, title: 1, giveWay: [5, 4, 3, 2], width: output.width)
    return (narrower, rest, true)
  }

  /// A due time in words said short, for a narrow terminal: without ", end of day" (a day alone is due at its end),
  /// without "at", and without the weekday before a date ("Mon 1 Mar 2027, end of day" is "1 Mar 2027",
  /// "Friday at 17:00" "Friday 17:00").
  static func shortDue(_ words: String) -> String {
    var short = words.replacing(text: ", end of day", with: "").replacing(text: " at ", with: " ")
    let parts = short.split(separator: " ", maxSplits: 1)
    if parts.count == 2, parts[0].count == 3, parts[1].first?.isNumber == true { short = String(parts[1]) }
    return short
  }

  /// Pieces of a text (plain and matched taking turns) as one line cut to `width` columns, the matched pieces
  /// highlighted on a terminal.
  func marked(_ pieces: [String], width: Int) -> String {
    let whole = pieces.joined()
    let clipped = TerminalColumns.clip(whole, width)
    guard output.color, pieces.count > 1 else { return clipped }
    // What the cut kept of each piece, and the "…" it ended with.
    var left = clipped == whole ? clipped[...] : clipped.dropLast()
    var marked = ""
    for (index, piece) in pieces.enumerated() where !left.isEmpty {
      let kept = String(left.prefix(piece.count))
      left = left.dropFirst(kept.count)
      marked += index % 2 == 1 ? output.highlight(kept) : kept
    }
    return marked + (clipped == whole ? "" : "…")
  }
}
