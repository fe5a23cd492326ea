import StrideBase
import StrideManual
import StrideWire

// Each command's options, declared once: the fields its body reads, and how the command line fills them. The table
// of commands (`Command.all`) names these types; the help names each option (`CommandTableTests`).

/// `stride add`.
package struct AddOptions: CommandOptions {
  package var dryRun = false
  package init() {}
  package static var declared: [Option<Self>] { [.flag("--dry-run") { $0.dryRun = true }] }
}

/// `stride now`, and the Now view with `-i`.
package struct NowOptions: CommandOptions {
  package var energy: EnergyLevel?
  /// The minutes there are (`--for 20m`).
  package var minutes: Int?
  package var at: TimeWords?
  package var limit: Int?
  package var tags: [String]?
  package var list: String?
  package var all = false
  package var interactive = false
  package init() {}

  /// How many to show: from one to the five `now` shows at most.
  static func limit(_ word: OptionWord) throws(UsageError) -> Int {
    guard let number = Int(word.text), (1...NowLimits.maximumLimit).contains(number) else {
      throw UsageError("--limit '\(word.text)' must be a number from 1 to \(NowLimits.maximumLimit)")
    }
    return number
  }

  package static var declared: [Option<Self>] {
    [
      .value("--energy") { $0.energy = $1 },
      .value("--for", read: OptionReader.minutes) { $0.minutes = $1 },
      .value("--at", read: TimeWords.moment(.dayStart)) { $0.at = $1 },
      .value("--limit", read: limit) { $0.limit = $1 },
      .value("--tags", read: OptionReader.commaSeparated(trimmed: false)) { $0.tags = $1 },
      .value("--list") { $0.list = $1 },
      .flag("--all") { $0.all = true },
      .flag("--interactive", short: "-i") { $0.interactive = true },
    ]
  }
}

/// `stride why`: the moment `now` would be asked about.
package struct WhyOptions: CommandOptions {
  package var energy: EnergyLevel?
  package var minutes: Int?
  package var at: TimeWords?
  package var tags: [String]?
  package init() {}

  package static var declared: [Option<Self>] {
    [
      .value("--energy") { $0.energy = $1 },
      .value("--for", read: OptionReader.minutes) { $0.minutes = $1 },
      .value("--at", read: TimeWords.moment(.dayStart)) { $0.at = $1 },
      .value("--tags", read: OptionReader.commaSeparated(trimmed: false)) { $0.tags = $1 },
    ]
  }
}

/// `stride defer`.
package struct DeferOptions: CommandOptions {
  package var until: TimeWords?
  /// The task a `blocked` deferral waits on.
  package var on: TaskID?
  package init() {}

  package static var declared: [Option<Self>] {
    [.value("--until", read: TimeWords.moment(.dayStart)) { $0.until = $1 }, .value("--on") { $0.on = $1 }]
  }
}

/// `stride start`.
package struct StartOptions: CommandOptions {
  /// The timebox in minutes (`--for 25m`).
  package var minutes: Int?
  /// End the session running elsewhere and start this one.
  package var switching = false
  /// The very first action, for a task with no steps (else asked on a terminal).
  package var first: String?
  package init() {}

  package static var declared: [Option<Self>] {
    [
      .value("--for", read: StartOptions.timebox) { $0.minutes = $1 },
      .flag("--switch") { $0.switching = true },
      .value("--first") { $0.first = $1 },
    ]
  }

  /// A timebox: a length of time from a minute to twelve hours.
  static func timebox(_ word: OptionWord) throws(UsageError) -> Int {
    let (text, option) = (word.text, word.option)
    let valid = "give a focus session from 1m to \(FocusLimits.maximumBoxMinutes / 60)h, like 25m"
    // A number alone is minutes, as `now --for 20` reads it.
    guard let seconds = Int(text).map({ $0 * Seconds.perMinute }) ?? Durations.seconds(text) else {
      throw UsageError("\(option) '\(text)' is not a length of time; \(valid)")
    }
    guard seconds > 0 else { throw UsageError("\(option) '\(text)' is no time at all; \(valid)") }
    guard seconds >= Seconds.perMinute else { throw UsageError("\(option) '\(text)' is under a minute; \(valid)") }
    let minutes = (seconds + Seconds.perMinute / 2) / Seconds.perMinute
    guard minutes <= FocusLimits.maximumBoxMinutes else {
      throw UsageError("\(option) '\(text)' is longer than a focus session can be; \(valid)")
    }
    return minutes
  }
}

/// `stride extend`.
package struct ExtendOptions: CommandOptions {
  /// Minutes to add (`--for 10m`); none: one more box.
  package var minutes: Int?
  package init() {}

  package static var declared: [Option<Self>] { [.value("--for", read: StartOptions.timebox) { $0.minutes = $1 }] }
}

/// `stride block` and `stride unblock`.
package struct BlockOptions: CommandOptions {
  package var on: TaskID?
  package init() {}
  package static var declared: [Option<Self>] { [.value("--on") { $0.on = $1 }] }
}

/// `stride calendars add`: the name to show the calendar by.
package struct CalendarsOptions: CommandOptions {
  package var name: String?
  package init() {}
  package static var declared: [Option<Self>] { [.value("--name") { $0.name = $1 }] }
}

/// `stride wait`.
package struct WaitOptions: CommandOptions {
  package var followUp: TimeWords?
  package init() {}
  package static var declared: [Option<Self>] {
    [.value("--follow-up", read: TimeWords.moment(.dayStart)) { $0.followUp = $1 }]
  }
}

/// `stride list`: every filter is the daemon's.
package struct ListOptions: CommandOptions {
  package var status: ListStatus?
  package var tag: String?
  package var sort: ListSort?
  package var energy: EnergyLevel?
  package var dueBefore: TimeWords?
  package var deferredBy: DeferReason?
  package var doneSince: TimeWords?
  package var search: String?
  package var list: String?
  package var all = false
  package var pinned = false
  package var overdue = false
  package init() {}

  package static var declared: [Option<Self>] {
    [
      .value("--status") { $0.status = $1 },
      .value("--tag") { $0.tag = $1 },
      .value("--sort") { $0.sort = $1 },
      .value("--energy") { $0.energy = $1 },
      .value("--due-before", read: TimeWords.moment(.startOfDay)) { $0.dueBefore = $1 },
      .value("--deferred-by") { $0.deferredBy = $1 },
      .value("--done-since", read: TimeWords.since) { $0.doneSince = $1 },
      .value("--search", read: OptionReader.searchWords) { $0.search = $1 },
      .value("--list") { $0.list = $1 },
      .flag("--all") { $0.all = true },
      .flag("--pinned") { $0.pinned = true },
      .flag("--overdue") { $0.overdue = true },
    ]
  }
}

/// `stride find`.
package struct FindOptions: CommandOptions {
  package var limit: Int?
  package var all = false
  package init() {}

  package static var declared: [Option<Self>] {
    [.value("--limit", read: OptionReader.count(of: "tasks")) { $0.limit = $1 }, .flag("--all") { $0.all = true }]
  }
}

/// `stride edit`: each option a field to change; `none` clears the estimate, the times and the repeat.
package struct EditOptions: CommandOptions {
  package var title: String?
  package var energy: EnergyLevel?
  package var estimate: Clearable<Int>?
  package var type: TaskType?
  package var due: Clearable<TimeWords>?
  package var start: Clearable<TimeWords>?
  package var tags: [String]?
  /// How it repeats, in words the daemon reads ("every mon wed fri 7am").
  package var `repeat`: Clearable<String>?
  /// A note's number, from 1, as `show` numbers them.
  package var removeNote: Int?
  package init() {}

  /// A note's number (`--remove-note 2`), from 1; a refusal says where the task's notes are numbered.
  static func noteNumber(_ word: OptionWord) throws(UsageError) -> Int {
    guard let index = Int(word.text), index > 0 else {
      let task = word.positionals.first.flatMap(TaskAddress.init).map { "stride show \($0.id)" } ?? "stride show"
      throw UsageError("--remove-note '\(word.text)' is not a note's number; \(task) numbers them")
    }
    return index
  }

  package static var declared: [Option<Self>] {
    [
      .value("--title") { $0.title = $1 },
      .value("--energy") { $0.energy = $1 },
      .value("--estimate", read: Clearable.reading(OptionReader.minutes)) { $0.estimate = $1 },
      .value("--type") { $0.type = $1 },
      .value("--due", read: Clearable.reading(TimeWords.moment(.endOfDay))) { $0.due = $1 },
      .value("--start", read: Clearable.reading(TimeWords.moment(.dayStart))) { $0.start = $1 },
      .value("--tags", read: OptionReader.commaSeparated(trimmed: true)) { $0.tags = $1 },
      .value("--repeat", read: Clearable.reading(\.text)) { $0.repeat = $1 },
      .value("--remove-note", read: noteNumber) { $0.removeNote = $1 },
    ]
  }
}

/// `stride undo`.
package struct UndoOptions: CommandOptions {
  package var sync = false
  package init() {}
  package static var declared: [Option<Self>] { [.flag("--sync") { $0.sync = true }] }
}

/// `stride log`.
package struct LogOptions: CommandOptions {
  package var since: TimeWords?
  package var until: TimeWords?
  package var limit: Int?
  package var all = false
  package init() {}

  package static var declared: [Option<Self>] {
    [
      .value("--since", read: TimeWords.since) { $0.since = $1 },
      .value("--until", read: TimeWords.pastMoment) { $0.until = $1 },
      .value("--limit", read: OptionReader.count(of: "changes")) { $0.limit = $1 },
      .flag("--all") { $0.all = true },
    ]
  }
}

/// `stride review`.
package struct ReviewOptions: CommandOptions {
  package var since: TimeWords?
  package var week = false
  package var month = false
  package init() {}

  package static var declared: [Option<Self>] {
    [
      .value("--since", read: TimeWords.since) { $0.since = $1 },
      .flag("--week") { $0.week = true },
      .flag("--month") { $0.month = true },
    ]
  }
}

/// `stride when`.
package struct WhenOptions: CommandOptions {
  /// The moment to read the words from, itself in words.
  package var ref: TimeWords?
  package init() {}
  package static var declared: [Option<Self>] { [.value("--ref", read: TimeWords.moment(.startOfDay)) { $0.ref = $1 }] }
}

/// `stride watch`.
package struct WatchOptions: CommandOptions {
  /// A command run for each event, with sh.
  package var exec: String?
  package var topics: [EventTopic]?
  package init() {}

  package static var declared: [Option<Self>] {
    [
      .value("--exec", read: command) { $0.exec = $1 },
      .value("--topics", completions: EventTopic.allCases.map(\.rawValue), read: topics) { $0.topics = $1 },
    ]
  }

  /// A command to run (`--exec 'notify-send …'`), not blank.
  static func command(_ word: OptionWord) throws(UsageError) -> String {
    guard !word.text.trimmingWhitespace.isEmpty else {
      throw UsageError("--exec needs a command, like: stride watch --exec 'notify-send Stride \"$STRIDE_MESSAGE\"'")
    }
    return word.text
  }

  /// Reads `--topics task.woke,now.changed`.
  static func topics(_ word: OptionWord) throws(UsageError) -> [EventTopic] {
    var topics: [EventTopic] = []
    for name in OptionReader.commaSeparated(trimmed: true)(word) {
      guard let topic = EventTopic(rawValue: name) else {
        throw UsageError("--topics: '\(name)' is not a topic; use \(EventTopic.validWords)")
      }
      topics.append(topic)
    }
    guard !topics.isEmpty else { throw UsageError("--topics needs at least one of \(EventTopic.validWords)") }
    return topics
  }
}

/// `stride export`.
package struct ExportOptions: CommandOptions {
  package var format: ExportFormat?
  /// The file to write; `-` or none: standard output.
  package var output: String?
  package init() {}
  package static var declared: [Option<Self>] {
    [.value("--format") { $0.format = $1 }, .value("--output") { $0.output = $1 }]
  }
}

/// `stride import`.
package struct ImportOptions: CommandOptions {
  package var from: ImportFormat?
  package var dryRun = false
  package init() {}
  package static var declared: [Option<Self>] {
    [.value("--from") { $0.from = $1 }, .flag("--dry-run") { $0.dryRun = true }]
  }
}

/// `stride sync setup`'s account and the task lists to follow.
package struct SyncOptions: CommandOptions {
  package var user: String?
  /// A command, run with sh, that prints the password.
  package var passwordCommand: String?
  /// The task lists on the server to follow, by their names there.
  package var lists: [String]?
  /// A task list to make on the server.
  package var make: String?
  /// The list here the first task list syncs with.
  package var list: String?
  package var insecure = false
  package var create = false
  package var all = false
  package init() {}

  package static var declared: [Option<Self>] {
    [
      .value("--user") { $0.user = $1 },
      .value("--password-command") { $0.passwordCommand = $1 },
      .value("--lists", read: OptionReader.commaSeparated(trimmed: true)) { $0.lists = $1 },
      .value("--make") { $0.make = $1 },
      .value("--list") { $0.list = $1 },
      .flag("--insecure") { $0.insecure = true },
      .flag("--create") { $0.create = true },
      .flag("--all") { $0.all = true },
    ]
  }
}

/// `stride help`.
package struct HelpOptions: CommandOptions {
  package var man: ManPage?
  package init() {}
  package static var declared: [Option<Self>] { [.value("--man") { $0.man = $1 }] }
}
