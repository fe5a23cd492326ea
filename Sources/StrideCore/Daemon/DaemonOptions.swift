import StrideBase
import StrideManual
import StrideModel
import StrideProtocol

/// The command line of `strided`.
public struct DaemonOptions: Equatable, Sendable {
  public var socket: String?
  public var dataDirectory: String?
  public var detach = false
  public var help = false
  public var version = false
  /// `--man PAGE`: print strided(8) or stride-config(5) as roff (stride installs and shows them from here).
  public var manPage: ManPage?

  /// How `strided` is called.
  public static let synopsis = "Usage: strided [--socket PATH] [--data-dir PATH] [--detach]\n       strided --man PAGE"

  /// What `strided` is, in two sentences.
  public static let summary = """
    The Stride daemon: keeps your tasks and answers the stride command over a Unix socket.
    You rarely start it yourself: stride starts it on demand.
    """

  /// Its options, one a line, as `--help` and the manual page list them.
  public static let optionLines = """
      --socket PATH     listen here (default: $STRIDE_SOCKET, else $XDG_RUNTIME_DIR/stride/strided.sock,
                        else /tmp/stride-$UID/strided.sock)
      --data-dir PATH   keep the database here (default: $XDG_DATA_HOME/stride, else ~/.local/share/stride)
      --detach          start in the background, wait until it answers, then return
                        (logs go to $XDG_STATE_HOME/stride/strided.log)
      --man PAGE        print the manual page strided or stride-config as roff, and exit
      --version         print the version
      --help            print this help
    """

  /// How it is stopped.
  public static let stopping =
    "Stop it with 'stride daemon stop', SIGTERM or SIGINT: it finishes requests in flight first."

  /// `strided --help`.
  public static let usage = [synopsis, summary, "Options:\n" + optionLines, stopping].joined(separator: "\n\n")

  public init() {}

  /// Reads the arguments (without the program name); a mistake gives a message that says what is valid.
  public static func parse(_ arguments: [String]) throws(StrideError) -> DaemonOptions {
    var options = DaemonOptions()
    var remaining = arguments[...]
    func value(for flag: String) throws(StrideError) -> String {
      guard let value = remaining.popFirst(), !value.isEmpty else {
        throw StrideError.invalid("\(flag) needs a path; see strided --help")
      }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--socket": options.socket = try value(for: argument)
      case "--data-dir": options.dataDirectory = try value(for: argument)
      case "--detach": options.detach = true
      case "--help", "-h": options.help = true
      case "--version": options.version = true
      case "--man":
        let name = remaining.popFirst() ?? ""
        guard let page = ManPage(rawValue: name), page.printedByDaemon else {
          throw StrideError.invalid("--man needs strided or stride-config, not '\(name)'; see strided --help")
        }
        options.manPage = page
      default:
        if let equals = argument.firstIndex(of: "="), ["--socket", "--data-dir"].contains(argument[..<equals]) {
          remaining.insert(
            contentsOf: [String(argument[..<equals]), String(argument[argument.index(after: equals)...])],
            at: remaining.startIndex)
          continue
        }
        throw StrideError.invalid("unknown option '\(argument)'; see strided --help")
      }
    }
    return options
  }

  /// The same options for the daemon process a `--detach` start launches.
  public var foregroundArguments: [String] {
    var arguments: [String] = []
    if let socket { arguments += ["--socket", socket] }
    if let dataDirectory { arguments += ["--data-dir", dataDirectory] }
    return arguments
  }
}
