import Foundation
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StrideNowView
@testable import StrideProtocol
@testable import StrideWire

/// The Now view's state, without a terminal: keys in, the calls to make and the screen out. The now-lists come from
/// a real dispatcher over a fresh store (Saturday 2026-11-21 09:00 UTC).
@Suite("Now view: state and screen")
struct NowViewTests {
  let utc = TimeZone(identifier: "UTC")!

  /// A now-list from the engine for these captures (after making these lists beside the inbox).
  func list(_ captures: [String], lists: [String] = []) throws -> Wire.NowResult {
    let dispatcher = try TestDispatcher.make()
    for name in lists {
      _ = TestDispatcher.reply(
        dispatcher, #"{"jsonrpc":"2.0","id":0,"method":"lists.add","params":{"name":"\#(name)"}}"#)
    }
    for (offset, text) in captures.enumerated() {
      let params = String(decoding: try JSONEncoder().encode(["text": text]), as: UTF8.self)
      _ = TestDispatcher.reply(
        dispatcher, #"{"jsonrpc":"2.0","id":\#(offset + 1),"method":"task.capture","params":\#(params)}"#)
    }
    let reply = TestDispatcher.reply(dispatcher, #"{"jsonrpc":"2.0","id":99,"method":"now.list","params":{}}"#)
    let object = try JSONSerialization.jsonObject(with: Data(reply.utf8)) as! [String: Any]
    let result = try JSONSerialization.data(withJSONObject: object["result"]!)
    return try JSONDecoder().decode(Wire.NowResult.self, from: result)
  }

  func view(_ captures: [String]) throws -> NowView {
    var view = NowView()
    view.show(try list(captures))
    return view
  }

  static let week = [
    "reply to the landlord by tomorrow 5pm ~10m !low: find the lease, write the email",
    "water the ferns ~5m !low", "call the dentist tomorrow 9am", "pay the gas bill by friday",
    "write the quarterly report !high ~2h", "sort the photos",
  ]

  @Test("cards say title, task, energy in words, size, progress, next step and why; a five-minute task has ⚡")
  func cards() throws {
    let view = try view(Self.week)
    #expect(view.suggestions.count == 5)
    let screen = view.screenLines(width: 80, height: 24, color: false).joined(separator: "\n")
    #expect(screen.contains("Start with one of these:"))
    #expect(screen.contains("reply to the landlord"))
    #expect(screen.contains("low energy · 10 min · 0/2 ▱▱▱▱▱"))
    #expect(screen.contains("next: find the lease"))
    #expect(screen.contains("why: "))
    #expect(screen.contains("water the ferns  ⚡"))
    #expect(screen.contains("q quit"))
    // The footer names every key that fits, energy among them; enter, when it does not fit, is behind ?.
    #expect(screen.contains("a add · e energy · u undo · ? more keys · q quit"))
    let wide = view.screenLines(width: 100, height: 24, color: false).joined(separator: "\n")
    #expect(wide.contains("e energy · enter open · u undo · ? help · q quit"))
    // Colour never carries anything alone: the same words with and without it.
    let colored = view.screenLines(width: 80, height: 24, color: true).joined(separator: "\n")
    #expect(colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == screen)
  }

  @Test("cards from several lists each say which, the task's detail names its list, and a narrowed view says so")
  func lists() throws {
    var view = NowView()
    view.show(try list(["water the ferns ~5m !low", "fix the shelf list:home ~20m"], lists: ["home"]))
    let screen = view.screenLines(width: 80, height: 24, color: false).joined(separator: "\n")
    #expect(screen.contains("low energy · 5 min · in inbox"))
    #expect(screen.contains("· 20 min · in home"))
    #expect(view.sentences().contains { $0.contains("fix the shelf.") && $0.contains("in the list home.") })
    // One list: nothing to tell apart.
    let single = try self.view(Self.week)
    #expect(!single.screenLines(width: 80, height: 24, color: false).joined().contains("in inbox"))
    #expect(!single.sentences().joined().contains("in the list"))

    let shelf = try #require(view.suggestions.first { $0.task.title == "fix the shelf" })
    view.screen = .detail(shelf.task.id)
    view.showDetail(shelf.task)
    #expect(view.screenLines(width: 80, height: 24, color: false).contains("  List: home"))

    view.screen = .cards
    view.onlyList = "home"
    view.show(try list(["fix the shelf list:home ~20m"], lists: ["home"]))
    #expect(view.screenLines(width: 80, height: 24, color: false).first == "Start with one of these from home:")
    #expect(view.sentences().first == "Start with one of these from home:")
  }

  @Test(
    "every size from 80×24 down keeps each row within the width and the rows within the height",
    arguments: [
      (80, 24), (60, 24), (40, 16), (30, 10), (100, 50),
    ])
  func sizes(_ width: Int, _ height: Int) throws {
    var view = try view(Self.week)
    view.say("Deferred task 1, \"reply to the landlord\", as no-energy: it comes back today at 20:00, and then a bit.")
    for screen in [
      NowView.Screen.cards, .deferReason(TaskID(1)), .deferTime(TaskID(1), .noEnergy), .capture, .help, .energy,
    ] {
      view.screen = screen
      let lines = view.screenLines(width: width, height: height, color: true)
      #expect(lines.count == height, "\(screen)")
      #expect(lines.allSatisfy { NowView.columns($0) <= max(width, 20) }, "\(screen) at \(width)")
    }
  }

  @Test(
    "on a narrow screen the keys' help and the defer reasons fold under themselves, nothing cut", arguments: [60, 40])
  func helpFolds(_ width: Int) throws {
    var view = try view(Self.week)
    view.screen = .help
    let help = view.screenLines(width: width, height: 24, color: false).joined(separator: " ")
      .split(separator: " ").joined(separator: " ")
    for (keys, meaning) in NowView.helpRows {
      #expect(help.contains(keys + " " + meaning), "\(keys) at \(width): \(help)")
    }
    view.screen = .deferReason(TaskID(1))
    let reasons = view.screenLines(width: width, height: 24, color: false).joined(separator: " ")
      .split(separator: " ").joined(separator: " ")
    for reason in DeferReason.allCases {
      #expect(reasons.contains("\(reason.title): \(reason.meaning)"), "\(reason) at \(width): \(reasons)")
    }
  }

  @Test("j and k move; x finishes the step shown, or the task; q, escape and Ctrl-C leave")
  func keys() throws {
    var view = try view(Self.week)
    let first = try #require(view.current)
    #expect(view.handle(.character("j")).isEmpty)
    #expect(view.selected == 1)
    _ = view.handle(.down)
    _ = view.handle(.up)
    #expect(view.selected == 1)
    _ = view.handle(.character("k"))
    _ = view.handle(.character("k"))
    #expect(view.selected == 0)
    let step = try #require(first.step)
    #expect(view.handle(.character("x")) == [.completeStep(first.task.id, step.index)])
    let plain = try #require(view.suggestions.firstIndex { $0.step == nil })
    _ = view.handle(.character(Character(String(plain + 1))))
    #expect(view.handle(.character(" ")) == [.complete(view.suggestions[plain].task.id)])
    #expect(view.handle(.character("u")) == [.undo])
    #expect(view.handle(.character("q")) == [.quit])
    #expect(view.handle(.escape) == [.quit])
    #expect(view.handle(.interrupt) == [.quit])
  }

  @Test("defer: a reason, then a time from the sheet or typed, read by the same parser; unsure asks no time")
  func deferSheet() throws {
    var view = try view(Self.week)
    let id = try #require(view.current?.task.id)
    _ = view.handle(.character("d"))
    #expect(view.screen == .deferReason(id))
    #expect(view.screenLines(width: 80, height: 24, color: false).contains { $0.contains("2  No energy: ") })
    _ = view.handle(.character("2"))
    #expect(view.screen == .deferTime(id, .noEnergy))
    // Said as sentences, each choice ends once: "4: Pick a time…", not "…." after the ellipsis.
    let spoken = view.sentences()
    #expect(spoken.contains("1: In 1 hour.") && spoken.contains("4: Pick a time…"), "\(spoken)")
    #expect(view.handle(.character("2")) == [.deferTask(id, .noEnergy, until: "tonight")])
    #expect(view.screen == .cards)

    _ = view.handle(.character("d"))
    #expect(view.handle(.character("4")) == [.deferTask(id, .unsure, until: nil)])

    _ = view.handle(.character("d"))
    _ = view.handle(.character("3"))
    _ = view.handle(.character("4"))
    #expect(view.screen == .pickTime(id, .wrongTime))
    // The typed time is read by the daemon, as the command asks it once a frame.
    let daemon = try PreviewDaemon()
    for character in "someday soon" { _ = view.handle(.character(character)) }
    #expect(view.readingWanted == .readTime("someday soon"))
    #expect(view.screenLines(width: 80, height: 24, color: false).contains { $0.contains("Reading it…") })
    try daemon.answer(&view)
    #expect(view.readingWanted == nil)
    #expect(view.screenLines(width: 80, height: 24, color: false).contains { $0.contains("is not a time Stride can") })
    #expect(view.handle(.enter).isEmpty)
    #expect(view.screen == .pickTime(id, .wrongTime))
    for _ in 0..<12 { _ = view.handle(.backspace) }
    try daemon.type("next fri 9am", into: &view)
    #expect(
      view.screenLines(width: 80, height: 24, color: false).contains { $0.contains("It comes back Friday at 09:00.") })
    #expect(view.handle(.enter) == [.deferTask(id, .wrongTime, until: "next fri 9am")])
    // Words not yet read go to the daemon, which reads them again as it defers.
    _ = view.handle(.character("d"))
    _ = view.handle(.character("3"))
    _ = view.handle(.character("4"))
    for character in "tomorrow" { _ = view.handle(.character(character)) }
    #expect(view.handle(.enter) == [.deferTask(id, .wrongTime, until: "tomorrow")])
    // When the daemon refuses them then, the sheet opens again with the words typed.
    view.reopen(.pickTime(id, .wrongTime), typed: "tomorrow")
    #expect(view.screenLines(width: 80, height: 24, color: false).contains { $0.contains("> tomorrow▏") })
    // A reading is forgotten with its sheet, and as time passes: "in 1 hour" is read again.
    try daemon.type("x", into: &view)
    #expect(view.readingWanted == nil)
    view.readAgain()
    #expect(view.readingWanted == .readTime("tomorrowx"))
    try daemon.answer(&view)
    _ = view.handle(.escape)
    _ = view.handle(.character("4"))
    for character in "tomorrowx" { _ = view.handle(.character(character)) }
    #expect(view.readingWanted == .readTime("tomorrowx"))
    // A refusal is said whole, over as many rows as it needs.
    try daemon.answer(&view)
    let refused = view.screenLines(width: 60, height: 24, color: false)
    #expect(refused.contains { $0.hasSuffix("when shows how a time is read).") }, "\(refused)")
    for _ in 0..<3 { _ = view.handle(.escape) }
    #expect(view.screen == .cards)
    // Escape goes back one sheet at a time.
    _ = view.handle(.character("d"))
    _ = view.handle(.character("1"))
    _ = view.handle(.escape)
    #expect(view.screen == .deferReason(id))
    _ = view.handle(.escape)
    #expect(view.screen == .cards)
  }

  @Test("capture shows how the line is read before it is saved")
  func capture() throws {
    var view = try view(Self.week)
    let daemon = try PreviewDaemon(timeZone: "Asia/Tokyo")
    _ = view.handle(.character("a"))
    try daemon.type("call mum tomorrow 6pm ~10m", into: &view)
    let screen = view.screenLines(width: 80, height: 24, color: false)
    #expect(screen.contains { $0.contains("Title:   call mum") })
    #expect(screen.contains { $0.contains("Due:     tomorrow at 18:00") })
    #expect(view.handle(.enter) == [.capture("call mum tomorrow 6pm ~10m")])
    #expect(view.screen == .cards)
    _ = view.handle(.character("a"))
    try daemon.type("renew passport by tue, 10 january", into: &view)
    #expect(view.screenLines(width: 100, height: 24, color: false).contains { $0.contains("says Tuesday") })
    // A reading is of the words it was asked for: one more key, and it waits for the next.
    _ = view.handle(.character("x"))
    #expect(view.screenLines(width: 100, height: 24, color: false).contains { $0.contains("Reading it…") })
  }

  @Test("enter opens a task: its thought, steps to tick with space or their number, its facts")
  func detail() throws {
    var view = try view(Self.week)
    let task = try #require(view.current?.task)
    #expect(view.handle(.enter) == [.loadDetail(task.id)])
    view.showDetail(task)
    let screen = view.screenLines(width: 100, height: 24, color: false)
    #expect(screen.contains { $0.contains("Captured as: \"\(task.rawInput)\"") })
    #expect(screen.contains { $0.contains("› [ ] 1. find the lease") })
    #expect(screen.contains { $0.contains("never deferred · active") })
    _ = view.handle(.character("j"))
    #expect(view.handle(.character(" ")) == [.completeStep(task.id, 2)])
    #expect(view.handle(.character("1")) == [.completeStep(task.id, 1)])
    _ = view.handle(.escape)
    #expect(view.screen == .cards)
  }

  @Test("a new list keeps the cursor on its task, and closes a sheet whose task left")
  func liveList() throws {
    var view = try view(Self.week)
    _ = view.handle(.character("j"))
    let id = try #require(view.current?.task.id)
    var reordered = try list(Self.week)
    reordered.suggestions.reverse()
    view.show(reordered)
    #expect(view.current?.task.id == id)
    _ = view.handle(.character("d"))
    reordered.suggestions.removeAll { $0.task.id == id }
    view.show(reordered)
    #expect(view.screen == .cards)
  }

  @Test("energy: e, then 1 to 3 or l, m, h")
  func energy() throws {
    var view = try view(Self.week)
    _ = view.handle(.character("e"))
    #expect(view.handle(.character("h")) == [.setEnergy(.high)])
    _ = view.handle(.character("e"))
    #expect(view.handle(.character("1")) == [.setEnergy(.low)])
  }

  @Test("plain: each card one full sentence, then what the keys do")
  func sentences() throws {
    let view = try view(Self.week)
    let lines = view.sentences()
    let first = try #require(lines.first { $0.hasPrefix("1 of 5, task ") })
    let id = view.suggestions[0].task.id
    #expect(
      first.hasPrefix("1 of 5, task \(id): reply to the landlord. Low energy, about 10 minutes, 0 of 2 steps done."))
    #expect(first.contains("Next step: find the lease."))
    #expect(first.contains(" Why: "))
    #expect(lines.last?.hasSuffix("or quit, and press enter.") == true)
    #expect(lines.allSatisfy { !$0.contains("\u{1B}") })
  }

  @Test("widths: emoji take two columns, and a cut keeps colour closed")
  func widths() {
    #expect(NowView.columns("a ⚡") == 4)
    #expect(NowView.columns("\u{1B}[1mab\u{1B}[0m") == 2)
    let cut = TerminalColumns.clip("\u{1B}[1mabcdefgh\u{1B}[0m", 5)
    #expect(NowView.columns(cut) == 5)
    #expect(cut.hasSuffix("…\u{1B}[0m"))
  }

  @Test("plain: a line is one command, never a key per letter; what is not a command says what to type")
  func plainCommands() throws {
    var view = try view(Self.week)
    let ids = view.suggestions.map(\.task.id)
    // "next" is the next card, not the energy question at its "e".
    #expect(view.command("next") == [])
    #expect(view.selected == 1 && view.screen == .cards)
    #expect(view.command("clear3") == nil)
    #expect(view.screen == .cards)
    #expect(view.message?.contains("type help to hear the commands") == true)
    #expect(view.command("energy low") == [.setEnergy(.low)])
    #expect(view.command("done 3") == [.complete(ids[2])])
    #expect(view.command("9") == nil)
    #expect(view.message == "There is no card 9; there are 5.")
    // After help, the next line is a command again, not swallowed.
    #expect(view.command("help") == [])
    #expect(view.screen == .help)
    #expect(view.command("previous") == [])
    #expect(view.screen == .cards && view.selected == 1)
    #expect(view.command("defer 2") == [])
    #expect(view.command("no energy") == [])
    #expect(view.command("tonight") == [.deferTask(ids[1], .noEnergy, until: "tonight")])
    #expect(view.command("defer") == [])
    #expect(view.command("3") == [])
    #expect(view.command("next fri 9am") == [.deferTask(ids[1], .wrongTime, until: "next fri 9am")])
    #expect(view.command("add call mum tomorrow") == [.capture("call mum tomorrow")])
    #expect(view.command("undo") == [.undo])
    #expect(view.command("quit") == [.quit])
  }

  @Test(
    "the defer sheet speaks in the product's words, fits the width, and lets a blocked task wait on another",
    arguments: [40, 60, 100])
  func deferSheet(_ width: Int) throws {
    var view = try view(Self.week)
    let ids = view.suggestions.map(\.task.id)
    for (offset, reasonValue) in DeferReason.allCases.enumerated() where reasonValue.takesUntil {
      view.screen = .cards
      _ = view.handle(.character("d"))
      _ = view.handle(.character(Character(String(offset + 1))))
      let lines = view.screenLines(width: width, height: 24, color: false)
      #expect(lines.allSatisfy { NowView.columns($0) <= width }, "\(lines)")
      #expect(!lines.joined().contains("--"), "command-line options in the sheet: \(lines)")
      let words = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
      #expect(words.contains(reasonValue.promise), "the promise is cut: \(lines)")
    }
    // Blocked: the fifth choice is the task it waits on.
    view.screen = .cards
    _ = view.handle(.character("d"))
    _ = view.handle(.character("1"))
    #expect(view.screenLines(width: width, height: 24, color: false).contains { $0.contains("Waits on another task") })
    _ = view.handle(.character("5"))
    #expect(view.screen == .pickBlocker(ids[0]))
    #expect(view.screenLines(width: 100, height: 24, color: false).contains { $0.contains("task \(ids[1])") })
    for character in "\(ids[2].rawValue)" { _ = view.handle(.character(character)) }
    #expect(view.handle(.enter) == [.deferOn(ids[0], on: ids[2])])
    // The same in plain mode, a line at a time.
    #expect(view.command("defer 2") == [])
    #expect(view.command("blocked") == [])
    #expect(view.command("5") == [])
    #expect(view.command("task \(ids[0].rawValue)") == [.deferOn(ids[1], on: ids[0])])
  }
}
