import Foundation
import Testing

@testable import StrideClientKit
@testable import StrideManual

/// How help texts are read into parts and set in roff, on the texts people really read.
@Suite("Roff and help texts")
struct RoffTests {
  @Test("text is escaped: backslashes, hyphens, characters beyond ASCII, a line that would be a request")
  func escaping() {
    #expect(Roff.escape("PS1='$(stride prompt) \\$ '") == "PS1='$(stride prompt) \\e$ '")
    #expect(Roff.escape("--until no-energy") == "\\-\\-until no\\-energy")
    #expect(Roff.escape("Café…") == "Caf\\[u00E9]\\[u2026]")
    var roff = Roff()
    roff.paragraph("'stride resume ID' ends it.\n.hidden")
    #expect(roff.source == ".PP\n\\&'stride resume ID' ends it.\n\\&.hidden\n")
  }

  @Test("a command line: typed words bold, placeholders italic, brackets kept whole")
  func code() {
    #expect(
      Roff.code("stride now [--energy LEVEL] ID.N...")
        == "\\fBstride\\fR \\fBnow\\fR [\\fB\\-\\-energy\\fR\\ \\fILEVEL\\fR] \\fIID.N\\fR...")
    #expect(Roff.code("done ID | ID.N") == "\\fBdone\\fR \\fIID\\fR | \\fIID.N\\fR")
  }

  @Test("usage forms: one a line, a form continued on the next, a note continued under itself")
  func forms() throws {
    let lists = HelpText(try #require(Help.commands["lists"])).forms
    #expect(lists.count == 5)
    #expect(
      lists.first == .init(synopsis: "stride lists", note: "every list: its tasks, where it syncs, when it last did"))
    let edit = HelpText(try #require(Help.commands["edit"])).forms
    #expect(edit.count == 1)
    #expect(edit.first?.synopsis.hasSuffix("[--repeat RULE] [--remove-note N]") == true)
    let usage = HelpText(Help.usage).forms
    #expect(
      usage.map(\.synopsis) == ["stride COMMAND [ARGUMENTS] [--json] [--socket PATH] [--no-autostart]", "stride"])
    #expect(usage.last?.note?.hasSuffix("q quit); in a pipe: 'now'") == true)
  }

  @Test("indented lines: a list of terms (split at its column even with one space), or lines kept as they are")
  func blocks() throws {
    let also = try #require(Help.commandGroups.first { $0.heading == "Also" })
    guard case .terms(let terms) = try #require(HelpText(also.lines).blocks.first) else {
      Issue.record("the overview's commands are not read as a list")
      return
    }
    #expect(terms.contains(.init(term: "unblock ID --on OTHER", meaning: ["stop a task waiting on another"])))
    #expect(terms.contains(.init(term: "daemon start|stop|status|install", meaning: [])))
    let add = HelpText(try #require(Help.commands["add"])).blocks
    #expect(
      add.contains { if case .lines(let lines) = $0 { lines.first?.contains("~10m ~1h30m") == true } else { false } })
    let watch = HelpText(try #require(Help.commands["watch"])).blocks
    let topics = watch.compactMap { if case .terms(let terms) = $0 { terms.first } else { nil } }.first
    #expect(topics?.term == "--topics LIST")
    #expect(topics?.meaning.count == 3)
  }
}
