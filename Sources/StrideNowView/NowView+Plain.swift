import StrideBase
import StrideWire

/// `--plain`: a line a person types (or a screen reader sends) is one command, never a key per letter, so "next"
/// moves to the next card instead of opening the energy question at its "e".
extension NowView {
  /// Reads `line` as one command on the screen that is open, and returns the calls to make. On the cards: a card's
  /// number, `next`, `previous`, `done [N]`, `defer [N]`, `add [thought]`, `open [N]`, `energy [low|medium|high]`,
  /// `start`, `focus`, `undo`, `help`, `quit` (and their one-letter keys). On the focus screen: `done`, `pause`,
  /// `go on`, `more`, `keep going`, `later`, `stop`, `time`, `back`. In a sheet: a choice by its number or its
  /// words, `back`.
  /// Nil, with a sentence in `message` saying what to type, when the line is no command there.
  public mutating func command(_ line: String) -> [Effect]? {
    let text = line.trimmingWhitespace
    let words = text.lowercased().split(separator: " ").map(String.init)
    let back = words.isEmpty || ["q", "back", "cancel"].contains(words.first!)
    switch screen {
    case .capture, .pickTime, .pickBlocker:
      return press(text.isEmpty ? [.escape] : text.map { .character($0) } + [.enter])
    case .help:
      screen = .cards
      return text.isEmpty ? [] : command(text)
    case .cards:
      return cardsCommand(words, text)
    case .deferReason(let id):
      if back { return press([.escape]) }
      let reason = DeferReason(rawValue: words.joined(separator: "-")).flatMap { reason in
        DeferReason.allCases.firstIndex(of: reason)
      }
      guard let index = reason ?? Int(text).flatMap({ (1...DeferReason.allCases.count).contains($0) ? $0 - 1 : nil })
      else {
        return refuse(text, "a number from 1 to \(DeferReason.allCases.count), a reason such as no-energy, or back")
      }
      return choose(DeferReason.allCases[index], for: id)
    case .deferTime(_, let reason):
      if back { return press([.escape]) }
      if let number = Int(text), (1...Self.remindChoices(reason).count).contains(number) {
        return press([.character(Character(String(number)))])
      }
      // Any other words are the time itself, read like everywhere else.
      return press([.character(Character(String(Self.remindTimes.count)))] + text.map { .character($0) } + [.enter])
    case .energy:
      if back { return press([.escape]) }
      let levels = ["1": "1", "low": "1", "2": "2", "medium": "2", "med": "2", "3": "3", "high": "3"]
      guard let key = levels[text.lowercased()] else { return refuse(text, "low, medium or high, or back") }
      return press([.character(Character(key))])
    case .focus:
      return focusCommand(words, text)
    case .focusSwitch:
      let yes = ["yes", "y", "switch", "s"].contains(words.first ?? "")
      if back || ["no", "n", "keep"].contains(words.first!) { return press([.escape]) }
      return yes ? press([.character("y")]) : refuse(text, "yes to switch, or no to keep the session that runs")
    case .detail:
      if back { return press([.escape]) }
      let number = Int(words.last ?? "")
      guard let number, (1...9).contains(number), words.count == 1 || ["done", "x", "tick"].contains(words[0]) else {
        return refuse(text, "a step's number to tick or untick it, or back")
      }
      return press([.character(Character(String(number)))])
    }
  }

  private mutating func cardsCommand(_ words: [String], _ text: String) -> [Effect]? {
    guard let verb = words.first else { return [] }
    // "done 2": the card first, then what to do with it.
    var rest = Array(words.dropFirst())
    if let number = Int(verb) { return choose(number) }
    if let last = rest.first, let number = Int(last), verb != "add", verb != "a" {
      guard choose(number) != nil else { return [] }
      rest.removeFirst()
    }
    switch verb {
    case "next", "j", "down": return press([.down])
    case "previous", "prev", "k", "up": return press([.up])
    case "done", "x", "finish": return press([.character("x")])
    case "defer", "d": return press([.character("d")])
    case "open", "o", "show": return press([.enter])
    case "undo", "u": return press([.character("u")])
    case "start", "s": return press([.character("s")])
    case "focus", "f":
      guard focus != nil else { return refuse(text, "start to focus on the chosen card for five minutes") }
      return press([.character("f")])
    case "help", "?", "h": return press([.character("?")])
    case "quit", "q", "exit": return press([.character("q")])
    case "add", "a":
      // "add call mum" captures at once; "add" alone asks for the thought.
      let thought = text.drop { !$0.isWhitespace }.trimmingWhitespace
      return press([.character("a")] + (thought.isEmpty ? [] : thought.map { .character($0) } + [.enter]))
    case "energy", "e":
      let effects = press([.character("e")])
      return rest.isEmpty ? effects : command(rest.joined(separator: " "))
    default:
      return refuse(text, "help to hear the commands")
    }
  }

  /// A line on the focus screen: done, pause, go on, more, keep going, later, stop, time, back.
  private mutating func focusCommand(_ words: [String], _ text: String) -> [Effect]? {
    let line = words.joined(separator: " ")
    let paused = focus?.paused == true
    switch line {
    // Time and help are the screen said again, which ends with what can be typed.
    case "", "time", "left", "t", "help", "?", "h": return []
    case "back", "q", "cards", "list": return press([.escape])
    case "done", "x", "finish", "finished": return press([.character("x")])
    case "pause", "go on", "resume", "continue", "p":
      // p turns it either way; the words only the way they say.
      return line == "p" || (line == "pause") != paused ? press([.character("p")]) : []
    case "more", "+", "five more", "more time": return press([.character("+")])
    case "keep going", "keep", "k": return press([.character("k")])
    case "later", "defer", "d": return press([.character("d")])
    case "stop", "s", "end": return press([.character("s")])
    default: return refuse(text, "done, pause, go on, more, later, stop, time or back")
    }
  }

  /// Chooses card `number` (from 1); nil, with a sentence, when there is no such card.
  private mutating func choose(_ number: Int) -> [Effect]? {
    guard suggestions.indices.contains(number - 1) else {
      say("There is no card \(number); there are \(suggestions.count).")
      return nil
    }
    while selected < number - 1 { _ = handle(.down) }
    while selected > number - 1 { _ = handle(.up) }
    return []
  }

  private mutating func press(_ keys: [Key]) -> [Effect] {
    keys.flatMap { handle($0) }
  }

  private mutating func refuse(_ text: String, _ expected: String) -> [Effect]? {
    say("\"\(text)\" is not something Stride can do here; type \(expected).")
    return nil
  }

  /// The commands plain mode reads on the cards, for `help`.
  static let plainHelp: [(String, String)] = [
    ("a number", "choose that card"), ("next, previous", "move to the next or the previous card"),
    ("done, or done and a number", "finish the card: its step when a step is shown, else the task"),
    ("defer", "defer it: why, then when to come back"), ("add and your thought", "capture it"),
    ("open", "hear the task whole: its thought, its steps, what blocks it"),
    ("start", "focus on the card's task for five minutes, one step at a time"),
    ("focus", "go back to the focus session that runs"),
    ("energy low, medium or high", "say how your energy is"), ("undo", "take back your last change, and hear what"),
    ("quit", "leave"),
  ]
}
