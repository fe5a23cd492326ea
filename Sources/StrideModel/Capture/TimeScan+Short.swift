import Foundation

/// The short day words that are also names ("tom", "tod"), weekdays that carry on a name ("watch sunday best
/// episode 3"), and the words around a day that say which one ("tue in 2 weeks", "the day after tomorrow").
extension Scan {
  /// What a short day word that is also a name stands for where it is.
  enum ShortDay {
    /// A day: "pay rent tom 5pm", "water the plants tom", "due tom".
    case day
    /// A name, plainly: "call tom", "dinner with tom", "email Tom the slides".
    case name
    /// Either: the words stay in the title and the reply names them ("peeping tom film night", "text tom 5pm").
    case unsure
  }

  /// Today and tomorrow in any of their short forms ("2day", "tmw", "2moro"), and "tom" and "tod" where a day
  /// stands; nil for any other word, and for "tomorrow" in a name where "the day after tomorrow" was not read.
  func shortDayPiece(_ word: String, _ index: Int) -> (Piece, Int, Bool)? {
    let today = parser.today
    if TimeWords.todayWords.contains(word) { return (.day(today), index + 1, false) }
    if TimeWords.tomorrowWords.contains(word) {
      // "watch the day after tomorrow film": the words of a name ("2 day after tomorrow" counts days).
      if careful, index >= 2, ["after", "before"].contains(chunks[index - 1].word), chunks[index - 2].word == "day",
        index == 2 || amountAndUnit(at: index - 3, signed: false) == nil
      {
        return nil
      }
      return (.day(today.adding(days: 1)), index + 1, false)
    }
    // "tom" and "tod" are names too: a day only where a day stands ("pay rent tom 5pm", not "call tom").
    guard let days = TimeWords.nameDayWords[word], shortDay(at: index) == .day else { return nil }
    return (.day(today.adding(days: days)), index + 1, false)
  }

  /// Whether "tom" or "tod" at `index` is a day or a name. A day where a day stands and a name cannot: beside a
  /// clock time or a time of day ("tom 5pm", "5pm tom", "tom morning"), after "due", "until" or "on" where the
  /// phrase ends, or as the last word after a thing ("water the plants tom"). A name after a word that takes a
  /// person ("call tom", "with tom", "tom and jerry") or written with a capital in the middle of a line ("email
  /// Tom"). Where a name and a time meet ("text tom 5pm", "meet Tom at 5pm") the word stays and is named, and the
  /// time is read alone.
  func shortDay(at index: Int) -> ShortDay {
    guard careful else { return .day }
    let chunk = chunks[index]
    let before = index > 0 && !chunks[index - 1].punctuated ? word(index - 1) : nil
    let timeAfter = !chunk.punctuated && timeOfDayFollows(index + 1)
    let timeBefore = before != nil && timeOfDayEnds(at: index - 1)
    let ends = index + 1 == chunks.count || chunk.punctuated || word(index + 1) == "then"
    if let next = word(index + 1), !chunk.punctuated, ["and", "&", "or", "n"].contains(next) { return .name }
    if chunk.capitalised, index > 0 { return timeAfter || timeBefore ? .unsure : .name }
    if let before, TimeWords.personWords.contains(before) {
      // "submit it by tom 5pm" is a deadline; "signed by tom" a name; "by tom" alone either.
      if before == "by" { return timeAfter ? .day : ends ? .unsure : .name }
      return timeAfter || timeBefore ? .unsure : .name
    }
    if timeAfter || timeBefore { return .day }
    if let before, TimeWords.eitherWords.contains(before) { return .unsure }
    if let before, TimeWords.shortDayMarkers.contains(before) { return ends ? .day : .unsure }
    return ends && before != nil ? .day : .unsure
  }

  /// Whether a time of day without a day starts at `index`: "5pm", "at 4", "morning", "eod".
  private func timeOfDayFollows(_ index: Int) -> Bool {
    guard index < chunks.count, let phrase = expression(at: index, marked: true) else { return false }
    return phrase.dayless || (phrase.day == nil && endOfDayWords(at: index) != nil)
  }

  /// Whether the word at `index` ends a time of day: "5pm tom", "at 5 tom", "noon tom".
  private func timeOfDayEnds(at index: Int) -> Bool {
    guard let word = word(index) else { return false }
    if TimeWords.dayParts[word] != nil || word == "midnight" { return true }
    let afterAt = index > 0 && ["at", "@"].contains(self.word(index - 1) ?? "")
    guard let (piece, _, _) = clockPiece(word, index, afterAt: afterAt) else { return false }
    if case .clock = piece { return word.contains(where: \.isLetter) || word.contains(":") || afterAt }
    return afterAt
  }

  /// Whether a lone weekday in the middle of a title carries on a name rather than saying when: "watch sunday
  /// best episode 3", "read Sunday Best". It does when words follow it that are no part of a time and do not end
  /// a phrase (a joining word, a marker, "about"). A weekday that starts the line ("monday email the
  /// accountant"), follows "on", ends the line or a clause, or has a time beside it says when.
  func carriesOnName(_ phrase: Phrase) -> Bool {
    guard careful, phrase.day != nil, phrase.end - phrase.first == 1, phrase.first > 0,
      TimeWords.weekdays[chunks[phrase.first].word] != nil, !chunks[phrase.first].punctuated,
      !chunks[phrase.first - 1].punctuated, let next = word(phrase.end)
    else { return false }
    let joining =
      TimeWords.phraseFollowers.contains(next) || TimeWords.joiners.contains(next)
      || TimeWords.dueMarkers.contains(next) || TimeWords.startMarkers.contains(next)
      || TimeWords.topicWords.contains(next) || TimeWords.innerMarkers[next] != nil
    // "invite monday 3 people": a number after it is no name.
    return !joining && next.first?.isNumber != true && !endsDate(at: phrase.first)
  }

  /// Whether a phrase in the middle of a line is written with capitals, as the words of a name are, and a
  /// capitalised word follows it: "watch Sunday Night Football", "read Sunday Best", "Monday Night Raw recap". A
  /// name, not a time.
  func capitalisedName(_ phrase: Phrase) -> Bool {
    // "watch The Day After Tomorrow", "read Five Weeks From Now": three or more capitalised words inside a line
    // whose word before is not are a title's, whatever follows.
    var lead = phrase.first
    if lead > 0, chunks[lead - 1].word == "the", chunks[lead - 1].capitalised { lead -= 1 }
    if careful, lead > 0, phrase.end - lead >= 3, !chunks[lead - 1].capitalised,
      chunks[lead..<phrase.end].allSatisfy(\.capitalised)
    {
      return true
    }
    if careful, namedAfterTitle(phrase) { return true }
    // At the start of a line a capital is the sentence's: there two words of a name are needed ("Monday Night Raw").
    guard careful, phrase.first > 0 || phrase.end - phrase.first >= 2, phrase.end < chunks.count,
      phrase.first == 0 || !chunks[phrase.first - 1].punctuated,
      !chunks[phrase.end - 1].punctuated, chunks[phrase.end].capitalised,
      chunks[phrase.first..<phrase.end].allSatisfy(\.capitalised)
    else { return false }
    return true
  }

  /// "monday after next", "the friday after next": that weekday in the week after next; "tuesday week": a week
  /// after the coming Tuesday (where the phrase ends there, so "tuesday week planning" stays).
  func weekdayAfterNext(_ weekday: Int, at index: Int) -> (CivilDate, Int)? {
    if word(index) == "week", !careful || endsDate(at: index) {
      return (parser.upcoming(weekday).adding(days: 7), index + 1)
    }
    guard word(index) == "after", word(index + 1) == "next" else { return nil }
    return (parser.today.startOfWeek.adding(days: 14 + weekday - 1), index + 2)
  }

  /// The role a marker inside a phrase gives it: "tomorrow after lunch" is a start, "friday before noon" a due.
  /// A marker between a day and another ("the day after tomorrow", "2 days before friday", "monday after next")
  /// only counts the days.
  func innerRole(from first: Int, to end: Int) -> TimeParser.Role? {
    for index in first..<end {
      guard let role = TimeWords.innerMarkers[chunks[index].word] else { continue }
      // "monday after next", "the day after tomorrow": the marker only counts the days.
      if index + 1 < end, dayFollows(index + 1) || chunks[index + 1].word == "next" { continue }
      if index > 0, chunks[index - 1].word == "day" { continue }
      // "2 hours after 9am": a length before it moves the time.
      if (max(first, index - 2)..<index).contains(where: { amountAndUnit(at: $0, signed: false)?.2 == index }) {
        continue
      }
      return role
    }
    return nil
  }

  /// "tue in 2 weeks", "friday in a fortnight": that weekday in the week (Monday to Sunday) that holds the day so
  /// many weeks from today. Where the words after the weekday are not whole weeks, nil.
  func weekdayInWeeks(_ weekday: Int, at index: Int) -> (CivilDate, Int)? {
    guard ["in", "within"].contains(word(index) ?? ""), let (amounts, end) = amounts(at: index + 1) else {
      return nil
    }
    var days = 0.0
    for (amount, unit) in amounts {
      guard case .days(let length) = unit, length % 7 == 0 else { return nil }
      days += amount * Double(length)
    }
    guard days > 0, days.rounded() == days, Int(days) % 7 == 0 else { return nil }
    let week = parser.today.adding(days: Int(days)).startOfWeek
    return (week.adding(days: weekday - 1), end)
  }

  /// Whether a capitalised phrase closes a name begun by the capitalised words before it: a run that itself holds a
  /// day's name ("listen to Monday Monday", "play Sunday Bloody Sunday"), or one right after a word that takes a
  /// title ("listen to Manic Monday", "watch Freaky Friday"); or whether it opens a title right after such a word with
  /// more of the title after it ("read Tuesdays with Morrie"). "email Sarah Friday" is due Friday: a person's name
  /// before a day is no part of it, and "watch Friday" at the end of a line says when.
  func namedAfterTitle(_ phrase: Phrase) -> Bool {
    guard phrase.first > 0, chunks[phrase.first..<phrase.end].allSatisfy(\.capitalised) else { return false }
    var lead = phrase.first
    while lead > 1, chunks[lead - 1].capitalised, !chunks[lead - 1].punctuated, !chunks[lead - 1].protected {
      lead -= 1
    }
    let before = chunks[lead - 1].word
    let afterTitleWord =
      TimeWords.titleVerbs.contains(before) || (before == "to" && lead > 1 && chunks[lead - 2].word == "listen")
    guard lead < phrase.first else {
      return afterTitleWord && phrase.end < chunks.count && !chunks[phrase.end - 1].punctuated
    }
    let run = chunks[lead..<phrase.first].map(\.word)
    return afterTitleWord || run.contains { TimeWords.weekdays[$0] != nil || TimeWords.months[$0] != nil }
  }
}
