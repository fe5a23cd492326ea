import StrideBase

/// The claims only the day scenario's answers make: an energy learned from the person's finishes, and a time fitted
/// to their calendar. Each is checked against the person's own truth, not against what the daemon said.
extension ClaimChecker {
  /// "matches the medium energy you usually have now", "easy for the high energy you usually have now": holds when
  /// no energy is set, the person's true energy at this hour is that level, and the task needs it (or less).
  func learnedEnergy(_ phrase: String) -> Verdict {
    let words = phrase.split(separator: " ")
    guard let the = words.firstIndex(of: "the"), words.indices.contains(the + 1),
      let level = EnergyLevel(rawValue: String(words[the + 1]))
    else { return .unknown }
    guard record.personEnergy == nil, let lived = record.lived else { return .fails("the person set their energy") }
    guard level == lived.trueEnergy else {
      return .fails("the person's energy at this hour is \(lived.trueEnergy.rawValue)")
    }
    if phrase.hasPrefix("matches") {
      return task.energy == level ? .holds : .fails("the task needs \(task.energy.rawValue) energy")
    }
    return task.energy < level ? .holds : .fails("the task needs \(task.energy.rawValue) energy")
  }

  /// "fits the time before 'standup'": holds when that is the person's next meeting, within four hours, and the
  /// estimate with the planning fallacy's slack (1.5×) fits in the minutes free before it.
  func fitsCalendar(_ phrase: String) -> Verdict {
    guard let lived = record.lived, lived.calendarGiven, let free = lived.free, let next = lived.next else {
      return .fails("the person has no meeting within four hours")
    }
    guard phrase == "fits the time before '\(next)'" else { return .fails("the next meeting is '\(next)'") }
    guard let estimate = task.estimate else { return .fails("it has no estimate") }
    return Double(estimate) * 1.5 <= Double(free)
      ? .holds : .fails("its estimate \(estimate) min, with slack \(Double(estimate) * 1.5), is over \(free)")
  }
}

extension ClaimChecker {
  /// "back on its own since today at 15:00" with an energy learned: the daemon brings a task put off for lack of
  /// energy back at an hour the person usually has enough for it. Holds when the phrase names an o'clock time after
  /// the deferral, within a week, at which the person truly has the energy the task needs, and nothing changed the
  /// task since.
  func backByRhythm(_ phrase: String, _ last: DeferralTruth, _ lived: DayMoment) -> Verdict {
    let firstHour = (last.at / 3600 + 1) * 3600
    let named = Array(stride(from: firstHour, through: min(record.hi, last.at + 7 * 86_400), by: 3600)).last { hour in
      [record.lo, record.hi].contains { "back on its own since " + TimeWords.describe(hour, now: $0) == phrase }
    }
    guard let back = named else { return .fails("it names no hour after the deferral, within a week") }
    if task.lastChange > last.at { return .fails("it was changed at \(TimeWords.stamp(task.lastChange)), after") }
    let energy = lived.energy(at: back)
    return task.energy <= energy
      ? .holds : .fails("back at \(TimeWords.stamp(back)), when the person's energy is \(energy.rawValue)")
  }
}
