import Foundation
import StrideModel
import StrideProtocol

/// Reads iCalendar (RFC 5545) files: the VTODO components become tasks, the way calendar and reminder apps write
/// them (Thunderbird, Apple Reminders, Tasks.org through DAVx⁵, Stride's own `export --format ical`). Sync reads
/// server bodies with the same code. Docs/interop.md says how each property maps.
enum ICalendarReader {
  /// One content line: `NAME;PARAM=VALUE:value`, with the name and parameters upper-cased.
  struct Property: Equatable {
    var name: String
    var parameters: [String: String]
    var value: String
  }

  /// One component: its properties and the components inside it.
  struct Component {
    var name: String
    var properties: [Property] = []
    var children: [Component] = []

    func first(_ name: String) -> Property? { properties.first { $0.name == name } }
    func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }
  }

  /// Whether the text is an iCalendar object (its first line opens a VCALENDAR).
  static func looksLikeICalendar(_ data: Data) -> Bool {
    let head = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return head.uppercased().hasPrefix("BEGIN:VCALENDAR")
  }

  /// Lines unfolded (a line that starts with a space or a tab continues the one before), without their CR.
  static func unfold(_ text: String) -> [String] {
    var lines: [String] = []
    // "\r\n" is one Character in Swift: split on both forms, and on a bare CR, which a content line cannot hold.
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { "\n\r".contains($0) || $0 == "\r\n" }) {
      let line = Substring(raw)
      if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
        lines[lines.count - 1] += line.dropFirst()
      } else if !line.isEmpty {
        lines.append(String(line))
      }
    }
    return lines
  }

  /// A content line; nil when it has no colon after its name.
  static func property(_ line: String) -> Property? {
    var inQuotes = false
    var colon: String.Index?
    for index in line.indices {
      let character = line[index]
      if character == "\"" { inQuotes.toggle() }
      if character == ":" && !inQuotes {
        colon = index
        break
      }
    }
    guard let colon else { return nil }
    let head = line[..<colon].split(separator: ";")
    guard let name = head.first, !name.isEmpty else { return nil }
    var parameters: [String: String] = [:]
    for parameter in head.dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { continue }
      parameters[pair[0].uppercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }
    return Property(name: name.uppercased(), parameters: parameters, value: String(line[line.index(after: colon)...]))
  }

  /// The components of the text, nested as written; an unbalanced BEGIN/END is an error that names its line.
  static func components(_ text: String) throws(StrideError) -> [Component] {
    var stack: [Component] = []
    var top: [Component] = []
    for (number, line) in unfold(text).enumerated() {
      guard let property = property(line) else {
        throw StrideError.invalid("this is not iCalendar: line \(number + 1) has no ':' (\(line.prefix(40)))")
      }
      switch property.name {
      case "BEGIN":
        stack.append(Component(name: property.value.uppercased()))
      case "END":
        guard let component = stack.popLast(), component.name == property.value.uppercased() else {
          throw StrideError.invalid(
            "this is not iCalendar: END:\(property.value.prefix(20)) on line \(number + 1) closes nothing")
        }
        if stack.isEmpty { top.append(component) } else { stack[stack.count - 1].children.append(component) }
      default:
        guard !stack.isEmpty else {
          throw StrideError.invalid("this is not iCalendar: line \(number + 1) is outside BEGIN:VCALENDAR")
        }
        stack[stack.count - 1].properties.append(property)
      }
    }
    guard stack.isEmpty else {
      throw StrideError.invalid("this iCalendar file ends inside \(stack.last!.name.prefix(20)); it may be cut short")
    }
    return top
  }

  /// TEXT values: `\n`, `\,`, `\;` and `\\` unescaped.
  static func unescape(_ text: String) -> String {
    var result = ""
    var escaped = false
    for character in text {
      if escaped {
        result.append(character == "n" || character == "N" ? "\n" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\r" || character == "\r\n" {
        // TEXT has no carriage return (RFC 5545); a stray one is a line break, as Stride writes it.
        result.append("\n")
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// A DATE or DATE-TIME value: UTC (`…Z`), with a TZID, or floating (read in `timeZone`). A DATE alone is that
  /// day at `dateOnly`.
  static func date(_ property: Property, timeZone: TimeZone, dateOnly: ClockTime) -> Date? {
    let value = property.value.trimmingCharacters(in: .whitespaces)
    let zone = property.parameters["TZID"].flatMap(TimeZone.init(identifier:)) ?? timeZone
    let calendar = LocalCalendar(timeZone: zone)
    let digits = Array(value.utf8)
    func number(_ range: Range<Int>) -> Int? { Int(String(decoding: digits[range], as: UTF8.self)) }
    guard digits.count >= 8, let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
      let civil = CivilDate(year: year, month: month, day: day)
    else { return nil }
    if digits.count == 8 { return calendar.date(civil, dateOnly) }
    guard digits.count >= 15, digits[8] == UInt8(ascii: "T"), let hour = number(9..<11),
      let minute = number(11..<13), let second = number(13..<15), let clock = ClockTime(hour: hour, minute: minute)
    else { return nil }
    if value.hasSuffix("Z") { return Taskwarrior.date(String(value.prefix(15)) + "Z") }
    return calendar.date(civil, clock).addingTimeInterval(TimeInterval(second))
  }

  /// The tasks of an iCalendar file: each VTODO a task, except those that are another's child (RELATED-TO with
  /// RELTYPE=PARENT, how Tasks.org and Thunderbird write subtasks): those become steps of their parent.
  static func plan(_ data: Data, now: Date, timeZone: TimeZone) throws(StrideError) -> ImportPlan {
    guard looksLikeICalendar(data) else {
      throw StrideError.invalid("this is not iCalendar: it does not begin with BEGIN:VCALENDAR")
    }
    let calendars = try components(String(decoding: data, as: UTF8.self)).filter { $0.name == "VCALENDAR" }
    var plan = ImportPlan()
    let children = calendars.flatMap(\.children)
    let todos = children.filter { $0.name == "VTODO" }
    let others = children.count(where: { $0.name == "VEVENT" || $0.name == "VJOURNAL" })
    if others > 0 {
      plan.notes.append(
        "\(others == 1 ? "1 event or journal entry was" : "\(others) events or journal entries were") left out: Stride imports tasks (VTODO)"
      )
    }
    let uids = todos.map { $0.first("UID")?.value }
    var stepsOf: [Int: [Subtask]] = [:]
    var taskIndex: [Int: Int] = [:]
    for (index, todo) in todos.enumerated() {
      let summary = unescape(todo.first("SUMMARY")?.value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
      let entry = todo.first("UID").map { "UID \($0.value.prefix(40))" } ?? "VTODO \(index + 1)"
      let status = todo.first("STATUS")?.value.uppercased()
      if status == "CANCELLED" {
        plan.skip(entry, "it was cancelled")
        continue
      }
      guard !summary.isEmpty else {
        plan.skip(entry, "it has no SUMMARY (no title)")
        continue
      }
      let title: String
      do {
        title = try StrideTask.checkedTitle(summary)
      } catch {
        plan.skip(entry, error.message)
        continue
      }
      let completedAt = todo.first("COMPLETED").flatMap { date($0, timeZone: timeZone, dateOnly: .startOfDay) }
      if let parent = parentIndex(todo, in: uids), parent != index {
        stepsOf[parent, default: []].append(
          Subtask(
            title: title, done: status == "COMPLETED", completedAt: status == "COMPLETED" ? completedAt ?? now : nil))
        continue
      }
      let task = importedTask(
        todo, id: TaskID(Int64(plan.tasks.count + 1)), title: title, summary: summary, entry: entry,
        completedAt: completedAt, now: now, timeZone: timeZone, notes: &plan.notes)
      taskIndex[index] = plan.tasks.count
      plan.tasks.append(task)
    }
    link(&plan, steps: stepsOf, taskIndex: taskIndex, todos: todos, uids: uids)
    let lost = plan.tasks.count(where: { $0.rawInput != $0.title })
    if lost > 0 {
      plan.notes.append(
        "the notes of \(lost == 1 ? "1 task were" : "\(lost) tasks were") kept in the text it was captured from")
    }
    return plan
  }

  /// Where in `uids` the parent of a VTODO is (RELATED-TO, whose RELTYPE is PARENT when it has none).
  private static func parentIndex(_ todo: Component, in uids: [String?]) -> Int? {
    guard
      let related = todo.all("RELATED-TO").first(where: {
        ($0.parameters["RELTYPE"] ?? "PARENT").uppercased() == "PARENT"
      })
    else { return nil }
    return uids.firstIndex(of: related.value)
  }

  /// One VTODO as a task (not a step): its times, PRIORITY as an obligation, CATEGORIES as tags, Stride's own steps
  /// from DESCRIPTION (other apps' notes stay in the raw text), its rule, and what Stride wrote in X-STRIDE-
  /// properties.
  private static func importedTask(
    _ todo: Component, id: TaskID, title: String, summary: String, entry: String, completedAt: Date?, now: Date,
    timeZone: TimeZone, notes: inout [String]
  ) -> StrideTask {
    let status = todo.first("STATUS")?.value.uppercased()
    var task = StrideTask(
      id: id, title: title, rawInput: summary,
      createdAt: todo.first("CREATED").flatMap { date($0, timeZone: timeZone, dateOnly: .startOfDay) } ?? now)
    task.due = todo.first("DUE").flatMap { date($0, timeZone: timeZone, dateOnly: .endOfDay) }
    task.start = todo.first("DTSTART").flatMap { date($0, timeZone: timeZone, dateOnly: .startOfDay) }
    if let priority = todo.first("PRIORITY").flatMap({ Int($0.value) }), (1...4).contains(priority) {
      task.type = .obligation
    }
    let categories = todo.all("CATEGORIES").flatMap { unescapedList($0.value) }
    task.tags =
      (try? StrideTask.checkedTags(categories.map { $0.lowercased().replacingOccurrences(of: " ", with: "-") })) ?? []
    if let description = todo.first("DESCRIPTION").map({ unescape($0.value) }) {
      // Stride's own export writes steps as "[ ] step" lines; other apps' notes stay in the raw text.
      for line in description.split(separator: "\n") {
        if line.hasPrefix("[ ] ") || line.hasPrefix("[x] ") {
          task.subtasks.append(
            Subtask(
              title: String(line.dropFirst(4)), done: line.hasPrefix("[x]"),
              completedAt: line.hasPrefix("[x]") ? now : nil))
        }
      }
      if task.subtasks.isEmpty { task.rawInput = summary + "\n" + description }
    }
    if let rule = todo.first("RRULE")?.value {
      let afterDone = todo.first("X-STRIDE-REPEAT-AFTER-DONE")?.value.uppercased() == "TRUE"
      if let recurrence = Recurrence(rrule: rule, afterDone: afterDone) {
        task.recurrence = recurrence
      } else {
        notes.append("\(entry) repeats as \(rule), which Stride cannot keep; it was imported as a one-off")
      }
    }
    if todo.properties.contains(where: { $0.name.hasPrefix("X-STRIDE-") }),
      let fields = try? VTodo.read(todo, timeZone: timeZone).fields
    {
      // Written by Stride (an export, or a sync server): what iCalendar has no property for comes back too.
      (task.energy, task.estimateMinutes, task.type, task.rawInput) = (
        fields.energy, fields.estimate, fields.type, fields.note
      )
    }
    if status == "COMPLETED" {
      task.status = .completed
      task.completedAt = completedAt ?? now
    }
    task.updatedAt = task.completedAt ?? task.createdAt
    return task
  }

  /// Steps under their parent task, and dependencies (RELATED-TO;RELTYPE=DEPENDS-ON) between the tasks imported.
  private static func link(
    _ plan: inout ImportPlan, steps stepsOf: [Int: [Subtask]], taskIndex: [Int: Int], todos: [Component],
    uids: [String?]
  ) {
    for (parent, steps) in stepsOf {
      guard let position = taskIndex[parent] else {
        plan.skip("\(steps.count) subtasks", "their parent task was left out")
        continue
      }
      plan.tasks[position].subtasks += steps
    }
    for (index, todo) in todos.enumerated() {
      guard let position = taskIndex[index] else { continue }
      for related in todo.all("RELATED-TO") where related.parameters["RELTYPE"]?.uppercased() == "DEPENDS-ON" {
        if let other = uids.firstIndex(of: related.value).flatMap({ taskIndex[$0] }) {
          plan.tasks[position].blockedBy.append(plan.tasks[other].id)
        }
      }
    }
  }

  /// A list value split on unescaped commas.
  static func unescapedList(_ value: String) -> [String] {
    var items: [String] = []
    var current = ""
    var escaped = false
    for character in value {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "," {
        items.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    items.append(current)
    return items.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}
