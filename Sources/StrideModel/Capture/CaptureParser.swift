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
    // The first line as a string, made once: the text itself when it is one line.
    let lineText = titleLine == characters.indices ? text : String(joining: characters[titleLine])
    // Words written as a time that cannot be one, judged once in the first line as written.
    let misses = times.nearMisses(in: lineText)
    // The line is cut into words once; the time reader takes them without the words already read.
    let chunks = Chunk.split(lineText, mendingDays: true)
    readTokens(characters, titleLine, into: &result, consumed: &consumed)
    readRepeat(characters, titleLine, text: lineText, into: &result, consumed: &consumed)
    // "easter brunch": a holiday that opens the line names the occasion; a clock beside it would be that day's.
    let holiday = times.leadingHoliday(chunks)
    let timeHeld = readTimes(
      characters, titleLine, chunks: chunks, into: &result, consumed: &consumed,
      noSuchDay: misses.contains(where: \.isDay) || holiday != nil)
    readBareEstimate(characters, titleLine, into: &result, consumed: &consumed)
    var held = heldSpans(
      lineText, titleLine, chunks: chunks, consumed: consumed, timeRead: result.due != nil || result.start != nil)
    if let holiday { Self.name(holiday, timeHeld: timeHeld, in: &held, characters, titleLine) }

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
      // A line pasted from a list ("- [ ] write report", "1. call mom"): its mark is not the task.
      let split = StepSplitter.split(StepSplitter.listItemText(title) ?? title)
      title = split.title
      result.steps = split.steps
    }
    result.title = Self.tidy(title)
    result.steps = result.steps.map(Self.tidy).filter { !$0.isEmpty }
    // The type and energy come from the title: a word in a step ("file the invoice") says what the step is.
    infer(characters, titleLine, into: &result, consumed: consumed, title: result.title)
    result.spans += spans(of: misses, keptIn: result.title, of: characters)
    // Named once: a word already named (a second time, a day that does not exist) is not named again.
    result.spans += held.filter { word in
      !result.spans.contains { $0.field == .unread && $0.start < word.end && word.start < $0.end }
    }
    result.spans.sort { $0.start < $1.start }
    return result
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
    // Words named as not read ("every 30 minutes") stay as they are.
    let unread = result.spans.filter { $0.field == .unread }.map { $0.start..<$0.end }
    let words = Self.words(characters, line).filter { range in
      !(consumed + unread).contains { $0.overlaps(range) } && !quoted.contains(range.lowerBound - line.lowerBound)
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
    _ characters: [Character], _ line: Range<Int>, text: String, into result: inout ParsedCapture,
    consumed: inout [Range<Int>]
  ) {
    guard result.recurrence == nil else { return }
    // Most lines say nothing about repeating: look closer only when a word that can start a rule is there (bytes).
    let lower = text.lowercased()
    guard Self.repeatHints.contains(where: { lower.contains(text: $0) }) else { return }
    let quoted = Chunk.quotedOffsets(Array(characters[line]))
    let ranges = Self.words(characters, line).filter { range in
      !consumed.contains { $0.overlaps(range) } && !quoted.contains(range.lowerBound - line.lowerBound)
    }
    let words = ranges.map { RecurrenceReader.words(String(joining: characters[$0])).first ?? "" }
    let bare = words.indices.filter { RecurrenceReader.frequencyWord(words[$0]) != nil }
    // "fortnightly on fridays": a frequency word with its days is read first, or the days alone would be weekly.
    let withDays = bare.filter { $0 + 1 < words.count && words[$0 + 1] == "on" }
    // "monthly on fridays": which Friday is not said; named (`weekdaysOfLongerPeriod`), never every Friday.
    if withDays.contains(where: { Self.weekdaysOfLongerPeriod(words, at: $0) != nil }) {
      if let unread = unreadRule(words, ranges, characters) { result.spans.append(unread) }
      return
    }
    for index in withDays + words.indices.filter({ !bare.contains($0) }) + bare.filter({ !withDays.contains($0) }) {
      let reading = ruleReading(words, ranges, at: index, bare: bare.contains(index), characters)
      guard case (var rule, let clock, var end)? = reading else { continue }
      if rule.frequency == .yearly, let (day, after) = holidayStart(words, end) {
        // "every christmas": yearly from the coming one.
        (rule.start, end) = (Recurrence.dayText(day), after)
      }
      result.repeatClock = clock
      if let unread = unreadLeaveOut(words, ranges, after: end, characters)
        ?? hourOrCount(words, ranges, after: end, characters) ?? markedCount(words, ranges, after: end, characters)
        ?? otherDays(words, ranges, after: end, characters)
      {
        result.spans.append(unread)
      } else if let (fewer, leftOut) = leftOutAfterClock(rule, words, ranges, after: end, characters) {
        rule = fewer
        consumed += leftOut.filter { $0.field == .repeat }.map { $0.start..<$0.end }
        result.spans += leftOut
      }
      result.recurrence = rule
      let span = ranges[index].lowerBound..<ranges[end - 1].upperBound
      consumed.append(span)
      result.spans.append(
        CaptureSpan(
          field: .repeat, text: String(joining: characters[span]), start: span.lowerBound, end: span.upperBound))
      readSeries(words, ranges, rule: index..<end, characters, into: &result, consumed: &consumed)
      return
    }
    if let unread = tooOften(words, ranges, characters) ?? unreadRule(words, ranges, characters) {
      result.spans.append(unread)
    }
  }

  /// The rule that starts at `index` (a bare frequency word when `bare`), its clock time and the index after it.
  private func ruleReading(
    _ words: [String], _ ranges: [Range<Int>], at index: Int, bare: Bool, _ characters: [Character]
  ) -> (Recurrence, ClockTime?, Int)? {
    // "the 1st and 3rd monday of every month": days no rule keeps (named by `unreadRule`), not every month.
    if index >= 2, words[index - 1] == "of", TimeWords.weekdays[words[index - 2]] != nil { return nil }
    if !RecurrenceReader.everyWords.contains(words[index]), RecurrenceReader.leftOut(words, at: index) { return nil }
    // "twice daily", "3 times every week": more than once a period, named by `unreadRule`, never once.
    if (max(0, index - 2)..<index).contains(where: { RecurrenceReader.timesAPeriod(words, at: $0) != nil }) {
      return nil
    }
    if let (rule, end) = RecurrenceReader.daysOfEveryMonth(words, at: index)
      ?? RecurrenceReader.workdayOfMonth(words, at: index)
    {
      return (rule, nil, end)
    }
    // A bare "weekly" is a rule only as the first or the last word, or before its time or its estimate
    // ("stretch daily 7:30am", "meditate daily 20m before bed"): "write the weekly report" is a one-off.
    // First, "hourly" is how something is paid or charged ("hourly rate review"): a rule only after its task.
    let standsAlone =
      !bare || (index == 0 && words[0] != "hourly") || index == words.count - 1 || words[index + 1] == "at"
      || Self.bareEstimate(words[index + 1]) != nil || Self.beginsSeries(words, index + 1)
      || RecurrenceReader.withoutDays(Recurrence(.daily), words, index + 1) != nil
      || (words[index + 1] == "on" && RecurrenceReader.frequencyWord(words[index])?.frequency == .weekly
        && RecurrenceReader.weekdayList(words, index + 2) != nil)
    guard standsAlone || timeFollows(words, index + 1) else { return nil }
    return RecurrenceReader.phrase(words, at: index)
      ?? (Self.opensTitle(words, ranges, at: index, characters) ? nil : RecurrenceReader.weekdayRun(words, at: index))
  }

  /// Whether what follows `index` is a time alone ("daily 7:30am"); a length after it is its estimate ("stretch
  /// daily 10m").
  private func timeFollows(_ words: [String], _ index: Int) -> Bool {
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

  /// Whether the word at `index` opens the title of a book, a song or a show, capitalised after a word that takes
  /// one, with more of it after ("read Tuesdays with Morrie"): no weekdays of a routine, as `Scan.namedAfterTitle`.
  static func opensTitle(_ words: [String], _ ranges: [Range<Int>], at index: Int, _ characters: [Character]) -> Bool {
    guard index > 0, index + 1 < words.count, characters[ranges[index].lowerBound].isUppercase else { return false }
    let before = words[index - 1]
    return TimeWords.titleVerbs.contains(before) || (before == "to" && index > 1 && words[index - 2] == "listen")
  }

  /// Parts of words a rule may start with: "every" (and "ev"), "each", "daily", the weekdays of "gym mon wed fri" (and
  /// "weekdays", "weekends"), and
  /// the counts of "once a week" and "twice a day" (this one named: `RecurrenceReader.timesAPeriod`).
  static let repeatHints = [
    "ev", "each", "ly", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "once", "1x", "twice", "thrice", "times",
    "time",
    "x ", "x/", "kdays", "kends", "knds", "s a week", "s per week", "mwf", "tth", "/th", "m/w", "mtw",
  ]

  // MARK: Times

  /// Finds the due and start times in what is left of the line. "by", "due" and a bare date set the due time;
  /// "after", "from" and "not before" set the start. A second time for the same field stays in the title. With
  /// `noSuchDay` (the line names a day that does not exist: "feb 30 at 10am"), a clock is that day's, not read.
  /// Returns whether a time of day was left unread for `noSuchDay`.
  @discardableResult
  private func readTimes(
    _ characters: [Character], _ line: Range<Int>, chunks: [Chunk], into result: inout ParsedCapture,
    consumed: inout [Range<Int>], noSuchDay: Bool
  ) -> Bool {
    var masked = characters
    // Words already named as not read ("till dec 8" after an end) are not read as another time either.
    let blanked = consumed + result.spans.filter({ $0.field == .unread }).map({ $0.start..<$0.end })
    for range in blanked {
      for offset in range { masked[offset] = " " }
    }
    let text = String(joining: masked[line])
    let words = Self.chunks(chunks, characters, line, masked: blanked) { text }
    var dueMatch: TimeParser.Match?
    let found = times.find(in: text, chunks: words, routine: result.recurrence != nil)
    for match in found where !TimeParser.isSomeday(match.value) && !(noSuchDay && match.timeOfDayOnly) {
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
          if result.due == nil {
            (result.due, dueMatch) = (times.instant(value, dateOnly: .endOfDay), match)
          } else {
            // "tues: dentist 3pm": a day and a time of day said apart are one due time.
            guard let joined = joinedDue(dueMatch, match) else { continue }
            (result.due, dueMatch) = (joined, nil)
          }
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
      consumed.append(Self.withLeadingDash(masked, line, Self.withDanglingVerb(masked, line, range)))
    }
    return noSuchDay && found.contains { !TimeParser.isSomeday($0.value) && $0.timeOfDayOnly }
  }
}
