import Foundation
import StrideCore
import StrideModel
import StrideProtocol

/// A mistake on the command line: printed as one line, exit status 64.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
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

  /// Reads a time option in the words `stride when` understands ("tonight", "next fri 9am", "2026-12-01").
  /// A day alone stands for `dateOnly` o'clock that day.
  func time(_ option: String, dateOnly: ClockTime) throws(UsageError) -> Date? {
    guard let text = values[option] else { return nil }
    return try CommandArguments.time(text, option, dateOnly: dateOnly)
  }

  /// How this shell's locale orders a numeric date (LC_ALL, LC_TIME, LANG).
  static let dateOrder = NumericDateOrder.fromEnvironment(ProcessInfo.processInfo.environment)

  /// The person's config.json, as the daemon reads it; one that does not read is the defaults (the daemon names the
  /// file when it starts).
  static let config: StrideConfig = {
    let paths = StridePaths(environment: ProcessInfo.processInfo.environment)
    return (try? StrideConfig.load(path: paths.configFile)) ?? StrideConfig()
  }()

  /// When the person's day starts (`time.dayStart` in config.json): a day alone in `--until`, `--start`,
  /// `--follow-up` and `--at` is then.
  static var dayStart: ClockTime { config.time.dayStart }

  /// Reads a time in the words `stride when` understands. "someday" names no time, so it is refused here.
  static func time(_ text: String, _ what: String, dateOnly: ClockTime) throws(UsageError) -> Date {
    let parser = TimeParser(reference: Date(), timeZone: .current, dateOrder: dateOrder, dayStart: dayStart)
    guard let match = parser.parse(text) else {
      if let ambiguous = parser.ambiguousNumericDate(in: text) { throw UsageError("\(what) \(ambiguous)") }
      throw UsageError(
        "\(what) '\(text)' is not a time Stride can read; try tonight, tomorrow 9am, next fri, in 2 hours or "
          + "2026-12-01 (stride when shows how a time is read)")
    }
    if let contradiction = match.contradiction { throw UsageError("\(what) \(contradiction)") }
    guard !TimeParser.isSomeday(match.value) else {
      throw UsageError(
        "\(what) '\(text)' names no time; give a real one (like next month), or for a task that can wait without "
          + "one, defer it as not-important (it comes back in a week)")
    }
    return parser.instant(match.value, dateOnly: dateOnly)
  }

  /// Reads an option that starts a period in the past ("monday", "nov 1", "2 weeks ago", "this month").
  func since(_ option: String) throws(UsageError) -> Date? {
    guard let text = values[option] else { return nil }
    return try CommandArguments.since(text, option)
  }

  /// The start of what the words name, at its last occurrence before `now`: "monday" is the Monday just gone and
  /// "this month" its first day, where a deadline would read them forward.
  static func since(_ text: String, _ what: String, now: Date = Date()) throws(UsageError) -> Date {
    let calendar = LocalCalendar(timeZone: .current)
    let today = calendar.day(of: now)
    let periods = [
      "today": today, "this week": today.startOfWeek, "this month": today.startOfMonth,
      "this year": CivilDate(year: today.year, month: 1, day: 1)!,
    ]
    let words = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if let day = periods[words] { return calendar.date(day, .startOfDay) }
    _ = try time(text, what, dateOnly: .startOfDay)
    // Words that point ahead ("tomorrow", "next friday", "in 2 days") name a time to come whatever the reference.
    let ahead = ["tomorrow", "tonight", "next", "in", "later", "now"]
    let pointsAhead = words.split(separator: " ").contains { ahead.contains(String($0)) }
    // Else read from a little earlier each time until what the words name has begun: a day, a week, a year back
    // ("9am" yesterday, "friday" last week, "nov 30" last year).
    for daysBack in pointsAhead ? [0] : [0, 1, 7, 366] {
      let reference = now.addingTimeInterval(-Double(daysBack) * 86_400)
      let parser = TimeParser(reference: reference, timeZone: .current, dateOrder: dateOrder, dayStart: dayStart)
      if let match = parser.parse(text), parser.instant(match.value, dateOnly: .startOfDay) <= now {
        return parser.instant(match.value, dateOnly: .startOfDay)
      }
    }
    throw UsageError(
      "\(what) '\(text)' is still to come; give a time before now, like monday, 2 weeks ago or 2026-11-01")
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
    guard let minutes = Int(text).flatMap({ $0 > 0 ? $0 : nil }) ?? CaptureParser.minutes(text) else {
      throw UsageError("\(what) '\(text)' is not a length of time; write it like 20m, 1h30m or 45")
    }
    return minutes
  }
}
