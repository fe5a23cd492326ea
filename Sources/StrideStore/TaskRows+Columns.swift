import Foundation
import StrideBase
import StrideModel

/// The columns of `tasks`, in the order they are written and read: a task's shape in storage, written once. The
/// upsert's SQL, the values it binds and the positions the reader reads all come from here, and the switches have
/// no default, so a column added here without its name or its value does not compile. (The child tables, one row per
/// step, tag, dependency, deferral and note, are written and read beside it.)
enum TaskColumn: Int32, CaseIterable {
  case id, title, rawInput, energy, estimateMinutes, status, type, due, waitingFor, deferralReason, deferralAt
  case deferralUntil, createdAt, updatedAt, completedAt, start, followUp, deferralEnergy, repeatRule, repeatAfterDone
  case pinned, repeatMissed, list, spentSeconds

  /// The SQL that finds a list's id by the name bound to it, else the default list's.
  static let listByName =
    "COALESCE((SELECT id FROM lists WHERE name = ?), (SELECT id FROM lists WHERE is_default = 1))"

  /// The column's name in the schema.
  var name: String {
    switch self {
    case .id: "id"
    case .title: "title"
    case .rawInput: "raw_input"
    case .energy: "energy"
    case .estimateMinutes: "estimate_minutes"
    case .status: "status"
    case .type: "type"
    case .due: "due"
    case .waitingFor: "waiting_for"
    case .deferralReason: "deferral_reason"
    case .deferralAt: "deferral_at"
    case .deferralUntil: "deferral_until"
    case .createdAt: "created_at"
    case .updatedAt: "updated_at"
    case .completedAt: "completed_at"
    case .start: "start"
    case .followUp: "follow_up"
    case .deferralEnergy: "deferral_energy"
    case .repeatRule: "repeat_rule"
    case .repeatAfterDone: "repeat_after_done"
    case .pinned: "pinned"
    case .repeatMissed: "repeat_missed"
    case .list: "list_id"
    case .spentSeconds: "spent_seconds"
    }
  }

  /// What the column holds of `task` (the list by its name, which `listByName` turns into its id).
  func value(of task: StrideTask) -> SQLiteValue {
    switch self {
    case .id: .integer(task.id.rawValue)
    case .title: .text(task.title)
    case .rawInput: .text(task.rawInput)
    case .energy: .text(task.energy.rawValue)
    case .estimateMinutes: .int(task.estimateMinutes)
    case .status: .text(task.status.rawValue)
    case .type: .text(task.type.rawValue)
    case .due: .date(task.due)
    case .waitingFor: .string(task.waitingFor)
    case .deferralReason: .string(task.deferral?.reason.rawValue)
    case .deferralAt: .date(task.deferral?.at)
    case .deferralUntil: .date(task.deferral?.until)
    case .createdAt: .date(task.createdAt)
    case .updatedAt: .date(task.updatedAt)
    case .completedAt: .date(task.completedAt)
    case .start: .date(task.start)
    case .followUp: .date(task.followUp)
    case .deferralEnergy: .string(task.deferral?.energy?.rawValue)
    case .repeatRule: .string(task.recurrence?.stored)
    case .repeatAfterDone: .int(task.recurrence?.afterDone == true ? 1 : 0)
    case .pinned: .int(task.pinned ? 1 : 0)
    case .repeatMissed: .int(task.missed)
    case .list: .string(task.list)
    case .spentSeconds: .int(task.spentSeconds)
    }
  }
}

extension TaskRows {
  /// The words the energy, status and type columns hold.
  static let energies = ColumnWords(EnergyLevel.allCases)
  static let statuses = ColumnWords(TaskStatus.allCases)
  static let types = ColumnWords(TaskType.allCases)

  /// A task from its row of `tasks` (in `TaskColumn` order) and the rows of its child tables.
  static func task(
    from row: SQLiteStatement, subtasks: [Subtask], tags: [String], blockedBy: [TaskID], deferrals: [Deferral],
    list: String?
  ) throws(StrideError) -> StrideTask {
    func text(_ column: TaskColumn) -> String { row.text(column.rawValue) }
    func optionalText(_ column: TaskColumn) -> String? { row.optionalText(column.rawValue) }
    func date(_ column: TaskColumn) -> Date? { row.optionalDate(column.rawValue) }
    let id = row.int64(TaskColumn.id.rawValue)
    guard let energy = row.word(TaskColumn.energy.rawValue, in: Self.energies),
      let status = row.word(TaskColumn.status.rawValue, in: Self.statuses),
      let type = row.word(TaskColumn.type.rawValue, in: Self.types)
    else {
      throw StrideError(.storageFailed, "task \(id) has a value this Stride does not know; upgrade Stride")
    }
    var deferral: Deferral?
    if let reasonText = optionalText(.deferralReason) {
      guard let reason = DeferReason(rawValue: reasonText) else {
        throw StrideError(.storageFailed, "task \(id) has an unknown defer reason '\(reasonText)'")
      }
      deferral = Deferral(
        reason: reason, at: row.date(TaskColumn.deferralAt.rawValue), until: date(.deferralUntil),
        energy: optionalText(.deferralEnergy).flatMap(EnergyLevel.init(rawValue:)))
    }
    var recurrence: Recurrence?
    if let rule = optionalText(.repeatRule) {
      guard let parsed = Recurrence(rrule: rule, afterDone: row.int(TaskColumn.repeatAfterDone.rawValue) != 0) else {
        throw StrideError(.storageFailed, "task \(id) has a repeat rule this Stride does not know: \(rule)")
      }
      recurrence = parsed
    }
    // A thought captured with no time, tag or step in it is its title: the two share one string.
    let title = text(.title)
    let rawInput =
      row.sameText(TaskColumn.title.rawValue, TaskColumn.rawInput.rawValue) ? title : text(.rawInput)
    return StrideTask(
      id: TaskID(id), title: title, rawInput: rawInput, energy: energy,
      estimateMinutes: row.optionalInt(TaskColumn.estimateMinutes.rawValue), status: status, type: type,
      subtasks: subtasks, blockedBy: blockedBy, due: date(.due), start: date(.start), tags: tags, deferral: deferral,
      deferrals: deferrals, waitingFor: optionalText(.waitingFor), followUp: date(.followUp),
      createdAt: row.date(TaskColumn.createdAt.rawValue), updatedAt: row.date(TaskColumn.updatedAt.rawValue),
      completedAt: date(.completedAt), recurrence: recurrence, pinned: row.int(TaskColumn.pinned.rawValue) != 0,
      missed: row.int(TaskColumn.repeatMissed.rawValue), list: list,
      spentSeconds: row.int(TaskColumn.spentSeconds.rawValue))
  }
}
