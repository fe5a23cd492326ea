import StrideBase

/// The claims about a deferral that ended or a wait that came due: true only when the last deferral the person made
/// ended as said, and nothing changed the task since.
extension ClaimChecker {
  /// The last deferral, or why there is none to speak of.
  private var last: DeferralTruth? { task.deferrals.last }

  private func describe(_ deferral: DeferralTruth) -> String {
    var words = "its last deferral was \(deferral.reason.rawValue)"
    if let on = deferral.on { words += " on task \(on)" }
    if let until = deferral.until { words += " until \(TimeWords.stamp(until))" }
    return words + " (\(TimeWords.stamp(deferral.at)))"
  }

  /// Nil when nothing changed the task after its last deferral, else why that matters.
  private func changedSince(_ deferral: DeferralTruth) -> Verdict? {
    task.lastChange > deferral.at ? .fails("it was changed at \(TimeWords.stamp(task.lastChange)), after") : nil
  }

  func backAtChosenTime() -> Verdict {
    guard let last else { return .fails("it was never deferred") }
    guard last.reason == .wrongTime || last.reason == .noEnergy, let until = last.until else {
      return .fails(describe(last))
    }
    guard until <= record.hi else { return .fails("\(describe(last)): its time has not come") }
    guard record.lo - until <= 86_400 else { return .fails("\(describe(last)): that was more than a day ago") }
    return changedSince(last) ?? .holds
  }

  func backWithEnergy() -> Verdict {
    guard let last else { return .fails("it was never deferred") }
    guard last.reason == .noEnergy, last.until == nil else { return .fails(describe(last)) }
    let then = last.energy ?? .low
    guard let now = record.personEnergy, now > then else {
      return .fails(
        "the energy is \(record.personEnergy?.rawValue ?? "unknown"), at the deferral \(last.energy?.rawValue ?? "unknown")"
      )
    }
    return changedSince(last) ?? .holds
  }

  func backOnItsOwn(_ phrase: String) -> Verdict {
    guard let last else { return .fails("it was never deferred") }
    guard last.reason == .noEnergy, last.until == nil else { return .fails(describe(last)) }
    if let lived = record.lived { return backByRhythm(phrase, last, lived) }
    let back = TimeWords.dayStart(after: 86_400, from: last.at)
    guard back <= record.hi else { return .fails("its fallback, \(TimeWords.stamp(back)), has not come") }
    if let changed = changedSince(last) { return changed }
    return timed(phrase) { "back on its own since " + TimeWords.describe(back, now: $0) }
  }

  func askedCheck(_ phrase: String) -> Verdict {
    guard let last else { return .fails("it was never deferred") }
    guard last.reason == .blocked, last.on == nil, let until = last.until else {
      return .fails("the person gave no time to check: \(describe(last))")
    }
    guard task.waiting else { return .fails("it is not waiting") }
    guard until <= record.hi else { return .fails("the time, \(TimeWords.stamp(until)), has not come") }
    return timed(phrase) { "you asked to check on it " + TimeWords.describe(until, now: $0) }
  }

  func checkIn(_ phrase: String) -> Verdict {
    guard let last else { return .fails("it was never deferred") }
    guard last.reason == .blocked, last.on == nil, last.until == nil else {
      return .fails("Stride set no check-in: \(describe(last))")
    }
    guard task.waiting else { return .fails("it is not waiting") }
    let expected = TimeWords.checkIn(from: last.at, due: task.due)
    if let followUp = task.followUp, followUp != expected {
      return .fails(
        "the daemon set the check-in at \(TimeWords.stamp(followUp)); the rule gives \(TimeWords.stamp(expected))")
    }
    guard expected <= record.hi else { return .fails("the check-in, \(TimeWords.stamp(expected)), has not come") }
    return timed(phrase) { "a check-in on what blocked it, " + TimeWords.describe(expected, now: $0) }
  }
}
