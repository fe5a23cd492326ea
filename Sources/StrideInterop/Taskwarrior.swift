import Foundation
import StrideBase
import StrideModel
import StrideProtocol

/// Taskwarrior's `task export` / `task import` JSON: an array of tasks. Docs/interop.md says how each field maps.
enum Taskwarrior {
  /// The fields Stride reads and writes. Unknown fields (urgency, id, UDAs other than energy and estimate) are
  /// left alone.
  struct Item: Codable {
    var uuid: String?
    var description: String?
    var status: String?
    var entry: String?
    var modified: String?
    var end: String?
    var due: String?
    var wait: String?
    var scheduled: String?
    /// When the task was started (`task start`): a focus session that runs, in an export; not read back, as a
    /// session is this machine's moment, not the task's.
    var start: String?
    var tags: [String]?
    var project: String?
    var priority: String?
    var depends: Depends?
    var annotations: [Annotation]?
    /// A recurrence (`weekly`, `2w`) on a recurring template or its instances; `parent` is an instance's template.
    var recur: String?
    var parent: String?
    /// On a recurring template, the day its series ends (on a one-off task, when it expires: not read).
    var until: String?
    /// Stride's own fields, kept as Taskwarrior UDAs (Taskwarrior keeps attributes it does not know).
    var energy: String?
    var estimate: Minutes?
    /// A waiting task's follow-up, which `wait` cannot always hold (Taskwarrior would hide the task past its due).
    var followup: String?
  }

  /// The `estimate` UDA: written as a number; Taskwarrior, which has no such attribute of its own, exports it back
  /// as a string ("90.000000").
  struct Minutes: Codable {
    var value: Int

    init(_ value: Int) { self.value = value }

    init(from decoder: Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self) {
        value = number
      } else if let number = Double(try container.decode(String.self)), number == number.rounded(),
        abs(number) < 1e9
      {
        value = Int(number)
      } else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "the estimate is not a whole number")
      }
    }

    func encode(to encoder: Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(value)
    }
  }

  struct Annotation: Codable {
    var entry: String?
    var description: String
  }

  /// `depends` is an array of uuids since Taskwarrior 2.6 and a comma-separated string before.
  struct Depends: Codable {
    var uuids: [String]

    init(_ uuids: [String]) { self.uuids = uuids }

    init(from decoder: Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let list = try? container.decode([String].self) {
        uuids = list
      } else {
        uuids = try container.decode(String.self).split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces)
        }
      }
    }

    func encode(to encoder: Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(uuids)
    }
  }

  // MARK: Export

  /// A uuid made from the task's id, so exporting twice gives the same uuids (and re-importing into Taskwarrior
  /// updates instead of duplicating).
  static func uuid(_ id: TaskID) -> String {
    String(format: "00000000-0000-4000-8000-%012llx", id.rawValue)
  }

  static func date(_ date: Date) -> String { Timestamp.basic(date) }

  static func item(_ task: StrideTask) -> Item {
    var item = Item(uuid: uuid(task.id), description: task.title, status: "pending")
    item.entry = date(task.createdAt)
    item.modified = date(task.updatedAt)
    item.due = task.due.map(date)
    item.scheduled = task.start.map(date)
    item.start = task.runningFocus.map { date($0.startedAt) }
    item.tags = task.tags.isEmpty ? nil : task.tags
    item.priority = task.type == .obligation ? "H" : nil
    item.depends = task.blockedBy.isEmpty ? nil : Depends(task.blockedBy.map(uuid))
    item.energy = task.energy.rawValue
    item.estimate = task.estimateMinutes.map(Minutes.init)
    var annotations = task.subtasks.map { step in
      (
        at: step.completedAt ?? task.createdAt, text: (step.done ? "[x] " : "[ ] ") + step.title,
        rank: step.done ? 0 : 2
      )
    }
    switch task.status {
    case .completed:
      item.status = "completed"
      item.end = task.completedAt.map(date)
    case .deferred:
      if let until = task.deferral?.until {
        item.status = "waiting"
        item.wait = date(until)
      }
      if let deferral = task.deferral {
        annotations.append((deferral.at, "deferred: \(deferral.reason.rawValue)", 1))
      }
    case .waiting:
      // A follow-up after the due would hide the task past its due in Taskwarrior: there it waits until the due.
      if let followUp = task.followUp {
        item.status = "waiting"
        item.wait = date(min(followUp, task.due ?? followUp))
        item.followup = date(followUp)
      }
      annotations.append((task.updatedAt, "waiting for: \(task.waitingFor ?? "someone")", 2))
    case .active:
      break
    }
    annotations += task.notes.map { ($0.at, $0.text, 0) }
    item.annotations = annotations.isEmpty ? nil : stamped(annotations)
    return item
  }

  /// Annotations as Taskwarrior keys them, by the second of their `entry`: each has one, and no two of a task share
  /// a second (Taskwarrior would keep one of them). They claim their seconds by rank, each the next free one from
  /// its own: first what keeps its time exactly (rank 0: notes, steps done), then a deferral (1: one that gives way
  /// is at the task's last change, which the import makes it again), then what has no time of its own (2: steps not
  /// done, a wait's note). So a file Stride read, written again, reads back to the same times.
  static func stamped(_ notes: [(at: Date, text: String, rank: Int)]) -> [Annotation] {
    var used = Set<Int>()
    var seconds = [Int](repeating: 0, count: notes.count)
    for rank in 0...2 {
      for (index, note) in notes.enumerated() where note.rank == rank {
        seconds[index] = Int(note.at.timeIntervalSince1970.rounded(.down))
        while !used.insert(seconds[index]).inserted { seconds[index] += 1 }
      }
    }
    return zip(notes, seconds).map { note, second in
      Annotation(entry: date(Date(timeIntervalSince1970: Double(second))), description: note.text)
    }
  }

  static func data(_ tasks: [StrideTask]) throws(StrideError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      // One task per line inside the array, as `task export` writes it.
      let lines = try tasks.map { String(decoding: try encoder.encode(item($0)), as: UTF8.self) }
      return Data(("[\n" + lines.joined(separator: ",\n") + "\n]\n").utf8)
    } catch {
      throw StrideError(.internalError, "the export could not be written: \(error)")
    }
  }

  // MARK: Import

  /// Reads `20261121T090000Z` (and, from other tools, RFC 3339).
  static func date(_ text: String?) -> Date? { text.flatMap(Timestamp.parseBasic) }

  static func plan(_ data: Data, now: Date, timeZone: TimeZone) throws(StrideError) -> ImportPlan {
    let items: [Item]
    do {
      items = try JSONDecoder().decode([Item].self, from: data)
    } catch {
      throw ImportPlan.unreadable("a Taskwarrior export (the output of 'task export')", error)
    }
    var plan = ImportPlan()
    var ids: [String: TaskID] = [:]
    var depends: [(TaskID, [String])] = []
    // A recurring template and its pending instances are one routine in Stride: the template is imported, due at
    // its earliest pending instance (or its next occurrence), and the instances are not.
    let templates = Set(items.filter { $0.status == "recurring" }.compactMap { $0.uuid?.lowercased() })
    var nextInstance: [String: Date] = [:]
    for item in items where item.status == "pending" {
      guard let parent = item.parent?.lowercased(), let due = date(item.due) else { continue }
      nextInstance[parent] = min(nextInstance[parent] ?? due, due)
    }
    var counts = (annotated: 0, projects: 0, unreadRules: 0, started: 0)
    for (index, item) in items.enumerated() {
      // One line, as `stride add` makes it: a tab, a newline or an escape that `task add` let in is a space.
      let title = StrideTask.words(item.description ?? "").joined(separator: " ")
      if let reason = skipReason(item, title: title, templates: templates) {
        plan.skip(item.uuid.map { "uuid \($0)" } ?? "entry \(index + 1)", reason)
        continue
      }
      let id = TaskID(Int64(plan.tasks.count + 1))
      let project = item.project.flatMap(projectTag)
      var task = task(item, id: id, title: title, project: project, now: now)
      counts.annotated += item.annotations?.count ?? 0
      if project != nil { counts.projects += 1 }
      if item.start != nil, item.status != "completed" { counts.started += 1 }
      if let recur = item.recur, item.status != "completed" {
        if var rule = RecurrenceReader.taskwarrior(recur) {
          // A template's `until` is the series' end: the routine stops there, as Taskwarrior's does.
          if item.status == "recurring", let until = date(item.until) {
            rule.until = Recurrence.dayText(LocalCalendar(timeZone: timeZone).day(of: until))
          }
          task.recurrence = rule
          if let next = item.uuid.flatMap({ nextInstance[$0.lowercased()] }) {
            task.due = next
          } else if let due = task.due, due < now {
            task.due = rule.next(after: now, anchor: due, in: LocalCalendar(timeZone: timeZone))
          }
        } else {
          counts.unreadRules += 1
        }
      }
      if let uuid = item.uuid { ids[uuid.lowercased()] = id }
      if let uuids = item.depends?.uuids, !uuids.isEmpty { depends.append((id, uuids)) }
      plan.tasks.append(task)
    }
    let dropped = link(&plan.tasks, depends, ids: ids)
    plan.notes += notes(counts, dropped: dropped)
    return plan
  }

  /// Why an item is not imported, or nil when it is.
  private static func skipReason(_ item: Item, title: String, templates: Set<String>) -> String? {
    guard !title.isEmpty else { return "it has no description" }
    guard (try? StrideTask.checkedTitle(title)) != nil else { return "its description is too long for a Stride title" }
    switch item.status ?? "pending" {
    case "deleted": return "it is deleted in Taskwarrior"
    case "recurring": return nil
    case "pending", "waiting", "completed":
      guard let parent = item.parent?.lowercased(), templates.contains(parent) else { return nil }
      return "it is one occurrence of a recurring task, which is imported once as a routine"
    case let other: return "its status '\(other)' is not one Taskwarrior writes"
    }
  }

  /// An item as a Stride task: annotations kept in its raw text, its project's tag among its tags, `H` an obligation,
  /// done or waiting as it was (a wait still to come is a wrong-time deferral to its end).
  private static func task(_ item: Item, id: TaskID, title: String, project: String?, now: Date) -> StrideTask {
    let created = date(item.entry) ?? now
    let (steps, notes, marks) = readAnnotations(item.annotations ?? [], created: created)
    var tags = (item.tags ?? []).compactMap { try? StrideTask.checkedTags([$0]).first }
    if let project, !tags.contains(project) { tags.append(project) }
    var task = StrideTask(
      id: id, title: title, rawInput: title,
      energy: item.energy.flatMap(EnergyLevel.init(rawValue:)) ?? .medium,
      estimateMinutes: item.estimate.flatMap {
        (1...StrideTask.maximumEstimateMinutes).contains($0.value) ? $0.value : nil
      },
      type: item.priority == "H" ? .obligation : .chore, due: date(item.due), start: date(item.scheduled),
      tags: tags, createdAt: created, updatedAt: max(created, date(item.modified) ?? created))
    (task.subtasks, task.notes) = (steps, notes)
    let wait = date(item.wait).flatMap { $0 > now ? $0 : nil }
    if item.status == "completed" {
      task.status = .completed
      task.completedAt = date(item.end) ?? task.updatedAt
    } else if let waitingFor = marks.waitingFor {
      // Stride's own export of a waiting task: waiting again, for the same thing, with its follow-up.
      task.status = .waiting
      task.waitingFor = waitingFor
      task.followUp = date(item.followup) ?? wait
    } else if wait != nil || (marks.reason != nil && item.wait == nil) {
      // Put off: until the wait ends, for the reason Stride's export wrote (a wait alone is a wrong time); a
      // reason without a wait (unsure, no energy) puts it off with no time. A wait already past has ended it.
      let at = marks.reasonAt ?? task.updatedAt
      if let wait, task.updatedAt >= wait { task.updatedAt = min(now, wait.addingTimeInterval(-1)) }
      let deferral = Deferral(reason: marks.reason ?? .wrongTime, at: min(at, task.updatedAt), until: wait)
      task.status = .deferred
      task.deferral = deferral
      task.deferrals = [deferral]
    }
    return task
  }

  /// A project as a tag: "Home Repairs" is `home-repairs`; nil when it cannot be one.
  private static func projectTag(_ project: String) -> String? {
    try? StrideTask.checkedTags([project.replacingOccurrences(of: " ", with: "-")]).first
  }

  /// Dependencies by UUID made into dependencies by id, between open tasks in the file; how many were left out.
  private static func link(_ tasks: inout [StrideTask], _ depends: [(TaskID, [String])], ids: [String: TaskID]) -> Int {
    var dropped = 0
    for (id, uuids) in depends {
      let index = Int(id.rawValue) - 1
      for uuid in uuids {
        if let blocker = ids[uuid.lowercased()], tasks[Int(blocker.rawValue) - 1].status != .completed,
          tasks[index].status != .completed
        {
          tasks[index].blockedBy.append(blocker)
        } else {
          dropped += 1
        }
      }
    }
    return dropped
  }

  /// What Stride's export wrote as annotations for a task put off or waiting: `deferred: REASON` (and when),
  /// `waiting for: NOTE`.
  private typealias Marks = (reason: DeferReason?, reasonAt: Date?, waitingFor: String?)

  /// Annotations as steps (`[ ] step` and `[x] step`, as Stride writes them) and notes, each dated by its entry, and
  /// what Stride's own export says of a deferral or a wait, which the item's status and wait bring back. Each gets a
  /// second of its own, as Taskwarrior keys annotations and the export writes them (`stamped`): one without a
  /// readable entry, dated by the task's, or two in one second, take the next free second, so a file read, written
  /// and read again is the same.
  private static func readAnnotations(_ annotations: [Annotation], created: Date) -> ([Subtask], [Note], Marks) {
    var steps: [Subtask] = []
    var notes: [Note] = []
    var marks: Marks = (nil, nil, nil)
    var used = Set<Int>()
    for annotation in annotations {
      let text = annotation.description
      var second = Int((date(annotation.entry) ?? created).timeIntervalSince1970.rounded(.down))
      while !used.insert(second).inserted { second += 1 }
      let at = Date(timeIntervalSince1970: Double(second))
      if text.hasPrefix("[ ] ") || text.hasPrefix("[x] "),
        let title = try? StrideTask.checkedTitle(String(text.dropFirst(4)))
      {
        let done = text.hasPrefix("[x]")
        steps.append(Subtask(title: title, done: done, completedAt: done ? at : nil))
      } else if text.hasPrefix("waiting for: ") {
        marks.waitingFor = String(text.dropFirst(13))
      } else if text.hasPrefix("deferred: "), let reason = DeferReason(rawValue: String(text.dropFirst(10))) {
        (marks.reason, marks.reasonAt) = (reason, at)
      } else if let checked = try? StrideTask.checkedNote(text) {
        notes.append(Note(at: at, text: checked))
      }
    }
    return (steps, notes.sorted { $0.at < $1.at }, marks)
  }

  /// What the import says it did beyond the tasks: annotations kept, projects as tags, what was not read.
  private static func notes(
    _ counts: (annotated: Int, projects: Int, unreadRules: Int, started: Int), dropped: Int
  ) -> [String] {
    var notes: [String] = []
    let (annotated, unreadRules) = (counts.annotated, counts.unreadRules)
    if annotated > 0 {
      notes.append("\(annotated) annotation\(annotated == 1 ? " was" : "s were") kept as notes and steps")
    }
    if counts.projects > 0 {
      notes.append("projects became tags (project Home is the tag home)")
    }
    if unreadRules > 0 {
      notes.append(
        "\(unreadRules) recurrence\(unreadRules == 1 ? " was" : "s were") not one Stride reads, so imported as one-off tasks"
      )
    }
    if counts.started > 0 {
      let tasks = counts.started == 1 ? "1 task was" : "\(counts.started) tasks were"
      notes.append(
        "\(tasks) started in Taskwarrior; a focus session is not made from a file, so start one here with stride start ID"
      )
    }
    if dropped > 0 {
      notes.append(
        "\(dropped) dependenc\(dropped == 1 ? "y on a task that is done or not in the file was" : "ies on tasks that are done or not in the file were") left out"
      )
    }
    return notes
  }
}
