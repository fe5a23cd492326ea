import StrideBase
import StrideWire

/// The Now view's state: what it shows and which sheet is open. A pure value: a key or a daemon's answer goes in,
/// the next state and the protocol calls to make come out, so it is tested without a terminal. The `stride`
/// command draws it (full screen, or as sentences with `--plain`) and makes the calls.
public struct NowView: Equatable, Sendable {
  /// A key as the terminal sent it.
  public enum Key: Equatable, Sendable {
    case character(Character)
    case up, down, enter, escape, backspace
    /// Ctrl-C, or the end of the input: leave at once.
    case interrupt
  }

  /// What is on the screen.
  public enum Screen: Equatable, Sendable {
    case cards
    /// "Why are you deferring?": the reasons, numbered.
    case deferReason(TaskID)
    /// "Remind me": 1 hour, tonight, tomorrow, or pick a time.
    case deferTime(TaskID, DeferReason)
    /// A typed time for the deferral, read by the same parser as everywhere (the text is in `input`).
    case pickTime(TaskID, DeferReason)
    /// Blocked by another task: its number, typed (the text is in `input`), from the cards or any task.
    case pickBlocker(TaskID)
    /// A new thought (the text is in `input`), shown as it will be read.
    case capture
    /// One task whole: its thought, its steps to tick, what blocks it.
    case detail(TaskID)
    case energy
    case help
    /// The focus session that runs: its task, the one next step, the time left and spent (`NowView+Focus.swift`).
    case focus
    /// "Switch to this task?": a session runs on another task, and starting this one would end it.
    case focusSwitch(TaskID)
  }

  /// A call to make; its answer comes back through `show`, `showDetail` and `say`.
  public enum Effect: Equatable, Sendable {
    case complete(TaskID)
    case completeStep(TaskID, Int)
    case reopenStep(TaskID, Int)
    /// `until` is the words chosen or typed ("tonight"), read by the time parser; nil for a reason without one.
    case deferTask(TaskID, DeferReason, until: String?)
    /// Deferred as blocked by another task: it waits on `on`.
    case deferOn(TaskID, on: TaskID)
    case capture(String)
    case loadDetail(TaskID)
    case setEnergy(EnergyLevel)
    case undo
    case quit
    /// A focus session on the task, with the default box; `switching` ends the one running on another task.
    case startFocus(TaskID, switching: Bool)
    /// The running session ends; with `finish`, what it is on is done as well.
    case stopFocus(finish: Bool)
    case pauseFocus, resumeFocus
    /// More time in the running session: `minutes`, or one more box of its own length ("keep going").
    case extendFocus(minutes: Int?)
  }

  /// A reading of the line being typed to ask the daemon for; its answer comes back through `read`.
  public enum Ask: Equatable, Sendable {
    /// How the typed time reads (`time.parse`, a moment).
    case readTime(String)
    /// How the typed thought reads (`task.capture` with `dryRun`).
    case readCapture(String)
  }

  /// What the daemon made of the line being typed.
  public enum Reading: Equatable, Sendable {
    /// A time: when the task would come back, in words ("Friday at 09:00").
    case time(String)
    /// A thought: the task it would become.
    case draft(Wire.Draft)
    /// Why the line cannot be read (yet), as the daemon says it.
    case refused(String)
  }

  /// A reading, with the call that asked for it (and so the words it is of).
  public struct Preview: Equatable, Sendable {
    public var asked: Ask
    public var reading: Reading
  }

  /// The now-list as the daemon last gave it.
  public private(set) var list: Wire.NowResult?
  /// The one list the view is narrowed to (`stride now -i --list home`); nil for every list.
  public var onlyList: String?
  public var screen: Screen = .cards
  /// The card the keys act on (an index into the suggestions).
  public private(set) var selected = 0
  /// The line being typed in the capture and pick-a-time sheets.
  public internal(set) var input = ""
  /// The last thing that happened, as a sentence ("Done: task 12, "call the dentist".").
  public private(set) var message: String?
  /// The task the detail screen shows, and the step its cursor is on (0-based).
  public private(set) var detail: Wire.Task?
  public internal(set) var stepCursor = 0
  /// What the daemon last made of the line being typed.
  public private(set) var preview: Preview?
  /// The focus session that runs as the daemon last said it, with its task, the moment of that answer and the
  /// moment the view was last drawn for (the terminal's monotonic seconds): the time left counts down between them.
  public internal(set) var focus: Wire.Focus?
  public internal(set) var focusTask: Wire.Task?
  var focusAnswered = 0.0
  var focusNow = 0.0

  /// The times the "Remind me" sheet offers, in the words the time parser reads.
  public static let remindTimes: [(label: String, words: String)] = [
    ("In 1 hour", "in 1 hour"), ("Tonight", "tonight"), ("Tomorrow", "tomorrow"), ("Pick a time…", ""),
  ]

  public init() {}

  public var suggestions: [Wire.Suggestion] { list?.suggestions ?? [] }

  /// The suggestion under the cursor.
  public var current: Wire.Suggestion? { suggestions.indices.contains(selected) ? suggestions[selected] : nil }

  // MARK: Answers coming in

  /// A new now-list: the cursor stays on the same task when it is still there.
  public mutating func show(_ list: Wire.NowResult) {
    let id = current?.task.id
    self.list = list
    if let id, let index = list.suggestions.firstIndex(where: { $0.task.id == id }) {
      selected = index
    } else {
      selected = min(selected, max(list.suggestions.count - 1, 0))
    }
    // A task that left the list takes its open sheet with it.
    switch screen {
    case .deferReason(let task), .deferTime(let task, _), .pickTime(let task, _), .pickBlocker(let task):
      // The focused task's sheet stays: it was opened from the focus screen, and the task need not be a card.
      if !list.suggestions.contains(where: { $0.task.id == task }), task != focus?.task { screen = .cards }
    default: break
    }
  }

  /// A task read whole, for the detail screen.
  public mutating func showDetail(_ task: Wire.Task) {
    if detail?.id != task.id { stepCursor = 0 }
    detail = task
    stepCursor = min(stepCursor, max(task.subtasks.count - 1, 0))
  }

  /// A sentence about what just happened (or why it did not).
  public mutating func say(_ sentence: String?) {
    message = sentence
  }

  /// The daemon's reading of the typed line, for the call that asked for it.
  public mutating func read(_ asked: Ask, as reading: Reading) {
    preview = Preview(asked: asked, reading: reading)
  }

  /// Forgets the last reading, so the words are read again: time has passed, and "in 1 hour" is another hour.
  public mutating func readAgain() {
    preview = nil
  }

  /// Opens a sheet again with the words that were typed in it (the daemon refused them when it came to act).
  public mutating func reopen(_ sheet: Screen, typed words: String) {
    screen = sheet
    input = words
  }

  /// Empties the line being typed, and what was read of it.
  mutating func clearInput() {
    input = ""
    preview = nil
  }

  /// The reading the typed line still needs from the daemon (`readTime` or `readCapture` of the words as they
  /// stand); nil when it has it, or when nothing is typed. The command asks once a frame, after the keys.
  public var readingWanted: Ask? {
    asking == preview?.asked ? nil : asking
  }

  /// The reading of the typed line, when the daemon has given it for the words as they stand.
  var currentReading: Reading? {
    guard let asking, asking == preview?.asked else { return nil }
    return preview?.reading
  }

  /// The call that reads the typed line as it stands, on a sheet that shows its reading.
  private var asking: Ask? {
    let text = input.trimmingWhitespace
    guard !text.isEmpty else { return nil }
    switch screen {
    case .pickTime: return .readTime(text)
    case .capture: return .readCapture(text)
    default: return nil
    }
  }

  // MARK: Keys

  /// Takes a key; returns the calls to make.
  public mutating func handle(_ key: Key) -> [Effect] {
    if key == .interrupt { return [.quit] }
    switch screen {
    case .cards: return onCards(key)
    case .deferReason(let id): return onReason(key, id)
    case .deferTime(let id, let reason): return onTime(key, id, reason)
    case .pickTime(let id, let reason):
      switch edit(key) {
      case .typing: return []
      case .back:
        screen = .deferTime(id, reason)
        return []
      case .use(let text):
        // Words the daemon could not read keep the sheet open (its sentence is on it); words not yet read go to it.
        if case .refused? = currentReading { return [] }
        clearInput()
        screen = .cards
        return [.deferTask(id, reason, until: text)]
      }
    case .pickBlocker(let id):
      switch edit(key) {
      case .typing: return []
      case .back:
        screen = .deferTime(id, .blocked)
        return []
      case .use(let text):
        let digits = text.drop { !$0.isNumber }
        guard let number = Int64(digits), number > 0, number != id.rawValue else {
          say(
            "Type the number of the task it waits on, such as \(suggestions.first { $0.task.id != id }?.task.id.rawValue ?? 12)."
          )
          return []
        }
        clearInput()
        screen = .cards
        return [.deferOn(id, on: TaskID(number))]
      }
    case .capture:
      switch edit(key) {
      case .typing: return []
      case .back:
        screen = .cards
        return []
      case .use(let text):
        clearInput()
        screen = .cards
        return [.capture(text)]
      }
    case .detail(let id): return onDetail(key, id)
    case .energy: return onEnergy(key)
    case .focus: return onFocus(key)
    case .focusSwitch(let id): return onSwitch(key, id)
    case .help:
      screen = .cards
      return []
    }
  }

  private mutating func onCards(_ key: Key) -> [Effect] {
    switch key {
    case .down, .character("j"):
      selected = min(selected + 1, max(suggestions.count - 1, 0))
    case .up, .character("k"):
      selected = max(selected - 1, 0)
    case .character(let digit) where digit.isASCII && ("1"..."9").contains(digit):
      let index = Int(String(digit))! - 1
      if suggestions.indices.contains(index) { selected = index }
    case .character("x"), .character(" "):
      guard let current else { return [] }
      if let step = current.step { return [.completeStep(current.task.id, step.index)] }
      return [.complete(current.task.id)]
    case .character("d"):
      guard let current else { return [] }
      screen = .deferReason(current.task.id)
    case .character("s"):
      return startKey()
    case .character("f"):
      if focus != nil { screen = .focus }
    case .character("a"):
      clearInput()
      screen = .capture
    case .enter, .character("o"):
      guard let current else { return [] }
      screen = .detail(current.task.id)
      return [.loadDetail(current.task.id)]
    case .character("e"):
      screen = .energy
    case .character("u"):
      return [.undo]
    case .character("?"), .character("h"):
      screen = .help
    case .character("q"), .escape:
      return [.quit]
    default: break
    }
    return []
  }

  private mutating func onReason(_ key: Key, _ id: TaskID) -> [Effect] {
    if key == .escape || key == .character("q") {
      screen = .cards
      return []
    }
    let reasons = DeferReason.allCases
    guard case .character(let digit) = key, let number = Int(String(digit)), (1...reasons.count).contains(number)
    else { return [] }
    return choose(reasons[number - 1], for: id)
  }

  /// The reason chosen in the "Why are you deferring?" sheet: the time to choose next, or (unsure) the deferral.
  mutating func choose(_ reason: DeferReason, for id: TaskID) -> [Effect] {
    guard reason.takesUntil else {
      // An unsure task is offered at once as "break it into steps": there is no time to choose.
      screen = .cards
      return [.deferTask(id, reason, until: nil)]
    }
    screen = .deferTime(id, reason)
    return []
  }

  private mutating func onTime(_ key: Key, _ id: TaskID, _ reason: DeferReason) -> [Effect] {
    if key == .escape || key == .character("q") {
      screen = .deferReason(id)
      return []
    }
    guard case .character(let digit) = key, let number = Int(String(digit)),
      (1...Self.remindTimes.count).contains(number) || (reason == .blocked && number == Self.remindTimes.count + 1)
    else {
      return []
    }
    guard number <= Self.remindTimes.count else {
      clearInput()
      screen = .pickBlocker(id)
      return []
    }
    let choice = Self.remindTimes[number - 1]
    guard !choice.words.isEmpty else {
      clearInput()
      screen = .pickTime(id, reason)
      return []
    }
    screen = .cards
    return [.deferTask(id, reason, until: choice.words)]
  }
}
