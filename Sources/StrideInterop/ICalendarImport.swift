import Foundation
import StrideBase
import StrideCalendar
import StrideModel
import StrideProtocol

/// An iCalendar file as tasks to import, the way calendar and reminder apps write them (Thunderbird, Apple
/// Reminders, Tasks.org through DAVx⁵, Stride's own `export --format ical`). Each VTODO is read as sync reads a
/// server's (`VTodo.read`): a VTODO that is another's child (RELATED-TO with RELTYPE=PARENT, how Tasks.org and
/// Thunderbird write subtasks) becomes a step of its parent, and DEPENDS-ON links the tasks imported together.
enum ICalendarImport {
  /// One VTODO that is imported: as read, and where it came from in the file.
  private struct Entry {
    var parsed: VTodo.Parsed
    var name: String
    var title: String
    var rule: String?

    /// When it was done: as its app said, else (no COMPLETED, no LAST-MODIFIED) when it arrived.
    func doneAt(_ now: Date) -> Date {
      parsed.fields.state.completedAt.flatMap { $0.timeIntervalSince1970 == 0 ? nil : $0 } ?? now
    }
  }

  static func plan(_ data: Data, now: Date, timeZone: TimeZone) throws(StrideError) -> ImportPlan {
    guard ICalendarReader.looksLikeICalendar(data) else {
      throw StrideError.invalid("this is not iCalendar: it does not begin with BEGIN:VCALENDAR")
    }
    let calendars = try ICalendarReader.components(String(decoding: data, as: UTF8.self))
      .filter { $0.name == "VCALENDAR" }
    var plan = ImportPlan()
    let children = calendars.flatMap(\.children)
    let others = children.count(where: { $0.name == "VEVENT" || $0.name == "VJOURNAL" })
    if others > 0 {
      plan.notes.append(
        "\(others == 1 ? "1 event or journal entry was" : "\(others) events or journal entries were") left out: Stride imports tasks (VTODO)"
      )
    }
    let todos = children.filter { $0.name == "VTODO" }
    // A VTODO whose parent is in the file is a step, even when that parent is left out (then so is the step).
    let uids = Set(todos.compactMap { $0.first("UID")?.value.trimmingCharacters(in: .whitespaces) })
    var tasks: [Entry] = []
    var steps: [Entry] = []
    for (index, todo) in todos.enumerated() {
      guard let entry = entry(todo, index: index, timeZone: timeZone, plan: &plan) else { continue }
      if let parent = entry.parsed.parent, uids.contains(parent) { steps.append(entry) } else { tasks.append(entry) }
    }
    var ids: [String: TaskID] = [:]
    for (number, entry) in tasks.enumerated() { ids[entry.parsed.uid] = TaskID(Int64(number + 1)) }
    plan.tasks = tasks.map { task($0, id: ids[$0.parsed.uid]!, ids: ids, now: now, notes: &plan.notes) }
    attachSteps(steps, ids: ids, now: now, to: &plan)
    let kept = plan.tasks.count(where: { $0.rawInput != $0.title })
    if kept > 0 {
      plan.notes.append(
        kept == 1
          ? "1 task's description was kept as the words it was captured from (Captured as, in stride show)"
          : "\(kept) tasks' descriptions were kept as the words they were captured from (Captured as, in stride show)")
    }
    return plan
  }

  /// A VTODO read, or nil with the reason it is left out in the plan: cancelled, without a title, or a title Stride
  /// cannot keep. One without a UID (a hand-written file) is named by its place.
  private static func entry(
    _ todo: ICalendarReader.Component, index: Int, timeZone: TimeZone, plan: inout ImportPlan
  ) -> Entry? {
    var todo = todo
    let uid = todo.first("UID")?.value.trimmingCharacters(in: .whitespaces) ?? ""
    let name = uid.isEmpty ? "VTODO \(index + 1)" : "UID \(uid.prefix(40))"
    if uid.isEmpty { todo.properties.append(.init(name: "UID", parameters: [:], value: "vtodo-\(index + 1)")) }
    let summary = ICalendarReader.unescape(todo.first("SUMMARY")?.value ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let parsed: VTodo.Parsed
    let title: String
    do {
      parsed = try VTodo.read(todo, timeZone: timeZone)
      guard !parsed.cancelled else {
        plan.skip(name, "it was cancelled")
        return nil
      }
      guard !summary.isEmpty else {
        plan.skip(name, "it has no SUMMARY (no title)")
        return nil
      }
      title = try StrideTask.checkedTitle(summary)
    } catch {
      plan.skip(name, error.message)
      return nil
    }
    return Entry(parsed: parsed, name: name, title: title, rule: todo.first("RRULE")?.value)
  }

  /// One VTODO as a task: its fields as sync reads them, steps an older Stride export wrote into DESCRIPTION as
  /// `[ ] step` lines, and a note when its rule is one Stride cannot keep.
  private static func task(
    _ entry: Entry, id: TaskID, ids: [String: TaskID], now: Date, notes: inout [String]
  ) -> StrideTask {
    let fields = entry.parsed.fields
    var task = StrideTask(id: id, title: entry.title, rawInput: entry.title, createdAt: entry.parsed.created ?? now)
    fields.apply(to: &task, id: { ids[$0] })
    task.title = entry.title
    let lines = fields.note.split(separator: "\n")
    let written = lines.filter { $0.hasPrefix("[ ] ") || $0.hasPrefix("[x] ") }
    if !written.isEmpty {
      task.rawInput = entry.title
      task.subtasks += written.map {
        Subtask(title: String($0.dropFirst(4)), done: $0.hasPrefix("[x]"), completedAt: $0.hasPrefix("[x]") ? now : nil)
      }
    }
    if let rule = entry.rule, task.recurrence == nil {
      notes.append("\(entry.name) repeats as \(rule), which Stride cannot keep; it was imported as a one-off")
    }
    if task.status == .completed { task.completedAt = entry.doneAt(now) }
    task.updatedAt = task.completedAt ?? task.createdAt
    return task
  }

  /// The steps under their parent task, in their apps' order.
  private static func attachSteps(_ steps: [Entry], ids: [String: TaskID], now: Date, to plan: inout ImportPlan) {
    let byParent = Dictionary(grouping: steps, by: { $0.parsed.parent ?? "" })
    for (parent, group) in byParent {
      guard let id = ids[parent], let position = plan.tasks.firstIndex(where: { $0.id == id }) else {
        plan.skip(
          group.count == 1 ? "1 subtask" : "\(group.count) subtasks",
          group.count == 1 ? "its parent task was left out" : "their parent task was left out")
        continue
      }
      plan.tasks[position].subtasks += VTodo.Parsed.inStepOrder(group, \.parsed).map { entry in
        let done = entry.parsed.step.done
        return Subtask(title: entry.title, done: done, completedAt: done ? entry.doneAt(now) : nil)
      }
    }
  }
}
