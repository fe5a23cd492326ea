import Foundation
import StrideCore
import StrideModel
import StrideProtocol

/// `stride export` and `stride import`: tasks out to other tools, and in from them.
extension Session {
  /// What export and import say with `--json`.
  struct InteropSummary: Encodable {
    var format: String
    var file: String?
    var tasks: [TaskID]
    var skipped: [ImportPlan.Skipped]?
    var notes: [String]?
    var renumbered: Bool?
    var dryRun: Bool?
  }

  func export(_ args: CommandArguments) throws {
    try args.noMorePositionals(than: 0, "export")
    let format =
      try args.values["--format"].map { text throws(UsageError) in
        guard let format = ExportFormat(rawValue: text) else {
          throw UsageError("--format '\(text)' is not an export format; use \(ExportFormat.validWords)")
        }
        return format
      } ?? .json
    let tasks = try call(TaskList.self, .init(status: .all)).tasks.sorted { $0.id < $1.id }
    let data = try Exporter.data(tasks, format: format, now: Date())
    let loss = Exporter.loss(tasks, format: format)
    guard let file = args.values["--output"], file != "-" else {
      FileHandle.standardOutput.write(data)
      // On stderr, so the export itself stays clean.
      if let loss, !output.json { note("Note: \(loss).") }
      return
    }
    do {
      try data.write(to: URL(fileURLWithPath: file), options: .atomic)
    } catch {
      throw StrideError(.storageFailed, "could not write \(file) (\(error.localizedDescription)); choose another path")
    }
    let count = tasks.count == 1 ? "1 task" : "\(tasks.count) tasks"
    output.report(
      "Exported \(count) to \(file) as \(format.rawValue)." + (loss.map { " Note: \($0)." } ?? ""),
      json: InteropSummary(format: format.rawValue, file: file, tasks: tasks.map(\.id)))
  }

  func importTasks(_ args: CommandArguments) throws {
    try args.noMorePositionals(than: 1, "import")
    guard let file = args.positionals.first else {
      throw UsageError("import needs a file, like: stride import tasks.json --from taskwarrior ('-' reads stdin)")
    }
    let data: Data
    if file == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      guard let contents = FileManager.default.contents(atPath: file) else {
        throw StrideError(.storageFailed, "could not read \(file); check the path and that you may read it")
      }
      data = contents
    }
    let format =
      try args.values["--from"].map { text throws(UsageError) in
        guard let format = ImportFormat(rawValue: text) else {
          throw UsageError("--from '\(text)' is not a format Stride imports; use \(ImportFormat.validWords)")
        }
        return format
      } ?? ImportFormat.detect(data)
    let plan = try ImportPlan.read(data, format: format, now: Date())
    let name = file == "-" ? "standard input" : file
    guard !plan.tasks.isEmpty else {
      let first = plan.skipped.first.map { " (\($0.entry): \($0.reason))" } ?? ""
      throw StrideError(
        .invalidParams, "\(name) holds no task Stride can import as \(format.rawValue)\(first); check --from")
    }
    let dryRun = args.flags.contains("--dry-run")
    let stored = dryRun ? plan.tasks : try call(TaskImport.self, .init(tasks: plan.tasks)).tasks
    guard !output.json else {
      return output.emit(
        InteropSummary(
          format: format.rawValue, file: name, tasks: stored.map(\.id), skipped: plan.skipped, notes: plan.notes,
          renumbered: dryRun ? nil : stored.map(\.id) != plan.tasks.map(\.id), dryRun: dryRun ? true : nil))
    }
    let count = stored.count == 1 ? "1 task" : "\(stored.count) tasks"
    if dryRun {
      output.say("Would import \(count) from \(name) (\(format.rawValue)); nothing was saved:")
      Output.columns(stored.map { ["  \($0.id)", TerminalColumns.clip($0.title, 50), $0.status.rawValue] }).forEach {
        output.say($0)
      }
    } else {
      let range = stored.count == 1 ? "task \(stored[0].id)" : "tasks \(stored[0].id) to \(stored.last!.id)"
      output.say("Imported \(count) from \(name) (\(format.rawValue)) as \(range).")
    }
    if !plan.skipped.isEmpty {
      output.say("Left out \(plan.skipped.count):")
      Output.columns(plan.skipped.map { ["  \($0.entry)", $0.reason] }).forEach { output.say($0) }
    }
    plan.notes.forEach { output.say("Note: \($0).") }
    if !dryRun { output.say("To take the whole import back: stride undo") }
  }
}
