import Foundation
import StrideBase
import StrideModel

/// Reading: a server's resource or a file's VTODO into the fields Stride keeps, with what it does not own kept.
extension VTodo {

  /// The VTODO of a resource; nil when it holds none (an event, a journal entry). Dates without a zone are read in
  /// `timeZone`.
  package static func parse(_ text: String, timeZone: TimeZone) throws(StrideError) -> Parsed? {
    guard let lines = try sorted(ICalendarReader.unfold(text)) else { return nil }
    var todo = ICalendarReader.Component(name: "VTODO")
    todo.properties = lines.todo.compactMap(ICalendarReader.property)
    var parsed = try read(todo, timeZone: timeZone)
    parsed.keptLines = lines.kept
    parsed.timeZone = timeZone
    parsed.calendarLines = lines.calendar
    for line in lines.todo {
      if let name = ICalendarReader.property(line)?.name, parsed.received[name] == nil { parsed.received[name] = line }
    }
    return parsed
  }

  /// A resource's unfolded lines by where they stand: the first VTODO's own properties that Stride owns (`todo`),
  /// the rest of that VTODO, its alarms included, as they came (`kept`), and the calendar's other components, such
  /// as its time zones (`calendar`). Nil when there is no VTODO; an error when the nesting does not close.
  private static func sorted(_ lines: [String]) throws(StrideError) -> (
    todo: [String], kept: [String], calendar: [String]
  )? {
    var depth: [String] = []
    var (todo, kept, calendar): ([String], [String], [String]) = ([], [], [])
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
          calendar.append(line)
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
          calendar.append(line)
        }
      default:
        if inTodo, depth.count == 2 {
          if owns(property) { todo.append(line) } else { kept.append(line) }
        } else if inTodo {
          kept.append(line)
        } else if depth.count >= 2 {
          calendar.append(line)
        }
      }
    }
    guard depth.isEmpty else {
      throw StrideError.invalid(
        "the server sent a task that ends inside \(depth.last!.prefix(20)); it may be cut short")
    }
    return found ? (todo, kept, calendar) : nil
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

  /// DTSTART, unless Stride wrote it only because a RRULE needs one: that says nothing of when the task starts.
  private static func start(_ todo: ICalendarReader.Component, timeZone: TimeZone) -> Date? {
    todo.first("DTSTART").flatMap {
      $0.parameters[anchorParameter] == nil ? ICalendarReader.date($0, timeZone: timeZone, dateOnly: .startOfDay) : nil
    }
  }

  /// The fields of one VTODO component.
  package static func read(_ todo: ICalendarReader.Component, timeZone: TimeZone) throws(StrideError) -> Parsed {
    func text(_ name: String) -> String? { todo.first(name).map { ICalendarReader.unescape($0.value) } }
    func date(_ name: String, _ dateOnly: ClockTime = .startOfDay) -> Date? {
      todo.first(name).flatMap { ICalendarReader.date($0, timeZone: timeZone, dateOnly: dateOnly) }
    }
    let start = start(todo, timeZone: timeZone)
    guard let uid = todo.first("UID")?.value.trimmingCharacters(in: .whitespaces), !uid.isEmpty else {
      throw StrideError.invalid("the server sent a task without a UID")
    }
    // A title is one line of words, as every title Stride keeps (`StrideTask.checkedTitle`).
    let title = StrideTask.words(text("SUMMARY") ?? "").joined(separator: " ")
    let status = todo.first("STATUS")?.value.uppercased()
    let x = { (name: String) in text("X-STRIDE-" + name) }
    let state = Self.state(todo, timeZone: timeZone)
    // PRIORITY decides whether it is an obligation (another app can change it, not X-STRIDE-TYPE); Stride's own
    // property says which kind of task one that is not an obligation is.
    let stated = x("TYPE").flatMap(TaskType.init(rawValue:))
    let type: TaskType =
      isUrgent(todo.first("PRIORITY")) ? .obligation : stated == .obligation ? .chore : stated ?? .chore
    let modified = date("LAST-MODIFIED") ?? date("DTSTAMP")
    let (thought, notes) = thoughtAndNotes(todo, description: text("DESCRIPTION"), modified: modified)
    var fields = SyncFields(
      title: title.isEmpty ? "(untitled)" : title, note: thought ?? title, state: state,
      energy: x("ENERGY").flatMap(EnergyLevel.init(rawValue:)) ?? .medium, type: type)
    fields.notes = notes.isEmpty ? nil : notes
    fields.due = date("DUE", .endOfDay)
    if putOffUntil(fields.state) != nil {
      // DTSTART is when it comes back: another app that moves it moves the deferral, or the follow-up.
      fields.start = date("X-STRIDE-START")
      if let back = start {
        if fields.state.status == .waiting { fields.state.followUp = back } else { fields.state.deferral?.until = back }
      }
    } else {
      fields.start = start ?? date("X-STRIDE-START")
    }
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
    if let rule = todo.first("RRULE").flatMap({ Self.rule($0.value, timeZone: timeZone) }) {
      fields.rrule = rule
      fields.afterDone = x("REPEAT-AFTER-DONE")?.uppercased() == "TRUE"
      // A series' first day, as Stride writes it; a value that is no day is left out.
      fields.repeatStart = x("REPEAT-START").flatMap(Recurrence.untilDay).map(Recurrence.dayText)
    }
    fields.pinned = x("PINNED")?.uppercased() == "TRUE"
    let position = (x("POSITION") ?? text("X-APPLE-SORT-ORDER")).flatMap { Int($0) }
    let parent = todo.all("RELATED-TO").first { ($0.parameters["RELTYPE"] ?? "PARENT").uppercased() == "PARENT" }?.value
    return Parsed(
      uid: uid, parent: parent == uid ? nil : parent, fields: fields,
      modified: modified,
      created: date("CREATED"), cancelled: status == "CANCELLED", position: position)
  }

  /// Where a task stands, as its VTODO says: STATUS (completed or cancelled is done), and Stride's own properties
  /// for a deferral, the deferrals before it and a wait.
  private static func state(_ todo: ICalendarReader.Component, timeZone: TimeZone) -> SyncState {
    func text(_ name: String) -> String? { todo.first(name).map { ICalendarReader.unescape($0.value) } }
    func date(_ name: String) -> Date? {
      todo.first(name).flatMap { ICalendarReader.date($0, timeZone: timeZone, dateOnly: .startOfDay) }
    }
    let status = todo.first("STATUS")?.value.uppercased()
    let x = { (name: String) in text("X-STRIDE-" + name) }
    let done = status == "COMPLETED" || status == "CANCELLED"
    var state = SyncState(
      status: done ? .completed : x("STATUS").flatMap(TaskStatus.init(rawValue:)) ?? .active,
      completedAt: done ? date("COMPLETED") ?? date("LAST-MODIFIED") : nil, deferral: nil,
      deferCount: x("DEFER-COUNT").flatMap { Int($0) } ?? 0)
    if state.status == .completed, state.completedAt == nil { state.completedAt = Date(timeIntervalSince1970: 0) }
    let history = todo.all("X-STRIDE-DEFERRAL").compactMap { line -> Deferral? in
      func parameter(_ name: String) -> Date? {
        line.parameters[name].flatMap {
          ICalendarReader.date(.init(name: name, parameters: [:], value: $0), timeZone: timeZone, dateOnly: .startOfDay)
        }
      }
      guard let reason = DeferReason(rawValue: line.value.lowercased()), let at = parameter("AT") else { return nil }
      return Deferral(
        reason: reason, at: at, until: parameter("UNTIL"),
        energy: line.parameters["ENERGY"].flatMap { EnergyLevel(rawValue: $0.lowercased()) })
    }
    if !history.isEmpty || state.deferCount == 0 {
      state.deferrals = history
      state.deferCount = history.count
    }
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
    return state
  }

  /// A RRULE Stride keeps, as it keeps it. An UNTIL written as an instant (beside a timed DTSTART) is the day it falls
  /// on here, for a rule of days; an hourly one ends at that moment.
  static func rule(_ text: String, timeZone: TimeZone) -> String? {
    guard var recurrence = Recurrence(rrule: text) else { return nil }
    if recurrence.frequency != .hourly, let until = recurrence.until, until.count > 8,
      let instant = Timestamp.parseBasic(until)
    {
      recurrence.until = Recurrence.dayText(LocalCalendar(timeZone: timeZone).day(of: instant))
    }
    return recurrence.rrule
  }
}
