import Foundation

/// Words kept in a title beside what a capture read, or opening its line, that look like a time: named in the reply
/// with what to write, so no time word stays in a title without a word (`TimeParser.held`).
extension TimeParser {
  /// The words at `index` kept beside what was read, where they end and why: an end a range did not take ("party
  /// 9pm to 1"), a holiday naming a thing's occasion ("get mothers day card"), a figure after "at" or "around"
  /// ("call the bank at 1030", "call around 4").
  func besideRead(at index: Int, scan: Scan, read: [Range<Int>]) -> (Int, String)? {
    let chunks = scan.chunks
    let chunk = chunks[index]
    if TimeWords.rangeConnectors.contains(chunk.word), index > 0, index + 1 < chunks.count,
      read.contains(where: { $0.overlaps(chunks[index - 1].range) }), scan.word(index + 1)?.startsWithDigit == true,
      !read.contains(where: { $0.overlaps(chunks[index + 1].range) })
    {
      // "party 9pm to 1": an end the range reader did not take (past midnight, or no hour) is not dropped.
      return (index + 2, "the time before it was read, but not this end; write the end with am or pm, like 9pm to 1am")
    }
    if chunk.word == "or", index > 0, read.contains(where: { $0.overlaps(chunks[index - 1].range) }),
      index + 1 < chunks.count, !read.contains(where: { $0.overlaps(chunks[index + 1].range) }),
      let end = Scan(parser: self, chunks: chunks, careful: false).expression(at: index + 1, marked: true)?.end
        ?? (scan.word(index + 1).map { $0.startsWithDigit || ["next", "the", "this", "later"].contains($0) } == true
          ? index + 2 : nil)
    {
      // "pick up the dry cleaning tue or wed", "meet at 3 or 4", "call this week or next": the other choice is not
      // dropped.
      return (end, "the time before it was read, and a task keeps one; write the one you mean")
    }
    if index + 2 < chunks.count, chunks[index + 1].word == "or", read.contains(where: chunks[index + 2].range.overlaps),
      !chunks[index].punctuated,
      let phrase = Scan(parser: self, chunks: chunks, careful: false).expression(at: index, marked: true),
      phrase.first == index, phrase.end == index + 1
    {
      // "dentist 10th or 11th", "pay rent 1st or 2nd": the time after "or" was read, and this choice is not dropped.
      return (index + 2, "the time after it was read, and a task keeps one; write the one you mean")
    }
    if index > 0, !TimeWords.determiners.contains(chunks[index - 1].word), chunks[index - 1].word != "of",
      let (end, name) = scan.unreadHoliday(at: index), end < chunks.count, !chunks[end - 1].punctuated
    {
      // "get mothers day card": the occasion of a thing, named with how to write its day ("buy a christmas tree"
      // and "the 12 days of christmas song", after a determiner or "of", are only the thing).
      return (end, Self.leadingHolidayReason(name, timeHeld: false))
    }
    if let (end, clock) = looseHour(at: index, scan: scan, read: read) {
      return (end, "it may be a time or an amount; for the time, write \(clock)")
    }
    if let (end, clock) = hourBeforePart(at: index, scan: scan) {
      // "gym 6 in the morning": without "at", a figure before a part of the day is a dose's count as often as an hour
      // ("take 2 in the morning", which stays without a word); with no dose in the line, named.
      return (end, "it may be a time or an amount; for the time, write at \(clock)")
    }
    if let part = partOfDayAlone(at: index, scan: scan) {
      // "email the landlord in the morning": a part of the day alone may say when each day it is done, as a dose's
      // does ("take 2 in the morning", which stays without a word); named with what to write for a due time.
      return (index + 3, "it may say when in the day you do it; to be due then, write this \(part) or tomorrow \(part)")
    }
    if case .named(let day)? = TimeWords.misspelt(chunk.word) {
      // "dentist wensday", "lunch fridy": a day word misspelt past reading is named with the day it may be.
      return (
        index + 1,
        "did you mean \(day)? For " + (day.contains(" or ") ? "the day, write it in full" : "that day, write \(day)")
      )
    }
    return nil
  }

  /// Where a time phrase that opens the line ends, when a capture did not read it ("end of month invoices", "Sat
  /// clean garage", "the 3rd pay rent"): read whole it is a time, and the words after it are the task's. Nil when
  /// the phrase is the whole line, or a word is already read.
  func openingPhrase(at index: Int, text: String, scan: Scan, read: [Range<Int>]) -> (Int, String)? {
    let chunks = scan.chunks
    let whole = Scan(parser: self, chunks: chunks, careful: false)
    // "the 3rd pay rent": the "the" goes with it.
    let start = chunks[index].word == "the" ? index + 1 : index
    // "someday soon": "later" and "someday" mean no time, and stay in a title on purpose.
    guard let phrase = whole.expression(at: start, marked: false), phrase.end < chunks.count,
      !Self.isSomeday(phrase.value),
      !read.contains(where: { $0.overlaps(chunks[index].range.lowerBound..<chunks[phrase.end - 1].range.upperBound) })
    else { return nil }
    // "first aid kit", "third party audit": an ordinal in words is a title's; "the mon-fri bus pass" a range of days
    // that names a thing; "10 min after I wake up" a length before what it is counted from.
    let said = chunks[start..<phrase.end].map { $0.word }
    if (said.count == 1 && RecurrenceReader.ordinals[said[0]] != nil && !said[0].startsWithDigit)
      || said.contains("-") || chunks[phrase.end].word == "-" || ["after", "before", "later"].contains(said.last ?? "")
    {
      return nil
    }
    // "friday meeting prep": a day that names the occasion was kept on purpose, and says nothing more. Not after a
    // count ahead ("in 2 weeks on friday demo"): those words name no thing.
    let countedAhead = ["in", "within"].contains(said[0])
    if !countedAhead, let kept = scan.expression(at: start, marked: false),
      scan.describesNext(kept) || scan.carriesOnName(kept) || scan.capitalisedName(kept) || scan.countsDose(kept)
    {
      return nil
    }
    // The day's own words for the hint: "on the 3rd pay" is written "by the 3rd".
    var first = start > index ? index : phrase.first
    while first < phrase.end - 1,
      ["on", "at", "@"].contains(chunks[first].word) || TimeWords.approximately.contains(chunks[first].word)
    { first += 1 }
    let words = String(Array(text)[chunks[first].range.lowerBound..<chunks[phrase.end - 1].range.upperBound])
      .lowercased()
    return (
      phrase.end,
      words.allSatisfy(\.isNumber)
        ? "it may be an hour or a count; for the hour, write at \(words)am or at \(words)pm"
        : "it opens the line, where it may name the thing rather than the day; to be due then, write "
          + (countedAhead ? "" : "by ") + "\(words) at the end of the line"
    )
  }

  /// A figure after "at", "around" or "about" that a capture did not read, and how to write it as a time: four
  /// figures on a 24-hour clock ("call the bank at 1030": 10:30, or a price), or an hour alone after "around" or
  /// "about" where the line ends or opens ("call around 4", "roughly 5 call": 5pm, or how many).
  private func looseHour(at index: Int, scan: Scan, read: [Range<Int>]) -> (Int, String)? {
    let chunks = scan.chunks
    let marker = chunks[index].word
    guard marker == "at" || marker == "@" || TimeWords.approximately.contains(marker) else { return nil }
    var figure = index + 1
    if figure < chunks.count, TimeWords.approximately.contains(chunks[figure].word) { figure += 1 }
    guard figure < chunks.count, !chunks[index].punctuated, !read.contains(where: chunks[figure].range.overlaps),
      let word = scan.word(figure), word.allSatisfy(\.isNumber), let number = Int(word)
    else { return nil }
    let words = chunks[index..<figure].map(\.word).joined(separator: " ")
    if word.count == 4, ClockTime(hour: number / 100, minute: number % 100) != nil {
      return (figure + 1, "\(words) \(word.prefix(2)):\(word.suffix(2))")
    }
    let ends = figure + 1 == chunks.count || chunks[figure].punctuated
    // "roughly 5 call", "about 4 pick up kids": opening the line, it may be when as much as how many.
    guard marker != "at", ends || index == 0, (1...12).contains(number) else { return nil }
    return (figure + 1, "\(words) \(number)pm or \(words) \(number)am")
  }

  /// The part of the day in "in the morning" at `index` that ends the line or its part with no day beside it and no
  /// count before it (a dose: "take 2 in the morning", "inhaler 2 puffs in the morning").
  private func partOfDayAlone(at index: Int, scan: Scan, counted allowed: Bool = false) -> String? {
    let chunks = scan.chunks
    guard chunks[index].word == "in", scan.word(index + 1) == "the", let part = scan.word(index + 2),
      ["morning", "afternoon", "evening"].contains(part), index + 3 == chunks.count || chunks[index + 2].punctuated
    else { return nil }
    let counted = chunks[max(0, index - 2)..<index].contains {
      $0.word.startsWithDigit || TimeWords.hourWords[$0.word] != nil || $0.word == "half"
    }
    return counted && !allowed ? nil : part
  }

  /// A bare hour (1 to 12) at `index` before "in the morning", "in the afternoon" or "in the evening" that ends the
  /// line, in a line with no word of a dose: where the words end, and how to write the time ("6 in the morning").
  private func hourBeforePart(at index: Int, scan: Scan) -> (Int, String)? {
    let chunks = scan.chunks
    guard let figure = scan.word(index), Self.isBareHour(figure), let hour = Int(figure), (1...12).contains(hour),
      index == 0 || !["at", "@"].contains(chunks[index - 1].word), index + 1 < chunks.count,
      partOfDayAlone(at: index + 1, scan: scan, counted: true) != nil,
      !chunks.contains(where: { TimeWords.doseWords.contains($0.word) })
    else { return nil }
    return (index + 4, "\(figure) in the \(chunks[index + 3].word)")
  }
}
