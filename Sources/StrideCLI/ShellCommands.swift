import StrideBase
import StrideClientKit
import StrideConnection
import StrideNowView
import StridePlatform
import StrideWire

/// `stride prompt`: a compact line for a shell prompt — the first thing to start now, and how many more are on
/// the now-list. It runs on every prompt, so it reads the line the daemon keeps beside its socket while that holds,
/// else asks the daemon; it never starts the daemon, waits at most half a second, and prints nothing at all (exit 0)
/// when the daemon is not running or has nothing to suggest.
extension Session {
  func prompt(_ args: CommandArguments<NoOptions>) throws {
    try args.noMorePositionals(than: 0, "prompt")
    // The daemon's clock, which STRIDE_CLOCK_SHIFT runs ahead of the system's when it is set (strided(8)).
    let now = System.secondsSince1970 + Double(environment["STRIDE_CLOCK_SHIFT"].flatMap { Int($0) } ?? 0)
    guard let line = PromptFile.read(paths.promptFile, now: now) ?? askedPrompt(now: now) else { return }
    if let focus = line.focus {
      return output.report(
        focus.line(clip: TerminalColumns.clip),
        json: PromptLine(task: focus.task, title: focus.title, more: 0, focus: focus))
    }
    guard let task = line.task, let title = line.title else { return }
    output.report(
      "\(TerminalColumns.clip(title, 40))" + (line.more > 0 ? " (+\(line.more))" : ""),
      json: PromptLine(task: task, title: title, more: line.more, focus: nil))
  }

  /// The line asked of the daemon; from its now-list when it is older than `now.prompt`. Nil when it cannot answer.
  private func askedPrompt(now: Double) -> NowPrompt.Result? {
    guard let connection = try? StrideClient(path: paths.socket, timeout: 0.5) else { return nil }
    do {
      return try connection.call(NowPrompt.self, NoParams())
    } catch .failed(let error) where error.code == .methodNotFound {
      let list = try? connection.call(Wire.NowList.self, .init(terms: false))
      return list.map { NowPrompt.Result($0, until: Timestamp(secondsSince1970: now)) }
    } catch {
      return nil
    }
  }

  struct PromptLine: Encodable {
    var task: TaskID
    var title: String
    var more: Int
    var focus: NowPrompt.Result.PromptFocus?
  }
}

/// `stride completions bash|zsh|fish`: a completion script made from one table of commands, their options and
/// what their arguments are. Task ids (with their titles) come from `stride completions ids`, which asks the daemon
/// and prints nothing when it is not running, so a completion never starts it or waits for it.
extension Session {
  func completions(_ args: CommandArguments<NoOptions>) throws {
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
      let list = try? connection.call(Wire.TaskList.self, .init())
    else { return }
    for task in list.tasks {
      let title = task.title.map { $0 == "\t" || $0.isNewline ? " " : $0 }
      print("\(task.id)\t\(String(title))")
    }
  }

  private static let reasons = DeferReason.allCases.map(\.rawValue)

  private static func names(_ kinds: (Command.ArgumentKind) -> Bool) -> String {
    Command.all.filter { kinds($0.argument) }.map(\.name.rawValue).joined(separator: " ")
  }

  private static var taskCommands: String {
    names {
      if case .task = $0 { true } else { false }
    }
  }

  static var bashScript: String {
    let optionCases = Command.all.filter { !$0.optionNames.isEmpty }.map {
      "    \($0.name.rawValue)) options=\"\($0.optionNames.joined(separator: " "))\" ;;"
    }.joined(separator: "\n")
    let valueCases = Command.optionValues.sorted { $0.key < $1.key }.map { option, words in
      words == ["ids"]
        ? "    \(option)) _stride_ids; return ;;"
        : "    \(option)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;"
    }.joined(separator: "\n")
    let wordCases = Command.all.compactMap { spec -> String? in
      guard case .words(let words) = spec.argument else { return nil }
      return "    \(spec.name.rawValue)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")) ;;"
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
          COMPREPLY=($(compgen -W "\(Command.all.map(\.name.rawValue).joined(separator: " ")) \(Command.globalOptions.joined(separator: " "))" -- "$cur"))
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
          \(taskCommands.replacing(text: " ", with: "|"))) (( position == 0 )) && _stride_ids ;;
          defer) if (( position == 0 )); then _stride_ids; elif (( position == 1 )); then COMPREPLY=($(compgen -W "\(reasons.joined(separator: " "))" -- "$cur")); fi ;;
      \(wordCases)
          import) COMPREPLY=($(compgen -f -- "$cur")) ;;
        esac
      }

      complete -F _stride stride

      """
  }

  static var zshScript: String {
    let commands = Command.all.map { "    '\($0.name.rawValue):\($0.summary)'" }.joined(separator: "\n")
    let valueCases = Command.optionValues.sorted { $0.key < $1.key }.map { option, words in
      words == ["ids"]
        ? "    \(option)) _stride_ids; return ;;"
        : "    \(option)) compadd -- \(words.joined(separator: " ")); return ;;"
    }.joined(separator: "\n")
    let optionCases = Command.all.filter { !$0.optionNames.isEmpty }.map {
      "      \($0.name.rawValue)) compadd -- \($0.optionNames.joined(separator: " ")) --json ;;"
    }.joined(separator: "\n")
    let wordCases = Command.all.compactMap { spec -> String? in
      guard case .words(let words) = spec.argument else { return nil }
      return "    \(spec.name.rawValue)) compadd -- \(words.joined(separator: " ")) ;;"
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
            compadd -- \(Command.globalOptions.joined(separator: " "))
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
          \(taskCommands.replacing(text: " ", with: "|"))) (( position == 0 )) && _stride_ids ;;
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
    lines += Command.globalOptions.map { "complete -c stride -l \($0.dropFirst(2))" }
    let optionValues = Command.optionValues
    for spec in Command.all {
      let summary = spec.summary.replacing(text: "'", with: "\\'")
      lines.append("complete -c stride -n __fish_use_subcommand -a \(spec.name.rawValue) -d '\(summary)'")
      let seen = "'__fish_seen_subcommand_from \(spec.name.rawValue)'"
      for option in spec.optionNames {
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
