import StrideBase
import StrideClientKit
import StrideConnection
import StridePlatform
import StrideWire

/// The global flags and the command, read from the whole command line.
package struct Invocation {
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
  package static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
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
        try invocation.setSocket(path)
      case "--":
        rest.append(argument)
        rest.append(contentsOf: remaining)
        remaining = []
      default:
        if argument.hasPrefix("--socket=") {
          try invocation.setSocket(String(argument.dropFirst("--socket=".count)))
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

  /// `--socket`, given once: a second, different path is refused, as a command's option given twice is.
  private mutating func setSocket(_ path: String) throws(UsageError) {
    if let socket, socket != path {
      throw UsageError("--socket was given twice ('\(socket)', then '\(path)'); give it once, with the path you mean")
    }
    socket = path
  }
}

/// A command's own arguments: its positionals, and its options read into their typed fields (`options.until`), as
/// `Options` declares them (`--until X` or `--until=X`; a switch alone).
struct CommandArguments<Options: CommandOptions> {
  var positionals: [String] = []
  var options = Options()

  /// Reads `arguments` for `command`, whose options `Options` declares. Every word is placed first (an option it
  /// does not take, one without its value, or one given two different values, is refused there); then each value
  /// is read into its field, so a mistyped value is refused before anything is asked of the daemon.
  init(_ arguments: [String], for command: Command) throws(UsageError) {
    assert(Options.self == command.options, "stride \(command.name) reads its options as \(command.options)")
    let declared = Options.declared
    let placed = try PlacedWords(arguments, forms: declared.map(\.form), command: command.name.rawValue)
    positionals = placed.positionals
    // An option given twice with the same word (or a switch given twice) is read once.
    for (place, index) in placed.options.enumerated() where !placed.options[(place + 1)...].contains(index) {
      let option = declared[index]
      try option.fill(
        &options, OptionWord(text: placed.words[place], option: option.form.name, positionals: positionals))
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
}

/// A command's words sorted by the forms of its options, before any value is read: the same for every command,
/// so it is not made again for each command's options.
private struct PlacedWords {
  var positionals: [String] = []
  /// Each option given, as its form's index, in the order given.
  var options: [Int] = []
  /// The word given to each of `options` (a switch's is its name).
  var words: [String] = []

  init(_ arguments: [String], forms: [OptionForm], command: String) throws(UsageError) {
    var remaining = arguments[...]
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if let index = forms.firstIndex(where: { $0.short == argument }), !optionsEnded {
        options.append(index)
        words.append(argument)
        continue
      }
      if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var spelled = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "=") {
        spelled = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let index = forms.firstIndex(where: { $0.name == spelled }), forms[index].takesValue || inline == nil
      else {
        let known = forms.map(\.name).joined(separator: ", ")
        throw UsageError(
          "\(command) has no option \(spelled)" + (known.isEmpty ? "" : " (it takes \(known))")
            + "; see: stride help \(command)")
      }
      var word = spelled
      if forms[index].takesValue {
        guard let value = inline ?? remaining.popFirst() else {
          throw UsageError("\(spelled) needs a value; see: stride help \(command)")
        }
        word = value
      }
      try refuseSecondValue(word, to: forms[index], index, command: command)
      options.append(index)
      words.append(word)
    }
  }

  /// Every option that takes a value holds one: given a second, different one (`--until tonight --until friday`),
  /// the command is refused rather than keep one of them without a word, and nothing is asked of the daemon.
  private func refuseSecondValue(
    _ word: String, to form: OptionForm, _ index: Int, command: String
  ) throws(UsageError) {
    guard form.takesValue,
      let first = zip(options, words).first(where: { $0.0 == index && $0.1 != word })?.1
    else { return }
    throw UsageError(
      "\(form.name) was given twice ('\(first)', then '\(word)'); give it once, with the value you mean "
        + "(see: stride help \(command))")
  }
}

/// Times in words, read by the daemon in this person's zone and date order (`time.parse`), the way a capture reads
/// them: the client keeps no calendar of its own.
extension Session {
  /// The instant an option's words name, nil when it was not given; words the daemon cannot read are a usage error
  /// said after the option ("--until someday ..."). "someday" names no time and is refused.
  func time(_ words: TimeWords?) throws -> Timestamp? {
    guard let words else { return nil }
    return try readTime(words.params, words.option).at
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
