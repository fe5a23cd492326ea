import StrideBase
import StrideWire

/// A mistake on the command line: printed as one line, exit status 64.
package struct UsageError: Error {
  package var message: String
  package init(_ message: String) { self.message = message }

  /// A word that names no command, with the command it most likely meant: `stride don 3`, `stride help ad`.
  package static func noCommand(_ name: String) -> UsageError {
    if name.hasPrefix("-") {
      return UsageError("'\(name)' is not an option of stride itself; run 'stride help' for the options and commands")
    }
    let meant = Command.meant(name).map { " (did you mean 'stride \($0.name.rawValue)'?)" } ?? ""
    return UsageError("there is no command '\(name)'\(meant); run 'stride help' for the list")
  }
}

/// The options one command takes, as a value with a typed field for each (`options.until`, `options.energy`), and
/// each option declared once in `declared`: its name, whether it takes a value, the words that value can be, and
/// how it is read into its field. The table of commands (`Command.all`) names each command's options by this type;
/// the command line is read, completed and checked against the help from these declarations.
package protocol CommandOptions: SendableMetatype {
  /// Every option unset: what a command line without options gives.
  init()
  /// The options, in the order a refusal lists them ("it takes --until, --on").
  static var declared: [Option<Self>] { get }
}

/// What the command line, the completion scripts and `CommandTableTests` (each option named in its command's help)
/// see of an option: its spelling, no types.
package struct OptionForm: Sendable, Equatable {
  /// `--until`.
  package var name: String
  /// A one-letter spelling (`-i` for `--interactive`).
  package var short: String?
  /// False for a switch (`--all`), which stands alone.
  package var takesValue: Bool
  /// The words its value can be, where they are a fixed set (`ids` for a task id); nil when any word may be.
  package var completions: [String]?
}

/// A word given to an option, as its reader sees it.
package struct OptionWord {
  /// The word as given (`tonight` in `--until tonight`).
  package var text: String
  /// The option it was given to, which a refusal names.
  package var option: String
  /// The command's other words, which a refusal may name (`stride show 12 numbers them`).
  package var positionals: [String]

  package init(text: String, option: String, positionals: [String] = []) {
    (self.text, self.option, self.positionals) = (text, option, positionals)
  }
}

/// One option of a command, declared once: its form, and how a word given to it fills its field of `Options`.
package struct Option<Options> {
  package var form: OptionForm
  /// Sets the field from the word given (a switch's word is its name).
  package var fill: (inout Options, OptionWord) throws(UsageError) -> Void

  /// A switch (`--all`): `set` marks it given in the options.
  package static func flag(_ name: String, short: String? = nil, _ set: @escaping (inout Options) -> Void) -> Self {
    Option(form: OptionForm(name: name, short: short, takesValue: false)) { options, _ in set(&options) }
  }

  /// An option whose value's type reads itself (`--energy low`), offering the words the type can be; `set` puts the
  /// value in its field.
  package static func value<Value: OptionValue>(
    _ name: String, _ set: @escaping (inout Options, Value) -> Void
  ) -> Self {
    Option(form: OptionForm(name: name, takesValue: true, completions: Value.completions)) {
      options, word throws(UsageError) in set(&options, try Value(word.text, for: word.option))
    }
  }

  /// An option whose value `read` reads, where the option says more than its value's type (`--limit`: of what).
  package static func value<Value>(
    _ name: String, completions: [String]? = nil, read: @escaping (OptionWord) throws(UsageError) -> Value,
    _ set: @escaping (inout Options, Value) -> Void
  ) -> Self {
    Option(form: OptionForm(name: name, takesValue: true, completions: completions)) {
      options, word throws(UsageError) in set(&options, try read(word))
    }
  }
}

extension CommandOptions {
  /// The options' forms, in their order.
  package static var forms: [OptionForm] { declared.map(\.form) }
}

/// No options: the commands that take only their arguments (`stride show 12`).
package struct NoOptions: CommandOptions {
  package init() {}
  package static var declared: [Option<Self>] { [] }
}

/// An option's value that can also be `none`, which clears what the option sets (`--due none`).
package enum Clearable<Value> {
  case set(Value)
  case clear

  /// The value set, nil when cleared.
  package var value: Value? {
    guard case .set(let value) = self else { return nil }
    return value
  }

  /// Reads `none` as clearing, anything else by `read`.
  package static func reading(
    _ read: @escaping (OptionWord) throws(UsageError) -> Value
  ) -> (OptionWord) throws(UsageError) -> Clearable {
    { word throws(UsageError) in word.text == "none" ? .clear : .set(try read(word)) }
  }
}

/// Words of a time given to an option (`--until tonight`), read by the daemon (`time.parse`) in this person's zone
/// and date order when the command needs the instant: the client keeps no calendar of its own.
package struct TimeWords: Sendable, Equatable {
  /// The words as given.
  package var text: String
  /// The option they were given to, which the daemon's refusal is said after.
  package var option: String
  /// The question `time.parse` is asked: the words, and what they are read as.
  package var params: TimeParse.Params

  /// A moment (`--until`, `--due`): a day named alone stands for `dayAlone` of that day; "someday" is refused.
  package static func moment(_ dayAlone: TimeParse.DayAlone) -> (OptionWord) throws(UsageError) -> TimeWords {
    { word in
      TimeWords(
        text: word.text, option: word.option,
        params: TimeParse.Params(text: word.text, reading: .moment, dayAlone: dayAlone))
    }
  }

  /// The end of a period looked back on (`stride log --until "at 10"`): a moment whose hour without am or pm is the one
  /// said, not the next to come.
  package static func pastMoment(_ word: OptionWord) -> TimeWords {
    TimeWords(
      text: word.text, option: word.option,
      params: TimeParse.Params(text: word.text, reading: .pastMoment, dayAlone: .startOfDay))
  }

  /// The start of a period already begun (`--since monday`, `this month`, `2 weeks ago`).
  package static func since(_ word: OptionWord) -> TimeWords {
    TimeWords(text: word.text, option: word.option, params: TimeParse.Params(text: word.text, reading: .since))
  }
}
