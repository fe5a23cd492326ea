import StrideBase
import StrideWire

/// The Now view as full sentences (`--plain`, for screen readers and dumb terminals): what is on the screen, then
/// what can be typed there.
extension NowView {
  /// The view as full sentences, for `--plain`: each card one sentence ("1 of 3: reply to the landlord. Low
  /// energy, about 10 minutes, 0 of 2 steps done. Why: due tomorrow at 17:00."), then what the keys do here.
  public func sentences() -> [String] {
    var lines = message.map { [$0] } ?? []
    switch screen {
    case .cards:
      guard let list else { return lines + ["Asking strided what to start now."] }
      if let sentence = focusSentence { lines.append("Running now: \(sentence) Type focus to go back to it.") }
      lines += Self.spoken(list, in: onlyList)
      if suggestions.isEmpty { return lines + [Self.cardsPrompt] }
      lines.append("Card \(selected + 1) is chosen. \(Self.cardsPrompt)")
    case .deferReason(let id):
      lines.append("Why are you deferring \(quotedTitle(id))?")
      lines += DeferReason.allCases.enumerated().map { "\($0.offset + 1): \($0.element.title), \($0.element.meaning)." }
      lines.append("Type 1 to \(DeferReason.allCases.count) and press enter, or q to go back.")
    case .deferTime(let id, let reason):
      lines.append(
        "When should Stride remind you about \(quotedTitle(id))? \(reason.promise.sentenceStart)."
      )
      let choices = Self.remindChoices(reason)
      // "Pick a time…" ends already.
      lines += choices.enumerated().map { "\($0.offset + 1): \($0.element)" + ($0.element.hasSuffix("…") ? "" : ".") }
      lines.append("Type 1 to \(choices.count), or a time such as tomorrow 9am, and press enter; or back.")
    case .pickBlocker(let id):
      let others = suggestions.filter { $0.task.id != id }.map { "task \($0.task.id), \($0.task.title)" }
      lines.append(
        "Type the number of the task \(quotedTitle(id)) waits on and press enter; an empty line goes back."
          + (others.isEmpty ? "" : " In the list: \(others.joined(separator: "; "))."))
    case .pickTime:
      lines.append("Type when it should come back, such as tomorrow 9am, and press enter; an empty line goes back.")
    case .capture:
      lines.append("Type your thought and press enter; an empty line cancels.")
    case .detail:
      lines += detailLines(nil, style: Style(color: false)).filter { !$0.isEmpty }.map {
        $0.trimmingWhitespace
      }
      lines.append("Type a step's number to tick or untick it, or q to go back.")
    case .energy:
      lines.append("How is your energy right now? Type 1 for low, 2 for medium or 3 for high, or q to go back.")
    case .help:
      lines += Self.plainHelp.map { "\($0.0): \($0.1)." }
    case .focus:
      lines += focusSentences()
    case .focusSwitch(let id):
      lines += switchQuestion(id)
    }
    return lines
  }

  static let cardsPrompt =
    "Type a card's number to choose it, done to finish it (or its step), start to focus on it for five minutes, "
    + "defer, add and your thought, open, energy, undo, help, or quit, and press enter."

  /// The now-list as sentences, for `--plain` and `stride now --plain`: the heading, then each card as one
  /// sentence with its task number ("1 of 3, task 12: reply to the landlord. Low energy, …").
  public static func spoken(_ list: Wire.NowResult, in only: String? = nil) -> [String] {
    guard !list.suggestions.isEmpty else { return [emptySentence(list)] }
    let lists = list.suggestions.fromSeveralLists
    return [list.heading(in: only)]
      + list.suggestions.enumerated().map {
        cardSentence($0.element, offset: $0.offset, of: list.suggestions.count, list: lists)
      }
  }

  /// A card as one sentence: "1 of 3, task 12: reply to the landlord. Low energy, about 10 minutes. Why: …"
  private static func cardSentence(_ suggestion: Wire.Suggestion, offset: Int, of count: Int, list: Bool) -> String {
    let task = suggestion.task
    var facts = ["\(task.energy.rawValue.sentenceStart) energy"]
    if let minutes = task.estimateMinutes { facts.append("about \(Minutes.spoken(minutes))") }
    if task.progress.total > 0 { facts.append("\(task.progress.done) of \(task.progress.total) steps done") }
    if task.status == .waiting { facts.append("waiting on someone") }
    if list, let name = task.list { facts.append("in the list \(name)") }
    var sentence = "\(offset + 1) of \(count), task \(task.id): \(task.title). \(facts.joined(separator: ", "))."
    if let step = suggestion.step { sentence += " Next step: \(step.title)." }
    if let prompt = suggestion.prompt { sentence += " \(prompt.sentenceStart)." }
    if !suggestion.why.isEmpty { sentence += " Why: \(suggestion.why.joined(separator: ", "))." }
    return sentence
  }
}
