import StrideBase
import StrideWire

/// Focus sessions in the Now view: `s` on a card starts one on its task (or opens the one running on it, or asks
/// before switching from another task), and the focus screen's keys: the step done, pause, five more minutes,
/// later, stop, and back to the cards with the session still running.
extension NowView {
  /// The minutes `+` adds.
  public static let moreMinutes = 5

  // MARK: Answers coming in

  /// The running session as the daemon said it `at` (the terminal's monotonic seconds), with its task; nil, or a
  /// session that has ended (a `focus.stop` answer), when none runs. The focus screen of a session that ended
  /// elsewhere goes back to the cards and says so.
  public mutating func showFocus(_ answer: Wire.Focus?, task: Wire.Task? = nil, at moment: Double = 0) {
    let running = answer?.endedAt == nil ? answer : nil
    if running == nil, answer == nil, let ended = focus {
      switch screen {
      case .focus:
        screen = .cards
        say("The focus session on \(ended.what) ended.")
      case .focusSwitch: screen = .cards
      default: break
      }
    }
    if running == nil, screen == .focus, answer != nil { screen = .cards }
    if case .focusSwitch(let id) = screen, running?.task == id { screen = .focus }
    focus = running
    focusTask = running == nil ? nil : task ?? (focusTask?.id == running?.task ? focusTask : nil)
    focusAnswered = moment
    focusNow = moment
  }

  /// A step done: when that ended the session running on its task (the step it was on, or the task's last one),
  /// the view shows none and goes back to the cards.
  public mutating func stepDone(in task: Wire.Task) {
    guard let focus, focus.task == task.id, task.focusSessions.last?.endedAt != nil else { return }
    self.focus = nil
    focusTask = nil
    if screen == .focus { screen = .cards }
    say([message, "The focus session on it ended."].compactMap { $0 }.joined(separator: " "))
  }

  /// A start refused (a session runs already): the daemon's session was asked for again; one on another task asks
  /// before switching, one on this task is opened.
  public mutating func startRefused(_ id: TaskID) {
    guard let focus else {
      screen = .cards
      return
    }
    say(nil)
    screen = focus.task == id ? .focus : .focusSwitch(id)
  }

  /// The moment the view is drawn for (the terminal's monotonic seconds): the time left counts down from the last
  /// answer without asking the daemon each second.
  public mutating func tick(at moment: Double) {
    focusNow = max(moment, focusAnswered)
  }

  // MARK: The time as it stands

  /// Whole seconds since the daemon's last word on the session.
  public var focusElapsed: Int { Int(focusNow - focusAnswered) }

  /// Whether the session's time is running: then the view is drawn each second.
  public var focusCounting: Bool { focus.map { !$0.paused } ?? false }

  /// The seconds left in the timebox now.
  var leftSeconds: Int {
    guard let focus else { return 0 }
    return focus.paused ? focus.leftSeconds : max(0, focus.leftSeconds - focusElapsed)
  }

  /// The seconds counted in the session now.
  var spentSeconds: Int {
    guard let focus else { return 0 }
    return focus.spentSeconds + (focus.paused ? 0 : focusElapsed)
  }

  /// Whether the timebox has run out (and the calm question is put: keep going, done, or stop).
  public var timeIsUp: Bool { focus.map { !$0.paused && leftSeconds == 0 } ?? false }

  /// The session in one sentence as it stands now: "Focus on task 12, step 2: find the lease. 3 minutes left.";
  /// when the time is up, the question.
  public var focusSentence: String? {
    guard let focus else { return nil }
    return timeIsUp ? focus.timeUpMessage : focus.sentence(after: focusElapsed)
  }

  // MARK: Keys

  /// `s` on a card: a session on its task; the one running on it opened; one on another task is asked about first.
  mutating func startKey() -> [Effect] {
    guard let current else { return [] }
    let id = current.task.id
    if let focus {
      screen = focus.task == id ? .focus : .focusSwitch(id)
      // The question is the sheet's own: an older sentence under it would only blur it.
      say(nil)
      return []
    }
    screen = .focus
    return [.startFocus(id, switching: false)]
  }

  /// The focus screen: x done, p pause or go on, + five more minutes, k keep going (one more box), d defer (the
  /// defer sheet), s stop, q or esc back to the cards with the session running.
  mutating func onFocus(_ key: Key) -> [Effect] {
    if key == .escape || key == .character("q") {
      screen = .cards
      return []
    }
    guard let focus else { return [] }
    switch key {
    case .character("x"), .character(" "):
      // The next step, when there is one; the task itself (and so the session) when none is left.
      if let step = focus.step { return [.completeStep(focus.task, step.index)] }
      return [.stopFocus(finish: true)]
    case .character("p"):
      return [focus.paused ? .resumeFocus : .pauseFocus]
    case .character("+"), .character("="):
      return [.extendFocus(minutes: Self.moreMinutes)]
    case .character("k"):
      return [.extendFocus(minutes: nil)]
    case .character("d"):
      screen = .deferReason(focus.task)
    case .character("s"):
      return [.stopFocus(finish: false)]
    case .character("?"), .character("h"):
      screen = .help
    default: break
    }
    return []
  }

  /// "Switch to this task?": s, y or enter switches; n, q or esc keeps the session that runs.
  mutating func onSwitch(_ key: Key, _ id: TaskID) -> [Effect] {
    switch key {
    case .character("s"), .character("y"), .enter:
      screen = .focus
      return [.startFocus(id, switching: true)]
    case .character("n"), .character("q"), .escape:
      screen = .cards
    default: break
    }
    return []
  }
}
