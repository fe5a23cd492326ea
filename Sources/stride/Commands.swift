import StrideBase
import StrideClientKit
import StrideConnection
import StrideManual
import StridePlatform
import StrideWire

/// How the CLI runs each command of the table (`Command.all` in StrideClientKit): its own arguments read by the options
/// the table declares, then one function a command. The switch is exhaustive, so a new command cannot be declared
/// without being run here.
extension Command {
  func run(_ session: Session, _ arguments: [String]) throws {
    let args = try CommandArguments(
      arguments, command: name.rawValue, valued: valued, switches: switches, short: short)
    switch name {
    case .add: try session.add(args)
    case .now: try session.now(args)
    case .defer: try session.deferTask(args)
    case .done: try session.done(args)
    case .list: try session.list(args)
    case .find: try session.find(args)
    case .log: try session.log(args)
    case .review: try session.review(args)
    case .show: try session.show(args)
    case .step: try session.step(args)
    case .note: try session.addNote(args)
    case .edit: try session.edit(args)
    case .skip: try session.skip(args)
    case .pin: try session.pin(args, pinned: true)
    case .unpin: try session.pin(args, pinned: false)
    case .reopen: try session.reopen(args)
    case .wait: try session.wait(args)
    case .resume: try session.resume(args)
    case .block: try session.block(args, blocking: true)
    case .unblock: try session.block(args, blocking: false)
    case .delete: try session.delete(args)
    case .undo: try session.undo(args)
    case .energy: try session.energy(args)
    case .when: try session.when(args)
    case .why: try session.why(args)
    case .watch: try session.watch(args)
    case .prompt: try session.prompt(args)
    case .completions: try session.completions(args)
    case .export: try session.export(args)
    case .import: try session.importTasks(args)
    case .sync: try session.sync(args)
    case .daemon: try session.daemon(args)
    case .help: try session.help(args)
    case .lists: try session.lists(args)
    case .move: try session.move(args)
    case .mcp: try session.mcp(args)
    }
  }
}

extension Session {
  /// `stride help [COMMAND]`: the overview, or one command's help (by its name or an alias).
  func help(_ args: CommandArguments) throws {
    try args.noMorePositionals(than: args.values["--man"] == nil ? 1 : 0, "help")
    if let name = args.values["--man"] {
      guard let page = ManPage(rawValue: name) else {
        let names = ManPage.allCases.map(\.rawValue).joined(separator: ", ")
        throw UsageError("there is no manual page '\(name)'; the pages are \(names)")
      }
      return print(try manPage(page), terminator: "")
    }
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
