import Foundation
import StrideBase

/// An hour said without am or pm ("dinner at 7", "gym at 8", "standup at 9:30"): which half of the day it is. One
/// rule for every place a time is typed: a capture's line, `stride when`, and the options that take a time
/// (`--until`, `--due`, `--start`, `--at`); only a routine's hour (the same every day) and `--since` (which looks
/// back) read the hour as said.
///
/// The phrase's own day part decides first ("7 in the evening", "tonight at 7"). Then a word of the line that says
/// when in the day the thing happens: a meal or an evening thing ("dinner at 7", "drinks friday at 8") is the
/// evening's (not when it is bought or booked: "concert tickets at 9"), breakfast the morning's (5 to 11), lunch as
/// the hour is said, and a thing of the working day ("standup", "meeting", "class", "shift") as the hour is said
/// too, unless a word above says otherwise ("night shift at 10"). Otherwise 1 to 6 are the afternoon's and 7 to 11
/// the morning's, and a morning hour with no day that has already passed today is the evening's, the next time that
/// hour comes round within twelve hours ("call mum at 7" typed at 10:54 is 19:00 today, never 07:00 tomorrow) —
/// except a time written to the minute that passed less than six hours ago, a timetable's time just missed
/// ("standup at 9:30" typed at 10:54 is tomorrow's 09:30, not 21:30), and an hour a word leans to the day.
extension Scan {
  /// What the words of a line say of the time of day of what it names.
  enum Leaning {
    /// Breakfast and the morning: an hour as said, 1 to 11 in the morning.
    case morning
    /// Lunch: an hour as the usual rule reads it (11 am, 1 pm), never moved to the evening.
    case midday
    /// A meal or an outing of the evening: 1 to 11 are pm.
    case evening
    /// A thing of the working or school day ("standup", "meeting", "class", "shift"): an hour as the usual rule reads
    /// it, never moved to the evening, so one that has passed is the next day's. The weakest leaning: any word above
    /// wins over it ("night shift at 10" is 22:00, "breakfast meeting at 7:30" 07:30).
    case daytime
  }

  /// What became of a morning hour said without am or pm, with no day, that had already passed today.
  enum PassedHour {
    /// The evening's, the next time it comes round ("at 7" at 10:54 is 19:00).
    case evening
    /// A time to the minute that passed less than six hours ago: tomorrow's ("at 9:30" at 10:54).
    case justMissed
    /// The start of a range on a 24-hour clock that has begun today: tomorrow's ("8:00-20:30" at 9:06).
    case startedRange
  }

  /// The leaning of the line's words outside the phrase from `first` to `end`; nil when none says one. Where words
  /// of two leanings meet ("lunch or dinner at 7") nothing is chosen; a word of the working day counts only where no
  /// other word leans.
  func leaning(outside first: Int, _ end: Int) -> Leaning? {
    var found: Leaning?
    var daytime = false
    for (index, chunk) in chunks.enumerated() where index < first || index >= end {
      guard !chunk.protected, let leaning = TimeWords.leanings[chunk.word] else { continue }
      // "concert tickets", "a dinner reservation": the thing is bought or booked, at whatever hour that is done.
      if let next = word(index + 1), TimeWords.bookedThings.contains(next) { continue }
      if leaning == .daytime {
        daytime = true
        continue
      }
      if let found, found != leaning { return nil }
      found = leaning
    }
    return found ?? (daytime ? .daytime : nil)
  }
}

extension Scan {
  /// Whether a time of day by name comes right after a count, as doses are written: "take 2 in the morning, 1 at
  /// night" says how many, not when ("at 7 at night" names an hour, and is read).
  func countsDose(_ phrase: Phrase) -> Bool {
    guard careful, phrase.dayless, phrase.first > 0, !chunks[phrase.first - 1].punctuated,
      let count = word(phrase.first - 1),
      count.allSatisfy(\.isNumber) || TimeWords.hourWords[count] != nil || count == "half"
    else { return false }
    if phrase.first > 1, ["at", "@"].contains(chunks[phrase.first - 2].word) { return false }
    return chunks[phrase.first..<phrase.end].allSatisfy {
      TimeWords.dayParts[$0.word] != nil || ["at", "in", "the", "during"].contains($0.word)
    }
  }
}

extension Scan.Reading {
  /// The clock time of an hour said without am or pm, by the leaning of the line (`Scan.Leaning`), or nil for a
  /// phrase with its own day part or am or pm.
  func leanedClock(_ leaning: Scan.Leaning?) -> ClockTime? {
    guard afternoon == nil, let (hour, minutes) = hourSaid, (1...11).contains(hour) else { return nil }
    switch leaning {
    case .evening?: return Scan.clock(forHour: hour, minutes: minutes, afternoon: true)
    // Breakfast at 5 is early, at 2 it is no breakfast: the morning's words lean only the morning's hours.
    case .morning?: return hour >= 5 ? Scan.clock(forHour: hour, minutes: minutes, afternoon: false) : nil
    case .midday?, .daytime?, nil: return nil
    }
  }

  /// The hour and minutes said without am or pm: an hour ("at 7", "half past 7") or a clock under 13 ("at 7:30").
  var hourSaid: (Int, Int)? {
    if let hour { return (hour.0, hour.minutes) }
    if let clock, loose { return (clock.hour, clock.minute) }
    return nil
  }

  /// A morning hour said without am or pm and without a day that has already passed today, in words that look
  /// ahead: the evening's, when that is still to come ("at 7" at 10:54 is 19:00). nil when the hour is still ahead,
  /// was said with a leaning, or the evening's has passed too (then it is tomorrow morning's, the next time it comes
  /// round); `.justMissed` for a time written to the minute that passed less than six hours ago ("at 9:30" at
  /// 10:54): a timetable's time, just missed, is tomorrow's, never moved twelve hours on.
  func passedMorning(
    _ time: ClockTime, leaning: Scan.Leaning?, today: CivilDate, calendar: LocalCalendar, after: Date
  ) -> (at: Date, reading: Scan.PassedHour)? {
    guard leaning == nil, afternoon == nil, let (hour, minutes) = hourSaid, (7...11).contains(hour), minutes >= 0,
      time.hour == hour, calendar.date(today, time) <= after,
      let later = ClockTime(hour: time.hour + 12, minute: time.minute)
    else { return nil }
    let evening = calendar.date(today, later)
    guard evening > after else { return nil }
    if let clock, loose, clock.minute != 0, after.timeIntervalSince(calendar.date(today, time)) < Seconds.hours(6) {
      return (calendar.date(today.adding(days: 1), time), .justMissed)
    }
    return (evening, .evening)
  }
}
