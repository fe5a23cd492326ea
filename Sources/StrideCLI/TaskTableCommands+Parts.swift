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
    printer.finish(empty: empty)
  }
}

/// A listing's parts on their way out. The first is held until the next says whether more come: alone, it is printed
/// as a whole reply is; with more, it sets the table's columns for every part (`PartsTable`), or starts the JSON.
private final class ListParts {
  let session: Session
  let search: Bool
  var output: Output { session.output }
  /// The first part, while it is not known whether more come.
  var held: JSONValue?
  /// Whether the parts are being printed as they come (more than one came).
  var started = false
  /// The table once the rows are being printed part by part.
  var table: PartsTable?
  /// With `--json`, once the tasks are being written: whether one was, and the statuses (and with a search, the
  /// places found) written after them.
  var wroteTask = false
  var statuses: [JSONValue] = []
  var found: [JSONValue] = []

  init(_ session: Session, search: Bool) {
    self.session = session
    self.search = search
  }

  /// One part's result, as it came.
  func add(_ part: JSONValue) throws {
    if !started {
      guard let first = held else { return held = part }
      (held, started) = (nil, true)
      try write(first, first: true)
    }
    try write(part, first: false)
  }

  /// After the last part: the one part as a whole reply prints, or what an empty list says, or the JSON's end.
  func finish(empty: String) {
    if let held {
      let whole = held.without("columns")
      guard !output.json else { return output.emit(whole) }
      guard let result = try? Wire.TaskListResult(json: whole), !result.tasks.isEmpty else { return output.say(empty) }
      session.taskTable(result.tasks, found: result.found, statuses: result.statuses).forEach { output.say($0) }
    } else if !started {
      let none: JSONValue = .object(
        ["statuses": .array([]), "tasks": .array([])].merging(search ? ["found": .array([])] : [:]) { a, _ in a })
      output.json ? output.emit(none) : output.say(empty)
    } else if output.json {
      var end = "]," + Self.member("statuses", statuses)
      if search { end += "," + Self.member("found", found) }
      output.write(end + "}\n")
    }
  }

  /// Writes one part's rows: the JSON's tasks (the document begun before the first), or the table's lines (its
  /// columns set by the first part).
  private func write(_ part: JSONValue, first: Bool) throws {
    if output.json {
      guard case .object(let fields) = part, case .array(let tasks) = fields["tasks"] else {
        throw ClientError.unreachable("strided sent a part of a list that this stride cannot read")
      }
      var text = first ? #"{"tasks":["# : ""
      for task in tasks {
        if wroteTask { text += "," }
        wroteTask = true
        text += String(decoding: JSONWriter.write(task), as: UTF8.self)
      }
      if case .array(let more) = fields["statuses"] { statuses += more }
      if case .array(let more) = fields["found"] { found += more }
      output.write(text)
    } else {
      let result = try Wire.TaskListResult(json: part)
      let table = self.table ?? PartsTable(session, first: result)
      if self.table == nil { output.say(table.header) }
      self.table = table
      for (index, task) in result.tasks.enumerated() {
        output.say(table.line(task, status: result.statuses?[index], found: result.found?[index]))
      }
    }
    try output.flushed()
  }

  /// `"name":[values]`, the values written as JSON.
  private static func member(_ name: String, _ values: [JSONValue]) -> String {
    String(decoding: JSONWriter.write(.object([name: .array(values)])).dropFirst().dropLast(), as: UTF8.self)
  }
}

extension JSONValue {
  /// The object without the member `key`.
  fileprivate func without(_ key: String) -> JSONValue {
    guard case .object(var fields) = self else { return self }
    fields[key] = nil
    return .object(fields)
  }
}
