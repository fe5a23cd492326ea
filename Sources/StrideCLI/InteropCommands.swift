import StrideBase
import StrideClientKit
import StrideConnection
import StrideJSON
import StrideNowView
import StridePlatform
import StrideWire

/// `stride export` and `stride import`: tasks out to other tools, and in from them.
extension Session {
  /// What export and import say with `--json`.
  struct InteropSummary: Encodable {
    var format: String
    var file: String?
    var tasks: [TaskID]
    var skipped: [ImportSkipped]?
    var notes: [String]?
    var renumbered: Bool?
    var dryRun: Bool?
  }

  /// Every task in a format, written by the daemon, to a file or standard output. The daemon sends a Stride export
  /// in parts, each a piece of the file with its tasks as values (`taskValues`), which are copied out as they came;
  /// on standard output each piece is written as it comes, so nothing holds the whole file; a file is replaced at
  /// once when all of it has come.
  func export(_ args: CommandArguments<ExportOptions>) throws {
    try args.noMorePositionals(than: 0, "export")
    let file = args.options.output.flatMap { $0 == "-" ? nil : $0 }
    var (format, loss, tasks) = (args.options.format ?? .json, String?.none, [TaskID]())
    var (whole, afterTask) = ([UInt8](), false)
    _ = try callInParts(TaskExport.self, .init(format: args.options.format, taskValues: true)) { bytes in
      let piece = try Self.exportPiece(bytes, afterTask: &afterTask)
      (format, loss) = (piece.format, loss ?? piece.loss)
      tasks += piece.tasks
      guard file == nil else { return whole += piece.file }
      do {
        try System.write(piece.file, to: System.standardOutput)
      } catch {
        throw StrideError(.storageFailed, "could not write the export (\(error)); try --output with a file")
      }
    }
    guard let file else {
      // On stderr, so the export itself stays clean.
      if let loss, !output.json { note("Note: \(loss).") }
      return
    }
    do {
      try System.replaceFile(file, with: whole)
    } catch {
      throw StrideError(.storageFailed, "could not write \(file) (\(error)); choose another path")
    }
    let count = tasks.count == 1 ? "1 task" : "\(tasks.count) tasks"
    output.report(
      "Exported \(count) to \(file) as \(format.rawValue)." + (loss.map { " Note: \($0)." } ?? ""),
      json: InteropSummary(format: format.rawValue, file: file, tasks: tasks))
  }

  /// One part of an export, as the daemon wrote it.
  private static func exportPiece(_ bytes: [UInt8], afterTask: inout Bool) throws(ClientError) -> TaskExport.Piece {
    do {
      return try TaskExport.Piece(pulling: bytes, afterTask: &afterTask)
    } catch {
      throw ClientError.unreachable("strided sent a part of an export that this stride cannot read: \(error)")
    }
  }

  /// A file's tasks, read by the daemon in the format named or worked out from the content, and stored as one change.
  func importTasks(_ args: CommandArguments<ImportOptions>) throws {
    try args.noMorePositionals(than: 1, "import")
    guard let file = args.positionals.first else {
      throw UsageError("import needs a file, like: stride import tasks.json --from taskwarrior ('-' reads stdin)")
    }
    let bytes: [UInt8]
    do {
      bytes = file == "-" ? try System.readToEnd(System.standardInput) : try System.contents(of: file)
    } catch {
      throw StrideError(.storageFailed, "could not read \(file) (\(error)); check the path and that you may read it")
    }
    let format = args.options.from
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw StrideError(.invalidParams, "\(file) is not UTF-8 text; save it as UTF-8, then import it again")
    }
    let dryRun = args.options.dryRun
    let result: Answer<Wire.TaskImport.Result>
    do {
      result = try call(Wire.TaskImport.self, .init(text: text, format: format, dryRun: dryRun))
    } catch {
      // What the file holds was refused, not how the command was written.
      guard case .failed(let refusal) = error else { throw error }
      throw refusal
    }
    let read = (result.format ?? format ?? .stride).rawValue
    let skipped = result.skipped ?? []
    let name = file == "-" ? "standard input" : file
    guard !result.tasks.isEmpty else {
      let first = skipped.first.map { " (\($0.entry): \($0.reason))" } ?? ""
      throw StrideError(.invalidParams, "\(name) holds no task Stride can import as \(read)\(first); check --from")
    }
    let stored = result.tasks
    guard !output.json else {
      return output.emit(
        InteropSummary(
          format: read, file: name, tasks: stored.map(\.id), skipped: skipped, notes: result.notes ?? [],
          renumbered: dryRun ? nil : result.renumbered, dryRun: dryRun ? true : nil))
    }
    let count = stored.count == 1 ? "1 task" : "\(stored.count) tasks"
    if dryRun {
      output.say("Would import \(count) from \(name) (\(read)); nothing was saved:")
      Output.columns(stored.map { ["  \($0.id)", TerminalColumns.clip($0.title, 50), $0.status.rawValue] }).forEach {
        output.say($0)
      }
    } else {
      let range = stored.count == 1 ? "task \(stored[0].id)" : "tasks \(stored[0].id) to \(stored.last!.id)"
      output.say("Imported \(count) from \(name) (\(read)) as \(range).")
    }
    if !skipped.isEmpty {
      output.say("Left out \(skipped.count):")
      Output.columns(skipped.map { ["  \($0.entry)", $0.reason] }).forEach { output.say($0) }
    }
    (result.notes ?? []).forEach { output.say("Note: \($0).") }
    if !dryRun { output.say("To take the whole import back: stride undo") }
  }
}
