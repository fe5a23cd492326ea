import StrideBase
import StrideClientKit
import StrideConnection
import StrideManual
import StridePlatform
import StrideWire

/// How the CLI runs each command of the table (`Command.all` in StrideClientKit): one function a command, given its
/// own arguments read by the options the table declares for it, already typed. The switch is exhaustive, so a new
/// command cannot be declared without being run here.
extension Command {
  func run(_ session: Session, _ arguments: [String]) throws {
    /// The arguments read as the function they go to takes them (its options' type, which is the table's).
    func read<Options: CommandOptions>() throws(UsageError) -> CommandArguments<Options> {
      try CommandArguments(arguments, for: self)
    }
    switch name {
    case .add: try session.add(read())
    case .now: try session.now(read())
    case .defer: try session.deferTask(read())
    case .done: try session.done(read())
    case .start: try session.start(read())
    case .stop: try session.stop(read())
    case .pause: try session.pause(read())
    case .extend: try session.extend(read())
    case .list: try session.list(read())
    case .find: try session.find(read())
    case .log: try session.log(read())
    case .review: try session.review(read())
    case .show: try session.show(read())
    case .step: try session.step(read())
    case .note: try session.addNote(read())
    case .edit: try session.edit(read())
    case .skip: try session.skip(read())
    case .pin: try session.pin(read(), pinned: true)
    case .duplicate: try session.duplicate(read())
    case .unpin: try session.pin(read(), pinned: false)
    case .reopen: try session.reopen(read())
    case .wait: try session.wait(read())
    case .resume: try session.resume(read())
    case .block: try session.block(read(), blocking: true)
    case .unblock: try session.block(read(), blocking: false)
    case .delete: try session.delete(read())
    case .undo: try session.undo(read())
    case .energy: try session.energy(read())
    case .when: try session.when(read())
    case .why: try session.why(read())
    case .watch: try session.watch(read())
    case .prompt: try session.prompt(read())
    case .completions: try session.completions(read())
    case .export: try session.export(read())
    case .import: try session.importTasks(read())
    case .sync: try session.sync(read())
    case .calendars: try session.calendars(read())
    case .daemon: try session.daemon(read())
    case .help: try session.help(read())
    case .lists: try session.lists(read())
    case .move: try session.move(read())
    case .mcp: try session.mcp(read())
    }
  }
}

extension Session {
  /// `stride help [COMMAND]`: the overview, or one command's help (by its name or an alias).
  func help(_ args: CommandArguments<HelpOptions>) throws {
    try args.noMorePositionals(than: args.options.man == nil ? 1 : 0, "help")
    if let page = args.options.man { return print(try manPage(page), terminator: "") }
    guard let topic = args.positionals.first else { return print(Help.overview) }
    guard let command = Command.named(topic), let text = Help.commands[command.name.rawValue] else {
      throw UsageError.noCommand(topic)
    }
    print(text)
  }
}

extension Session {
  /// A manual page as roff. stride(1) is made here, from the command table and the help; strided(8) and
  /// stride-config(5) come from strided (`strided --man PAGE`), which owns the daemon's options and its settings.
  func manPage(_ page: ManPage) throws(ClientError) -> String {
    guard page.printedByDaemon else { return page.render(writing: ManPage.writeStride) }
    guard let strided = DaemonLauncher.locateDaemon(environment: environment) else {
      throw ClientError.unreachable(
        "strided, which prints \(page.reference), could not be found next to stride or on PATH; install both "
          + "programs together")
    }
    guard let roff = ExternalCommand.run([strided, "--man", page.rawValue], input: [], timeout: 10),
      let text = String(validating: roff, as: UTF8.self), text.hasPrefix(".TH")
    else {
      throw ClientError.unreachable(
        "\(strided) did not print \(page.reference); check that it is the strided installed with this stride")
    }
    return text
  }
}
