import Foundation
import StrideBase

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
    /// A range of whole days ("this month", "the weekend", "22-23 feb"), from its first day to the end of its last.
    public var wholeDays: Bool {
      if case .day = value, case .day? = end { true } else { false }
    }
    /// A sentence when the words name a weekday their date is not ("Tue, 10 January" when that is a Sunday):
    /// such a phrase is refused rather than one of the two guessed.
    public var contradiction: String?
    /// The convention the words were read by, where task apps differ ("early next week", "tue in 2 weeks"), as a
    /// clause for `stride when` to say after the reading.
    public var convention: String?
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

  /// Reads the whole text as one time (or a range of two); nil if any word is not part of it. `ahead`: the words
  /// name a time to come once (`stride when`, `--until`, `--due`, `--start`, `--at`, a capture's `due:`), so an hour
  /// without am or pm is read as a capture's line reads it (a morning hour that has passed today may be this
  /// evening's); without it the hour is as said, as a routine's hour (the same every day) and `--since` (which
  /// looks back) read it.
  public func parse(_ text: String, ahead: Bool = false) -> Match? {
    let chunks = Chunk.split(text)
    guard !chunks.isEmpty else { return nil }
    let scan = Scan(parser: self, chunks: chunks, careful: false, aheadOnly: ahead)
    var first = 0
    var role: Role?
    if let (markerRole, next) = scan.marker(at: 0) {
      role = markerRole
      first = next
    }
    // "around 3pm", "at about 3pm", "3pm approximately": about then, read as then.
    var last = chunks.count
    if first + 2 < last, chunks[first].word == "at", TimeWords.approximately.contains(chunks[first + 1].word) {
      first += 2
    } else if first + 1 < last, TimeWords.approximately.contains(chunks[first].word) {
      first += 1
    }
    if last - first > 1, TimeWords.approximately.contains(chunks[last - 1].word) { last -= 1 }
    // "4pm for 30 mins", "18th dec for 10 days": a time and how long it lasts.
    let lasting = scan.lasting(after: first, before: last)
    if let lasting { last = lasting.at }
    guard let (start, end) = scan.range(at: first, marked: true), (end ?? start).end == last,
      lasting == nil || end == nil
    else { return nil }
    let words = String(Array(text)[chunks[first].range.lowerBound...])
    var found = match(
      start, end, text: text, words: words, range: 0..<text.count, role: role, marked: role != nil,
      beforeDay: scan.leavesDayOut(from: 0, to: first))
    if let lasting {
      guard let last = self.end(of: found.value, lasting: lasting.amounts) else { return nil }
      found.end = last
    }
    found.convention = scan.convention(from: first, to: chunks.count) ?? start.passed.map(Scan.convention(of:))
    return found
  }

  /// Where a time that lasts so long ends: a day and whole days, weeks, months or years ("18th dec for 10 days" is
  /// the 18th to the 27th), or an instant and minutes or hours ("4pm for 30 mins" ends at 16:30); nil otherwise.
  private func end(of value: Value, lasting amounts: [(Double, RelativeUnit)]) -> Value? {
    var seconds = 0.0
    var days = 0
    var months = 0
    for (amount, unit) in amounts {
      switch unit {
      case .seconds(let length): seconds += amount * Double(length)
      case .days(let length) where amount.rounded() == amount: days += Int(amount) * length
      case .months(let length) where amount.rounded() == amount: months += Int(amount) * length
      default: return nil
      }
    }
    switch value {
    case .instant(let date) where days == 0 && months == 0 && seconds > 0:
      return .instant(date.addingTimeInterval(seconds))
    case .day(let day) where seconds == 0 && days + months > 0:
      return .day(day.adding(months: months).adding(days: days - 1))
    default: return nil
    }
  }

  /// Every time phrase in a title, left to right, without overlaps. Quoted text, URLs and e-mail addresses are
  /// left alone, and words that are only sometimes dates ("may", "sun", "13th") need a marker such as "by" or "on".
  /// `routine`: the line repeats, so an hour without am or pm is as said every day, never this evening's.
  public func find(in text: String, routine: Bool = false) -> [Match] {
    find(in: text, chunks: Chunk.split(text), routine: routine)
  }

  /// `find` on the words of `text` already cut (`Chunk.split(text)`): a capture cuts its line once.
  func find(in text: String, chunks: [Chunk], routine: Bool) -> [Match] {
    let scan = Scan(parser: self, chunks: chunks, careful: true, aheadOnly: !routine)
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
      // "movie night friday": the night is the occasion's; its day is read on its own.
      guard role != nil || !scan.namesOccasion(at: start),
        let (phrase, end) = scan.range(at: start, marked: role != nil)
      else {
        index += 1
        continue
      }
      let last = (end ?? phrase).end
      if role == nil, end == nil,
        scan.describesNext(phrase) || scan.namesTopic(phrase) || scan.carriesOnName(phrase)
          || scan.capitalisedName(phrase) || scan.countsDose(phrase)
      {
        // "book for monday meeting", "prep the friday standup", "email sara about friday": the day says which
        // occasion, or what the task is about; it stays.
        index = last
        continue
      }
      let marked = role != nil
      // "tomorrow after lunch": a marker inside the phrase says what it is for.
      if role == nil { role = scan.innerRole(from: phrase.first, to: last) }
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
          marked: marked && !scan.marksDue(from: index, to: start), beforeDay: scan.leavesDayOut(from: index, to: start)
        ))
      index = last
    }
    return matches
  }

  /// A match for a phrase read, and the end of its range; `words` is the phrase without its marker, for saying it.
  /// `marked`: a marker word came before it, which points at one day of a period ("by next week" is its Monday,
  /// "from next month" its 1st); "due" alone does not, so "due next month" is due at the month's end, as "next month"
  /// is. `beforeDay`: the marker was "before", so a day alone is left
  /// out ("before friday" is the end of Thursday).
  private func match(
    _ start: Scan.Phrase, _ end: Scan.Phrase?, text: String, words: String, range: Range<Int>, role: Role?,
    marked: Bool, beforeDay: Bool
  ) -> Match {
    var (start, end) = (start, end)
    if marked, start.period, let last = end {
      if day(of: start.value) <= today { start.value = last.value }
      end = nil
    }
    var value = start.value
    if beforeDay, end == nil, case .day(let day) = value {
      value = .instant(calendar.date(day.adding(days: -1), .endOfDay))
    }
    var match = Match(
      range: range, text: text, value: value, end: end.map { rangeEnd($0, after: start) },
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
        + "(\(Self.example(dayFirst)) or \(Self.example(monthFirst))) or as \(dayFirst), or set LC_TIME "
        + "to your locale (such as en_GB.UTF-8 or en_US.UTF-8)"
    }
    return nil
  }

  private static func example(_ day: CivilDate) -> String {
    let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    return "\(day.day) \(months[day.month - 1]) \(day.year)"
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

  /// The end of a range: a time alone ("9am to 5pm") falls on the first part's day, and one before the start
  /// ("10pm to 5am") on the day after, at that time on the clock of the zone it was read in.
  private func rangeEnd(_ end: Scan.Phrase, after start: Scan.Phrase) -> Value {
    guard case .instant(let endDate) = end.value, case .instant(let startDate) = start.value, endDate < startDate
    else { return end.value }
    let calendar = (end.zone ?? start.zone).map { LocalCalendar(timeZone: $0.timeZone) } ?? calendar
    return .instant(calendar.adding(days: 1, to: endDate))
  }

  // MARK: Resolving days and times

  /// The next day strictly after today with this ISO weekday (Stride's reading of a bare "friday").
  func upcoming(_ weekday: Int, includingToday: Bool = false) -> CivilDate {
    var days = (weekday - today.isoWeekday + 7) % 7
    if days == 0 && !includingToday { days = 7 }
    return today.adding(days: days)
  }

  /// The next whole hour at least an hour from now: "tonight" late at night.
  var comingHour: Date {
    let later = reference.addingTimeInterval(Seconds.hours(1))
    let clock = calendar.clock(of: later)
    let past = clock.minute * Seconds.perMinute + clock.second
    let hour = later.addingTimeInterval(Double(Seconds.perHour - past))
    return past == 0 ? later : Date(timeIntervalSince1970: hour.timeIntervalSince1970.rounded(.down))
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

  /// A day of the month alone: the next such day after today (skipping months too short for it); with an ISO
  /// `weekday`, the next such day that falls on it ("friday the 13th"), looked for over seven years.
  func upcoming(dayOfMonth: Int, weekday: Int? = nil) -> CivilDate? {
    guard (1...31).contains(dayOfMonth) else { return nil }
    for monthsAhead in 0...(weekday == nil ? 12 : 84) {
      let month = today.startOfMonth.adding(months: monthsAhead)
      if let date = CivilDate(year: month.year, month: month.month, day: dayOfMonth), date > today,
        weekday.map({ date.isoWeekday == $0 }) ?? true
      {
        return date
      }
    }
    return nil
  }
}
