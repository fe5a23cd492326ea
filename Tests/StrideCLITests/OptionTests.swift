import StrideBase
import StrideClientKit
import StrideWire
import Testing

@testable import StrideCLI

/// A command's words read into its typed options, as each command declares them: the values its body reads, and
/// the one-line refusal of a mistyped one.
@Suite("Typed options")
struct OptionTests {
  /// The words read as `name`'s arguments, as the CLI reads them before running it.
  private func read<Options: CommandOptions>(
    _ name: CommandName, _ words: [String], as: Options.Type = Options.self
  ) throws(UsageError) -> CommandArguments<Options> {
    try CommandArguments(words, for: .of(name))
  }

  /// The refusal of `words` as `name`'s arguments.
  private func refusal<Options: CommandOptions>(
    _ name: CommandName, _ words: [String], as: Options.Type
  ) -> String? {
    do {
      _ = try read(name, words, as: Options.self)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("edit's options arrive typed: a level, a length, none that clears, times in words, trimmed tags")
  func editTyped() throws {
    let args = try read(
      .edit,
      [
        "3", "--energy", "med", "--estimate", "1h30m", "--due=fri 5pm", "--start", "none", "--tags", "home, calls",
        "--repeat", "every monday", "--remove-note", "2",
      ],
      as: EditOptions.self)
    let options = args.options
    #expect(args.positionals == ["3"])
    #expect(options.energy == .medium)
    #expect(options.estimate?.value == 90)
    #expect(options.due?.value?.text == "fri 5pm")
    #expect(options.due?.value?.params == TimeParse.Params(text: "fri 5pm", reading: .moment, dayAlone: .endOfDay))
    #expect(options.start != nil && options.start?.value == nil)
    #expect(options.tags == ["home", "calls"])
    #expect(options.repeat?.value == "every monday")
    #expect(options.removeNote == 2)
    #expect(options.title == nil && options.type == nil)
  }

  @Test("switches, a one-letter spelling, -- ending the options, and an option given twice with the same word")
  func switchesAndOrder() throws {
    let now = try read(
      .now, ["-i", "--all", "--all", "--energy", "low", "--energy=low", "--tags", "a, b"], as: NowOptions.self)
    #expect(now.options.interactive && now.options.all)
    #expect(now.options.energy == .low)
    // now's tags are sent as written; edit's are trimmed.
    #expect(now.options.tags == ["a", " b"])
    let add = try read(.add, ["--dry-run", "call", "--", "--dry-run"], as: AddOptions.self)
    #expect(add.options.dryRun)
    #expect(add.positionals == ["call", "--dry-run"])
    let list = try read(.list, ["--status", "done", "--sort", "-due", "--done-since", "monday"], as: ListOptions.self)
    #expect(list.options.status == .completed)
    #expect(list.options.sort == ListSort(key: .due, descending: true))
    #expect(list.options.doneSince?.params == TimeParse.Params(text: "monday", reading: .since))
  }

  @Test("a mistyped value is refused in one sentence that names the option and what would do")
  func refusals() {
    #expect(
      refusal(.now, ["--energy", "sleepy"], as: NowOptions.self)
        == "--energy 'sleepy' is not an energy level; use low, medium or high")
    #expect(
      refusal(.now, ["--limit", "9"], as: NowOptions.self)
        == "--limit '9' must be a number from 1 to \(NowLimits.maximumLimit)")
    #expect(
      refusal(.find, ["--limit", "0", "lease"], as: FindOptions.self)
        == "--limit '0' is not a number of tasks; give one like --limit 20")
    #expect(
      refusal(.log, ["--limit", "x"], as: LogOptions.self)
        == "--limit 'x' is not a number of changes; give one like --limit 20")
    #expect(
      refusal(.edit, ["3", "--estimate", "0m"], as: EditOptions.self)
        == "--estimate '0m' is no time at all; give a length above zero, like 5m (or none to clear it)")
    #expect(
      refusal(.edit, ["12", "--remove-note", "x"], as: EditOptions.self)
        == "--remove-note 'x' is not a note's number; stride show 12 numbers them")
    #expect(
      refusal(.defer, ["3", "blocked", "--on", "4.1"], as: DeferOptions.self)
        == "--on '4.1' is not a task id; write a task number like 7")
    #expect(
      refusal(.list, ["--search", "!!"], as: ListOptions.self)
        == "--search '!!' has no word to look for; give one or more words, like --search lease")
    #expect(
      refusal(.watch, ["--topics", "task.woke,nope"], as: WatchOptions.self)
        == "--topics: 'nope' is not a topic; use \(EventTopic.validWords)")
    #expect(
      refusal(.help, ["--man", "nope"], as: HelpOptions.self)
        == "there is no manual page 'nope'; the pages are stride, strided, stride-config")
  }

  @Test("the words themselves: an option it does not take, a value missing, a value given to a switch")
  func misspelled() {
    #expect(
      refusal(.defer, ["3", "unsure", "--untl", "friday"], as: DeferOptions.self)
        == "defer has no option --untl (it takes --until, --on); see: stride help defer")
    #expect(
      refusal(.defer, ["3", "--until"], as: DeferOptions.self) == "--until needs a value; see: stride help defer")
    #expect(
      refusal(.undo, ["--sync=yes"], as: UndoOptions.self)
        == "undo has no option --sync (it takes --sync); see: stride help undo")
    #expect(refusal(.show, ["3", "--all"], as: NoOptions.self) == "show has no option --all; see: stride help show")
  }

  @Test("a format is named as people write it, in any case, in export and import; a refusal lists the canonical names")
  func formatSpellings() throws {
    let exports: [(String, ExportFormat)] = [
      ("todo.txt", .todotxt), ("todotxt", .todotxt), ("Todo-Txt", .todotxt), ("TODO_TXT", .todotxt), ("JSON", .json),
      ("stride", .json), ("tw", .taskwarrior), ("TaskWarrior", .taskwarrior), ("ics", .ical), ("iCalendar", .ical),
      ("ICAL", .ical),
    ]
    for (word, format) in exports {
      #expect(try read(.export, ["--format", word], as: ExportOptions.self).options.format == format, "\(word)")
    }
    let imports: [(String, ImportFormat)] = [
      ("todo.txt", .todotxt), ("json", .stride), ("Stride", .stride), ("tw", .taskwarrior), ("ICS", .ical),
      ("icalendar", .ical),
    ]
    for (word, format) in imports {
      #expect(try read(.import, ["f", "--from", word], as: ImportOptions.self).options.from == format, "\(word)")
    }
    #expect(
      refusal(.export, ["--format", "csv"], as: ExportOptions.self)
        == "--format 'csv' is not an export format; use json, taskwarrior, todotxt, ical")
    #expect(
      refusal(.import, ["f", "--from", "todo"], as: ImportOptions.self)
        == "--from 'todo' is not a format Stride imports; use stride, taskwarrior, todotxt, ical")
  }

  @Test("an option given two different values is refused, whichever command and spelling, before any is read")
  func givenTwice() {
    let twice = "was given twice"
    #expect(
      refusal(.defer, ["12", "no-energy", "--until", "tonight", "--until", "friday"], as: DeferOptions.self)
        == "--until \(twice) ('tonight', then 'friday'); give it once, with the value you mean (see: stride help defer)"
    )
    #expect(
      refusal(.now, ["--energy=low", "--for", "20m", "--energy", "high"], as: NowOptions.self)
        == "--energy \(twice) ('low', then 'high'); give it once, with the value you mean (see: stride help now)")
    // Refused as given twice, not for the second value's spelling: the first mistake named is the one to fix.
    #expect(
      refusal(.export, ["--format", "json", "--format", "nope"], as: ExportOptions.self)?.hasPrefix("--format \(twice)")
        == true)
    #expect(
      refusal(.edit, ["3", "--due", "fri", "--title", "x", "--due", "none"], as: EditOptions.self)?
        .hasPrefix("--due \(twice) ('fri', then 'none')") == true)
  }

  @Test("every command reads its options by the type the table names, and refuses others listing its own")
  func tableAndDispatchAgree() throws {
    let session = Session(invocation: Invocation(), environment: [:])
    for command in Command.all {
      let error = #expect(throws: UsageError.self, "stride \(command.name.rawValue)") {
        try command.run(session, ["--no-such-option"])
      }
      let takes = command.optionNames.isEmpty ? "" : " (it takes \(command.optionNames.joined(separator: ", ")))"
      #expect(
        error?.message
          == "\(command.name.rawValue) has no option --no-such-option\(takes); see: stride help \(command.name.rawValue)"
      )
    }
  }

  @Test("the completions offer each option's words from its type, and none for free text")
  func completions() {
    let values = Command.optionValues
    #expect(values["--energy"] == ["low", "medium", "high"])
    #expect(values["--on"] == ["ids"])
    #expect(values["--deferred-by"] == DeferReason.allCases.map(\.rawValue))
    #expect(values["--sort"]?.contains("-due") == true)
    #expect(values["--man"] == ["stride", "strided", "stride-config"])
    #expect(values["--list"] == nil && values["--until"] == nil && values["--all"] == nil)
    #expect(
      Set(values.keys)
        == [
          "--energy", "--type", "--status", "--topics", "--format", "--from", "--on", "--sort", "--deferred-by",
          "--man",
        ])
  }
}
