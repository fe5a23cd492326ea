import StrideBase

/// Checks one suggestion's why phrases against what the person knows: the task as captured, what they did to it,
/// the energy they set, the minutes they gave and what they were shown before. Each phrase is read by its form
/// (Docs/context-engine.md, "The why"); a form it does not know is `unknown`, not false.
struct ClaimChecker {
  let task: TaskTruth
  let kind: SuggestionKind
  let record: QueryRecord
  /// Open tasks that wait on this one (`blocked --on`).
  let waitsOn: Int

  /// The kind of claim, and whether it holds.
  func check(_ phrase: String) -> (String, Verdict) {
    switch phrase {
    case "pinned": return ("pinned", .fails("the person never pinned a task"))
    case "an obligation", "one of your goals": return ("type", type(phrase))
    case "you just finished a step": return ("steps", justFinished())
    case "another task waits on it": return ("waits-on", waits(1))
    case "back at the time you chose": return ("back", backAtChosenTime())
    case "back now your energy is up":
      // Counted apart when the energy was unknown at the deferral: "up" then rests on reading unknown as low.
      let unknownThen = task.deferrals.last.map { $0.reason == .noEnergy && $0.energy == nil } ?? false
      return (unknownThen ? "back, energy unknown then" : "back", backWithEnergy())
    case "a 15-minute start":
      return ("first-15", kind == .firstFifteen && record.timeGiven == nil ? .holds : .fails(firstFifteenWhy))
    case "the first 15 min fit your time":
      return ("first-15", kind == .firstFifteen && (record.timeGiven ?? 0) >= 15 ? .holds : .fails(firstFifteenWhy))
    default: break
    }
    // Only the day scenario's person has a rhythm and a calendar to check these against; the default person's
    // lapsed energy lets a learned one speak too, and its claims stay unknown.
    if record.lived != nil, phrase.hasSuffix(" energy you usually have now") {
      return ("learned-energy", learnedEnergy(phrase))
    }
    if record.lived != nil, phrase.hasPrefix("fits the time before ") { return ("time-fit", fitsCalendar(phrase)) }
    if phrase.hasPrefix("matches your ") || phrase.hasPrefix("easy for your ") { return ("energy", energy(phrase)) }
    if phrase.hasPrefix("due ") || phrase.hasPrefix("was due ") || phrase.hasPrefix("overdue since ") {
      return ("due", deadline(phrase))
    }
    if phrase.hasPrefix("added ") { return ("added", timed(phrase) { TimeWords.added(task.createdAt, now: $0) }) }
    if phrase.hasSuffix(" steps done") { return ("steps", steps(phrase)) }
    if phrase.hasSuffix(" tasks wait on it"), let count = Int(phrase.prefix { $0.isNumber }) {
      return ("waits-on", waits(count))
    }
    if phrase.hasPrefix("back on its own since ") { return ("back", backOnItsOwn(phrase)) }
    if phrase.hasPrefix("you asked to check on it ") { return ("check", askedCheck(phrase)) }
    if phrase.hasPrefix("a check-in on what blocked it, ") { return ("check", checkIn(phrase)) }
    if phrase.hasPrefix("fits your ") { return ("time-fit", fits(phrase)) }
    if Self.isDuration(phrase) { return ("estimate", estimate(phrase)) }
    if phrase.hasPrefix("not shown") { return ("not-shown", notShown(phrase)) }
    if phrase.hasPrefix("its turn after ") { return ("turn", turn(phrase)) }
    return ("unknown", .unknown)
  }

  /// Holds when the phrase is what the promise says at one end of the instants the call spanned.
  func timed(_ phrase: String, _ expected: (Instant) -> String) -> Verdict {
    let early = expected(record.lo)
    let late = expected(record.hi)
    if phrase == early || phrase == late { return .holds }
    return .fails("expected \"\(early)\"")
  }

  func type(_ phrase: String) -> Verdict {
    let claimed: TaskType = phrase == "an obligation" ? .obligation : .goal
    return task.type == claimed ? .holds : .fails("it is a \(task.type.rawValue)")
  }

  func energy(_ phrase: String) -> Verdict {
    let word = phrase.split(separator: " ").dropLast().last.map(String.init) ?? ""
    guard let set = record.personEnergy else { return .fails("no energy is set (never today, or it lapsed)") }
    guard word == set.rawValue else { return .fails("the energy set is \(set.rawValue)") }
    if phrase.hasPrefix("matches") {
      return task.energy == set ? .holds : .fails("the task needs \(task.energy.rawValue) energy")
    }
    return task.energy < set ? .holds : .fails("the task needs \(task.energy.rawValue) energy")
  }

  func deadline(_ phrase: String) -> Verdict {
    guard let due = task.due else { return .fails("it has no due time") }
    return timed(phrase) { TimeWords.deadline(due, now: $0) }
  }

  func steps(_ phrase: String) -> Verdict {
    let numbers = phrase.split(separator: " ").compactMap { Int($0) }
    guard numbers.count == 2 else { return .unknown }
    return numbers == [task.stepsDone, task.steps.count]
      ? .holds : .fails("\(task.stepsDone) of \(task.steps.count) steps are done")
  }

  func justFinished() -> Verdict {
    let recent = task.steps.contains { step in step.doneAt.map { record.lo - $0 <= 3 * 3600 } ?? false }
    return recent ? .holds : .fails("no step was done in the last 3 hours")
  }

  func waits(_ count: Int) -> Verdict {
    waitsOn == count ? .holds : .fails("\(waitsOn) open tasks wait on it")
  }

  var firstFifteenWhy: String {
    "offered as \(kind.rawValue), minutes \(record.timeGiven.map(String.init) ?? "not given")"
  }

  func fits(_ phrase: String) -> Verdict {
    guard let minutes = record.minutes else { return .fails("no minutes were given") }
    guard phrase == "fits your \(TimeWords.minutes(minutes))" else { return .fails("the minutes given are \(minutes)") }
    guard let estimate = task.estimate else { return .fails("it has no estimate") }
    return Double(estimate) * 1.5 <= Double(minutes)
      ? .holds : .fails("its estimate \(estimate) min, with slack \(Double(estimate) * 1.5), is over \(minutes)")
  }

  func estimate(_ phrase: String) -> Verdict {
    guard let estimate = task.estimate else { return .fails("it has no estimate") }
    return phrase == TimeWords.minutes(estimate) ? .holds : .fails("its estimate is \(TimeWords.minutes(estimate))")
  }

  /// "10 min", "1 hr", "1 hr 30 min".
  static func isDuration(_ phrase: String) -> Bool {
    let words = phrase.split(separator: " ")
    guard words.count == 2 || words.count == 4 else { return false }
    return Int(words[0]) != nil && (words[1] == "min" || words[1] == "hr")
  }

  /// "not shown for N days" / "not shown since it was added N days ago": in no plain answer in the previous N days
  /// (a day either way at the edge).
  func notShown(_ phrase: String) -> Verdict {
    guard let days = phrase.split(separator: " ").compactMap({ Int($0) }).first else { return .unknown }
    if phrase.contains("since it was added") {
      guard task.shownAt.isEmpty else { return .fails("it was shown \(TimeWords.stamp(task.shownAt.last ?? 0))") }
      let age = CivilDay(record.lo).number - CivilDay(task.createdAt).number
      return abs(age - days) <= 1 ? .holds : .fails("it was added \(age) days ago")
    }
    let since = record.lo - (days - 1) * 86_400
    if let last = task.shownAt.last, last > since { return .fails("it was shown \(TimeWords.stamp(last))") }
    if task.shownAt.isEmpty, record.lo - task.createdAt < (days - 1) * 86_400 {
      return .fails("it was added \(TimeWords.stamp(task.createdAt))")
    }
    return .holds
  }

  /// "its turn after N days out of view": N calendar days (a day either way) since it was last shown before today,
  /// last put off, or added, whichever is latest.
  func turn(_ phrase: String) -> Verdict {
    guard let days = phrase.split(separator: " ").compactMap({ Int($0) }).first else { return .unknown }
    let today = CivilDay(record.lo).number
    let shown = task.shownAt.last { CivilDay($0).number < today }
    let since = [shown, task.deferrals.last?.at, task.createdAt].compactMap { $0 }.max() ?? task.createdAt
    let actual = today - CivilDay(since).number
    return abs(actual - days) <= 1 ? .holds : .fails("out of view since \(TimeWords.stamp(since)), \(actual) days")
  }
}
