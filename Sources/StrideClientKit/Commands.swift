import StrideBase
import StrideManual
import StridePlatform
import StrideWire

/// The commands of `stride`: a closed set, so the CLI's dispatch (an exhaustive switch) names every one.
public enum CommandName: String, CaseIterable, Sendable {
  case add, now, `defer`, done, start, stop, pause, extend, list, find, show, step, note, edit, skip, pin, unpin
  case duplicate, reopen, wait, resume
  case block, unblock, delete, move, lists, undo, log, review, energy, when, why, watch, prompt, completions, export
  case `import`, sync, calendars, daemon, mcp, help
}

/// One command of `stride`, declared once: its name, what it does in a few words, the options it takes (the type
/// that declares them, with their types: `Commands+Options.swift`) and what its arguments are. The command line is
/// read, dispatched, completed (`stride completions`) and checked against the help and the README
/// (`CommandTableTests`) from this one table; the CLI runs each by its name.
public struct Command: Sendable {
  package init(
    name: CommandName, aliases: [String] = [], summary: String, options: any CommandOptions.Type = NoOptions.self,
    argument: ArgumentKind
  ) {
    self.name = name
    self.aliases = aliases
    self.summary = summary
    self.options = options
    self.argument = argument
  }

  /// What a command's positional arguments are (for completions).
  public enum ArgumentKind: Sendable {
    case none, task, taskThenReason, words([String]), file, text
  }

  public var name: CommandName
  public var aliases: [String] = []
  public var summary: String
  /// The options it takes, each declared once with its type.
  package var options: any CommandOptions.Type
  public var argument: ArgumentKind

  /// The names of its options, in their order (`--until`, `--on`).
  public var optionNames: [String] { options.forms.map(\.name) }

  /// One-letter spellings of its options (`-i` for `--interactive`).
  public var short: [String: String] {
    Dictionary(uniqueKeysWithValues: options.forms.compactMap { form in form.short.map { ($0, form.name) } })
  }

  /// The command of a name (every name has one: `CommandTableTests`).
  public static func of(_ name: CommandName) -> Command {
    all.first { $0.name == name }!
  }

  /// The command a word names, by its name or an alias.
  public static func named(_ word: String) -> Command? {
    all.first { $0.name.rawValue == word || $0.aliases.contains(word) }
  }

  /// The command a mistyped word most likely meant ("don" → done, "ad" → add): the nearest name within one letter
  /// (two for longer words), when only one is that near.
  public static func meant(_ word: String) -> Command? {
    let reach = word.count >= 5 ? 2 : 1
    let near = all.filter { command in
      ([command.name.rawValue] + command.aliases).contains { editDistance($0, word.lowercased()) <= reach }
    }
    return near.count == 1 ? near[0] : nil
  }

  public static let all: [Command] = [
    Command(name: .add, summary: "capture a thought as a task", options: AddOptions.self, argument: .text),
    Command(name: .now, summary: "the few tasks worth starting now", options: NowOptions.self, argument: .none),
    Command(
      name: .`defer`, summary: "put a task off, with a reason", options: DeferOptions.self, argument: .taskThenReason
    ),
    Command(name: .done, summary: "finish a task, or one of its steps", argument: .task),
    Command(
      name: .start, summary: "a focus session: one step, five minutes", options: StartOptions.self, argument: .task),
    Command(name: .stop, summary: "end the focus session", argument: .none),
    Command(name: .pause, summary: "hold the focus session until resume", argument: .none),
    Command(name: .extend, summary: "more time for the focus session", options: ExtendOptions.self, argument: .none),
    Command(
      name: .list, aliases: ["ls"], summary: "open tasks, filtered and sorted", options: ListOptions.self,
      argument: .none
    ),
    Command(
      name: .find, summary: "tasks by words in them, open and finished", options: FindOptions.self, argument: .text
    ),
    Command(name: .show, summary: "everything about one task", argument: .task),
    Command(name: .step, summary: "add a step to a task", argument: .task),
    Command(name: .note, summary: "keep a dated note on a task", argument: .task),
    Command(name: .edit, summary: "change a task", options: EditOptions.self, argument: .task),
    Command(name: .skip, summary: "move a routine to its next time", argument: .task),
    Command(name: .pin, summary: "keep a task in now", argument: .task),
    Command(name: .unpin, summary: "stop keeping a task in now", argument: .task),
    Command(name: .duplicate, aliases: ["copy"], summary: "a new open task made from another", argument: .task),
    Command(name: .reopen, summary: "bring back a finished task or step", argument: .task),
    Command(
      name: .wait, summary: "park a task while it waits on someone", options: WaitOptions.self, argument: .task
    ),
    Command(name: .resume, summary: "end a deferral or a wait; alone, go on with a paused session", argument: .task),
    Command(name: .block, summary: "make a task wait on another", options: BlockOptions.self, argument: .task),
    Command(name: .unblock, summary: "stop a task waiting on another", options: BlockOptions.self, argument: .task),
    Command(name: .delete, summary: "remove a task", argument: .task),
    Command(name: .move, summary: "move a task into another list", argument: .task),
    Command(
      name: .lists, summary: "your lists: show, add, choose the default, rename, remove",
      argument: .words(["add", "default", "rename", "remove"])
    ),
    Command(name: .undo, summary: "take back your last change here", options: UndoOptions.self, argument: .none),
    Command(name: .log, summary: "what happened, newest first", options: LogOptions.self, argument: .task),
    Command(
      name: .review, summary: "a look back: done, slipping, routines", options: ReviewOptions.self, argument: .none
    ),
    Command(
      name: .energy, summary: "show or set your energy", argument: .words(["low", "medium", "high", "clear"])
    ),
    Command(name: .when, summary: "how Stride reads a time", options: WhenOptions.self, argument: .text),
    Command(name: .why, summary: "why a task is or is not in now", options: WhyOptions.self, argument: .task),
    Command(
      name: .watch, summary: "print changes and wake-ups as they happen", options: WatchOptions.self,
      argument: .none
    ),
    Command(name: .prompt, summary: "a short line for a shell prompt", argument: .none),
    Command(name: .completions, summary: "a completion script", argument: .words(["bash", "zsh", "fish"])),
    Command(
      name: .export, summary: "every task, to a file or standard output", options: ExportOptions.self,
      argument: .none
    ),
    Command(name: .`import`, summary: "tasks from another list", options: ImportOptions.self, argument: .file),
    Command(
      name: .sync, summary: "sync with CalDAV task lists", options: SyncOptions.self,
      argument: .words(["status", "setup"])
    ),
    Command(
      name: .calendars, summary: "the calendars that say when you are busy", options: CalendarsOptions.self,
      argument: .words(["add", "use", "ignore", "remove", "refresh"])
    ),
    Command(
      name: .daemon, summary: "start, stop, status or install the daemon",
      argument: .words(["start", "stop", "status", "install"])
    ),
    Command(name: .mcp, summary: "serve assistants over MCP on stdin and stdout", argument: .none),
    Command(name: .help, summary: "help on a command", options: HelpOptions.self, argument: .none),
  ]

  public static let globalOptions = ["--json", "--plain", "--socket", "--no-autostart", "--help", "--version"]

  /// The words an option's value can be, where they are a fixed set (`ids` for a task id), by the option's name,
  /// as the options declare them (where two commands' options of one name do, the first's).
  public static var optionValues: [String: [String]] {
    var values: [String: [String]] = [:]
    for form in all.flatMap({ $0.options.forms }) {
      if let words = form.completions, values[form.name] == nil { values[form.name] = words }
    }
    return values
  }
}
