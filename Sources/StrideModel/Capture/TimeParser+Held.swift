import Foundation

/// Words of a title that look like a time and were kept, on purpose, because they may well be something else: a
/// short day word that is also a name ("text tom 5pm"), a weekday that carries on a name ("watch sunday best
/// episode 3"), a length of time alone ("rest 5 days"). A capture names them in its reply, with what to write for
/// a time, so no day is ever left silently and no name ever silently becomes one.
extension TimeParser {
  /// A word kept in the title, where it stands in the text, and why.
  public struct Held: Equatable, Sendable {
    public var range: Range<Int>
    public var text: String
    public var reason: String
  }

  /// The words of `text` outside `read` (the character ranges a capture already read) that could have been a time
  /// and were kept. `timeRead`: the line gave a due or start time, so a length of time in it needs no word.
  public func held(in text: String, read: [Range<Int>], timeRead: Bool) -> [Held] {
    held(in: text, chunks: Chunk.split(text), read: read, timeRead: timeRead)
  }

  /// `held` on the words of `text` already cut (`Chunk.split(text)`).
  func held(in text: String, chunks: [Chunk], read: [Range<Int>], timeRead: Bool) -> [Held] {
    let scan = Scan(parser: self, chunks: chunks, careful: true)
    var found: [Held] = []
    var index = 0
    // Keeps the words from `index` to `end` (exclusive), and goes on after them.
    func hold(to end: Int, _ reason: String) {
      let range = chunks[index].range.lowerBound..<chunks[end - 1].range.upperBound
      found.append(Held(range: range, text: Self.text(text, range), reason: reason))
      index = end
    }
    // The first word not already read: a time that opens the line may name the thing rather than the day.
    let opening = chunks.indices.first { !read.contains(where: chunks[$0].range.overlaps) }
    while index < chunks.count {
      let chunk = chunks[index]
      guard !chunk.protected, !read.contains(where: { $0.overlaps(chunk.range) }) else {
        index += 1
        continue
      }
      if let (end, reason) = besideRead(at: index, scan: scan, read: read) {
        hold(to: end, reason)
      } else if let days = TimeWords.nameDayWords[chunk.word], scan.shortDay(at: index) == .unsure {
        let day = days == 0 ? "today" : "tomorrow"
        hold(to: index + 1, "it may be a name or \(day); for the day, write \(day)")
      } else if TimeWords.weekdays[chunk.word] != nil, let phrase = scan.expression(at: index, marked: false),
        phrase.first == index,
        (phrase.end == index + 1 && scan.carriesOnName(phrase) && !scan.describesNext(phrase)
          && !scan.namesTopic(phrase)) || scan.capitalisedName(phrase)
      {
        hold(to: phrase.end, "it may be part of a name; for a date, write on \(chunk.word) or put the day at the end")
      } else if chunk.capitalised, let phrase = scan.expression(at: index, marked: false), phrase.first == index,
        phrase.end - index >= 3, scan.capitalisedName(phrase)
      {
        hold(
          to: phrase.end, "in capitals inside a line it may be a title or a name; for a date, write it in small letters"
        )
      } else if let (end, day) = negativeLength(at: index, scan: scan) {
        hold(
          to: end,
          "a length with a minus is a time already past, which Stride does not store; for that day, write its date (\(day))"
        )
      } else if let (end, reason) = heldFigure(at: index, scan: scan) {
        hold(to: end, reason)
      } else if let reason = figureReason(chunk.word, at: index, scan: scan, read: read) {
        hold(to: index + 1, reason)
      } else if let (end, reason) = lengthReason(at: index, text: text, scan: scan, read: read, timeRead: timeRead) {
        hold(to: end, reason)
      } else if index == opening, let (end, reason) = openingPhrase(at: index, text: text, scan: scan, read: read) {
        hold(to: end, reason)
      } else {
        index += 1
      }
    }
    return found
  }

  /// A length of time at `index` that was not read, where it ends and why it is named: alone, it is no date ("call
  /// bob 2 weeks"); before "before" or "after" in a line that names a time, it counts from something not read, so the
  /// due is that time ("prep slides 2 days before the talk on friday").
  private func lengthReason(
    at index: Int, text: String, scan: Scan, read: [Range<Int>], timeRead: Bool
  ) -> (Int, String)? {
    let chunks = scan.chunks
    guard let (range, end) = length(at: index, scan: scan, read: read) else { return nil }
    let words = Self.text(text, range).lowercased()
    guard timeRead else { return (end, "a length of time is not a date; to be due then, write in \(words)") }
    guard end < chunks.count, ["before", "after", "prior"].contains(chunks[end].word) else { return nil }
    return (
      end,
      "it counts from something that is not read as a time, so the due is the time the line names; for \(words) "
        + (chunks[end].word == "prior" ? "prior to" : chunks[end].word) + " it, write that day"
    )
  }

  /// A length of time with a minus sign at `index` ("in -3 days", "-2 weeks", "-3d"), which Stride does not read as a
  /// day past: where it ends, and the day it would have been, said in full.
  private func negativeLength(at index: Int, scan: Scan) -> (Int, String)? {
    let lead = ["in", "within"].contains(scan.chunks[index].word) ? index + 1 : index
    guard let word = scan.word(lead), word.count > 1, word.hasPrefix("-"),
      word.dropFirst().first?.isNumber == true || TimeWords.amounts[String(word.dropFirst())] != nil,
      let (amounts, end) = scan.amounts(at: lead, signed: true)
    else { return nil }
    let day = scan.shifted(today, amounts, sign: -1)
    let time = HumanTime(now: reference, timeZone: calendar.timeZone)
    return (end, time.fullDay(calendar.date(day, .startOfDay)))
  }

  /// A length of time alone at `index`, in days or longer ("5 days", "4d", "3 weeks"), and the index after it; nil
  /// for one that names a thing ("the 12 days of christmas") and for one that a capture read.
  private func length(at index: Int, scan: Scan, read: [Range<Int>]) -> (Range<Int>, Int)? {
    let chunks = scan.chunks
    guard chunks[index].word.first?.isNumber == true || TimeWords.amounts[chunks[index].word] != nil,
      index == 0 || !["in", "within"].contains(chunks[index - 1].word),
      let (amounts, end) = scan.amounts(at: index),
      !read.contains(where: { $0.overlaps(chunks[index].range.lowerBound..<chunks[end - 1].range.upperBound) })
    else { return nil }
    let words = chunks[index..<end].map(\.word)
    // Only days or longer: "5 minutes slow", "set the timeout to 30 seconds" and "rest 2 hours after the run" say
    // how long, and are never meant as a date ("20m" is often metres, "18s" a size).
    // A line that is nothing but such a length ("30 mins", "2h") is named all the same: nothing else is meant.
    let alone = index == 0 && end == chunks.count
    if !alone, amounts.contains(where: { if case .seconds = $0.1 { true } else { false } }) { return nil }
    // "the 12 days of christmas", "my 30 days": a length after a determiner, or before "of", names a thing.
    if index > 0, TimeWords.determiners.contains(chunks[index - 1].word) { return nil }
    if end < chunks.count, chunks[end].word == "of" { return nil }
    // "a" and "an" alone are articles ("a day out").
    if ["a", "an"].contains(words[0]), amounts.count == 1, words.count == 2 { return nil }
    // "a 30 day challenge", "the 3 day stew": a length before a noun describes it.
    if words.count == 2, amounts.count == 1, amounts[0].0 != 1, !words[1].hasSuffix("s") { return nil }
    return (chunks[index].range.lowerBound..<chunks[end - 1].range.upperBound, end)
  }

  /// Why a day and month in figures that was not read is named: it ends the line or follows a marker ("pay rent
  /// 3/4", "on 3/4"), and it reads two ways with no locale to choose ("3 April or 4 March"). A fraction alone
  /// ("add 1/2") is no date and is not named.
  private func figureReason(_ word: String, at index: Int, scan: Scan, read: [Range<Int>]) -> String? {
    let before = index > 0 ? scan.chunks[index - 1].word : ""
    if TimeWords.countWords.contains(before) { return nil }
    let marked = TimeWords.dueMarkers.contains(before) || TimeWords.startMarkers.contains(before) || before == "on"
    // "flight 12/3 8:40am": beside a time that was read, the figures are its day, and that time alone is today's.
    let besideTime =
      index + 1 < scan.chunks.count && !scan.chunks[index].punctuated
      && read.contains(where: scan.chunks[index + 1].range.overlaps)
      && (scan.chunks[index + 1].word.startsWithDigit || ["at", "@"].contains(scan.chunks[index + 1].word))
    // Beside a time only as a date is written, each part in two figures ("10.12 at 3pm"), not a weight or a
    // version ("weigh 3.5 at 7am", "upgrade to 1.12 at 3pm").
    let dayLike = word.split(separator: ".").allSatisfy { $0.count == 2 }
    if marked || (besideTime && dayLike), let reason = dottedDayReason(word) { return reason }
    let parts = word.split(separator: "/", omittingEmptySubsequences: false)
    guard dateOrder == .unknown, parts.count == 2,
      let readings = Scan.numericReadings(word, parser: self), let dayFirst = readings.0,
      let monthFirst = readings.1, dayFirst != monthFirst
    else { return nil }
    let ends = index + 1 == scan.chunks.count || scan.chunks[index].punctuated
    guard marked || ends || besideTime else { return nil }
    if !marked, Scan.isFraction(parts) { return nil }
    let time = HumanTime(now: reference, timeZone: calendar.timeZone)
    let (one, other) = (
      time.fullDay(calendar.date(dayFirst, .startOfDay)), time.fullDay(calendar.date(monthFirst, .startOfDay))
    )
    return "it could be \(one) or \(other); write the month as a word (\(Self.short(dayFirst)) or "
      + "\(Self.short(monthFirst))), or set LC_TIME to your locale"
  }

  /// "meeting on 3.12 at 10": two figures joined by a dot, which Stride reads as a number (a price, a version), after
  /// "on" or beside a time may be a day as much of Europe writes it; named with how to write the day.
  private func dottedDayReason(_ word: String) -> String? {
    let parts = word.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isNumber) }),
      let first = Int(parts[0]), let second = Int(parts[1])
    else { return nil }
    let readings = [upcoming(month: second, day: first), upcoming(month: first, day: second)].compactMap { $0 }
    guard !readings.isEmpty else { return nil }
    let written = readings.map(Self.short).joined(separator: " or ")
    return "it may be a number or a day; for the day, write the month as a word (\(written))"
  }

  private static func short(_ day: CivilDate) -> String {
    let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    return "\(day.day) \(months[day.month - 1])"
  }

  private static func text(_ text: String, _ range: Range<Int>) -> String {
    String(Array(text)[range])
  }
}
