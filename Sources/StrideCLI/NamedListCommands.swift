import StrideBase
import StrideClientKit
import StrideConnection
import StridePlatform
import StrideWire

/// `stride lists` (with `add`, `default`, `rename` and `remove`) and `stride move ID LIST`: several lists, each kept here or
/// synced with a task list on a server.
extension Session {
  func lists(_ args: CommandArguments<NoOptions>) throws {
    guard let verb = args.positionals.first else {
      let result = try call(ListsGet.self, NoParams())
      guard !output.json else { return output.emit(result) }
      return listsTable(result.lists).forEach { output.say($0) }
    }
    try args.noMorePositionals(than: verb == "rename" ? 3 : 2, "lists")
    guard args.positionals.count >= 2 else {
      throw UsageError("lists \(verb) needs a list's name, like: stride lists \(verb) home")
    }
    let name = args.positionals[1]
    switch verb {
    case "add":
      let list = try call(ListsAdd.self, .init(name: name))
      output.report(
        "Made the list \(list.name). Capture into it with list:\(list.name), like: stride add \"fix the tap "
          + "list:\(list.name)\"", json: list)
    case "default":
      let list = try call(ListsDefault.self, .init(name: name))
      output.report("New tasks now go to \(list.name) unless the capture names another list.", json: list)
    case "rename":
      guard args.positionals.count == 3 else {
        throw UsageError("lists rename needs the new name too, like: stride lists rename \(name) house")
      }
      let list = try call(ListsRename.self, .init(name: name, to: args.positionals[2]))
      let synced = list.account.map { " (the task list it syncs with keeps its name, \($0.name ?? $0.url))" } ?? ""
      output.report("Renamed the list \(name) to \(list.name)\(synced).", json: list)
    case "remove":
      let list = try call(ListsRemove.self, .init(name: name))
      output.report("Removed the list \(list.name).", json: list)
    default:
      throw UsageError(
        "lists has no subcommand '\(verb)'; use stride lists, stride lists add NAME, stride lists default NAME, "
          + "stride lists rename NAME NEW or stride lists remove NAME")
    }
  }

  /// One row a list: its name (the default marked), its tasks, and where it syncs and how that went.
  func listsTable(_ lists: [ListInfo]) -> [String] {
    let rows = lists.map { list in
      let synced: String
      if let account = list.account {
        let owner = account.owner.map { ", shared by \($0)" } ?? ""
        let when =
          Output.said(list.said?.lastSuccess, list.lastSuccess).map { "last synced \($0)" } ?? "not synced yet"
        var state = [when]
        if list.readOnly { state.append("read-only for you: \(plural(list.pending, "change")) kept here") }
        if let error = list.lastError { state.append("last error: \(error)") }
        synced = "\(account.name ?? account.url)\(owner); \(state.joined(separator: "; "))"
      } else {
        synced = "kept here only"
      }
      return [list.name + (list.isDefault ? " (default)" : ""), "\(list.open)", "\(list.done)", synced]
    }
    return Output.columns([["LIST", "OPEN", "DONE", "SYNCS WITH"]] + rows, rightAligned: [1, 2])
  }

  func move(_ args: CommandArguments<NoOptions>) throws {
    try args.noMorePositionals(than: 2, "move")
    let id = try args.taskID("move", example: "stride move 12 home")
    guard args.positionals.count == 2 else {
      throw UsageError("move needs the list to move the task into, like: stride move \(id) home")
    }
    let result = try call(Wire.TaskMove.self, .init(id: id, list: args.positionals[1]))
    output.report(
      "Moved \(Output.name(result.task)), to the list \(result.task.list ?? args.positionals[1]).", json: result)
  }
}
