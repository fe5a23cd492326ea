import Foundation
import Testing

@testable import StrideClientKit

/// The one table of commands (`Command.all`) against what a person reads about them: the help, and the README.
@Suite("The table of commands")
struct CommandTableTests {
  @Test("every command is declared once, by a name no other command or alias takes")
  func declaredOnce() {
    #expect(Command.all.map(\.name) == CommandName.allCases)
    let words = Command.all.flatMap { [$0.name.rawValue] + $0.aliases }
    #expect(Set(words).count == words.count, "\(words)")
    for word in words { #expect(Command.named(word) != nil) }
    #expect(Command.named("ls")?.name == .list)
    #expect(Command.named("lsit") == nil)
  }

  @Test("every command has its help, names each of its options there, and is in the overview")
  func help() {
    #expect(Set(Help.commands.keys) == Set(CommandName.allCases.map(\.rawValue)))
    for command in Command.all {
      let text = Help.commands[command.name.rawValue] ?? ""
      #expect(text.hasPrefix("Usage: stride \(command.name.rawValue)"), "\(command.name.rawValue)")
      for option in command.optionNames + command.short.keys {
        #expect(text.contains(option), "stride help \(command.name.rawValue) does not name \(option)")
      }
      #expect(Help.overview.contains(" \(command.name.rawValue) "), "the overview leaves out \(command.name.rawValue)")
    }
  }

  @Test("the README's table of commands has a row for every command, and names only commands")
  func readme() throws {
    // This file is Tests/StrideCLITests/CommandTableTests.swift; the README is at the top, two folders up.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `stride") }
    let named = Set(
      rows.flatMap { row in
        row.split(separator: "|")[0].split(separator: "`").compactMap { cell -> String? in
          let words = cell.split(separator: " ")
          return words.first == "stride" ? words.dropFirst().first.map(String.init) : nil
        }
      })
    for command in Command.all {
      #expect(named.contains(command.name.rawValue), "the README has no row for stride \(command.name.rawValue)")
    }
    for word in named { #expect(Command.named(word) != nil || word.hasPrefix("-"), "README: stride \(word)") }
  }
}
