import Foundation

/// The formats `stride export` writes.
public enum ExportFormat: String, WireEnum, Sendable {
  /// Stride's own: every field of every task, re-importable as it was.
  case json
  /// Taskwarrior's `task import` JSON.
  case taskwarrior
  /// One line per task, as todo.txt has it.
  case todotxt
  /// iCalendar VTODO components (RFC 5545), for calendar and reminder apps.
  case ical
}

/// The formats `stride import` reads.
public enum ImportFormat: String, WireEnum, Sendable {
  case stride
  case taskwarrior
  case todotxt
}

/// What an import file was read as: the tasks to store (their ids are provisional, and `blockedBy` refers to these
/// ids), the entries left out and why, and what was mapped in a way worth saying.
public struct ImportPlan: Sendable {
  /// An entry of the file that is not imported.
  public struct Skipped: Equatable, Sendable, Codable {
    /// The entry as a person finds it in the file ("line 4", "uuid 0f1c…").
    public var entry: String
    public var reason: String
  }

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
  public static func read(
    _ data: Data, format: ImportFormat, now: Date, timeZone: TimeZone = .current
  ) throws(StrideError) -> ImportPlan {
    switch format {
    case .stride: try StrideExport.plan(data)
    case .taskwarrior: try Taskwarrior.plan(data, now: now)
    case .todotxt: TodoTxt.plan(String(decoding: data, as: UTF8.self), now: now, timeZone: timeZone)
    }
  }
}

/// Writes tasks in an export format.
public enum Exporter {
  public static func data(
    _ tasks: [StrideTask], format: ExportFormat, now: Date, timeZone: TimeZone = .current
  ) throws(StrideError) -> Data {
    switch format {
    case .json: try StrideExport.data(tasks, exportedAt: now)
    case .taskwarrior: try Taskwarrior.data(tasks)
    case .todotxt: Data(TodoTxt.text(tasks, timeZone: timeZone).utf8)
    case .ical: Data(ICalendar.text(tasks, now: now).utf8)
    }
  }
}

/// Stride's own export: `{"format":"stride","version":1,"exportedAt":…,"tasks":[…]}` with every task whole, as
/// the protocol sends it (deferral history, steps and their times included).
enum StrideExport {
  struct File: Codable {
    var format: String
    var version: Int
    var exportedAt: Timestamp
    var tasks: [StrideTask]
  }

  /// The file, with one task per line so it reads well and diffs well.
  static func data(_ tasks: [StrideTask], exportedAt: Date) throws(StrideError) -> Data {
    let encoder = WireEncoder()
    do {
      let lines = try tasks.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
      return Data(
        (#"{"exportedAt":"\#(Timestamp.format(exportedAt))","format":"stride","version":1,"tasks":["#
          + (lines.isEmpty ? "" : "\n" + lines.joined(separator: ",\n") + "\n") + "]}\n").utf8)
    } catch {
      throw StrideError(.internalError, "the export could not be written: \(error)")
    }
  }

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
    plan.tasks = file.tasks
    return plan
  }
}
