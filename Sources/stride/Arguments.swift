import StrideBase
import StrideClientKit
import StrideConnection
import StridePlatform
import StrideWire

/// A mistake on the command line: printed as one line, exit status 64.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }

  /// A word that names no command, with the command it most likely meant: `stride don 3`, `stride help ad`.
  static func noCommand(_ name: String) -> UsageError {
    if name.hasPrefix("-") {
      return UsageError("'\(name)' is not an option of stride itself; run 'stride help' for the options and commands")
    }
    let meant = Command.meant(name).map { " (did you mean 'stride \($0.name.rawValue)'?)" } ?? ""
    return UsageError("there is no command '\(name)'\(meant); run 'stride help' for the list")
  }
}

/// The global flags and the command, read from the whole command line.
struct Invocation {
  var json = false
  var socket: String?
  var autostart = true
  var help = false
  var version = false
  /// The Now view as sentences, for screen readers (`--plain`).
  var plain = false
  var command: String?
  var arguments: [String] = []

  /// Global flags may stand anywhere before a `--`; everything else belongs to the command.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var invocation = Invocation()
    var rest: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--json": invocation.json = true
      case "--no-autostart": invocation.autostart = false
      case "--help", "-h": invocation.help = true
      case "--version": invocation.version = true
      case "--plain": invocation.plain = true
      case "--socket":
        guard let path = remaining.popFirst(), !path.isEmpty else {
          throw UsageError("--socket needs a path, like: --socket /tmp/stride.sock")
        }
        invocation.socket = path
      case "--":
        rest.append(argument)
        rest.append(contentsOf: remaining)
        remaining = []
      default:
        if argument.hasPrefix("--socket=") {
          invocation.socket = String(argument.dropFirst("--socket=".count))
        } else {
          rest.append(argument)
        }
      }
    }
    if let first = rest.first, first != "--" {
      invocation.command = first
      invocation.arguments = Array(rest.dropFirst())
    } else {
      invocation.arguments = Array(rest.dropFirst())
    }
    return invocation
  }
}

/// A command's own arguments: positionals, and options that take a value (`--until X` or `--until=X`).
struct CommandArguments {
  var positionals: [String] = []
  var values: [String: String] = [:]
  var flags: Set<String> = []

  /// Reads `arguments` for `command`, which accepts the options in `valued` (with a value) and `switches`; `short`
  /// spells some of them in one letter (`-i` for `--interactive`).
  init(
    _ arguments: [String], command: String, valued: [String] = [], switches: [String] = [],
    short: [String: String] = [:]
  ) throws(UsageError) {
    var remaining = arguments.map { short[$0] ?? $0 }[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      if valued.contains(name) {
        guard let value = inline ?? remaining.popFirst() else {
          throw UsageError("\(name) needs a value; see: stride help \(command)")
        }
        values[name] = value
      } else if switches.contains(name), inline == nil {
        flags.insert(name)
      } else {
        let known = (valued + switches).joined(separator: ", ")
        throw UsageError(
          "\(command) has no option \(name)" + (known.isEmpty ? "" : " (it takes \(known))")
            + "; see: stride help \(command)")
      }
    }
  }

  /// The task or step a command takes as its only argument (`stride done 12.2`).
  func onlyAddress(_ command: String, example: String) throws(UsageError) -> TaskAddress {
    try noMorePositionals(than: 1, command)
    return try address(command, example: example)
  }

  /// The task a command takes as its only argument (`stride show 12`).
  func onlyTaskID(_ command: String) throws(UsageError) -> TaskID {
    try noMorePositionals(than: 1, command)
    return try taskID(command, example: "stride \(command) 12")
  }

  /// The single task id this command needs, from its first positional.
  func taskID(_ command: String, example: String) throws(UsageError) -> TaskID {
    let address = try self.address(command, example: example)
    guard address.step == nil else {
      throw UsageError("\(command) takes a task id, not a step, like: \(example)")
    }
    return address.id
  }

  /// The task or step this command needs (`12` or `12.2`), from its first positional.
  func address(_ command: String, example: String) throws(UsageError) -> TaskAddress {
    guard let text = positionals.first else {
      throw UsageError("\(command) needs a task id, like: \(example)")
    }
    guard let address = TaskAddress(text) else {
      throw UsageError("'\(text)' is not a task id; write a task number like 12, or 12.2 for its second step")
    }
    return address
  }

  /// Refuses positionals beyond the first `count`.
  func noMorePositionals(than count: Int, _ command: String) throws(UsageError) {
    guard positionals.count <= count else {
      throw UsageError("\(command) does not take '\(positionals[count])'; see: stride help \(command)")
    }
  }

  /// How many to show: `--limit N` (a positive number of `what`, like "tasks"), every one with `--all`, else nil.
  func limit(of what: String) throws(UsageError) -> Int? {
    var limit: Int?
    if let value = values["--limit"] {
      guard let number = Int(value), number > 0 else {
        throw UsageError("--limit '\(value)' is not a number of \(what); give one like --limit 20")
      }
      limit = number
    }
    return flags.contains("--all") ? Int.max : limit
  }

  /// Reads an energy option or positional.
  static func energy(_ text: String, _ what: String) throws(UsageError) -> EnergyLevel {
    guard let energy = EnergyLevel(word: text) else {
      throw UsageError("\(what) '\(text)' is not an energy level; use low, medium or high")
    }
    return energy
  }

  /// Reads a number of minutes (`20m`, `1h30m`, `45`).
  static func minutes(_ text: String, _ what: String) throws(UsageError) -> Int {
    guard let minutes = Int(text).flatMap({ $0 > 0 ? $0 : nil }) ?? Durations.minutes(text) else {
      // "0m" and "0" are lengths of time, but no task takes none.
      if Int(text) == 0 || Durations.seconds(text) == 0 {
        throw UsageError("\(what) '\(text)' is no time at all; give a length above zero, like 5m (or none to clear it)")
      }
      throw UsageError("\(what) '\(text)' is not a length of time; write it like 20m, 1h30m or 45")
    }
    return minutes
  }
}

/// Times in words, read by the daemon in this person's zone and date order (`time.parse`), the way a capture reads
/// them: the client keeps no calendar of its own.
extension Session {
  /// A time option ("tonight", "next fri 9am", "2026-12-01"), nil when it was not given. A day alone stands for
  /// `dayAlone` that day; "someday" names no time and is refused.
  func time(
    _ option: String, in args: CommandArguments, dayAlone: TimeParse.DayAlone
  ) throws -> Timestamp? {
    guard let text = args.values[option] else { return nil }
    return try time(text, option, dayAlone: dayAlone)
  }

  func time(_ text: String, _ what: String, dayAlone: TimeParse.DayAlone) throws -> Timestamp {
    try readTime(TimeParse.Params(text: text, reading: .moment, dayAlone: dayAlone), what).at
  }

  /// An option that starts a period in the past ("monday", "nov 1", "2 weeks ago", "this month"), nil when it was
  /// not given.
  func since(_ option: String, in args: CommandArguments) throws -> Timestamp? {
    guard let text = args.values[option] else { return nil }
    return try readTime(TimeParse.Params(text: text, reading: .since), option).at
  }

  /// The daemon's reading of a time; words it cannot read are a usage error, said as for `what` (an option).
  func readTime(_ params: TimeParse.Params, _ what: String?) throws -> TimeParse.Result {
    do {
      return try ask(TimeParse.self, params)
    } catch {
      guard case .failed(let failure) = error, failure.code == .invalidParams else { throw error }
      throw UsageError((what.map { $0 + " " } ?? "") + failure.message)
    }
  }
}
