import StrideBase
import StrideManual
import StridePlatform
import StrideWire

/// stride(1): the overview and every command's help, from `Help` and the command table.
extension ManPage {
  package static func writeStride(_ roff: inout Roff) {
    roff.section("NAME")
    roff.text(set: "stride \\- " + Roff.escape(Help.tagline))
    roff.section("SYNOPSIS")
    write(HelpText(Help.usage).forms + HelpText(Help.commands["help"] ?? "").forms, into: &roff)
    roff.section("DESCRIPTION")
    roff.paragraph(description)
    for group in Help.commandGroups {
      roff.subsection(group.heading)
      write(HelpText(group.lines), into: &roff, isCommand: isCommand)
    }
    write(HelpText(Help.closing), into: &roff, isCommand: isCommand)
    roff.section("COMMANDS")
    for command in Command.all {
      roff.subsection(([command.name.rawValue] + command.aliases).joined(separator: ", "))
      write(HelpText(Help.commands[command.name.rawValue] ?? command.summary), into: &roff, isCommand: isCommand)
    }
    roff.section("OPTIONS")
    roff.paragraph("These go anywhere on the command line, before or after the command.")
    write(HelpText(Help.globalOptions), into: &roff, isCommand: isCommand)
    roff.section("FILES")
    write(files, into: &roff)
    roff.section("ENVIRONMENT")
    write(environment, into: &roff)
    write(directoryVariables, into: &roff)
    roff.section("EXIT STATUS")
    ExitStatus.allCases.forEach { roff.item(Roff.bold(String($0.rawValue)), [$0.meaning.asSentence]) }
    roff.paragraph(exitNotes)
    roff.section("EXAMPLES")
    examples.forEach { roff.item(Roff.code($0.line), [$0.meaning]) }
  }

  /// Whether a help text's term starts with a command of the table (`add`, `done`): it is then set as a command line.
  private static func isCommand(_ word: String) -> Bool { Command.named(word) != nil }

  package static let description = """
    stride is the command line of Stride. It captures a thought in one line, and when you ask what to do, it
    shows at most five tasks you can start now, each with the reason it was picked: what is due, the energy each
    needs against yours, the time you have, what you have started, what others wait on, and why you put things
    off before. A small daemon, strided(8), keeps the tasks; stride talks to it over a Unix socket and starts it
    in the background when nothing answers there. Run alone on a terminal, stride opens the Now view; in a pipe,
    it prints the now-list.
    """

  package static let exitNotes = """
    stride done with several tasks finishes every one it can and exits 1 if one could not be done.
    stride daemon status exits 69 when the daemon is not running. stride prompt exits 0 whatever happens,
    so it is safe in a shell prompt.
    """

  /// The variables stride reads, or sets for the programs it runs.
  package static let environment: [(name: String, meaning: String)] = [
    ("STRIDE_SOCKET", "The daemon's socket, when --socket is not given."),
    (
      "STRIDE_SYNC_PASSWORD",
      "The CalDAV password for stride sync setup when no --password-command is given; the daemon keeps it in "
        + "memory only."
    ),
    (
      "STRIDE_EVENT, STRIDE_MESSAGE, STRIDE_TASK_ID, STRIDE_TASK_TITLE",
      "Set for the command stride watch --exec runs: the event's topic, the sentence watch would print, and the "
        + "task's id and title."
    ),
    (
      "STRIDE_CLOCK_SHIFT",
      "Seconds the daemon's clock runs ahead of the system's (behind, when negative), to see how Stride behaves at "
        + "another moment; a daemon started on demand inherits it, and stride prompt reads the daemon's line by it "
        + "(strided(8)). Tests use it so that they pass on any day; leave it unset in everyday use."
    ),
    ("NO_COLOR", "When set and not empty, stride prints no colour, and stride review says its charts in sentences."),
    ("TERM", "When it is dumb, no colour, and the Now view and stride review speak in sentences."),
    ("COLUMNS", "The width that tables fit, when set; else the terminal's width."),
    ("PAGER", "The pager stride log opens on a terminal (less -FRX when it is not set)."),
    (
      "LC_ALL, LC_TIME, LANG",
      "The first one set says whether 3/12 is the 3rd of December or March 12; with none, or C, a date that "
        + "reads both ways is refused, naming both readings."
    ),
    ("TZ", "The time zone times are read and said in."),
    ("PATH", "Where stride looks for strided when it is not in the same directory as stride."),
  ]

  /// Command lines worth knowing, each with what it does.
  package static let examples: [(line: String, meaning: String)] = [
    (
      "stride add \"call the dentist tomorrow 9am ~10m !low #health\"",
      "Capture a thought, with its time, length, energy and tag."
    ),
    ("stride now --energy low --for 20m", "What to start now, for low energy and twenty minutes."),
    ("stride defer 12 no-energy --until tonight", "Put task 12 off for a reason, until tonight."),
    ("stride done 12.2", "Finish step 2 of task 12."),
    ("stride why 12", "Why task 12 is, or is not, in now: its whole score."),
    ("stride help --man stride | man -l -", "Read this page without installing it."),
  ]
}
