import StrideBase
import StrideClientKit
import StrideConnection
import StridePlatform
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// Notes on a task: `stride note`, and how `show` lists them.
extension Session {
  /// `stride note ID TEXT`: a dated note on the task. With no text, or `-`, the note is read from standard input,
  /// so a longer one can be typed or piped in (`pbpaste | stride note 12`).
  func addNote(_ args: CommandArguments<NoOptions>) throws {
    let id = try args.taskID("note", example: "stride note 12 \"the plumber comes Thursday\"")
    var text = args.positionals.dropFirst().joined(separator: " ")
    if text.isEmpty || text == "-" {
      if isatty(STDIN_FILENO) == 1 {
        note("Write the note, then press Ctrl-D on a line of its own.")
      }
      text = String(decoding: (try? System.readToEnd(System.standardInput)) ?? [], as: UTF8.self)
    }
    guard !text.trimmingWhitespace.isEmpty else {
      throw UsageError("note needs the text to keep, like: stride note \(id) \"the plumber comes Thursday\"")
    }
    let result = try call(Wire.NoteAdd.self, .init(id: id, text: text))
    output.report("Added note \(result.task.notes.count) to \(Output.name(result.task)).", json: result)
  }

  /// Removes note `index` of task `id`, and says so unless `quietly` (when `edit` changes more and says it once).
  func removeNote(_ index: Int, of id: TaskID, quietly: Bool) throws {
    let result = try call(Wire.NoteRemove.self, .init(id: id, index: index))
    guard !quietly else { return }
    output.report("Removed note \(index) of \(Output.name(result.task)).", json: result)
  }

  /// `show`'s notes, oldest first: each numbered, with when it was written in words, its lines indented under it.
  func noteLines(_ task: Wire.Task) -> [String] {
    guard !task.notes.isEmpty else { return [] }
    let written = task.said?.notes ?? []
    var lines = ["  Notes:"]
    for (offset, note) in task.notes.enumerated() {
      let when = offset < written.count ? written[offset] : note.at.rfc3339
      lines.append("    \(offset + 1). " + output.dim(when + ":"))
      lines += note.text.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.isEmpty ? "" : "       " + $0
      }
    }
    return lines
  }
}
