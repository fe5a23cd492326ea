import StrideBase
import StrideClientKit
import StrideConnection
import StridePlatform
import StrideWire

/// `stride calendars` (with `add`, `use`, `ignore`, `remove` and `refresh`): the calendars whose events say when the
/// person is busy.
extension Session {
  func calendars(_ args: CommandArguments<CalendarsOptions>) throws {
    guard let verb = args.positionals.first else {
      return showCalendars(try call(CalendarsList.self, NoParams()))
    }
    if verb == "refresh" {
      try args.noMorePositionals(than: 1, "calendars refresh")
      return showCalendars(try patientClient(context: context).answer(CalendarsRefresh.self, NoParams()))
    }
    try args.noMorePositionals(than: 2, "calendars")
    guard ["add", "use", "ignore", "remove"].contains(verb) else {
      throw UsageError(
        "calendars has no subcommand '\(verb)'; use stride calendars, stride calendars add FILE-OR-URL, stride "
          + "calendars use NAME, stride calendars ignore NAME, stride calendars remove NAME or stride calendars "
          + "refresh")
    }
    guard args.positionals.count == 2 else {
      let example = verb == "add" ? "~/calendar.ics" : "Work"
      throw UsageError(
        "calendars \(verb) needs \(verb == "add" ? "a file or an address" : "a calendar's name"), like: stride "
          + "calendars \(verb) \(example)")
    }
    let name = args.positionals[1]
    switch verb {
    case "add":
      // A path as a shell would take it: "~/" is the home folder (when quoted, the shell left it as it was).
      let home = name.hasPrefix("~/") ? environment["HOME"].map { $0 + name.dropFirst() } : nil
      let location = name.contains(text: "://") ? name : System.normalized(home ?? name)
      let calendar = try patientClient(context: context).answer(
        CalendarsAdd.self, .init(location: location, name: args.options.name)
      )
      .result
      output.report(
        "Stride reads \(calendar.name) now: \(plural(calendar.events, "event")) in the next two months "
          + (calendar.events == 1 ? "takes time." : "take time.")
          + (calendar.problem.map { " \($0.asSentence)" } ?? ""), json: calendar)
    case "use":
      // Its first reading, for a calendar never read, may wait on a server.
      let calendar = try patientClient(context: context).answer(CalendarsCount.self, .init(name: name, counts: true))
        .result
      let said =
        calendar.problem.map { " Its last reading said: \($0.asSentence)" } ?? " 'now' fits your time around them."
      output.report("The events of \(calendar.name) count now.\(said)", json: calendar)
    case "ignore":
      let calendar = try call(CalendarsCount.self, .init(name: name, counts: false))
      output.report(
        "The events of \(calendar.name) no longer count; 'stride calendars use \(calendar.name)' counts them again.",
        json: calendar)
    default:
      let calendar = try patientClient(context: context).answer(CalendarsRemove.self, .init(name: name)).result
      output.report("Stride no longer reads \(calendar.name); its copy is gone from here.", json: calendar)
    }
  }

  /// A row a calendar: its name, whether it counts, its events ahead, when it was read; then any problem, one
  /// sentence each.
  private func showCalendars(_ answer: Answer<CalendarsResult>) {
    guard !output.json else { return output.emit(answer) }
    let calendars = answer.result.calendars
    guard !calendars.isEmpty else {
      return output.say(
        "Stride reads no calendar yet. Add one with: stride calendars add ~/calendar.ics (or a webcal:// address); "
          + "the event calendars of a list that syncs show here by themselves.")
    }
    let rows = calendars.map { calendar in
      let read = Output.said(calendar.said?.readAt, calendar.readAt).map { "read \($0)" } ?? "not read yet"
      let kind =
        switch calendar.kind {
        case .file: "file"
        case .subscription: "subscription"
        case .server: "on the server of \(calendar.account ?? "a list")"
        }
      return [calendar.name, calendar.counts ? "yes" : "no", "\(calendar.events)", read, kind]
    }
    Output.columns([["CALENDAR", "COUNTS", "EVENTS", "READ", "FROM"]] + rows, rightAligned: [2])
      .forEach { output.say($0) }
    for calendar in calendars {
      if let problem = calendar.problem { output.say("\(calendar.name): \(problem.asSentence)") }
    }
    if let first = calendars.first(where: { !$0.counts && $0.kind == .server }) {
      output.say("Count a server's calendar that is yours with: stride calendars use \(first.name)")
    }
  }
}
