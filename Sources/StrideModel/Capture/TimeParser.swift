import Foundation

/// Natural-language times: "tomorrow 9am", "next fri", "in 2 hours", "dec 3", "eow", `2026-12-01T19:00`.
///
/// One parser serves capture, `--until`, `--due`, `--at` and `stride when`. It is pure: the reference instant and
/// the time zone are given. `parse` reads a whole text as one time; `find` looks for times inside a title and is
/// careful with ordinary words (Docs/capture.md has the rules and the conventions it chooses).
public struct TimeParser: Sendable {
  /// What a time phrase named: a whole day ("friday"), or an instant ("friday 9am", "in 2 hours").
  public enum Value: Equatable, Sendable {
    case day(CivilDate)
    case instant(Date)
  }

  /// What a marker word before the time said it is for.
  public enum Role: String, Sendable, Codable {
    case due
    case start
  }

  /// A time found in a text.
  public struct Match: Equatable, Sendable {
    /// Where it stands, in characters of the text, marker words included.
    public var range: Range<Int>
    public var text: String
    public var value: Value
    /// The end of a range ("9am to 5pm"), when one was given.
    public var end: Value?
    /// `due` after "by", "due", "before"; `start` after "after", "from"; nil when no marker word was used.
    public var role: Role?
    /// The time zone the words named ("8:00 GMT"), when they named one; the value is already that instant.
    public var zone: NamedZone?
    /// Only a time of day was named, no day ("7am", "at 9:30").
    public var timeOfDayOnly = false
    /// A sentence when the words name a weekday their date is not ("Tue, 10 January" when that is a Sunday):
    /// such a phrase is refused rather than one of the two guessed.
    public var contradiction: String?
  }

  public let reference: Date
  public let calendar: LocalCalendar
  /// How the writer's locale orders a numeric date ("3/12/2026").
  public let dateOrder: NumericDateOrder
  /// When the person's day starts (the `time.dayStart` setting): a day alone as a start, a defer's until-time or
  /// a follow-up ("--until tomorrow") is that time of that day, never midnight.
  public let dayStart: ClockTime
  let today: CivilDate
  let now: ClockTime

  /// The day start when none is set: 09:00, the hour "Tomorrow" in the Now view and `--at` already used.
  public static let defaultDayStart = ClockTime(hour: 9)!

  public init(
    reference: Date, timeZone: TimeZone, dateOrder: NumericDateOrder = .unknown,
    dayStart: ClockTime = TimeParser.defaultDayStart
  ) {
    self.reference = reference
    self.dateOrder = dateOrder
    self.dayStart = dayStart
    calendar = LocalCalendar(timeZone: timeZone)
    today = calendar.day(of: reference)
    now = calendar.clock(of: reference)
  }

  /// The instant a value stands for; a day alone is `dateOnly` o'clock that day.
  public func instant(_ value: Value, dateOnly: ClockTime) -> Date {
    switch value {
    case .day(let day): calendar.date(day, dateOnly)
    case .instant(let date): date
    }
  }

  /// The instant a value stands for as a start, a defer's until-time or a follow-up: a day alone is the start of
  /// the person's day (`dayStart`), so "tomorrow" is tomorrow morning, never midnight.
  public func startInstant(_ value: Value) -> Date {
    instant(value, dateOnly: dayStart)
  }

  /// Reads the whole text as one time (or a range of two); nil if any word is not part of it.
  public func parse(_ text: String) -> Match? {
    let chunks = Chunk.split(text)
    guard !chunks.isEmpty else { return nil }
    let scan = Scan(parser: self, chunks: chunks, careful: false)
    var first = 0
    var role: Role?
    if let (markerRole, next) = scan.marker(at: 0) {
      role = markerRole
      first = next
    }
    guard let (start, end) = scan.range(at: first, marked: true), (end ?? start).end == chunks.count else { return nil }
    let words = String(Array(text)[chunks[first].range.lowerBound...])
    return match(
      start, end, text: text, words: words, range: 0..<text.count, role: role,
      beforeDay: scan.leavesDayOut(from: 0, to: first))
  }

  /// Every time phrase in a title, left to right, without overlaps. Quoted text, URLs and e-mail addresses are
  /// left alone, and words that are only sometimes dates ("may", "sun", "13th") need a marker such as "by" or "on".
  public func find(in text: String) -> [Match] {
    let chunks = Chunk.split(text)
    let scan = Scan(parser: self, chunks: chunks, careful: true)
    var matches: [Match] = []
    var index = 0
    let characters = Array(text)
    while index < chunks.count {
      var role: Role?
      var start = index
      if let (markerRole, next) = scan.marker(at: index) {
        role = markerRole
        start = next
      }
      guard let (phrase, end) = scan.range(at: start, marked: role != nil) else {
        index += 1
        continue
      }
      let last = (end ?? phrase).end
      if role == nil, end == nil, scan.describesNext(phrase) || scan.namesTopic(phrase) {
        // "book for monday meeting", "prep the friday standup", "email sara about friday": the day says which
        // occasion, or what the task is about; it stays.
        index = last
        continue
      }
      // "tomorrow after lunch": a marker inside the phrase says what it is for.
      if role == nil {
        role = chunks[phrase.first..<last].lazy.compactMap { TimeWords.innerMarkers[$0.word] }.first
      }
      var first = role == nil ? phrase.first : index
      // "order the cake the 22nd": a "the" before a phrase that ends the title goes with it.
      if first > 0, chunks[first - 1].word == "the", last == chunks.count || chunks[last - 1].punctuated {
        first -= 1
      }
      var range = chunks[first].range.lowerBound..<chunks[last - 1].range.upperBound
      // "9 am (BST)": the bracket the phrase opened closes with it.
      if range.upperBound < characters.count, characters[range].count(where: { $0 == "(" }) > 0,
        characters[range.upperBound] == ")"
      {
        range = range.lowerBound..<(range.upperBound + 1)
      }
      let words = String(joining: characters[chunks[phrase.first].range.lowerBound..<chunks[last - 1].range.upperBound])
      matches.append(
        match(
          phrase, end, text: String(joining: characters[range]), words: words, range: range, role: role,
          beforeDay: scan.leavesDayOut(from: index, to: start)))
      index = last
    }
    return matches
  }

  /// A match for a phrase read, and the end of its range; `words` is the phrase without its marker, for saying it.
  /// `beforeDay`: the marker was "before", so a day alone is left out ("before friday" is the end of Thursday).
  private func match(
    _ start: Scan.Phrase, _ end: Scan.Phrase?, text: String, words: String, range: Range<Int>, role: Role?,
    beforeDay: Bool
  ) -> Match {
    var value = start.value
    if beforeDay, end == nil, case .day(let day) = value {
      value = .instant(calendar.date(day.adding(days: -1), .endOfDay))
    }
    var match = Match(
      range: range, text: text, value: value, end: end.map { rangeEnd($0.value, after: start.value) },
      role: role, zone: start.zone ?? end?.zone)
    match.timeOfDayOnly = start.dayless && end == nil
    if let (weekday, date) = start.contradicted ?? end?.contradicted {
      let time = HumanTime(now: reference, timeZone: calendar.timeZone)
      match.contradiction =
        "'\(words)' says \(Recurrence.weekdayNames[weekday - 1]), but that date is "
        + "\(time.fullDay(calendar.date(date, .startOfDay))); write the date or the weekday alone, or correct one of them"
    }
    return match
  }

  /// A sentence for the first numeric date in `text` that the writer's locale leaves open ("3/12/2026": 3 December
  /// or 12 March), showing both readings; nil when every numeric date reads one way. Inside a title only dates with
  /// a year count: "4/5 stars" is no date.
  public func ambiguousNumericDate(in text: String, inTitle: Bool = false) -> String? {
    guard dateOrder == .unknown, text.contains("/") || text.contains("-") else { return nil }
    let chunks = Chunk.split(text)
    for (index, chunk) in chunks.enumerated()
    where !chunk.protected && (!inTitle || chunk.word.split(separator: Scan.numericSeparator(chunk.word)).count == 3) {
      guard let (dayFirst, monthFirst) = Scan.numericReadings(chunk.word, parser: self), let dayFirst, let monthFirst,
        dayFirst != monthFirst, dateOrder == .unknown,
        Scan.settledByWeekday(dayFirst, monthFirst, chunks: chunks, at: index) == nil
      else { continue }
      let time = HumanTime(now: reference, timeZone: calendar.timeZone)
      let (a, b) = (calendar.date(dayFirst, .startOfDay), calendar.date(monthFirst, .startOfDay))
      return "'\(chunk.word)' could be \(time.fullDay(a)) or \(time.fullDay(b)); write the month as a word "
        + "(\(Self.example(dayFirst)) or \(Self.example(monthFirst))) or as \(Self.iso(dayFirst)), or set LC_TIME "
        + "to your locale (such as en_GB.UTF-8 or en_US.UTF-8)"
    }
    return nil
  }

  private static func example(_ day: CivilDate) -> String {
    let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    return "\(day.day) \(months[day.month - 1]) \(day.year)"
  }

  private static func iso(_ day: CivilDate) -> String {
    String(format: "%04d-%02d-%02d", day.year, day.month, day.day)
  }

  /// Taskwarrior's `someday` and `later`: a day so far off that it means "no time". Stride reads the words (for
  /// `stride when`) but never stores that day: a capture leaves them in the title, and options refuse them.
  public static func isSomeday(_ value: Value) -> Bool {
    if case .day(let day) = value { return day.year >= 9999 }
    return false
  }

  /// The calendar day a value falls on.
  func day(of value: Value) -> CivilDate {
    switch value {
    case .day(let day): day
    case .instant(let date): calendar.day(of: date)
    }
  }

  /// The end of a range: a time alone ("9am to 5pm") falls on the first part's day.
  private func rangeEnd(_ end: Value, after start: Value) -> Value {
    guard case .instant(let endDate) = end, case .instant(let startDate) = start, endDate < startDate else {
      return end
    }
    return .instant(endDate.addingTimeInterval(86_400))
  }

  // MARK: Resolving days and times

  /// The next day strictly after today with this ISO weekday (Stride's reading of a bare "friday").
  func upcoming(_ weekday: Int, includingToday: Bool = false) -> CivilDate {
    var days = (weekday - today.isoWeekday + 7) % 7
    if days == 0 && !includingToday { days = 7 }
    return today.adding(days: days)
  }

  /// A clock time today if it is still ahead, else tomorrow.
  func nextOccurrence(of clock: ClockTime) -> Date {
    let todayAt = calendar.date(today, clock)
    return todayAt > reference ? todayAt : calendar.date(today.adding(days: 1), clock)
  }

  /// A month and day without a year: this year's if it has not passed, else next year's.
  func upcoming(month: Int, day: Int) -> CivilDate? {
    if let date = CivilDate(year: today.year, month: month, day: day), date >= today { return date }
    return CivilDate(year: today.year + 1, month: month, day: day)
  }

  /// A day of the month alone: the next such day after today (skipping months too short for it).
  func upcoming(dayOfMonth: Int) -> CivilDate? {
    guard (1...31).contains(dayOfMonth) else { return nil }
    for monthsAhead in 0...12 {
      let month = today.startOfMonth.adding(months: monthsAhead)
      if let date = CivilDate(year: month.year, month: month.month, day: dayOfMonth), date > today { return date }
    }
    return nil
  }
}

/// A whitespace-separated word of the text, lower-cased, with surrounding punctuation set aside.
struct Chunk {
  var word: String
  var range: Range<Int>
  var comma: Bool
  /// Punctuation followed the word (a comma, a full stop, a colon, a closing bracket…).
  var punctuated: Bool = false
  /// Inside quotes, or a URL or an e-mail address: never part of a time.
  var protected: Bool

  static func split(_ text: String) -> [Chunk] {
    var chunks: [Chunk] = []
    let quoted = quotedOffsets(Array(text))
    var current: [Character] = []
    var start = 0
    func flush(at end: Int) {
      defer { current = [] }
      guard !current.isEmpty else { return }
      let (characters, leading, trailing, comma) = stripped(current)
      let (lower, upper) = (start + leading, end - trailing)
      guard !characters.isEmpty else { return }
      let word = String(characters).lowercased()
      let link = word.contains("://") || word.hasPrefix("www.") || (word.contains("@") && word.count > 1)
      let inQuotes = (start..<end).contains(where: quoted.contains)
      let punctuated = upper < end
      // "22-23", "3:30-4:30pm": the two ends of a range, and the dash between them, as three words.
      if !link, let dash = rangeDash(in: word) {
        let offset = word.distance(from: word.startIndex, to: dash)
        chunks.append(
          Chunk(word: String(word[..<dash]), range: lower..<(lower + offset), comma: false, protected: inQuotes))
        chunks.append(
          Chunk(word: "-", range: (lower + offset)..<(lower + offset + 1), comma: false, protected: inQuotes))
        chunks.append(
          Chunk(
            word: String(word[word.index(after: dash)...]), range: (lower + offset + 1)..<upper, comma: comma,
            punctuated: punctuated, protected: inQuotes))
        return
      }
      chunks.append(
        Chunk(word: word, range: lower..<upper, comma: comma, punctuated: punctuated, protected: inQuotes || link))
    }
    for (offset, character) in text.enumerated() {
      if character.isWhitespace {
        flush(at: offset)
        start = offset + 1
      } else {
        if current.isEmpty { start = offset }
        current.append(character)
      }
    }
    flush(at: text.count)
    return chunks
  }

  /// A word without the brackets and punctuation around it: how many characters went from each end, and whether a
  /// comma followed it. The dot of "p.m." and the minute mark of "15'" stay.
  static func stripped(_ word: [Character]) -> (characters: [Character], leading: Int, trailing: Int, comma: Bool) {
    var characters = word
    var leading = 0
    while let first = characters.first, Chunk.openers.contains(first) {
      characters.removeFirst()
      leading += 1
    }
    var trailing = 0
    var comma = false
    while let last = characters.last, Chunk.closers.contains(last) {
      // Keep the dot of "p.m." and "a.m.": the clock reader wants it.
      if last == ".", characters.count >= 4, characters[characters.count - 2] == "m",
        characters[characters.count - 3] == "."
      {
        break
      }
      // Keep the minute mark of "15'".
      if last == "'", characters.count > 1, characters.dropLast().allSatisfy(\.isDigit) { break }
      if last == "," { comma = true }
      characters.removeLast()
      trailing += 1
    }
    return (characters, leading, trailing, comma)
  }

  /// The dash of a word that joins two days of a month, two clock times or two weekdays ("22-23", "3:30-4:30pm",
  /// "9-5", "mon-fri"); nil for anything else ("3-2-1", "2026-12-01", "covid-19").
  static func rangeDash(in word: String) -> String.Index? {
    guard let dash = word.firstIndex(where: { $0 == "-" || $0 == "–" }) else { return nil }
    let before = word[..<dash]
    let after = word[word.index(after: dash)...]
    func end(_ part: Substring) -> Bool {
      var digits = part
      for suffix in ["st", "nd", "rd", "th", "am", "pm", "a", "p"] where digits.hasSuffix(suffix) {
        digits = digits.dropLast(suffix.count)
        break
      }
      let pieces = digits.split(separator: ":", omittingEmptySubsequences: false)
      return (1...2).contains(pieces.count) && (1...2).contains(pieces[0].count)
        && pieces.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isDigit) } && (pieces.count == 1 || pieces[1].count == 2)
    }
    // "mon-fri": two weekdays.
    if TimeWords.weekdays[String(before)] != nil, TimeWords.weekdays[String(after)] != nil { return dash }
    return end(before) && end(after) ? dash : nil
  }

  /// The character offsets inside a pair of quotes: double quotes (straight or curly) that close, or single
  /// quotes that open a word and close one. An unclosed quote protects nothing.
  static func quotedOffsets(_ characters: [Character]) -> Set<Int> {
    var quoted: Set<Int> = []
    // Most lines have no quotes at all.
    guard characters.contains(where: allQuotes.contains) else { return quoted }
    var open: Int?
    for (offset, character) in characters.enumerated() where doubleQuotes.contains(character) {
      if let start = open {
        quoted.formUnion(start...offset)
        open = nil
      } else {
        open = offset
      }
    }
    open = nil
    for (offset, character) in characters.enumerated() where singleQuotes.contains(character) {
      let before = offset == 0 || characters[offset - 1].isWhitespace
      let after = offset == characters.count - 1 || characters[offset + 1].isWhitespace
      if before, open == nil {
        open = offset
      } else if after, let start = open {
        quoted.formUnion(start...offset)
        open = nil
      }
    }
    return quoted
  }

  static let doubleQuotes: Set<Character> = ["\"", "“", "”"]
  static let singleQuotes: Set<Character> = ["'", "‘", "’"]
  static let allQuotes = doubleQuotes.union(singleQuotes)
  /// What a word may open with and close with that is not part of it.
  static let openers: Set<Character> = ["(", "\"", "'", "“", "‘", "["]
  static let closers: Set<Character> = [",", ";", ":", "!", "?", ")", "\"", "'", "”", "’", "]", "."]

}
