import StrideBase
import StrideConnection
import StrideJSON
import StrideNowView
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// `stride list` printing its tasks as they come: the daemon sends a long listing in parts (Docs/protocol.md,
/// "Replies in parts"), and the table, or the JSON, is written part by part, so the first screen comes at once and
/// nothing holds the whole listing. A listing that comes in one part is printed exactly as a whole reply is.
extension Session {
  /// Lists the tasks `params` choose, part by part; `empty` is what an empty list says.
  func listInParts(_ params: Wire.TaskList.Params, _ empty: String) throws {
    let printer = ListParts(self, search: params.search != nil)
    _ = try callInParts(Wire.TaskList.self, params) { try printer.add($0) }
    try printer.finish(empty: empty)
  }
}

/// A listing's parts on their way out. The first is held until the next says whether more come: alone, it is printed
/// as a whole reply is; with more, it sets the table's columns for every part (`PartsTable`), or starts the JSON.
/// A part comes as the bytes the daemon wrote, and is read without a tree (`JSONPull`): for the table, what it shows
/// of each task (`Wire.TaskRow`), the rest passed over; with `--json`, its tasks, statuses and places found copied
/// out as they were written.
private final class ListParts {
  let session: Session
  let search: Bool
  var output: Output { session.output }
  /// The first part's result, while it is not known whether more come.
  var held: [UInt8]?
  /// Whether the parts are being printed as they come (more than one came).
  var started = false
  /// The table once the rows are being printed part by part.
  var table: PartsTable?
  /// With `--json`, once the tasks are being written: whether one was, and the statuses (and with a search, the
  /// places found) to write after them, each as the daemon wrote it, with commas between.
  var wroteTask = false
  var statuses: [UInt8] = []
  var wroteStatus = false
  var found: [UInt8] = []
  var wroteFound = false

  init(_ session: Session, search: Bool) {
    self.session = session
    self.search = search
  }

  /// One part's result, as it came.
  func add(_ part: [UInt8]) throws {
    if !started {
      guard let first = held else { return held = part }
      (held, started) = (nil, true)
      try write(first, first: true)
    }
    try write(part, first: false)
  }

  /// After the last part: the one part as a whole reply prints, or what an empty list says, or the JSON's end.
  func finish(empty: String) throws {
    if let held {
      guard !output.json else {
        guard case .object(var whole) = try? JSONReader.parse(held) else { throw Self.unreadable }
        whole["columns"] = nil
        return output.emit(JSONValue.object(whole))
      }
      let result = try Wire.ListPage<Wire.TaskRow>(pulling: held)
      guard !result.tasks.isEmpty else { return output.say(empty) }
      session.taskTable(result.tasks, found: result.found, statuses: result.statuses).forEach { output.say($0) }
    } else if !started {
      let none: JSONValue = .object(
        ["statuses": .array([]), "tasks": .array([])].merging(search ? ["found": .array([])] : [:]) { a, _ in a })
      output.json ? output.emit(none) : output.say(empty)
    } else if output.json {
      var end = Array(#"],"statuses":["#.utf8) + statuses + [UInt8(ascii: "]")]
      if search { end += Array(#","found":["#.utf8) + found + [UInt8(ascii: "]")] }
      try output.write(end + Array("}\n".utf8))
    }
  }

  /// Writes one part's rows: the JSON's tasks (the document begun before the first), or the table's lines (its
  /// columns set by the first part).
  private func write(_ part: [UInt8], first: Bool) throws {
    if output.json {
      var text = first ? Array(#"{"tasks":["#.utf8) : []
      do {
        try JSONPull.read(part) { pull throws(JSONUnreadable) in
          try pull.members("a list of tasks") { pull, key throws(JSONUnreadable) in
            switch key {
            case "tasks": try Self.copyElements(&pull, into: &text, wrote: &wroteTask)
            case "statuses": try Self.copyElements(&pull, into: &statuses, wrote: &wroteStatus)
            case "found": try Self.copyElements(&pull, into: &found, wrote: &wroteFound)
            default: try pull.skip()
            }
          }
        }
      } catch {
        throw Self.unreadable
      }
      try output.write(text)
    } else {
      let result = try Wire.ListPage<Wire.TaskRow>(pulling: part)
      let table = self.table ?? PartsTable(session, first: result)
      if self.table == nil { output.say(table.header) }
      self.table = table
      // The part's lines printed at once, as one text.
      let lines = result.tasks.indices.map { index in
        table.line(result.tasks[index], status: result.statuses?[index], found: result.found?[index])
      }
      if !lines.isEmpty { output.say(lines.joined(separator: "\n")) }
    }
    try output.flushed()
  }

  /// An array's elements copied into `bytes` as they were written, a comma before each but the very first.
  private static func copyElements(
    _ pull: inout JSONPull, into bytes: inout [UInt8], wrote: inout Bool
  ) throws(JSONUnreadable) {
    try pull.elements { pull throws(JSONUnreadable) in
      if wrote { bytes.append(UInt8(ascii: ",")) }
      wrote = true
      try pull.copy(into: &bytes)
    }
  }

  static var unreadable: ClientError {
    ClientError.unreachable("strided sent a part of a list that this stride cannot read")
  }
}
