import Foundation
import Testing

@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// The shell side: completion scripts and the prompt line, run by real shells.
@Suite("Shell completions and prompt")
struct ShellTests {
  /// Runs `script` in bash with the harness's environment and the built programs first on PATH.
  static func bash(_ cli: CommandLineHarness, _ script: String) -> CommandLineHarness.Outcome {
    cli.run("/bin/bash", ["-c", script], extraEnvironment: ["PATH": cli.binaries + ":/usr/bin:/bin"])
  }

  /// The completions bash offers for a command line; `words` ends with the word being completed.
  static func complete(_ cli: CommandLineHarness, _ words: [String]) -> [String] {
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let outcome = bash(
      cli,
      #"source <(stride completions bash); COMP_WORDS=(\#(quoted)); COMP_CWORD=\#(words.count - 1); _stride; "#
        + #"printf '%s\n' "${COMPREPLY[@]}""#)
    return outcome.stdout.split(separator: "\n").map(String.init)
  }

  @Test("bash completes commands, options, option values, defer reasons, and task ids with their titles")
  func bashCompletion() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    #expect(Self.bash(cli, "stride completions bash | bash -n").status == 0)
    #expect(Self.complete(cli, ["stride", "de"]) == ["defer", "delete"])
    #expect(Self.complete(cli, ["stride", "now", "--e"]) == ["--energy"])
    #expect(Self.complete(cli, ["stride", "now", "--energy", ""]) == ["low", "medium", "high"])
    #expect(Self.complete(cli, ["stride", "defer", "3", "no"]) == ["no-energy", "not-important"])
    #expect(Self.complete(cli, ["stride", "completions", ""]) == ["bash", "zsh", "fish"])
    // Without a daemon there are no ids to offer, and none is started.
    #expect(Self.complete(cli, ["stride", "done", ""]) == [])
    #expect(cli.daemonPID() == nil)

    cli.stride("add", "call mum")
    cli.stride("add", "buy stamps")
    #expect(Self.complete(cli, ["stride", "done", ""]) == ["1  call mum", "2  buy stamps"])
    #expect(Self.complete(cli, ["stride", "show", "2"]) == ["2"])
    #expect(cli.stride("completions", "ids").stdout == "1\tcall mum\n2\tbuy stamps\n")
  }

  @Test("every option a script offers is one its command takes, and none is missing")
  func optionsMatchCommands() throws {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    let fish = cli.stride("completions", "fish").stdout
    var offered: [String: Set<String>] = [:]
    for line in fish.split(separator: "\n") where line.contains("__fish_seen_subcommand_from") && line.contains(" -l ")
    {
      let command = String(line.split(separator: "__fish_seen_subcommand_from ")[1].prefix { $0 != "'" })
      let option = "--" + line.split(separator: " -l ")[1].prefix { $0 != " " }
      offered[command, default: []].insert(option)
    }
    #expect(offered.count > 10)
    for (command, options) in offered {
      let outcome = cli.stride(command, "--no-such-option", "--no-autostart")
      let taken = outcome.stderr.split(separator: "(it takes ").last?.prefix { $0 != ")" } ?? ""
      #expect(Set(taken.split(separator: ", ").map(String.init)) == options, "stride \(command)")
    }
  }

  @Test("zsh and fish scripts are valid for their shells, where those shells are installed")
  func otherShells() {
    let cli = CommandLineHarness()
    defer { cli.finish() }
    for (shell, check) in [("zsh", ["-n"]), ("fish", ["--no-execute"])] {
      let path = "/usr/bin/" + shell
      guard FileManager.default.isExecutableFile(atPath: path) else { continue }
      let script = cli.root + "/completion." + shell
      _ = FileManager.default.createFile(atPath: script, contents: Data(cli.stride("completions", shell).stdout.utf8))
      let outcome = cli.run(path, check + [script])
      #expect(outcome.status == 0, "\(shell): \(outcome.stderr)")
    }
    #expect(
      cli.stride("completions", "tcsh").stderr == "stride: completions has no shell 'tcsh'; use bash, zsh or fish\n")
  }

  @Test("the prompt line is the first task to start and how many more; silent and quick when no daemon runs")
  func promptLine() throws {
    // The kept line holds to the end of its minute at most: the clock starts on a minute, so the few seconds this
    // test takes never cross one (run at whatever second, a busy machine could).
    let cli = CommandLineHarness(at: "2026-11-25T10:00:00Z")
    defer { cli.finish() }
    let silent = cli.stride("prompt")
    #expect(silent.status == 0 && silent.stdout.isEmpty && silent.stderr.isEmpty)
    #expect(cli.daemonPID() == nil)
    cli.stride("add", "call mum ~5m")
    cli.stride("add", "write the long quarterly report for the board of directors")
    let line = cli.stride("prompt").stdout
    #expect(line.hasSuffix(" (+1)\n"))
    #expect(line.count <= 48)

    // The line is kept beside the socket (written just after the answer it comes from): a daemon that cannot answer
    // at all (stopped) still gives it.
    let kept = cli.socket + ".prompt"
    func waitForTheFile() {
      for _ in 0..<1000 where !FileManager.default.fileExists(atPath: kept) { usleep(10_000) }
    }
    waitForTheFile()
    let pid = try #require(cli.daemonPID())
    kill(pid, SIGSTOP)
    defer { kill(pid, SIGCONT) }
    #expect(cli.stride("prompt").stdout == line)
    // Without that file, the prompt asks, gives up after half a second, and prints nothing.
    try FileManager.default.removeItem(atPath: kept)
    let unanswered = cli.stride("prompt")
    #expect(unanswered.status == 0 && unanswered.stdout.isEmpty && unanswered.stderr.isEmpty)
    kill(pid, SIGCONT)
    #expect(cli.stride("prompt").stdout == line)

    // A daemon killed outright cannot remove its line: the prompt sees the daemon gone, and prints nothing.
    cli.stride("add", "water the plants")
    #expect(cli.stride("prompt").stdout.hasSuffix(" (+2)\n"))
    waitForTheFile()
    kill(pid, SIGKILL)
    while kill(pid, 0) == 0 { usleep(10_000) }
    #expect(FileManager.default.fileExists(atPath: kept))
    #expect(cli.stride("prompt").stdout.isEmpty)
  }
}
