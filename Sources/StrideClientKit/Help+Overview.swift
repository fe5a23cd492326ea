import StrideBase
import StridePlatform
import StrideWire

extension Help {
  /// A titled group of lines in the overview: "Every day:" and the commands under it.
  public struct Group: Sendable {
    public var heading: String
    /// The group's lines, each indented by two spaces: a term, then what it is, in a column.
    public var lines: String
  }

  /// What Stride is, in a few words: the overview's first line, and the NAME of the manual page.
  public static let tagline = "a calm task list for people who find starting hard"

  /// How `stride` is called: the head of the overview, and the SYNOPSIS of the manual page.
  public static let usage = """
    Usage: stride COMMAND [ARGUMENTS] [--json] [--socket PATH] [--no-autostart]
           stride                on a terminal: the Now view (keys: j/k move, x done, d defer,
                                 s start, a add, enter open, u undo, ? help, q quit); in a pipe: 'now'
    """

  /// The commands in brief, in the groups the overview shows them in.
  public static let commandGroups = [
    Group(
      heading: "Every day",
      lines: """
          add TEXT              capture a thought as a task
          now                   the few tasks worth starting now, and why
          defer ID REASON       put a task off, with a reason (and --until a time)
          done ID | ID.N        finish a task, or step N of it
          start [ID | ID.N]     a focus session: one step, five minutes you can see (--for 25m)
          stop | pause | extend end, hold (resume goes on) or keep going with the session
        """),
    Group(
      heading: "Also",
      lines: """
          list                  open tasks, filtered and sorted (--sort due, --overdue, --search ...)
          find WORDS            tasks with these words, open and finished, best first
          show ID               everything about one task
          step ID TEXT          add a step to a task
          note ID [TEXT]        keep a dated note on a task (no text: read from standard input)
          edit ID               change title, energy, estimate, type, due, tags or how it repeats
          skip ID               move a routine to its next time without doing it
          pin ID | unpin ID     keep a task in 'now' whatever else comes up (at most three)
          duplicate ID          a new open task made from another, to do again
          reopen ID | ID.N      bring back a finished task or step
          wait ID [NOTE]        park a task while it waits on someone
          resume ID             end a deferral or a wait (alone: a paused focus session goes on)
          block ID --on OTHER   make a task wait on another
          unblock ID --on OTHER stop a task waiting on another
          delete ID             remove a task
          move ID LIST          move a task into another list
          lists                 your lists and where each syncs (add, default, rename, remove)
          undo [--sync]         take back your last change here (repeat to go further back)
          log [ID]              what happened, newest first, in words (--since, --until)
          review                a look back: done each day, what slips and why (--week, --month)
          energy [LEVEL]        show or set your energy: low, medium, high, clear
          when TEXT             how Stride reads a time ("next fri 9am")
          why ID                why a task is (or is not) in 'now'
          calendars             the calendars that say when you are busy (add, use, ignore)
          daemon start|stop|status|install
        """),
    Group(
      heading: "Living with it",
      lines: """
          watch                 print changes and wake-ups as they happen (--exec CMD per event)
          prompt                a short line for your shell prompt (silent if the daemon is not running)
          completions SHELL     a completion script for bash, zsh or fish
          export                every task as Stride JSON, Taskwarrior JSON, todo.txt or iCalendar
          import FILE           tasks from a Stride, Taskwarrior, todo.txt or iCalendar export
          mcp                   serve an assistant over MCP (Model Context Protocol) on stdin and stdout
          sync [status|setup]   the same tasks on every device, through a CalDAV server
        """),
  ]

  /// The options every command takes (`Command.globalOptions`), one a line.
  public static let globalOptions = """
      --json                print the result as JSON lines, for scripts: one compact object
                            a line (pipe it to jq . to read it)
      --socket PATH         talk to the daemon at PATH (default: $STRIDE_SOCKET or
                            $XDG_RUNTIME_DIR/stride/strided.sock)
      --no-autostart        fail instead of starting the daemon when it is not running
      --plain               the Now view as full sentences, a line at a time (screen readers)
      --version             print the version of stride and of the protocol it speaks
      --help                this overview; after a command, that command's help
    """

  /// The overview's last words.
  public static let closing = """
    The daemon (strided) starts by itself the first time you need it. Desktop reminders, with
    Done and Later: "reminders": {"on": true} in ~/.config/stride/config.json (help daemon).
    More about a command: stride help COMMAND
    """

  /// `stride help`: what Stride is, how it is called, every command in brief, the global options.
  public static let overview =
    (["stride: \(tagline).", usage] + commandGroups.map { "\($0.heading):\n\($0.lines)" }
    + ["Global options:\n\(globalOptions)", closing]).joined(separator: "\n\n")
}
