import Foundation
import StrideBase
import StrideCalendar
import StrideJSON
import StrideModel
import StrideProtocol
import StrideWire

extension ImportFormat {
  /// The format the content is in, by its first bytes: a JSON object is a Stride export, a JSON array a Taskwarrior
  /// export, `BEGIN:VCALENDAR` iCalendar, anything else todo.txt. The file's name plays no part.
  public static func detect(_ data: Data) -> ImportFormat {
    if ICalendarReader.looksLikeICalendar(data) { return .ical }
    switch data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
    case UInt8(ascii: "{"): return .stride
    case UInt8(ascii: "["): return .taskwarrior
    default: return .todotxt
    }
  }

  var title: String {
    switch self {
    case .stride: "a Stride export"
    case .taskwarrior: "a Taskwarrior export"
    case .todotxt: "todo.txt"
    case .ical: "iCalendar"
    }
  }
}

/// What an import file was read as: the tasks to store (their ids are provisional, and `blockedBy` refers to these
/// ids), the entries left out and why, and what was mapped in a way worth saying.
public struct ImportPlan: Sendable {
  /// An entry of the file that is not imported.
  public typealias Skipped = ImportSkipped

  public var tasks: [StrideTask] = []
  public var skipped: [Skipped] = []
  /// Mappings a person should know about ("2 annotations were kept in the raw text").
  public var notes: [String] = []

  public init() {}

  /// The error for a file that cannot be read as `what`, saying where it went wrong.
  static func unreadable(_ what: String, _ error: any Error) -> StrideError {
    let detail =
      switch error {
      case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty: "it is not valid JSON"
      case let error as DecodingError: JSONValue.describe(error)
      default: "\(error)"
      }
    return StrideError.invalid("this is not \(what): \(detail)")
  }

  mutating func skip(_ entry: String, _ reason: String) {
    skipped.append(Skipped(entry: entry, reason: reason))
  }

  /// Reads `data` in `format`. `now` and `timeZone` read dates without a time (todo.txt) and decide which waits
  /// are still ahead.
  /// A file whose content is plainly another format than the one claimed is refused, naming both.
  public static func read(
    _ data: Data, format: ImportFormat, now: Date, timeZone: TimeZone
  ) throws(StrideError) -> ImportPlan {
    let detected = ImportFormat.detect(data)
    if detected != format, format == .todotxt || detected == .ical {
      throw StrideError.invalid(
        "this file is \(detected.title), not \(format.title); import it with --from \(detected.rawValue), or without "
          + "--from")
    }
    switch format {
    case .stride: return try StrideExport.plan(data)
    case .taskwarrior: return try Taskwarrior.plan(data, now: now, timeZone: timeZone)
    case .todotxt: return TodoTxt.plan(String(decoding: data, as: UTF8.self), now: now, timeZone: timeZone)
    case .ical: return try ICalendarImport.plan(data, now: now, timeZone: timeZone)
    }
  }
}

/// Writes tasks in an export format.
public enum Exporter {
  /// What a format cannot keep of these tasks, as a sentence; nil when nothing is lost.
  public static func loss(_ tasks: [StrideTask], format: ExportFormat, timeZone: TimeZone) -> String? {
    let calendar = LocalCalendar(timeZone: timeZone)
    func hasTimeOfDay(_ date: Date) -> Bool {
      let clock = calendar.clock(of: date)
      return clock != .startOfDay && clock != .endOfDay
    }
    let (lost, what): (Int, String) =
      switch format {
      case .json: (0, "")
      case .taskwarrior:
        (
          tasks.count(where: { $0.recurrence != nil }),
          "Stride writes no Taskwarrior recurrence, so routines go as one-off tasks"
        )
      case .todotxt:
        (
          tasks.count(where: { task in
            !task.subtasks.isEmpty || !task.blockedBy.isEmpty || task.status == .waiting || !task.deferrals.isEmpty
              || !task.notes.isEmpty || [task.due, task.start].contains { $0.map(hasTimeOfDay) ?? false }
          }), "todo.txt has no steps, notes, times of day, waits, deferral reasons or dependencies"
        )
      case .ical:
        (
          tasks.count(where: { task in
            task.energy != .medium || task.estimateMinutes != nil || !task.deferrals.isEmpty || task.type == .goal
          }), "iCalendar has no energy, estimate, goal type or deferral history"
        )
      }
    guard lost > 0 else { return nil }
    let count = lost == 1 ? "1 task lost detail" : "\(lost) tasks lost detail"
    return "\(what): \(count); --format json keeps everything"
  }

  public static func data(
    _ tasks: [StrideTask], format: ExportFormat, now: Date, timeZone: TimeZone
  ) throws(StrideError) -> Data {
    switch format {
    case .json: try StrideExport.data(tasks, exportedAt: now)
    case .taskwarrior: try Taskwarrior.data(tasks)
    case .todotxt: Data(TodoTxt.text(tasks, timeZone: timeZone).utf8)
    case .ical: Data(ICalendar.text(tasks, now: now, timeZone: timeZone).utf8)
    }
  }
}

/// Stride's own export: `{"format":"stride","version":1,"exportedAt":…,"tasks":[…]}` with every task whole, in
/// its one shape on the wire (`Wire.Task`: deferral history, steps and their times included).
public enum StrideExport {
  struct File: Codable {
    var format: String
    var version: Int
    var exportedAt: Timestamp
    var tasks: [Wire.Task]
  }

  /// The file, with one task per line so it reads well and diffs well.
  static func data(_ tasks: [StrideTask], exportedAt: Date) throws(StrideError) -> Data {
    let lines = tasks.map(line)
    return Data(
      (head(exportedAt: exportedAt)
        + (lines.isEmpty ? "" : TaskExport.beforeFirstTask + lines.joined(separator: TaskExport.betweenTasks))
        + end(afterTasks: !lines.isEmpty)).utf8)
  }

  /// What the file starts with, up to its first task (which comes on a line of its own, after "\n").
  public static func head(exportedAt: Date) -> String {
    #"{"exportedAt":"\#(Timestamp.format(exportedAt))","format":"stride","version":1,"tasks":["#
  }

  /// One task's line: the task whole, in its one shape on the wire.
  public static func line(_ task: StrideTask) -> String { String(decoding: Wire.Task(task).jsonBytes, as: UTF8.self) }

  /// What the file ends with, after its last task's line (or straight after `head` when it has none).
  public static func end(afterTasks: Bool) -> String { (afterTasks ? "\n" : "") + "]}\n" }

  static func plan(_ data: Data) throws(StrideError) -> ImportPlan {
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch {
      throw ImportPlan.unreadable("a Stride export", error)
    }
    guard file.format == "stride", file.version == 1 else {
      throw StrideError.invalid(
        "this is a '\(file.format)' export, version \(file.version); this Stride reads Stride exports of version 1")
    }
    var plan = ImportPlan()
    plan.tasks = try file.tasks.map { task throws(StrideError) in try StrideTask(task) }
    return plan
  }
}
