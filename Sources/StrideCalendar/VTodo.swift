import Foundation
import StrideBase
import StrideModel

/// A task and its steps as VTODO components: the one mapping `stride export --format ical` and CalDAV sync share
/// (Docs/sync.md has it as a table). A task is one VTODO; each step is a child VTODO with RELATED-TO;RELTYPE=PARENT,
/// the way Tasks.org and Thunderbird show subtasks. What Stride knows that iCalendar has no property for travels as
/// `X-STRIDE-*` properties, which other clients keep and ignore.
package enum VTodo {
  /// The properties Stride writes and reads; every other property of a VTODO received from a server is kept as it
  /// came, line for line, when Stride sends the task back.
  package static let owned: Set<String> = [
    "UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "SUMMARY", "DESCRIPTION", "DUE", "DTSTART", "STATUS", "COMPLETED",
    "PERCENT-COMPLETE", "CATEGORIES", "RRULE", "PRIORITY",
  ]

  /// A VTODO as read from a server or a file: its UID, its parent's UID when it is a step, the fields, when it
  /// was last changed, and the raw lines of everything Stride does not own (with nested components like VALARM).
  package struct Parsed {
    package var uid: String
    package var parent: String?
    package var fields: SyncFields
    package var modified: Date?
    package var created: Date?
    /// The content lines as received, unfolded, by property name (for the properties Stride owns: to write the
    /// same bytes back when the value did not change).
    package var received: [String: String] = [:]
    package var keptLines: [String] = []
    /// VCALENDAR-level components other than the VTODO (a VTIMEZONE), as received.
    package var calendarLines: [String] = []
    /// The zone its floating and DATE-only values were read in.
    package var timeZone = TimeZone.current
    package var cancelled = false
    /// A step's place among its task's steps (X-STRIDE-POSITION, else Apple's and Tasks.org's X-APPLE-SORT-ORDER).
    package var position: Int?

    /// Steps in their order on the server or in the file: by their position where they have one, the rest after
    /// them in the order they came.
    package static func inStepOrder<Item>(_ items: [Item], _ parsed: (Item) -> Parsed) -> [Item] {
      items.enumerated().sorted {
        (parsed($0.element).position ?? .max, $0.offset) < (parsed($1.element).position ?? .max, $1.offset)
      }
      .map(\.element)
    }

    package var step: SyncStep {
      SyncStep(
        uid: uid, title: fields.title, done: fields.state.status == .completed,
        completedAt: fields.state.completedAt)
    }
  }

  // MARK: Writing

  /// The resource text for a task: a VCALENDAR holding its VTODO, with what the server's copy (`server`) had that
  /// Stride does not own.
  package static func text(
    task fields: SyncFields, uid: String, created: Date, modified: Date, now: Date, timeZone: TimeZone,
    server: Parsed? = nil
  ) -> String {
    calendar(
      [
        lines(
          task: fields, uid: uid, created: created, modified: modified, now: now, timeZone: timeZone, server: server)
      ], server)
  }

  /// The resource text for a step: a child VTODO of its task.
  package static func text(
    step: SyncStep, position: Int, parent: String, modified: Date, now: Date, server: Parsed? = nil
  ) -> String {
    calendar(
      [lines(step: step, position: position, parent: parent, modified: modified, now: now, server: server)], server)
  }

  /// A task's VTODO, its properties between BEGIN and END. `timeZone` is the person's: a due at the end of one of
  /// their days is a whole day on the wire.
  package static func lines(
    task fields: SyncFields, uid: String, created: Date, modified: Date, now: Date, timeZone: TimeZone,
    server: Parsed? = nil
  ) -> [String] {
    var lines = ["UID:\(uid)"] + stamps(created: created, modified: modified, now: now)
    lines.append("SUMMARY:\(ICalendar.escape(fields.title))")
    let description = description(fields)
    if description != fields.title || server?.received["DESCRIPTION"] != nil {
      lines.append("DESCRIPTION:\(ICalendar.escape(description))")
    }
    let start = shownStart(fields)
    if let own = fields.start, putOffUntil(fields.state) != nil || start == nil {
      lines.append("X-STRIDE-START:\(ICalendar.date(own))")
    }
    let calendar = LocalCalendar(timeZone: timeZone)
    let anchor = start == nil ? seriesAnchor(fields, calendar) : nil
    let days = Days(due: fields.due, start: start ?? anchor, calendar: calendar)
    if let start { lines.append(days.kept("DTSTART", start, server) ?? days.line("DTSTART", start, .startOfDay)) }
    if let anchor { lines.append(days.line("DTSTART;\(anchorParameter)=TRUE", anchor, .startOfDay)) }
    if let due = fields.due { lines.append(days.kept("DUE", due, server) ?? days.line("DUE", due, .endOfDay)) }
    lines += status(
      fields.state, progress: StepProgress(done: fields.steps.count(where: \.done), total: fields.steps.count),
      cancelled: server?.cancelled == true, server: server)
    if let priority = priority(fields.type, server) { lines.append(priority) }
    if let rule = fields.rrule { lines.append("RRULE:" + days.until(in: rule)) }
    if !fields.tags.isEmpty { lines.append("CATEGORIES:" + fields.tags.map(ICalendar.escape).joined(separator: ",")) }
    lines += fields.dependsOn.map { "RELATED-TO;RELTYPE=DEPENDS-ON:\($0)" }
    return lines + strideProperties(fields) + (server?.keptLines ?? [])
  }

  /// A step's VTODO, its properties between BEGIN and END. `position` (from 1) keeps the steps in order on other
  /// devices.
  package static func lines(
    step: SyncStep, position: Int, parent: String, modified: Date, now: Date, server: Parsed? = nil
  ) -> [String] {
    var lines = ["UID:\(step.uid)"] + stamps(created: modified, modified: modified, now: now)
    lines.append("SUMMARY:\(ICalendar.escape(step.title))")
    lines.append("RELATED-TO;RELTYPE=PARENT:\(parent)")
    lines.append("X-STRIDE-POSITION:\(position)")
    let state = SyncState(
      status: step.done ? .completed : .active, completedAt: step.completedAt, deferral: nil, deferCount: 0)
    lines += status(state, progress: StepProgress(done: 0, total: 0), cancelled: false, server: server)
    return lines + (server?.keptLines ?? [])
  }

  /// DTSTART as other apps see it: for a task put off to a time (deferred to it, or waiting with a follow-up then),
  /// that time — the phone shows it as the start, or hides the task until then, so it does not nag about what the
  /// person chose to put off — else the task's own start. DUE must not come before DTSTART, so a later one is left
  /// out. The task's own start travels as `X-STRIDE-START` whenever DTSTART does not hold it.
  private static func shownStart(_ fields: SyncFields) -> Date? {
    guard let start = putOffUntil(fields.state) ?? fields.start else { return nil }
    return start > fields.due ?? start ? nil : start
  }

  /// RFC 5545 wants a DTSTART in every component with a RRULE, the series' first moment. A routine with no start to
  /// show has the beginning of its due's day there (the due itself for an hourly rule, whose hours a midnight could
  /// miss; the series' first day when there is no due), of the due's kind, marked with `anchorParameter` so it is
  /// read back as no start. Another app that gives the task a start writes its own DTSTART, without the mark.
  private static func seriesAnchor(_ fields: SyncFields, _ calendar: LocalCalendar) -> Date? {
    guard let rule = fields.rrule else { return nil }
    guard let due = fields.due else {
      return fields.repeatStart.flatMap(Recurrence.untilDay).map { calendar.date($0, .startOfDay) }
    }
    return Recurrence(rrule: rule)?.frequency == .hourly ? due : calendar.date(calendar.day(of: due), .startOfDay)
  }

  /// The parameter that marks a DTSTART Stride wrote only as a routine's anchor (`seriesAnchor`).
  static let anchorParameter = "X-STRIDE-ANCHOR"

  /// When a task put off to a time comes back: a deferral's end, or a wait's follow-up.
  static func putOffUntil(_ state: SyncState) -> Date? {
    switch state.status {
    case .deferred: state.deferral?.until
    case .waiting: state.followUp
    default: nil
    }
  }

  /// A due with no time of day (the end of a day) and a start at a day's beginning are written as DATE values, the
  /// way calendar apps write a task for a whole day, so a phone neither alarms at 23:59 nor shows the due at
  /// another zone's clock time. RFC 5545 wants DUE and DTSTART of one kind, so both are dates or neither is.
  private struct Days {
    package let calendar: LocalCalendar
    package let whole: Bool

    package init(due: Date?, start: Date?, calendar: LocalCalendar) {
      self.calendar = calendar
      whole =
        (due != nil || start != nil) && due.map { calendar.clock(of: $0) == .endOfDay } != false
        && start.map { calendar.clock(of: $0) == .startOfDay } != false
    }

    package func line(_ name: String, _ date: Date, _ clock: ClockTime) -> String {
      guard whole, calendar.clock(of: date) == clock else { return "\(name):\(ICalendar.date(date))" }
      let day = calendar.day(of: date)
      return "\(name);VALUE=DATE:" + String(format: "%04d%02d%02d", day.year, day.month, day.day)
    }

    /// The server's own line for the same moment, kept as it was written (its zone, say) when it is of the kind
    /// chosen here: a whole-day DUE beside a timed DTSTART would be invalid, so it is written anew.
    package func kept(_ name: String, _ date: Date, _ server: Parsed?) -> String? {
      guard let line = same(name, date, server) else { return nil }
      let head = line.prefix { $0 != ":" }.uppercased()
      let isDay = head.contains("VALUE=DATE") && !head.contains("VALUE=DATE-TIME")
      return isDay == whole ? line : nil
    }

    /// A rule's UNTIL of the same kind as DTSTART (RFC 5545): a day beside whole days, else the end of that day
    /// here, in UTC (an instant already, as an hourly rule's may be, stays).
    package func until(in rule: String) -> String {
      rule.split(separator: ";").map { part -> String in
        guard !whole, part.hasPrefix("UNTIL="), let day = Recurrence.untilDay(String(part.dropFirst(6))),
          part.count == 14
        else { return String(part) }
        return "UNTIL=" + ICalendar.date(calendar.date(day, .endOfDay))
      }.joined(separator: ";")
    }
  }

  private static func stamps(created: Date, modified: Date, now: Date) -> [String] {
    [
      "DTSTAMP:\(ICalendar.date(now))", "CREATED:\(ICalendar.date(created))",
      "LAST-MODIFIED:\(ICalendar.date(modified))",
    ]
  }

  private static func status(_ state: SyncState, progress: StepProgress, cancelled: Bool, server: Parsed?)
    -> [String]
  {
    switch state.status {
    case .completed:
      let at = state.completedAt ?? Date(timeIntervalSince1970: 0)
      return [
        cancelled ? "STATUS:CANCELLED" : "STATUS:COMPLETED",
        same("COMPLETED", at, server) ?? "COMPLETED:\(ICalendar.date(at))",
        "PERCENT-COMPLETE:100",
      ]
    case .active, .waiting, .deferred:
      var lines = [progress.done > 0 ? "STATUS:IN-PROCESS" : "STATUS:NEEDS-ACTION"]
      if progress.total > 0 { lines.append("PERCENT-COMPLETE:\(progress.done * 100 / progress.total)") }
      return lines
    }
  }

  /// PRIORITY says whether a task is an obligation (1–4) or not (none, 0, 5–9), as every app shows it: the server's
  /// own value while it still says so (a phone's 3 stays 3), else 1 for an obligation and none for the rest.
  private static func priority(_ type: TaskType, _ server: Parsed?) -> String? {
    let line = server?.received["PRIORITY"]
    if (type == .obligation) == isUrgent(line.flatMap(ICalendarReader.property)) { return line }
    return type == .obligation ? "PRIORITY:1" : nil
  }

  /// A PRIORITY of 1 to 4: high or medium in every app's terms (RFC 5545 §3.8.1.9).
  static func isUrgent(_ priority: ICalendarReader.Property?) -> Bool {
    (1...4).contains(priority.flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) } ?? 0)
  }

  /// Energy, estimate, type, the deferral and the pin, which iCalendar has no property for.
  private static func strideProperties(_ fields: SyncFields) -> [String] {
    var lines = ["X-STRIDE-ENERGY:\(fields.energy.rawValue)", "X-STRIDE-TYPE:\(fields.type.rawValue)"]
    if let estimate = fields.estimate { lines.append("X-STRIDE-ESTIMATE:\(estimate)") }
    let state = fields.state
    if state.status == .waiting || state.status == .deferred {
      lines.append("X-STRIDE-STATUS:\(state.status.rawValue)")
    }
    if let deferral = state.deferral {
      lines.append("X-STRIDE-DEFER-REASON:\(deferral.reason.rawValue)")
      lines.append("X-STRIDE-DEFER-AT:\(ICalendar.date(deferral.at))")
      if let until = deferral.until { lines.append("X-STRIDE-DEFER-UNTIL:\(ICalendar.date(until))") }
      if let energy = deferral.energy { lines.append("X-STRIDE-DEFER-ENERGY:\(energy.rawValue)") }
    }
    if state.deferCount > 0 { lines.append("X-STRIDE-DEFER-COUNT:\(state.deferCount)") }
    for deferral in state.deferrals ?? [] {
      // One line a deferral, so another device knows why it was put off each time, not only how often.
      let until = deferral.until.map { ";UNTIL=\(ICalendar.date($0))" } ?? ""
      let energy = deferral.energy.map { ";ENERGY=\($0.rawValue)" } ?? ""
      lines.append("X-STRIDE-DEFERRAL;AT=\(ICalendar.date(deferral.at))\(until)\(energy):\(deferral.reason.rawValue)")
    }
    if let note = state.waitingFor { lines.append("X-STRIDE-WAITING-FOR:\(ICalendar.escape(note))") }
    if let followUp = state.followUp { lines.append("X-STRIDE-FOLLOW-UP:\(ICalendar.date(followUp))") }
    if fields.afterDone { lines.append("X-STRIDE-REPEAT-AFTER-DONE:TRUE") }
    if let start = fields.repeatStart, fields.rrule != nil { lines.append("X-STRIDE-REPEAT-START:\(start)") }
    if fields.pinned { lines.append("X-STRIDE-PINNED:TRUE") }
    lines += noteLines(fields)
    return lines
  }

  /// The server's own line for a date property when it still means `date` (a DATE-only DUE stays DATE-only).
  private static func same(_ name: String, _ date: Date, _ server: Parsed?) -> String? {
    guard let line = server?.received[name], let property = ICalendarReader.property(line) else { return nil }
    let read = ICalendarReader.date(
      property, timeZone: server?.timeZone ?? .current, dateOnly: name == "DUE" ? .endOfDay : .startOfDay)
    return read == date ? line : nil
  }

  /// A VCALENDAR of VTODOs, with the server's other components (a VTIMEZONE its dates name) after them, so the
  /// task stays the first VTODO even when the server's copy held more than one.
  package static func calendar(_ todos: [[String]], _ server: Parsed? = nil) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stride//stride \(strideVersion)//EN"]
    for todo in todos { lines += ["BEGIN:VTODO"] + todo + ["END:VTODO"] }
    lines += server?.calendarLines ?? []
    lines.append("END:VCALENDAR")
    return lines.map(ICalendar.fold).joined()
  }
}
