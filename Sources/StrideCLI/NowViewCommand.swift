import StrideBase
import StrideClientKit
import StrideConnection
import StrideNowView
import StridePlatform
import StrideTransport
import StrideWire

#if canImport(Glibc)
  import Glibc
#endif

/// `stride` on a terminal (or `stride now -i`): the Now view. Five cards that follow the daemon live; a key to
/// finish, to defer through the reasons, to capture, to open a task, to focus on one for five minutes. Every action
/// is the same protocol call as the command that does it. `--plain` (and `TERM=dumb`) says each card as a sentence
/// and reads commands a line at a time, with no cursor movement.
extension Session {
  /// Whether `stride` alone should open the view: a person at a terminal, not a script or a pipe.
  var wantsNowView: Bool {
    !invocation.json && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  func nowView(plain: Bool, list: String? = nil) throws {
    var view = NowView()
    view.onlyList = list
    // The first load fails as any command does (an unknown list is a sentence and exit 1, not an empty view).
    view.show(try call(Wire.NowList.self, nowParams(view)).result)
    // now.changed follows the five of all lists; a view of one list hears of every change to a task instead, since
    // its own five may change when the five of all lists do not. Not of wake-ups: the first to subscribe to them is
    // handed those the daemon kept while nobody listened, which are `stride watch`'s to say; the view's once-a-minute
    // look finds a task of its list that came back.
    // A focus session started, paused or stopped elsewhere, or whose time is up, is heard of too.
    let topics: [EventTopic] =
      (list == nil ? [.nowChanged] : [.nowChanged, .taskChanged, .taskCompleted]) + [.focusChanged, .focusTimeUp]
    let feed = NowFeed(socket: paths.socket, topics: topics)
    feed.start()
    let plain = plain || environment["TERM"] == "dumb"
    if plain {
      try plainLoop(&view, feed)
    } else {
      Terminal.enter()
      defer { Terminal.restore() }
      try screenLoop(&view, feed)
    }
  }

  // MARK: The loops

  private func screenLoop(_ view: inout NowView, _ feed: NowFeed) throws {
    let color = output.colorOnTerminal
    var size = Terminal.size()
    var looked = System.uptime
    Terminal.draw(view.screenLines(width: size.width, height: size.height, color: color))
    while true {
      // Each second while a focus session counts down (its bar and clock move); else once a minute at least, so
      // "due in 5 min" stays true.
      let (keys, woken) = Terminal.wait(timeout: view.focusCounting ? 1 : 60)
      if woken { Terminal.wake?.drain() }
      if Terminal.resized == 1 {
        Terminal.resized = 0
        size = Terminal.size()
      }
      try take(feed, into: &view)
      // Every key waiting is handled before the next frame, and none after one that closes the view.
      if keys {
        repeat {
          guard let typed = Terminal.readKey() else { return }
          for key in typed where try !perform(view.handle(key), on: &view) { return }
        } while Terminal.inputWaiting()
      }
      // The line being typed is read by the daemon once a frame, however many keys came.
      if !keys && !woken && System.uptime - looked >= Self.lookAgain(view) {
        try refresh(&view)
        view.readAgain()
        looked = System.uptime
      }
      if let reading = view.readingWanted { try ask(reading, into: &view) }
      view.tick(at: System.uptime)
      Terminal.draw(view.screenLines(width: size.width, height: size.height, color: color))
    }
  }

  private func plainLoop(_ view: inout NowView, _ feed: NowFeed) throws {
    view.sentences().forEach { output.say($0) }
    fflush(nil)
    var pending = ""
    var said = view.focusSentence
    var looked = System.uptime
    while true {
      let (keys, woken) = Terminal.wait(timeout: view.focusCounting ? 1 : 60)
      if !keys && !woken && System.uptime - looked >= Self.lookAgain(view) {
        try refresh(&view)
        looked = System.uptime
      }
      // The session's time is said when it changes by a minute (or is up), never each second.
      view.tick(at: System.uptime)
      if view.focusSentence != said, let sentence = view.focusSentence, view.screen == .focus || view.timeIsUp {
        output.say(sentence)
        fflush(nil)
      }
      said = view.focusSentence
      if woken {
        Terminal.wake?.drain()
        let (list, running, screen) = (view.suggestions.map(\.task.id), view.focus?.task, view.screen)
        try take(feed, into: &view)
        let listChanged = view.suggestions.map(\.task.id) != list && view.screen == .cards
        // A session started, switched or ended elsewhere is said as the list is.
        if listChanged || view.focus?.task != running || view.screen != screen {
          if listChanged { output.say("The list changed.") }
          view.sentences().forEach { output.say($0) }
          said = view.focusSentence
          fflush(nil)
        }
      }
      guard keys else { continue }
      var buffer = [UInt8](repeating: 0, count: 1024)
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      guard count > 0 else { return }
      pending += String(decoding: buffer[0..<count], as: UTF8.self)
      while let newline = pending.firstIndex(where: \.isNewline) {
        let line = pending[..<newline].trimmingWhitespace
        pending = String(pending[pending.index(after: newline)...])
        view.say(nil)
        // A line is one command ("next", "done 2", "energy low"), never a key per letter.
        if let effects = view.command(line), try !perform(effects, on: &view) { return }
        view.tick(at: System.uptime)
        view.sentences().forEach { output.say($0) }
        said = view.focusSentence
        fflush(nil)
      }
    }
  }

  /// News from the daemon: a changed now-list is asked for again; a lost daemon ends the view with a sentence.
  private func take(_ feed: NowFeed, into view: inout NowView) throws {
    switch feed.take() {
    case .quiet: break
    case .changed: try refresh(&view)
    case .lost(let reason):
      Terminal.restore()
      note("stride: \(reason), so the Now view closed. Run stride again to start it and come back.")
      throw ExitStatus.unavailable
    }
  }

  // MARK: Calls

  private func nowParams(_ view: NowView) -> Wire.NowList.Params {
    Wire.NowList.Params(list: view.onlyList, terms: false)
  }

  /// How long the view waits without news before it asks again: a running session is looked at every quarter of
  /// a minute (one started or stopped elsewhere is heard of as an event too, when the daemon sends them).
  private static func lookAgain(_ view: NowView) -> Double {
    view.focus == nil && view.screen != .focus ? 59 : 15
  }

  /// The now-list and the focus session as they stand, asked as `stride now` asks, and `focus.get`.
  func refresh(_ view: inout NowView) throws {
    let list = try viewCall(Wire.NowList.self, nowParams(view), view: &view)
    if let list { view.show(list) }
    if let running = try viewCall(Wire.FocusGet.self, .init(), view: &view) {
      view.showFocus(running.focus, task: running.task, at: System.uptime)
    }
    if case .detail(let id) = view.screen, let task = try viewCall(Wire.TaskGet.self, .init(id: id), view: &view) {
      view.showDetail(task.task)
    }
  }

  /// Makes the calls a key asked for; false when the view should close.
  private func perform(_ effects: [NowView.Effect], on view: inout NowView) throws -> Bool {
    for effect in effects {
      switch effect {
      case .quit: return false
      case .complete(let id):
        if let result = try viewCall(Wire.TaskComplete.self, .init(id: id), view: &view) {
          view.say("Done: \(Output.name(result.task)).")
        }
      case .completeStep(let id, let index):
        if let result = try viewCall(Wire.SubtaskComplete.self, .init(id: id, index: index), view: &view) {
          let done = result.task.status == .completed ? " That was the last step, so the task is done too." : ""
          view.say("Done: step \(id).\(index), \"\(result.task.subtasks[index - 1].title)\".\(done)")
          view.stepDone(in: result.task)
        }
      case .reopenStep(let id, let index):
        if let result = try viewCall(Wire.SubtaskReopen.self, .init(id: id, index: index), view: &view) {
          view.say("Step \(id).\(index), \"\(result.task.subtasks[index - 1].title)\", is open again.")
        }
      case .deferTask(let id, let reason, let words):
        var until: Timestamp?
        if let words {
          // Read as `--until` is; words the daemon cannot read are its sentence, and the view stays.
          guard let reading = try viewCall(TimeParse.self, Self.moment(words), view: &view) else {
            view.reopen(.pickTime(id, reason), typed: words)
            continue
          }
          until = reading.at
        }
        if let result = try viewCall(Wire.TaskDefer.self, .init(id: id, reason: reason, until: until), view: &view) {
          view.say(Self.deferred(result.task, as: reason))
        }
      case .deferOn(let id, let other):
        if let result = try viewCall(Wire.TaskDefer.self, .init(id: id, reason: .blocked, on: other), view: &view) {
          view.say("\(Output.subject(result.task)) now waits on task \(other).")
        }
      case .capture(let text):
        if let result = try viewCall(Wire.TaskCapture.self, .init(text: text), view: &view), let task = result.task {
          let read = result.draft.flatMap { captureNotes($0, id: task.id).summary }.map { " " + $0 } ?? ""
          view.say("Added \(Output.name(task)).\(read)")
        }
      case .loadDetail:
        // The refresh below loads the task the detail screen shows: asking here too would ask twice.
        break
      case .setEnergy(let level):
        if try viewCall(ContextSet.self, .init(energy: level), view: &view) != nil {
          view.say("Your energy is \(level.rawValue); the list follows it.")
        }
      case .undo:
        if let result = try viewCall(Wire.HistoryUndo.self, .init(), view: &view) { view.say(result.sentence) }
      case .startFocus, .stopFocus, .pauseFocus, .resumeFocus, .extendFocus:
        try focusCall(effect, on: &view)
      }
      try refresh(&view)
    }
    return true
  }

  /// The words of a time the view defers to, read as `--until` is.
  private static func moment(_ words: String) -> TimeParse.Params {
    TimeParse.Params(text: words, reading: .moment, dayAlone: .dayStart)
  }

  /// Asks the daemon how it reads the line being typed, and gives the view its answer (or its refusal).
  private func ask(_ asked: NowView.Ask, into view: inout NowView) throws {
    let reading: NowView.Reading
    switch asked {
    case .readTime(let words):
      reading = try daemonsReading { () throws(ClientError) in
        let said = try call(TimeParse.self, Self.moment(words)).said
        return .time(said.at ?? said.start)
      }
    case .readCapture(let text):
      reading = try daemonsReading { () throws(ClientError) in
        let draft = try call(Wire.TaskCapture.self, .init(text: text, dryRun: true)).draft
        return draft.map { .draft($0) } ?? .refused("strided read no draft from it; press enter to add it as it is.")
      }
    }
    view.read(asked, as: reading)
  }

  /// A reading from the daemon, or its refusal as a reading; a lost daemon ends the view.
  private func daemonsReading(_ reading: () throws(ClientError) -> NowView.Reading) throws -> NowView.Reading {
    do {
      return try reading()
    } catch .failed(let error) {
      return .refused(error.message.sentenceStart + ".")
    } catch {
      throw lostDaemon()
    }
  }

  /// A call from the view: the daemon's refusal becomes the view's sentence (nil result); a lost daemon ends it.
  func viewCall<M: WireMethod>(_ method: M.Type, _ params: M.Params, view: inout NowView) throws -> M.Result? {
    do {
      return try call(method, params).result
    } catch .failed(let error) {
      view.say(error.message.sentenceStart + ".")
      return nil
    } catch {
      throw lostDaemon()
    }
  }

  /// Leaves the full screen and says the daemon is gone; the error to end the view with.
  private func lostDaemon() -> ExitStatus {
    Terminal.restore()
    note("stride: strided stopped answering, so the Now view closed. Run stride again to start it and come back.")
    return ExitStatus.unavailable
  }
}

/// The daemon's `now.changed` events, read on a thread of their own (a subscribed connection only listens) and
/// passed to the view's loop through the terminal's wake pipe.
final class NowFeed: Sendable {
  enum News: Equatable {
    case quiet
    case changed
    case lost(String)
  }

  private let socket: String
  private let topics: [EventTopic]
  private let news = Locked<News>(.quiet)

  init(socket: String, topics: [EventTopic]) {
    self.socket = socket
    self.topics = topics
  }

  func start() {
    System.startThread { [self] in
      do {
        let connection = try StrideClient(path: socket)
        _ = try connection.subscribe(topics)
        // A change made between the view's first list and this subscription was announced to no one: look again.
        news.withLock { if $0 == .quiet { $0 = .changed } }
        Terminal.wake?.signal()
        while true {
          _ = try connection.nextEvent()
          news.withLock { if $0 == .quiet { $0 = .changed } }
          Terminal.wake?.signal()
        }
      } catch {
        news.withLock { $0 = .lost("strided stopped answering") }
        Terminal.wake?.signal()
      }
    }
  }

  /// What happened since the last look.
  func take() -> News {
    news.withLock { current in
      defer { if case .lost = current {} else { current = .quiet } }
      return current
    }
  }
}
