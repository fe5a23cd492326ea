import Foundation
import StrideBase

/// The quick-add grammar: `call dentist tomorrow 9am ~10m !low #health`, `due:fri`, steps after `:` or `;`.
///
/// Pure: the reference instant and time zone are given. Docs/capture.md is the reference for every rule.
public struct CaptureParser: Sendable {
  public let times: TimeParser

  public init(
    reference: Date, timeZone: TimeZone, dateOrder: NumericDateOrder = .unknown,
    dayStart: ClockTime = TimeParser.defaultDayStart
  ) {
    times = TimeParser(reference: reference, timeZone: timeZone, dateOrder: dateOrder, dayStart: dayStart)
  }

  /// Understands one capture. The first line holds the task and its tokens; further lines are its steps.
  public func parse(_ text: String) -> ParsedCapture {
    let characters = Array(text)
    let lines = Self.lines(characters)
    guard let titleLine = lines.first(where: { !Self.isBlank(characters[$0]) }) else {
      return ParsedCapture(title: "")
    }
    var result = ParsedCapture(title: "")
    var consumed: [Range<Int>] = []
    // Words written as a time that cannot be one, judged once in the first line as written.
    let misses = times.nearMisses(in: String(joining: characters[titleLine]))
    readTokens(characters, titleLine, into: &result, consumed: &consumed)
    readRepeat(characters, titleLine, into: &result, consumed: &consumed)
    readTimes(characters, titleLine, into: &result, consumed: &consumed, noSuchDay: misses.contains(where: \.isDay))
    readBareEstimate(characters, titleLine, into: &result, consumed: &consumed)

    var title = Self.withoutPreamble(Self.tidy(Self.remainder(characters, titleLine, removing: consumed)))
    let stepLines = lines.filter { $0.lowerBound > titleLine.lowerBound && !Self.isBlank(characters[$0]) }
    if !stepLines.isEmpty {
      let items = stepLines.map { Self.listItem(String(joining: characters[$0])) }.filter { !$0.isEmpty }
      if let first = StepSplitter.listItemText(title) {
        // The first line is itself a list item: every line is a step, and the first names the task.
        result.steps = [first] + items
        title = first
      } else {
        result.steps = items
        if title.hasSuffix(":") { title.removeLast() }
      }
    } else {
      let split = StepSplitter.split(title)
      title = split.title
      result.steps = split.steps
    }
    result.title = Self.tidy(title)
    result.steps = result.steps.map(Self.tidy).filter { !$0.isEmpty }
    // The type and energy come from the title: a word in a step ("file the invoice") says what the step is.
    infer(characters, titleLine, into: &result, consumed: consumed, title: result.title)
    result.spans += spans(of: misses, keptIn: result.title, of: characters)
    result.spans.sort { $0.start < $1.start }
    return result
  }

  // MARK: Tokens

  /// `~15m`, `!low`, `#health` and `key:value` tokens; a token counts only where it stands alone.
  private func readTokens(
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
      if lower.hasPrefix("~"), let minutes = Durations.minutes(String(lower.dropFirst())) {
        result.estimateMinutes = minutes
        field = .estimate
      } else if lower.hasPrefix("~"), lower.dropFirst().allSatisfy({ $0.isNumber || $0 == "." }),
        let minutes = Durations.minutes(String(lower.dropFirst()) + unit)
      {
        // "~10 min": the unit as a word of its own.
        result.estimateMinutes = minutes
        field = .estimate
        span = word.lowerBound..<words[index + 1].upperBound
        index += 1
      } else if lower.hasPrefix("~"), lower.contains(where: \.isLetter),
        lower.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." })
      {
        // Meant as an estimate ("~abc", "~0m", "~5x"), not read as one: named in the reply, as an unknown !word is.
        result.spans.append(
          CaptureSpan(field: .unread, text: token, start: word.lowerBound, end: word.upperBound))
      } else if let found = urgencyOrEnergy(lower, into: &result) {
        field = found
        // "asap!", "ASAP.": the marks leave the title with the word.
        while span.upperBound < words[index].upperBound, Self.asapMarks.contains(characters[span.upperBound]) {
          span = span.lowerBound..<(span.upperBound + 1)
        }
      } else if lower.hasPrefix("!"), lower.count > 1, lower.dropFirst().allSatisfy(\.isLetter) {
        // Named in the reply, never silently part of the title.
        result.spans.append(
          CaptureSpan(field: .unread, text: token, start: word.lowerBound, end: word.upperBound))
      } else if lower.hasPrefix("#"), lower.count > 1, let tag = try? StrideTask.checkedTags([lower]).first {
        if !result.tags.contains(tag) { result.tags.append(tag) }
        field = .tags
      } else if let colon = lower.firstIndex(of: ":"), colon != lower.startIndex {
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
    while word.count > 2, ":,.;)]".contains(characters[word.upperBound - 1]) {
      word = word.lowerBound..<(word.upperBound - 1)
    }
    while word.count > 2, "([".contains(characters[word.lowerBound]) {
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
    for length in stride(from: min(4, words.count - index - 1), through: 1, by: -1) {
      let extended =
        ([value] + words[(index + 1)...(index + length)].map { String(joining: characters[$0]).lowercased() })
        .joined(separator: " ")
      if times.parse(extended) != nil { return (extended, length) }
    }
    return (value, 0)
  }

  /// Taskwarrior-style `due:fri`, `start:monday`, `energy:low`, `est:15m`, `type:obligation`, `tag:home`, `list:home`. An
  /// unknown key or a value that does not read is not a token, and stays in the title.
  private func keyValue(_ key: String, _ value: String, into result: inout ParsedCapture) -> CaptureSpan.Field? {
    guard !value.isEmpty else { return nil }
    switch key {
    case "due", "by":
      guard let match = times.parse(value) else { return nil }
      result.due = times.instant(match.value, dateOnly: .endOfDay)
      return .due
    case "start", "wait", "scheduled", "after":
      guard let match = times.parse(value) else { return nil }
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

  // MARK: Estimates without a ~

  /// A length of time without `~` ("20m", "1h30m", "30 min", "for 20 minutes") is the estimate where nothing else
  /// can be meant: right after a routine's rule and its time ("stretch daily 10m"), or at the end of the line ("call
  /// mum 1h"). Inside a title it stays ("order 20m cable"), as it does beside a `~` estimate, in days or longer,
  /// or over twelve hours ("run 5000m").
  private func readBareEstimate(
    _ characters: [Character], _ line: Range<Int>, into result: inout ParsedCapture, consumed: inout [Range<Int>]
  ) {
    guard result.estimateMinutes == nil else { return }
    let quoted = Chunk.quotedOffsets(Array(characters[line]))
    let words = Self.words(characters, line).filter { range in
      !consumed.contains { $0.overlaps(range) } && !quoted.contains(range.lowerBound - line.lowerBound)
    }
    func text(_ index: Int) -> String {
      index >= 0 && index < words.count ? String(joining: characters[Self.token(words[index], in: characters)]) : ""
    }
    // The words at `index` as an estimate: one word, or a number and its unit; how many words it took.
    func estimate(at index: Int) -> (Int, count: Int)? {
      if let minutes = Self.bareEstimate(text(index)) { return (minutes, 1) }
      let number = text(index)
      guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }),
        Self.estimateUnits.contains(text(index + 1).lowercased()),
        let minutes = Self.bareEstimate(number + text(index + 1))
      else { return nil }
      return (minutes, 2)
    }
    var candidates: [Int] = []
    if let rule = result.spans.first(where: { $0.field == .repeat }),
      let after = words.firstIndex(where: { $0.lowerBound >= rule.end })
    {
      candidates.append(after)
    }
    candidates += [words.count - 1, words.count - 2]
    for index in candidates where index > 0 {
      guard let (minutes, count) = estimate(at: index),
        index + count == words.count || candidates.first == index
      else { continue }
      // "tidy up for 20 minutes": the "for" goes with it.
      let first = text(index - 1).lowercased() == "for" && index > 1 ? index - 1 : index
      let span = words[first].lowerBound..<Self.token(words[index + count - 1], in: characters).upperBound
      result.estimateMinutes = minutes
      consumed.append(span)
      result.spans.append(
        CaptureSpan(
          field: .estimate, text: String(joining: characters[span]), start: span.lowerBound, end: span.upperBound))
      return
    }
  }

  /// Units that make a length of time an estimate without `~`: minutes and hours.
  static let estimateUnits: Set<String> = ["m", "min", "mins", "minute", "minutes", "h", "hr", "hrs", "hour", "hours"]

  /// "20m", "1h30m", "1h30", "90min" as minutes, when every unit in it is a minute or an hour and it is at most
  /// twelve hours.
  static func bareEstimate(_ word: String) -> Int? {
    let lower = word.lowercased()
    guard lower.first?.isNumber == true else { return nil }
    let units = lower.split(whereSeparator: { !$0.isLetter }).map(String.init)
    guard !units.isEmpty, units.allSatisfy(estimateUnits.contains), let minutes = Durations.minutes(lower),
      minutes <= 12 * 60, units != ["m"] || minutes <= 180
    else { return nil }
    return minutes
  }

  // MARK: Repeats

  /// Finds how the task repeats: "every monday", "every 3 days after done", or a bare "daily" / "weekly" as the
  /// last word (inside a title "the weekly report" is not a routine). The first rule wins, a rule in words before a
  /// bare frequency word ("weekly review every friday 4pm" is a review every Friday); the words leave the title.
  private func readRepeat(
    _ characters: [Character], _ line: Range<Int>, into result: inout ParsedCapture, consumed: inout [Range<Int>]
  ) {
    guard result.recurrence == nil else { return }
    // Most lines say nothing about repeating: look closer only when a word that can start a rule is there.
    let lower = String(joining: characters[line]).lowercased()
    guard Self.repeatHints.contains(where: lower.contains) else { return }
    let quoted = Chunk.quotedOffsets(Array(characters[line]))
    let ranges = Self.words(characters, line).filter { range in
      !consumed.contains { $0.overlaps(range) } && !quoted.contains(range.lowerBound - line.lowerBound)
    }
    let words = ranges.map { RecurrenceReader.words(String(joining: characters[$0])).first ?? "" }
    // What follows a word, as a time alone: "daily 7:30am" is a rule at a time; a length after it is its estimate
    // ("stretch daily 10m", "daily 7:30am 10 min").
    func timeFollows(_ index: Int) -> Bool {
      guard index < words.count else { return false }
      var rest = Array(words[index...])
      if let last = rest.last, Self.bareEstimate(last) != nil {
        rest.removeLast()
      } else if rest.count >= 2, Self.estimateUnits.contains(rest[rest.count - 1]),
        Self.bareEstimate(rest[rest.count - 2] + rest[rest.count - 1]) != nil
      {
        rest.removeLast(2)
      }
      return rest.isEmpty || times.parse(rest.joined(separator: " ")) != nil
    }
    let bare = words.indices.filter { RecurrenceReader.frequencyWord(words[$0]) != nil }
    for index in words.indices.filter({ !bare.contains($0) }) + bare {
      let bare = bare.contains(index)
      // A bare "weekly" is a rule only as the first or the last word, or before its time or its estimate
      // ("stretch daily 7:30am", "meditate daily 20m before bed"): "write the weekly report" is a one-off.
      let standsAlone =
        !bare || index == 0 || index == words.count - 1 || words[index + 1] == "at"
        || Self.bareEstimate(words[index + 1]) != nil
      let reading: (Recurrence, ClockTime?, Int)? =
        if let (rule, end) = RecurrenceReader.daysOfEveryMonth(words, at: index)
          ?? RecurrenceReader.workdayOfMonth(words, at: index)
        {
          (rule, nil, end)
        } else if standsAlone || timeFollows(index + 1) {
          RecurrenceReader.phrase(words, at: index) ?? RecurrenceReader.weekdayRun(words, at: index)
        } else {
          nil
        }
      guard let (rule, clock, end) = reading else { continue }
      result.recurrence = rule
      result.repeatClock = clock
      let span = ranges[index].lowerBound..<ranges[end - 1].upperBound
      consumed.append(span)
      result.spans.append(
        CaptureSpan(
          field: .repeat, text: String(joining: characters[span]), start: span.lowerBound, end: span.upperBound))
      return
    }
  }

  /// Parts of words a rule may start with: "every", "each", "daily", and the weekdays of "gym mon wed fri".
  static let repeatHints = ["every", "each", "ly", "mon", "tue", "wed", "thu", "fri", "sat", "sun"]

  // MARK: Times

  /// Finds the due and start times in what is left of the line. "by", "due" and a bare date set the due time;
  /// "after", "from" and "not before" set the start. A second time for the same field stays in the title. With
  /// `noSuchDay` (the line names a day that does not exist: "feb 30 at 10am"), a clock is that day's, not read.
  private func readTimes(
    _ characters: [Character], _ line: Range<Int>, into result: inout ParsedCapture, consumed: inout [Range<Int>],
    noSuchDay: Bool
  ) {
    var masked = characters
    for range in consumed {
      for offset in range { masked[offset] = " " }
    }
    let text = String(masked[line])
    for match in times.find(in: text) where !TimeParser.isSomeday(match.value) && !(noSuchDay && match.timeOfDayOnly) {
      let range = (match.range.lowerBound + line.lowerBound)..<(match.range.upperBound + line.lowerBound)
      // A range ("22-23 feb", "monday to friday") is when the task may start and when it is due.
      // A start that has already come ("this month", the weekend under way) is no start: the task may begin now.
      let fields: [(TimeParser.Role, TimeParser.Value)] =
        if let end = match.end {
          times.startInstant(match.value) <= times.reference ? [(.due, end)] : [(.start, match.value), (.due, end)]
        } else {
          [(match.role ?? .due, match.value)]
        }
      var used = false
      for (role, value) in fields {
        switch role {
        case .due:
          guard result.due == nil else { continue }
          result.due = times.instant(value, dateOnly: .endOfDay)
        case .start:
          guard result.start == nil else { continue }
          result.start = times.startInstant(value)
        }
        used = true
        result.spans.append(
          CaptureSpan(
            field: CaptureSpan.Field(role), text: String(joining: characters[range]), start: range.lowerBound,
            end: range.upperBound))
      }
      guard used else {
        // "dinner tomorrow 7pm tonight": a second time for a field already read stays in the title, named.
        let first = result.spans.first { $0.field == CaptureSpan.Field(fields.last!.0) }
        let name = fields.count == 2 ? "a start and a due time" : fields[0].0 == .due ? "a due time" : "a start time"
        result.spans.append(
          CaptureSpan(
            field: .unread, text: String(joining: characters[range]), start: range.lowerBound, end: range.upperBound,
            reason: "the line already gives \(name)" + (first.map { " (\"\($0.text)\")" } ?? "")))
        continue
      }
      result.problem = result.problem ?? match.contradiction
      consumed.append(Self.withDanglingVerb(masked, line, range))
    }
  }
}
