import StrideBase
import StrideWire

/// The keys of the sheets that are not about deferring: a task opened whole, the energy question, and the line
/// editor the capture and pick-a-time sheets share.
extension NowView {
  mutating func onDetail(_ key: Key, _ id: TaskID) -> [Effect] {
    let steps = detail?.id == id ? detail?.subtasks ?? [] : []
    switch key {
    case .down, .character("j"):
      stepCursor = min(stepCursor + 1, max(steps.count - 1, 0))
    case .up, .character("k"):
      stepCursor = max(stepCursor - 1, 0)
    case .character(" "), .character("x"):
      guard steps.indices.contains(stepCursor) else { return [] }
      let index = stepCursor + 1
      return [steps[stepCursor].done ? .reopenStep(id, index) : .completeStep(id, index)]
    case .character(let digit) where digit.isASCII && digit.isNumber:
      // A step by its number ticks or unticks it.
      let index = Int(String(digit))!
      guard steps.indices.contains(index - 1) else { return [] }
      stepCursor = index - 1
      return [steps[index - 1].done ? .reopenStep(id, index) : .completeStep(id, index)]
    case .escape, .enter, .character("q"):
      screen = .cards
    default: break
    }
    return []
  }

  mutating func onEnergy(_ key: Key) -> [Effect] {
    let levels: [Character: EnergyLevel] = ["1": .low, "l": .low, "2": .medium, "m": .medium, "3": .high, "h": .high]
    if case .character(let character) = key, let level = levels[character] {
      screen = .cards
      return [.setEnergy(level)]
    }
    if key == .escape || key == .character("q") { screen = .cards }
    return []
  }

  /// What a key did to the line being typed.
  enum Editing {
    case typing
    case use(String)
    case back
  }

  /// The line editor of the capture and pick-a-time sheets: typing, backspace, enter to use the line, escape back.
  mutating func edit(_ key: Key) -> Editing {
    switch key {
    case .character(let character) where !character.isNewline:
      if input.count < 1_000 { input.append(character) }
    case .backspace:
      if !input.isEmpty { input.removeLast() }
    case .enter:
      let text = input.trimmingWhitespace
      if !text.isEmpty { return .use(text) }
    case .escape:
      clearInput()
      return .back
    default: break
    }
    return .typing
  }
}
