import Foundation

/// A task and its steps as VTODO components: the one mapping `stride export --format ical` and CalDAV sync share
/// (Docs/sync.md has it as a table). A task is one VTODO; each step is a child VTODO with RELATED-TO;RELTYPE=PARENT,
/// the way Tasks.org and Thunderbird show subtasks. What Stride knows that iCalendar has no property for travels as
/// `X-STRIDE-*` properties, which other clients keep and ignore.
enum VTodo {
  /// The properties Stride writes and reads; every other property of a VTODO received from a server is kept as it
  /// came, line for line, when Stride sends the task back.
  static let owned: Set<String> = [
    "UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "SUMMARY", "DESCRIPTION", "DUE", "DTSTART", "STATUS", "COMPLETED",
    "PERCENT-COMPLETE", "CATEGORIES", "RRULE",
  ]

  /// A VTODO as read from a server or a file: its UID, its parent's UID when it is a step, the fields, when it
  /// was last changed, and the raw lines of everything Stride does not own (with nested components like VALARM).
  struct Parsed {
    var uid: String
    var parent: String?
    var fields: SyncFields
    var modified: Date?
    var created: Date?
    /// The content lines as received, unfolded, by property name (for the properties Stride owns: to write the
    /// same bytes back when the value did not change).
    var received: [String: String] = [:]
    var keptLines: [String] = []
    /// VCALENDAR-level components other than the VTODO (a VTIMEZONE), as received.
    var calendarLines: [String] = []
    /// The zone its floating and DATE-only values were read in.
    var timeZone = TimeZone.current
    var cancelled = false
    /// A step's place among its task's steps (X-STRIDE-POSITION, else Apple's and Tasks.org's X-APPLE-SORT-ORDER).
    var position: Int?

    var step: SyncStep {
      SyncStep(
        uid: uid, title: fields.title, done: fields.state.status == .completed,
        completedAt: fields.state.completedAt)
    }
  }

  // MARK: Writing

  /// The resource text for a task: a VCALENDAR holding its VTODO, with what the server's copy (`server`) had that
  /// Stride does not own.
  static func text(
    task fields: SyncFields, uid: String, created: Date, modified: Date, now: Date, server: Parsed? = nil
  ) -> String {
    calendar([lines(task: fields, uid: uid, created: created, modified: modified, now: now, server: server)], server)
  }

  /// The resource text for a step: a child VTODO of its task.
  static func text(
    step: SyncStep, position: Int, parent: String, modified: Date, now: Date, server: Parsed? = nil
  ) -> String {
    calendar(
      [lines(step: step, position: position, parent: parent, modified: modified, now: now, server: server)], server)
  }

  /// A task's VTODO, its properties between BEGIN and END.
  static func lines(
    task fields: SyncFields, uid: String, created: Date, modified: Date, now: Date, server: Parsed? = nil
  ) -> [String] {
    var lines = ["UID:\(uid)"] + stamps(created: created, modified: modified, now: now)
    lines.append("SUMMARY:\(ICalendar.escape(fields.title))")
    if fields.note != fields.title || server?.received["DESCRIPTION"] != nil {
      lines.append("DESCRIPTION:\(ICalendar.escape(fields.note))")
    }
    if let start = fields.start { lines.append(same("DTSTART", start, server) ?? "DTSTART:\(ICalendar.date(start))") }
    if let due = fields.due {
      // DUE must not come before DTSTART.
      let value = max(due, fields.start ?? due)
      lines.append(same("DUE", value, server) ?? "DUE:\(ICalendar.date(value))")
    }
    lines += status(
      fields.state, progress: Progress(done: fields.steps.count(where: \.done), total: fields.steps.count),
      cancelled: server?.cancelled == true, server: server)
    if fields.type == .obligation, server?.keptLines.contains(where: { $0.uppercased().hasPrefix("PRIORITY") }) != true
    {
      lines.append("PRIORITY:1")
    }
    if let rule = fields.rrule { lines.append("RRULE:\(rule)") }
    if !fields.tags.isEmpty { lines.append("CATEGORIES:" + fields.tags.map(ICalendar.escape).joined(separator: ",")) }
    lines += fields.dependsOn.map { "RELATED-TO;RELTYPE=DEPENDS-ON:\($0)" }
    return lines + strideProperties(fields) + (server?.keptLines ?? [])
  }

  /// A step's VTODO, its properties between BEGIN and END. `position` (from 1) keeps the steps in order on other
  /// devices.
  static func lines(
    step: SyncStep, position: Int, parent: String, modified: Date, now: Date, server: Parsed? = nil
  ) -> [String] {
    var lines = ["UID:\(step.uid)"] + stamps(created: modified, modified: modified, now: now)
    lines.append("SUMMARY:\(ICalendar.escape(step.title))")
    lines.append("RELATED-TO;RELTYPE=PARENT:\(parent)")
    lines.append("X-STRIDE-POSITION:\(position)")
    let state = SyncState(
      status: step.done ? .completed : .active, completedAt: step.completedAt, deferral: nil, deferCount: 0)
    lines += status(state, progress: Progress(done: 0, total: 0), cancelled: false, server: server)
    return lines + (server?.keptLines ?? [])
  }

  private static func stamps(created: Date, modified: Date, now: Date) -> [String] {
    [
      "DTSTAMP:\(ICalendar.date(now))", "CREATED:\(ICalendar.date(created))",
      "LAST-MODIFIED:\(ICalendar.date(modified))",
    ]
  }

  private static func status(_ state: SyncState, progress: Progress, cancelled: Bool, server: Parsed?) -> [String] {
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
    if let note = state.waitingFor { lines.append("X-STRIDE-WAITING-FOR:\(ICalendar.escape(note))") }
    if let followUp = state.followUp { lines.append("X-STRIDE-FOLLOW-UP:\(ICalendar.date(followUp))") }
    if fields.afterDone { lines.append("X-STRIDE-REPEAT-AFTER-DONE:TRUE") }
    if fields.pinned { lines.append("X-STRIDE-PINNED:TRUE") }
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
  static func calendar(_ todos: [[String]], _ server: Parsed? = nil) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stride//stride \(strideVersion)//EN"]
    for todo in todos { lines += ["BEGIN:VTODO"] + todo + ["END:VTODO"] }
    lines += server?.calendarLines ?? []
    lines.append("END:VCALENDAR")
    return lines.map(ICalendar.fold).joined()
  }

  // MARK: Reading

  /// The VTODO of a resource; nil when it holds none (an event, a journal entry). Dates without a zone are read in
  /// `timeZone`.
  static func parse(_ text: String, timeZone: TimeZone) throws(StrideError) -> Parsed? {
    let lines = ICalendarReader.unfold(text)
    var depth: [String] = []
    var todoLines: [String] = []
    var kept: [String] = []
    var calendarLines: [String] = []
    var found = false
    var inTodo = false
    for line in lines {
      guard let property = ICalendarReader.property(line) else {
        throw StrideError.invalid(
          "the server sent a task that is not iCalendar: a line has no ':' (\(line.prefix(40)))")
      }
      switch property.name {
      case "BEGIN":
        depth.append(property.value.uppercased())
        if depth == ["VCALENDAR", "VTODO"], !found {
          (found, inTodo) = (true, true)
        } else if inTodo {
          kept.append(line)
        } else if depth.count >= 2 {
          calendarLines.append(line)
        }
      case "END":
        guard depth.popLast() == property.value.uppercased() else {
          throw StrideError.invalid("the server sent a task whose END:\(property.value.prefix(20)) closes nothing")
        }
        if inTodo, depth.count == 1 {
          inTodo = false
        } else if inTodo {
          kept.append(line)
        } else if depth.count >= 1 {
          calendarLines.append(line)
        }
      default:
        if inTodo, depth.count == 2 {
          if owns(property) { todoLines.append(line) } else { kept.append(line) }
        } else if inTodo {
          kept.append(line)
        } else if depth.count >= 2 {
          calendarLines.append(line)
        }
      }
    }
    guard depth.isEmpty else {
      throw StrideError.invalid(
        "the server sent a task that ends inside \(depth.last!.prefix(20)); it may be cut short")
    }
    guard found else { return nil }
    var todo = ICalendarReader.Component(name: "VTODO")
    todo.properties = todoLines.compactMap(ICalendarReader.property)
    var parsed = try read(todo, timeZone: timeZone)
    parsed.keptLines = kept
    parsed.timeZone = timeZone
    parsed.calendarLines = calendarLines
    for line in todoLines {
      if let name = ICalendarReader.property(line)?.name, parsed.received[name] == nil { parsed.received[name] = line }
    }
    return parsed
  }

  /// Whether Stride reads and writes this property itself (a RRULE Stride cannot keep is left as it came).
  private static func owns(_ property: ICalendarReader.Property) -> Bool {
    if property.name.hasPrefix("X-STRIDE-") { return true }
    if property.name == "RELATED-TO" {
      let type = (property.parameters["RELTYPE"] ?? "PARENT").uppercased()
      return type == "PARENT" || type == "DEPENDS-ON"
    }
    if property.name == "RRULE" { return Recurrence(rrule: property.value) != nil }
    return owned.contains(property.name)
  }

  /// The fields of one VTODO component.
  static func read(_ todo: ICalendarReader.Component, timeZone: TimeZone) throws(StrideError) -> Parsed {
    func text(_ name: String) -> String? { todo.first(name).map { ICalendarReader.unescape($0.value) } }
    func date(_ name: String, _ dateOnly: ClockTime = .startOfDay) -> Date? {
      todo.first(name).flatMap { ICalendarReader.date($0, timeZone: timeZone, dateOnly: dateOnly) }
    }
    guard let uid = todo.first("UID")?.value.trimmingCharacters(in: .whitespaces), !uid.isEmpty else {
      throw StrideError.invalid("the server sent a task without a UID")
    }
    // A title is one line of words, as every title Stride keeps (`StrideTask.checkedTitle`).
    let title = StrideTask.words(text("SUMMARY") ?? "").joined(separator: " ")
    let status = todo.first("STATUS")?.value.uppercased()
    let x = { (name: String) in text("X-STRIDE-" + name) }
    let done = status == "COMPLETED" || status == "CANCELLED"
    var state = SyncState(
      status: done ? .completed : x("STATUS").flatMap(TaskStatus.init(rawValue:)) ?? .active,
      completedAt: done ? date("COMPLETED") ?? date("LAST-MODIFIED") : nil, deferral: nil,
      deferCount: x("DEFER-COUNT").flatMap { Int($0) } ?? 0)
    if state.status == .completed, state.completedAt == nil { state.completedAt = Date(timeIntervalSince1970: 0) }
    if state.status == .deferred, let reason = x("DEFER-REASON").flatMap(DeferReason.init(rawValue:)) {
      state.deferral = Deferral(
        reason: reason, at: date("X-STRIDE-DEFER-AT") ?? Date(timeIntervalSince1970: 0),
        until: date("X-STRIDE-DEFER-UNTIL"), energy: x("DEFER-ENERGY").flatMap(EnergyLevel.init(rawValue:)))
    } else if state.status == .deferred {
      state.status = .active
    }
    if state.status == .waiting {
      state.waitingFor = x("WAITING-FOR")
      state.followUp = date("X-STRIDE-FOLLOW-UP")
    }
    let priority = todo.first("PRIORITY").flatMap { Int($0.value) }
    var fields = SyncFields(
      title: title.isEmpty ? "(untitled)" : title, note: text("DESCRIPTION") ?? title, state: state,
      energy: x("ENERGY").flatMap(EnergyLevel.init(rawValue:)) ?? .medium,
      type: x("TYPE").flatMap(TaskType.init(rawValue:)) ?? ((1...4).contains(priority ?? 0) ? .obligation : .chore))
    fields.due = date("DUE", .endOfDay)
    fields.start = date("DTSTART")
    fields.tags =
      (try? StrideTask.checkedTags(
        todo.all("CATEGORIES").flatMap { ICalendarReader.unescapedList($0.value) }.map {
          $0.lowercased().replacingOccurrences(of: " ", with: "-")
        })) ?? []
    fields.dependsOn = todo.all("RELATED-TO").filter { $0.parameters["RELTYPE"]?.uppercased() == "DEPENDS-ON" }.map(
      \.value)
    fields.estimate = x("ESTIMATE").flatMap { Int($0) }.flatMap {
      (1...StrideTask.maximumEstimateMinutes).contains($0) ? $0 : nil
    }
    if let rule = todo.first("RRULE")?.value, let recurrence = Recurrence(rrule: rule) {
      fields.rrule = recurrence.rrule
      fields.afterDone = x("REPEAT-AFTER-DONE")?.uppercased() == "TRUE"
    }
    fields.pinned = x("PINNED")?.uppercased() == "TRUE"
    let position = (x("POSITION") ?? text("X-APPLE-SORT-ORDER")).flatMap { Int($0) }
    let parent = todo.all("RELATED-TO").first { ($0.parameters["RELTYPE"] ?? "PARENT").uppercased() == "PARENT" }?.value
    return Parsed(
      uid: uid, parent: parent == uid ? nil : parent, fields: fields,
      modified: date("LAST-MODIFIED") ?? date("DTSTAMP"),
      created: date("CREATED"), cancelled: status == "CANCELLED", position: position)
  }
}
