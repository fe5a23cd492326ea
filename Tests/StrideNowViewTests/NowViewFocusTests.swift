import StrideBase
import StrideJSON
import StrideWire
import Testing

@testable import StrideNowView

/// The focus screen as a state machine: keys and the daemon's answers (written here as the daemon writes them) in,
/// the calls to make and the screen out, at 80×24 and 40×12. Moments are the terminal's monotonic seconds, chosen
/// by the test; no clock is read.
@Suite("Now view: focus sessions")
struct NowViewFocusTests {
  /// A value read from JSON text, as the client reads the daemon's replies.
  func read<Value: JSONReadable>(_ text: String) throws -> Value {
    try Value(json: JSONReader.parse(Array(text.utf8)))
  }

  /// A task as the wire has it: its steps by title, the first `done` of them done; `ended`: its last focus session
  /// has ended.
  func task(_ id: Int, _ title: String, steps: [String] = [], done: Int = 0, ended: Bool = false) -> String {
    let subtasks = steps.enumerated().map {
      #"{"index":\#($0.offset + 1),"title":"\#($0.element)","done":\#($0.offset < done)}"#
    }
    let session =
      ended
      ? #","focusSessions":[{"startedAt":"2026-11-25T10:00:00Z","boxSeconds":300,"timeboxSeconds":300,"pauses":[],"#
        + #""uncountedSeconds":0,"spentSeconds":120,"endedAt":"2026-11-25T10:02:00Z","ending":"finished"}]"#
      : ""
    return #"{"id":\#(id),"title":"\#(title)","rawInput":"\#(title)","energy":"low","status":"active","type":"chore","#
      + #""subtasks":[\#(subtasks.joined(separator: ","))],"blockedBy":[],"tags":[],"#
      + #""createdAt":"2026-11-24T09:00:00Z","updatedAt":"2026-11-24T09:00:00Z"\#(session)}"#
  }

  /// Three cards: the landlord (two steps, the first next), the ferns, the photos.
  func cards() throws -> Wire.NowResult {
    let landlord = task(1, "reply to the landlord", steps: ["find the lease", "write the email"])
    return try read(
      #"{"openTasks":3,"energy":null,"overdue":0,"suggestions":["#
        + #"{"kind":"next-step","task":\#(landlord),"step":{"index":1,"title":"find the lease"},"why":["10 min"]},"#
        + #"{"kind":"task","task":\#(task(2, "water the ferns")),"why":["5 min"]},"#
        + #"{"kind":"task","task":\#(task(3, "sort the photos")),"why":["added today"]}]}"#)
  }

  /// A running session as `focus.get` says it: on task 1's step `step` (none: no step left), `left` of `box` seconds.
  func focus(
    task id: Int = 1, title: String = "reply to the landlord", step: (Int, String)? = (1, "find the lease"),
    box: Int = 300, left: Int = 300, paused: Bool = false, ended: Bool = false
  ) throws -> Wire.Focus {
    let step = step.map { #""step":{"index":\#($0.0),"title":"\#($0.1)"},"# } ?? ""
    let end = ended ? #","endedAt":"2026-11-25T10:05:00Z","ending":"stopped""# : ""
    return try read(
      #"{"task":\#(id),"title":"\#(title)",\#(step)"onStep":false,"startedAt":"2026-11-25T10:00:00Z","#
        + #""boxSeconds":\#(box),"timeboxSeconds":\#(box),"spentSeconds":\#(box - left),"leftSeconds":\#(left),"#
        + #""paused":\#(paused)\#(end)}"#)
  }

  /// The view on the cards, with the landlord's session running when `running`, answered at moment 100.
  func view(running: Bool = false) throws -> NowView {
    var view = NowView()
    view.show(try cards())
    if running {
      view.showFocus(
        try focus(), task: try read(task(1, "reply to the landlord", steps: ["find the lease", "write the email"])),
        at: 100)
    }
    return view
  }

  func screen(_ view: NowView, _ width: Int = 80, _ height: Int = 24) -> [String] {
    let rows = view.screenLines(width: width, height: height, color: false)
    #expect(rows.count == height)
    #expect(rows.allSatisfy { NowView.columns($0) <= width }, "\(rows)")
    return rows
  }

  @Test("s on a card starts five minutes on its task; the screen shows the task, its one next step and a full bar")
  func start() throws {
    var view = try view()
    #expect(view.handle(.character("s")) == [.startFocus(TaskID(1), switching: false)])
    #expect(view.screen == .focus)
    #expect(screen(view).contains("  Starting a focus session…"))
    view.showFocus(try focus(), task: try read(task(1, "reply to the landlord", steps: ["a", "b"])), at: 100)
    let rows = screen(view)
    #expect(rows[0] == "Focus on task 1: reply to the landlord")
    #expect(rows.contains("  Step 1 of 2: find the lease"))
    #expect(rows.contains("  " + String(repeating: "█", count: 60)))
    #expect(rows.contains("  5:00 left of 5 min · 0:00 spent"))
    #expect(rows.last == "x done · p pause · + 5 more min · d defer · s stop · q back to the list")
    #expect(view.focusSentence == "Focus on task 1, step 1: find the lease. 5 minutes left.")
  }

  @Test("the bar empties as the time passes, counted from the answer without asking again")
  func countdown() throws {
    var view = try view(running: true)
    _ = view.handle(.character("f"))
    view.tick(at: 250)
    let rows = screen(view)
    #expect(rows.contains("  " + String(repeating: "█", count: 30) + String(repeating: "░", count: 30)), "\(rows)")
    #expect(rows.contains("  2:30 left of 5 min · 2:30 spent"))
    #expect(view.focusSentence == "Focus on task 1, step 1: find the lease. 3 minutes left.")
    #expect(view.focusCounting)
    // In colour the part left is green, the part gone grey; without, the same characters.
    let colour = view.screenLines(width: 80, height: 24, color: true).joined()
    #expect(colour.contains("\u{1B}[32m" + String(repeating: "█", count: 30) + "\u{1B}[0m"))
  }

  @Test("x finishes the step shown (or, with none left, the task); p pauses and goes on; + adds five; s stops")
  func keys() throws {
    var view = try view(running: true)
    #expect(view.handle(.character("f")) == [])
    #expect(view.screen == .focus)
    #expect(view.handle(.character("x")) == [.completeStep(TaskID(1), 1)])
    #expect(view.handle(.character("p")) == [.pauseFocus])
    #expect(view.handle(.character("+")) == [.extendFocus(minutes: 5)])
    #expect(view.handle(.character("s")) == [.stopFocus(finish: false)])
    view.showFocus(try focus(left: 200, paused: true), at: 300)
    view.tick(at: 900)
    #expect(view.handle(.character("p")) == [.resumeFocus])
    let paused = screen(view)
    #expect(paused.contains("  paused · 3:20 left of 5 min · 1:40 spent"), "the time stands still: \(paused)")
    #expect(paused.last == "x done · p go on · + 5 more min · d defer · s stop · q back to the list")
    #expect(!view.focusCounting)
    view.showFocus(try focus(step: nil), at: 900)
    #expect(screen(view).contains("  No steps left; x finishes it."))
    #expect(view.handle(.character("x")) == [.stopFocus(finish: true)])
  }

  @Test("q leaves the session running: the cards show it first, apart from the five; s on its card or f returns")
  func leaveAndReturn() throws {
    var view = try view(running: true)
    _ = view.handle(.character("f"))
    #expect(view.handle(.character("q")) == [])
    #expect(view.screen == .cards)
    view.tick(at: 160)
    let rows = screen(view)
    #expect(rows[2] == "▶ Focus on task 1, step 1: find the lease. 4 minutes left.", "\(rows)")
    #expect(rows.last == "x done · d defer · f focus · a add · e energy · u undo · ? more keys · q quit")
    #expect(rows.filter { $0.contains("task ") && $0.contains(" energy") }.count == 3)
    #expect(view.handle(.character("s")) == [], "the session on this card's task opens; nothing starts")
    #expect(view.screen == .focus)
    _ = view.handle(.escape)
    _ = view.handle(.down)
    #expect(view.handle(.character("f")) == [])
    #expect(view.screen == .focus)
  }

  @Test("s on another task's card asks before switching: s or y switches, n keeps the session")
  func switching() throws {
    var view = try view(running: true)
    _ = view.handle(.down)
    #expect(view.handle(.character("s")) == [])
    #expect(view.screen == .focusSwitch(TaskID(2)))
    let rows = screen(view).joined(separator: "\n")
    #expect(rows.contains("Switch to \"water the ferns\"?"))
    #expect(rows.contains("A focus session on task 1, step 1: find the lease is running, 5 minutes left."), "\(rows)")
    #expect(rows.contains("s or y switch · n or esc keep it"))
    #expect(view.handle(.character("n")) == [])
    #expect(view.screen == .cards)
    _ = view.handle(.character("s"))
    #expect(view.handle(.character("s")) == [.startFocus(TaskID(2), switching: true)])
    #expect(view.screen == .focus)
    // A start the daemon refused, because a session it had not told the view of runs, turns into the question.
    var unaware = try self.view()
    _ = unaware.handle(.down)
    _ = unaware.handle(.character("s"))
    unaware.showFocus(try focus(), at: 100)
    unaware.startRefused(TaskID(2))
    #expect(unaware.screen == .focusSwitch(TaskID(2)))
  }

  @Test("time up: the calm question, keep going (one more box), done or stop; it fits 40×12")
  func timeUp() throws {
    var view = try view(running: true)
    _ = view.handle(.character("f"))
    view.tick(at: 400)
    #expect(view.timeIsUp)
    let question = "Your 5 minutes are up on 'find the lease'. Keep going, finish, or stop here?"
    #expect(view.focusSentence == question)
    let wide = screen(view)
    #expect(wide.contains("  " + String(repeating: "░", count: 60)))
    #expect(wide.contains("  0:00 left of 5 min · 5:00 spent"))
    #expect(wide.contains("  " + question))
    #expect(wide.last == "k keep going · x done · s stop · + 5 min · q back to the list")
    let narrow = screen(view, 40, 12)
    #expect(narrow.joined(separator: " ").contains("Keep going, finish, or"), "\(narrow)")
    #expect(narrow.last == "k keep going · x done · s stop · q back")
    #expect(view.handle(.character("k")) == [.extendFocus(minutes: nil)])
    #expect(view.handle(.character("x")) == [.completeStep(TaskID(1), 1)])
  }

  @Test("40×12: the bar, the time, the step and every key fit")
  func narrow() throws {
    var view = try view(running: true)
    _ = view.handle(.character("f"))
    view.say("Started 5 minutes on task 1, step 1: find the lease.")
    let rows = screen(view, 40, 12)
    #expect(rows.contains("  " + String(repeating: "█", count: 36)), "\(rows)")
    #expect(rows.contains("  5:00 left of 5 min · 0:00 spent"))
    #expect(rows.contains("  Step 1 of 2: find the lease"))
    #expect(rows.contains("  + 5 more min · d defer"))
    #expect(rows.last == "x done · p pause · s stop · q back")
    _ = view.handle(.character("q"))
    let cards = screen(view, 40, 12)
    #expect(cards[2].hasPrefix("▶ Focus on task 1, step 1: find the"), "\(cards)")
  }

  @Test("a session ended elsewhere takes the screen back to the cards and says so; a step that ended it too")
  func endedElsewhere() throws {
    var view = try view(running: true)
    _ = view.handle(.character("f"))
    view.showFocus(nil, at: 130)
    #expect(view.screen == .cards)
    #expect(view.focus == nil)
    #expect(view.message == "The focus session on task 1, step 1: find the lease ended.")
    #expect(!screen(view).contains { $0.hasPrefix("▶") })
    #expect(screen(view).last?.contains("s start") == true)
    // Its own stop: the answer holds the session as it ended, and the sentence is the command's.
    var stopped = try self.view(running: true)
    _ = stopped.handle(.character("f"))
    stopped.say("Stopped focusing.")
    stopped.showFocus(try focus(ended: true), at: 130)
    #expect(stopped.screen == .cards)
    #expect(stopped.message == "Stopped focusing.")
    // The last step done: the daemon ended the session with it.
    var last = try self.view(running: true)
    _ = last.handle(.character("f"))
    last.say("Done: step 1.2, \"write the email\".")
    last.stepDone(in: try read(task(1, "reply to the landlord", steps: ["a", "b"], done: 2, ended: true)))
    #expect(last.screen == .cards)
    #expect(last.message == "Done: step 1.2, \"write the email\". The focus session on it ended.")
  }

  @Test("d defers through the usual sheet, which stays open though the focused task is not a card")
  func later() throws {
    var view = NowView()
    view.show(try read(#"{"openTasks":1,"energy":null,"overdue":0,"suggestions":[]}"#))
    view.showFocus(try focus(task: 7, title: "write the speech", step: nil), at: 0)
    _ = view.handle(.character("f"))
    #expect(screen(view).contains("  No steps: the task is the step; x finishes it."))
    _ = view.handle(.character("d"))
    #expect(view.screen == .deferReason(TaskID(7)))
    view.show(try read(#"{"openTasks":1,"energy":null,"overdue":0,"suggestions":[]}"#))
    #expect(view.screen == .deferReason(TaskID(7)))
    #expect(screen(view)[0] == "Why are you deferring \"write the speech\"?")
  }

  @Test("--plain: the session in full sentences with the keys; commands by their words")
  func plain() throws {
    var view = try view(running: true)
    #expect(view.sentences().contains { $0.hasPrefix("Running now: Focus on task 1, step 1: find the lease.") })
    #expect(view.command("focus") == [])
    view.tick(at: 130)
    let said = view.sentences()
    #expect(said[0] == "Focus on task 1, step 1: find the lease. 5 minutes left.")
    #expect(said[1] == "You have spent less than a minute on it.")
    #expect(said[2].hasPrefix("Type done when the step is done, pause, more for five more minutes"))
    #expect(view.command("time") == [])
    #expect(view.command("done") == [.completeStep(TaskID(1), 1)])
    #expect(view.command("pause") == [.pauseFocus])
    #expect(view.command("go on") == [], "it is not paused")
    #expect(view.command("more") == [.extendFocus(minutes: 5)])
    #expect(view.command("stop") == [.stopFocus(finish: false)])
    #expect(view.command("fly") == nil)
    #expect(view.message?.contains("type done, pause, go on, more, later, stop, time or back") == true)
    #expect(view.command("back") == [])
    #expect(view.screen == .cards)
    #expect(view.command("next") == [])
    #expect(view.command("start") == [])
    #expect(view.sentences().contains { $0.hasPrefix("A focus session on task 1, step 1: find the lease is running") })
    #expect(view.command("yes") == [.startFocus(TaskID(2), switching: true)])
  }
}
