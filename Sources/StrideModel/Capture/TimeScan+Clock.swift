import Foundation

/// Times of day: "5pm", "17:00", "16h30", "at 5", "half past 4", "10 to 6".
extension Scan {
  /// "5pm", "5:30pm", "5 pm", "5:30 p.m.", "330 p.m.", "17:00", "17:00:30", "16h", "16h30", "at 5", "5 o'clock",
  /// "3 in the afternoon", "3:20 in the AM", "10 at night".
  /// `afterDay`: right after a word that names a day, where a bare hour is read too ("tmrw 9").
  func clockPiece(_ word: String, _ index: Int, afterAt: Bool, afterDay: Bool = false) -> (Piece, Int, Bool)? {
    // "six in the morning", "at seven", "four pm": an hour in words reads as its digits (after a day only in digits:
    // "monday one on one" is a meeting).
    if let hour = TimeWords.hourWords[word] { return hourInWords(hour, index, afterAt: afterAt) }
    // Every other clock time starts with a figure.
    guard word.startsWithDigit else { return nil }
    if let clock = Scan.militaryClock(word) { return (.clock(clock, loose: false), index + 1, false) }
    if word.utf8.contains(UInt8(ascii: "h")), let mark = word.firstIndex(of: "h"), word.startsWithDigit {
      // "16h", "16h30": an hour as Europe writes it; alone in a title a length, but beside "9h30" in a range.
      guard let (clock, alone) = Self.hourMark(word, at: mark) else { return nil }
      return (.clock(clock, loose: false), index + 1, alone && !besideMinutes(index))
    }
    var (text, meridiem) = Self.meridiemSuffix(word)
    // "3.30pm", "3.30 p.m.": with am or pm, a dot may stand for the colon; so it may after "at" ("at 12.30"),
    // inside a title where the phrase ends, so "at 12.50 each" stays a price.
    let dotted =
      text.contains(".")
      && (meridiem != nil || self.word(index + 1).map(TimeWords.meridiems.keys.contains) == true
        || (afterAt && Self.dottedClock(text) && (!careful || endsDate(at: index))))
    let parts = text.split(separator: dotted ? "." : ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isDigit) })
    else { return nil }
    var numbers = parts.compactMap { Int($0) }
    var position = index + 1
    var partNamed = false
    if meridiem == nil, self.word(position) != nil {
      if let (named, after) = meridiemWords(at: position) {
        meridiem = named
        position = after
      } else if parts.count == 1, parts[0].count <= 2, let found = oClock(numbers[0], at: position) {
        return found
      } else if let (named, after) = dayPartAfterClock(at: position, hour: numbers[0]) {
        meridiem = named
        position = after
        partNamed = true
      }
    }
    if parts.count == 1, parts[0].count > 2 {
      // "330pm", "1130 a.m.": hours and minutes without a colon, only with am or pm.
      guard meridiem != nil, parts[0].count <= 4 else { return nil }
      numbers = [numbers[0] / 100, numbers[0] % 100]
    } else if parts.contains(where: { $0.count > 2 }) || (parts.count > 1 && parts[1].count != 2) {
      return nil
    }
    let minute = numbers.count > 1 ? numbers[1] : 0
    let second = numbers.count > 2 ? numbers[2] : 0
    if let meridiem {
      guard (1...12).contains(numbers[0]),
        let clock = ClockTime(hour: numbers[0] % 12 + (meridiem == "p" ? 12 : 0), minute: minute, second: second)
      else { return nil }
      // "take 2 in the morning": a bare number with a day part after it needs "at" inside a title, unless it leads
      // the line ("6 in the morning gym"), which says when first, as people jot it.
      let bare = partNamed && parts.count == 1 && parts[0].count <= 2
      return (.clock(clock, loose: false), position, bare && !afterAt && index > 0)
    }
    if numbers.count == 1 { return bareHour(numbers[0], position, afterAt: afterAt, afterDay: afterDay) }
    guard let clock = ClockTime(hour: numbers[0], minute: minute, second: second) else { return nil }
    // "3:20" may be moved by a day part ("3:20 this afternoon"); "03:20" and "15:20" are as written.
    return (.clock(clock, loose: clock.hour < 12 && parts[0].first != "0"), position, false)
  }

  /// "at seven", "six in the morning": an hour in words, read as its digits. "seven thirty", "at three twenty",
  /// "ten fifteen pm", "four twenty-three am", "nine oh five": an hour and its minutes in words, read as "7:30".
  /// Those inside a title only before am or pm, or after "at" where the phrase ends: two number words there are
  /// more often counts ("seven thirty-minute calls", "at ten fifteen each").
  private func hourInWords(_ hour: Int, _ index: Int, afterAt: Bool) -> (Piece, Int, Bool)? {
    guard let first = word(index + 1) else { return clockPiece(String(hour), index, afterAt: afterAt) }
    var last = index + 1
    var minutes = TimeWords.clockMinutes[first]
    if let second = word(index + 2), let joined = TimeWords.clockMinutes[first + "-" + second] {
      minutes = joined
      last = index + 2
    }
    let marked = meridiemWords(at: last + 1) != nil
    guard let minutes, minutes >= 10 || last == index + 2, marked || !careful || (afterAt && endsDate(at: last))
    else { return clockPiece(String(hour), index, afterAt: afterAt) }
    let text = "\(hour):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    return clockPiece(text, last, afterAt: afterAt)
  }

  /// am or pm as words of their own at `index` ("pm", "p.m.", and "a m" as some type what they say): which it is,
  /// and where the words end.
  func meridiemWords(at index: Int) -> (Character, Int)? {
    guard let first = word(index) else { return nil }
    if let named = TimeWords.meridiems[first] { return (named, index + 1) }
    guard ["a", "p"].contains(first), word(index + 1) == "m" else { return nil }
    return (first == "a" ? "a" : "p", index + 2)
  }

  /// "5 o'clock", "5 oclock", "5 o clock", "3 o'clock pm": the hour said before the words at `index`.
  private func oClock(_ hour: Int, at index: Int) -> (Piece, Int, Bool)? {
    guard let next = word(index), next == "o'clock" || next == "oclock" || (next == "o" && word(index + 1) == "clock")
    else { return nil }
    let position = index + (next == "o" ? 2 : 1)
    if let named = word(position).flatMap({ TimeWords.meridiems[$0] }), (1...12).contains(hour) {
      return (.clock(ClockTime(hour: hour % 12 + (named == "p" ? 12 : 0))!, loose: false), position + 1, false)
    }
    return (.hour(hour, minutes: 0), position, false)
  }

  /// Whether the word at `index` makes the number before it a count: a plural ("2 pizzas"), a word for people, or
  /// "1 on 1", "2 x 3", "3 of them", "2 per day".
  func countFollows(_ index: Int) -> Bool {
    guard let next = word(index) else { return false }
    return (next.count > 2 && next.hasSuffix("s")) || Self.countWords.contains(next)
  }

  private static let countWords: Set<String> = [
    "on", "x", "of", "per", "more", "people", "kids", "children", "men", "women", "persons",
  ]

  /// A bare number as an hour: only after "at" ("at 5"), right after a word that names a day ("tmrw 9", "fri 4"), or
  /// before "tonight" ("11 tonight"); inside a title a number before "tonight" is more often a count ("read chapter 4
  /// tonight"), so there it needs "at". A number that cannot be an hour ("tomorrow 25 chairs") is never one. After
  /// "at", two figures after it where the phrase ends are its minutes ("at 3 15").
  private func bareHour(_ hour: Int, _ position: Int, afterAt: Bool, afterDay: Bool = false) -> (Piece, Int, Bool)? {
    guard afterAt || afterDay || (!careful && word(position) == "tonight"), (0...23).contains(hour) else { return nil }
    // "tomorrow 5 to 6" says no hour on its own: the range has no am or pm to read it by.
    if afterDay, !afterAt, let next = word(position), TimeWords.rangeConnectors.contains(next) { return nil }
    // "at 12 elm road" is an address; "order tomorrow 9 eggs" a count. A line that starts with its day and hour
    // ("tmrw 9 call mum") says when first, as people jot it.
    if afterDay, !afterAt, countFollows(position) { return nil }
    // "a table at 8-10 people": a range of a count.
    if let next = word(position), TimeWords.rangeConnectors.contains(next), countFollows(position + 2) { return nil }
    // "after 10 walk the dog": a marked hour that opens the line says when first too.
    // "after 10-11 call", "by 5-6": a range of two bare hours after a marker other than "at" says no hour on its
    // own (it is named), never the start alone with "-11" left in the title.
    if afterAt, let next = word(position), TimeWords.rangeConnectors.contains(next),
      let marker = position >= 2 ? word(position - 2) : nil, !["at", "@"].contains(marker)
    {
      return nil
    }
    let leadsLine = position == 2 && (afterDay && !afterAt || afterAt && markerOpensLine && !countFollows(position))
    // "at 3 15", "at 12 45", "at 7 15 pm": the minutes as a word of their own, after "at" and where the phrase
    // ends.
    if afterAt, let minutes = word(position), minutes.count == 2, minutes.allSatisfy(\.isDigit),
      let clock = ClockTime(hour: hour, minute: Int(minutes)!)
    {
      if let (named, after) = meridiemWords(at: position + 1), (1...12).contains(hour) {
        return (
          .clock(ClockTime(hour: hour % 12 + (named == "p" ? 12 : 0), minute: clock.minute)!, loose: false), after,
          false
        )
      }
      if !careful || endsDate(at: position) { return (.clock(clock, loose: hour < 12), position + 1, false) }
    }
    if careful, !leadsLine, !endsDate(at: position - 1), !afterOpeningDay(hourAt: position - 1, afterAt: afterAt) {
      return nil
    }
    return (.hour(hour, minutes: 0), position, false)
  }

  /// Whether the hour at `index` follows a day, or "at", that opens the line: "monday at 9 meet bob", "next monday
  /// at 9 meet", "at 5 pick up the kids" (what is left of "every night at 11 read" once its rule is read). The line
  /// says when first, as people jot it; a count after it ("tmrw at 9 eggs") is still a count.
  private func afterOpeningDay(hourAt index: Int, afterAt: Bool) -> Bool {
    guard afterAt, index >= 1, ["at", "@"].contains(word(index - 1) ?? ""), word(index)?.startsWithDigit == true,
      !countFollows(index + 1)
    else { return false }
    if index == 1 { return true }
    // Read on the words before "at" alone: a piece that reads a phrase after it ("week of …") cannot come back to
    // this hour and ask again.
    var before = Scan(parser: parser, chunks: Array(chunks[..<(index - 1)]), careful: careful)
    before.aheadOnly = aheadOnly
    guard let (piece, end, _) = before.piece(at: 0, afterAt: false, marked: false), end == index - 1 else {
      return false
    }
    switch piece {
    case .day, .date, .weekday: return true
    default: return false
    }
  }

  /// "12.30", "9.05": one or two figures, a dot, two figures.
  static func dottedClock(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 2 && (1...2).contains(parts[0].count) && parts[1].count == 2
  }

  /// "16h", "16h30": the time, and whether the hour stands alone (then it could be a length).
  static func hourMark(_ word: String, at mark: String.Index) -> (ClockTime, alone: Bool)? {
    let hours = word[..<mark]
    let minutes = word[word.index(after: mark)...]
    guard (1...2).contains(hours.count), hours.allSatisfy(\.isDigit),
      minutes.isEmpty || (minutes.count == 2 && minutes.allSatisfy(\.isDigit)),
      let clock = ClockTime(hour: Int(hours)!, minute: Int(minutes) ?? 0)
    else { return nil }
    return (clock, minutes.isEmpty)
  }

  /// A word without the am or pm written onto its digits ("5pm", "5:30p.m."), and which it was (`a` or `p`).
  static func meridiemSuffix(_ word: String) -> (String, Character?) {
    for suffix in ["a.m.", "p.m.", "a.m", "p.m", "am", "pm", "a", "p"] where word.hasSuffix(suffix) {
      let stem = word.dropLast(suffix.count)
      guard let last = stem.last, last.isDigit else { continue }
      return (String(stem), suffix.first)
    }
    return (word, nil)
  }

  /// "in the morning", "in the AM", "in afternoon", "at night" after a clock time: its am or pm.
  func dayPartAfterClock(at index: Int, hour: Int) -> (Character, Int)? {
    guard let first = word(index), first == "in" || first == "at" else { return nil }
    let position = word(index + 1) == "the" ? index + 2 : index + 1
    guard let part = word(position) else { return nil }
    switch part {
    case "morning" where first == "in": return ("a", position + 1)
    case "afternoon" where first == "in", "evening" where first == "in": return ("p", position + 1)
    case "night": return (hour >= 6 && hour != 12 ? "p" : "a", position + 1)
    default:
      guard first == "in", position == index + 2, let named = TimeWords.meridiems[part] else { return nil }
      return (named, position + 1)
    }
  }

  /// "a quarter past 1pm", "half past nine", "twenty to 6", "quarter to noon", "ten after 5", "10 minutes to
  /// midnight": minutes before or after an hour. A bare number ("5 to 6") needs "at" inside a title: it may be a
  /// score.
  func pastToPiece(_ word: String, _ index: Int, afterAt: Bool) -> (Piece, Int, Bool)? {
    // "half 5": half past, as much of Britain says it (in a title after "at").
    if word == "half", afterAt || !careful, let next = self.word(index + 1),
      next.allSatisfy(\.isDigit) || TimeWords.hourWords[next] != nil,
      case (.hour(let hour, 0), let end, _)? = clockPiece(next, index + 1, afterAt: true)
    {
      return (.hour(hour, minutes: 30), end, false)
    }
    var position = word == "a" ? index + 1 : index
    guard let amount = self.word(position), word != "a" || amount == "quarter" else { return nil }
    var minutes: Int
    var plain = false
    if let value = TimeWords.minuteWords[amount] {
      minutes = value
    } else if amount.count <= 2, let value = Int(amount), (1...59).contains(value) {
      minutes = value
      plain = true
    } else {
      return nil
    }
    position += 1
    if let unit = self.word(position), ["minutes", "minute", "mins", "min"].contains(unit) {
      position += 1
      plain = false
    }
    guard let direction = self.word(position), ["past", "after", "to", "till", "til"].contains(direction),
      amount != "half" || direction == "past", !(careful && plain && !afterAt), let hourWord = self.word(position + 1)
    else { return nil }
    if ["to", "till", "til"].contains(direction) {
      // "9 to 5", "10 to 11": two hours, a range to most people; in figures, only minutes that are no hour ("20 to
      // 5") are read as minutes to the hour.
      guard !(plain && minutes <= 12) else { return nil }
      minutes = -minutes
    }
    func shifted(_ clock: ClockTime) -> ClockTime {
      let total = (clock.hour * 60 + clock.minute + minutes + 1440) % 1440
      return ClockTime(hour: total / 60, minute: total % 60)!
    }
    switch hourWord {
    case "noon", "midday": return (.clock(shifted(ClockTime(hour: 12)!), loose: false), position + 2, false)
    case "midnight": return (.clock(shifted(.startOfDay), loose: false), position + 2, false)
    default: break
    }
    switch clockPiece(hourWord, position + 1, afterAt: true) {
    case (.hour(let hour, 0), let end, _)?: return (.hour(hour, minutes: minutes), end, false)
    case (.clock(let clock, _), let end, _)? where clock.minute == 0:
      return (.clock(shifted(clock), loose: false), end, false)
    default: return nil
    }
  }

  /// "at 1030", "around 1745": four figures on a 24-hour clock after "at", "around" or "approximately", where the
  /// whole text is a time (in a title "sell the bike at 1500" is a price). In a title, four figures that start
  /// with a nought are a clock after "at" or beside a day ("flight at 0630", "gym 0700 tomorrow"): no price or
  /// count is written so.
  func fourFigureClock(_ word: String, _ index: Int, afterAt: Bool) -> (Piece, Int, Bool)? {
    guard word.utf8.count == 4, word.allSatisfy(\.isDigit), let number = Int(word),
      afterAt || (index > 0 && TimeWords.approximately.contains(chunks[index - 1].word))
        || isDayWord(at: index - 1, marked: false) || isDayWord(at: index + 1, marked: false),
      !careful || word.utf8.first == UInt8(ascii: "0"),
      let clock = ClockTime(hour: number / 100, minute: number % 100)
    else { return nil }
    return (.clock(clock, loose: false), index + 1, false)
  }

  /// Whether an hour mark alone at `index` is one end of a range whose other end has its minutes ("9h30-11h",
  /// "15h-18h30"): then both are clock times. Two alone ("5h-6h") may be a length, as one alone may.
  private func besideMinutes(_ index: Int) -> Bool {
    func withMinutes(_ at: Int) -> Bool {
      guard at >= 0, at < chunks.count, let mark = chunks[at].word.firstIndex(of: "h") else { return false }
      return Self.hourMark(chunks[at].word, at: mark)?.alone == false
    }
    let connector = { (at: Int) in at >= 0 && at < chunks.count && TimeWords.rangeConnectors.contains(chunks[at].word) }
    return (connector(index - 1) && withMinutes(index - 2)) || (connector(index + 1) && withMinutes(index + 2))
  }
}
