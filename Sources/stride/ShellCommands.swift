import Foundation
import StrideCore

/// `stride prompt`: a compact line for a shell prompt — the first thing to start now, and how many more are on
/// the now-list. It runs on every prompt, so it never starts the daemon, waits at most half a second, and prints
/// nothing at all (exit 0) when the daemon is not running or has nothing to suggest.
extension Session {
  func prompt(_ arguments: [String]) throws {
    let args = try CommandArguments(arguments, command: "prompt")
    try args.noMorePositionals(than: 0, "prompt")
    guard let connection = try? StrideClient(path: paths.socket, timeout: 0.5),
      let now = try? connection.call(NowList.self, .init()), let first = now.suggestions.first
    else { return }
    let more = now.suggestions.count - 1
    let title = first.step.map { "\(first.task.title): \($0.title)" } ?? first.task.title
    output.report(
      "\(Output.clip(title, 40))" + (more > 0 ? " (+\(more))" : ""),
      json: PromptLine(task: first.task.id, title: title, more: more))
  }

  struct PromptLine: Encodable {
    var task: TaskID
    var title: String
    var more: Int
  }
}

/// `stride completions bash|zsh|fish`: a completion script made from one table of commands, their options and
/// what their arguments are. Task ids (with their titles) come from `stride completions ids`, which asks the daemon
/// and prints nothing when it is not running, so a completion never starts it or waits for it.
extension Session {
  /// What a command's positional arguments are.
  enum ArgumentKind {
    case none, task, taskThenReason, words([String]), file, text
  }

  struct CommandSpec {
    var name: String
    var summary: String
    var options: [String]
    var argument: ArgumentKind
  }

  static let commandSpecs: [CommandSpec] = [
    CommandSpec(name: "add", summary: "capture a thought as a task", options: ["--dry-run"], argument: .text),
    CommandSpec(
      name: "now", summary: "the few tasks worth starting now",
      options: ["--energy", "--for", "--at", "--limit", "--tags", "--all", "--interactive"], argument: .none),
    CommandSpec(
      name: "defer", summary: "put a task off, with a reason", options: ["--until", "--on"], argument: .taskThenReason),
    CommandSpec(name: "done", summary: "finish a task, or one of its steps", options: [], argument: .task),
    CommandSpec(
      name: "list", summary: "open tasks", options: ["--status", "--tag", "--all", "--pinned"], argument: .none),
    CommandSpec(name: "show", summary: "everything about one task", options: [], argument: .task),
    CommandSpec(name: "step", summary: "add a step to a task", options: [], argument: .task),
    CommandSpec(
      name: "edit", summary: "change a task",
      options: ["--title", "--energy", "--estimate", "--type", "--due", "--start", "--tags", "--repeat"],
      argument: .task),
    CommandSpec(name: "skip", summary: "move a routine to its next time", options: [], argument: .task),
    CommandSpec(name: "pin", summary: "keep a task in now", options: [], argument: .task),
    CommandSpec(name: "unpin", summary: "stop keeping a task in now", options: [], argument: .task),
    CommandSpec(name: "reopen", summary: "bring back a finished task or step", options: [], argument: .task),
    CommandSpec(
      name: "wait", summary: "park a task while it waits on someone", options: ["--follow-up"], argument: .task),
    CommandSpec(name: "resume", summary: "end a deferral or a wait", options: [], argument: .task),
    CommandSpec(name: "block", summary: "make a task wait on another", options: ["--on"], argument: .task),
    CommandSpec(name: "unblock", summary: "stop a task waiting on another", options: ["--on"], argument: .task),
    CommandSpec(name: "delete", summary: "remove a task", options: [], argument: .task),
    CommandSpec(name: "undo", summary: "take back your last change here", options: ["--sync"], argument: .none),
    CommandSpec(
      name: "energy", summary: "show or set your energy", options: [],
      argument: .words(["low", "medium", "high", "clear"])),
    CommandSpec(name: "when", summary: "how Stride reads a time", options: ["--ref"], argument: .text),
    CommandSpec(
      name: "why", summary: "why a task is or is not in now", options: ["--energy", "--for", "--at", "--tags"],
      argument: .task),
    CommandSpec(
      name: "watch", summary: "print changes and wake-ups as they happen", options: ["--exec", "--topics"],
      argument: .none),
    CommandSpec(name: "prompt", summary: "a short line for a shell prompt", options: [], argument: .none),
    CommandSpec(
      name: "completions", summary: "a completion script", options: [], argument: .words(["bash", "zsh", "fish"])),
    CommandSpec(
      name: "export", summary: "every task, to a file or standard output", options: ["--format", "--output"],
      argument: .none),
    CommandSpec(
      name: "import", summary: "tasks from another list", options: ["--from", "--dry-run"], argument: .file),
    CommandSpec(
      name: "sync", summary: "sync with a CalDAV task list",
      options: ["--user", "--password-command", "--insecure", "--create"], argument: .words(["status", "setup"])),
    CommandSpec(
      name: "daemon", summary: "start, stop, status or install the daemon", options: [],
      argument: .words(["start", "stop", "status", "install"])),
    CommandSpec(name: "help", summary: "help on a command", options: [], argument: .none),
  ]

  static let globalOptions = ["--json", "--plain", "--socket", "--no-autostart", "--help", "--version"]

  /// The words an option's value can be, where they are a fixed set; `ids` for a task id.
  static let optionValues: [String: [String]] = [
    "--energy": EnergyLevel.allCases.map(\.rawValue),
    "--type": TaskType.allCases.map(\.rawValue),
    "--status": ListStatus.allCases.map(\.rawValue),
    "--topics": EventTopic.allCases.map(\.rawValue),
    "--format": ExportFormat.allCases.map(\.rawValue),
    "--from": ImportFormat.allCases.map(\.rawValue),
    "--on": ["ids"],
  ]

  func completions(_ arguments: [String]) throws {
    let args = try CommandArguments(arguments, command: "completions")
    try args.noMorePositionals(than: 1, "completions")
    switch args.positionals.first {
    case "bash": print(Self.bashScript, terminator: "")
    case "zsh": print(Self.zshScript, terminator: "")
    case "fish": print(Self.fishScript, terminator: "")
    case "ids": completionIDs()
    case let other?: throw UsageError("completions has no shell '\(other)'; use bash, zsh or fish")
    case nil: throw UsageError("completions needs a shell: bash, zsh or fish, like: stride completions bash")
    }
  }

  /// Open task ids with their titles, a tab between: what the scripts offer for a task argument. Quiet and quick:
  /// nothing at all when the daemon is not running.
  private func completionIDs() {
    guard let connection = try? StrideClient(path: paths.socket, timeout: 2),
      let list = try? connection.call(TaskList.self, .init())
    else { return }
    for task in list.tasks {
      let title = task.title.map { $0 == "\t" || $0.isNewline ? " " : $0 }
      print("\(task.id)\t\(String(title))")
    }
  }

  private static let reasons = DeferReason.allCases.map(\.rawValue)

  private static func names(_ kinds: (ArgumentKind) -> Bool) -> String {
    commandSpecs.filter { kinds($0.argument) }.map(\.name).joined(separator: " ")
  }

  private static var taskCommands: String {
    names {
      if case .task = $0 { true } else { false }
    }
  }

  static var bashScript: String {
    let optionCases = commandSpecs.filter { !$0.options.isEmpty }.map {
      "    \($0.name)) options=\"\($0.options.joined(separator: " "))\" ;;"
    }.joined(separator: "\n")
    let valueCases = optionValues.sorted { $0.key < $1.key }.map { option, words in
      words == ["ids"]
        ? "    \(option)) _stride_ids; return ;;"
        : "    \(option)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;"
    }.joined(separator: "\n")
    let wordCases = commandSpecs.compactMap { spec -> String? in
      guard case .words(let words) = spec.argument else { return nil }
      return "    \(spec.name)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")) ;;"
    }.joined(separator: "\n")
    return """
      # Stride completion for bash. Load it with: source <(stride completions bash)
      # or save it as ~/.local/share/bash-completion/completions/stride

      _stride_ids() {
        local line lines=()
        while IFS= read -r line; do
          [[ ${line%%$'\\t'*} == "$cur"* ]] && lines+=("$line")
        done < <(stride completions ids 2>/dev/null)
        if (( ${#lines[@]} == 1 )); then
          COMPREPLY=("${lines[0]%%$'\\t'*}")
        else
          local IFS=$'\\n'
          COMPREPLY=(${lines[@]/$'\\t'/  })
        fi
      }

      _stride() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        local command="" position=0 i
        for ((i = 1; i < COMP_CWORD; i++)); do
          case ${COMP_WORDS[i]} in
            --socket) ((i++)) ;;
            -*) ;;
            *) if [[ -z $command ]]; then command=${COMP_WORDS[i]}; else ((position++)); fi ;;
          esac
        done
        case $prev in
      \(valueCases)
          --socket) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        if [[ -z $command ]]; then
          COMPREPLY=($(compgen -W "\(commandSpecs.map(\.name).joined(separator: " ")) \(globalOptions.joined(separator: " "))" -- "$cur"))
          return
        fi
        if [[ $cur == -* ]]; then
          local options=""
          case $command in
      \(optionCases)
          esac
          COMPREPLY=($(compgen -W "$options --json" -- "$cur"))
          return
        fi
        case $command in
          \(taskCommands.replacingOccurrences(of: " ", with: "|"))) (( position == 0 )) && _stride_ids ;;
          defer) if (( position == 0 )); then _stride_ids; elif (( position == 1 )); then COMPREPLY=($(compgen -W "\(reasons.joined(separator: " "))" -- "$cur")); fi ;;
      \(wordCases)
          import) COMPREPLY=($(compgen -f -- "$cur")) ;;
        esac
      }

      complete -F _stride stride

      """
  }

  static var zshScript: String {
    let commands = commandSpecs.map { "    '\($0.name):\($0.summary)'" }.joined(separator: "\n")
    let valueCases = optionValues.sorted { $0.key < $1.key }.map { option, words in
      words == ["ids"]
        ? "    \(option)) _stride_ids; return ;;"
        : "    \(option)) compadd -- \(words.joined(separator: " ")); return ;;"
    }.joined(separator: "\n")
    let optionCases = commandSpecs.filter { !$0.options.isEmpty }.map {
      "      \($0.name)) compadd -- \($0.options.joined(separator: " ")) --json ;;"
    }.joined(separator: "\n")
    let wordCases = commandSpecs.compactMap { spec -> String? in
      guard case .words(let words) = spec.argument else { return nil }
      return "    \(spec.name)) compadd -- \(words.joined(separator: " ")) ;;"
    }.joined(separator: "\n")
    return """
      #compdef stride
      # Stride completion for zsh. Load it with: source <(stride completions zsh)
      # or save it as _stride in a directory on your $fpath.

      _stride_ids() {
        local -a ids
        ids=(${(f)"$(stride completions ids 2>/dev/null | sed 's/\\t/:/')"})
        _describe -t tasks 'task' ids
      }

      _stride() {
        local -a commands
        commands=(
      \(commands)
        )
        local command="" position=0 i
        for ((i = 2; i < CURRENT; i++)); do
          case ${words[i]} in
            --socket) ((i++)) ;;
            -*) ;;
            *) if [[ -z $command ]]; then command=${words[i]}; else ((position++)); fi ;;
          esac
        done
        case ${words[CURRENT-1]} in
      \(valueCases)
          --socket) _files; return ;;
        esac
        if [[ -z $command ]]; then
          if [[ ${words[CURRENT]} == -* ]]; then
            compadd -- \(globalOptions.joined(separator: " "))
          else
            _describe -t commands 'command' commands
          fi
          return
        fi
        if [[ ${words[CURRENT]} == -* ]]; then
          case $command in
      \(optionCases)
            *) compadd -- --json ;;
          esac
          return
        fi
        case $command in
          \(taskCommands.replacingOccurrences(of: " ", with: "|"))) (( position == 0 )) && _stride_ids ;;
          defer) if (( position == 0 )); then _stride_ids; elif (( position == 1 )); then compadd -- \(reasons.joined(separator: " ")); fi ;;
      \(wordCases)
          import) _files ;;
        esac
      }

      if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
        _stride "$@"
      else
        compdef _stride stride
      fi

      """
  }

  static var fishScript: String {
    var lines = [
      "# Stride completion for fish. Load it with: stride completions fish | source",
      "# or save it as ~/.config/fish/completions/stride.fish",
      "",
      "complete -c stride -f",
    ]
    lines += globalOptions.map { "complete -c stride -l \($0.dropFirst(2))" }
    for spec in commandSpecs {
      let summary = spec.summary.replacingOccurrences(of: "'", with: "\\'")
      lines.append("complete -c stride -n __fish_use_subcommand -a \(spec.name) -d '\(summary)'")
      let seen = "'__fish_seen_subcommand_from \(spec.name)'"
      for option in spec.options {
        let values = optionValues[option]
        let argument =
          switch values {
          case ["ids"]?: " -xa '(stride completions ids 2>/dev/null)'"
          case let words?: " -xa '\(words.joined(separator: " "))'"
          case nil: ["--dry-run", "--all"].contains(option) ? "" : " -r"
          }
        lines.append("complete -c stride -n \(seen) -l \(option.dropFirst(2))\(argument)")
      }
      switch spec.argument {
      case .task:
        lines.append("complete -c stride -n \(seen) -xa '(stride completions ids 2>/dev/null)'")
      case .taskThenReason:
        lines.append(
          "complete -c stride -n \(seen) -n 'test (count (commandline -opc)) -eq 2' "
            + "-xa '(stride completions ids 2>/dev/null)'")
        lines.append(
          "complete -c stride -n \(seen) -n 'test (count (commandline -opc)) -eq 3' -xa '\(reasons.joined(separator: " "))'"
        )
      case .words(let words):
        lines.append("complete -c stride -n \(seen) -xa '\(words.joined(separator: " "))'")
      case .file:
        lines.append("complete -c stride -n \(seen) -F")
      case .none, .text:
        break
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
