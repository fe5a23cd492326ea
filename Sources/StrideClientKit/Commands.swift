import StrideBase
import StrideManual
import StridePlatform
import StrideWire

/// The commands of `stride`: a closed set, so the CLI's dispatch (an exhaustive switch) names every one.
public enum CommandName: String, CaseIterable, Sendable {
  case add, now, `defer`, done, list, find, show, step, note, edit, skip, pin, unpin, reopen, wait, resume, block
  case unblock, delete, move, lists, undo, log, review, energy, when, why, watch, prompt, completions, export,
    `import`, sync, daemon, mcp, help
}

/// One command of `stride`, declared once: its name, what it does in a few words, the options it takes and what
/// its arguments are. The command line is read, dispatched, completed (`stride completions`) and checked against
/// the help and the README (`CommandTableTests`) from this one table; the CLI runs each by its name.
public struct Command: Sendable {
  public init(
    name: CommandName, aliases: [String] = [], summary: String, valued: [String] = [], switches: [String] = [],
    short: [String: String] = [:], argument: ArgumentKind
  ) {
    self.name = name
    self.aliases = aliases
    self.summary = summary
    self.valued = valued
    self.switches = switches
    self.short = short
    self.argument = argument
  }

  /// What a command's positional arguments are (for completions).
  public enum ArgumentKind: Sendable {
    case none, task, taskThenReason, words([String]), file, text
  }

  public var name: CommandName
  public var aliases: [String] = []
  public var summary: String
  /// Options that take a value (`--until X`).
  public var valued: [String] = []
  /// Options that stand alone (`--all`).
  public var switches: [String] = []
  /// One-letter spellings of options (`-i` for `--interactive`).
  public var short: [String: String] = [:]
  public var argument: ArgumentKind

  public var options: [String] { valued + switches }

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
    Command(name: .add, summary: "capture a thought as a task", switches: ["--dry-run"], argument: .text),
    Command(
      name: .now, summary: "the few tasks worth starting now",
      valued: ["--energy", "--for", "--at", "--limit", "--tags", "--list"], switches: ["--all", "--interactive"],
      short: ["-i": "--interactive"], argument: .none
    ),
    Command(
      name: .`defer`, summary: "put a task off, with a reason", valued: ["--until", "--on"], argument: .taskThenReason
    ),
    Command(name: .done, summary: "finish a task, or one of its steps", argument: .task),
    Command(
      name: .list, aliases: ["ls"], summary: "open tasks, filtered and sorted",
      valued: [
        "--status", "--tag", "--sort", "--energy", "--due-before", "--deferred-by", "--done-since", "--search",
        "--list",
      ],
      switches: ["--all", "--pinned", "--overdue"], argument: .none
    ),
    Command(
      name: .find, summary: "tasks by words in them, open and finished", valued: ["--limit"], switches: ["--all"],
      argument: .text
    ),
    Command(name: .show, summary: "everything about one task", argument: .task),
    Command(name: .step, summary: "add a step to a task", argument: .task),
    Command(name: .note, summary: "keep a dated note on a task", argument: .task),
    Command(
      name: .edit, summary: "change a task",
      valued: [
        "--title", "--energy", "--estimate", "--type", "--due", "--start", "--tags", "--repeat", "--remove-note",
      ],
      argument: .task
    ),
    Command(name: .skip, summary: "move a routine to its next time", argument: .task),
    Command(name: .pin, summary: "keep a task in now", argument: .task),
    Command(name: .unpin, summary: "stop keeping a task in now", argument: .task),
    Command(name: .reopen, summary: "bring back a finished task or step", argument: .task),
    Command(
      name: .wait, summary: "park a task while it waits on someone", valued: ["--follow-up"], argument: .task
    ),
    Command(name: .resume, summary: "end a deferral or a wait", argument: .task),
    Command(name: .block, summary: "make a task wait on another", valued: ["--on"], argument: .task),
    Command(name: .unblock, summary: "stop a task waiting on another", valued: ["--on"], argument: .task),
    Command(name: .delete, summary: "remove a task", argument: .task),
    Command(name: .move, summary: "move a task into another list", argument: .task),
    Command(
      name: .lists, summary: "your lists: show, add, choose the default, rename, remove",
      argument: .words(["add", "default", "rename", "remove"])
    ),
    Command(name: .undo, summary: "take back your last change here", switches: ["--sync"], argument: .none),
    Command(
      name: .log, summary: "what happened, newest first", valued: ["--since", "--until", "--limit"],
      switches: ["--all"], argument: .task
    ),
    Command(
      name: .review, summary: "a look back: done, slipping, routines", valued: ["--since"],
      switches: ["--week", "--month"], argument: .none
    ),
    Command(
      name: .energy, summary: "show or set your energy", argument: .words(["low", "medium", "high", "clear"])
    ),
    Command(name: .when, summary: "how Stride reads a time", valued: ["--ref"], argument: .text),
    Command(
      name: .why, summary: "why a task is or is not in now", valued: ["--energy", "--for", "--at", "--tags"],
      argument: .task
    ),
    Command(
      name: .watch, summary: "print changes and wake-ups as they happen", valued: ["--exec", "--topics"],
      argument: .none
    ),
    Command(name: .prompt, summary: "a short line for a shell prompt", argument: .none),
    Command(name: .completions, summary: "a completion script", argument: .words(["bash", "zsh", "fish"])),
    Command(
      name: .export, summary: "every task, to a file or standard output", valued: ["--format", "--output"],
      argument: .none
    ),
    Command(
      name: .`import`, summary: "tasks from another list", valued: ["--from"], switches: ["--dry-run"], argument: .file
    ),
    Command(
      name: .sync, summary: "sync with CalDAV task lists",
      valued: ["--user", "--password-command", "--lists", "--make", "--list"],
      switches: ["--insecure", "--create", "--all"], argument: .words(["status", "setup"])
    ),
    Command(
      name: .daemon, summary: "start, stop, status or install the daemon",
      argument: .words(["start", "stop", "status", "install"])
    ),
    Command(name: .mcp, summary: "serve assistants over MCP on stdin and stdout", argument: .none),
    Command(name: .help, summary: "help on a command", valued: ["--man"], argument: .none),
  ]

  public static let globalOptions = ["--json", "--plain", "--socket", "--no-autostart", "--help", "--version"]

  /// The words an option's value can be, where they are a fixed set; `ids` for a task id.
  public static let optionValues: [String: [String]] = [
    "--energy": EnergyLevel.allCases.map(\.rawValue),
    "--type": TaskType.allCases.map(\.rawValue),
    "--status": ListStatus.allCases.map(\.rawValue),
    "--topics": EventTopic.allCases.map(\.rawValue),
    "--format": ExportFormat.allCases.map(\.rawValue),
    "--from": ImportFormat.allCases.map(\.rawValue),
    "--on": ["ids"],
    "--sort": ListSortKey.allCases.flatMap { [$0.rawValue, "-" + $0.rawValue] },
    "--deferred-by": DeferReason.allCases.map(\.rawValue),
    "--man": ManPage.allCases.map(\.rawValue),
  ]
}
