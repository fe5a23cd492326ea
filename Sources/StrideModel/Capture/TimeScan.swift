import Foundation

/// One pass of the time parser over the words of a text: finds the pieces of a time phrase and puts them together.
struct Scan {
  let parser: TimeParser
  let chunks: [Chunk]
  /// Inside a title: ordinary words that are only sometimes dates need a marker or a neighbour.
  let careful: Bool
  /// The words name a time to come once, so a morning hour without a day that has passed today may be this
  /// evening's ("call mum at 7" at 10:54; `Scan.Reading.passedMorning`): a capture's one-off line, `stride when` and
  /// the options that take a time. Not a routine's hour, the same every day, nor `--since`, which looks back.
  var aheadOnly = false

  /// A part of a time phrase.
  enum Piece {
    /// A day counted from today ("tomorrow", "next week", "in 3 days").
    case day(CivilDate)
    /// A calendar date as written ("10 january", "2026-12-01"): it wins over a weekday next to it, and a weekday
    /// that disagrees with it is pointed out.
    case date(CivilDate)
    /// A day named by its weekday.
    case weekday(CivilDate)
    /// A day with a time that a later clock time may replace ("tonight" 8pm, "this evening"); an hour after it is
    /// read on the same side of noon ("tonight at 11").
    case dayWithDefault(CivilDate, ClockTime)
    /// "tonight" late at night: the coming hours, this instant unless an hour follows, which is then the next time
    /// that hour comes round in the evening or the night.
    case night(Date)
    /// A clock time; `loose` when written without am or pm and under 13 ("3:20"), so a day part may move it.
    case clock(ClockTime, loose: Bool)
    /// An hour without am/pm ("at 5", "5 o'clock"), and minutes before or after it ("quarter to 5": -15).
    case hour(Int, minutes: Int)
    /// A time of day by name ("morning").
    case dayPart(ClockTime)
    /// A fixed point of the person's day that says when alone ("first thing": the day's start; "before work":
    /// `workday`, a working day's, so on a weekend the coming Monday's).
    case landmark(ClockTime, workday: Bool)
    case midnight
    /// The end of a day named beside it: "thurs eod", "eod friday", "monday end of day".
    case endOfDay
    case instant(Date)
  }

  /// A time phrase read: its value, the first word that belongs to it, where it ends, the zone it was read in,
  /// whether its time was written without am or pm, and the weekday it names when its date is another day.
  struct Phrase {
    var value: TimeParser.Value
    var first: Int
    var end: Int
    var zone: NamedZone? = nil
    var loose = false
    var contradicted: (weekday: Int, date: CivilDate)? = nil
    /// Only a time of day was named, no day ("8pm"): in a range it takes the end's day.
    var dayless = false
    /// The phrase named a period as a whole ("this month", "next weekend"): a range from its first day to its last.
    var period = false
    /// A morning hour without am or pm that had passed today, and what it became (`Scan.Reading.passedMorning`).
    var passed: PassedHour? = nil
    /// What a marker inside the phrase, after its day, says the time is for: "tomorrow after lunch" is a start.
    /// "after" inside a day's own words ("the day after tomorrow", "friday after next") is no marker.
    var innerRole: TimeParser.Role? = nil

    /// The day, when the phrase named a whole day.
    var day: CivilDate? {
      if case .day(let day) = value { day } else { nil }
    }
  }

  func word(_ index: Int) -> String? {
    index < chunks.count && !chunks[index].protected ? chunks[index].word : nil
  }

  /// Whether a weekday in the middle of a title describes the word after it rather than saying when: "book for
  /// monday meeting", "prep the friday standup", "buy a gift for friday party". A weekday with a time, after a
  /// marker, or before a word that may end a time phrase ("friday about the invoice") is a time; so is a date.
  func describesNext(_ phrase: Phrase) -> Bool {
    guard careful, phrase.day != nil, phrase.end < chunks.count, !chunks[phrase.end - 1].punctuated,
      TimeWords.weekdays[chunks[phrase.end - 1].word] != nil,
      let next = word(phrase.end), !endsDate(at: phrase.end - 1), !TimeWords.dueMarkers.contains(next),
      !TimeWords.startMarkers.contains(next), TimeWords.innerMarkers[next] == nil
    else { return false }
    let leading = word(phrase.first) ?? ""
    let before = phrase.first > 0 ? word(phrase.first - 1) ?? "" : ""
    // "next week monday standup": a weekday of a week named says when (after "for" or "the" it is not read so).
    if TimeWords.periodShifts[leading] != nil, word(phrase.first + 1) == "week" { return false }
    // "monday email the accountant", "tuesday call the garage": at the start of a line, an occasion word with an
    // object after it is the task's verb, and the weekday says when.
    // "monday call bob", "friday text sam": after a verb that takes a person, any word but one that makes the
    // pair an occasion's thing ("monday call notes") is the person.
    if phrase.first == 0, phrase.end + 1 < chunks.count, let object = word(phrase.end + 1),
      TimeWords.objectWords.contains(object) || chunks[phrase.end + 1].capitalised
        || (TimeWords.personWords.contains(next) && !TimeWords.occasionParts.contains(object))
    {
      return false
    }
    return TimeWords.occasions.contains(next) || leading == "for" || TimeWords.determiners.contains(before)
  }

  /// Whether a lone weekday is what the task is about rather than when: "email sara about friday tomorrow 10am",
  /// "ask tom regarding monday". A weekday with a time ("about friday 9am") is still a time.
  func namesTopic(_ phrase: Phrase) -> Bool {
    guard careful, phrase.day != nil, phrase.end - phrase.first == 1, phrase.first > 0,
      TimeWords.weekdays[chunks[phrase.first].word] != nil, let before = word(phrase.first - 1),
      !chunks[phrase.first - 1].punctuated
    else { return false }
    return TimeWords.topicWords.contains(before)
  }

  /// The period a phrase names as a whole: "this week", "next month", "last year", "this quarter", "the weekend",
  /// "next weekend", "sometime next week": its first and last day (the weekend from today when it is under way);
  /// nil for any other phrase.
  func namedPeriod(_ phrase: Phrase, from index: Int) -> (first: CivilDate, last: CivilDate)? {
    guard !chunks[index].protected else { return nil }
    var words = chunks[index..<phrase.end].map(\.word)
    while let first = words.first, TimeWords.joiners.contains(first) { words.removeFirst() }
    if words.count == 3, words[0] == "this", words[1] == "coming" { words.removeFirst() }
    if words.count == 3, let period = afterNextPeriod(at: phrase.end - 3) { return period }
    // "early next week", "mid january": the part of the period.
    if let part = periodPart(at: phrase.end - words.count), part.end == phrase.end { return (part.first, part.last) }
    if words.count == 1, TimeWords.weekendWords.contains(words[0]) { return weekendDays(next: false) }
    if words.count == 2, words[0] == "in", Scan.fullYear(words[1]) != nil, let first = phrase.day {
      return (first, first.adding(months: 11).endOfMonth)
    }
    // "the week of october 7th": from its Monday to its Sunday.
    if words.count > 2, words[0] == "week", words[1] == "of", let first = phrase.day {
      return (first, first.adding(days: 6))
    }
    // "the last weekend of october", "the first week in may": from its Saturday to its Sunday, its Monday to its
    // Sunday.
    // "the second last week of december": counted from the end.
    let named = words.count >= 5 && words[1] == "last" ? 2 : 1
    if words.count >= 4, named + 1 < words.count, ["of", "in"].contains(words[named + 1]), let first = phrase.day {
      if TimeWords.weekendWords.contains(words[named]) { return (first, first.adding(days: 1)) }
      if words[named] == "week" { return (first, first.adding(days: 6)) }
    }
    if let first = phrase.day, namesQuarter(from: index, to: phrase.end) {
      return (first, first.adding(months: 2).endOfMonth)
    }
    guard words.count == 2, let shift = TimeWords.periodShifts[words[0]] else { return nil }
    if TimeWords.weekendWords.contains(words[1]), shift >= 0 {
      return weekendDays(next: ["next", "following"].contains(words[0]))
    }
    // "next march": the whole of that month.
    if TimeWords.months[words[1]] != nil, let first = phrase.day { return (first, first.endOfMonth) }
    if let season = season(words[1], shift: shift) { return season }
    guard ["week", "month", "quarter", "qtr", "year", "yr"].contains(words[1]) else { return nil }
    return period(words[1], shift: shift)
  }

  /// Where "eod", "end of the day" or "close of business" at `index` ends.
  func endOfDayWords(at index: Int) -> Int? {
    guard let first = word(index), TimeWords.endOfDayStarts.contains(first) else { return nil }
    return TimeWords.endOfDayPhrases.first { phrase in
      phrase.indices.allSatisfy { word(index + $0) == phrase[$0] }
    }.map { index + $0.count }
  }

  /// Whether a day is named at `index` ("eod friday").
  func dayFollows(_ index: Int) -> Bool {
    switch piece(at: index, afterAt: false, marked: true)?.0 {
    case .day?, .date?, .weekday?, .dayWithDefault?: true
    default: false
    }
  }

  // MARK: Markers and expressions

  /// "by", "due", "due on", "after", "from", "not before", "no later than": what the time that follows is for.
  func marker(at index: Int) -> (TimeParser.Role, Int)? {
    guard let first = word(index) else { return nil }
    // "not before monday", "no later than friday", "not after noon", "on or before the 3rd".
    switch (first, word(index + 1) ?? "", word(index + 2) ?? "") {
    case ("not", "before", _): return (.start, index + 2)
    case ("not", "after", _): return (.due, index + 2)
    case ("on", "or", "before"), ("no", "later", "than"), ("not", "later", "than"): return (.due, index + 3)
    case ("on", "or", "after"), ("no", "earlier", "than"), ("not", "earlier", "than"), ("no", "sooner", "than"):
      return (.start, index + 3)
    default: break
    }
    if first == "due", let next = word(index + 1), ["by", "on", "at", "before"].contains(next) {
      return (.due, index + 2)
    }
    // "the day after tomorrow" (a film, where it is not read as a day) has no marker in it.
    if index > 0, chunks[index - 1].word == "day", let next = word(index + 1),
      TimeWords.tomorrowWords.contains(next) || next == "yesterday"
    {
      return nil
    }
    if TimeWords.dueMarkers.contains(first) { return (.due, index + 1) }
    // "start of next week" is a time, not a marker.
    if TimeWords.startMarkers.contains(first), word(index + 1) != "of" { return (.start, index + 1) }
    return nil
  }

  /// Whether the marker words from `index` to `end` are "before" (`b4`, `due before`), which leave the day they
  /// name out: "before friday" is due by the end of Thursday. "On or before" keeps the day, "not before" is a start.
  /// Whether the marker between `index` and `end` is "due" alone, which names no day of a period ("due next month").
  func marksDue(from index: Int, to end: Int) -> Bool {
    chunks[index..<end].map(\.word) == ["due"]
  }

  func leavesDayOut(from index: Int, to end: Int) -> Bool {
    let words = chunks[index..<end].map(\.word)
    return words == ["before"] || words == ["b4"] || words == ["due", "before"]
  }

  /// The longest time phrase starting at `index` (a leading "the" does not belong to it; a leading "on" or "at"
  /// does). A time without a day falls on `anchor` if given.
  func expression(at index: Int, marked: Bool, anchor: CivilDate? = nil) -> Phrase? {
    var position = index
    var first = index
    var reading = Reading()
    var pieces = 0
    var lastJoiner: String?
    var risky = false
    while position < chunks.count {
      // "9am BST", "8:00 GMT": a zone right after the time.
      if pieces > 0, reading.zone == nil, reading.instant == nil, reading.hasTime || reading.day != nil,
        let (named, after) = self.zone(at: position)
      {
        reading.zone = named
        position = after
        continue
      }
      let (joiner, next) = joinerWords(at: position, afterDay: reading.day != nil && pieces > 0)
      guard
        let (piece, after, pieceRisky) = self.piece(
          at: next,
          afterAt: Self.endsWithAt(joiner) || hourLed(at: next, joiner, pieces == 0),
          marked: marked || joiner?.hasPrefix("on") == true || pieces > 0,
          afterDay: joiner == nil && !reading.hasTime && isDayWord(at: next - 1, marked: marked))
      else { break }
      // A time of day by name gives way to a clock time after it ("tomorrow afternoon at 5"); inside a title only
      // after a day, so "film night 7:30" keeps its film night.
      let clockFree =
        !reading.hasTime
        || (reading.dayPart != nil && reading.clock == nil && reading.hour == nil && !reading.midnight
          && (reading.day != nil || !careful || marked))
      guard reading.accept(piece, clockFree: clockFree, afterComma: position > 0 && chunks[position - 1].comma)
      else { break }
      if reading.innerRole == nil, let joiner {
        reading.innerRole = joiner.split(separator: " ").lazy.compactMap { TimeWords.innerMarkers[String($0)] }.first
      }
      if pieces == 0 {
        lastJoiner = joiner
        first = takesLeadingWords(chunks[position..<next].map(\.word), before: next) ? position : next
      }
      pieces += 1
      risky = risky || pieceRisky
      position = after
    }
    guard pieces > 0 else { return nil }
    position = yearAfterTime(&reading, first: first, end: position)
    if careful {
      // A phrase made only of an ordinary-looking word ("sun", "13th", "morning") needs a marker or a partner.
      let joinedByOn = lastJoiner.map { $0.hasPrefix("on") || $0.hasPrefix("at") || $0.hasPrefix("over") } ?? false
      if risky && pieces == 1 && !marked && !joinedByOn { return nil }
      if pieces == 1, reading.dayPart != nil, lastJoiner == nil, !marked, reading.landmark == nil { return nil }
    }
    // Only an hour said without am or pm inside a capture's line looks at the rest of it ("dinner at 7"); a time
    // read whole (`stride when`, an option) has no other words.
    let leaning =
      careful && reading.hourSaid != nil && reading.afternoon == nil ? leaning(outside: first, position) : nil
    return reading.phrase(
      first: first, end: position, anchor: anchor, parser: parser, leaning: leaning,
      aheadOnly: aheadOnly)
  }

  /// Whether the joining words before a phrase's first piece at `index` go with it: "on", "sometime", "over"…; and
  /// "the" before "the week after next" and "the day after tomorrow", wherever it stands.
  private func takesLeadingWords(_ leading: [String], before index: Int) -> Bool {
    leading.first.map { TimeWords.leadingJoiners.contains($0) || TimeWords.approximately.contains($0) } == true
      || (leading == ["the"] && (afterNextPeriod(at: index) != nil || word(index) == "day"))
  }

  /// Whether a number at `index` leads words read whole before its day ("9 tomorrow", "8 this evening", "7 friday
  /// morning"): an hour, as "at 9 tomorrow" is. Inside a title a number before a day is a count ("read chapter 4
  /// tomorrow"), so only where the whole text is a time.
  func leadingHour(at index: Int) -> Bool {
    guard !careful, index == 0, let next = word(1) else { return false }
    return TimeWords.dayWords.contains(next) || TimeWords.weekdays[next] != nil || next == "this"
  }

  /// The joining words from `index` ("at", "on the", and, once a day is there, "after" or "before"), and where they
  /// end. They count only when a piece follows them.
  func joinerWords(at index: Int, afterDay: Bool) -> (String?, Int) {
    var next = index
    var joiner: String?
    while let word = word(next),
      TimeWords.joiners.contains(word) || (TimeWords.innerMarkers[word] != nil && afterDay)
        || (TimeWords.approximately.contains(word) && clockFollows(next + 1))
    {
      joiner = joiner.map { "\($0) \(word)" } ?? word
      next += 1
    }
    return (joiner, next)
  }

  /// Whether joining words end with "at" ("at", "at about", "@ around"), so a bare figure after them is an hour;
  /// "around" or "about" alone leave "call around 4" open (an amount, or an hour), named in the reply.
  static func endsWithAt(_ joiner: String?) -> Bool {
    guard var words = joiner?.split(separator: " ") else { return false }
    while let last = words.last, words.count > 1, TimeWords.approximately.contains(String(last)) { words.removeLast() }
    return words.last == "at" || words.last == "@"
  }

  /// Whether a clock time with its minutes, am or pm, or "ish" follows at `index` ("around 4pm", "about 10:30",
  /// "at about 5ish"), or a figure after "at": what "around" or "about" before it may join.
  private func clockFollows(_ index: Int) -> Bool {
    // "roughly at 5pm": the "at" goes with it too.
    if let word = word(index), word == "at" || word == "@" { return clockFollows(index + 1) }
    if let word = word(index), ["noon", "midday", "midnight"].contains(word) { return true }
    guard let word = word(index), word.startsWithDigit || TimeWords.hourWords[word] != nil else { return false }
    return clockPiece(word, index, afterAt: index > 1 && ["at", "@"].contains(self.word(index - 2) ?? "")) != nil
      || (word.hasSuffix("ish") && clockPiece(String(word.dropLast(3)), index, afterAt: true) != nil)
  }

  // MARK: Pieces

  /// Whether the word at `index` names a day by itself ("tmrw", "friday"), so a bare hour right after it is that
  /// day's ("tmrw 9", "fri 4"). "wed", "sat" and "sun" count only after a marker, as they do alone.
  func isDayWord(at index: Int, marked: Bool) -> Bool {
    guard index >= 0, let word = word(index), !chunks[index].punctuated else { return false }
    if TimeWords.weekdays[word] != nil {
      // "next sat 11": "next", "this" or "on" before it has made it a day.
      let said = index > 0 && (TimeWords.periodShifts[chunks[index - 1].word] != nil || chunks[index - 1].word == "on")
      return !careful || marked || said || !TimeWords.ambiguousWeekdays.contains(word)
    }
    return TimeWords.dayWords.contains(word)
  }

  /// The piece at `index`, where it ends, and whether it is an ordinary-looking word. `afterDay`: a word that names a
  /// day stands right before it, so a bare hour is read ("tmrw 9").
  func piece(at index: Int, afterAt: Bool, marked: Bool, afterDay: Bool = false) -> (Piece, Int, Bool)? {
    guard let word = word(index) else { return nil }
    if word == "in", self.word(index + 1) == "the", let part = self.word(index + 2).flatMap({ TimeWords.dayParts[$0] })
    {
      return (.dayPart(part), index + 3, false)
    }
    if let meal = TimeWords.meals[word] {
      guard index > 0, let before = self.word(index - 1), TimeWords.mealMarkers.contains(before) else { return nil }
      // After a meal is when it may start: an hour later.
      return (.dayPart(before == "after" ? ClockTime(hour: meal.hour + 1)! : meal), index + 1, false)
    }
    if word == "first", self.word(index + 1) == "thing", let end = firstThingEnd(index) {
      // "first thing tomorrow", "monday first thing": the start of the person's day.
      return (.landmark(parser.dayStart, workday: false), end, false)
    }
    if let landmark = TimeWords.landmarks[word], index > 0, let before = self.word(index - 1),
      before == "after" || before == "before", landmarkSaysWhen(index)
    {
      return (.landmark(before == "after" ? landmark.ends : landmark.begins, workday: true), index + 1, false)
    }
    if word.utf8.last == UInt8(ascii: "h"), word.count > 3, word.hasSuffix("ish") {
      // "noonish", "5ish", "5:30ish", "noon-ish": about then.
      let stem = String(word.dropLast(word.hasSuffix("-ish") ? 4 : 3))
      if stem == "noon" || stem == "midday" { return (.clock(ClockTime(hour: 12)!, loose: false), index + 1, false) }
      return clockPiece(stem, index, afterAt: true)
    }
    if let found = isoPiece(word, index) { return found }
    if let found = holidayPiece(word, index, marked: marked) { return found }
    if let end = endOfDayWords(at: index), marked || dayFollows(end) { return (.endOfDay, end, false) }
    // Before "weekend" alone: "the weekend after next".
    if let found = afterNextPiece(word, index) ?? weekThenWeekday(word, index) { return found }
    if let found = namedPiece(word, index, marked: marked) { return found }
    if let found = quarterPiece(word, index) { return found }
    if let found = nthPiece(word, index) { return found }
    if let found = modifiedPiece(word, index) { return found }
    if let found = partPiece(word, index) ?? withinNextPiece(word, index) ?? thisComingPiece(word, index)
      ?? weeksThenWeekday(word, index)
    {
      return found
    }
    if let found = boundaryPiece(word, index) ?? weekOfPiece(word, index) { return found }
    if let found = pastToPiece(word, index, afterAt: afterAt) { return found }
    if let found = relativePiece(word, index, marked: marked) { return found }
    if let found = monthDayPiece(word, index, marked: marked) { return found }
    if let found = weekdayPiece(word, index) { return found }
    if let found = numericDatePiece(word, index, marked: marked) { return found }
    if let found = ordinalPiece(word, index, marked: marked) { return found }
    if let found = mixedRangePiece(word, index) ?? clockPiece(word, index, afterAt: afterAt, afterDay: afterDay)
      ?? fourFigureClock(word, index, afterAt: afterAt)
    {
      return found
    }
    return nil
  }
}
