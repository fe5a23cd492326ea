import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideClientKit
@testable import StrideCore
@testable import StrideManual
@testable import StrideModel
@testable import StridePlatform
@testable import StrideProtocol

extension ManPage {
  /// The page as its program prints it: stride(1) by the client, strided(8) and stride-config(5) by strided.
  func printed() -> String { renderedByDaemon() ?? render(writing: Self.writeStride) }
}

/// The manual pages, read by the real groff and against the tables they are printed from.
@Suite("Manual pages")
struct ManPageTests {
  @Test("groff -man -ww reads every page without a warning", arguments: ManPage.allCases)
  func groffIsSilent(_ page: ManPage) throws {
    let file = Fixtures.temporaryDirectory() + "/" + page.fileName
    try page.printed().write(toFile: file, atomically: true, encoding: .utf8)
    // The default device (as the task names it) and the one man(1) uses on a UTF-8 terminal.
    for device in [[], ["-Tutf8"]] {
      let outcome = try Groff.run(["-man", "-ww", "-z"] + device + [file])
      #expect(outcome.status == 0, "groff \(device) \(page.fileName): \(outcome.stderr)")
      #expect(outcome.stderr.isEmpty, "groff \(device) \(page.fileName) warned:\n\(outcome.stderr)")
    }
  }

  @Test(
    "mandoc's strict lint finds nothing to warn of, and man prints every line within 80 columns",
    .enabled(
      if: Installed.runs(["mandoc", "man"]), "mandoc is not installed ('sudo apt-get install mandoc'; .ci/run does)"),
    arguments: ManPage.allCases)
  func lintAndWidth(_ page: ManPage) throws {
    let file = Fixtures.temporaryDirectory() + "/" + page.fileName
    try page.printed().write(toFile: file, atomically: true, encoding: .utf8)
    let lint = try ManTool.run("mandoc", ["-Tlint", "-W", "warning", file], package: "mandoc")
    #expect(lint.status == 0 && lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)")
    let shown = try ManTool.run(
      "man", ["-l", file], package: "man-db",
      environment: ["MANWIDTH": "80", "MAN_KEEP_FORMATTING": "", "PAGER": "cat"])
    #expect(shown.status == 0, "\(shown.stderr)")
    let wide = shown.stdout.split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "\(page.fileName) at 80 columns:\n\(wide.joined(separator: "\n"))")
    #expect(shown.stdout.contains(strideVersionDate), "the footer names the version's date")
  }

  @Test("each page has the sections man(7) asks for, in order", arguments: ManPage.allCases)
  func sections(_ page: ManPage) {
    let roff = page.printed()
    #expect(roff.hasPrefix(".TH \(Roff.escape(page.rawValue.uppercased())) \(page.section) "))
    let middle =
      switch page {
      case .stride: ["DESCRIPTION", "COMMANDS", "OPTIONS", "FILES", "ENVIRONMENT", "\"EXIT STATUS\"", "EXAMPLES"]
      case .strided: ["DESCRIPTION", "OPTIONS", "SIGNALS", "FILES", "ENVIRONMENT", "\"EXIT STATUS\"", "EXAMPLES"]
      case .strideConfig: ["DESCRIPTION", "KEYS", "FILES", "ENVIRONMENT", "EXAMPLES"]
      }
    let expected = ["NAME", "SYNOPSIS"] + middle + ["\"SEE ALSO\""]
    let found = roff.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
    #expect(found == expected)
    let name = roff.split(separator: "\n").drop { $0 != ".SH NAME" }.dropFirst().first ?? ""
    #expect(name.hasPrefix(Roff.escape(page.rawValue) + " \\- "), "NAME is '\(name)'")
  }

  @Test("stride(1) has every command of the table, its aliases and options, and every global option")
  func everyCommand() {
    let roff = ManPage.stride.printed()
    let commands = section("COMMANDS", of: roff)
    for command in Command.all {
      let heading = ([command.name.rawValue] + command.aliases).joined(separator: ", ")
      #expect(commands.contains(".SS \(heading.contains(" ") ? "\"\(heading)\"" : heading)\n"), "\(heading)")
      for option in command.optionNames + command.short.keys {
        #expect(commands.contains(Roff.escape(option)), "stride(1) leaves out \(command.name.rawValue) \(option)")
      }
    }
    let options = section("OPTIONS", of: roff)
    for option in Command.globalOptions {
      #expect(options.contains(Roff.bold(option)), "OPTIONS leaves out \(option)")
    }
    let status = section("\"EXIT STATUS\"", of: roff)
    for code in ExitStatus.allCases {
      #expect(status.contains(".TP\n\\fB\(code.rawValue)\\fR\n"), "EXIT STATUS leaves out \(code.rawValue)")
    }
    for example in ManPage.examples {
      let word = example.line.split(separator: " ").dropFirst().first.map(String.init) ?? ""
      #expect(Command.named(word) != nil, "the example '\(example.line)' names no command")
    }
  }

  @Test("strided(8) has each of its options, and stride-config(5) every key with its kind, bounds and default")
  func daemonAndConfig() {
    let daemon = section("OPTIONS", of: ManPage.strided.printed())
    for option in ["--socket", "--data-dir", "--detach", "--version", "--help"] {
      #expect(daemon.contains(Roff.bold(option)), "strided(8) leaves out \(option)")
      #expect(DaemonOptions.usage.contains(option))
    }
    let keys = section("KEYS", of: ManPage.strideConfig.printed())
    for key in StrideConfig.keys {
      #expect(keys.contains(".TP\n" + Roff.bold(key.path) + "\n"), "stride-config(5) leaves out \(key.path)")
      #expect(keys.contains(Roff.escape(ManPage.valueSentence(key))), "\(key.path): \(ManPage.valueSentence(key))")
    }
    #expect(
      ManPage.valueSentence(StrideConfig.keys.first { $0.path == "engine.planningFallacy" }!)
        == "A number from 1 to 5; 1.5 unless set.")
  }

  @Test("the example config.json on stride-config(5) loads, and sets what its sentence says")
  func configExample() throws {
    let file = Fixtures.temporaryDirectory() + "/config.json"
    try ManPage.configExample.write(toFile: file, atomically: true, encoding: .utf8)
    let config = try StrideConfig.load(path: file)
    #expect(config.time.dayStart == ClockTime(hour: 7, minute: 30))
    #expect(config.context.energyLapseHours == 4)
    #expect(config.engine.weights.deadline > EngineSettings.Weights().deadline)
    #expect(config.capture.breakdownCommand?.first == "/usr/local/bin/my-steps")
  }

  @Test("ENVIRONMENT names every STRIDE_ variable the code reads or sets, and NO_COLOR; FILES every file")
  func environmentAndFiles() throws {
    var variables: Set<String> = ["NO_COLOR"]
    let sources = try #require(FileManager.default.enumerator(atPath: Repository.root + "/Sources"))
    let pattern = try Regex("\"(STRIDE_[A-Z_]+)\"")
    for case let path as String in sources where path.hasSuffix(".swift") {
      let text = try String(contentsOfFile: Repository.root + "/Sources/" + path, encoding: .utf8)
      for match in text.matches(of: pattern) { variables.insert(String(text[match.range].dropFirst().dropLast())) }
    }
    #expect(variables.isSuperset(of: ["STRIDE_SOCKET", "STRIDE_SYNC_PASSWORD", "STRIDE_MESSAGE"]))
    let environment = section("ENVIRONMENT", of: ManPage.stride.printed())
    for variable in variables {
      #expect(environment.contains(Roff.escape(variable)), "stride(1) ENVIRONMENT leaves out \(variable)")
    }
    let paths = StridePaths(environment: ["HOME": "/home/ada"])
    let names = [paths.database, paths.lockFile, paths.socket, paths.logFile, paths.configFile].map {
      ($0 as NSString).lastPathComponent
    }
    for page in [ManPage.stride, .strided] {
      let files = section("FILES", of: page.printed())
      for name in names + [SystemdUnits.socketName, SystemdUnits.serviceName] {
        #expect(files.contains(Roff.escape(name)), "\(page.reference) FILES leaves out \(name)")
      }
    }
  }

  @Test("in the roff, every line that starts with a dot is a request, and every hyphen is escaped (but the date's)")
  func escaped() {
    let requests: Set<String> = [".TH", ".SH", ".SS", ".PP", ".TP", ".RS", ".RE", ".nf", ".fi", ".br", ".nh", ".ad"]
    for page in ManPage.allCases {
      for line in page.printed().split(separator: "\n") {
        if line.hasPrefix(".") || line.hasPrefix("'") {
          #expect(requests.contains(String(line.prefix { $0 != " " })), "\(page.reference): \(line)")
        }
        // The date in .TH keeps its plain hyphens: mandoc reads an ISO date only so.
        let text = line.hasPrefix(".TH ") ? line.replacing(strideVersionDate, with: "") : line
        let unescaped = text.indices.contains { text[$0] == "-" && (text[..<$0].last != "\\") }
        #expect(!unescaped, "\(page.reference): a bare hyphen in \(line)")
      }
    }
  }

  /// The part of a page from `.SH heading` to the next `.SH`.
  private func section(_ heading: String, of roff: String) -> String {
    let lines = roff.split(separator: "\n", omittingEmptySubsequences: false)
    let body = lines.drop { $0 != ".SH \(heading)" }.dropFirst().prefix { !$0.hasPrefix(".SH ") }
    return body.joined(separator: "\n") + "\n"
  }
}

/// The real groff, as installed (Debian: groff-base; `.ci/run` installs it).
/// The manual page tools as installed (`.ci/run` installs them where they are missing).
enum Groff {
  static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let outcome = try ManTool.run("groff", arguments, package: "groff-base")
    return (outcome.status, outcome.stderr)
  }
}

enum ManTool {
  /// Runs `name` from /usr/bin or /usr/local/bin; what it printed, and how it ended.
  static func run(_ name: String, _ arguments: [String], package: String, environment: [String: String] = [:]) throws
    -> (status: Int32, stdout: String, stderr: String)
  {
    let executable = try #require(
      ["/usr/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) },
      "\(name) is not installed; Debian: apt-get install \(package)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let (output, errors) = (Pipe(), Pipe())
    (process.standardOutput, process.standardError) = (output, errors)
    try process.run()
    // Read the error stream on its own thread, so neither pipe fills while the other is read.
    let errorText = Locked("")
    let reader = Thread {
      errorText.withLock { $0 = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
    }
    reader.start()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    while !reader.isFinished { usleep(1_000) }
    return (process.terminationStatus, printed, errorText.withLock { $0 })
  }
}
