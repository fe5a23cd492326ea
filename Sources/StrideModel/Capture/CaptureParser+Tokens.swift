import Foundation
import StrideBase

/// The tokens of a capture's first line: `~15m`, `!low`, `!urgent`, `ASAP`, `#health`, and Taskwarrior's
/// `key:value` (`due:fri`, `est:15m`); each leaves the title where it stands alone.
extension CaptureParser {
  /// `~15m`, `!low`, `#health` and `key:value` tokens; a token counts only where it stands alone.
  func readTokens(
    _ characters: [Character], _ line: Range<Int>, into result: inout ParsedCapture, consumed: inout [Range<Int>]
  ) {
    let quoted = Chunk.quotedOffsets(Array(characters[line]))
    let words = Self.words(characters, line).filter { !quoted.contains($0.lowerBound - line.lowerBound) }
    var index = 0
    while index < words.count {
      let word = Self.token(words[index], in: characters)
      let token = String(joining: characters[word])
      let lower = token.lowercased()
      var field: CaptureSpan.Field?
      var span = word
      var unit: String { index + 1 < words.count ? String(joining: characters[words[index + 1]]).lowercased() : "" }
      if let (found, withUnit) = estimate(lower, unit: unit, into: &result) {
        field = found
        if withUnit {
          span = word.lowerBound..<words[index + 1].upperBound
          index += 1
        }
        // Meant as an estimate ("~abc", "~0m", "~5x"), not read as one: named in the reply, as an unknown !word is.
        if found == nil {
          result.spans.append(CaptureSpan(field: .unread, text: token, start: word.lowerBound, end: word.upperBound))
        }
      } else if let (found, last, end) = urgency(lower, at: index, words, characters, into: &result) {
        field = found
        span = word.lowerBound..<end
        index = last
      } else if lower.hasPrefix("!"), lower.count > 1, lower.dropFirst().allSatisfy(\.isLetter) {
        // Named in the reply, never silently part of the title.
        result.spans.append(
          CaptureSpan(field: .unread, text: token, start: word.lowerBound, end: word.upperBound))
      } else if lower.hasPrefix("#"), lower.count > 1, !lower.dropFirst().allSatisfy(\.isNumber),
        let tag = try? StrideTask.checkedTags([lower]).first
      {
        // "#1024" is a number (an issue, a ticket), kept in the title; a tag has a letter.
        if !result.tags.contains(tag) { result.tags.append(tag) }
        field = .tags
      } else if lower.utf8.contains(UInt8(ascii: ":")), let colon = lower.firstIndex(of: ":"),
        colon != lower.startIndex
      {
        let key = String(lower[..<colon])
        let (value, more) = keyedValue(
          key, String(lower[lower.index(after: colon)...]), after: index, words, characters)
        if more > 0 { span = word.lowerBound..<words[index + more].upperBound }
        index += more
        field = keyValue(key, value, into: &result)
      }
      if let field {
        consumed.append(Self.withBrackets(span, in: characters))
        result.spans.append(
          CaptureSpan(
            field: field, text: String(joining: characters[span]), start: span.lowerBound, end: span.upperBound))
      }
      index += 1
    }
  }

  /// A `~` estimate: `~15m`, or `~10 min` with its unit as the next word (`withUnit`, the word after it goes too).
  /// The field is nil for a word meant as an estimate that does not read as one ("~abc", "~0m"); nil altogether
  /// when the word is no estimate.
  private func estimate(_ lower: String, unit: @autoclosure () -> String, into result: inout ParsedCapture) -> (
    CaptureSpan.Field?, withUnit: Bool
  )? {
    guard lower.hasPrefix("~") else { return nil }
    let amount = lower.dropFirst()
    if let minutes = Durations.minutes(String(amount)) {
      result.estimateMinutes = minutes
      return (.estimate, false)
    }
    if amount.allSatisfy({ $0.isNumber || $0 == "." }), let minutes = Durations.minutes(String(amount) + unit()) {
      // "~10 min": the unit as a word of its own.
      result.estimateMinutes = minutes
      return (.estimate, true)
    }
    if lower.contains(where: \.isLetter), amount.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." }) {
      return (nil, false)
    }
    return nil
  }

  /// `!low`, `!urgent`, `ASAP` with the marks it carries ("asap!", "ASAP.", which leave the title with it) and "as
  /// soon as possible" at `index`: the field set, the index of the last word, and where the words end.
  private func urgency(
    _ lower: String, at index: Int, _ words: [Range<Int>], _ characters: [Character], into result: inout ParsedCapture
  ) -> (CaptureSpan.Field, last: Int, end: Int)? {
    if lower == "as", let count = asSoonAsPossible(words, at: index, in: characters) {
      // "fix the boiler as soon as possible": ASAP said in full.
      result.type = .obligation
      return (.type, index + count - 1, Self.token(words[index + count - 1], in: characters).upperBound)
    }
    guard let found = urgencyOrEnergy(lower, into: &result) else { return nil }
    var end = Self.token(words[index], in: characters).upperBound
    while end < words[index].upperBound, Self.asapMarks.contains(characters[end]) { end += 1 }
    return (found, index, end)
  }

  /// Whether "as soon as possible" starts at `index` of `words`: how many words it takes.
  private func asSoonAsPossible(_ words: [Range<Int>], at index: Int, in characters: [Character]) -> Int? {
    guard index + 3 < words.count else { return nil }
    let next = words[index..<(index + 4)].map {
      String(joining: characters[Self.token($0, in: characters)]).lowercased()
    }
    return Self.asSoonAsPossible(next, at: 0)
  }

  /// `!low`, `!urgent` and `ASAP` (any case, with or without `!`): the field the word sets, or nil.
  private func urgencyOrEnergy(_ lower: String, into result: inout ParsedCapture) -> CaptureSpan.Field? {
    if Self.isAsap(lower) {
      result.type = .obligation
      return .type
    }
    guard lower.hasPrefix("!") else { return nil }
    if let energy = EnergyLevel(word: String(lower.dropFirst())) {
      result.energy = energy
      return .energy
    }
    guard Self.urgentWords.contains(String(lower.dropFirst())) else { return nil }
    result.type = .obligation
    return .type
  }

  /// A word without the punctuation a token may touch: "!low:" before steps, "#home," in a list, "(~20m)".
  static func token(_ word: Range<Int>, in characters: [Character]) -> Range<Int> {
    var word = word
    // By bytes: `String.contains` of a character walks the string's characters.
    while word.count > 2, let last = characters[word.upperBound - 1].asciiQuick, ":,.;)]".utf8.contains(last) {
      word = word.lowerBound..<(word.upperBound - 1)
    }
    while word.count > 2, let first = characters[word.lowerBound].asciiQuick, "([".utf8.contains(first) {
      word = (word.lowerBound + 1)..<word.upperBound
    }
    return word
  }

  /// A token's range with the brackets it stood alone in ("(~20m)", "[#home]"), which go with it from the title.
  static func withBrackets(_ span: Range<Int>, in characters: [Character]) -> Range<Int> {
    guard span.lowerBound > 0, span.upperBound < characters.count else { return span }
    switch (characters[span.lowerBound - 1], characters[span.upperBound]) {
    case ("(", ")"), ("[", "]"): return (span.lowerBound - 1)..<(span.upperBound + 1)
    default: return span
    }
  }

  /// The value of a `key:value` token, and how many words after it belong to it: a time may go on for a few words
  /// ("due:tomorrow 5pm"), so the longest run that still reads as one is taken.
  private func keyedValue(
    _ key: String, _ value: String, after index: Int, _ words: [Range<Int>], _ characters: [Character]
  ) -> (String, more: Int) {
    guard ["due", "by", "start", "wait", "scheduled", "after"].contains(key) else { return (value, 0) }
    // Another `key:value` token ends the run: no time goes on past one ("due:fri start:monday").
    var most = 0
    while most < min(4, words.count - index - 1), !Self.isKeyedToken(words[index + 1 + most], in: characters) {
      most += 1
    }
    for length in stride(from: most, through: 1, by: -1) {
      let extended =
        ([value] + words[(index + 1)...(index + length)].map { String(joining: characters[$0]).lowercased() })
        .joined(separator: " ")
      if times.parse(extended) != nil { return (extended, length) }
    }
    return (value, 0)
  }

  /// Whether a word is a `key:value` token: letters, a colon, and a value ("start:monday"; "10:30" and "noon:" are
  /// not).
  static func isKeyedToken(_ word: Range<Int>, in characters: [Character]) -> Bool {
    var offset = word.lowerBound
    while offset < word.upperBound, characters[offset].isLetter { offset += 1 }
    return offset > word.lowerBound && offset + 1 < word.upperBound && characters[offset] == ":"
  }

  /// Taskwarrior-style `due:fri`, `start:monday`, `energy:low`, `est:15m`, `type:obligation`, `tag:home`, `list:home`. An
  /// unknown key or a value that does not read is not a token, and stays in the title.
  private func keyValue(_ key: String, _ value: String, into result: inout ParsedCapture) -> CaptureSpan.Field? {
    guard !value.isEmpty else { return nil }
    switch key {
    case "due", "by":
      guard let match = times.parse(value, ahead: true) else { return nil }
      result.due = times.instant(match.value, dateOnly: .endOfDay)
      return .due
    case "start", "wait", "scheduled", "after":
      guard let match = times.parse(value, ahead: true) else { return nil }
      result.start = times.startInstant(match.value)
      return .start
    case "energy", "e":
      guard let energy = EnergyLevel(word: value) else { return nil }
      result.energy = energy
      return .energy
    case "est", "estimate":
      guard let minutes = Durations.minutes(value) else { return nil }
      result.estimateMinutes = minutes
      return .estimate
    case "type", "t":
      guard let type = TaskType(rawValue: value) else { return nil }
      result.type = type
      return .type
    case "recur", "rec", "repeat", "repeats":
      guard let rule = RecurrenceReader.taskwarrior(value) ?? RecurrenceReader.parse(value)?.rule else { return nil }
      result.recurrence = rule
      return .repeat
    case "list":
      guard let name = try? StrideTask.checkedListName(value) else { return nil }
      result.list = name
      return .list
    case "tag", "tags":
      guard let tags = try? StrideTask.checkedTags(value.split(separator: ",").map(String.init)) else { return nil }
      result.tags += tags.filter { !result.tags.contains($0) }
      return .tags
    default:
      return nil
    }
  }
}
