import Foundation
import Testing

@testable import StrideClientKit
@testable import StrideCore
@testable import StrideManual

/// `stride daemon install` puts the manual pages where man(1) finds them, and `stride help --man` prints them.
@Suite("Manual pages, installed by the real stride", .serialized)
struct ManPageInstallTests {
  @Test("install writes the three pages into $XDG_DATA_HOME/man, says how to read them, and man finds them there")
  func installIntoDataHome() throws {
    let harness = CommandLineHarness()
    defer { harness.finish() }
    let outcome = harness.stride("daemon", "install")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let directory = harness.root + "/data/man"
    for page in ManPage.allCases {
      let file = "\(directory)/man\(page.section)/\(page.fileName)"
      #expect(outcome.stdout.contains("  " + file + "\n"), "the output does not name \(file)")
      let written = try String(contentsOfFile: file, encoding: .utf8)
      #expect(written == page.printed())
      let groff = try Groff.run(["-man", "-ww", "-z", file])
      #expect(groff.status == 0 && groff.stderr.isEmpty, "\(file): \(groff.stderr)")
    }
    // The harness's PATH is /usr/bin:/bin, so man does not look in the temporary data directory by itself; the
    // output says which directory on PATH would make it, and how to read the pages until then.
    #expect(outcome.stdout.contains("so it will once \(harness.root)/data/bin is on your PATH."))
    #expect(outcome.stdout.contains("Until then, read them with: MANPATH=\"\(directory):\" man stride\n"))
    let found = try man(["-w", "stride", "strided", "stride-config"], harness, ["MANPATH": directory + ":"])
    #expect(
      found
        == ["\(directory)/man1/stride.1", "\(directory)/man8/strided.8", "\(directory)/man5/stride-config.5"])
  }

  @Test(
    "with ~/.local/bin on PATH, the pages go to ~/.local/share/man, man finds them, and the output says: man stride")
  func installIntoHome() throws {
    let harness = CommandLineHarness()
    defer { harness.finish() }
    harness.environment["XDG_DATA_HOME"] = nil
    let home = harness.root + "/home"
    harness.environment["PATH"] = home + "/.local/bin:/usr/bin:/bin"
    let outcome = harness.stride("daemon", "install", "--json")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("\"manFindsThem\":true"))
    let text = harness.stride("daemon", "install")
    #expect(text.stdout.hasSuffix("Read them with: man stride\n"), "\(text.stdout)")
    // No MANPATH: man-db looks beside each directory on PATH, as on a Debian desktop.
    #expect(try man(["-w", "stride"], harness) == ["\(home)/.local/share/man/man1/stride.1"])
    let page = try man(["-l", "\(home)/.local/share/man/man8/strided.8"], harness, ["MANWIDTH": "80"])
    #expect(page.contains { $0.hasPrefix("SIGNALS") })
  }

  @Test("stride help --man prints a page, and a name that is no page is a usage error")
  func printed() {
    let harness = CommandLineHarness()
    defer { harness.finish() }
    let page = harness.stride("help", "--man", "stride-config")
    #expect(page.status == 0)
    #expect(page.stdout == ManPage.strideConfig.printed())
    let wrong = harness.stride("help", "--man", "stride-conf")
    #expect(wrong.status == 64)
    #expect(
      wrong.stderr
        == "stride: there is no manual page 'stride-conf'; the pages are stride, strided, stride-config\n")
  }

  @Test("strided prints its own two pages, and refuses another name in one line")
  func daemonPages() {
    let harness = CommandLineHarness()
    defer { harness.finish() }
    for page in [ManPage.strided, .strideConfig] {
      let printed = harness.run(harness.binaries + "/strided", ["--man", page.rawValue])
      #expect(printed.status == 0)
      #expect(printed.stdout == page.printed())
      #expect(harness.stride("help", "--man", page.rawValue).stdout == printed.stdout)
    }
    let client = harness.run(harness.binaries + "/strided", ["--man", "stride"])
    #expect(client.status == 64)
    #expect(client.stderr == "strided: --man needs strided or stride-config, not 'stride'; see strided --help\n")
  }

  /// Runs man(1) as the person would, and returns its output's lines.
  private func man(
    _ arguments: [String], _ harness: CommandLineHarness, _ environment: [String: String] = [:]
  ) throws -> [String] {
    let executable = try #require(
      ["/usr/bin/man", "/usr/local/bin/man"].first { FileManager.default.isExecutableFile(atPath: $0) },
      "man is not installed; Debian: apt-get install man-db")
    let outcome = harness.run(executable, arguments, extraEnvironment: environment)
    #expect(outcome.status == 0, "man \(arguments): \(outcome.stderr)")
    return outcome.stdout.split(separator: "\n").map(String.init)
  }
}
