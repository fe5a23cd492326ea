import StrideBase
import StrideClientKit
import StrideConnection
import StrideJSON
import StridePlatform
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// `stride log` and `stride review`: the history in words, and a look back over a period. The daemon works out
/// both; these lay them out.
extension Session {
  func log(_ args: CommandArguments<LogOptions>) throws {
    try args.noMorePositionals(than: 1, "log")
    let id = args.positionals.isEmpty ? nil : try args.taskID("log", example: "stride log 12")
    let since = try time(args.options.since)
    let until = try time(args.options.until)
    let paged = !output.json && isatty(STDOUT_FILENO) == 1
    let wanted = (args.options.all ? Int.max : args.options.limit) ?? (paged ? 500 : 100)
    // Every change wanted in one request, its parts written as they come (Docs/protocol.md, "Replies in parts"):
    // the daemon reads and words the next part while this one is printed, and the first part is short, so the first
    // lines come at once. Into a pipe or a file each part is written and let go (JSON too, as one object whose
    // entries are written a part at a time), so nothing grows with the history; a pager is given them all. A daemon
    // from before parts answers one page: the rest is asked for a page at a time, each older than the last.
    var reader = LogReader()
    var lines: [String] = []
    if output.json { print(#"{"entries":["#, terminator: "") }
    while reader.more, reader.count < wanted {
      let params = HistoryLog.Params(
        id: id, since: since, until: until, limit: min(1_000, wanted - reader.count), before: reader.last,
        total: wanted == Int.max ? nil : wanted - reader.count)
      reader.more = false
      _ = try callInParts(HistoryLog.self, params) { part in
        if output.json { return try output.write(try reader.copy(part)) }
        let said = logLines(try reader.read(part), day: &reader.day)
        paged ? lines += said : said.forEach { output.say($0) }
        try output.flushed()
      }
    }
    let (count, more) = (reader.count, reader.more)
    if output.json { return print("],\"more\":\(more)}") }
    guard count > 0 else {
      let which = id.map { " of task \($0)" } ?? ""
      return output.say(
        since == nil && until == nil
          ? "Nothing in the history\(which) yet." : "Nothing happened\(which) in that period; try a longer one.")
    }
    let tail = more ? output.folded(["There is more before this; see it with --all, or a longer --limit."]) : []
    paged ? page(lines + tail) : tail.forEach { output.say($0) }
  }

  /// The log's lines for `entries`: a heading for each day (`day`, the last heading written, is kept between
  /// pages), then each change at its time; a long entry folds under its words, clear of the clock.
  private func logLines(_ entries: [HistoryLog.Entry], day: inout String) -> [String] {
    var lines: [String] = []
    for entry in entries {
      let heading = entry.said?.day ?? String(entry.at.rfc3339.prefix(10))
      if heading != day {
        lines.append(output.bold(heading))
        day = heading
      }
      let notes = [entry.fromSync ? "from another device" : nil, entry.undone ? "taken back" : nil].compactMap { $0 }
      let note = notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"
      lines.append("  \(Output.said(entry.said?.clock, entry.at))  \(entry.words)\(note)")
    }
    return output.folded(lines, hang: 9)
  }

  /// Shows lines through the person's pager (`PAGER`, else `less -FRX`, which quits when they fit), or prints them
  /// when there is none (the shell found no such program).
  private func page(_ lines: [String]) {
    let pager = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -FRX"
    fflush(nil)
    let status = ExternalCommand.feed(Array((lines.joined(separator: "\n") + "\n").utf8), to: ["/bin/sh", "-c", pager])
    if status == nil || status == 127 { lines.forEach { output.say($0) } }
  }

  func review(_ args: CommandArguments<ReviewOptions>) throws {
    try args.noMorePositionals(than: 0, "review")
    let since = try time(args.options.since)
    // Without --since, the last week (or 30 days) counted by the daemon in this shell's zone.
    let days = since == nil ? (args.options.month ? 30 : 7) : nil
    // The text names ten tasks a list at most: the daemon sends no more, and how many there are. The JSON has them all.
    let named = output.json ? nil : ReviewText.named
    let review = try call(HistoryReview.self, .init(since: since, days: days, named: named))
    guard !output.json else { return output.emit(review) }
    let plain =
      invocation.plain || environment["TERM"] == "dumb" || environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let lines = ReviewText(
      review: review.result, plain: plain, bold: output.bold, thousands: .fromEnvironment(environment),
      width: output.width, fold: { [output] in output.folded($0) }
    ).lines
    // Like log, a long look back opens in the pager on a terminal.
    isatty(STDOUT_FILENO) == 1 ? page(lines) : lines.forEach { output.say($0) }
  }
}
