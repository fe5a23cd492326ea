import Foundation

/// One pass of the time parser over the words of a text: finds the pieces of a time phrase and puts them together.
struct Scan {
  let parser: TimeParser
  let chunks: [Chunk]
  /// Inside a title: ordinary words that are only sometimes dates need a marker or a neighbour.
  let careful: Bool

  /// A part of a time phrase.
  enum Piece {
    case day(CivilDate)
    /// A day named by its weekday; an explicit date next to it wins ("Sunday, December 7, 2014").
    case weekday(CivilDate)
    /// A day with a time that a later clock time may replace ("tonight" 8pm, "this evening").
    case dayWithDefault(CivilDate, ClockTime, evening: Bool)
    case clock(ClockTime)
    /// An hour without am/pm ("at 5", "5 o'clock").
    case hour(Int)
    /// A time of day by name ("morning").
    case dayPart(ClockTime)
    case midnight
    case instant(Date)
  }

  func word(_ index: Int) -> String? {
    index < chunks.count && !chunks[index].protected ? chunks[index].word : nil
  }

  // MARK: Markers and expressions

  /// "by", "due", "due on", "after", "from", "not before": what the time that follows is for.
  func marker(at index: Int) -> (TimeParser.Role, Int)? {
    guard let first = word(index) else { return nil }
    if first == "not", word(index + 1) == "before" { return (.start, index + 2) }
    if first == "due", let next = word(index + 1), ["by", "on", "at", "before"].contains(next) {
      return (.due, index + 2)
    }
    if TimeWords.dueMarkers.contains(first) { return (.due, index + 1) }
    // "start of next week" is a time, not a marker.
    if TimeWords.startMarkers.contains(first), word(index + 1) != "of" { return (.start, index + 1) }
    return nil
  }

  /// The longest time phrase starting at `index`: its value, the first word that belongs to it (a leading "the"
  /// does not; a leading "on" or "at" does), and where it ends. A time without a day falls on `anchor` if given.
  func expression(at index: Int, marked: Bool, anchor: CivilDate? = nil) -> (TimeParser.Value, Int, Int)? {
    var position = index
    var first = index
    var day: CivilDate?
    var instant: Date?
    var clock: ClockTime?
    var hour: Int?
    var dayPart: ClockTime?
    var defaultTime: ClockTime?
    var evening = false
    var midnight = false
    var pieces = 0
    var lastJoiner: String?
    var risky = false
    var dayFromWeekday = false
    while position < chunks.count {
      var next = position
      var joiner: String?
      // Joining words count only when a piece follows them; "after" and "before" only once a day is there.
      while let word = word(next),
        TimeWords.joiners.contains(word) || (TimeWords.innerMarkers[word] != nil && day != nil && pieces > 0)
      {
        joiner = joiner.map { "\($0) \(word)" } ?? word
        next += 1
      }
      guard
        let (piece, after, pieceRisky) = self.piece(
          at: next,
          afterAt: joiner?.hasSuffix("at") ?? false
            || joiner?.hasSuffix("@") ?? false, marked: marked || joiner?.hasPrefix("on") == true || pieces > 0)
      else { break }
      let hasDay = day != nil || instant != nil
      let hasTime = clock != nil || hour != nil || dayPart != nil || midnight
      switch piece {
      case .day(let value):
        guard !hasDay || (dayFromWeekday && instant == nil) else { break }
        if hasDay { pieces -= 1 }
        day = value
        dayFromWeekday = false
      case .weekday(let value):
        guard !hasDay else { break }
        day = value
        dayFromWeekday = true
      case .dayWithDefault(let value, let time, let isEvening):
        guard !hasDay else { break }
        day = value
        defaultTime = time
        evening = isEvening
      case .instant(let value):
        guard !hasDay, !hasTime else { break }
        instant = value
      case .clock(let value):
        guard !hasTime, instant == nil else { break }
        clock = value
      case .hour(let value):
        guard !hasTime, instant == nil else { break }
        hour = value
      case .dayPart(let value):
        guard !hasTime, instant == nil else { break }
        dayPart = value
        evening = value.hour >= 17
      case .midnight:
        guard !hasTime, instant == nil else { break }
        midnight = true
      }
      let taken = [day != nil, instant != nil, clock != nil, hour != nil, dayPart != nil, midnight].count { $0 }
      guard taken > pieces else { break }
      if pieces == 0 {
        lastJoiner = joiner
        let leading = chunks[position..<next].map(\.word)
        first = leading.first.map(TimeWords.leadingJoiners.contains) == true ? position : next
      }
      pieces = taken
      risky = risky || pieceRisky
      position = after
    }
    guard pieces > 0 else { return nil }
    if careful {
      // A phrase made only of an ordinary-looking word ("sun", "13th", "morning") needs a marker or a partner.
      let joinedByOn = lastJoiner.map { $0.hasPrefix("on") || $0.hasPrefix("at") } ?? false
      if risky && pieces == 1 && !marked && !joinedByOn { return nil }
      if pieces == 1, dayPart != nil, lastJoiner == nil, !marked { return nil }
    }
    let end = position
    if let instant { return (.instant(instant), first, end) }
    let time: ClockTime? =
      if let clock { clock } else if let hour { Scan.clock(forHour: hour, evening: evening) } else { dayPart }
    if midnight {
      return (.instant(parser.calendar.date((day ?? anchor ?? parser.today).adding(days: 1), .startOfDay)), first, end)
    }
    if let day = day ?? (time != nil ? anchor : nil) {
      if let time = time ?? defaultTime { return (.instant(parser.calendar.date(day, time)), first, end) }
      return (.day(day), first, end)
    }
    guard let time else { return nil }
    return (.instant(parser.nextOccurrence(of: time)), first, end)
  }

  /// An hour said without am or pm: 1 to 6 mean the afternoon (people plan their waking hours), as does any
  /// hour in the evening ("11 tonight").
  static func clock(forHour hour: Int, evening: Bool) -> ClockTime {
    let value = (1...6).contains(hour) || (evening && hour < 12) ? hour + 12 : hour
    return ClockTime(hour: value % 24)!
  }

  // MARK: Pieces

  /// The piece at `index`, where it ends, and whether it is an ordinary-looking word.
  func piece(at index: Int, afterAt: Bool, marked: Bool) -> (Piece, Int, Bool)? {
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
    if let found = isoPiece(word, index) { return found }
    if let found = namedPiece(word, index, marked: marked) { return found }
    if let found = modifiedPiece(word, index) { return found }
    if let found = boundaryPiece(word, index) { return found }
    if let found = relativePiece(word, index, marked: marked) { return found }
    if let found = monthDayPiece(word, index, marked: marked) { return found }
    if let found = weekdayPiece(word, index) { return found }
    if let found = numericDatePiece(word, index, marked: marked) { return found }
    if let found = ordinalPiece(word, index, marked: marked) { return found }
    if let found = clockPiece(word, index, afterAt: afterAt) { return found }
    return nil
  }
}
