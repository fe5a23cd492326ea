import StrideBase
import StridePlatform
import StrideWire

/// Stride's manual pages, in man(7) roff, printed from the same tables and texts as `stride help`, `strided --help`
/// and the settings loader. stride(1) is the client's, from the command table (`Command.all`), each command's help
/// (`Help.commands`) and the exit statuses (`ExitStatus`); strided(8) and stride-config(5) are the daemon's, from its
/// options (`DaemonOptions`) and the keys of config.json (`StrideConfig.keys`), printed by `strided --man PAGE`
/// (StrideCore/ManualPages). A command, option or key added there is on the pages without anyone remembering them.
/// This is what both sides share: the pages there are, roff, and the pieces more than one page uses.
public enum ManPage: String, CaseIterable, Sendable {
  /// stride(1): the command line.
  case stride
  /// strided(8): the daemon.
  case strided
  /// stride-config(5): config.json.
  case strideConfig = "stride-config"

  /// The section of the manual the page belongs to.
  public var section: Int {
    switch self {
    case .stride: 1
    case .strided: 8
    case .strideConfig: 5
    }
  }

  /// Its file name, `stride.1`, under `man1` of a manual directory.
  public var fileName: String { "\(rawValue).\(section)" }

  /// Its name as pages refer to it: `stride(1)`.
  public var reference: String { "\(rawValue)(\(section))" }

  /// Who prints the page: stride(1) is the client's own; the daemon's options and the keys of its settings are
  /// strided's, which prints those pages (`strided --man PAGE`).
  public var printedByDaemon: Bool { self != .stride }

  /// The page as roff source, its body written by `body` between the title and SEE ALSO.
  public func render(writing body: (inout Roff) -> Void) -> String {
    var roff = Roff()
    roff.title(
      rawValue, section: section, date: strideVersionDate, source: "Stride \(strideVersion)", manual: "Stride Manual")
    body(&roff)
    roff.section("SEE ALSO")
    roff.paragraph(set: seeAlso.map { Roff.bold($0.name) + "(\($0.section))" }.joined(separator: ", "))
    return roff.source
  }

  private var seeAlso: [(name: String, section: String)] {
    let others = Self.allCases.filter { $0 != self }.map { ($0.rawValue, String($0.section)) }
    return switch self {
    case .stride: others + [("sqlite3", "1"), ("systemctl", "1")]
    case .strided: others + [("systemd.socket", "5"), ("sd_listen_fds", "3"), ("sd_notify", "3"), ("flock", "2")]
    case .strideConfig: others
    }
  }

  // MARK: Pieces more than one page uses

  /// A help text set in roff: its usage forms, then its paragraphs, lists and kept lines. `isCommand` says which
  /// words are commands of stride's (the client's table), so that a term naming one is set as a command line.
  package static func write(
    _ help: HelpText, into roff: inout Roff, isCommand: (String) -> Bool = { _ in false }
  ) {
    write(help.forms, into: &roff)
    for block in help.blocks {
      switch block {
      case .prose(let lines): roff.paragraph(lines.joined(separator: "\n"))
      case .terms(let terms): terms.forEach { roff.item(tag($0.term, isCommand: isCommand), $0.meaning) }
      case .lines(let lines):
        let margin = lines.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        roff.display(lines.map { String($0.dropFirst(margin)) })
      }
    }
  }

  /// Usage forms, one a paragraph: the command line, and the note on it indented below.
  package static func write(_ forms: [HelpText.Form], into roff: inout Roff) {
    for form in forms {
      roff.paragraph(set: Roff.code(form.synopsis))
      form.note.map { roff.indented($0) }
    }
  }

  /// A list's term: set as a command line when it is one (an option, a command, an example, a single word), else
  /// as plain words.
  package static func tag(_ term: String, isCommand: (String) -> Bool) -> String {
    let first = term.split(separator: " ").first.map(String.init) ?? ""
    let typed = first.hasPrefix("-") || first == "stride" || isCommand(first) || !term.contains(" ")
    return typed ? Roff.code(term) : Roff.escape(term)
  }

  /// A list of names (files, variables) each with what it is.
  package static func write(_ entries: [(name: String, meaning: String)], into roff: inout Roff) {
    entries.forEach { roff.item(Roff.bold($0.name), [$0.meaning]) }
  }

  /// The files of Stride (the FILES section of stride(1) and strided(8)).
  package static let files: [(name: String, meaning: String)] = [
    ("$XDG_DATA_HOME/stride/stride.db", "Your tasks: a SQLite database (default ~/.local/share/stride/stride.db)."),
    ("$XDG_DATA_HOME/stride/strided.lock", "The daemon's lock, beside the database: one daemon per database."),
    (
      "$XDG_RUNTIME_DIR/stride/strided.sock",
      "The socket (else /tmp/stride-$UID/strided.sock); $STRIDE_SOCKET or --socket names another."
    ),
    (
      "$XDG_STATE_HOME/stride/strided.log",
      "The daemon's log when it runs in the background (default ~/.local/state/stride/strided.log)."
    ),
    (
      "$XDG_CONFIG_HOME/stride/config.json",
      "Settings, optional (default ~/.config/stride/config.json); stride-config(5) lists every key."
    ),
    (
      "$XDG_CONFIG_HOME/systemd/user/\(SystemdUnits.socketName), \(SystemdUnits.serviceName)",
      "The systemd user units that start the daemon at login and on first use, written by stride daemon install."
    ),
    (
      "$XDG_DATA_HOME/man/man1/\(ManPage.stride.fileName)",
      "These manual pages (and man8, man5), written by stride daemon install (default ~/.local/share/man)."
    ),
  ]

  /// The variables that say where Stride's files are.
  package static let directoryVariables: [(name: String, meaning: String)] = [
    (
      "XDG_RUNTIME_DIR, XDG_DATA_HOME, XDG_STATE_HOME, XDG_CONFIG_HOME",
      "Where Stride's files are (see FILES); one that is not an absolute path is ignored, as the XDG Base "
        + "Directory Specification says."
    ),
    ("HOME", "The base of the default directories: ~/.local/share, ~/.local/state and ~/.config."),
  ]
}
