import StrideClientKit
import Testing

@testable import StrideCLI

/// The whole command line read into stride's own flags and the command's words, before any command runs.
@Suite("Reading the command line")
struct InvocationTests {
  @Test("stride's own flags stand anywhere before --, and the rest is the command's")
  func globalFlags() throws {
    let invocation = try Invocation.parse(["now", "--json", "--energy", "low", "--no-autostart"])
    #expect(invocation.command == "now")
    #expect(invocation.arguments == ["--energy", "low"])
    #expect(invocation.json && !invocation.autostart)

    let quoted = try Invocation.parse(["--socket=/tmp/s.sock", "add", "--", "--json"])
    #expect(quoted.socket == "/tmp/s.sock")
    #expect(quoted.command == "add")
    #expect(quoted.arguments == ["--", "--json"])
    #expect(!quoted.json)
  }

  @Test("--socket given two different paths is a usage error; the same path twice is one")
  func socketTwice() throws {
    let error = #expect(throws: UsageError.self) {
      try Invocation.parse(["--socket", "/tmp/a.sock", "now", "--socket=/tmp/b.sock"])
    }
    #expect(
      error?.message
        == "--socket was given twice ('/tmp/a.sock', then '/tmp/b.sock'); give it once, with the path you mean")
    #expect(
      try Invocation.parse(["--socket", "/tmp/a.sock", "now", "--socket", "/tmp/a.sock"]).socket == "/tmp/a.sock")
  }

  @Test("--socket without a path is a usage error that shows one")
  func socketWithoutPath() {
    let error = #expect(throws: UsageError.self) { try Invocation.parse(["now", "--socket"]) }
    #expect(error?.message == "--socket needs a path, like: --socket /tmp/stride.sock")
  }

  @Test("a word that names no command suggests the one it most likely meant")
  func noCommand() {
    #expect(UsageError.noCommand("don").message.contains("did you mean 'stride done'?"))
    #expect(UsageError.noCommand("--jsn").message.hasPrefix("'--jsn' is not an option of stride itself"))
  }

  @Test("a due time said short, for a narrow terminal, keeps the day and the clock")
  func shortDue() {
    #expect(Session.shortDue("Mon 1 Mar 2027, end of day") == "1 Mar 2027")
    #expect(Session.shortDue("Friday at 17:00") == "Friday 17:00")
    #expect(Session.shortDue("today at 09:00") == "today 09:00")
  }
}
